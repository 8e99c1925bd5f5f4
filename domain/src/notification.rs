//! Notification rules that do not need IO: what a valid notification is, who may change
//! one, and the ids of notifications raised by rules.
//!
//! A notification's state is tiny (recipient, read, deleted), so commands decide on the
//! inbox read model's row and append with its `version` as the expected sequence:
//! optimistic concurrency on the stream catches a row that was stale.

use event_schemas::notification::{
    NotificationEvent, NotificationReadChanged, Severity, LINK_CHARS_MAX, MESSAGE_CHARS_MAX,
    TITLE_CHARS_MAX,
};
use event_schemas::{NotificationId, UserId};
use sha2::{Digest, Sha256};
use uuid::Builder;

/// A field and what is wrong with it.
pub type FieldProblem = (&'static str, String);

/// The content of a notification an administrator sends, once checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub title: String,
    pub message: String,
    pub severity: Severity,
    pub link: Option<String>,
}

/// Checks an announcement's fields; every problem is reported, each naming its field.
/// `severity` defaults to info; `link` must be a path inside the product.
pub fn announcement(
    title: &str,
    message: &str,
    severity: Option<&str>,
    link: Option<&str>,
) -> Result<Announcement, Vec<FieldProblem>> {
    let mut problems = Vec::new();
    let title = title.trim();
    if title.is_empty() {
        problems.push(("title", "Title is required".to_owned()));
    } else if title.chars().count() > TITLE_CHARS_MAX {
        problems.push((
            "title",
            format!("Title must be at most {TITLE_CHARS_MAX} characters"),
        ));
    }
    let message = message.trim();
    if message.is_empty() {
        problems.push(("message", "Message is required".to_owned()));
    } else if message.chars().count() > MESSAGE_CHARS_MAX {
        problems.push((
            "message",
            format!("Message must be at most {MESSAGE_CHARS_MAX} characters"),
        ));
    }
    let severity = match severity.map(str::trim) {
        None | Some("") => Some(Severity::Info),
        Some(value) => Severity::parse(value),
    };
    if severity.is_none() {
        problems.push((
            "severity",
            "Severity must be one of info, success, warning, error".to_owned(),
        ));
    }
    let link = link.map(str::trim).filter(|l| !l.is_empty());
    if let Some(link) = link {
        if !link.starts_with('/') || link.starts_with("//") || link.chars().count() > LINK_CHARS_MAX
        {
            problems.push((
                "link",
                format!(
                    "Link must be a path inside the product, starting with / (at most {LINK_CHARS_MAX} characters)"
                ),
            ));
        }
    }
    match (problems.is_empty(), severity) {
        (true, Some(severity)) => Ok(Announcement {
            title: title.to_owned(),
            message: message.to_owned(),
            severity,
            link: link.map(str::to_owned),
        }),
        _ => Err(problems),
    }
}

/// Why a notification command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotificationError {
    /// Absent, deleted, or someone else's: the same answer for all three, so nobody can
    /// probe for other users' notification ids.
    #[error("Notification not found.")]
    NotFound,
}

/// What a command needs to know of one notification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationState {
    pub notification_id: NotificationId,
    pub recipient_id: UserId,
    pub read: bool,
}

/// Marks read or unread; `None` when it already is (the command is then a no-op, so a
/// repeated PATCH or "mark all as read" over a stale list writes nothing).
pub fn change_read(
    state: &NotificationState,
    actor: UserId,
    read: bool,
) -> Result<Option<NotificationEvent>, NotificationError> {
    if state.recipient_id != actor {
        return Err(NotificationError::NotFound);
    }
    Ok((state.read != read).then_some({
        NotificationEvent::NotificationReadChanged(NotificationReadChanged {
            notification_id: state.notification_id,
            recipient_id: state.recipient_id,
            read,
        })
    }))
}

/// Deletes; only the recipient may.
pub fn delete(
    state: &NotificationState,
    actor: UserId,
) -> Result<NotificationEvent, NotificationError> {
    if state.recipient_id != actor {
        return Err(NotificationError::NotFound);
    }
    Ok(NotificationEvent::NotificationDeleted(
        event_schemas::notification::NotificationDeleted {
            notification_id: state.notification_id,
            recipient_id: state.recipient_id,
        },
    ))
}

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

    fn state(recipient: UserId, read: bool) -> NotificationState {
        NotificationState {
            notification_id: NotificationId::new_v7(),
            recipient_id: recipient,
            read,
        }
    }

    #[test]
    fn an_announcement_without_title_or_message_names_both_fields() {
        let problems = announcement(" ", "", None, None).expect_err("refused");
        let fields: Vec<_> = problems.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields, ["title", "message"]);
    }

    #[test]
    fn an_unknown_severity_is_refused_and_a_missing_one_is_info() {
        assert_eq!(
            announcement("T", "M", Some("critical"), None).expect_err("refused")[0].0,
            "severity"
        );
        assert_eq!(
            announcement("T", "M", None, None)
                .expect("accepted")
                .severity,
            Severity::Info
        );
    }

    #[test]
    fn a_link_must_stay_inside_the_product() {
        assert!(announcement("T", "M", None, Some("https://evil.example")).is_err());
        assert!(announcement("T", "M", None, Some("//evil.example")).is_err());
        assert!(announcement("T", "M", None, Some("/accounting/journal-entry")).is_ok());
    }

    #[test]
    fn a_title_longer_than_the_limit_is_refused() {
        let long = "x".repeat(TITLE_CHARS_MAX + 1);
        assert_eq!(
            announcement(&long, "M", None, None).expect_err("refused")[0].0,
            "title"
        );
    }

    #[test]
    fn someone_elses_notification_is_not_found() {
        let owner = UserId::new_v7();
        let other = UserId::new_v7();
        assert_eq!(
            change_read(&state(owner, false), other, true),
            Err(NotificationError::NotFound)
        );
        assert_eq!(
            delete(&state(owner, false), other),
            Err(NotificationError::NotFound)
        );
    }

    #[test]
    fn marking_an_already_read_notification_read_writes_nothing() {
        let owner = UserId::new_v7();
        assert_eq!(change_read(&state(owner, true), owner, true), Ok(None));
        assert!(change_read(&state(owner, false), owner, true)
            .expect("accepted")
            .is_some());
    }

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
