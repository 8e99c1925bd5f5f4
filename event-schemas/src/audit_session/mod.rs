//! The AuditSession aggregate's events: one stream per session (the id is the session
//! id). A session pins its population to a point of the workspace's hash chain when it
//! opens (`cutoff`), so re-running it at any later time reads exactly the same events and
//! gives exactly the same results; sign-offs and shares are recorded against that pin.

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{UserId, WorkspaceId};

/// The `aggregate_type` of audit sessions.
pub const AGGREGATE_TYPE: &str = "AuditSession";

/// Longest session name, in characters.
pub const NAME_CHARS_MAX: usize = 120;

/// Where a session's population ends: the workspace chain's head when it opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Cutoff {
    /// Events of the workspace's chain included: `chain_seq` 1 to this.
    pub chain_seq: i64,
    /// The hash of that last event: the chain's head, which any later verification of
    /// the log must still reproduce.
    pub head_hash: String,
    /// Its global log position (0 for an empty chain).
    pub position: i64,
}

/// Who signs a session off, in order: the performer, then a different reviewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignOffRole {
    Performer,
    Reviewer,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AuditSessionEvent {
    AuditSessionOpened(AuditSessionOpened),
    AuditSessionSignedOff(AuditSessionSignedOff),
    AuditSessionArchived(AuditSessionArchived),
    AuditSessionShared(AuditSessionShared),
    AuditShareRevoked(AuditShareRevoked),
}

/// An auditor opened a session on a workspace for a period.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AuditSessionOpened {
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

impl EventPayload for AuditSessionOpened {
    const EVENT_TYPE: &'static str = "AuditSessionOpened";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The performer (then the reviewer) signed the session off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditSessionSignedOff {
    pub session_id: Uuid,
    pub role: SignOffRole,
    pub signed_by: UserId,
    pub signed_on: NaiveDate,
    #[schemars(length(max = 2000))]
    pub conclusion: String,
}

impl EventPayload for AuditSessionSignedOff {
    const EVENT_TYPE: &'static str = "AuditSessionSignedOff";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The session was archived: read-only from now on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditSessionArchived {
    pub session_id: Uuid,
    pub archived_by: UserId,
}

impl EventPayload for AuditSessionArchived {
    const EVENT_TYPE: &'static str = "AuditSessionArchived";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A read-only link to the session's result was published. Only the SHA-256 of the
/// link's secret is recorded: the log never holds a credential.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditSessionShared {
    pub session_id: Uuid,
    pub share_id: Uuid,
    /// Hex SHA-256 of the secret in the link.
    pub secret_sha256: String,
    /// Microseconds since the Unix epoch; the link stops working then.
    pub expires_at: i64,
    pub shared_by: UserId,
}

impl EventPayload for AuditSessionShared {
    const EVENT_TYPE: &'static str = "AuditSessionShared";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A shared link was revoked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditShareRevoked {
    pub session_id: Uuid,
    pub share_id: Uuid,
    pub revoked_by: UserId,
}

impl EventPayload for AuditShareRevoked {
    const EVENT_TYPE: &'static str = "AuditShareRevoked";
    const EVENT_VERSION: &'static str = "1.0";
}

impl AuditSessionEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::AuditSessionOpened(e) => of(e),
            Self::AuditSessionSignedOff(e) => of(e),
            Self::AuditSessionArchived(e) => of(e),
            Self::AuditSessionShared(e) => of(e),
            Self::AuditShareRevoked(e) => of(e),
        }
    }
}

impl DomainEvent for AuditSessionEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every AuditSession event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<AuditSessionOpened>(),
        EventVersion::current::<AuditSessionSignedOff>(),
        EventVersion::current::<AuditSessionArchived>(),
        EventVersion::current::<AuditSessionShared>(),
        EventVersion::current::<AuditShareRevoked>(),
    ]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "audit_session",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<AuditSessionEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<AuditSessionEvent>()
        },
    }
}
