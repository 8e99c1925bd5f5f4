//! cqrs-es on our log: [`LogRepository`] implements `PersistedEventRepository`, so an
//! aggregate runs with `PersistedEventStore::new_snapshot_store(repo, n)` and every command's
//! events land in the global log through group commit, with the command's metadata.
//!
//! cqrs-es's in-process `Query` dispatch is not durable (a crash between commit and
//! dispatch loses the update) and its replay is per aggregate, not in commit order, so no
//! read model uses them: projectors tail the global log instead (crate `projections`).

use cqrs_es::persist::{
    PersistedEventRepository, PersistenceError, ReplayStream, SerializedEvent, SerializedSnapshot,
};
use cqrs_es::Aggregate;
use serde_json::Value;

use crate::backend::{AppendRequest, SnapshotUpdate};
use crate::{AppendError, Cursor, EventStore, NewEvent, RecordedEvent, StoreError};

const REPLAY_QUEUE: usize = 1_000;
const REPLAY_PAGE: i64 = 1_000;

#[derive(Clone)]
pub struct LogRepository {
    store: EventStore,
    /// The snapshot size the `PersistedEventStore` was built with (1 for an aggregate
    /// store, 0 for none): it tells which sequence a snapshot stands at.
    snapshot_size: usize,
}

impl LogRepository {
    pub fn new(store: EventStore, snapshot_size: usize) -> Self {
        Self {
            store,
            snapshot_size,
        }
    }
}

/// cqrs-es's form of a recorded event (its upcasters and aggregates take `Value`s).
fn serialized(event: RecordedEvent) -> Result<SerializedEvent, PersistenceError> {
    let undecodable = |e: serde_json::Error| PersistenceError::DeserializationError(Box::new(e));
    let payload = event.payload.value().map_err(undecodable)?;
    let metadata = event.metadata.value().map_err(undecodable)?;
    Ok(SerializedEvent {
        aggregate_id: event.aggregate_id,
        sequence: usize::try_from(event.sequence).unwrap_or_default(),
        aggregate_type: event.aggregate_type,
        event_type: event.event_type,
        event_version: event.event_version,
        payload,
        metadata,
    })
}

fn persistence(err: StoreError) -> PersistenceError {
    PersistenceError::ConnectionError(Box::new(err))
}

impl PersistedEventRepository for LogRepository {
    async fn get_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Vec<SerializedEvent>, PersistenceError> {
        let events = self
            .store
            .read_stream(A::TYPE, aggregate_id, 0)
            .await
            .map_err(persistence)?;
        events.into_iter().map(serialized).collect()
    }

    async fn get_last_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
        last_sequence: usize,
    ) -> Result<Vec<SerializedEvent>, PersistenceError> {
        let after = i64::try_from(last_sequence).unwrap_or(i64::MAX);
        let events = self
            .store
            .read_stream(A::TYPE, aggregate_id, after)
            .await
            .map_err(persistence)?;
        events.into_iter().map(serialized).collect()
    }

    async fn get_snapshot<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Option<SerializedSnapshot>, PersistenceError> {
        let snapshot = self
            .store
            .snapshot(A::TYPE, aggregate_id)
            .await
            .map_err(persistence)?;
        Ok(snapshot.map(|s| SerializedSnapshot {
            aggregate_id: aggregate_id.to_owned(),
            aggregate: s.payload,
            current_sequence: usize::try_from(s.last_sequence).unwrap_or_default(),
            current_snapshot: usize::try_from(s.current_snapshot).unwrap_or_default(),
        }))
    }

    async fn persist<A: Aggregate>(
        &self,
        events: &[SerializedEvent],
        snapshot_update: Option<(String, Value, usize)>,
    ) -> Result<(), PersistenceError> {
        let last_sequence = events.last().map_or(0, |e| e.sequence);
        let snapshot = snapshot_update.map(|(aggregate_id, payload, current_snapshot)| {
            // cqrs-es snapshots at multiples of its snapshot size (or after every command for
            // an aggregate store), so the snapshot stands at the last such multiple.
            let size = self.snapshot_size.max(1);
            SnapshotUpdate {
                aggregate_type: A::TYPE.to_owned(),
                aggregate_id,
                payload,
                current_snapshot: current_snapshot as i64,
                last_sequence: ((last_sequence / size) * size) as i64,
            }
        });
        let request = AppendRequest {
            events: events
                .iter()
                .map(|e| NewEvent {
                    aggregate_type: e.aggregate_type.clone(),
                    aggregate_id: e.aggregate_id.clone(),
                    sequence: e.sequence as i64,
                    event_type: e.event_type.clone(),
                    event_version: e.event_version.clone(),
                    payload: e.payload.clone(),
                    metadata: e.metadata.clone(),
                })
                .collect(),
            snapshots: snapshot.into_iter().collect(),
            ..AppendRequest::default()
        };
        match self.store.append(request).await {
            Ok(_) => Ok(()),
            Err(AppendError::Conflict { .. } | AppendError::AlreadyApplied) => {
                Err(PersistenceError::OptimisticLockError)
            }
            Err(AppendError::Invalid(msg)) => Err(PersistenceError::UnknownError(msg.into())),
            Err(AppendError::Store(err)) => Err(persistence(err)),
        }
    }

    async fn stream_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<ReplayStream, PersistenceError> {
        let events = self
            .store
            .read_stream(A::TYPE, aggregate_id, 0)
            .await
            .map_err(persistence)?;
        let (mut feed, stream) = ReplayStream::new(events.len().max(1));
        for event in events {
            feed.push(serialized(event)).await?;
        }
        Ok(stream)
    }

    /// All events of one aggregate type, in global log order (unlike postgres-es).
    async fn stream_all_events<A: Aggregate>(&self) -> Result<ReplayStream, PersistenceError> {
        let (mut feed, stream) = ReplayStream::new(REPLAY_QUEUE);
        let store = self.store.clone();
        tokio::spawn(async move {
            let mut cursor = Cursor::START;
            loop {
                match store.read_log(cursor, REPLAY_PAGE).await {
                    Ok(page) if page.is_empty() => break,
                    Ok(page) => {
                        for event in page {
                            cursor = event.cursor();
                            if event.aggregate_type == A::TYPE
                                && feed.push(serialized(event)).await.is_err()
                            {
                                return;
                            }
                        }
                    }
                    Err(err) => {
                        let _ = feed.push(Err(persistence(err))).await;
                        return;
                    }
                }
            }
        });
        Ok(stream)
    }
}
