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
