//! The write side's storage: one global, append-only event log on SQLite or Postgres.
//!
//! - [`db`]: the connection pool (`sqlx::Any`), backend detection and configuration.
//! - [`migrate`]: a tiny per-crate migration runner (each crate owns its schema).
//! - [`event`]: what goes into the log ([`NewEvent`]) and what comes out ([`RecordedEvent`]),
//!   the log [`Cursor`] and the metadata keys every event carries.
//! - [`hash`]: the per-workspace hash chain that makes tampering evident.
//! - [`backend`]: the [`backend::LogBackend`] trait and its SQLite and Postgres implementations.
//!   The gap-safety argument for each backend lives there.
//! - [`committer`]: group commit — concurrent appends share one transaction.
//! - [`store`]: [`EventStore`], the facade every other crate uses.
//! - [`repository`]: cqrs-es's `PersistedEventRepository` over the log, so aggregates run on cqrs-es.
//! - [`sqlite_reads`]: read-only native connections on a SQLite file, for hot reads.
//! - [`transfer`]: NDJSON export and verified import of the whole log.
//! - [`verify`]: recomputes every chain and names the first break.
//! - `testing` (feature): a fresh SQLite or Postgres database per test.

pub mod backend;
pub mod committer;
pub mod db;
pub mod error;
pub mod event;
pub mod hash;
pub mod kept;
pub mod migrate;
pub mod repository;
pub mod sql;
pub mod sqlite_reads;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod transfer;
pub mod verify;
pub mod write_gate;

pub use db::{Backend, Db, StorageConfig};
pub use error::{AppendError, StoreError};
pub use event::{
    metadata_keys, Cursor, EventMetadata, NewEvent, RecordedEvent, StoredJson, GLOBAL_CHAIN,
};
pub use sqlite_reads::SqliteReads;
pub use store::EventStore;
pub use write_gate::{ExecuteWrite, WriteTransaction, WriteTurn};
