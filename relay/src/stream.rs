//! The JetStream side: the stream the relay owns, and its last message.

use async_nats::jetstream::{self, stream::Stream};
use async_nats::HeaderMap;
use store::Cursor;

use crate::{RelayConfig, RelayError, HEADER_POSITION, HEADER_TX};

/// Creates the stream if it is missing. An existing stream is kept (its messages are the
/// relayed log) and only widened where it falls short: our subjects added, the duplicate
/// window raised.
pub async fn ensure_stream(
    js: &jetstream::Context,
    config: &RelayConfig,
) -> Result<Stream, RelayError> {
    let subjects = config.stream_subjects();
    let wanted = jetstream::stream::Config {
        name: config.stream_name.clone(),
        description: Some("Ledgerline: committed events in log order".to_owned()),
        subjects: vec![subjects.clone()],
        // File storage: the stream is the other nodes' copy of the log and must survive a
        // NATS restart.
        storage: jetstream::stream::StorageType::File,
        duplicate_window: config.duplicate_window,
        ..Default::default()
    };
    let mut stream = js
        .get_or_create_stream(wanted)
        .await
        .map_err(|e| stream_error(config, "create", e))?;
    let existing = stream
        .info()
        .await
        .map_err(|e| stream_error(config, "info", e))?
        .config
        .clone();
    let has_subjects = existing.subjects.contains(&subjects);
    if !has_subjects || existing.duplicate_window < config.duplicate_window {
        let mut widened = existing;
        if !has_subjects {
            widened.subjects.push(subjects);
        }
        widened.duplicate_window = widened.duplicate_window.max(config.duplicate_window);
        tracing::info!(
            stream = %config.stream_name,
            subjects = ?widened.subjects,
            duplicate_window = ?widened.duplicate_window,
            "widening the existing stream"
        );
        js.update_stream(widened)
            .await
            .map_err(|e| stream_error(config, "update", e))?;
        stream = js
            .get_stream(&config.stream_name)
            .await
            .map_err(|e| stream_error(config, "get", e))?;
    }
    Ok(stream)
}

/// The stream's last message as the relay sees it: its message id and, when it was relayed,
/// its log cursor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tail {
    pub message_id: Option<String>,
    pub cursor: Option<Cursor>,
}

/// The last message of the stream, or `None` when it is empty.
pub async fn tail(stream: &Stream, config: &RelayConfig) -> Result<Option<Tail>, RelayError> {
    let info = stream
        .get_info()
        .await
        .map_err(|e| stream_error(config, "info", e))?;
    if info.state.messages == 0 {
        return Ok(None);
    }
    let message = stream
        .get_raw_message(info.state.last_sequence)
        .await
        .map_err(|e| stream_error(config, "read the last message", e))?;
    Ok(Some(Tail {
        message_id: header(&message.headers, async_nats::header::NATS_MESSAGE_ID)
            .map(str::to_owned),
        cursor: cursor_from_headers(&message.headers),
    }))
}

/// The log cursor a relayed message carries in its headers.
pub fn cursor_from_headers(headers: &HeaderMap) -> Option<Cursor> {
    Some(Cursor {
        tx: header(headers, HEADER_TX)?.parse().ok()?,
        position: header(headers, HEADER_POSITION)?.parse().ok()?,
    })
}

fn header<N: async_nats::header::IntoHeaderName>(headers: &HeaderMap, name: N) -> Option<&str> {
    headers.get(name).map(|value| value.as_str())
}

fn stream_error(
    config: &RelayConfig,
    action: &'static str,
    source: impl std::error::Error + Send + Sync + 'static,
) -> RelayError {
    RelayError::Stream {
        stream: config.stream_name.clone(),
        action,
        source: Box::new(source),
    }
}
