//! Workspaces a projector has set aside. One event a projector cannot apply must not stop
//! the read models of every tenant: the projector sets that event's workspace aside
//! (quarantines it), passes its later events by, and goes on for every other workspace.
//! The quarantine is stored beside the checkpoints, shown by `projections status` and
//! `/health/`, recorded in the workspace's activity log (a `ReadModel` event), and lifted
//! when the projector, at a later start or on demand, applies every event it passed by
//! (an upcaster or a fix in the new build handles the event).
//!
//! An event of no workspace (the global chain) cannot be set aside: it stops its projector
//! as before. Neither can a fault this widespread: past [`QUARANTINES_PER_PROJECTOR_MAX`]
//! workspaces the projector itself is at fault, and it stops.

use std::collections::HashSet;
use store::ExecuteWrite;

use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::Db;

/// Most workspaces one projector may set aside before it stops altogether.
pub const QUARANTINES_PER_PROJECTOR_MAX: usize = 16;

pub(crate) const QUARANTINE_TABLE: Migration = Migration {
    version: 2,
    name: "projector quarantines",
    sqlite: QUARANTINES,
    postgres: QUARANTINES,
};

const QUARANTINES: &str = "CREATE TABLE projector_quarantines (
    projector TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    resume_after_seq BIGINT NOT NULL,
    failed_position BIGINT NOT NULL,
    error TEXT NOT NULL,
    since BIGINT NOT NULL,
    PRIMARY KEY (projector, workspace_id)
)";

/// One workspace a projector has set aside.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Quarantine {
    pub projector: String,
    pub workspace_id: String,
    /// The chain position (`chain_seq`) after which the projector passed this workspace's
    /// events by: catching up replays the chain from here.
    pub resume_after_seq: i64,
    /// The log position of the event the projector could not apply.
    pub failed_position: i64,
    /// Why, as the projector said it.
    pub error: String,
    /// When (µs since the epoch).
    pub since: i64,
}

fn of_row(row: &sqlx::any::AnyRow) -> Result<Quarantine, sqlx::Error> {
    Ok(Quarantine {
        projector: row.try_get("projector")?,
        workspace_id: row.try_get("workspace_id")?,
        resume_after_seq: row.try_get("resume_after_seq")?,
        failed_position: row.try_get("failed_position")?,
        error: row.try_get("error")?,
        since: row.try_get("since")?,
    })
}

const COLUMNS: &str = "projector, workspace_id, resume_after_seq, failed_position, error, since";

/// Every quarantine, by projector then workspace.
pub async fn all(db: &Db) -> Result<Vec<Quarantine>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM projector_quarantines ORDER BY projector, workspace_id"
    ))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(of_row).collect()
}

/// The quarantines of projector `name`.
pub async fn of_projector(db: &Db, name: &str) -> Result<Vec<Quarantine>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM projector_quarantines WHERE projector = $1 ORDER BY workspace_id"
    ))
    .bind(name)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(of_row).collect()
}

/// The workspaces projector `name` passes by, read inside the batch's transaction so a
/// quarantine lifted meanwhile by another process is seen consistently.
pub(crate) async fn workspaces(
    tx: &mut Transaction<'static, Any>,
    name: &str,
) -> Result<HashSet<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT workspace_id FROM projector_quarantines WHERE projector = $1")
        .bind(name)
        .fetch_all(&mut **tx)
        .await
        .map(|ids: Vec<String>| ids.into_iter().collect())
}

/// The projectors that pass some workspace by, read inside the batch's transaction: the
/// live loop applies a page to them alone, where [`workspaces`] filters it.
pub(crate) async fn projectors(
    tx: &mut Transaction<'static, Any>,
) -> Result<HashSet<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT DISTINCT projector FROM projector_quarantines")
        .fetch_all(&mut **tx)
        .await
        .map(|names: Vec<String>| names.into_iter().collect())
}

/// Records a quarantine; one that exists already is kept as it is (its first cause).
pub(crate) async fn insert(db: &Db, quarantine: &Quarantine) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO projector_quarantines ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (projector, workspace_id) DO NOTHING"
    ))
    .bind(&quarantine.projector)
    .bind(&quarantine.workspace_id)
    .bind(quarantine.resume_after_seq)
    .bind(quarantine.failed_position)
    .bind(&quarantine.error)
    .bind(quarantine.since)
    .execute_write(db)
    .await?;
    Ok(())
}

/// A failed attempt to lift a quarantine: the new reason and the event it stopped at.
pub(crate) async fn still_failing(
    db: &Db,
    projector: &str,
    workspace_id: &str,
    failed_position: i64,
    error: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE projector_quarantines SET failed_position = $1, error = $2 \
         WHERE projector = $3 AND workspace_id = $4",
    )
    .bind(failed_position)
    .bind(error)
    .bind(projector)
    .bind(workspace_id)
    .execute_write(db)
    .await?;
    Ok(())
}

/// Lifts one quarantine, inside the transaction that applied what was passed by.
pub(crate) async fn remove(
    tx: &mut Transaction<'static, Any>,
    projector: &str,
    workspace_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM projector_quarantines WHERE projector = $1 AND workspace_id = $2")
        .bind(projector)
        .bind(workspace_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Lifts every quarantine of a projector being rebuilt from the start of the log.
pub(crate) async fn clear(
    tx: &mut Transaction<'static, Any>,
    projector: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM projector_quarantines WHERE projector = $1")
        .bind(projector)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A projector's error cut to what a person reads (and an event may carry).
pub(crate) fn reason(error: &str) -> String {
    let max = event_schemas::read_model::REASON_CHARS_MAX;
    if error.chars().count() <= max {
        return error.to_owned();
    }
    let mut cut: String = error.chars().take(max - 1).collect();
    cut.push('…');
    cut
}
