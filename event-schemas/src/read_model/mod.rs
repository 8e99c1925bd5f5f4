//! The ReadModel events: what the projector runtime records about a workspace's read
//! models. When one event of a workspace cannot be applied by a projector, that
//! projector sets the workspace aside (its read model of that workspace goes stale) and
//! goes on for every other workspace; the fact is recorded here, in the workspace's own
//! chain, so the activity log shows it, and again when the workspace is caught up.
//!
//! One stream per projector and workspace (`<projector>:<workspace_id>`).

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::WorkspaceId;

/// The `aggregate_type` of read-model facts.
pub const AGGREGATE_TYPE: &str = "ReadModel";

/// Longest reason kept: a projector's error, cut to a readable length.
pub const REASON_CHARS_MAX: usize = 500;

/// The stream of projector `projector`'s facts about `workspace_id`.
pub fn stream_id(projector: &str, workspace_id: &str) -> String {
    format!("{projector}:{workspace_id}")
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ReadModelEvent {
    ReadModelQuarantined(ReadModelQuarantined),
    ReadModelRestored(ReadModelRestored),
}

/// A projector could not apply the event at `failed_position` of this workspace: it set
/// the workspace aside and its read model of the workspace is stale from there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReadModelQuarantined {
    /// The projector's name (`ledger`, `accounts`, …).
    pub projector: String,
    pub workspace_id: WorkspaceId,
    /// The log position of the event it could not apply.
    pub failed_position: i64,
    /// Why, as the projector said it.
    #[schemars(length(max = REASON_CHARS_MAX))]
    pub reason: String,
}

impl EventPayload for ReadModelQuarantined {
    const EVENT_TYPE: &'static str = "ReadModelQuarantined";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The projector applied every event of this workspace it had set aside: its read model
/// of the workspace is current again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReadModelRestored {
    pub projector: String,
    pub workspace_id: WorkspaceId,
    /// The position of the event that had stopped it.
    pub failed_position: i64,
    /// How many events were applied to catch the workspace up.
    pub events_applied: i64,
}

impl EventPayload for ReadModelRestored {
    const EVENT_TYPE: &'static str = "ReadModelRestored";
    const EVENT_VERSION: &'static str = "1.0";
}

impl ReadModelEvent {
    fn names(&self) -> (&'static str, &'static str) {
        match self {
            Self::ReadModelQuarantined(_) => (
                ReadModelQuarantined::EVENT_TYPE,
                ReadModelQuarantined::EVENT_VERSION,
            ),
            Self::ReadModelRestored(_) => (
                ReadModelRestored::EVENT_TYPE,
                ReadModelRestored::EVENT_VERSION,
            ),
        }
    }
}

impl DomainEvent for ReadModelEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every ReadModel event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<ReadModelQuarantined>(),
        EventVersion::current::<ReadModelRestored>(),
    ]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "read_model",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<ReadModelEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<ReadModelEvent>()
        },
    }
}
