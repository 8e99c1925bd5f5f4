//! Why a notification, announcement or inbox command was refused.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotificationError {
    /// Absent, deleted, or someone else's: the same answer for all three, so nobody can
    /// probe for other users' notification ids.
    #[error("Notification not found.")]
    NotFound,
    /// A rule raised this notification before (its id derives from the cause).
    #[error("This notification was already raised.")]
    AlreadyRaised,
    /// An announcement's id names one message; a second send under it is refused.
    #[error("This announcement was already sent.")]
    AlreadySent,
    #[error("Name at least one member, or leave it out.")]
    NoRecipients,
}
