//! What can go wrong running a command besides the rules it breaks (those are each
//! aggregate's own error enum).

use store::{AppendError, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A stream the command decided on was changed by another command before this one
    /// committed: nothing was written; deciding again on fresh state may succeed.
    #[error("{aggregate_type} {aggregate_id} was changed by another request at the same moment")]
    Moved {
        aggregate_type: String,
        aggregate_id: String,
    },
    /// The log could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored event or snapshot could not be read as its aggregate's, or an event could
    /// not be written as JSON: a bug or corrupt data, never the user's input.
    #[error("an event could not be read or written: {0}")]
    Corrupt(String),
}

impl RunError {
    pub(crate) fn from_append(err: AppendError) -> Self {
        match err {
            AppendError::Conflict {
                aggregate_type,
                aggregate_id,
                ..
            } => Self::Moved {
                aggregate_type,
                aggregate_id,
            },
            AppendError::Store(err) => Self::Store(err),
            AppendError::Invalid(message) => Self::Corrupt(message),
            // Answered as `Committed::Replayed` by the unit, never an error.
            AppendError::AlreadyApplied => {
                Self::Corrupt("a replayed command reached the error path".into())
            }
        }
    }
}

/// Why a command was not applied: the rule it breaks (its aggregate's own error enum), or
/// running it failed (the streams kept moving, the log failed).
#[derive(Debug)]
pub enum CommandError<E> {
    Rule(E),
    Run(RunError),
}

impl<E> From<RunError> for CommandError<E> {
    fn from(err: RunError) -> Self {
        Self::Run(err)
    }
}
