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

/// One command's events, appended atomically: all of them commit or none does. They may
/// span several streams (a reversal marks the original and posts the reversing entry; a
/// pay run records itself and posts its entry); each stream's events follow its current
/// sequence (optimistic concurrency).
#[derive(Debug, Clone, Default)]
pub struct AppendRequest {
    pub events: Vec<NewEvent>,
    /// Snapshots of aggregates the command changed, when due.
    pub snapshots: Vec<SnapshotUpdate>,
    /// Only for `events import`: keep the exported recording time so hashes reproduce.
    pub recorded_at: Option<i64>,
    /// Streams the command decided on without appending to them (a posting reads the
    /// workspace's chart): the append is refused as a conflict if any has moved since.
    pub expected: Vec<ExpectedStream>,
    /// Events the store numbers as it commits (see [`Numbering`]).
    pub numbered: Vec<Numbering>,
    /// The command's idempotency key: recorded in the append's own transaction, so a
    /// command is applied at most once per key whatever crashes in between; an append with
    /// a key already recorded is refused with [`AppendError::AlreadyApplied`].
    pub command_key: Option<String>,
}

impl AppendRequest {
    pub fn new(events: Vec<NewEvent>) -> Self {
        Self {
            events,
            ..Self::default()
        }
    }
}

/// A stream a command read, at the version it read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedStream {
    pub aggregate_type: String,
    pub aggregate_id: String,
    /// The hash chain the stream's events are in (its workspace, or `global`): locked with
    /// the append's own chains, so no other append to it can slip in between.
    pub chain: String,
    /// The stream's last sequence when the command read it (0: empty).
    pub sequence: i64,
}

/// An event the store numbers at commit: the `n`-th event of its type in its chain (1 for
/// the first), assigned in commit order while the chain's head is locked — unique and
/// gapless per chain across every process, without a lock held across the command. The
/// number is written into the payload by `apply` before the event is hashed and stored.
/// A workspace's gapless journal entry numbers are this.
#[derive(Clone, Copy)]
pub struct Numbering {
    /// The index of the event in [`AppendRequest::events`].
    pub event: usize,
    /// Writes the number into the payload.
    pub apply: fn(&mut Value, i64),
}

impl std::fmt::Debug for Numbering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Numbering")
            .field("event", &self.event)
            .finish_non_exhaustive()
    }
}

/// What an append gave one request.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Appended {
    /// Each event's cursor, in the request's order.
    pub cursors: Vec<Cursor>,
    /// The number each [`AppendRequest::numbered`] event got, in that list's order.
    pub numbers: Vec<i64>,
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
    /// none does. Returns what each request got, in order. Shared, not borrowed, so a
    /// backend can hand them to a blocking task without copying them.
    async fn append_all(
        &self,
        requests: Arc<Vec<EncodedRequest>>,
    ) -> Result<Vec<Appended>, AppendError>;

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
