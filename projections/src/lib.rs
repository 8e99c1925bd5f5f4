//! The read side's engine: projectors tail the global log and keep read models.
//!
//! - [`projector`]: the [`Projector`] trait a read model implements.
//! - [`checkpoint`]: per-projector checkpoints, stored beside the read models so that a
//!   batch of events and the checkpoint past them commit in one transaction.
//! - [`runtime`]: catch-up, live processing (woken by the store's notifier), failure
//!   isolation, status and rebuild.
//! - [`log_stats`]: a built-in read model — events per workspace, aggregate and type.
//! - [`organizations`]: organizations, workspaces and memberships (the account service).

pub mod checkpoint;
pub mod log_stats;
pub mod organizations;
pub mod projector;
pub mod runtime;

pub use checkpoint::{Checkpoint, ProjectorState};
pub use projector::{ProjectionError, Projector};
pub use runtime::{ProjectionRuntime, ProjectorStatus};
