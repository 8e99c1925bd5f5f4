//! Continuous audit settings: whether a workspace's new entries are scored as they are
//! posted, from which band the workspace's Admins are told, and the tests' parameters.
//! One stream per workspace; each event is the whole configuration from then on.
//!
//! Off until someone turns it on, like any professional monitoring tool: scoring every
//! entry and notifying Admins is a decision of the people who answer for the audit, not a
//! default that floods inboxes. The band that notifies starts at `high` — the entries a
//! reviewer should look at before the close — and can be lowered to `medium`.

use event_schemas::continuous_audit::{
    ContinuousAuditConfigured, ContinuousAuditEvent, NotifyBand,
};
use event_schemas::{UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde_json::Value;

/// The band that notifies until someone chooses another.
pub const NOTIFY_FROM_DEFAULT: NotifyBand = NotifyBand::High;

/// A workspace's monitoring as configured; `Default` is what a workspace starts with.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub enabled: bool,
    pub notify_from: NotifyBand,
    pub materiality: Option<Decimal>,
    pub performance_materiality: Option<Decimal>,
    pub approval_thresholds: Vec<Decimal>,
    pub utc_offset_seconds: i32,
    /// The tests' parameters (`audit::AuditParams` as JSON; `{}` keeps every default).
    pub params: Value,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            enabled: false,
            notify_from: NOTIFY_FROM_DEFAULT,
            materiality: None,
            performance_materiality: None,
            approval_thresholds: Vec::new(),
            utc_offset_seconds: 0,
            params: Value::Object(Default::default()),
        }
    }
}

impl Settings {
    /// The settings an event leaves in force.
    pub fn of(event: &ContinuousAuditConfigured) -> Self {
        Self {
            enabled: event.enabled,
            notify_from: event.notify_from,
            materiality: event.materiality,
            performance_materiality: event.performance_materiality,
            approval_thresholds: event.approval_thresholds.clone(),
            utc_offset_seconds: event.utc_offset_seconds,
            params: event.params.clone(),
        }
    }
}

/// What the rules need of a workspace's monitoring stream.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MonitorState {
    pub settings: Settings,
    /// Events in the stream: the next event's sequence is this + 1.
    pub version: i64,
}

impl MonitorState {
    pub fn apply(&mut self, event: &ContinuousAuditEvent) {
        self.version += 1;
        match event {
            ContinuousAuditEvent::ContinuousAuditConfigured(e) => {
                self.settings = Settings::of(e);
            }
        }
    }
}

/// Why settings were refused; each names the field a form highlights.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MonitorError {
    #[error("Performance materiality cannot exceed materiality.")]
    PerformanceAboveMateriality {
        materiality: Decimal,
        performance_materiality: Decimal,
    },
    #[error("Set materiality too when setting performance materiality.")]
    PerformanceWithoutMateriality,
}

impl MonitorError {
    /// The request field the problem is about.
    pub fn field(&self) -> &'static str {
        match self {
            Self::PerformanceAboveMateriality { .. } | Self::PerformanceWithoutMateriality => {
                "performance_materiality"
            }
        }
    }
}

/// The event that puts `settings` in force, or `None` when they already are (a repeated
/// `PUT` writes nothing).
pub fn configure(
    state: &MonitorState,
    workspace_id: WorkspaceId,
    settings: Settings,
    by: UserId,
) -> Result<Option<ContinuousAuditEvent>, MonitorError> {
    match (settings.materiality, settings.performance_materiality) {
        (None, Some(_)) => return Err(MonitorError::PerformanceWithoutMateriality),
        (Some(materiality), Some(performance_materiality))
            if performance_materiality > materiality =>
        {
            return Err(MonitorError::PerformanceAboveMateriality {
                materiality,
                performance_materiality,
            })
        }
        _ => {}
    }
    if state.settings == settings {
        return Ok(None);
    }
    Ok(Some(ContinuousAuditEvent::ContinuousAuditConfigured(
        ContinuousAuditConfigured {
            workspace_id,
            enabled: settings.enabled,
            notify_from: settings.notify_from,
            materiality: settings.materiality,
            performance_materiality: settings.performance_materiality,
            approval_thresholds: settings.approval_thresholds,
            utc_offset_seconds: settings.utc_offset_seconds,
            params: settings.params,
            configured_by: by,
        },
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(raw: &str) -> Decimal {
        raw.parse().expect("decimal")
    }

    fn enabled() -> Settings {
        Settings {
            enabled: true,
            ..Settings::default()
        }
    }

    #[test]
    fn a_new_workspace_is_not_monitored_and_would_notify_from_high() {
        let state = MonitorState::default();
        assert!(!state.settings.enabled);
        assert_eq!(state.settings.notify_from, NotifyBand::High);
    }

    #[test]
    fn turning_monitoring_on_records_the_whole_configuration() {
        let (workspace, by) = (WorkspaceId::new_v7(), UserId::new_v7());
        let mut state = MonitorState::default();

        let event = configure(&state, workspace, enabled(), by)
            .expect("valid")
            .expect("a change");
        state.apply(&event);

        assert!(state.settings.enabled);
        assert_eq!(state.version, 1);
    }

    #[test]
    fn the_same_settings_again_write_nothing() {
        let (workspace, by) = (WorkspaceId::new_v7(), UserId::new_v7());
        let mut state = MonitorState::default();
        state.apply(
            &configure(&state, workspace, enabled(), by)
                .expect("ok")
                .expect("event"),
        );

        assert_eq!(configure(&state, workspace, enabled(), by), Ok(None));
    }

    #[test]
    fn performance_materiality_above_materiality_is_refused() {
        let settings = Settings {
            materiality: Some(dec("100")),
            performance_materiality: Some(dec("150")),
            ..enabled()
        };

        let error = configure(
            &MonitorState::default(),
            WorkspaceId::new_v7(),
            settings,
            UserId::new_v7(),
        )
        .expect_err("refused");

        assert_eq!(error.field(), "performance_materiality");
        assert!(matches!(
            error,
            MonitorError::PerformanceAboveMateriality { .. }
        ));
    }

    #[test]
    fn performance_materiality_needs_materiality() {
        let settings = Settings {
            performance_materiality: Some(dec("150")),
            ..enabled()
        };

        assert_eq!(
            configure(
                &MonitorState::default(),
                WorkspaceId::new_v7(),
                settings,
                UserId::new_v7()
            ),
            Err(MonitorError::PerformanceWithoutMateriality)
        );
    }
}
