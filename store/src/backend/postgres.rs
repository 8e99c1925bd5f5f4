//! Postgres: production, shared by many API nodes and projector workers.
//!
//! Gap safety: `global_position` comes from a sequence, so a transaction that took
//! position 7 may commit after one that took 8; a reader that read 8 and moved its
//! checkpoint past 7 would lose 7 forever. Time-out heuristics that skip "stale" gaps lose
//! events under load, so we don't use them, and we don't serialize every append behind a
//! global lock either. Instead each row stores the id of the transaction that wrote it
//! (`tx_id`, xid8, defaulting to `pg_current_xact_id()`), and readers:
//!
//! - only take rows with `tx_id < pg_snapshot_xmin(pg_current_snapshot())`: every
//!   transaction below the oldest still-running one has finished, so no row with such a
//!   `tx_id` can appear later;
//! - read in (`tx_id`, `global_position`) order and keep that pair as their cursor.
//!
//! A long-running transaction elsewhere holds the watermark back (readers wait); it never
//! makes them skip. Appends to the same workspace are serialized by a row lock on its
//! chain head (`FOR UPDATE`), which also keeps the hash chain and per-workspace numbers
//! gapless, while different workspaces append in parallel.

use async_trait::async_trait;

use super::common::{
    append_in_tx, classify, decode_chain_head, decode_event, decode_snapshot, event_columns,
    AppendDialect,
};
use super::{AppendRequest, ChainHead, LogBackend, Snapshot};
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

const DIALECT: AppendDialect = AppendDialect {
    json_cast: "::json",
    lock_suffix: " FOR UPDATE",
    tx_id_returning: "tx_id::text",
};

pub struct PostgresLog {
    db: Db,
    columns: String,
}

impl PostgresLog {
    pub fn new(db: Db) -> Self {
        Self {
            db,
            columns: event_columns("tx_id::text", "::text"),
        }
    }
}

#[async_trait]
impl LogBackend for PostgresLog {
    fn backend(&self) -> Backend {
        Backend::Postgres
    }

    async fn append_all(
        &self,
        requests: &[AppendRequest],
    ) -> Result<Vec<Vec<Cursor>>, AppendError> {
        let mut tx = self.db.begin_write().await?;
        let cursors = append_in_tx(&mut tx, &DIALECT, requests)
            .await
            .map_err(|e| classify(e, requests))?;
        tx.commit()
            .await
            .map_err(|e| classify(e.into(), requests))?;
        Ok(cursors)
    }

    async fn read_log(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM events \
             WHERE (tx_id, global_position) > ($1::text::xid8, $2) \
               AND tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
             ORDER BY tx_id, global_position LIMIT $3",
            self.columns
        ))
        .bind(after.tx.to_string())
        .bind(after.position)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(decode_event).collect()
    }

    async fn read_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence > $3 ORDER BY sequence",
            self.columns
        ))
        .bind(aggregate_type)
        .bind(aggregate_id)
        .bind(after_sequence)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(decode_event).collect()
    }

    async fn snapshot(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<Option<Snapshot>, StoreError> {
        let row = sqlx::query(
            "SELECT payload::text AS payload, current_snapshot, last_sequence FROM snapshots \
             WHERE aggregate_type = $1 AND aggregate_id = $2",
        )
        .bind(aggregate_type)
        .bind(aggregate_id)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(decode_snapshot).transpose()
    }

    async fn read_chain(
        &self,
        chain: &str,
        after_seq: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM events WHERE chain = $1 AND chain_seq > $2 ORDER BY chain_seq LIMIT $3",
            self.columns
        ))
        .bind(chain)
        .bind(after_seq)
        .bind(limit)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(decode_event).collect()
    }

    async fn chain_heads(&self) -> Result<Vec<ChainHead>, StoreError> {
        let rows = sqlx::query(
            "SELECT chain, head_seq, head_hash, last_position FROM event_chains ORDER BY chain",
        )
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(decode_chain_head).collect()
    }

    async fn chain_head(&self, chain: &str) -> Result<Option<ChainHead>, StoreError> {
        let row = sqlx::query(
            "SELECT chain, head_seq, head_hash, last_position FROM event_chains WHERE chain = $1",
        )
        .bind(chain)
        .fetch_optional(&self.db.pool)
        .await?;
        row.as_ref().map(decode_chain_head).transpose()
    }

    async fn safe_head(&self) -> Result<Cursor, StoreError> {
        let row: Option<(String, i64)> = sqlx::query_as(
            "SELECT tx_id::text, global_position FROM events \
             WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
             ORDER BY tx_id DESC, global_position DESC LIMIT 1",
        )
        .fetch_optional(&self.db.pool)
        .await?;
        Ok(match row {
            Some((tx, position)) => Cursor {
                tx: tx
                    .parse()
                    .map_err(|_| StoreError::Corrupt(format!("bad tx id {tx}")))?,
                position,
            },
            None => Cursor::START,
        })
    }

    async fn event_count(&self) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events")
            .fetch_one(&self.db.pool)
            .await?;
        Ok(count)
    }
}
