//! Superseded versions of AuditSession events, frozen exactly as they were first written.
//! Never edit these: they are what the log holds. They exist for their committed JSON
//! Schemas; reading goes through [`super::upcasters`], never through these types.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::{Cutoff, NAME_CHARS_MAX};
use crate::contract::EventPayload;
use crate::{UserId, WorkspaceId};

// `AuditSessionOpened` v1.0, written before workspaces had an IANA time zone. Its doc
// comment is the one it was written with: the committed schema carries it.
/// An auditor opened a session on a workspace for a period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "AuditSessionOpened")]
pub struct AuditSessionOpenedV1 {
    pub session_id: Uuid,
    pub workspace_id: WorkspaceId,
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
    pub period_start: NaiveDate,
    pub period_end: NaiveDate,
    #[schemars(with = "String")]
    pub materiality: Decimal,
    #[schemars(with = "String")]
    pub performance_materiality: Decimal,
    /// Amounts needing approval above them (for the just-below-threshold test).
    #[schemars(with = "Vec<String>")]
    pub approval_thresholds: Vec<Decimal>,
    /// The workspace's offset from UTC in seconds, for the timing tests.
    pub utc_offset_seconds: i32,
    pub cutoff: Cutoff,
    /// The tests' parameters as the auditor set them (the audit crate's `AuditParams`).
    pub params: Value,
    pub opened_by: UserId,
}

impl EventPayload for AuditSessionOpenedV1 {
    const EVENT_TYPE: &'static str = "AuditSessionOpened";
    const EVENT_VERSION: &'static str = "1.0";
}
