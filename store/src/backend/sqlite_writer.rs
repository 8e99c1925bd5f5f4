//! The SQLite log's append: one group's transaction on one dedicated connection, run in a
//! blocking task.
//!
//! Why not sqlx here: its SQLite driver runs every statement on the connection's worker
//! thread and copies every bound value to get there, so a group paid a thread hand-off per
//! statement and a copy per value; profiles of the append phases showed those hand-offs
//! (context switches) and copies above SQLite's own work. Here the whole transaction runs
//! in one blocking task with prepared statements bound straight from the planned rows.
//!
//! The rules are those of `backend::sqlite` and `backend::common`: `BEGIN IMMEDIATE`
//! takes the write lock before anything is read, so the chain and stream heads read inside
//! can't go stale; positions are rowids assigned under that lock (gap safety); sequences
//! are checked by `plan_rows` (optimistic concurrency), with the unique indexes as a net.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rusqlite::{params, Connection, TransactionBehavior};

use super::common::{
    append_keys, assign_cursors, classify, plan_rows, ChainState, CounterKey, PendingRow,
};
use super::sqlite::open_connection;
use super::{Appended, EncodedRequest};
use crate::hash::GENESIS_HASH;
use crate::{AppendError, Cursor, Db, StoreError};

pub(crate) struct SqliteWriter {
    file: PathBuf,
    /// The file's writer's turn, shared with every write transaction of its `Db`.
    db: Db,
    /// Opened on first use; one append at a time (SQLite has one writer anyway).
    connection: Mutex<Option<Connection>>,
}

impl SqliteWriter {
    pub fn new(file: PathBuf, db: Db) -> Arc<Self> {
        Arc::new(Self {
            file,
            db,
            connection: Mutex::new(None),
        })
    }

    /// Appends every request in one transaction; the cursors of each request's events.
    pub async fn append(
        self: &Arc<Self>,
        requests: Arc<Vec<EncodedRequest>>,
    ) -> Result<Vec<Appended>, AppendError> {
        let writer = Arc::clone(self);
        let turn = self.db.write_turn().await.map_err(StoreError::from)?;
        tokio::task::spawn_blocking(move || {
            // Held until the group's transaction has committed or rolled back.
            let _turn = turn;
            writer.with_connection(|connection| {
                append(connection, &requests).map_err(|e| classify(e, &requests))
            })?
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
    }

    /// Runs `f` on the writer's connection, opening it on first use.
    fn with_connection<R>(&self, f: impl FnOnce(&mut Connection) -> R) -> Result<R, StoreError> {
        let mut slot = self
            .connection
            .lock()
            .map_err(|_| StoreError::Task("the log writer's lock is poisoned".into()))?;
        if slot.is_none() {
            *slot = Some(open_connection(&self.file)?);
        }
        let Some(connection) = slot.as_mut() else {
            return Err(StoreError::Task("the log writer has no connection".into()));
        };
        Ok(f(connection))
    }
}

fn append(
    connection: &mut Connection,
    requests: &[EncodedRequest],
) -> Result<Vec<Appended>, AppendError> {
    let tx = connection.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let keys = append_keys(requests);
    let now = chrono::Utc::now().timestamp_micros();

    // Each command key once: a key recorded before means the command was applied before.
    {
        let mut record = tx.prepare_cached(
            "INSERT INTO command_keys (key, recorded_at) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
        )?;
        for key in &keys.command_keys {
            if record.execute(params![key, now])? == 0 {
                return Err(AppendError::AlreadyApplied);
            }
        }
    }

    // Every chain head the group touches, created at genesis when new.
    let mut chains: HashMap<String, ChainState> = HashMap::with_capacity(keys.chains.len());
    {
        let mut head = tx.prepare_cached(
            "INSERT INTO event_chains (chain, head_seq, head_hash, last_position) \
             VALUES (?1, 0, ?2, 0) ON CONFLICT (chain) DO UPDATE SET head_seq = head_seq \
             RETURNING head_seq, head_hash, last_position",
        )?;
        for chain in &keys.chains {
            let state = head.query_row(params![chain, GENESIS_HASH], |row| {
                Ok(ChainState {
                    seq: row.get(0)?,
                    hash: row.get(1)?,
                    last_position: row.get(2)?,
                })
            })?;
            chains.insert(chain.clone(), state);
        }
    }

    // Every stream's last sequence.
    let mut stream_heads: HashMap<(&str, &str), i64> = HashMap::with_capacity(keys.streams.len());
    {
        let mut last = tx.prepare_cached(
            "SELECT COALESCE(MAX(sequence), 0) FROM events WHERE aggregate_type = ?1 AND aggregate_id = ?2",
        )?;
        for &(aggregate_type, aggregate_id) in keys.streams.iter().chain(&keys.expected) {
            let sequence =
                last.query_row(params![aggregate_type, aggregate_id], |row| row.get(0))?;
            stream_heads.insert((aggregate_type, aggregate_id), sequence);
        }
    }

    // Every counter the group numbers with; a chain's first use counts what it holds.
    let mut counters: HashMap<CounterKey, i64> = HashMap::with_capacity(keys.counters.len());
    {
        let mut stored = tx.prepare_cached(
            "SELECT value FROM chain_counters WHERE chain = ?1 AND event_type = ?2",
        )?;
        let mut counted =
            tx.prepare_cached("SELECT COUNT(*) FROM events WHERE chain = ?1 AND event_type = ?2")?;
        for (chain, event_type) in &keys.counters {
            let value: i64 = match stored.query_row(params![chain, event_type], |row| row.get(0)) {
                Ok(value) => value,
                Err(rusqlite::Error::QueryReturnedNoRows) => {
                    counted.query_row(params![chain, event_type], |row| row.get(0))?
                }
                Err(err) => return Err(err.into()),
            };
            counters.insert((chain.clone(), (*event_type).to_owned()), value);
        }
    }

    let mut numbers = Vec::with_capacity(requests.len());
    let rows = plan_rows(
        requests,
        &mut chains,
        &stream_heads,
        &mut counters,
        &mut numbers,
        now,
    )?;
    let returned = insert(&tx, &rows)?;
    let appended = assign_cursors(requests, &rows, &returned, &mut chains, numbers)?;
    {
        let mut moved = tx.prepare_cached(
            "INSERT INTO chain_counters (chain, event_type, value) VALUES (?1, ?2, ?3) \
             ON CONFLICT (chain, event_type) DO UPDATE SET value = excluded.value",
        )?;
        for ((chain, event_type), value) in &counters {
            moved.execute(params![chain, event_type, value])?;
        }
    }

    {
        let mut moved = tx.prepare_cached(
            "UPDATE event_chains SET head_seq = ?2, head_hash = ?3, last_position = ?4 WHERE chain = ?1",
        )?;
        for (chain, state) in &chains {
            moved.execute(params![chain, state.seq, state.hash, state.last_position])?;
        }
    }
    for snapshot in requests.iter().flat_map(|r| &r.request.snapshots) {
        tx.prepare_cached(
            "INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload) \
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET \
             last_sequence = excluded.last_sequence, current_snapshot = excluded.current_snapshot, \
             payload = excluded.payload WHERE snapshots.current_snapshot < excluded.current_snapshot",
        )?
        .execute(params![
            snapshot.aggregate_type,
            snapshot.aggregate_id,
            snapshot.last_sequence,
            snapshot.current_snapshot,
            snapshot.payload.to_string(),
        ])?;
    }
    tx.commit()?;
    Ok(appended)
}

/// Inserts the planned rows; the position each (chain, chain_seq) got.
fn insert(
    tx: &rusqlite::Transaction<'_>,
    rows: &[PendingRow<'_>],
) -> Result<HashMap<(String, i64), Cursor>, AppendError> {
    let mut statement = tx.prepare_cached(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, \
         payload, metadata, recorded_at, chain, chain_seq, prev_hash, hash) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    let mut returned = HashMap::with_capacity(rows.len());
    for row in rows {
        statement.execute(params![
            row.event.aggregate_type,
            row.event.aggregate_id,
            row.event.sequence,
            row.event.event_type,
            row.event.event_version,
            row.payload.as_ref(),
            row.metadata,
            row.recorded_at,
            row.chain,
            row.chain_seq,
            row.prev_hash,
            row.hash,
        ])?;
        let position = tx.last_insert_rowid();
        returned.insert(
            (row.chain.clone(), row.chain_seq),
            Cursor { tx: 0, position },
        );
    }
    Ok(returned)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StorageConfig;

    /// `PRAGMA synchronous` answers 2 for FULL (0 OFF, 1 NORMAL, 3 EXTRA).
    const FULL: i64 = 2;

    #[tokio::test]
    async fn the_log_writer_syncs_every_commit_to_disk() {
        let dir = std::env::temp_dir().join(format!("ll_sync_{}", uuid::Uuid::new_v4().simple()));
        let config = StorageConfig::embedded(&dir);
        let db = Db::connect(&config).await.expect("open sqlite");
        let writer = SqliteWriter::new(config.sqlite_path(), db.clone());
        let synchronous = writer
            .with_connection(|connection| {
                connection.query_row("PRAGMA synchronous", [], |row| row.get::<_, i64>(0))
            })
            .expect("writer connection")
            .expect("read pragma");
        assert_eq!(synchronous, FULL);
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn every_pooled_sqlite_connection_syncs_every_commit_to_disk() {
        let dir = std::env::temp_dir().join(format!("ll_sync_{}", uuid::Uuid::new_v4().simple()));
        let db = Db::connect(&StorageConfig::embedded(&dir))
            .await
            .expect("open sqlite");
        let (shared,): (i64,) = sqlx::query_as("PRAGMA synchronous")
            .fetch_one(&db.pool)
            .await
            .expect("shared pool");
        assert_eq!(shared, FULL, "the shared pool");
        let crate::db::NativePool::Sqlite(native, _) = &db.native else {
            panic!("a SQLite database has a native SQLite pool");
        };
        let (native,): (i64,) = sqlx::query_as("PRAGMA synchronous")
            .fetch_one(native)
            .await
            .expect("native pool");
        assert_eq!(native, FULL, "the log's native pool");
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}
