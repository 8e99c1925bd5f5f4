//! The Postgres log's read path: rows decoded from their binary wire values as they arrive.
//!
//! Why this shape (measured with `scripts/bench/postgres-ceiling` on a 2-core machine,
//! where the server and the reader share the cores):
//!
//! - The transaction id is sent as the `xid8` it is: 8 bytes, read as an integer here.
//!   Casting it on the server (`tx_id::text::int8`, since no client type knows `xid8`)
//!   printed and re-parsed a number per row and cut the server's own rate of producing
//!   the log in order from ~850,000 to ~590,000 rows/s.
//! - Values are read straight from the row's bytes in the binary format sqlx asks for with
//!   every prepared statement: `int8` is 8 big-endian bytes and `text` (and `json` cast to
//!   it, which costs the server nothing) is its UTF-8 text. sqlx's typed `try_get` checks
//!   each column's type against the Rust type first, which is the largest part of the
//!   reader's per-row work after allocation.
//! - Rows are decoded while the rest of the page is still arriving (`fetch`, not
//!   `fetch_all`), so the server keeps producing while the reader decodes.

use futures::TryStreamExt;
use sqlx::postgres::{PgArguments, PgPool, PgRow, PgValueFormat};
use sqlx::query::Query;
use sqlx::{Postgres, Row};

use crate::{RecordedEvent, StoreError};

/// `SELECT` of the columns [`decode`] reads, from `events`, followed by the given clauses: a
/// literal, so each read's statement text is fixed and prepared once per connection.
macro_rules! select_events {
    ($clauses:literal) => {
        concat!(
            "SELECT global_position, tx_id, aggregate_type, aggregate_id, sequence, event_type, ",
            "event_version, payload::text, metadata::text, recorded_at, chain, chain_seq, ",
            "prev_hash, hash FROM events ",
            $clauses
        )
    };
}
pub(crate) use select_events;

/// Runs a [`select_events!`] query and decodes its rows as they arrive.
pub(crate) async fn fetch_events(
    query: Query<'_, Postgres, PgArguments>,
    pool: &PgPool,
) -> Result<Vec<RecordedEvent>, StoreError> {
    let mut rows = query.fetch(pool);
    let mut events = Vec::new();
    while let Some(row) = rows.try_next().await? {
        events.push(decode(&row)?);
    }
    Ok(events)
}

/// Decodes a row selected by [`select_events!`].
fn decode(row: &PgRow) -> Result<RecordedEvent, StoreError> {
    let global_position = int8(row, 0)?;
    let corrupt = |what: &str, e: &dyn std::fmt::Display| {
        StoreError::Corrupt(format!("event at position {global_position}: {what}: {e}"))
    };
    Ok(RecordedEvent {
        global_position,
        tx_id: int8(row, 1)?,
        aggregate_type: text(row, 2)?.to_owned(),
        aggregate_id: text(row, 3)?.to_owned(),
        sequence: int8(row, 4)?,
        event_type: text(row, 5)?.to_owned(),
        event_version: text(row, 6)?.to_owned(),
        payload: serde_json::from_str(text(row, 7)?).map_err(|e| corrupt("payload", &e))?,
        metadata: serde_json::from_str(text(row, 8)?).map_err(|e| corrupt("metadata", &e))?,
        recorded_at: int8(row, 9)?,
        chain: text(row, 10)?.to_owned(),
        chain_seq: int8(row, 11)?,
        prev_hash: text(row, 12)?.to_owned(),
        hash: text(row, 13)?.to_owned(),
    })
}

/// The binary wire value of column `index`, which the log's schema makes NOT NULL.
fn binary(row: &PgRow, index: usize) -> Result<&[u8], StoreError> {
    let value = row.try_get_raw(index)?;
    let unexpected = |what: &str| StoreError::Corrupt(format!("events column {index}: {what}"));
    if value.format() != PgValueFormat::Binary {
        return Err(unexpected("not in binary format"));
    }
    value.as_bytes().map_err(|_| unexpected("NULL"))
}

/// An `int8` (or `xid8`, whose ids stay far below 2^63) column.
fn int8(row: &PgRow, index: usize) -> Result<i64, StoreError> {
    let bytes = binary(row, index)?;
    let bytes: [u8; 8] = bytes.try_into().map_err(|_| {
        StoreError::Corrupt(format!(
            "events column {index}: {} bytes for an integer",
            bytes.len()
        ))
    })?;
    Ok(i64::from_be_bytes(bytes))
}

/// A `text` column.
fn text(row: &PgRow, index: usize) -> Result<&str, StoreError> {
    std::str::from_utf8(binary(row, index)?)
        .map_err(|e| StoreError::Corrupt(format!("events column {index}: {e}")))
}
