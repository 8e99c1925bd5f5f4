//! The log's storage, behind one trait with a SQLite and a Postgres implementation.
//!
//! Both keep the postgres-es columns (aggregate_type, aggregate_id, sequence, event_type,
//! event_version, payload, metadata) so cqrs-es runs on them, plus `global_position`,
//! `recorded_at` and the hash chain (`chain`, `chain_seq`, `prev_hash`, `hash`).
//! What differs is how a tailing reader stays gap-safe; each module explains its choice.

mod common;
pub mod postgres;
mod postgres_reader;
pub mod sqlite;
mod sqlite_reader;
mod sqlite_writer;

use std::sync::Arc;

use async_trait::async_trait;
use serde_json::Value;

use crate::{AppendError, Backend, Cursor, NewEvent, RecordedEvent, StoreError};

pub use common::MIGRATIONS;

/// One command's events (all of one aggregate stream, contiguous sequences), appended
/// atomically, with the aggregate's snapshot when cqrs-es asks for one.
#[derive(Debug, Clone)]
pub struct AppendRequest {
    pub events: Vec<NewEvent>,
    pub snapshot: Option<SnapshotUpdate>,
    /// Only for `events import`: keep the exported recording time so hashes reproduce.
    pub recorded_at: Option<i64>,
}

impl AppendRequest {
    pub fn new(events: Vec<NewEvent>) -> Self {
        Self {
            events,
            snapshot: None,
            recorded_at: None,
        }
    }
}

/// An [`AppendRequest`] with each event's payload and metadata serialized: the texts the log
/// stores and the hash covers.
///
/// Why a step of its own: serializing is the largest part of an append's work outside the
/// database, and a log has one writer at a time (SQLite) or one per lane (Postgres). The
/// committer encodes each request on its caller's task before queueing it, so that work
/// runs beside the writer instead of inside its critical section.
#[derive(Debug, Clone)]
pub struct EncodedRequest {
    pub request: AppendRequest,
    /// One per event of `request`, in its order.
    json: Vec<EventJson>,
}

#[derive(Debug, Clone)]
pub(crate) struct EventJson {
    pub payload: String,
    pub metadata: String,
}

impl EncodedRequest {
    pub fn new(request: AppendRequest) -> Self {
        let json = request
            .events
            .iter()
            .map(|event| EventJson {
                payload: event.payload.to_string(),
                metadata: event.metadata.to_string(),
            })
            .collect();
        Self { request, json }
    }

    /// The request's events, each with its serialized payload and metadata.
    pub(crate) fn events(&self) -> impl Iterator<Item = (&NewEvent, &EventJson)> {
        self.request.events.iter().zip(&self.json)
    }
}

#[derive(Debug, Clone)]
pub struct SnapshotUpdate {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub payload: Value,
    pub current_snapshot: i64,
    pub last_sequence: i64,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub payload: Value,
    pub current_snapshot: i64,
    pub last_sequence: i64,
}

/// The head of one hash chain: what auditors pin findings to.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ChainHead {
    pub chain: String,
    pub event_count: i64,
    pub head_hash: String,
    pub last_position: i64,
}

#[async_trait]
pub trait LogBackend: Send + Sync + 'static {
    fn backend(&self) -> Backend;

    /// How many group-commit writers may append side by side (see [`crate::committer`]).
    fn writer_lanes(&self) -> usize {
        1
    }

    /// Appends all requests in one transaction: every request commits, or (on any error)
    /// none does. Returns each request's cursors in order. Shared, not borrowed, so a
    /// backend can hand them to a blocking task without copying them.
    async fn append_all(
        &self,
        requests: Arc<Vec<EncodedRequest>>,
    ) -> Result<Vec<Vec<Cursor>>, AppendError>;

    /// Up to `limit` events after `after`, in log order, never skipping an event that
    /// commits later (see each backend).
    async fn read_log(&self, after: Cursor, limit: i64) -> Result<Vec<RecordedEvent>, StoreError>;

    /// One aggregate's events with `sequence > after_sequence`, in stream order.
    async fn read_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError>;

    async fn snapshot(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<Option<Snapshot>, StoreError>;

    /// One chain's events with `chain_seq > after_seq`, in chain order.
    async fn read_chain(
        &self,
        chain: &str,
        after_seq: i64,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError>;

    async fn chain_heads(&self) -> Result<Vec<ChainHead>, StoreError>;

    async fn chain_head(&self, chain: &str) -> Result<Option<ChainHead>, StoreError>;

    /// The newest cursor a reader can safely reach now.
    async fn safe_head(&self) -> Result<Cursor, StoreError>;

    async fn event_count(&self) -> Result<i64, StoreError>;
}
