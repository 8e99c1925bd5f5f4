//! Notifications, announcements and inboxes, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::announcement::{AnnouncementEvent, AnnouncementSent};
use event_schemas::inbox::{InboxEvent, InboxMarkedRead};
use event_schemas::notification::{
    NotificationCreated, NotificationDeleted, NotificationEvent, NotificationReadChanged, Severity,
};
use event_schemas::{NotificationId, OrganizationId, UserId, WorkspaceId};
use uuid::Uuid;

use super::*;

const NOTE: NotificationId =
    NotificationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0d01));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const BEN: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c25));
const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c11));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ANNOUNCEMENT: Uuid = Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a01);

fn created() -> NotificationCreated {
    NotificationCreated {
        notification_id: NOTE,
        recipient_id: ADA,
        title: "Report ready".into(),
        message: "Your trial balance is ready.".into(),
        severity: Severity::Success,
        kind: "report_ready".into(),
        link: Some("/accounting/downloads".into()),
        organization_id: Some(ORGANIZATION),
        workspace_id: Some(WORKSPACE),
        cause_position: Some(42),
        created_by: None,
        subject: None,
    }
}

fn raised() -> NotificationEvent {
    NotificationEvent::NotificationCreated(created())
}

fn read_changed(read: bool) -> NotificationEvent {
    NotificationEvent::NotificationReadChanged(NotificationReadChanged {
        notification_id: NOTE,
        recipient_id: ADA,
        read,
    })
}

fn deleted() -> NotificationEvent {
    NotificationEvent::NotificationDeleted(NotificationDeleted {
        notification_id: NOTE,
        recipient_id: ADA,
    })
}

fn notification() -> TestFramework<Notification> {
    TestFramework::with(())
}

#[test]
fn a_rule_raises_a_notification_once() {
    let raise = || RaiseNotification { created: created() }.into();
    notification()
        .given_no_previous_events()
        .when(raise())
        .then_expect_events(vec![raised()]);
    notification()
        .given(vec![raised()])
        .when(raise())
        .then_expect_error(NotificationError::AlreadyRaised);
}

#[test]
fn the_recipient_marks_a_notification_read_and_unread_again() {
    let change = |read| ChangeRead { actor: ADA, read }.into();
    notification()
        .given(vec![raised()])
        .when(change(true))
        .then_expect_events(vec![read_changed(true)]);
    notification()
        .given(vec![raised(), read_changed(true)])
        .when(change(false))
        .then_expect_events(vec![read_changed(false)]);
}

#[test]
fn marking_an_already_read_notification_read_writes_nothing() {
    notification()
        .given(vec![raised(), read_changed(true)])
        .when(
            ChangeRead {
                actor: ADA,
                read: true,
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn someone_elses_notification_is_not_found() {
    notification()
        .given(vec![raised()])
        .when(
            ChangeRead {
                actor: BEN,
                read: true,
            }
            .into(),
        )
        .then_expect_error(NotificationError::NotFound);
    notification()
        .given(vec![raised()])
        .when(DeleteNotification { actor: BEN }.into())
        .then_expect_error(NotificationError::NotFound);
}

#[test]
fn a_deleted_notification_is_not_found_and_never_raised_again() {
    notification()
        .given(vec![raised(), deleted()])
        .when(
            ChangeRead {
                actor: ADA,
                read: true,
            }
            .into(),
        )
        .then_expect_error(NotificationError::NotFound);
    notification()
        .given(vec![raised(), deleted()])
        .when(RaiseNotification { created: created() }.into())
        .then_expect_error(NotificationError::AlreadyRaised);
}

#[test]
fn a_notification_as_the_inbox_shows_it_decides_like_its_stream() {
    // An announced notification's stream starts with its first read mark; the inbox row
    // (recipient from the announcement, read mark from "mark all as read") is its state.
    let shown = Notification::as_shown(NOTE, ADA, true);
    assert_eq!(
        shown.decide(
            ChangeRead {
                actor: ADA,
                read: false
            }
            .into()
        ),
        Ok(vec![read_changed(false)])
    );
    assert_eq!(
        shown.decide(
            ChangeRead {
                actor: BEN,
                read: false
            }
            .into()
        ),
        Err(NotificationError::NotFound)
    );
}

fn content() -> Content {
    announcement("Quarter close", "Post your accruals by Friday.", None, None).expect("valid")
}

fn send(recipients: Vec<UserId>) -> SendAnnouncement {
    SendAnnouncement {
        announcement_id: ANNOUNCEMENT,
        recipients,
        content: content(),
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        sent_by: ADA,
    }
}

fn sent() -> AnnouncementEvent {
    AnnouncementEvent::AnnouncementSent(AnnouncementSent {
        announcement_id: ANNOUNCEMENT,
        recipients: vec![ADA, BEN],
        title: "Quarter close".into(),
        message: "Post your accruals by Friday.".into(),
        severity: Severity::Info,
        link: None,
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        sent_by: ADA,
    })
}

#[test]
fn an_announcement_reaches_every_recipient_in_one_event_and_is_sent_once() {
    let given = || TestFramework::<Announcement>::with(());
    given()
        .given_no_previous_events()
        .when(send(vec![ADA, BEN]))
        .then_expect_events(vec![sent()]);
    given()
        .given(vec![sent()])
        .when(send(vec![ADA, BEN]))
        .then_expect_error(NotificationError::AlreadySent);
}

#[test]
fn an_announcement_to_nobody_is_refused() {
    TestFramework::<Announcement>::with(())
        .given_no_previous_events()
        .when(send(Vec::new()))
        .then_expect_error(NotificationError::NoRecipients);
}

fn marked(up_to_position: i64) -> InboxEvent {
    InboxEvent::InboxMarkedRead(InboxMarkedRead {
        recipient_id: ADA,
        up_to_position,
    })
}

fn mark(up_to_position: i64) -> InboxCommand {
    MarkAllRead {
        recipient: ADA,
        up_to_position,
    }
    .into()
}

#[test]
fn mark_all_read_reaches_the_newest_notification_seen() {
    TestFramework::<Inbox>::with(())
        .given(vec![marked(10)])
        .when(mark(25))
        .then_expect_events(vec![marked(25)]);
}

#[test]
fn mark_all_read_that_reaches_no_further_writes_nothing() {
    TestFramework::<Inbox>::with(())
        .given(vec![marked(25)])
        .when(mark(25))
        .then_expect_events(vec![]);
    TestFramework::<Inbox>::with(())
        .given(vec![marked(25)])
        .when(mark(10))
        .then_expect_events(vec![]);
}
