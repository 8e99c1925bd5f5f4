use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::ExecuteWrite;
use store::{Cursor, Db};

pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "projector checkpoints",
        sqlite: CHECKPOINTS_TABLE,
        postgres: CHECKPOINTS_TABLE,
    },
    crate::quarantine::QUARANTINE_TABLE,
];

const CHECKPOINTS_TABLE: &str = "CREATE TABLE projector_checkpoints (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    tx BIGINT NOT NULL,
    position BIGINT NOT NULL,
    events BIGINT NOT NULL,
    state TEXT NOT NULL,
    error TEXT,
    error_position BIGINT,
    updated_at BIGINT NOT NULL
)";

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProjectorState {
    Running,
    Failed,
}

impl ProjectorState {
    fn as_str(self) -> &'static str {
        match self {
            Self::Running => "running",
            Self::Failed => "failed",
        }
    }
}

/// Where a projector stands: the cursor past its last applied event and how many events
/// it has applied (so lag is exact on both backends: log size minus `events`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Checkpoint {
    pub name: String,
    pub version: i64,
    pub cursor: Cursor,
    pub events: i64,
    pub state: ProjectorState,
    pub error: Option<String>,
    pub error_position: Option<i64>,
    pub updated_at: i64,
}

fn now_us() -> i64 {
    chrono::Utc::now().timestamp_micros()
}

const COLUMNS: &str =
    "name, version, tx, position, events, state, error, error_position, updated_at";

fn of_row(row: &sqlx::any::AnyRow) -> Result<Checkpoint, sqlx::Error> {
    let state: String = row.try_get("state")?;
    Ok(Checkpoint {
        name: row.try_get("name")?,
        version: row.try_get("version")?,
        cursor: Cursor {
            tx: row.try_get("tx")?,
            position: row.try_get("position")?,
        },
        events: row.try_get("events")?,
        state: if state == "failed" {
            ProjectorState::Failed
        } else {
            ProjectorState::Running
        },
        error: row.try_get("error")?,
        error_position: row.try_get("error_position")?,
        updated_at: row.try_get("updated_at")?,
    })
}

pub async fn load(db: &Db, name: &str) -> Result<Option<Checkpoint>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM projector_checkpoints WHERE name = $1"
    ))
    .bind(name)
    .fetch_optional(&db.pool)
    .await?
    .as_ref()
    .map(of_row)
    .transpose()
}

/// Every projector's checkpoint, in one query (the live loop asks on each turn).
pub async fn load_all(db: &Db) -> Result<Vec<Checkpoint>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM projector_checkpoints"))
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(of_row)
        .collect()
}

/// Waits until projector `name` has applied the event at `cursor`, polling its checkpoint,
/// for at most `max`; whether it did. Readers that must see a read model agree with an
/// event they saw in the log (live feeds, reactors) wait here.
pub async fn wait_until(db: &Db, name: &str, cursor: Cursor, max: std::time::Duration) -> bool {
    let deadline = tokio::time::Instant::now() + max;
    loop {
        if let Ok(Some(cp)) = load(db, name).await {
            if cp.cursor >= cursor {
                return true;
            }
        }
        if tokio::time::Instant::now() >= deadline {
            return false;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

/// Sets a projector back to the start of the log (inside the caller's transaction, together
/// with emptying its tables).
pub async fn reset(
    tx: &mut Transaction<'static, Any>,
    name: &str,
    version: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projector_checkpoints (name, version, tx, position, events, state, error, error_position, updated_at) \
         VALUES ($1, $2, 0, 0, 0, 'running', NULL, NULL, $3) \
         ON CONFLICT (name) DO UPDATE SET version = excluded.version, tx = 0, position = 0, events = 0, \
         state = 'running', error = NULL, error_position = NULL, updated_at = excluded.updated_at",
    )
    .bind(name)
    .bind(version)
    .bind(now_us())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Holds projector `name`'s checkpoint row for the rest of `tx` (a batch of another
/// process waits) and returns where it stands.
pub async fn hold(
    tx: &mut Transaction<'static, Any>,
    name: &str,
) -> Result<Option<Cursor>, sqlx::Error> {
    sqlx::query("UPDATE projector_checkpoints SET updated_at = $1 WHERE name = $2")
        .bind(now_us())
        .bind(name)
        .execute(&mut **tx)
        .await?;
    let row = sqlx::query("SELECT tx, position FROM projector_checkpoints WHERE name = $1")
        .bind(name)
        .fetch_optional(&mut **tx)
        .await?;
    row.map(|row| {
        Ok(Cursor {
            tx: row.try_get("tx")?,
            position: row.try_get("position")?,
        })
    })
    .transpose()
}

/// Moves the checkpoint from `from` to `to` only if it still stands at `from`: if another
/// worker (a second projector node, or a rebuild) moved it meanwhile, nothing is applied
/// twice — the caller rolls back. Run first in the batch transaction: on SQLite the write
/// also takes the lock before any read.
pub async fn advance(
    tx: &mut Transaction<'static, Any>,
    name: &str,
    from: Cursor,
    to: Cursor,
    applied: i64,
) -> Result<bool, sqlx::Error> {
    advance_together(tx, &[name], from, to, applied).await
}

/// [`advance`] for several projectors standing at the same `from`, in one statement: true
/// only if every one of them still stood there (otherwise the caller rolls back and lets
/// each go alone).
pub async fn advance_together(
    tx: &mut Transaction<'static, Any>,
    names: &[&str],
    from: Cursor,
    to: Cursor,
    applied: i64,
) -> Result<bool, sqlx::Error> {
    let list = (0..names.len())
        .map(|i| format!("${}", i + 7))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE projector_checkpoints SET tx = $1, position = $2, events = events + $3, updated_at = $4 \
         WHERE tx = $5 AND position = $6 AND state = 'running' AND name IN ({list})"
    );
    let mut query = sqlx::query(&sql)
        .bind(to.tx)
        .bind(to.position)
        .bind(applied)
        .bind(now_us())
        .bind(from.tx)
        .bind(from.position);
    for name in names {
        query = query.bind(*name);
    }
    let result = query.execute(&mut **tx).await?;
    Ok(result.rows_affected() == names.len() as u64)
}

pub async fn mark(
    db: &Db,
    name: &str,
    state: ProjectorState,
    error: Option<&str>,
    position: Option<i64>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE projector_checkpoints SET state = $1, error = $2, error_position = $3, updated_at = $4 WHERE name = $5")
        .bind(state.as_str())
        .bind(error)
        .bind(position)
        .bind(now_us())
        .bind(name)
        .execute_write(db)
        .await?;
    Ok(())
}
