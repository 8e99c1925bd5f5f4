//! Every aggregate on the runner decides on streams written by older versions of its
//! events: each test stores the first version's fixture exactly as it was once written
//! (from `event-schemas/fixtures`) and runs a command on it, on SQLite and Postgres.

use std::str::FromStr;

use chrono::NaiveDate;
use commands::{Runner, Unit};
use domain::audit_session::{AuditSession, AuditSessionError, SessionStatus, SignOffSession};
use domain::billing::{Billing, BillingError, Cancel};
use domain::continuous_audit::{Configure, ContinuousAudit, Settings};
use domain::fact::Facts;
use domain::notification::{
    announcement, Announcement, ChangeRead, Inbox, MarkAllRead, Notification, NotificationError,
    RaiseNotification, SendAnnouncement,
};
use domain::report::{DeleteReport, RecordOutcome, Report, ReportError, ReportStatus};
use event_schemas::audit_session::SignOffRole;
use event_schemas::read_model::ReadModelEvent;
use event_schemas::report::ReportFailed;
use event_schemas::{OrganizationId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde_json::Value;
use store::backend::AppendRequest;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventMetadata, EventStore, NewEvent};

/// The fixture's `type` tag is the event enum's; the log names the event by its type.
fn fixture(text: &str) -> Value {
    serde_json::from_str(text).expect("fixture")
}

/// Appends `events` (type, version, payload) to stream `id` of `aggregate_type` as an
/// old release wrote them.
async fn written_long_ago(
    store: &EventStore,
    aggregate_type: &str,
    id: &str,
    events: Vec<(&str, &str, Value)>,
) {
    let events = events
        .into_iter()
        .enumerate()
        .map(|(i, (event_type, event_version, payload))| NewEvent {
            aggregate_type: aggregate_type.into(),
            aggregate_id: id.into(),
            sequence: i as i64 + 1,
            event_type: event_type.into(),
            event_version: event_version.into(),
            payload,
            metadata: EventMetadata::default().to_value(),
        })
        .collect();
    store
        .append(AppendRequest::new(events))
        .await
        .expect("append old events");
}

async fn stores(backend: Backend) -> (TestDatabase, EventStore) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    (t, store)
}

const SESSION: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0a01";
/// The performer of the fixtures.
const PERFORMER: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0c22";

async fn an_audit_session_of_v1_events_is_in_review_and_refuses_its_performer_as_reviewer(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    written_long_ago(
        &store,
        "AuditSession",
        SESSION,
        vec![
            (
                "AuditSessionOpened",
                "1.0",
                fixture(include_str!(
                    "../../event-schemas/fixtures/audit_session/AuditSessionOpened.v1.0.json"
                )),
            ),
            (
                "AuditSessionSignedOff",
                "1.0",
                fixture(include_str!(
                    "../../event-schemas/fixtures/audit_session/AuditSessionSignedOff.v1.0.json"
                )),
            ),
        ],
    )
    .await;
    let sign_off = |by: &str| SignOffSession {
        role: SignOffRole::Reviewer,
        by: UserId::from_str(by).expect("id"),
        on: NaiveDate::from_ymd_opt(2027, 2, 15).expect("date"),
        conclusion: String::new(),
    };

    let session = runner.load::<AuditSession>(SESSION).await.expect("load");
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let by_performer = session.state.decide(sign_off(PERFORMER).into());
    let by_reviewer = unit.decide(
        &session,
        sign_off("0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0c23").into(),
    );

    assert_eq!(session.state.status(), SessionStatus::InReview);
    assert_eq!(by_performer, Err(AuditSessionError::ReviewerIsPerformer));
    assert!(by_reviewer.is_ok(), "{by_reviewer:?}");
    unit.commit(&runner).await.expect("commit");
    let signed = runner.load::<AuditSession>(SESSION).await.expect("reload");
    assert_eq!(signed.state.status(), SessionStatus::SignedOff);
    t.cleanup().await;
}

const WORKSPACE: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0c33";

async fn monitoring_configured_by_a_v1_event_is_in_force_and_changes_on_top_of_it(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    written_long_ago(
        &store,
        "ContinuousAudit",
        WORKSPACE,
        vec![(
            "ContinuousAuditConfigured",
            "1.0",
            fixture(include_str!(
                "../../event-schemas/fixtures/continuous_audit/ContinuousAuditConfigured.v1.0.json"
            )),
        )],
    )
    .await;
    let monitoring = runner
        .load::<ContinuousAudit>(WORKSPACE)
        .await
        .expect("load");
    let in_force = monitoring.state.settings().clone();
    let configure = |settings: Settings| Configure {
        workspace_id: WorkspaceId::from_str(WORKSPACE).expect("id"),
        settings,
        by: UserId::from_str(PERFORMER).expect("id"),
    };

    let same = monitoring.state.decide(configure(in_force.clone()).into());
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let off = unit.decide(
        &monitoring,
        configure(Settings {
            enabled: false,
            ..in_force.clone()
        })
        .into(),
    );

    assert!(in_force.enabled);
    assert_eq!(in_force.materiality, Some(Decimal::new(5_000_000, 2)));
    assert_eq!(
        same,
        Ok(Vec::new()),
        "the same settings again write nothing"
    );
    assert_eq!(off.map(|events| events.len()), Ok(1));
    unit.commit(&runner).await.expect("commit");
    let now = runner
        .load::<ContinuousAudit>(WORKSPACE)
        .await
        .expect("reload");
    assert!(!now.state.settings().enabled);
    t.cleanup().await;
}

const REPORT: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0c11";
const REPORT_WORKSPACE: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0b02";

async fn a_report_generated_under_v1_events_takes_no_second_outcome_and_is_deleted_in_its_workspace(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    written_long_ago(
        &store,
        "Report",
        REPORT,
        vec![
            (
                "ReportRequested",
                "1.0",
                fixture(include_str!(
                    "../../event-schemas/fixtures/report/ReportRequested.v1.0.json"
                )),
            ),
            (
                "ReportGenerated",
                "1.0",
                fixture(include_str!(
                    "../../event-schemas/fixtures/report/ReportGenerated.v1.0.json"
                )),
            ),
        ],
    )
    .await;
    let workspace = WorkspaceId::from_str(REPORT_WORKSPACE).expect("id");
    let report = runner.load::<Report>(REPORT).await.expect("load");

    let second = report.state.decide(
        RecordOutcome::Failed(ReportFailed {
            report_id: REPORT.parse().expect("id"),
            workspace_id: workspace,
            reason: "late".into(),
        })
        .into(),
    );
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let deleted = unit.decide(
        &report,
        DeleteReport {
            workspace_id: workspace,
            by: UserId::from_str(PERFORMER).expect("id"),
        }
        .into(),
    );

    assert_eq!(report.state.status(), Some(ReportStatus::Ready));
    assert_eq!(second, Err(ReportError::AlreadyFinished("ready")));
    assert!(deleted.is_ok(), "{deleted:?}");
    unit.commit(&runner).await.expect("commit");
    t.cleanup().await;
}

const ORGANIZATION: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0b01";
const SUBSCRIPTION: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0d33";

async fn a_subscription_paid_under_v1_events_is_in_force_and_is_cancelled_on_top_of_it(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    let fixtures = [
        (
            "PaymentInitiated",
            include_str!("../../event-schemas/fixtures/subscription/PaymentInitiated.v1.0.json"),
        ),
        (
            "PaymentSucceeded",
            include_str!("../../event-schemas/fixtures/subscription/PaymentSucceeded.v1.0.json"),
        ),
        (
            "SubscriptionStarted",
            include_str!("../../event-schemas/fixtures/subscription/SubscriptionStarted.v1.0.json"),
        ),
    ];
    written_long_ago(
        &store,
        "Subscription",
        ORGANIZATION,
        fixtures
            .iter()
            .map(|(event_type, text)| (*event_type, "1.0", fixture(text)))
            .collect(),
    )
    .await;
    // Within the paid month of the fixture (starts 1763800000 s, ends 30 days later).
    let during = 1_765_000_000_000_000;
    let billing = runner.load::<Billing>(ORGANIZATION).await.expect("load");
    let cancel = |subscription_id: &str| Cancel {
        organization_id: OrganizationId::from_str(ORGANIZATION).expect("id"),
        subscription_id: subscription_id.parse().expect("id"),
        at: during,
        by: UserId::from_str(PERFORMER).expect("id"),
    };

    let unknown = billing
        .state
        .decide(cancel("0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0d34").into());
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let cancelled = unit.decide(&billing, cancel(SUBSCRIPTION).into());

    assert_eq!(
        billing.state.in_force(during).map(|s| s.id.to_string()),
        Some(SUBSCRIPTION.to_owned())
    );
    assert_eq!(unknown, Err(BillingError::NoSuchSubscription));
    assert!(cancelled.is_ok(), "{cancelled:?}");
    unit.commit(&runner).await.expect("commit");
    let after = runner.load::<Billing>(ORGANIZATION).await.expect("reload");
    assert!(after.state.in_force(during + 1).is_none());
    t.cleanup().await;
}

const NOTIFICATION: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0f01";
/// Not the fixture notification's recipient.
const SOMEONE_ELSE: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0c23";

async fn a_notification_raised_by_a_v1_event_is_its_recipients_alone_and_never_raised_twice(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    let created = fixture(include_str!(
        "../../event-schemas/fixtures/notification/NotificationCreated.v1.0.json"
    ));
    written_long_ago(
        &store,
        "Notification",
        NOTIFICATION,
        vec![("NotificationCreated", "1.0", created.clone())],
    )
    .await;
    let recipient = UserId::from_str(PERFORMER).expect("id");
    let notification = runner
        .load::<Notification>(NOTIFICATION)
        .await
        .expect("load");

    let by_someone_else = notification.state.decide(
        ChangeRead {
            actor: UserId::from_str(SOMEONE_ELSE).expect("id"),
            read: true,
        }
        .into(),
    );
    let again = notification.state.decide(
        RaiseNotification {
            created: serde_json::from_value(created).expect("current shape"),
        }
        .into(),
    );
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let read = unit.decide(
        &notification,
        ChangeRead {
            actor: recipient,
            read: true,
        }
        .into(),
    );

    assert_eq!(by_someone_else, Err(NotificationError::NotFound));
    assert_eq!(again, Err(NotificationError::AlreadyRaised));
    assert_eq!(read.map(|events| events.len()), Ok(1));
    unit.commit(&runner).await.expect("commit");
    let after = runner
        .load::<Notification>(NOTIFICATION)
        .await
        .expect("reload");
    assert!(after.state.is_read());
    t.cleanup().await;
}

const ANNOUNCEMENT: &str = "0190f2a4-6b1e-7c3a-9d55-2b8e4f1a0f10";

async fn an_announcement_sent_as_a_v1_event_is_not_sent_a_second_time(backend: Backend) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    written_long_ago(
        &store,
        "Announcement",
        ANNOUNCEMENT,
        vec![(
            "AnnouncementSent",
            "1.0",
            fixture(include_str!(
                "../../event-schemas/fixtures/announcement/AnnouncementSent.v1.0.json"
            )),
        )],
    )
    .await;
    let sent = runner
        .load::<Announcement>(ANNOUNCEMENT)
        .await
        .expect("load");

    let again = sent.state.decide(SendAnnouncement {
        announcement_id: ANNOUNCEMENT.parse().expect("id"),
        recipients: vec![UserId::from_str(PERFORMER).expect("id")],
        content: announcement("Year-end close", "Again.", None, None).expect("valid"),
        organization_id: OrganizationId::from_str(ORGANIZATION).expect("id"),
        workspace_id: WorkspaceId::from_str(WORKSPACE).expect("id"),
        sent_by: UserId::from_str(PERFORMER).expect("id"),
    });

    assert_eq!(again, Err(NotificationError::AlreadySent));
    t.cleanup().await;
}

async fn an_inbox_marked_read_by_a_v1_event_marks_only_further(backend: Backend) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    written_long_ago(
        &store,
        "Inbox",
        PERFORMER,
        vec![(
            "InboxMarkedRead",
            "1.0",
            fixture(include_str!(
                "../../event-schemas/fixtures/inbox/InboxMarkedRead.v1.0.json"
            )),
        )],
    )
    .await;
    let inbox = runner.load::<Inbox>(PERFORMER).await.expect("load");
    let mark = |up_to_position| {
        MarkAllRead {
            recipient: UserId::from_str(PERFORMER).expect("id"),
            up_to_position,
        }
        .into()
    };

    let not_further = inbox.state.decide(mark(1_000));
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let further = unit.decide(&inbox, mark(2_000));

    assert_eq!(inbox.state.marked_up_to(), 1_234);
    assert_eq!(not_further, Ok(Vec::new()));
    assert_eq!(further.map(|events| events.len()), Ok(1));
    unit.commit(&runner).await.expect("commit");
    let after = runner.load::<Inbox>(PERFORMER).await.expect("reload");
    assert_eq!(after.state.marked_up_to(), 2_000);
    t.cleanup().await;
}

async fn a_read_model_fact_recorded_as_a_v1_event_is_not_recorded_again(backend: Backend) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    let quarantined = fixture(include_str!(
        "../../event-schemas/fixtures/read_model/ReadModelQuarantined.v1.0.json"
    ));
    let stream = format!("ledger:{WORKSPACE}");
    written_long_ago(
        &store,
        "ReadModel",
        &stream,
        vec![("ReadModelQuarantined", "1.0", quarantined.clone())],
    )
    .await;
    let fact: ReadModelEvent = serde_json::from_value(quarantined).expect("current shape");

    runner
        .record_fact(&stream, fact, &EventMetadata::default())
        .await
        .expect("record");

    let facts = runner
        .load::<Facts<ReadModelEvent>>(&stream)
        .await
        .expect("load");
    assert_eq!(facts.version, 1, "the repeat was not recorded");
    t.cleanup().await;
}

backend_tests!(
    a_read_model_fact_recorded_as_a_v1_event_is_not_recorded_again,
    a_notification_raised_by_a_v1_event_is_its_recipients_alone_and_never_raised_twice,
    an_announcement_sent_as_a_v1_event_is_not_sent_a_second_time,
    an_inbox_marked_read_by_a_v1_event_marks_only_further,
    a_subscription_paid_under_v1_events_is_in_force_and_is_cancelled_on_top_of_it,
    a_report_generated_under_v1_events_takes_no_second_outcome_and_is_deleted_in_its_workspace,
    an_audit_session_of_v1_events_is_in_review_and_refuses_its_performer_as_reviewer,
    monitoring_configured_by_a_v1_event_is_in_force_and_changes_on_top_of_it,
);
