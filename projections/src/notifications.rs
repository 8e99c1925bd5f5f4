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
use event_schemas::notification::{upcasters, NotificationEvent, AGGREGATE_TYPE};
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
            sqlx::query(
                "INSERT INTO read_notifications (id, recipient_id, title, message, severity, kind, \
                 link, organization_id, workspace_id, created_by, is_read, version, created_at, \
                 position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12, $13)",
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
    pub link: Option<String>,
    pub workspace_id: Option<String>,
    #[serde(skip)]
    pub recipient_id: String,
    /// The stream's last sequence: the next event's expected sequence minus one.
    #[serde(skip)]
    pub version: i64,
}

/// The columns [`NotificationRow::from_row`] reads.
pub const ROW_COLUMNS: &str =
    "id, recipient_id, title, message, severity, kind, link, workspace_id, is_read, version, created_at";

impl NotificationRow {
    pub fn from_row(row: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        use sqlx::Row;
        let created_at: i64 = row.try_get("created_at")?;
        Ok(Self {
            id: row.try_get("id")?,
            recipient_id: row.try_get("recipient_id")?,
            title: row.try_get("title")?,
            message: row.try_get("message")?,
            severity: row.try_get("severity")?,
            kind: row.try_get("kind")?,
            link: row.try_get("link")?,
            workspace_id: row.try_get("workspace_id")?,
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
