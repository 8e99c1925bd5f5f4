//! The continuous audit's own tables, kept by its reactor in the transaction that moves
//! its checkpoint: the settings in force per workspace, and the entries it flagged.

use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;

/// The latest `ContinuousAuditConfigured` of each workspace (`definition` is its payload).
const SETTINGS: &str = "CREATE TABLE continuous_audit_settings (
    workspace_id TEXT PRIMARY KEY,
    enabled BIGINT NOT NULL,
    notify_from TEXT NOT NULL,
    definition TEXT NOT NULL,
    configured_by TEXT NOT NULL,
    configured_at BIGINT NOT NULL,
    position BIGINT NOT NULL
)";

/// Entries scored at or above their workspace's notify band, with why. One row per
/// entry: a later, higher band replaces it (and notifies again).
const FLAGS: &str = "CREATE TABLE continuous_audit_flags (
    workspace_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    number TEXT NOT NULL,
    effective_date TEXT NOT NULL,
    score_tenths BIGINT NOT NULL,
    band TEXT NOT NULL,
    reasons TEXT NOT NULL,
    entry_position BIGINT NOT NULL,
    scored_through BIGINT NOT NULL,
    flagged_at BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, entry_id)
)";

const FLAGS_BY_DATE: &str =
    "CREATE INDEX continuous_audit_flags_date ON continuous_audit_flags (workspace_id, effective_date)";

pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "continuous_audit_settings",
        sqlite: SETTINGS,
        postgres: SETTINGS,
    },
    Migration {
        version: 2,
        name: "continuous_audit_flags",
        sqlite: FLAGS,
        postgres: FLAGS,
    },
    Migration {
        version: 3,
        name: "continuous_audit_flags_date",
        sqlite: FLAGS_BY_DATE,
        postgres: FLAGS_BY_DATE,
    },
];

/// Every table, emptied when the reactor starts over.
pub const TABLES: &[&str] = &["continuous_audit_settings", "continuous_audit_flags"];

/// A settings row to write.
pub struct SettingsRow {
    pub workspace_id: String,
    pub enabled: bool,
    pub notify_from: &'static str,
    pub definition: String,
    pub configured_by: String,
    pub configured_at: i64,
    pub position: i64,
}

pub async fn put_settings(
    tx: &mut Transaction<'static, Any>,
    row: &SettingsRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO continuous_audit_settings (workspace_id, enabled, notify_from, definition, \
         configured_by, configured_at, position) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (workspace_id) DO UPDATE SET enabled = excluded.enabled, \
         notify_from = excluded.notify_from, definition = excluded.definition, \
         configured_by = excluded.configured_by, configured_at = excluded.configured_at, \
         position = excluded.position",
    )
    .bind(&row.workspace_id)
    .bind(i64::from(row.enabled))
    .bind(row.notify_from)
    .bind(&row.definition)
    .bind(&row.configured_by)
    .bind(row.configured_at)
    .bind(row.position)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}

/// A flagged entry to write.
pub struct FlagRow<'a> {
    pub workspace_id: &'a str,
    pub entry_id: String,
    pub number: String,
    pub effective_date: String,
    pub score_tenths: i64,
    pub band: &'a str,
    pub reasons: String,
    pub entry_position: i64,
    pub scored_through: i64,
    pub flagged_at: i64,
}

pub async fn put_flag(
    tx: &mut Transaction<'static, Any>,
    row: &FlagRow<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO continuous_audit_flags (workspace_id, entry_id, number, effective_date, \
         score_tenths, band, reasons, entry_position, scored_through, flagged_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (workspace_id, entry_id) DO UPDATE SET score_tenths = excluded.score_tenths, \
         band = excluded.band, reasons = excluded.reasons, scored_through = excluded.scored_through, \
         flagged_at = excluded.flagged_at",
    )
    .bind(row.workspace_id)
    .bind(&row.entry_id)
    .bind(&row.number)
    .bind(&row.effective_date)
    .bind(row.score_tenths)
    .bind(row.band)
    .bind(&row.reasons)
    .bind(row.entry_position)
    .bind(row.scored_through)
    .bind(row.flagged_at)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}

/// The bands of the workspace's flagged entries, by entry id.
pub async fn flagged_bands(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT entry_id, band FROM continuous_audit_flags WHERE workspace_id = $1")
            .bind(workspace_id)
            .fetch_all(pool)
            .await?;
    rows.iter()
        .map(|row| Ok((row.try_get("entry_id")?, row.try_get("band")?)))
        .collect()
}

/// The settings event in force for a workspace, as stored.
pub async fn settings_definition(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT definition FROM continuous_audit_settings WHERE workspace_id = $1")
        .bind(workspace_id)
        .fetch_optional(pool)
        .await
}
