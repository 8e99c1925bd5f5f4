//! The Inbox events: one stream per user (the id is the user id) for what applies to the
//! whole inbox at once. "Mark all as read" is one event here rather than one per
//! notification, so it is atomic and a rebuild replays it exactly: it marks read every
//! notification of the user recorded at or before `up_to_position`.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::UserId;

/// The `aggregate_type` of inboxes; the stream id is the user id.
pub const AGGREGATE_TYPE: &str = "Inbox";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InboxEvent {
    InboxMarkedRead(InboxMarkedRead),
}

/// The user marked every notification they had, up to a log position, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InboxMarkedRead {
    pub recipient_id: UserId,
    /// The log position of the newest notification the user had when they asked; newer
    /// ones (raised meanwhile) stay unread.
    pub up_to_position: i64,
}

impl EventPayload for InboxMarkedRead {
    const EVENT_TYPE: &'static str = "InboxMarkedRead";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DomainEvent for InboxEvent {
    fn event_type(&self) -> String {
        InboxMarkedRead::EVENT_TYPE.to_owned()
    }

    fn event_version(&self) -> String {
        InboxMarkedRead::EVENT_VERSION.to_owned()
    }
}

/// Every version of every Inbox event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![EventVersion::current::<InboxMarkedRead>()]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "inbox",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<InboxEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<InboxEvent>()
        },
    }
}
