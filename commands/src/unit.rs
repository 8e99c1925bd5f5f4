//! One command's unit of work: the events it decides on every stream it touches, the
//! streams it only read, the events the store numbers and the command's idempotency key —
//! all appended in one atomic append, so a command lands whole or not at all.

use std::collections::HashSet;

use cqrs_es::{Aggregate, DomainEvent};
use domain::decider::Decider;
use serde_json::Value;
use store::backend::{AppendRequest, Appended, ExpectedStream, Numbering, SnapshotUpdate};
use store::{AppendError, EventMetadata, NewEvent};

use crate::runner::{Loaded, Runner};
use crate::RunError;

/// What committing a unit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Committed {
    /// The events were appended.
    Applied(Appended),
    /// The command's key was recorded before: it was applied by an earlier attempt and
    /// nothing was appended now. Its answer is read from what that attempt left.
    Replayed,
    /// The command decided no event (a draft saved unchanged).
    Nothing,
}

impl Committed {
    /// The numbers the store gave the unit's numbered events, in the order they were
    /// numbered (empty unless applied).
    pub fn numbers(&self) -> &[i64] {
        match self {
            Self::Applied(appended) => &appended.numbers,
            Self::Replayed | Self::Nothing => &[],
        }
    }
}

/// One command's decisions, appended together by [`Unit::commit`].
#[derive(Debug, Clone)]
pub struct Unit {
    request: AppendRequest,
    metadata: Value,
    /// Streams decided on: each at most once per command (a second decision would not see
    /// the first one's events).
    decided: HashSet<(String, String)>,
}

impl Unit {
    /// A unit whose events carry `metadata` (actor, organization, workspace — the
    /// workspace decides the hash chain) and, with a key, are applied at most once per key.
    pub fn new(metadata: &EventMetadata, command_key: Option<String>) -> Self {
        Self {
            request: AppendRequest {
                command_key,
                ..AppendRequest::default()
            },
            metadata: metadata.to_value(),
            decided: HashSet::new(),
        }
    }

    /// Events recorded from now on carry `metadata` (a command spanning two organizations
    /// stamps each side's events with its own organization; the workspace, and so the
    /// hash chain, stays the command's).
    pub fn stamp(&mut self, metadata: &EventMetadata) {
        self.metadata = metadata.to_value();
    }

    /// The key the unit is applied once for.
    pub fn command_key(&self) -> Option<&str> {
        self.request.command_key.as_deref()
    }

    /// Decides `command` on `target` and records the events; answers them (for the
    /// command's answer) or the rule the command breaks, recording nothing.
    pub fn decide<A: Decider>(
        &mut self,
        target: &Loaded<A>,
        command: A::Command,
    ) -> Result<Vec<A::Event>, A::Error> {
        let events = target.state.decide(command)?;
        self.record(target, &events);
        Ok(events)
    }

    /// Records `events` (already decided) on `target`'s stream; answers their indexes in
    /// the unit (to number them).
    pub fn record<A: Decider>(
        &mut self,
        target: &Loaded<A>,
        events: &[A::Event],
    ) -> std::ops::Range<usize> {
        let start = self.request.events.len();
        if events.is_empty() {
            return start..start;
        }
        // A stream decided twice in one command would have its second decision made on
        // state that misses the first's events: a bug that could write events that do
        // not follow from the stream. Never in release builds either.
        assert!(
            self.decided.insert((A::TYPE.to_owned(), target.id.clone())),
            "a command decides once per stream ({} {})",
            A::TYPE,
            target.id
        );
        for (i, event) in events.iter().enumerate() {
            self.request.events.push(NewEvent {
                aggregate_type: A::TYPE.to_owned(),
                aggregate_id: target.id.clone(),
                sequence: target.version + 1 + i as i64,
                event_type: event.event_type(),
                event_version: event.event_version(),
                // Event contracts are plain data (string keys, no floats): always JSON.
                payload: serde_json::to_value(event).expect("an event serializes to JSON"),
                metadata: self.metadata.clone(),
            });
        }
        self.snapshot_if_due(target, events);
        start..self.request.events.len()
    }

    /// The state after `events`, as a snapshot, when the stream crosses a multiple of its
    /// aggregate's snapshot interval.
    fn snapshot_if_due<A: Decider>(&mut self, target: &Loaded<A>, events: &[A::Event]) {
        let every = A::SNAPSHOT_EVERY as i64;
        if every == 0 {
            return;
        }
        let version = target.version + events.len() as i64;
        if version / every == target.version / every {
            return;
        }
        let mut state = target.state.clone();
        for event in events {
            state.apply(event.clone());
        }
        if let Ok(payload) = serde_json::to_value(&state) {
            self.request.snapshots.push(SnapshotUpdate {
                aggregate_type: A::TYPE.to_owned(),
                aggregate_id: target.id.clone(),
                payload,
                current_snapshot: target.snapshots + 1,
                last_sequence: version,
            });
        }
    }

    /// Has the store number the unit's event `event` as it commits, writing the number
    /// with `apply` (see `store::backend::Numbering`).
    pub fn number(&mut self, event: usize, apply: fn(&mut Value, i64)) {
        assert!(
            event < self.request.events.len(),
            "numbering an event not recorded"
        );
        // A snapshot taken before the store gave the number would keep the placeholder.
        let stream = &self.request.events[event];
        assert!(
            !self.request.snapshots.iter().any(|s| {
                s.aggregate_type == stream.aggregate_type && s.aggregate_id == stream.aggregate_id
            }),
            "a numbered event's stream is not snapshotted"
        );
        self.request.numbered.push(Numbering { event, apply });
    }

    /// The command decided on `target` without changing it: the append is refused if the
    /// stream moved meanwhile. `chain` is the hash chain its events are in (its workspace).
    pub fn expect<A: Aggregate>(&mut self, target: &Loaded<A>, chain: &str) {
        self.request.expected.push(ExpectedStream {
            aggregate_type: A::TYPE.to_owned(),
            aggregate_id: target.id.clone(),
            chain: chain.to_owned(),
            sequence: target.version,
        });
    }

    /// How many events the unit holds.
    pub fn len(&self) -> usize {
        self.request.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.request.events.is_empty()
    }

    /// Appends everything in one atomic append.
    pub async fn commit(self, runner: &Runner) -> Result<Committed, RunError> {
        if self.request.events.is_empty() {
            return Ok(Committed::Nothing);
        }
        match runner.store().commit(self.request).await {
            Ok(appended) => Ok(Committed::Applied(appended)),
            Err(AppendError::AlreadyApplied) => Ok(Committed::Replayed),
            Err(err) => Err(RunError::from_append(err)),
        }
    }
}
