//! The AuditSharedView events: one stream per view of a shared audit result (the id is
//! the view's id), so recording a public, signed-out read never conflicts with the
//! session's own commands and every view sits in the tamper-evident log.
//!
//! What a view keeps is what an audit trail of a confidential document needs to answer
//! "who saw it, through which link, when": the share (never its secret or the link's
//! token), the time (the event's own recorded time), the client's network address and
//! its user agent. The `Referer` is never kept: the shared page's address holds the token.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};

/// The `aggregate_type` of shared views; the stream id is the view id.
pub const AGGREGATE_TYPE: &str = "AuditSharedView";

/// Longest user agent kept, in characters (longer ones are cut there).
pub const USER_AGENT_CHARS_MAX: usize = 256;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AuditSharedViewEvent {
    AuditSharedViewRecorded(AuditSharedViewRecorded),
}

/// Someone opened a shared audit result through a live link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AuditSharedViewRecorded {
    pub view_id: Uuid,
    pub session_id: Uuid,
    pub share_id: Uuid,
    /// The peer address of the connection (IP, without the port), when known. The
    /// server does not trust forwarding headers, so behind a proxy this is the proxy.
    pub client_address: Option<String>,
    /// The browser's `User-Agent`, cut to [`USER_AGENT_CHARS_MAX`] characters.
    #[schemars(length(max = USER_AGENT_CHARS_MAX))]
    pub user_agent: Option<String>,
}

impl EventPayload for AuditSharedViewRecorded {
    const EVENT_TYPE: &'static str = "AuditSharedViewRecorded";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DomainEvent for AuditSharedViewEvent {
    fn event_type(&self) -> String {
        AuditSharedViewRecorded::EVENT_TYPE.to_owned()
    }

    fn event_version(&self) -> String {
        AuditSharedViewRecorded::EVENT_VERSION.to_owned()
    }
}

/// Every version of every AuditSharedView event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![EventVersion::current::<AuditSharedViewRecorded>()]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "audit_shared_view",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<AuditSharedViewEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<AuditSharedViewEvent>()
        },
    }
}
