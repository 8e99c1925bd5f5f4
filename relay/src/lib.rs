//! The scale-out relay: committed events, in log order, to a NATS JetStream stream.
//!
//! `ledgerline serve --role relay` (or `serve` with `NATS_URL` set) runs [`Relay::run`]. Each
//! event becomes one message on `<prefix>.<workspace_id>.<aggregate_type>.<event_type>` with
//! `Nats-Msg-Id` = its global position, so JetStream de-duplication absorbs the republishing
//! that a crash between publish and checkpoint causes. Other nodes' projectors and live feeds
//! subscribe there; [`listen_for_commits`] turns those messages into local wake-ups.
//!
//! - [`config`]: [`RelayConfig`] (URL, stream, subject prefix, limits) and the [`Fault`] test hook.
//! - [`subject`]: the subject of an event, with tokens made safe for NATS.
//! - [`checkpoint`]: the relay's own checkpoint table (`relay_checkpoints`) and its migration.
//! - [`stream`]: creating the JetStream stream and reading its tail when reconciling.
//! - [`publisher`]: [`Relay`], the loop that reads the log, publishes, awaits acks in order and
//!   advances the checkpoint; the ordering and exactly-once argument lives there.
//! - [`listen`]: [`listen_for_commits`], a core NATS subscription that wakes this node's readers
//!   when any node commits.
//! - [`error`]: [`RelayError`], why the relay stopped or is retrying, and which errors are fatal.

pub mod checkpoint;
pub mod config;
pub mod error;
pub mod listen;
pub mod publisher;
pub mod stream;
pub mod subject;

pub use config::{Fault, RelayConfig, DEFAULT_STREAM_NAME, DEFAULT_SUBJECT_PREFIX};
pub use error::RelayError;
pub use listen::listen_for_commits;
pub use publisher::Relay;
pub use subject::{sanitize_token, subject_for};

/// Header carrying the event's Postgres transaction id (0 on SQLite): with
/// [`HEADER_POSITION`] it is the event's log [`store::Cursor`], which subscribers need to
/// resume or to wake readers ([`listen_for_commits`]).
pub const HEADER_TX: &str = "Ledger-Tx";
/// Header carrying the event's global position (also its `Nats-Msg-Id`).
pub const HEADER_POSITION: &str = "Ledger-Position";
