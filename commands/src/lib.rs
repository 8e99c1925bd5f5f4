//! The write side's engine, without HTTP: how every command is run and how every feature
//! posts to the books.
//!
//! - [`runner`]: loads an aggregate as its stream left it (snapshot, then the events after
//!   it through the upcasters) — [`runner::Runner`], [`runner::Loaded`].
//! - [`unit`]: one command's decisions over every stream it touches, appended in one
//!   atomic append with the streams it only read expected unmoved, the events the store
//!   numbers, and its idempotency key — [`unit::Unit`], [`unit::Committed`].
//! - [`books`]: the posting service every feature that posts journal entries goes
//!   through: the chart of accounts kept in memory per workspace, the posting rules, and
//!   gapless entry numbers given by the store as the posting commits.
//! - [`ids`]: ids for what a command creates, derived from its idempotency key so a retry
//!   names the same thing.
//! - [`error`]: [`RunError`], what can go wrong running a command besides its own rules.

pub mod books;
pub mod error;
pub mod ids;
pub mod runner;
pub mod unit;

pub use error::{CommandError, RunError};
pub use runner::{Loaded, Runner};
pub use unit::{Committed, Unit};
