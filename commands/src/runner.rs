//! Loads an aggregate as its stream left it: the latest snapshot (for aggregates that keep
//! one), then every event after it, each through the upcasters of its aggregate, so a
//! command decides on exactly what a fresh replay of the log would give — v1 events
//! included.

use cqrs_es::persist::{PersistedEventStore, SerializedEvent};
use cqrs_es::{AggregateError, EventStore as _};
use domain::decider::Decider;
use store::repository::LogRepository;
use store::EventStore;

use crate::unit::{Committed, Unit};
use crate::{CommandError, RunError};
use store::EventMetadata;

/// Runs commands over one event store.
#[derive(Clone)]
pub struct Runner {
    store: EventStore,
}

/// An aggregate's state, loaded for a command, with where its stream stood.
#[derive(Debug, Clone)]
pub struct Loaded<A> {
    /// The stream id.
    pub id: String,
    pub state: A,
    /// The stream's last sequence (0: nothing written yet).
    pub version: i64,
    /// How many snapshots of it were stored.
    pub(crate) snapshots: i64,
}

impl<A: Default> Loaded<A> {
    /// A stream the command starts (a new entry under a fresh id): nothing to load. Its
    /// first event's sequence 1 is what makes a second start of it a conflict.
    pub fn fresh(id: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            state: A::default(),
            version: 0,
            snapshots: 0,
        }
    }

    /// The state a read model holds for stream `id`, reflecting the stream up to `version`
    /// — for an aggregate whose state spans streams (a notification's read mark is set by
    /// its own stream and by its recipient's inbox), where the read model is what folds
    /// them all. The append expects the stream still at `version`, so a read model behind
    /// the stream meets [`RunError::Moved`](crate::RunError::Moved) and the command can
    /// decide again once it has caught up.
    pub fn from_read_model(id: impl Into<String>, state: A, version: i64) -> Self {
        Self {
            id: id.into(),
            state,
            version,
            snapshots: 0,
        }
    }

    /// Whether nothing was written to the stream yet.
    pub fn is_new(&self) -> bool {
        self.version == 0
    }
}

/// The upcasters of aggregate type `aggregate_type`, from its event contract.
fn upcasters(aggregate_type: &str) -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    event_schemas::aggregates()
        .into_iter()
        .find(|contract| contract.aggregate_type == aggregate_type)
        .map(|contract| (contract.upcasters)())
        .unwrap_or_default()
}

impl Runner {
    pub fn new(store: EventStore) -> Self {
        Self { store }
    }

    pub fn store(&self) -> &EventStore {
        &self.store
    }

    /// Aggregate `id` of type `A` as its stream stands now.
    pub async fn load<A: Decider>(&self, id: &str) -> Result<Loaded<A>, RunError> {
        let repository = LogRepository::new(self.store.clone(), A::SNAPSHOT_EVERY.max(1));
        let events = match A::SNAPSHOT_EVERY {
            0 => PersistedEventStore::<LogRepository, A>::new_event_store(repository),
            every => PersistedEventStore::new_snapshot_store(repository, every),
        }
        .with_upcasters(upcasters(A::TYPE));
        let context = events.load_aggregate(id).await.map_err(load_error)?;
        Ok(Loaded {
            id: id.to_owned(),
            state: context.aggregate,
            version: i64::try_from(context.current_sequence).unwrap_or(i64::MAX),
            snapshots: context
                .current_snapshot
                .map_or(0, |n| i64::try_from(n).unwrap_or(i64::MAX)),
        })
    }
}

fn load_error<E: std::error::Error>(err: AggregateError<E>) -> RunError {
    RunError::Corrupt(format!("loading an aggregate: {err}"))
}

/// An event as the log stores it (for tests that write an old version by hand).
pub fn serialized<A: Decider>(
    aggregate_id: &str,
    sequence: usize,
    event: &A::Event,
) -> Result<SerializedEvent, serde_json::Error> {
    use cqrs_es::DomainEvent;
    Ok(SerializedEvent {
        aggregate_id: aggregate_id.to_owned(),
        sequence,
        aggregate_type: A::TYPE.to_owned(),
        event_type: event.event_type(),
        event_version: event.event_version(),
        payload: serde_json::to_value(event)?,
        metadata: serde_json::Value::Object(Default::default()),
    })
}

/// How many times a command is decided again on fresh state when another command moved
/// its stream between the load and the append.
const ATTEMPTS_ON_MOVE: usize = 3;

impl Runner {
    /// Runs `command` on aggregate `id` alone: load, decide, one append (with the
    /// command's key, if any). Answers the events it caused — none for a command already
    /// applied under the same key, or one that changes nothing.
    pub async fn execute<A>(
        &self,
        id: &str,
        command: A::Command,
        metadata: &EventMetadata,
        command_key: Option<String>,
    ) -> Result<Vec<A::Event>, CommandError<A::Error>>
    where
        A: Decider,
        A::Command: Clone,
    {
        let mut attempt = 1;
        loop {
            let target = self.load::<A>(id).await?;
            let mut unit = Unit::new(metadata, command_key.clone());
            let events = unit
                .decide(&target, command.clone())
                .map_err(CommandError::Rule)?;
            match unit.commit(self).await {
                Ok(Committed::Applied(_)) => return Ok(events),
                Ok(Committed::Replayed | Committed::Nothing) => return Ok(Vec::new()),
                Err(RunError::Moved { .. }) if attempt < ATTEMPTS_ON_MOVE => attempt += 1,
                Err(err) => return Err(err.into()),
            }
        }
    }
}

impl Runner {
    /// Records `fact` on stream `id` of its kind (see `domain::fact`): loaded and appended
    /// like any command, so a fact repeating the stream's last one is not recorded twice.
    pub async fn record_fact<E>(
        &self,
        id: &str,
        fact: E,
        metadata: &EventMetadata,
    ) -> Result<(), RunError>
    where
        E: domain::fact::FactKind,
    {
        match self
            .execute::<domain::fact::Facts<E>>(id, domain::fact::Record(fact), metadata, None)
            .await
        {
            Ok(_) => Ok(()),
            Err(CommandError::Run(err)) => Err(err),
            Err(CommandError::Rule(never)) => match never {},
        }
    }
    /// Records `fact` as the first event of the new stream `id` (each sign-in is a fact
    /// of its own): nothing to load, a single append.
    pub async fn record_new_fact<E>(
        &self,
        id: &str,
        fact: E,
        metadata: &EventMetadata,
    ) -> Result<(), RunError>
    where
        E: domain::fact::FactKind,
    {
        let mut unit = Unit::new(metadata, None);
        let stream = Loaded::<domain::fact::Facts<E>>::fresh(id);
        if let Err(never) = unit.decide(&stream, domain::fact::Record(fact)) {
            match never {}
        }
        unit.commit(self).await.map(|_| ())
    }
}
