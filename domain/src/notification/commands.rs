//! What can be asked of a notification, an announcement and an inbox.

use event_schemas::notification::NotificationCreated;
use event_schemas::{OrganizationId, UserId, WorkspaceId};
use uuid::Uuid;

use super::content::Content;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotificationCommand {
    Raise(RaiseNotification),
    ChangeRead(ChangeRead),
    Delete(DeleteNotification),
}

/// A rule raises the notification as described (its id derived from the cause).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RaiseNotification {
    pub created: NotificationCreated,
}

/// `actor` marks the notification read, or unread again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangeRead {
    pub actor: UserId,
    pub read: bool,
}

/// `actor` deletes the notification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeleteNotification {
    pub actor: UserId,
}

impl From<RaiseNotification> for NotificationCommand {
    fn from(command: RaiseNotification) -> Self {
        Self::Raise(command)
    }
}

impl From<ChangeRead> for NotificationCommand {
    fn from(command: ChangeRead) -> Self {
        Self::ChangeRead(command)
    }
}

impl From<DeleteNotification> for NotificationCommand {
    fn from(command: DeleteNotification) -> Self {
        Self::Delete(command)
    }
}

/// An administrator sends `content` to `recipients` (members of the workspace, checked by
/// the caller against the memberships).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendAnnouncement {
    pub announcement_id: Uuid,
    pub recipients: Vec<UserId>,
    pub content: Content,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    pub sent_by: UserId,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InboxCommand {
    MarkAllRead(MarkAllRead),
}

/// The inbox's owner marks every notification they had, up to the log position of the
/// newest one they saw, read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkAllRead {
    pub recipient: UserId,
    pub up_to_position: i64,
}

impl From<MarkAllRead> for InboxCommand {
    fn from(command: MarkAllRead) -> Self {
        Self::MarkAllRead(command)
    }
}
