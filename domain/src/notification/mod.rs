//! Notifications: what a user finds under the bell. Three aggregates, each run by the
//! command runner and appended through one `commands::Unit`:
//!
//! - [`Notification`] — one notification to one user: raised by a rule (its id derived
//!   from the cause, so a rule that runs twice raises it once), marked read or unread,
//!   deleted — only ever by its recipient.
//! - [`Announcement`] — an administrator's message to several members of a workspace,
//!   one event so it reaches all of them or none. Each recipient's copy is a notification
//!   whose id derives from the announcement and the recipient ([`announced_notification_id`]);
//!   its own stream holds only what happens to it afterwards.
//! - [`Inbox`] — one per user: "mark all as read" up to a log position, one event.
//!
//! A notification's read mark is set by two streams (its own, and its recipient's inbox
//! up to a position), and an announced notification's recipient is in its announcement's
//! stream. So a command on one notification decides on the inbox read model's row, which
//! folds all three, with the version of the notification's stream that row reflects
//! (`commands::Loaded::from_read_model`): a row behind the stream meets a conflict at the
//! append and the command decides again once the read model has caught up.
//!
//! - [`content`] — what a valid announcement is; [`ids`] — the derived ids;
//!   [`commands`] and [`errors`] — what can be asked and what is refused.

pub mod aggregate;
pub mod announcement;
pub mod commands;
pub mod content;
pub mod errors;
pub mod ids;
pub mod inbox;

#[cfg(test)]
mod aggregate_tests;

pub use aggregate::Notification;
pub use announcement::Announcement;
pub use commands::{
    ChangeRead, DeleteNotification, InboxCommand, MarkAllRead, NotificationCommand,
    RaiseNotification, SendAnnouncement,
};
pub use content::{announcement, Content, FieldProblem};
pub use errors::NotificationError;
pub use ids::{announced_notification_id, rule_notification_id};
pub use inbox::Inbox;
