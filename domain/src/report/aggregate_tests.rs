//! A report's life, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::report::{
    ReportDeleted, ReportEvent, ReportFailed, ReportParameters, ReportRequested,
};
use event_schemas::{OrganizationId, UserId, WorkspaceId};
use uuid::Uuid;

use super::*;

const REPORT: Uuid = Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b01);
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ELSEWHERE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c34));
const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c11));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));

fn given() -> TestFramework<Report> {
    TestFramework::with(())
}

fn requested() -> ReportRequested {
    ReportRequested {
        report_id: REPORT,
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        kind: "trial_balance".into(),
        format: "pdf".into(),
        parameters: ReportParameters::default(),
        requested_by: ADA,
    }
}

fn failed() -> ReportFailed {
    ReportFailed {
        report_id: REPORT,
        workspace_id: WORKSPACE,
        reason: "x".into(),
    }
}

fn deleted() -> ReportEvent {
    ReportEvent::ReportDeleted(ReportDeleted {
        report_id: REPORT,
        workspace_id: WORKSPACE,
        deleted_by: ADA,
    })
}

#[test]
fn a_report_is_requested_once() {
    given()
        .given_no_previous_events()
        .when(
            RequestReport {
                requested: requested(),
            }
            .into(),
        )
        .then_expect_events(vec![ReportEvent::ReportRequested(requested())]);
    given()
        .given(vec![ReportEvent::ReportRequested(requested())])
        .when(
            RequestReport {
                requested: requested(),
            }
            .into(),
        )
        .then_expect_error(ReportError::AlreadyRequested);
}

#[test]
fn no_outcome_is_recorded_for_a_report_never_requested() {
    given()
        .given_no_previous_events()
        .when(RecordOutcome::Failed(failed()).into())
        .then_expect_error(ReportError::NotFound);
}

#[test]
fn an_outcome_is_recorded_once() {
    given()
        .given(vec![ReportEvent::ReportRequested(requested())])
        .when(RecordOutcome::Failed(failed()).into())
        .then_expect_events(vec![ReportEvent::ReportFailed(failed())]);
    given()
        .given(vec![
            ReportEvent::ReportRequested(requested()),
            ReportEvent::ReportFailed(failed()),
        ])
        .when(RecordOutcome::Failed(failed()).into())
        .then_expect_error(ReportError::AlreadyFinished("failed"));
}

#[test]
fn no_outcome_is_recorded_for_a_deleted_report() {
    given()
        .given(vec![ReportEvent::ReportRequested(requested()), deleted()])
        .when(RecordOutcome::Failed(failed()).into())
        .then_expect_error(ReportError::NotFound);
}

#[test]
fn a_report_is_deleted_only_in_its_own_workspace_and_once() {
    let delete = |workspace_id| {
        DeleteReport {
            workspace_id,
            by: ADA,
        }
        .into()
    };
    given()
        .given(vec![ReportEvent::ReportRequested(requested())])
        .when(delete(ELSEWHERE))
        .then_expect_error(ReportError::NotFound);
    given()
        .given(vec![ReportEvent::ReportRequested(requested())])
        .when(delete(WORKSPACE))
        .then_expect_events(vec![deleted()]);
    given()
        .given(vec![ReportEvent::ReportRequested(requested()), deleted()])
        .when(delete(WORKSPACE))
        .then_expect_error(ReportError::NotFound);
}
