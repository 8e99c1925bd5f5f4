//! The AuditSession aggregate's events: one stream per session (the id is the session
//! id). A session pins its population to a point of the workspace's hash chain when it
//! opens (`cutoff`), so re-running it at any later time reads exactly the same events and
//! gives exactly the same results; sign-offs, shares, notes and conclusions on findings
//! are recorded against that pin.

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion, UpcastStep};
use crate::{JournalEntryId, UserId, WorkspaceId};

/// The `aggregate_type` of audit sessions.
pub const AGGREGATE_TYPE: &str = "AuditSession";

pub mod legacy;

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
    AuditFindingNoted(AuditFindingNoted),
    AuditFindingConcluded(AuditFindingConcluded),
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
    /// The workspace's offset from UTC in seconds, for the timing tests when
    /// `time_zone` is null (sessions opened before workspaces had a zone).
    pub utc_offset_seconds: i32,
    /// The IANA zone (`Africa/Lagos`) the timing tests read `recorded_at` in; it
    /// decides over `utc_offset_seconds`, daylight saving included.
    #[schemars(length(min = 3, max = 64))]
    pub time_zone: Option<String>,
    pub cutoff: Cutoff,
    /// The tests' parameters as the auditor set them (the audit crate's `AuditParams`).
    pub params: Value,
    pub opened_by: UserId,
}

impl EventPayload for AuditSessionOpened {
    const EVENT_TYPE: &'static str = "AuditSessionOpened";
    const EVENT_VERSION: &'static str = "2.0";
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

/// Longest note on a finding, in characters.
pub const NOTE_CHARS_MAX: usize = 4000;

/// Longest rationale of a conclusion, in characters.
pub const RATIONALE_CHARS_MAX: usize = 2000;

/// What a note or a conclusion is about: one scored entry of the session's population,
/// or one control point's result over the whole population.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FindingTarget {
    /// A journal entry the session scored (a flagged entry).
    Entry { entry_id: JournalEntryId },
    /// A control point (the audit crate's `TestKind`, by its snake_case name).
    Test { test: String },
}

impl FindingTarget {
    /// `entry` or `test`, and the entry id or the control point's name.
    pub fn parts(&self) -> (&'static str, String) {
        match self {
            Self::Entry { entry_id } => ("entry", entry_id.to_string()),
            Self::Test { test } => ("test", test.clone()),
        }
    }
}

/// How the auditor disposed of a finding, as a workpaper records it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FindingConclusion {
    /// Investigated, explained and supported by evidence: not a misstatement.
    NoException,
    /// A misstatement, corrected: an adjustment was proposed and booked.
    ExceptionAdjusted,
    /// A misstatement below materiality, left uncorrected: carried to the summary of
    /// unadjusted differences.
    ExceptionNotMaterial,
    /// The entry itself is right, but a control failed: reported to management.
    ControlDeficiency,
    /// Not concluded yet: evidence is outstanding or a question is open.
    NeedsFollowUp,
}

impl FindingConclusion {
    pub const ALL: [Self; 5] = [
        Self::NoException,
        Self::ExceptionAdjusted,
        Self::ExceptionNotMaterial,
        Self::ControlDeficiency,
        Self::NeedsFollowUp,
    ];

    /// The snake_case name on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::NoException => "no_exception",
            Self::ExceptionAdjusted => "exception_adjusted",
            Self::ExceptionNotMaterial => "exception_not_material",
            Self::ControlDeficiency => "control_deficiency",
            Self::NeedsFollowUp => "needs_follow_up",
        }
    }

    /// How a workpaper reads it.
    pub fn label(self) -> &'static str {
        match self {
            Self::NoException => "No exception",
            Self::ExceptionAdjusted => "Exception \u{2014} adjusted",
            Self::ExceptionNotMaterial => "Exception \u{2014} not material",
            Self::ControlDeficiency => "Control deficiency",
            Self::NeedsFollowUp => "Needs follow-up",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == raw)
    }
}

/// An auditor added a note to a finding: work done, evidence seen, a question asked.
/// Notes are never edited; a later note says what changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditFindingNoted {
    pub session_id: Uuid,
    pub note_id: Uuid,
    pub target: FindingTarget,
    #[schemars(length(min = 1, max = NOTE_CHARS_MAX))]
    pub text: String,
    pub noted_by: UserId,
}

impl EventPayload for AuditFindingNoted {
    const EVENT_TYPE: &'static str = "AuditFindingNoted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An auditor concluded on a finding. A finding's conclusion is its latest one; a
/// changed conclusion is another of these, and the earlier ones stay in the history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditFindingConcluded {
    pub session_id: Uuid,
    pub target: FindingTarget,
    pub conclusion: FindingConclusion,
    #[schemars(length(min = 1, max = RATIONALE_CHARS_MAX))]
    pub rationale: String,
    pub concluded_by: UserId,
}

impl EventPayload for AuditFindingConcluded {
    const EVENT_TYPE: &'static str = "AuditFindingConcluded";
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
            Self::AuditFindingNoted(e) => of(e),
            Self::AuditFindingConcluded(e) => of(e),
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
        EventVersion::superseded::<legacy::AuditSessionOpenedV1>(),
        EventVersion::current::<AuditSessionOpened>(),
        EventVersion::current::<AuditSessionSignedOff>(),
        EventVersion::current::<AuditSessionArchived>(),
        EventVersion::current::<AuditSessionShared>(),
        EventVersion::current::<AuditShareRevoked>(),
        EventVersion::current::<AuditFindingNoted>(),
        EventVersion::current::<AuditFindingConcluded>(),
    ]
}

/// Every AuditSession upcaster, oldest version first.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    vec![Box::new(UpcastStep {
        event_type: AuditSessionOpened::EVENT_TYPE,
        from: legacy::AuditSessionOpenedV1::EVENT_VERSION,
        to: AuditSessionOpened::EVENT_VERSION,
        lift: audit_session_opened_v1_to_v2,
    })]
}

/// `AuditSessionOpened` 1.0 → 2.0: a 1.0 session was opened before workspaces had a
/// zone, so `time_zone` is `null` and its fixed `utc_offset_seconds` keeps deciding, as
/// it did when its findings were first computed. Every other field is unchanged.
pub fn audit_session_opened_v1_to_v2(mut payload: Value) -> Value {
    if let Value::Object(fields) = &mut payload {
        fields.entry("time_zone").or_insert(Value::Null);
    }
    payload
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
