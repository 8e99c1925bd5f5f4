//! Continuous audit settings: whether a workspace's new entries are scored as they are
//! posted, from which band the workspace's Admins are told, and the tests' parameters.
//! One stream per workspace (the ContinuousAudit aggregate); each event is the whole
//! configuration from then on.
//!
//! - [`aggregate`] — [`ContinuousAudit`] and its pure decision.
//! - [`commands`] — [`Configure`].
//! - [`errors`] — [`ContinuousAuditError`].
//! - events — in `event_schemas::continuous_audit`.
//!
//! Off until someone turns it on, like any professional monitoring tool: scoring every
//! entry and notifying Admins is a decision of the people who answer for the audit, not a
//! default that floods inboxes. The band that notifies starts at `high` — the entries a
//! reviewer should look at before the close — and can be lowered to `medium`.

use event_schemas::continuous_audit::{ContinuousAuditConfigured, NotifyBand};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::ContinuousAudit;
pub use commands::{Configure, ContinuousAuditCommand};
pub use errors::ContinuousAuditError;

/// The band that notifies until someone chooses another.
pub const NOTIFY_FROM_DEFAULT: NotifyBand = NotifyBand::High;

/// A workspace's monitoring as configured; `Default` is what a workspace starts with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub enabled: bool,
    pub notify_from: NotifyBand,
    pub materiality: Option<Decimal>,
    pub performance_materiality: Option<Decimal>,
    pub approval_thresholds: Vec<Decimal>,
    pub utc_offset_seconds: i32,
    /// The IANA zone the timing tests read posting times in; decides over the offset.
    pub time_zone: Option<String>,
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
            time_zone: None,
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
            time_zone: event.time_zone.clone(),
            params: event.params.clone(),
        }
    }
}
