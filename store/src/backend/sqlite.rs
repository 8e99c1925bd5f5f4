//! SQLite: the embedded default.
//!
//! Gap safety: SQLite has one writer at a time and `global_position` is an AUTOINCREMENT
//! rowid assigned inside that writer's transaction, so positions become visible in
//! exactly the order they were assigned. A reader that has seen position N can never later
//! meet an event below N: reading `global_position > checkpoint` is safe as it stands.
//!
//! Speed: appends and event reads run on the log's own rusqlite connections in blocking
//! tasks (`sqlite_writer`, `sqlite_reader`), with prepared statements bound straight from
//! Rust values; the rest (snapshots, chain heads) on the log's native `SqlitePool`.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use rusqlite::{Connection, OpenFlags};
use sqlx::sqlite::SqlitePool;

use super::common::{decode_chain_head, decode_snapshot, CHAIN_HEAD_COLUMNS};
use super::sqlite_reader::SqliteReaders;
use super::sqlite_writer::SqliteWriter;
use super::{Appended, ChainHead, EncodedRequest, LogBackend, Snapshot};
use crate::db::{NativePool, SQLITE_BUSY_TIMEOUT_MS, SQLITE_MMAP_SIZE, SQLITE_SYNCHRONOUS};
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

pub struct SqliteLog {
    pool: SqlitePool,
    readers: Arc<SqliteReaders>,
    writer: Arc<SqliteWriter>,
}

impl SqliteLog {
    /// `db` must be a SQLite database.
    pub fn new(db: Db) -> Self {
        let (pool, file) = match &db.native {
            NativePool::Sqlite(pool, file) => (pool.clone(), file.clone()),
            NativePool::Postgres(_) => panic!("SqliteLog needs a SQLite database"),
        };
        let reads = db
            .sqlite_reads()
            .cloned()
            .expect("a SQLite database has read connections");
        Self {
            pool,
            readers: SqliteReaders::new(reads),
            writer: SqliteWriter::new(file, db),
        }
    }
}

/// A connection to the log's file with the settings of the log's sqlx pool (`db.rs`): the
/// same lock wait, memory map, in-memory temporary storage and WAL durability.
pub(crate) fn open_connection(file: &Path) -> Result<Connection, StoreError> {
    let connection = Connection::open_with_flags(
        file,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    connection.busy_timeout(Duration::from_millis(u64::from(SQLITE_BUSY_TIMEOUT_MS)))?;
    // `PRAGMA mmap_size = N` answers with the new size.
    connection.pragma_update_and_check(None, "mmap_size", SQLITE_MMAP_SIZE, |_| Ok(()))?;
    connection.execute_batch(&format!(
        "PRAGMA synchronous = {SQLITE_SYNCHRONOUS}; PRAGMA temp_store = MEMORY;"
    ))?;
    Ok(connection)
}

#[async_trait]
impl LogBackend for SqliteLog {
    fn backend(&self) -> Backend {
        Backend::Sqlite
    }

    async fn append_all(
        &self,
        requests: Arc<Vec<EncodedRequest>>,
    ) -> Result<Vec<Appended>, AppendError> {
        self.writer.append(requests).await
    }

    async fn read_log(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        self.readers.log_page(after.position, limit).await
    }

    async fn read_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.readers
            .stream(
                aggregate_type.to_owned(),
                aggregate_id.to_owned(),
                after_sequence,
            )
            .await
    }

    async fn snapshot(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<Option<Snapshot>, StoreError> {
        let row = sqlx::query(
            "SELECT payload, current_snapshot, last_sequence FROM snapshots WHERE aggregate_type = ?1 AND aggregate_id = ?2",
        )
        .bind(aggregate_type)
        .bind(aggregate_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode_snapshot).transpose()
    }

    async fn read_chain(
        &self,
        chain: &str,
        after_seq: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.readers.chain(chain.to_owned(), after_seq, limit).await
    }

    async fn chain_heads(&self) -> Result<Vec<ChainHead>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHAIN_HEAD_COLUMNS} FROM event_chains ORDER BY chain"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(decode_chain_head).collect()
    }

    async fn chain_head(&self, chain: &str) -> Result<Option<ChainHead>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {CHAIN_HEAD_COLUMNS} FROM event_chains WHERE chain = ?1"
        ))
        .bind(chain)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode_chain_head).transpose()
    }

    async fn safe_head(&self) -> Result<Cursor, StoreError> {
        let (position,): (i64,) =
            sqlx::query_as("SELECT COALESCE(MAX(global_position), 0) FROM events")
                .fetch_one(&self.pool)
                .await?;
        Ok(Cursor { tx: 0, position })
    }

    async fn event_count(&self) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events")
            .fetch_one(&self.pool)
            .await?;
        Ok(count)
    }
}
