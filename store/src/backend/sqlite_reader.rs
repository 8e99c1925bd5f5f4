//! The SQLite log's read path: rows stepped directly on a few read-only connections.
//!
//! Why not sqlx here: sqlx runs each SQLite connection on a worker thread and hands every
//! row to the async side through a channel, one message and one `SqliteRow` (every value
//! copied) per row — for the log, whose readers take pages of thousands of events, that
//! cost more than SQLite itself. Building a page as one JSON document inside SQLite
//! (`json_group_array`) avoids the channel but makes SQLite parse and re-print every
//! payload. Here a blocking task steps the rows of one page and decodes each straight
//! into a [`RecordedEvent`].
//!
//! The connections are the database's read-only ones ([`crate::sqlite_reads`]). Each read
//! is one autocommit statement: it sees every transaction committed before it began,
//! exactly as a sqlx pool connection would, and the rowid order argument of
//! `backend::sqlite` holds unchanged.

use std::sync::Arc;

use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, Row};

use crate::sqlite_reads::SqliteReads;
use crate::{RecordedEvent, StoreError};

/// `SELECT` of the columns [`decode`] reads, from `events`, `WHERE` the given filter (which
/// also orders and limits): a literal, so each read's statement text is fixed.
macro_rules! select_events_where {
    ($filter:literal) => {
        concat!(
            "SELECT global_position, aggregate_type, aggregate_id, sequence, event_type, ",
            "event_version, payload, metadata, recorded_at, chain, chain_seq, prev_hash, hash ",
            "FROM events WHERE ",
            $filter
        )
    };
}

pub(crate) struct SqliteReaders {
    reads: Arc<SqliteReads>,
}

impl SqliteReaders {
    /// Reads on `reads`, the database's read-only connections (shared with the read models).
    pub fn new(reads: Arc<SqliteReads>) -> Arc<Self> {
        Arc::new(Self { reads })
    }

    /// Events after `position` in log order, at most `limit`.
    pub async fn log_page(
        self: &Arc<Self>,
        position: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.select(
            select_events_where!("global_position > ?1 ORDER BY global_position LIMIT ?2"),
            vec![position.into(), limit.into()],
        )
        .await
    }

    /// One aggregate stream's events after `sequence`.
    pub async fn stream(
        self: &Arc<Self>,
        aggregate_type: String,
        aggregate_id: String,
        sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.select(
            select_events_where!(
                "aggregate_type = ?1 AND aggregate_id = ?2 AND sequence > ?3 ORDER BY sequence"
            ),
            vec![aggregate_type.into(), aggregate_id.into(), sequence.into()],
        )
        .await
    }

    /// One hash chain's events after `chain_seq`, at most `limit`.
    pub async fn chain(
        self: &Arc<Self>,
        chain: String,
        chain_seq: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.select(
            select_events_where!("chain = ?1 AND chain_seq > ?2 ORDER BY chain_seq LIMIT ?3"),
            vec![chain.into(), chain_seq.into(), limit.into()],
        )
        .await
    }

    /// The events `sql` (a [`select_events_where!`]) selects, read on one of the read
    /// connections in a blocking task.
    async fn select(
        self: &Arc<Self>,
        sql: &'static str,
        params: Vec<SqlValue>,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.reads
            .read(move |connection| events(connection, sql, rusqlite::params_from_iter(params)))
            .await
    }
}

fn events(
    connection: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<RecordedEvent>, StoreError> {
    let mut statement = connection.prepare_cached(sql)?;
    let mut rows = statement.query(params)?;
    let mut events = Vec::new();
    while let Some(row) = rows.next()? {
        events.push(decode(row)?);
    }
    Ok(events)
}

/// Decodes a row selected by [`select_events_where!`].
fn decode(row: &Row<'_>) -> Result<RecordedEvent, StoreError> {
    let global_position: i64 = row.get(0)?;
    let corrupt = |what: &str, e: &dyn std::fmt::Display| {
        StoreError::Corrupt(format!("event at position {global_position}: {what}: {e}"))
    };
    let text = |i: usize| -> Result<&str, StoreError> {
        row.get_ref(i)?
            .as_str()
            .map_err(|e| corrupt(&format!("column {i}"), &e))
    };
    Ok(RecordedEvent {
        global_position,
        tx_id: 0,
        aggregate_type: text(1)?.to_owned(),
        aggregate_id: text(2)?.to_owned(),
        sequence: row.get(3)?,
        event_type: text(4)?.to_owned(),
        event_version: text(5)?.to_owned(),
        payload: serde_json::from_str(text(6)?).map_err(|e| corrupt("payload", &e))?,
        metadata: serde_json::from_str(text(7)?).map_err(|e| corrupt("metadata", &e))?,
        recorded_at: row.get(8)?,
        chain: text(9)?.to_owned(),
        chain_seq: row.get(10)?,
        prev_hash: text(11)?.to_owned(),
        hash: text(12)?.to_owned(),
    })
}
