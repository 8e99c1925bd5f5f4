//! SQLite: the embedded default.
//!
//! Gap safety: SQLite has one writer at a time and `global_position` is an AUTOINCREMENT
//! rowid assigned inside that writer's transaction, so positions become visible in
//! exactly the order they were assigned. A reader that has seen position N can never later
//! meet an event below N: reading `global_position > checkpoint` is safe as it stands.
//!
//! Speed: the log runs on a native `SqlitePool` (not `sqlx::Any`), and every statement of
//! an append has a fixed text so it is prepared once per connection: the chain heads and
//! the stream heads of a whole group are read with one statement each (`json_each` over a
//! JSON array parameter), the rows go in as multi-row INSERTs of power-of-two sizes, and
//! the chain heads move with one UPDATE. Reads step rows on their own connections
//! (`sqlite_reader`).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use async_trait::async_trait;
use sqlx::sqlite::SqlitePool;
use sqlx::{Row, Sqlite, Transaction};

use super::common::{
    append_keys, assign_cursors, classify, decode_chain_head, decode_snapshot, plan_rows,
    ChainState, PendingRow, CHAIN_HEAD_COLUMNS,
};
use super::sqlite_reader::SqliteReaders;
use super::{AppendRequest, ChainHead, LogBackend, Snapshot};
use crate::db::NativePool;
use crate::hash::GENESIS_HASH;
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

/// The largest multi-row INSERT: 256 rows × 12 parameters stays far below SQLite's
/// 32,766-parameter limit. Smaller remainders use the powers of two below it, so at most
/// nine distinct INSERT texts exist and each is prepared once per connection.
const INSERT_CHUNK_LOG2: usize = 8;

pub struct SqliteLog {
    pool: SqlitePool,
    readers: Arc<SqliteReaders>,
}

impl SqliteLog {
    /// `db` must be a SQLite database.
    pub fn new(db: Db) -> Self {
        let (pool, file) = match db.native {
            NativePool::Sqlite(pool, file) => (pool, file),
            NativePool::Postgres(_) => panic!("SqliteLog needs a SQLite database"),
        };
        Self {
            pool,
            readers: SqliteReaders::new(file),
        }
    }
}

/// `INSERT … VALUES (…), (…) RETURNING …` for `2^log2` rows.
fn insert_sql(log2: usize) -> &'static str {
    static SQL: OnceLock<Vec<String>> = OnceLock::new();
    &SQL.get_or_init(|| {
        (0..=INSERT_CHUNK_LOG2)
            .map(|k| {
                let rows = 1usize << k;
                let mut sql = String::from(
                    "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, \
                     payload, metadata, recorded_at, chain, chain_seq, prev_hash, hash) VALUES ",
                );
                for i in 0..rows {
                    if i > 0 {
                        sql.push_str(", ");
                    }
                    // Anonymous `?`s: sqlx looks every parameter's name up, which SQLite
                    // answers by a linear scan of the named ones (quadratic for `?NNN`).
                    sql.push_str("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
                }
                sql.push_str(" RETURNING global_position, chain, chain_seq");
                sql
            })
            .collect()
    })[log2]
}

async fn append_in_tx(
    tx: &mut Transaction<'static, Sqlite>,
    requests: &[AppendRequest],
) -> Result<Vec<Vec<Cursor>>, AppendError> {
    let keys = append_keys(requests);

    // Every chain head the group touches, created at genesis when new: one statement.
    let chain_list = serde_json::to_string(&keys.chains).map_err(StoreError::from_json)?;
    let heads = sqlx::query(&format!(
        "INSERT INTO event_chains (chain, head_seq, head_hash, last_position) \
         SELECT value, 0, ?2, 0 FROM json_each(?1) WHERE true \
         ON CONFLICT (chain) DO UPDATE SET head_seq = head_seq RETURNING {CHAIN_HEAD_COLUMNS}"
    ))
    .bind(&chain_list)
    .bind(GENESIS_HASH)
    .fetch_all(&mut **tx)
    .await?;
    let mut chains: HashMap<String, ChainState> = HashMap::with_capacity(heads.len());
    for row in &heads {
        let head = decode_chain_head(row)?;
        chains.insert(
            head.chain,
            ChainState {
                seq: head.event_count,
                hash: head.head_hash,
                last_position: head.last_position,
            },
        );
    }

    // Every stream's last sequence: one statement.
    let stream_list = serde_json::to_string(&keys.streams).map_err(StoreError::from_json)?;
    let stream_rows = sqlx::query(
        "SELECT s.value ->> 0, s.value ->> 1, \
         (SELECT COALESCE(MAX(e.sequence), 0) FROM events e \
          WHERE e.aggregate_type = s.value ->> 0 AND e.aggregate_id = s.value ->> 1) \
         FROM json_each(?1) s",
    )
    .bind(&stream_list)
    .fetch_all(&mut **tx)
    .await?;
    let mut stream_heads: HashMap<(&str, &str), i64> = HashMap::with_capacity(keys.streams.len());
    for row in &stream_rows {
        let stream: (&str, &str) = (row.try_get(0)?, row.try_get(1)?);
        let Ok(i) = keys.streams.binary_search(&stream) else {
            return Err(
                StoreError::Corrupt("stream head query returned an unknown stream".into()).into(),
            );
        };
        stream_heads.insert(keys.streams[i], row.try_get(2)?);
    }

    let now = chrono::Utc::now().timestamp_micros();
    let rows = plan_rows(requests, &mut chains, &stream_heads, now)?;

    let mut returned: HashMap<(String, i64), Cursor> = HashMap::with_capacity(rows.len());
    let mut rest: &[PendingRow<'_>] = &rows;
    while !rest.is_empty() {
        let log2 = (usize::BITS - 1 - rest.len().leading_zeros()) as usize;
        let log2 = log2.min(INSERT_CHUNK_LOG2);
        let (chunk, tail) = rest.split_at(1 << log2);
        rest = tail;
        let mut query = sqlx::query(insert_sql(log2));
        for row in chunk {
            query = query
                .bind(row.event.aggregate_type.as_str())
                .bind(row.event.aggregate_id.as_str())
                .bind(row.event.sequence)
                .bind(row.event.event_type.as_str())
                .bind(row.event.event_version.as_str())
                .bind(row.payload.as_str())
                .bind(row.metadata.as_str())
                .bind(row.recorded_at)
                .bind(row.chain.as_str())
                .bind(row.chain_seq)
                .bind(row.prev_hash.as_str())
                .bind(row.hash.as_str());
        }
        for out in query.fetch_all(&mut **tx).await? {
            let position: i64 = out.try_get(0)?;
            returned.insert(
                (out.try_get(1)?, out.try_get(2)?),
                Cursor { tx: 0, position },
            );
        }
    }
    let cursors = assign_cursors(requests, &rows, &returned, &mut chains)?;

    // Move every chain head: one statement.
    let moved: Vec<(&str, i64, &str, i64)> = chains
        .iter()
        .map(|(chain, s)| (chain.as_str(), s.seq, s.hash.as_str(), s.last_position))
        .collect();
    let moved = serde_json::to_string(&moved).map_err(StoreError::from_json)?;
    sqlx::query(
        "UPDATE event_chains SET head_seq = j.value ->> 1, head_hash = j.value ->> 2, \
         last_position = j.value ->> 3 FROM json_each(?1) j WHERE event_chains.chain = j.value ->> 0",
    )
    .bind(&moved)
    .execute(&mut **tx)
    .await?;

    for snapshot in requests.iter().filter_map(|r| r.snapshot.as_ref()) {
        sqlx::query(
            "INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload) \
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET \
             last_sequence = excluded.last_sequence, current_snapshot = excluded.current_snapshot, \
             payload = excluded.payload WHERE snapshots.current_snapshot < excluded.current_snapshot",
        )
        .bind(&snapshot.aggregate_type)
        .bind(&snapshot.aggregate_id)
        .bind(snapshot.last_sequence)
        .bind(snapshot.current_snapshot)
        .bind(snapshot.payload.to_string())
        .execute(&mut **tx)
        .await?;
    }
    Ok(cursors)
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
        // BEGIN IMMEDIATE takes the write lock first, so the reads inside never go stale.
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let cursors = append_in_tx(&mut tx, requests)
            .await
            .map_err(|e| classify(e, requests))?;
        tx.commit().await?;
        Ok(cursors)
    }

    /// One page comes back as one JSON array built inside SQLite, parsed straight into the
    /// events: sqlx's SQLite driver otherwise copies every value of every row and hands each
    /// row across threads, which cost more than everything else in a log read.
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
