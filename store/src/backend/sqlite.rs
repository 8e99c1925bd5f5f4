//! SQLite: the embedded default.
//!
//! Gap safety: SQLite has one writer at a time and `global_position` is an AUTOINCREMENT
//! rowid assigned inside that writer's transaction, so positions become visible in
//! exactly the order they were assigned. A reader that has seen position N can never later
//! meet an event below N: reading `global_position > checkpoint` is safe as it stands.

use async_trait::async_trait;

use super::common::{
    append_in_tx, classify, decode_chain_head, decode_event, decode_snapshot, event_columns,
    AppendDialect,
};
use super::{AppendRequest, ChainHead, LogBackend, Snapshot};
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

const DIALECT: AppendDialect = AppendDialect {
    json_cast: "",
    lock_suffix: "",
    tx_id_returning: "'0'",
};

pub struct SqliteLog {
    db: Db,
    columns: String,
}

impl SqliteLog {
    pub fn new(db: Db) -> Self {
        Self {
            db,
            columns: event_columns("'0'", ""),
        }
    }
}

#[async_trait]
impl LogBackend for SqliteLog {
    fn backend(&self) -> Backend {
        Backend::Sqlite
    }

    async fn append_all(
        &self,
        requests: &[AppendRequest],
    ) -> Result<Vec<Vec<Cursor>>, AppendError> {
        let mut tx = self.db.begin_write().await?;
        let cursors = append_in_tx(&mut tx, &DIALECT, requests)
            .await
            .map_err(|e| classify(e, requests))?;
        tx.commit().await?;
        Ok(cursors)
    }

    async fn read_log(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {} FROM events WHERE global_position > $1 ORDER BY global_position LIMIT $2",
            self.columns
        ))
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
            "SELECT payload, current_snapshot, last_sequence FROM snapshots WHERE aggregate_type = $1 AND aggregate_id = $2",
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
        let (position,): (i64,) =
            sqlx::query_as("SELECT COALESCE(MAX(global_position), 0) FROM events")
                .fetch_one(&self.db.pool)
                .await?;
        Ok(Cursor { tx: 0, position })
    }

    async fn event_count(&self) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events")
            .fetch_one(&self.db.pool)
            .await?;
        Ok(count)
    }
}
