//! How every aggregate decides: a pure, synchronous function of its state and a command,
//! answering the events the command causes or the rule it breaks. The command runner
//! (crate `commands`) loads the state (snapshot, upcasted events), calls [`Decider::decide`]
//! and appends the events of every stream a command touches in one append.

use cqrs_es::Aggregate;

pub trait Decider: Aggregate + Clone {
    /// Every this many events the runner stores a snapshot of the state, so loading replays
    /// at most this many events after it; 0 for short streams that never need one.
    const SNAPSHOT_EVERY: usize = 0;

    /// The events `command` causes in this state, or the rule it breaks. Pure.
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error>;
}

/// cqrs-es's `Aggregate::handle` for every [`Decider`]: the events [`Decider::decide`]
/// answers, written to `sink` through a copy of the state.
///
/// `EventSink::write` applies each event to the aggregate it is given, and cqrs-es 0.5's
/// snapshot store then applies the same events again to the handled aggregate when it
/// builds the snapshot (`PersistedEventStore::update_snapshot_with_events`), so writing
/// through `state` itself would snapshot every event twice — and a snapshot taken
/// mid-command would hold events past its sequence. Writing through a copy leaves `state`
/// as loaded, and the snapshot holds each event exactly once.
pub async fn handle<A: Decider>(
    state: &A,
    command: A::Command,
    sink: &cqrs_es::event_sink::EventSink<A>,
) -> Result<(), A::Error> {
    let events = Decider::decide(state, command)?;
    let mut staged = state.clone();
    for event in events {
        sink.write(event, &mut staged).await;
    }
    Ok(())
}
