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
//!
//! Speed: the log runs on a native `PgPool` (not `sqlx::Any`), and an append costs four
//! round trips whatever the group's size: BEGIN; one statement that locks and reads every
//! chain head (an upsert over `unnest`, in sorted order) and reads every stream's last
//! sequence; one that inserts every row (`INSERT … SELECT FROM unnest(arrays)`) and moves
//! the chain heads; COMMIT. A group that records command keys, expects streams it does
//! not append to, or numbers events takes one more, after the locks: a new statement sees
//! every append that held those chains before it. Each statement text is fixed, so it is
//! prepared once per connection.

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;
use sqlx::postgres::PgPool;
use sqlx::{Connection, Postgres, Row, Transaction};

use super::common::{
    append_keys, assign_cursors, classify, decode_chain_head, decode_snapshot, plan_rows,
    AppendKeys, ChainState, CounterKey, CHAIN_HEAD_COLUMNS,
};
use super::postgres_reader::{fetch_events, select_events};
use super::{Appended, ChainHead, EncodedRequest, LogBackend, Snapshot};
use crate::db::NativePool;
use crate::hash::GENESIS_HASH;
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

/// Group-commit lanes (see [`crate::committer`]): appends to different workspaces' chains
/// run side by side on two connections, so two server processes insert at once. One lane
/// left a 2-core machine half idle during batched appends (one backend inserting, the
/// client waiting); two measured ~120,000 events/s against ~85,000 there, and more split
/// the groups smaller without more cores to run them.
const WRITER_LANES: usize = 2;

/// A page of the log after a cursor, below the watermark (see the module's comment).
const LOG_PAGE: &str = select_events!(
    "WHERE (tx_id, global_position) > ($1::int8::text::xid8, $2) \
       AND tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
     ORDER BY tx_id, global_position LIMIT $3"
);

pub struct PostgresLog {
    pool: PgPool,
}

impl PostgresLog {
    /// `db` must be a Postgres database.
    pub fn new(db: Db) -> Self {
        let pool = match db.native {
            NativePool::Postgres(pool) => pool,
            NativePool::Sqlite(..) => panic!("PostgresLog needs a Postgres database"),
        };
        Self { pool }
    }
}

/// After the chain locks: records the command keys (refusing a group with one recorded
/// before), reads the heads of the streams only expected, and every counter (a chain's
/// first use counts what it holds). One statement, so its snapshot is taken once the
/// locks are ours.
async fn read_after_locks<'k>(
    tx: &mut Transaction<'static, Postgres>,
    keys: &AppendKeys<'k>,
    stream_heads: &mut HashMap<(&'k str, &'k str), i64>,
    now: i64,
) -> Result<HashMap<CounterKey, i64>, AppendError> {
    let mut counters = HashMap::with_capacity(keys.counters.len());
    if keys.command_keys.is_empty() && keys.expected.is_empty() && keys.counters.is_empty() {
        return Ok(counters);
    }
    let (types, ids): (Vec<&str>, Vec<&str>) = keys.expected.iter().copied().unzip();
    let (counter_chains, counter_types): (Vec<&str>, Vec<&str>) = keys
        .counters
        .iter()
        .map(|(chain, event_type)| (chain.as_str(), *event_type))
        .unzip();
    let rows = sqlx::query(
        "WITH recorded AS ( \
             INSERT INTO command_keys (key, recorded_at) SELECT k, $1 FROM unnest($2::text[]) AS u(k) \
             ON CONFLICT (key) DO NOTHING RETURNING key) \
         SELECT 'k' AS kind, key AS a, '' AS b, 0::int8 AS n FROM recorded \
         UNION ALL \
         SELECT 's', s.t, s.i, (SELECT COALESCE(MAX(e.sequence), 0) FROM events e \
                                WHERE e.aggregate_type = s.t AND e.aggregate_id = s.i) \
         FROM unnest($3::text[], $4::text[]) AS s(t, i) \
         UNION ALL \
         SELECT 'c', c.ch, c.et, COALESCE( \
             (SELECT value FROM chain_counters WHERE chain = c.ch AND event_type = c.et), \
             (SELECT COUNT(*) FROM events e WHERE e.chain = c.ch AND e.event_type = c.et)) \
         FROM unnest($5::text[], $6::text[]) AS c(ch, et)",
    )
    .bind(now)
    .bind(&keys.command_keys)
    .bind(&types)
    .bind(&ids)
    .bind(&counter_chains)
    .bind(&counter_types)
    .fetch_all(&mut **tx)
    .await?;
    let mut recorded = 0;
    for row in &rows {
        let kind: &str = row.try_get(0)?;
        match kind {
            "k" => recorded += 1,
            "s" => {
                let stream: (&str, &str) = (row.try_get(1)?, row.try_get(2)?);
                let Ok(i) = keys.expected.binary_search(&stream) else {
                    return Err(StoreError::Corrupt(
                        "stream head query returned an unknown stream".into(),
                    )
                    .into());
                };
                stream_heads.insert(keys.expected[i], row.try_get(3)?);
            }
            _ => {
                counters.insert((row.try_get(1)?, row.try_get(2)?), row.try_get(3)?);
            }
        }
    }
    if recorded < keys.command_keys.len() {
        return Err(AppendError::AlreadyApplied);
    }
    Ok(counters)
}

/// Above this many bytes of payload, an append shrinks its connection's buffers after the
/// statement; smaller ones (a posting, a few kB) leave them as they are.
const LARGE_STATEMENT_BYTES: usize = 1 << 20;

async fn append_in_tx(
    tx: &mut Transaction<'static, Postgres>,
    requests: &[EncodedRequest],
) -> Result<Vec<Appended>, AppendError> {
    let keys = append_keys(requests);

    // Lock every chain head the group touches (creating it at genesis when new), in byte
    // order — the order `append_keys` sorted them in — so concurrent nodes never deadlock.
    // DO UPDATE locks an existing row like SELECT … FOR UPDATE and returns its latest values
    // once the lock is ours. The same statement reads every stream's last sequence. Its
    // snapshot may predate a transaction that committed to one of those streams while this
    // one waited for a lock; the command then planned on a sequence it did not see, and the
    // unique index on (aggregate_type, aggregate_id, sequence) refuses it as a conflict.
    let (types, ids): (Vec<&str>, Vec<&str>) = keys.streams.iter().copied().unzip();
    let heads = sqlx::query(
        "WITH heads AS ( \
             INSERT INTO event_chains (chain, head_seq, head_hash, last_position) \
             SELECT c, 0, $2, 0 FROM unnest($1::text[]) AS u(c) ORDER BY c COLLATE \"C\" \
             ON CONFLICT (chain) DO UPDATE SET head_seq = event_chains.head_seq \
             RETURNING chain, head_hash, head_seq, last_position) \
         SELECT true, chain, head_hash, head_seq, last_position FROM heads \
         UNION ALL \
         SELECT false, s.t, s.i, (SELECT COALESCE(MAX(e.sequence), 0) FROM events e \
                                  WHERE e.aggregate_type = s.t AND e.aggregate_id = s.i), 0 \
         FROM unnest($3::text[], $4::text[]) AS s(t, i)",
    )
    .bind(&keys.chains)
    .bind(GENESIS_HASH)
    .bind(&types)
    .bind(&ids)
    .fetch_all(&mut **tx)
    .await?;
    let mut chains: HashMap<String, ChainState> = HashMap::with_capacity(keys.chains.len());
    let mut stream_heads: HashMap<(&str, &str), i64> = HashMap::with_capacity(keys.streams.len());
    for row in &heads {
        let is_chain: bool = row.try_get(0)?;
        if is_chain {
            chains.insert(
                row.try_get(1)?,
                ChainState {
                    hash: row.try_get(2)?,
                    seq: row.try_get(3)?,
                    last_position: row.try_get(4)?,
                },
            );
        } else {
            let stream: (&str, &str) = (row.try_get(1)?, row.try_get(2)?);
            let Ok(i) = keys.streams.binary_search(&stream) else {
                return Err(StoreError::Corrupt(
                    "stream head query returned an unknown stream".into(),
                )
                .into());
            };
            stream_heads.insert(keys.streams[i], row.try_get(3)?);
        }
    }

    let now = chrono::Utc::now().timestamp_micros();
    let mut counters = read_after_locks(tx, &keys, &mut stream_heads, now).await?;
    let mut numbers = Vec::with_capacity(requests.len());
    let rows = plan_rows(
        requests,
        &mut chains,
        &stream_heads,
        &mut counters,
        &mut numbers,
        now,
    )?;

    // All rows in one statement, one array per column; positions are drawn in row order.
    let n = rows.len();
    let mut aggregate_types = Vec::with_capacity(n);
    let mut aggregate_ids = Vec::with_capacity(n);
    let mut sequences = Vec::with_capacity(n);
    let mut event_types = Vec::with_capacity(n);
    let mut event_versions = Vec::with_capacity(n);
    let mut payloads = Vec::with_capacity(n);
    let mut metadatas = Vec::with_capacity(n);
    let mut recorded_ats = Vec::with_capacity(n);
    let mut chain_names = Vec::with_capacity(n);
    let mut chain_seqs = Vec::with_capacity(n);
    let mut prev_hashes = Vec::with_capacity(n);
    let mut hashes = Vec::with_capacity(n);
    for row in &rows {
        aggregate_types.push(row.event.aggregate_type.as_str());
        aggregate_ids.push(row.event.aggregate_id.as_str());
        sequences.push(row.event.sequence);
        event_types.push(row.event.event_type.as_str());
        event_versions.push(row.event.event_version.as_str());
        payloads.push(row.payload.as_ref());
        metadatas.push(row.metadata);
        recorded_ats.push(row.recorded_at);
        chain_names.push(row.chain.as_str());
        chain_seqs.push(row.chain_seq);
        prev_hashes.push(row.prev_hash.as_str());
        hashes.push(row.hash.as_str());
    }
    // The chain heads move to the last planned row of each chain.
    let mut head_names = Vec::with_capacity(chains.len());
    let mut head_seqs = Vec::with_capacity(chains.len());
    let mut head_hashes = Vec::with_capacity(chains.len());
    for (chain, state) in &chains {
        head_names.push(chain.as_str());
        head_seqs.push(state.seq);
        head_hashes.push(state.hash.as_str());
    }
    let mut counter_chains = Vec::with_capacity(counters.len());
    let mut counter_types = Vec::with_capacity(counters.len());
    let mut counter_values = Vec::with_capacity(counters.len());
    for ((chain, event_type), value) in &counters {
        counter_chains.push(chain.as_str());
        counter_types.push(event_type.as_str());
        counter_values.push(*value);
    }
    // One statement inserts every row and moves every chain head (a data-modifying WITH runs
    // to completion whether or not the outer query reads it); each head's last position is
    // the highest position its rows were given.
    let inserted = sqlx::query(
        "WITH inserted AS ( \
             INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, \
                                 payload, metadata, recorded_at, chain, chain_seq, prev_hash, hash) \
             SELECT t, i, s, et, ev, p::json, m::json, r, c, cs, ph, h \
             FROM unnest($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[], \
                         $7::text[], $8::int8[], $9::text[], $10::int8[], $11::text[], $12::text[]) \
                  WITH ORDINALITY AS u(t, i, s, et, ev, p, m, r, c, cs, ph, h, n) \
             ORDER BY n \
             RETURNING global_position, tx_id, chain, chain_seq), \
         moved AS ( \
             UPDATE event_chains SET head_seq = u.s, head_hash = u.h, \
                 last_position = GREATEST(event_chains.last_position, \
                     (SELECT MAX(global_position) FROM inserted WHERE inserted.chain = u.c)) \
             FROM unnest($13::text[], $14::int8[], $15::text[]) AS u(c, s, h) \
             WHERE event_chains.chain = u.c), \
         counted AS ( \
             INSERT INTO chain_counters (chain, event_type, value) \
             SELECT * FROM unnest($16::text[], $17::text[], $18::int8[]) \
             ON CONFLICT (chain, event_type) DO UPDATE SET value = excluded.value) \
         SELECT global_position, tx_id::text::int8, chain, chain_seq FROM inserted",
    )
    .bind(&aggregate_types)
    .bind(&aggregate_ids)
    .bind(&sequences)
    .bind(&event_types)
    .bind(&event_versions)
    .bind(&payloads)
    .bind(&metadatas)
    .bind(&recorded_ats)
    .bind(&chain_names)
    .bind(&chain_seqs)
    .bind(&prev_hashes)
    .bind(&hashes)
    .bind(&head_names)
    .bind(&head_seqs)
    .bind(&head_hashes)
    .bind(&counter_chains)
    .bind(&counter_types)
    .bind(&counter_values)
    .fetch_all(&mut **tx)
    .await?;
    // The connection's buffers grew to hold that statement and keep that size while it
    // sits in the pool: after a large append (an import), give the memory back.
    let statement_bytes: usize = payloads.iter().map(|p| p.len()).sum::<usize>()
        + metadatas.iter().map(|m| m.len()).sum::<usize>();
    if statement_bytes > LARGE_STATEMENT_BYTES {
        tx.shrink_buffers();
    }
    let mut returned: HashMap<(String, i64), Cursor> = HashMap::with_capacity(n);
    for out in &inserted {
        let cursor = Cursor {
            position: out.try_get(0)?,
            tx: out.try_get(1)?,
        };
        returned.insert((out.try_get(2)?, out.try_get(3)?), cursor);
    }
    let appended = assign_cursors(requests, &rows, &returned, &mut chains, numbers)?;

    for snapshot in requests.iter().flat_map(|r| &r.request.snapshots) {
        sqlx::query(
            "INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload) \
             VALUES ($1, $2, $3, $4, $5::json) ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET \
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
    Ok(appended)
}

#[async_trait]
impl LogBackend for PostgresLog {
    fn backend(&self) -> Backend {
        Backend::Postgres
    }

    fn writer_lanes(&self) -> usize {
        WRITER_LANES
    }

    async fn append_all(
        &self,
        requests: Arc<Vec<EncodedRequest>>,
    ) -> Result<Vec<Appended>, AppendError> {
        let requests = requests.as_slice();
        let mut tx = self.pool.begin().await?;
        let appended = append_in_tx(&mut tx, requests)
            .await
            .map_err(|e| classify(e, requests))?;
        tx.commit()
            .await
            .map_err(|e| classify(e.into(), requests))?;
        Ok(appended)
    }

    async fn read_log(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError> {
        let query = sqlx::query(LOG_PAGE)
            .bind(after.tx)
            .bind(after.position)
            .bind(limit);
        fetch_events(query, &self.pool).await
    }

    async fn read_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        let query = sqlx::query(select_events!(
            "WHERE aggregate_type = $1 AND aggregate_id = $2 AND sequence > $3 ORDER BY sequence"
        ))
        .bind(aggregate_type)
        .bind(aggregate_id)
        .bind(after_sequence);
        fetch_events(query, &self.pool).await
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
        let query = sqlx::query(select_events!(
            "WHERE chain = $1 AND chain_seq > $2 ORDER BY chain_seq LIMIT $3"
        ))
        .bind(chain)
        .bind(after_seq)
        .bind(limit);
        fetch_events(query, &self.pool).await
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
            "SELECT {CHAIN_HEAD_COLUMNS} FROM event_chains WHERE chain = $1"
        ))
        .bind(chain)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(decode_chain_head).transpose()
    }

    async fn safe_head(&self) -> Result<Cursor, StoreError> {
        let row: Option<(i64, i64)> = sqlx::query_as(
            "SELECT tx_id::text::int8, global_position FROM events \
             WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot()) \
             ORDER BY tx_id DESC, global_position DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(match row {
            Some((tx, position)) => Cursor { tx, position },
            None => Cursor::START,
        })
    }

    async fn event_count(&self) -> Result<i64, StoreError> {
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM events")
            .fetch_one(&self.pool)
            .await?;
        Ok(count)
    }
}

#[cfg(all(test, feature = "testing"))]
mod tests {
    use super::LOG_PAGE;
    use crate::db::NativePool;
    use crate::testing::TestDatabase;
    use crate::{Backend, EventStore};

    /// A log without statistics (new, or just imported) made the planner guess that few rows
    /// follow a cursor (default selectivity of the row comparison) and read each page by
    /// fetching and sorting every later row: a catch-up over 262,400 events ran at ~100,000
    /// events/s instead of ~600,000. The log's connections forbid sorts where an index gives
    /// the order.
    #[tokio::test]
    async fn a_log_page_is_read_in_index_order_on_a_table_without_statistics() {
        let t = TestDatabase::new(Backend::Postgres).await;
        EventStore::open(t.db.clone()).await.expect("open");
        let NativePool::Postgres(pool) = &t.db.native else {
            panic!("a Postgres test database");
        };
        sqlx::query(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, \
             payload, metadata, recorded_at, chain, chain_seq, prev_hash, hash) \
             SELECT 'T', 's' || n, 1, 'E', '1', '{}', '{}', 0, 'c', n, 'p', 'h' \
             FROM generate_series(1, 200000) AS n",
        )
        .execute(pool)
        .await
        .expect("fill");

        let plan: Vec<String> = sqlx::query_scalar(&format!("EXPLAIN {LOG_PAGE}"))
            .bind(0_i64)
            .bind(0_i64)
            .bind(10_000_i64)
            .fetch_all(pool)
            .await
            .expect("explain");
        let plan = plan.join("\n");
        assert!(plan.contains("Index Scan using events_tx_order"), "{plan}");
        assert!(!plan.contains("Sort"), "{plan}");
        t.cleanup().await;
    }

    /// The sort penalty above makes the append upserts look expensive enough to JIT-compile,
    /// which cost more than running them (single-event appends fell ~35-fold in the event
    /// store benchmark): the log's connections run without JIT.
    #[tokio::test]
    async fn the_logs_connections_do_not_jit_compile_their_statements() {
        let t = TestDatabase::new(Backend::Postgres).await;
        let NativePool::Postgres(pool) = &t.db.native else {
            panic!("a Postgres test database");
        };
        let jit: String = sqlx::query_scalar("SHOW jit")
            .fetch_one(pool)
            .await
            .expect("show jit");
        assert_eq!(jit, "off");
        t.cleanup().await;
    }
}
