//! Superseded versions of Notification events, frozen exactly as they were first written.
//! Never edit these: they are what the log holds. They exist for their committed JSON
//! Schemas; reading goes through [`super::upcasters`], never through these types.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Severity, LINK_CHARS_MAX, MESSAGE_CHARS_MAX, TITLE_CHARS_MAX};
use crate::contract::EventPayload;
use crate::{NotificationId, OrganizationId, UserId, WorkspaceId};

// `NotificationCreated` v1.0, written before notifications named what they are about. Its
// doc comment is the one it was written with: the committed schema carries it.
/// A notification was raised for one user: by a rule reacting to another event (`kind`
/// names the rule, `cause_position` the event's log position), or by an administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "NotificationCreated")]
pub struct NotificationCreatedV1 {
    pub notification_id: NotificationId,
    pub recipient_id: UserId,
    #[schemars(length(min = 1, max = TITLE_CHARS_MAX))]
    pub title: String,
    #[schemars(length(max = MESSAGE_CHARS_MAX))]
    pub message: String,
    pub severity: Severity,
    /// What raised it: a rule's name (`invitation_received`, `entries_posted` …) or
    /// `announcement` for one an administrator created.
    pub kind: String,
    /// Where the notification leads in the product; `null` when nowhere in particular.
    #[schemars(length(max = LINK_CHARS_MAX))]
    pub link: Option<String>,
    pub organization_id: Option<OrganizationId>,
    pub workspace_id: Option<WorkspaceId>,
    /// The global position of the event a rule reacted to; `null` for announcements.
    pub cause_position: Option<i64>,
    /// Who created it: `null` for a rule (the system).
    pub created_by: Option<UserId>,
}

impl EventPayload for NotificationCreatedV1 {
    const EVENT_TYPE: &'static str = "NotificationCreated";
    const EVENT_VERSION: &'static str = "1.0";
}
