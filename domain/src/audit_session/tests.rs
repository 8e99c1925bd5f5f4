//! The session rules, given/when/then.

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use event_schemas::audit_session::{
    AuditFindingNoted, AuditSessionArchived, AuditSessionEvent, AuditSessionOpened,
    AuditSessionShared, AuditSessionSignedOff, AuditShareRevoked, Cutoff, FindingConclusion,
    FindingTarget, SignOffRole,
};
use event_schemas::{UserId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;

const SESSION: Uuid = Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a01);
const SHARE: Uuid = Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a02);
const NOTE: Uuid = Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a03);
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const BOLA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c25));

fn given() -> TestFramework<AuditSession> {
    TestFramework::with(())
}

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2027, 2, 1).expect("date")
}

fn opened() -> AuditSessionEvent {
    AuditSessionEvent::AuditSessionOpened(AuditSessionOpened {
        session_id: SESSION,
        workspace_id: WORKSPACE,
        name: "FY2026".into(),
        period_start: NaiveDate::from_ymd_opt(2026, 1, 1).expect("date"),
        period_end: NaiveDate::from_ymd_opt(2026, 12, 31).expect("date"),
        materiality: Decimal::new(500_000, 0),
        performance_materiality: Decimal::new(375_000, 0),
        approval_thresholds: Vec::new(),
        utc_offset_seconds: 3600,
        time_zone: Some("Africa/Lagos".into()),
        cutoff: Cutoff {
            chain_seq: 0,
            head_hash: "0".repeat(64),
            position: 0,
        },
        params: serde_json::json!({}),
        opened_by: ADA,
    })
}

fn signed(role: SignOffRole, by: UserId) -> AuditSessionEvent {
    AuditSessionEvent::AuditSessionSignedOff(AuditSessionSignedOff {
        session_id: SESSION,
        role,
        signed_by: by,
        signed_on: day(),
        conclusion: String::new(),
    })
}

fn sign_off(role: SignOffRole, by: UserId) -> AuditSessionCommand {
    SignOffSession {
        role,
        by,
        on: day(),
        conclusion: String::new(),
    }
    .into()
}

fn shared() -> AuditSessionEvent {
    AuditSessionEvent::AuditSessionShared(AuditSessionShared {
        session_id: SESSION,
        share_id: SHARE,
        secret_sha256: "h".into(),
        expires_at: 1,
        shared_by: ADA,
    })
}

fn share() -> AuditSessionCommand {
    ShareSession {
        share_id: SHARE,
        secret_sha256: "h".into(),
        expires_at: 1,
        by: ADA,
    }
    .into()
}

fn target() -> FindingTarget {
    FindingTarget::Test {
        test: "weekend_posting".into(),
    }
}

fn note(by: UserId) -> AuditSessionCommand {
    NoteFinding {
        note_id: NOTE,
        target: target(),
        text: "Seen".into(),
        by,
    }
    .into()
}

fn conclude(by: UserId) -> AuditSessionCommand {
    ConcludeFinding {
        target: target(),
        conclusion: FindingConclusion::NoException,
        rationale: "Supported".into(),
        by,
    }
    .into()
}

fn archived() -> AuditSessionEvent {
    AuditSessionEvent::AuditSessionArchived(AuditSessionArchived {
        session_id: SESSION,
        archived_by: ADA,
    })
}

#[test]
fn a_session_opens_once() {
    let AuditSessionEvent::AuditSessionOpened(event) = opened() else {
        unreachable!()
    };
    given()
        .given_no_previous_events()
        .when(
            OpenSession {
                opened: event.clone(),
            }
            .into(),
        )
        .then_expect_events(vec![opened()]);
    given()
        .given(vec![opened()])
        .when(OpenSession { opened: event }.into())
        .then_expect_error(AuditSessionError::AlreadyOpen);
}

#[test]
fn nothing_is_decided_on_a_session_never_opened() {
    given()
        .given_no_previous_events()
        .when(ArchiveSession { by: ADA }.into())
        .then_expect_error(AuditSessionError::NotFound);
}

#[test]
fn the_reviewer_cannot_sign_before_the_performer() {
    given()
        .given(vec![opened()])
        .when(sign_off(SignOffRole::Reviewer, BOLA))
        .then_expect_error(AuditSessionError::PerformerFirst);
}

#[test]
fn the_reviewer_is_someone_other_than_the_performer() {
    given()
        .given(vec![opened(), signed(SignOffRole::Performer, ADA)])
        .when(sign_off(SignOffRole::Reviewer, ADA))
        .then_expect_error(AuditSessionError::ReviewerIsPerformer);
    given()
        .given(vec![opened(), signed(SignOffRole::Performer, ADA)])
        .when(sign_off(SignOffRole::Reviewer, BOLA))
        .then_expect_events(vec![signed(SignOffRole::Reviewer, BOLA)]);
}

#[test]
fn an_open_session_is_not_shared() {
    given()
        .given(vec![opened()])
        .when(share())
        .then_expect_error(AuditSessionError::NotReadyToShare);
    given()
        .given(vec![opened(), signed(SignOffRole::Performer, ADA)])
        .when(share())
        .then_expect_events(vec![shared()]);
}

#[test]
fn an_archived_session_does_not_change() {
    given()
        .given(vec![opened(), archived()])
        .when(sign_off(SignOffRole::Performer, ADA))
        .then_expect_error(AuditSessionError::Archived);
}

#[test]
fn findings_are_worked_on_in_review() {
    given()
        .given(vec![opened(), signed(SignOffRole::Performer, ADA)])
        .when(note(BOLA))
        .then_expect_events(vec![AuditSessionEvent::AuditFindingNoted(
            AuditFindingNoted {
                session_id: SESSION,
                note_id: NOTE,
                target: target(),
                text: "Seen".into(),
                noted_by: BOLA,
            },
        )]);
}

#[test]
fn findings_close_when_the_reviewer_signs_off() {
    let signed_off = vec![
        opened(),
        signed(SignOffRole::Performer, ADA),
        signed(SignOffRole::Reviewer, BOLA),
    ];
    given()
        .given(signed_off.clone())
        .when(note(ADA))
        .then_expect_error(AuditSessionError::FindingsClosed("signed off"));
    let mut archived_too = signed_off;
    archived_too.push(archived());
    given()
        .given(archived_too)
        .when(conclude(ADA))
        .then_expect_error(AuditSessionError::FindingsClosed("archived"));
}

#[test]
fn a_revoked_share_is_gone() {
    let revoked = AuditSessionEvent::AuditShareRevoked(AuditShareRevoked {
        session_id: SESSION,
        share_id: SHARE,
        revoked_by: ADA,
    });
    given()
        .given(vec![
            opened(),
            signed(SignOffRole::Performer, ADA),
            shared(),
        ])
        .when(
            RevokeShare {
                share_id: SHARE,
                by: ADA,
            }
            .into(),
        )
        .then_expect_events(vec![revoked.clone()]);
    given()
        .given(vec![
            opened(),
            signed(SignOffRole::Performer, ADA),
            shared(),
            revoked,
        ])
        .when(
            RevokeShare {
                share_id: SHARE,
                by: ADA,
            }
            .into(),
        )
        .then_expect_error(AuditSessionError::NoSuchShare);
}
