//! The ids of notifications nobody chose: derived from what caused them, so every reader of
//! the log, and every re-run of a rule, names the same notification.

use event_schemas::{NotificationId, UserId};
use sha2::{Digest, Sha256};
use uuid::Builder;

/// The id of the notification rule `kind` raises for `recipient` because of `cause` (a log
/// position, or another stable key such as a digest's first position): a UUID v8 from a
/// SHA-256 of the three. The same cause always names the same stream, so a rule that runs
/// twice over an event is refused by the store the second time instead of notifying twice.
pub fn rule_notification_id(kind: &str, cause: &str, recipient: UserId) -> NotificationId {
    let mut hasher = Sha256::new();
    hasher.update(b"ledgerline/notification/");
    hasher.update(kind.as_bytes());
    hasher.update(b"/");
    hasher.update(cause.as_bytes());
    hasher.update(b"/");
    hasher.update(recipient.as_uuid().as_bytes());
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    NotificationId::from_uuid(Builder::from_custom_bytes(bytes).into_uuid())
}

/// The notification `recipient` holds of announcement `announcement_id`: a UUID v8 from a
/// SHA-256 of both, so every reader of the log derives the same id.
pub fn announced_notification_id(announcement_id: uuid::Uuid, recipient: UserId) -> NotificationId {
    let mut hasher = Sha256::new();
    hasher.update(b"ledgerline/announcement/");
    hasher.update(announcement_id.as_bytes());
    hasher.update(recipient.as_uuid().as_bytes());
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    NotificationId::from_uuid(Builder::from_custom_bytes(bytes).into_uuid())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_names_the_same_notification_for_the_same_cause() {
        let user = UserId::new_v7();
        assert_eq!(
            rule_notification_id("role_changed", "42", user),
            rule_notification_id("role_changed", "42", user)
        );
        assert_ne!(
            rule_notification_id("role_changed", "42", user),
            rule_notification_id("role_changed", "43", user)
        );
    }
}
