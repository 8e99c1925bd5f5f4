//! The Announcement events: an administrator's message to several members of a workspace
//! at once, written as one event so that it reaches all of them or none.
//!
//! Each recipient's copy is a notification whose id is derived from the announcement and
//! the recipient (`domain::notification::announced_notification_id`); that notification's own stream (see
//! [`crate::notification`]) holds only what happens to it afterwards — read marks and
//! deletion — so it starts at sequence 1 with the first of those.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::notification::{Severity, LINK_CHARS_MAX, MESSAGE_CHARS_MAX, TITLE_CHARS_MAX};
use crate::{OrganizationId, UserId, WorkspaceId};

/// The `aggregate_type` of announcements; the stream id is the announcement id.
pub const AGGREGATE_TYPE: &str = "Announcement";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnnouncementEvent {
    AnnouncementSent(AnnouncementSent),
}

/// An administrator sent a notification to these members of a workspace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AnnouncementSent {
    pub announcement_id: Uuid,
    /// Members of the workspace when it was sent; at least one.
    #[schemars(length(min = 1))]
    pub recipients: Vec<UserId>,
    #[schemars(length(min = 1, max = TITLE_CHARS_MAX))]
    pub title: String,
    #[schemars(length(max = MESSAGE_CHARS_MAX))]
    pub message: String,
    pub severity: Severity,
    #[schemars(length(max = LINK_CHARS_MAX))]
    pub link: Option<String>,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    pub sent_by: UserId,
}

impl EventPayload for AnnouncementSent {
    const EVENT_TYPE: &'static str = "AnnouncementSent";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DomainEvent for AnnouncementEvent {
    fn event_type(&self) -> String {
        AnnouncementSent::EVENT_TYPE.to_owned()
    }

    fn event_version(&self) -> String {
        AnnouncementSent::EVENT_VERSION.to_owned()
    }
}

/// Every version of every Announcement event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![EventVersion::current::<AnnouncementSent>()]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "announcement",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<AnnouncementEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<AnnouncementEvent>()
        },
    }
}
