use thiserror::Error;

/// Storage failures: infrastructure problems, never business rules.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    /// The SQLite log's own connections (`backend::sqlite_reader`, `backend::sqlite_writer`).
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("a database task stopped before it answered: {0}")]
    Task(String),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("configuration error: {0}")]
    Config(String),
    #[error("the event store is shutting down")]
    ShuttingDown,
}

/// Why one append request was refused; other requests in the same group commit are unaffected.
#[derive(Debug, Error)]
pub enum AppendError {
    /// Another command appended to the same stream first (optimistic concurrency).
    #[error("stream {aggregate_type}/{aggregate_id} moved on: expected sequence {expected}")]
    Conflict {
        aggregate_type: String,
        aggregate_id: String,
        expected: i64,
    },
    /// The command's idempotency key is recorded already: the command was applied before
    /// (its answer is to be read from what it left), and nothing was appended now.
    #[error("the command with this key was applied already")]
    AlreadyApplied,
    #[error("invalid append: {0}")]
    Invalid(String),
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<rusqlite::Error> for AppendError {
    fn from(err: rusqlite::Error) -> Self {
        Self::Store(StoreError::Sqlite(err))
    }
}

impl From<sqlx::Error> for AppendError {
    fn from(err: sqlx::Error) -> Self {
        Self::Store(StoreError::Database(err))
    }
}
