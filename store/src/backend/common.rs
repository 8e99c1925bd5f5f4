//! SQL and row handling the two backends share.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::{AppendRequest, ChainHead, Snapshot};
use crate::hash::{event_hash, HashedContent, GENESIS_HASH};
use crate::migrate::Migration;
use crate::{AppendError, Cursor, RecordedEvent, StoreError};

/// Rows per multi-row INSERT: 14 parameters each keeps a statement far below SQLite's
/// 32,766-parameter limit and Postgres's 65,535.
pub(crate) const INSERT_CHUNK_ROWS: usize = 500;

pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "event log, snapshots and hash chains",
    sqlite: r#"
        CREATE TABLE events (
            global_position INTEGER PRIMARY KEY AUTOINCREMENT,
            aggregate_type TEXT NOT NULL,
            aggregate_id TEXT NOT NULL,
            sequence BIGINT NOT NULL,
            event_type TEXT NOT NULL,
            event_version TEXT NOT NULL,
            payload TEXT NOT NULL,
            metadata TEXT NOT NULL,
            recorded_at BIGINT NOT NULL,
            chain TEXT NOT NULL,
            chain_seq BIGINT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            UNIQUE (aggregate_type, aggregate_id, sequence),
            UNIQUE (chain, chain_seq)
        );
        CREATE TABLE snapshots (
            aggregate_type TEXT NOT NULL,
            aggregate_id TEXT NOT NULL,
            last_sequence BIGINT NOT NULL,
            current_snapshot BIGINT NOT NULL,
            payload TEXT NOT NULL,
            PRIMARY KEY (aggregate_type, aggregate_id)
        );
        CREATE TABLE event_chains (
            chain TEXT PRIMARY KEY,
            head_seq BIGINT NOT NULL,
            head_hash TEXT NOT NULL,
            last_position BIGINT NOT NULL
        );
    "#,
    postgres: r#"
        CREATE TABLE events (
            global_position BIGSERIAL PRIMARY KEY,
            tx_id XID8 NOT NULL DEFAULT pg_current_xact_id(),
            aggregate_type TEXT NOT NULL,
            aggregate_id TEXT NOT NULL,
            sequence BIGINT NOT NULL,
            event_type TEXT NOT NULL,
            event_version TEXT NOT NULL,
            payload JSON NOT NULL,
            metadata JSON NOT NULL,
            recorded_at BIGINT NOT NULL,
            chain TEXT NOT NULL,
            chain_seq BIGINT NOT NULL,
            prev_hash TEXT NOT NULL,
            hash TEXT NOT NULL,
            UNIQUE (aggregate_type, aggregate_id, sequence),
            UNIQUE (chain, chain_seq)
        );
        CREATE INDEX events_tx_order ON events (tx_id, global_position);
        CREATE TABLE snapshots (
            aggregate_type TEXT NOT NULL,
            aggregate_id TEXT NOT NULL,
            last_sequence BIGINT NOT NULL,
            current_snapshot BIGINT NOT NULL,
            payload JSON NOT NULL,
            PRIMARY KEY (aggregate_type, aggregate_id)
        );
        CREATE TABLE event_chains (
            chain TEXT PRIMARY KEY,
            head_seq BIGINT NOT NULL,
            head_hash TEXT NOT NULL,
            last_position BIGINT NOT NULL
        );
    "#,
}];

/// The SELECT list both backends read events with; `tx_id` and the JSON columns are
/// expressions because their types differ (xid8 / json on Postgres).
pub(crate) fn event_columns(tx_id_expr: &str, json_suffix: &str) -> String {
    format!(
        "global_position, {tx_id_expr} AS tx_id, aggregate_type, aggregate_id, sequence, event_type, \
         event_version, payload{json_suffix} AS payload, metadata{json_suffix} AS metadata, recorded_at, \
         chain, chain_seq, prev_hash, hash"
    )
}

pub(crate) fn decode_event(row: &AnyRow) -> Result<RecordedEvent, StoreError> {
    let tx_id: String = row.try_get("tx_id")?;
    let payload: String = row.try_get("payload")?;
    let metadata: String = row.try_get("metadata")?;
    let global_position: i64 = row.try_get("global_position")?;
    let corrupt = |what: &str, e: &dyn std::fmt::Display| {
        StoreError::Corrupt(format!("event at position {global_position}: {what}: {e}"))
    };
    Ok(RecordedEvent {
        global_position,
        tx_id: tx_id.parse().map_err(|e| corrupt("tx_id", &e))?,
        aggregate_type: row.try_get("aggregate_type")?,
        aggregate_id: row.try_get("aggregate_id")?,
        sequence: row.try_get("sequence")?,
        event_type: row.try_get("event_type")?,
        event_version: row.try_get("event_version")?,
        payload: serde_json::from_str(&payload).map_err(|e| corrupt("payload", &e))?,
        metadata: serde_json::from_str(&metadata).map_err(|e| corrupt("metadata", &e))?,
        recorded_at: row.try_get("recorded_at")?,
        chain: row.try_get("chain")?,
        chain_seq: row.try_get("chain_seq")?,
        prev_hash: row.try_get("prev_hash")?,
        hash: row.try_get("hash")?,
    })
}

pub(crate) fn decode_chain_head(row: &AnyRow) -> Result<ChainHead, StoreError> {
    Ok(ChainHead {
        chain: row.try_get("chain")?,
        event_count: row.try_get("head_seq")?,
        head_hash: row.try_get("head_hash")?,
        last_position: row.try_get("last_position")?,
    })
}

pub(crate) fn decode_snapshot(row: &AnyRow) -> Result<Snapshot, StoreError> {
    let payload: String = row.try_get("payload")?;
    Ok(Snapshot {
        payload: serde_json::from_str(&payload)
            .map_err(|e| StoreError::Corrupt(format!("snapshot payload: {e}")))?,
        current_snapshot: row.try_get("current_snapshot")?,
        last_sequence: row.try_get("last_sequence")?,
    })
}

/// The SQL dialect bits `append_in_tx` needs.
pub(crate) struct AppendDialect {
    /// Appended to JSON parameters (`::json` on Postgres).
    pub json_cast: &'static str,
    /// Appended to the chain-head SELECT (`FOR UPDATE` on Postgres).
    pub lock_suffix: &'static str,
    /// The RETURNING expression for the transaction id.
    pub tx_id_returning: &'static str,
}

struct ChainState {
    seq: i64,
    hash: String,
    last_position: i64,
}

/// A row ready to insert, with its chain fields computed.
struct PendingRow<'a> {
    request: usize,
    event: &'a crate::NewEvent,
    chain: String,
    chain_seq: i64,
    prev_hash: String,
    hash: String,
    recorded_at: i64,
}

/// The append algorithm both backends share, inside the caller's transaction:
/// 1. lock (Postgres) and read the head of every chain touched, in sorted order so
///    concurrent nodes never deadlock;
/// 2. check each stream's next sequence (optimistic concurrency);
/// 3. compute hashes, insert all rows in chunks, move the chain heads, store snapshots.
pub(crate) async fn append_in_tx(
    tx: &mut Transaction<'static, Any>,
    dialect: &AppendDialect,
    requests: &[AppendRequest],
) -> Result<Vec<Vec<Cursor>>, AppendError> {
    let mut chains: HashMap<String, ChainState> = HashMap::new();
    let mut chain_keys: Vec<String> = requests
        .iter()
        .flat_map(|r| r.events.iter().map(crate::NewEvent::chain_key))
        .collect();
    chain_keys.sort();
    chain_keys.dedup();
    for key in chain_keys {
        sqlx::query(
            "INSERT INTO event_chains (chain, head_seq, head_hash, last_position) VALUES ($1, 0, $2, 0) \
             ON CONFLICT (chain) DO NOTHING",
        )
        .bind(&key)
        .bind(GENESIS_HASH)
        .execute(&mut **tx)
        .await?;
        let row = sqlx::query(&format!(
            "SELECT chain, head_seq, head_hash, last_position FROM event_chains WHERE chain = $1{}",
            dialect.lock_suffix
        ))
        .bind(&key)
        .fetch_one(&mut **tx)
        .await?;
        let head = decode_chain_head(&row)?;
        chains.insert(
            key,
            ChainState {
                seq: head.event_count,
                hash: head.head_hash,
                last_position: head.last_position,
            },
        );
    }

    let mut stream_heads: HashMap<(&str, &str), i64> = HashMap::new();
    let now = chrono::Utc::now().timestamp_micros();
    let mut rows: Vec<PendingRow<'_>> = Vec::new();
    for (index, request) in requests.iter().enumerate() {
        let Some(first) = request.events.first() else {
            continue;
        };
        let stream = (first.aggregate_type.as_str(), first.aggregate_id.as_str());
        let current = match stream_heads.get(&stream) {
            Some(seq) => *seq,
            None => {
                let (max,): (i64,) = sqlx::query_as(
                    "SELECT COALESCE(MAX(sequence), 0) FROM events WHERE aggregate_type = $1 AND aggregate_id = $2",
                )
                .bind(stream.0)
                .bind(stream.1)
                .fetch_one(&mut **tx)
                .await?;
                max
            }
        };
        for (offset, event) in request.events.iter().enumerate() {
            let expected = current + 1 + offset as i64;
            if (event.aggregate_type.as_str(), event.aggregate_id.as_str()) != stream {
                return Err(AppendError::Invalid(
                    "one append request must target one stream".into(),
                ));
            }
            if event.sequence != expected {
                return Err(AppendError::Conflict {
                    aggregate_type: event.aggregate_type.clone(),
                    aggregate_id: event.aggregate_id.clone(),
                    expected,
                });
            }
            let chain = event.chain_key();
            let state = chains
                .get_mut(&chain)
                .ok_or_else(|| AppendError::Invalid("chain not locked".into()))?;
            let recorded_at = request.recorded_at.unwrap_or(now);
            let chain_seq = state.seq + 1;
            let hash = event_hash(
                &state.hash,
                &HashedContent {
                    chain: &chain,
                    chain_seq,
                    aggregate_type: &event.aggregate_type,
                    aggregate_id: &event.aggregate_id,
                    sequence: event.sequence,
                    event_type: &event.event_type,
                    event_version: &event.event_version,
                    payload: &event.payload,
                    metadata: &event.metadata,
                    recorded_at,
                },
            );
            let prev_hash = std::mem::replace(&mut state.hash, hash.clone());
            state.seq = chain_seq;
            rows.push(PendingRow {
                request: index,
                event,
                chain,
                chain_seq,
                prev_hash,
                hash,
                recorded_at,
            });
        }
        stream_heads.insert(stream, current + request.events.len() as i64);
    }

    let mut cursors: Vec<Vec<Cursor>> = requests
        .iter()
        .map(|r| Vec::with_capacity(r.events.len()))
        .collect();
    for chunk in rows.chunks(INSERT_CHUNK_ROWS) {
        // sqlx's QueryBuilder writes `?` placeholders for `Any`, which Postgres rejects, so
        // the multi-row VALUES list is formatted here with `$n`.
        let mut sql = String::from(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, \
             metadata, recorded_at, chain, chain_seq, prev_hash, hash) VALUES ",
        );
        let cast = dialect.json_cast;
        for i in 0..chunk.len() {
            let p = i * 12;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${}, ${}{cast}, ${}{cast}, ${}, ${}, ${}, ${}, ${})",
                p + 1,
                p + 2,
                p + 3,
                p + 4,
                p + 5,
                p + 6,
                p + 7,
                p + 8,
                p + 9,
                p + 10,
                p + 11,
                p + 12
            ));
        }
        sql.push_str(&format!(
            " RETURNING global_position, {} AS tx_id, chain, chain_seq",
            dialect.tx_id_returning
        ));
        let mut query = sqlx::query(&sql);
        for row in chunk {
            query = query
                .bind(row.event.aggregate_type.as_str())
                .bind(row.event.aggregate_id.as_str())
                .bind(row.event.sequence)
                .bind(row.event.event_type.as_str())
                .bind(row.event.event_version.as_str())
                .bind(row.event.payload.to_string())
                .bind(row.event.metadata.to_string())
                .bind(row.recorded_at)
                .bind(row.chain.as_str())
                .bind(row.chain_seq)
                .bind(row.prev_hash.as_str())
                .bind(row.hash.as_str());
        }
        let returned = query.fetch_all(&mut **tx).await?;
        let mut by_chain: HashMap<(String, i64), Cursor> = HashMap::with_capacity(returned.len());
        for row in &returned {
            let tx_id: String = row.try_get("tx_id")?;
            let cursor = Cursor {
                tx: tx_id
                    .parse()
                    .map_err(|_| StoreError::Corrupt(format!("bad tx id {tx_id}")))?,
                position: row.try_get("global_position")?,
            };
            by_chain.insert((row.try_get("chain")?, row.try_get("chain_seq")?), cursor);
        }
        for row in chunk {
            let cursor = by_chain
                .get(&(row.chain.clone(), row.chain_seq))
                .copied()
                .ok_or_else(|| {
                    StoreError::Corrupt("insert returned fewer rows than written".into())
                })?;
            if let Some(state) = chains.get_mut(&row.chain) {
                state.last_position = state.last_position.max(cursor.position);
            }
            cursors[row.request].push(cursor);
        }
    }

    for (chain, state) in &chains {
        sqlx::query("UPDATE event_chains SET head_seq = $1, head_hash = $2, last_position = $3 WHERE chain = $4")
            .bind(state.seq)
            .bind(&state.hash)
            .bind(state.last_position)
            .bind(chain)
            .execute(&mut **tx)
            .await?;
    }

    for snapshot in requests.iter().filter_map(|r| r.snapshot.as_ref()) {
        sqlx::query(&format!(
            "INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload) \
             VALUES ($1, $2, $3, $4, $5{cast}) ON CONFLICT (aggregate_type, aggregate_id) DO UPDATE SET \
             last_sequence = excluded.last_sequence, current_snapshot = excluded.current_snapshot, \
             payload = excluded.payload WHERE snapshots.current_snapshot < excluded.current_snapshot",
            cast = dialect.json_cast
        ))
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

/// Turns a unique-key violation (a racing writer on another node) into a conflict.
pub(crate) fn classify(err: AppendError, requests: &[AppendRequest]) -> AppendError {
    if let AppendError::Store(StoreError::Database(sqlx::Error::Database(db))) = &err {
        if db.kind() == sqlx::error::ErrorKind::UniqueViolation {
            if let Some(first) = requests.first().and_then(|r| r.events.first()) {
                return AppendError::Conflict {
                    aggregate_type: first.aggregate_type.clone(),
                    aggregate_id: first.aggregate_id.clone(),
                    expected: first.sequence,
                };
            }
        }
    }
    err
}
