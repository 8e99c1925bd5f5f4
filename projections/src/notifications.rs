//! `notifications`: each user's inbox, from the Notification streams. `GET /notification/`
//! and the bell read it; the notification commands read a row's `version` (the stream's
//! last sequence) to append the next event with optimistic concurrency.
//!
//! `created_at` is the `recorded_at` of `NotificationCreated`: the log's clock, so a
//! rebuild gives the same times. Deleted notifications leave no row.

use async_trait::async_trait;
use domain::notification::announced_notification_id;
use event_schemas::announcement::AnnouncementEvent;
use event_schemas::inbox::InboxEvent;
use event_schemas::notification::{
    upcasters, NotificationEvent, NotificationSubject, AGGREGATE_TYPE,
};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const NOTIFICATIONS: &str = "CREATE TABLE read_notifications (
    id TEXT PRIMARY KEY,
    recipient_id TEXT NOT NULL,
    title TEXT NOT NULL,
    message TEXT NOT NULL,
    severity TEXT NOT NULL,
    kind TEXT NOT NULL,
    link TEXT,
    organization_id TEXT,
    workspace_id TEXT,
    created_by TEXT,
    is_read BIGINT NOT NULL,
    version BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    position BIGINT NOT NULL
)";

/// The bell's two questions — newest first, and unread only — for one recipient.
const NOTIFICATIONS_RECIPIENT: &str = "CREATE INDEX read_notifications_recipient \
    ON read_notifications (recipient_id, is_read, created_at)";

/// What the notification is about (`NotificationSubject`): its type and id; NULL for none.
const NOTIFICATIONS_SUBJECT_TYPE: &str =
    "ALTER TABLE read_notifications ADD COLUMN subject_type TEXT";
const NOTIFICATIONS_SUBJECT_ID: &str = "ALTER TABLE read_notifications ADD COLUMN subject_id TEXT";

const NOTIFICATIONS_NEWEST: &str = "CREATE INDEX read_notifications_newest \
    ON read_notifications (recipient_id, created_at)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct Notifications;

#[async_trait]
impl Projector for Notifications {
    fn name(&self) -> &'static str {
        "notifications"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_notifications", NOTIFICATIONS),
            same!(2, "read_notifications_recipient", NOTIFICATIONS_RECIPIENT),
            same!(3, "read_notifications_newest", NOTIFICATIONS_NEWEST),
            same!(
                4,
                "read_notifications_subject_type",
                NOTIFICATIONS_SUBJECT_TYPE
            ),
            same!(5, "read_notifications_subject_id", NOTIFICATIONS_SUBJECT_ID),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_notifications"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events {
            let applied = match event.aggregate_type.as_str() {
                AGGREGATE_TYPE => {
                    let decoded: NotificationEvent = decode(event, &upcasters)?;
                    apply(tx, event, &decoded).await
                }
                event_schemas::announcement::AGGREGATE_TYPE => {
                    let decoded: AnnouncementEvent =
                        decode(event, &event_schemas::announcement::upcasters())?;
                    apply_announcement(tx, event, &decoded).await
                }
                event_schemas::inbox::AGGREGATE_TYPE => {
                    let decoded: InboxEvent = decode(event, &event_schemas::inbox::upcasters())?;
                    apply_inbox(tx, &decoded).await
                }
                _ => Ok(()),
            };
            applied.map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &NotificationEvent,
) -> Result<(), sqlx::Error> {
    let id = event.notification_id().to_string();
    match event {
        NotificationEvent::NotificationCreated(e) => {
            let subject = e.subject.as_ref().map(subject_columns);
            let subject = subject.as_ref().map(|(kind, id)| (*kind, id.as_str()));
            sqlx::query(
                "INSERT INTO read_notifications (id, recipient_id, title, message, severity, kind, \
                 link, organization_id, workspace_id, created_by, is_read, version, created_at, \
                 position, subject_type, subject_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13, $14, $15)",
            )
            .bind(&id)
            .bind(e.recipient_id.to_string())
            .bind(&e.title)
            .bind(&e.message)
            .bind(e.severity.as_str())
            .bind(&e.kind)
            .bind(e.link.as_deref())
            .bind(e.organization_id.map(|o| o.to_string()))
            .bind(e.workspace_id.map(|w| w.to_string()))
            .bind(e.created_by.map(|u| u.to_string()))
            .bind(envelope.sequence)
            .bind(envelope.recorded_at)
            .bind(envelope.global_position)
            .bind(subject.map(|(kind, _)| kind))
            .bind(subject.map(|(_, id)| id))
            .execute(&mut **tx)
            .await?;
        }
        NotificationEvent::NotificationReadChanged(e) => {
            sqlx::query("UPDATE read_notifications SET is_read = $1, version = $2 WHERE id = $3")
                .bind(i64::from(e.read))
                .bind(envelope.sequence)
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
        NotificationEvent::NotificationDeleted(_) => {
            sqlx::query("DELETE FROM read_notifications WHERE id = $1")
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// One row per recipient, each with the id derived from the announcement and the
/// recipient; the rows' own streams are still empty (version 0).
async fn apply_announcement(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &AnnouncementEvent,
) -> Result<(), sqlx::Error> {
    let AnnouncementEvent::AnnouncementSent(e) = event;
    for recipient in &e.recipients {
        let id = announced_notification_id(e.announcement_id, *recipient);
        sqlx::query(
            "INSERT INTO read_notifications (id, recipient_id, title, message, severity, kind, \
             link, organization_id, workspace_id, created_by, is_read, version, created_at, \
             position) VALUES ($1, $2, $3, $4, $5, 'announcement', $6, $7, $8, $9, 0, 0, $10, $11)",
        )
        .bind(id.to_string())
        .bind(recipient.to_string())
        .bind(&e.title)
        .bind(&e.message)
        .bind(e.severity.as_str())
        .bind(e.link.as_deref())
        .bind(e.organization_id.to_string())
        .bind(e.workspace_id.to_string())
        .bind(e.sent_by.to_string())
        .bind(envelope.recorded_at)
        .bind(envelope.global_position)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn apply_inbox(
    tx: &mut Transaction<'static, Any>,
    event: &InboxEvent,
) -> Result<(), sqlx::Error> {
    let InboxEvent::InboxMarkedRead(e) = event;
    sqlx::query(
        "UPDATE read_notifications SET is_read = 1 WHERE recipient_id = $1 AND position <= $2",
    )
    .bind(e.recipient_id.to_string())
    .bind(e.up_to_position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A subject as its two columns: its type and its id.
fn subject_columns(subject: &NotificationSubject) -> (&'static str, String) {
    match subject {
        NotificationSubject::Report { report_id } => ("report", report_id.to_string()),
        NotificationSubject::JournalEntry { entry_id } => ("journal_entry", entry_id.to_string()),
        NotificationSubject::Workspace { workspace_id } => ("workspace", workspace_id.to_string()),
        NotificationSubject::Debt { debt_id } => ("debt", debt_id.to_string()),
    }
}

/// Where opening a notification leads, derived from what raised it (its kind) and what it
/// is about (its subject): typed, so a client builds the link itself and no URL written
/// into an event is ever followed. Only an announcement carries a path, one an
/// administrator chose inside the product (checked when it was created).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum NotificationTarget {
    /// Download this generated report.
    ReportDownload {
        workspace_id: String,
        report_id: String,
    },
    /// The workspace's downloads (a report that failed, or one from before subjects).
    Downloads { workspace_id: Option<String> },
    /// The finding on this entry in the audit screens.
    Finding {
        workspace_id: String,
        entry_id: String,
    },
    /// The audit screens of the workspace.
    Audit { workspace_id: Option<String> },
    /// The journal of the workspace.
    Journal { workspace_id: Option<String> },
    /// This loan in the debt register.
    Debt {
        workspace_id: String,
        debt_id: String,
    },
    /// The workspace's profile and members.
    Workspace { workspace_id: String },
    /// The organization's settings (members, invitations, transfers).
    Organization,
    /// The license page (plan and payments).
    License,
    /// The invitations waiting for the recipient's answer, to accept or decline.
    Invitations,
    /// A path inside the product an administrator gave an announcement.
    Page { path: String },
}

impl NotificationTarget {
    /// The target of a notification of `kind` about `subject`, in `workspace`.
    pub fn of(
        kind: &str,
        subject: Option<(&str, &str)>,
        workspace: Option<&str>,
        link: Option<&str>,
    ) -> Option<Self> {
        let workspace_id = workspace.map(str::to_owned);
        Some(match (kind, subject) {
            ("report_ready", Some(("report", id))) => Self::ReportDownload {
                workspace_id: workspace_id?,
                report_id: id.to_owned(),
            },
            ("report_ready" | "report_failed", _) => Self::Downloads { workspace_id },
            (_, Some(("journal_entry", id))) => Self::Finding {
                workspace_id: workspace_id?,
                entry_id: id.to_owned(),
            },
            ("continuous_audit_flag", _) => Self::Audit { workspace_id },
            ("entries_posted" | "lock_date_changed", _) => Self::Journal { workspace_id },
            (_, Some(("debt", id))) => Self::Debt {
                workspace_id: workspace_id?,
                debt_id: id.to_owned(),
            },
            (_, Some(("workspace", id))) => Self::Workspace {
                workspace_id: id.to_owned(),
            },
            ("invitation_received", _) => Self::Invitations,
            (
                "invitation_accepted"
                | "invitation_rejected"
                | "member_joined"
                | "transfer_requested"
                | "transfer_approved"
                | "transfer_rejected",
                _,
            ) => Self::Organization,
            (kind, _) if kind.starts_with("payment") || kind.starts_with("subscription") => {
                Self::License
            }
            ("announcement", _) => {
                let path = link?.trim();
                if !path.starts_with('/') || path.starts_with("//") {
                    return None;
                }
                Self::Page {
                    path: path.to_owned(),
                }
            }
            _ => return None,
        })
    }
}

/// One notification as the API shows it (spec §3: id, title, message, created_datetime,
/// read, severity, sent), plus where it leads and what raised it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
pub struct NotificationRow {
    pub id: String,
    pub title: String,
    pub message: String,
    /// RFC 3339, UTC.
    pub created_datetime: String,
    pub read: bool,
    pub severity: String,
    /// In-app notifications are delivered the moment they exist: always true.
    pub sent: bool,
    pub kind: String,
    /// The path the notification was raised with. Clients open `target` instead.
    pub link: Option<String>,
    /// What opening it leads to; `null` when nothing in particular (an invitation to an
    /// organization the reader is not in yet: the e-mail's link opens it).
    pub target: Option<NotificationTarget>,
    pub workspace_id: Option<String>,
    #[serde(skip)]
    pub recipient_id: String,
    /// The stream's last sequence: the next event's expected sequence minus one.
    #[serde(skip)]
    pub version: i64,
}

/// The columns [`NotificationRow::from_row`] reads.
pub const ROW_COLUMNS: &str = "id, recipient_id, title, message, severity, kind, link, \
     workspace_id, is_read, version, created_at, subject_type, subject_id";

impl NotificationRow {
    pub fn from_row(row: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        use sqlx::Row;
        let created_at: i64 = row.try_get("created_at")?;
        let kind: String = row.try_get("kind")?;
        let link: Option<String> = row.try_get("link")?;
        let workspace_id: Option<String> = row.try_get("workspace_id")?;
        let subject_type: Option<String> = row.try_get("subject_type")?;
        let subject_id: Option<String> = row.try_get("subject_id")?;
        let subject = subject_type.as_deref().zip(subject_id.as_deref());
        Ok(Self {
            target: NotificationTarget::of(
                &kind,
                subject,
                workspace_id.as_deref(),
                link.as_deref(),
            ),
            id: row.try_get("id")?,
            recipient_id: row.try_get("recipient_id")?,
            title: row.try_get("title")?,
            message: row.try_get("message")?,
            severity: row.try_get("severity")?,
            kind,
            link,
            workspace_id,
            read: row.try_get::<i64, _>("is_read")? != 0,
            sent: true,
            version: row.try_get("version")?,
            created_datetime: chrono::DateTime::from_timestamp_micros(created_at)
                .unwrap_or_default()
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        })
    }
}

/// Notification `id`, whoever it belongs to (callers check the recipient).
pub async fn find(pool: &sqlx::AnyPool, id: &str) -> Result<Option<NotificationRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {ROW_COLUMNS} FROM read_notifications WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(NotificationRow::from_row).transpose()
}

/// The newest log position among `recipient`'s unread notifications and how many they
/// are; `None` when nothing is unread.
pub async fn unread_extent(
    pool: &sqlx::AnyPool,
    recipient: &str,
) -> Result<Option<(i64, i64)>, sqlx::Error> {
    let (newest, count): (Option<i64>, i64) = sqlx::query_as(
        "SELECT MAX(position), COUNT(*) FROM read_notifications WHERE recipient_id = $1 AND is_read = 0",
    )
    .bind(recipient)
    .fetch_one(pool)
    .await?;
    Ok(newest.map(|n| (n, count)))
}

/// `recipient`'s unread notifications, oldest first.
pub async fn unread_of(
    pool: &sqlx::AnyPool,
    recipient: &str,
) -> Result<Vec<NotificationRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {ROW_COLUMNS} FROM read_notifications WHERE recipient_id = $1 AND is_read = 0 \
         ORDER BY created_at, id"
    ))
    .bind(recipient)
    .fetch_all(pool)
    .await?;
    rows.iter().map(NotificationRow::from_row).collect()
}

/// How many unread notifications `recipient` has: the bell's dot and the live feed's count.
pub async fn unread_count(pool: &sqlx::AnyPool, recipient: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_notifications WHERE recipient_id = $1 AND is_read = 0",
    )
    .bind(recipient)
    .fetch_one(pool)
    .await
}
