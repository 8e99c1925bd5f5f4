//! `events export` and `events import`: the whole log as NDJSON, one recorded event per
//! line in log order. Import goes into an empty store and keeps each event's recording
//! time, chain and hash; it recomputes every hash first, so a tampered export is refused
//! with the line that fails instead of being loaded.

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::Arc;

use crate::backend::{AppendRequest, EncodedRequest};
use crate::hash::{recorded_event_hash, GENESIS_HASH};
use crate::{Cursor, EventStore, NewEvent, RecordedEvent, StoreError};

const EXPORT_PAGE: i64 = 10_000;
const WATERMARK_WAIT: std::time::Duration = std::time::Duration::from_millis(20);
/// Events appended per import transaction.
const IMPORT_BATCH: usize = 5_000;

#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Append(#[from] crate::AppendError),
    #[error("i/o error: {0}")]
    Io(#[from] std::io::Error),
    #[error("line {line}: {message}")]
    Line { line: usize, message: String },
    #[error("the target store already holds {0} events; import needs an empty store")]
    NotEmpty(i64),
}

/// Writes every event in log order; returns how many. Every event committed when the
/// export starts is included: on Postgres it waits for the gap-safe watermark to pass them.
pub async fn export(store: &EventStore, out: &mut dyn Write) -> Result<u64, TransferError> {
    let committed = store.log().event_count().await?;
    let mut cursor = Cursor::START;
    let mut written: u64 = 0;
    loop {
        let page = store.read_log(cursor, EXPORT_PAGE).await?;
        let Some(last) = page.last() else {
            if written as i64 >= committed {
                break;
            }
            tokio::time::sleep(WATERMARK_WAIT).await;
            continue;
        };
        cursor = last.cursor();
        for event in &page {
            serde_json::to_writer(&mut *out, event).map_err(std::io::Error::from)?;
            out.write_all(b"\n")?;
            written += 1;
        }
    }
    out.flush()?;
    Ok(written)
}

/// Loads an export into an empty store; returns how many events.
pub async fn import(
    store: &EventStore,
    input: &mut dyn BufRead,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<u64, TransferError> {
    let existing = store.log().event_count().await?;
    if existing > 0 {
        return Err(TransferError::NotEmpty(existing));
    }
    let mut heads: HashMap<String, (i64, String)> = HashMap::new();
    let mut batch: Vec<EncodedRequest> = Vec::new();
    let mut batch_events = 0;
    let mut imported = 0;
    for (index, line) in input.lines().enumerate() {
        let line_no = index + 1;
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let event: RecordedEvent =
            serde_json::from_str(&line).map_err(|e| TransferError::Line {
                line: line_no,
                message: format!("not a recorded event: {e}"),
            })?;
        check_chain(&mut heads, &event).map_err(|message| TransferError::Line {
            line: line_no,
            message,
        })?;
        let undecodable = |what: &str, e: serde_json::Error| TransferError::Line {
            line: line_no,
            message: format!("{what}: {e}"),
        };
        let payload = event
            .payload
            .value()
            .map_err(|e| undecodable("payload", e))?;
        let metadata = event
            .metadata
            .value()
            .map_err(|e| undecodable("metadata", e))?;
        batch.push(EncodedRequest::new(AppendRequest {
            events: vec![NewEvent {
                aggregate_type: event.aggregate_type,
                aggregate_id: event.aggregate_id,
                sequence: event.sequence,
                event_type: event.event_type,
                event_version: event.event_version,
                payload,
                metadata,
            }],
            recorded_at: Some(event.recorded_at),
            ..AppendRequest::default()
        }));
        batch_events += 1;
        if batch_events >= IMPORT_BATCH {
            imported += flush(store, &mut batch).await?;
            batch_events = 0;
            progress(imported);
        }
    }
    imported += flush(store, &mut batch).await?;
    progress(imported);
    Ok(imported)
}

/// The exported hash must follow from the previous one in its chain and its own content.
fn check_chain(
    heads: &mut HashMap<String, (i64, String)>,
    event: &RecordedEvent,
) -> Result<(), String> {
    let (seq, prev) = heads
        .get(&event.chain)
        .cloned()
        .unwrap_or((0, GENESIS_HASH.to_owned()));
    if event.chain_seq != seq + 1 || event.prev_hash != prev {
        return Err(format!(
            "event {} is out of order in chain {}",
            event.global_position, event.chain
        ));
    }
    let hash = recorded_event_hash(&prev, event);
    if hash != event.hash {
        return Err(format!(
            "event {} does not match its hash: the export was altered",
            event.global_position
        ));
    }
    heads.insert(event.chain.clone(), (event.chain_seq, hash));
    Ok(())
}

async fn flush(store: &EventStore, batch: &mut Vec<EncodedRequest>) -> Result<u64, TransferError> {
    if batch.is_empty() {
        return Ok(0);
    }
    let n = batch.len() as u64;
    store
        .log()
        .append_all(Arc::new(std::mem::take(batch)))
        .await?;
    Ok(n)
}
