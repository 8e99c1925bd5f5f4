//! The Notification aggregate's events: one stream per notification (the id is the
//! notification id), addressed to exactly one user.
//!
//! Read marks and deletions are events too, so `projections rebuild` gives back the same
//! inbox, read dots included. Every event repeats the recipient: the live feed routes an
//! event to the recipient's open connections without looking anything up.
//!
//! Notifications are not part of any workspace's books: their metadata names no
//! workspace, so they never enter a workspace's hash chain (which auditors pin to).

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::UpcastStep;
use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{DebtId, JournalEntryId, NotificationId, OrganizationId, UserId, WorkspaceId};

pub mod legacy;

/// cqrs-es's `Aggregate::TYPE` for notifications: the `aggregate_type` column of the log.
pub const AGGREGATE_TYPE: &str = "Notification";

/// Longest title, in characters: one line of the 300 px bell popover, two at most.
pub const TITLE_CHARS_MAX: usize = 150;
/// Longest message, in characters.
pub const MESSAGE_CHARS_MAX: usize = 1_000;
/// Longest link (a path inside the product, e.g. `/accounting/journal-entry`).
pub const LINK_CHARS_MAX: usize = 300;

/// How a notification is drawn. The spec leaves the value set open; these four are the
/// ones every design system draws (colour and icon).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Info,
    Success,
    Warning,
    Error,
}

impl Severity {
    pub const ALL: [Severity; 4] = [Self::Info, Self::Success, Self::Warning, Self::Error];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Success => "success",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.as_str() == value)
    }
}

/// A Notification event, stored as its payload struct's fields plus a `type` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NotificationEvent {
    NotificationCreated(NotificationCreated),
    NotificationReadChanged(NotificationReadChanged),
    NotificationDeleted(NotificationDeleted),
}

/// A notification was raised for one user: by a rule reacting to another event (`kind`
/// names the rule, `cause_position` the event's log position), or by an administrator.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NotificationCreated {
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
    /// What it is about, by id, so a reader opens that thing (the report to download,
    /// the entry flagged); `null` for an announcement or a notification about no one
    /// thing.
    pub subject: Option<NotificationSubject>,
}

/// The one thing a notification is about, tagged by `kind` (`{"kind": "report",
/// "report_id": …}`); `type` stays the events' own tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NotificationSubject {
    /// A generated (or failed) report.
    Report { report_id: uuid::Uuid },
    /// A journal entry (one continuous monitoring flagged).
    JournalEntry { entry_id: JournalEntryId },
    /// A workspace (the one an invitation or a new member concerns).
    Workspace { workspace_id: WorkspaceId },
    /// A loan (a repayment falling due or overdue).
    Debt { debt_id: DebtId },
}

impl EventPayload for NotificationCreated {
    const EVENT_TYPE: &'static str = "NotificationCreated";
    const EVENT_VERSION: &'static str = "2.0";
}

/// The recipient marked the notification read (or unread again).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NotificationReadChanged {
    pub notification_id: NotificationId,
    pub recipient_id: UserId,
    pub read: bool,
}

impl EventPayload for NotificationReadChanged {
    const EVENT_TYPE: &'static str = "NotificationReadChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The recipient deleted the notification; the stream accepts no further command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct NotificationDeleted {
    pub notification_id: NotificationId,
    pub recipient_id: UserId,
}

impl EventPayload for NotificationDeleted {
    const EVENT_TYPE: &'static str = "NotificationDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

impl NotificationEvent {
    pub fn notification_id(&self) -> NotificationId {
        match self {
            Self::NotificationCreated(e) => e.notification_id,
            Self::NotificationReadChanged(e) => e.notification_id,
            Self::NotificationDeleted(e) => e.notification_id,
        }
    }

    pub fn recipient_id(&self) -> UserId {
        match self {
            Self::NotificationCreated(e) => e.recipient_id,
            Self::NotificationReadChanged(e) => e.recipient_id,
            Self::NotificationDeleted(e) => e.recipient_id,
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::NotificationCreated(e) => of(e),
            Self::NotificationReadChanged(e) => of(e),
            Self::NotificationDeleted(e) => of(e),
        }
    }
}

impl DomainEvent for NotificationEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Notification event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::superseded::<legacy::NotificationCreatedV1>(),
        EventVersion::current::<NotificationCreated>(),
        EventVersion::current::<NotificationReadChanged>(),
        EventVersion::current::<NotificationDeleted>(),
    ]
}

/// Every Notification upcaster, oldest version first.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    vec![Box::new(UpcastStep {
        event_type: NotificationCreated::EVENT_TYPE,
        from: legacy::NotificationCreatedV1::EVENT_VERSION,
        to: NotificationCreated::EVENT_VERSION,
        lift: notification_created_v1_to_v2,
    })]
}

/// `NotificationCreated` 1.0 → 2.0: a 1.0 notification named no subject, so `subject` is
/// `null` (readers fall back to what its kind is about). Every other field is unchanged.
pub fn notification_created_v1_to_v2(mut payload: serde_json::Value) -> serde_json::Value {
    if let serde_json::Value::Object(fields) = &mut payload {
        fields.entry("subject").or_insert(serde_json::Value::Null);
    }
    payload
}

/// The Notification entry of the contract catalogue.
pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "notification",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<NotificationEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<NotificationEvent>()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_are_info_success_warning_and_error() {
        let names: Vec<_> = Severity::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, ["info", "success", "warning", "error"]);
        assert_eq!(Severity::parse("warning"), Some(Severity::Warning));
        assert_eq!(Severity::parse("critical"), None);
    }
}
