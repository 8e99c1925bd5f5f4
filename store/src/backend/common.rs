//! SQL and row handling the two backends share.

use std::borrow::Cow;
use std::collections::HashMap;

use sqlx::{ColumnIndex, Decode, Row, Type};

use super::{Appended, ChainHead, EncodedRequest, Snapshot};
use crate::hash::{event_hash_with_json, HashedContent};
use crate::migrate::Migration;
use crate::{AppendError, Cursor, NewEvent, StoreError};

pub const MIGRATIONS: &[Migration] = &[
    Migration {
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
    },
    Migration {
        version: 2,
        name: "per-chain event numbers and command keys",
        sqlite: COUNTERS_AND_KEYS,
        postgres: COUNTERS_AND_KEYS,
    },
];

/// `chain_counters`: how many events of each numbered type each chain holds (the last
/// number given; see `backend::Numbering`), moved in the append that numbers them.
/// `command_keys`: every idempotency key an append recorded, in that append's transaction.
const COUNTERS_AND_KEYS: &str = r#"
    CREATE TABLE chain_counters (
        chain TEXT NOT NULL,
        event_type TEXT NOT NULL,
        value BIGINT NOT NULL,
        PRIMARY KEY (chain, event_type)
    );
    CREATE TABLE command_keys (
        key TEXT PRIMARY KEY,
        recorded_at BIGINT NOT NULL
    );
"#;

/// The chain-head columns, in the order [`decode_chain_head`] expects.
pub(crate) const CHAIN_HEAD_COLUMNS: &str = "chain, head_seq, head_hash, last_position";

pub(crate) fn decode_chain_head<'r, R>(row: &'r R) -> Result<ChainHead, StoreError>
where
    R: Row,
    usize: ColumnIndex<R>,
    String: Decode<'r, R::Database> + Type<R::Database>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(ChainHead {
        chain: row.try_get(0)?,
        event_count: row.try_get(1)?,
        head_hash: row.try_get(2)?,
        last_position: row.try_get(3)?,
    })
}

/// Decodes `payload, current_snapshot, last_sequence`.
pub(crate) fn decode_snapshot<'r, R>(row: &'r R) -> Result<Snapshot, StoreError>
where
    R: Row,
    usize: ColumnIndex<R>,
    &'r str: Decode<'r, R::Database> + Type<R::Database>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
{
    let payload: &str = row.try_get(0)?;
    Ok(Snapshot {
        payload: serde_json::from_str(payload)
            .map_err(|e| StoreError::Corrupt(format!("snapshot payload: {e}")))?,
        current_snapshot: row.try_get(1)?,
        last_sequence: row.try_get(2)?,
    })
}

/// The head of one chain as the append found it (and moves it).
pub(crate) struct ChainState {
    pub seq: i64,
    pub hash: String,
    pub last_position: i64,
}

/// A row ready to insert, with its chain fields computed and its JSON serialized once (for
/// the hash and for the column). A numbered event's payload is serialized here, with its
/// number; any other's was serialized by its caller.
pub(crate) struct PendingRow<'a> {
    pub request: usize,
    pub event: &'a NewEvent,
    pub chain: String,
    pub chain_seq: i64,
    pub prev_hash: String,
    pub hash: String,
    pub recorded_at: i64,
    pub payload: Cow<'a, str>,
    pub metadata: &'a str,
}

/// What an append has to read before it can compute anything: every chain it touches, in
/// sorted order (so concurrent nodes lock them in one order and never deadlock), every
/// stream it appends to or expects at a version, every (chain, event type) it numbers, and
/// the command keys it records.
pub(crate) struct AppendKeys<'a> {
    pub chains: Vec<String>,
    pub streams: Vec<(&'a str, &'a str)>,
    /// Streams only expected (read, not appended to): their heads are read after the
    /// chains are locked.
    pub expected: Vec<(&'a str, &'a str)>,
    pub counters: Vec<(String, &'a str)>,
    pub command_keys: Vec<&'a str>,
}

pub(crate) fn append_keys(requests: &[EncodedRequest]) -> AppendKeys<'_> {
    let mut chains: Vec<String> = requests
        .iter()
        .flat_map(|r| {
            r.request
                .events
                .iter()
                .map(NewEvent::chain_key)
                .chain(r.request.expected.iter().map(|e| e.chain.clone()))
        })
        .collect();
    chains.sort_unstable();
    chains.dedup();
    let mut streams: Vec<(&str, &str)> = requests
        .iter()
        .flat_map(|r| r.request.events.iter())
        .map(|e| (e.aggregate_type.as_str(), e.aggregate_id.as_str()))
        .collect();
    streams.sort_unstable();
    streams.dedup();
    let mut expected: Vec<(&str, &str)> = requests
        .iter()
        .flat_map(|r| r.request.expected.iter())
        .map(|e| (e.aggregate_type.as_str(), e.aggregate_id.as_str()))
        .filter(|stream| streams.binary_search(stream).is_err())
        .collect();
    expected.sort_unstable();
    expected.dedup();
    let mut counters: Vec<(String, &str)> = requests
        .iter()
        .flat_map(|r| {
            r.request.numbered.iter().filter_map(|n| {
                r.request
                    .events
                    .get(n.event)
                    .map(|e| (e.chain_key(), e.event_type.as_str()))
            })
        })
        .collect();
    counters.sort_unstable();
    counters.dedup();
    let command_keys = requests
        .iter()
        .filter_map(|r| r.request.command_key.as_deref())
        .collect();
    AppendKeys {
        chains,
        streams,
        expected,
        counters,
        command_keys,
    }
}

/// A counter's key: (chain, event type).
pub(crate) type CounterKey = (String, String);

/// The pure middle of an append, shared by both backends once they have locked the chain
/// heads and read each stream's last sequence and each counter: checks every expected
/// stream and every event's sequence (optimistic concurrency; requests of one group on one
/// stream follow each other), numbers the numbered events, and computes each event's chain
/// position and hash. Moves `chains` and `counters` on; each request's numbers go to
/// `numbers`.
pub(crate) fn plan_rows<'a>(
    requests: &'a [EncodedRequest],
    chains: &mut HashMap<String, ChainState>,
    stream_heads: &HashMap<(&str, &str), i64>,
    counters: &mut HashMap<CounterKey, i64>,
    numbers: &mut Vec<Vec<i64>>,
    now: i64,
) -> Result<Vec<PendingRow<'a>>, AppendError> {
    let mut moved: HashMap<(&str, &str), i64> = HashMap::new();
    let mut rows: Vec<PendingRow<'a>> =
        Vec::with_capacity(requests.iter().map(|r| r.request.events.len()).sum());
    numbers.clear();
    for (index, request) in requests.iter().enumerate() {
        for expected in &request.request.expected {
            let stream = (
                expected.aggregate_type.as_str(),
                expected.aggregate_id.as_str(),
            );
            let current = match moved.get(&stream).or_else(|| stream_heads.get(&stream)) {
                Some(seq) => *seq,
                None => return Err(AppendError::Invalid("expected stream not read".into())),
            };
            if current != expected.sequence {
                return Err(AppendError::Conflict {
                    aggregate_type: expected.aggregate_type.clone(),
                    aggregate_id: expected.aggregate_id.clone(),
                    expected: expected.sequence + 1,
                });
            }
        }
        let mut given = Vec::with_capacity(request.request.numbered.len());
        // A request may span several streams (a batch of entries, an announcement and its
        // recipients' rows): all of its events commit together or none do. Each stream's
        // events follow its current sequence, in the order the request lists them.
        for (position, (event, json)) in request.events().enumerate() {
            let stream = (event.aggregate_type.as_str(), event.aggregate_id.as_str());
            let current = match moved.get(&stream).or_else(|| stream_heads.get(&stream)) {
                Some(seq) => *seq,
                None => return Err(AppendError::Invalid("stream head not read".into())),
            };
            let expected = current + 1;
            if event.sequence != expected {
                return Err(AppendError::Conflict {
                    aggregate_type: event.aggregate_type.clone(),
                    aggregate_id: event.aggregate_id.clone(),
                    expected,
                });
            }
            moved.insert(stream, expected);
            let chain = event.chain_key();
            let state = chains
                .get_mut(&chain)
                .ok_or_else(|| AppendError::Invalid("chain not locked".into()))?;
            let recorded_at = request.request.recorded_at.unwrap_or(now);
            let chain_seq = state.seq + 1;
            let payload = match request
                .request
                .numbered
                .iter()
                .find(|n| n.event == position)
            {
                None => Cow::Borrowed(json.payload.as_str()),
                Some(numbering) => {
                    let counter = counters
                        .get_mut(&(chain.clone(), event.event_type.clone()))
                        .ok_or_else(|| AppendError::Invalid("counter not read".into()))?;
                    *counter += 1;
                    given.push(*counter);
                    let mut payload = event.payload.clone();
                    (numbering.apply)(&mut payload, *counter);
                    Cow::Owned(payload.to_string())
                }
            };
            let hash = event_hash_with_json(
                &state.hash,
                &HashedContent {
                    chain: &chain,
                    chain_seq,
                    aggregate_type: &event.aggregate_type,
                    aggregate_id: &event.aggregate_id,
                    sequence: event.sequence,
                    event_type: &event.event_type,
                    event_version: &event.event_version,
                    recorded_at,
                },
                &payload,
                &json.metadata,
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
                payload,
                metadata: &json.metadata,
            });
        }
        numbers.push(given);
    }
    Ok(rows)
}

/// Hands each request its cursors (and the numbers `plan_rows` gave it), given what the
/// INSERTs returned for each (chain, chain_seq), and moves each chain's `last_position`.
pub(crate) fn assign_cursors(
    requests: &[EncodedRequest],
    rows: &[PendingRow<'_>],
    returned: &HashMap<(String, i64), Cursor>,
    chains: &mut HashMap<String, ChainState>,
    numbers: Vec<Vec<i64>>,
) -> Result<Vec<Appended>, AppendError> {
    let mut cursors: Vec<Vec<Cursor>> = requests
        .iter()
        .map(|r| Vec::with_capacity(r.request.events.len()))
        .collect();
    let mut key = (String::new(), 0);
    for row in rows {
        key.0.clear();
        key.0.push_str(&row.chain);
        key.1 = row.chain_seq;
        let cursor = returned
            .get(&key)
            .copied()
            .ok_or_else(|| StoreError::Corrupt("insert returned fewer rows than written".into()))?;
        if let Some(state) = chains.get_mut(&row.chain) {
            state.last_position = state.last_position.max(cursor.position);
        }
        cursors[row.request].push(cursor);
    }
    Ok(cursors
        .into_iter()
        .zip(numbers)
        .map(|(cursors, numbers)| Appended { cursors, numbers })
        .collect())
}

/// Turns a unique-key violation (a racing writer on another node, or the indexes' safety
/// net behind the sequence check) into a conflict.
pub(crate) fn classify(err: AppendError, requests: &[EncodedRequest]) -> AppendError {
    if is_unique_violation(&err) {
        if let Some(first) = requests.first().and_then(|r| r.request.events.first()) {
            return AppendError::Conflict {
                aggregate_type: first.aggregate_type.clone(),
                aggregate_id: first.aggregate_id.clone(),
                expected: first.sequence,
            };
        }
    }
    err
}

fn is_unique_violation(err: &AppendError) -> bool {
    match err {
        AppendError::Store(StoreError::Database(sqlx::Error::Database(db))) => {
            db.kind() == sqlx::error::ErrorKind::UniqueViolation
        }
        AppendError::Store(StoreError::Sqlite(rusqlite::Error::SqliteFailure(failure, _))) => {
            matches!(
                failure.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                    | rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            )
        }
        _ => false,
    }
}
