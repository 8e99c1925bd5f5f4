//! The monitoring rules, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::continuous_audit::{ContinuousAuditConfigured, ContinuousAuditEvent};
use event_schemas::{UserId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;

const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));

fn given() -> TestFramework<ContinuousAudit> {
    TestFramework::with(())
}

fn switched_on() -> Settings {
    Settings {
        enabled: true,
        materiality: Some(Decimal::new(500_000, 0)),
        performance_materiality: Some(Decimal::new(375_000, 0)),
        ..Settings::default()
    }
}

fn configure(settings: Settings) -> ContinuousAuditCommand {
    Configure {
        workspace_id: WORKSPACE,
        settings,
        by: ADA,
    }
    .into()
}

fn configured(settings: Settings) -> ContinuousAuditEvent {
    ContinuousAuditEvent::ContinuousAuditConfigured(ContinuousAuditConfigured {
        workspace_id: WORKSPACE,
        enabled: settings.enabled,
        notify_from: settings.notify_from,
        materiality: settings.materiality,
        performance_materiality: settings.performance_materiality,
        approval_thresholds: settings.approval_thresholds,
        utc_offset_seconds: settings.utc_offset_seconds,
        time_zone: settings.time_zone,
        params: settings.params,
        configured_by: ADA,
    })
}

#[test]
fn monitoring_is_off_until_someone_turns_it_on() {
    assert!(!ContinuousAudit::default().settings().enabled);
    assert_eq!(
        ContinuousAudit::default().settings().notify_from,
        NOTIFY_FROM_DEFAULT
    );
}

#[test]
fn turning_it_on_records_the_whole_configuration() {
    given()
        .given_no_previous_events()
        .when(configure(switched_on()))
        .then_expect_events(vec![configured(switched_on())]);
}

#[test]
fn the_same_settings_again_write_nothing() {
    given()
        .given(vec![configured(switched_on())])
        .when(configure(switched_on()))
        .then_expect_events(vec![]);
}

#[test]
fn moving_the_monitoring_to_another_time_zone_records_it() {
    let in_lagos = Settings {
        time_zone: Some("Africa/Lagos".into()),
        ..switched_on()
    };
    let in_london = Settings {
        time_zone: Some("Europe/London".into()),
        ..switched_on()
    };
    given()
        .given(vec![configured(in_lagos)])
        .when(configure(in_london.clone()))
        .then_expect_events(vec![configured(in_london)]);
}

#[test]
fn performance_materiality_cannot_exceed_materiality() {
    let settings = Settings {
        performance_materiality: Some(Decimal::new(600_000, 0)),
        ..switched_on()
    };
    given()
        .given_no_previous_events()
        .when(configure(settings))
        .then_expect_error(ContinuousAuditError::PerformanceAboveMateriality {
            materiality: Decimal::new(500_000, 0),
            performance_materiality: Decimal::new(600_000, 0),
        });
}

#[test]
fn performance_materiality_needs_materiality() {
    let settings = Settings {
        materiality: None,
        ..switched_on()
    };
    given()
        .given_no_previous_events()
        .when(configure(settings))
        .then_expect_error(ContinuousAuditError::PerformanceWithoutMateriality);
}
