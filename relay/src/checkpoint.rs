//! The relay's checkpoint: the log cursor of the last event JetStream has acknowledged.
//!
//! It is written only after every event up to it is acked, so it may trail the stream (a crash
//! between ack and write), never lead it: restarting from it republishes, and de-duplication
//! absorbs the repeats.

use std::time::{SystemTime, UNIX_EPOCH};
use store::ExecuteWrite;

use store::migrate::Migration;
use store::{Cursor, Db};

/// The `relay` crate's tables, run with `store::migrate::run(db, "relay", MIGRATIONS)`.
pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "relay checkpoints",
    sqlite: CHECKPOINTS_TABLE,
    postgres: CHECKPOINTS_TABLE,
}];

/// Same SQL on both backends: BIGINT and TEXT mean the same on SQLite and Postgres.
const CHECKPOINTS_TABLE: &str = "CREATE TABLE relay_checkpoints (
    name TEXT PRIMARY KEY,
    tx BIGINT NOT NULL,
    position BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

/// The owner name the relay's migrations are recorded under.
pub const MIGRATION_OWNER: &str = "relay";

/// Creates the checkpoint table if this database does not have it yet.
pub async fn migrate(db: &Db) -> Result<(), store::StoreError> {
    store::migrate::run(db, MIGRATION_OWNER, MIGRATIONS).await
}

/// The cursor after the last relayed event, or the start of the log.
pub async fn load(db: &Db, name: &str) -> Result<Cursor, sqlx::Error> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT tx, position FROM relay_checkpoints WHERE name = $1")
            .bind(name)
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map_or(Cursor::START, |(tx, position)| Cursor { tx, position }))
}

/// Moves the checkpoint forward to `cursor`. It never moves back: if two relays run at once
/// (a misconfigured deployment), the slower one cannot rewind the faster one.
pub async fn save(db: &Db, name: &str, cursor: Cursor) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO relay_checkpoints (name, tx, position, updated_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (name) DO UPDATE SET \
             tx = excluded.tx, position = excluded.position, updated_at = excluded.updated_at \
         WHERE relay_checkpoints.tx < excluded.tx \
            OR (relay_checkpoints.tx = excluded.tx AND relay_checkpoints.position < excluded.position)",
    )
    .bind(name)
    .bind(cursor.tx)
    .bind(cursor.position)
    .bind(now_us())
    .execute_write(db)
    .await?;
    Ok(())
}

/// Forgets the checkpoint, so the next run republishes the whole log (after the stream was
/// purged or replaced; see [`crate::RelayError::Diverged`]).
pub async fn reset(db: &Db, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM relay_checkpoints WHERE name = $1")
        .bind(name)
        .execute_write(db)
        .await?;
    Ok(())
}

fn now_us() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_micros()).unwrap_or(i64::MAX))
}
