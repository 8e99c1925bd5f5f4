//! The ContinuousAudit aggregate's events: one stream per workspace (the id is the
//! workspace id) holding how the workspace is monitored between audits — whether the
//! journal-entry tests run on every new entry, from which risk band they notify the
//! workspace's Admins, and the tests' parameters. Settings are written whole: each event
//! is the complete configuration from then on, so the monitor reads the latest one only.

use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{UserId, WorkspaceId};

/// The `aggregate_type` of continuous-audit settings; the stream id is the workspace id.
pub const AGGREGATE_TYPE: &str = "ContinuousAudit";

/// Approval thresholds a workspace may list (the session form's bound, kept small: each
/// is a control point the amounts test checks on every entry).
pub const APPROVAL_THRESHOLDS_MAX: usize = 20;

/// The lowest risk band that notifies. `low` is not offered: every entry is at least low.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum NotifyBand {
    Medium,
    High,
}

impl NotifyBand {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Medium => "medium",
            Self::High => "high",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "medium" => Some(Self::Medium),
            "high" => Some(Self::High),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ContinuousAuditEvent {
    ContinuousAuditConfigured(ContinuousAuditConfigured),
}

/// Someone allowed to set up audits changed how the workspace is monitored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ContinuousAuditConfigured {
    pub workspace_id: WorkspaceId,
    /// Whether new entries are scored as they are posted.
    pub enabled: bool,
    /// Entries scored in this band or above are flagged and their Admins notified.
    pub notify_from: NotifyBand,
    /// Overall materiality in the workspace currency; `None` when not set (the
    /// performance-materiality control point then never fires).
    #[schemars(with = "Option<String>")]
    pub materiality: Option<Decimal>,
    #[schemars(with = "Option<String>")]
    pub performance_materiality: Option<Decimal>,
    /// Amounts needing approval above them (for the just-below-threshold test).
    #[schemars(with = "Vec<String>", length(max = APPROVAL_THRESHOLDS_MAX))]
    pub approval_thresholds: Vec<Decimal>,
    /// The workspace's offset from UTC in seconds, for the timing tests when no
    /// `time_zone` is set (settings written before workspaces had zones).
    pub utc_offset_seconds: i32,
    /// The IANA zone (`Africa/Lagos`) the timing tests read posting times in; it decides
    /// over `utc_offset_seconds`, daylight saving included. Absent in settings written
    /// before zones, which keep their fixed offset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(length(min = 3, max = 64))]
    pub time_zone: Option<String>,
    /// The tests' parameters (the audit crate's `AuditParams`, as a session keeps them).
    pub params: Value,
    pub configured_by: UserId,
}

impl EventPayload for ContinuousAuditConfigured {
    const EVENT_TYPE: &'static str = "ContinuousAuditConfigured";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DomainEvent for ContinuousAuditEvent {
    fn event_type(&self) -> String {
        ContinuousAuditConfigured::EVENT_TYPE.to_owned()
    }

    fn event_version(&self) -> String {
        ContinuousAuditConfigured::EVENT_VERSION.to_owned()
    }
}

/// Every version of every ContinuousAudit event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![EventVersion::current::<ContinuousAuditConfigured>()]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "continuous_audit",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<ContinuousAuditEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<ContinuousAuditEvent>()
        },
    }
}
