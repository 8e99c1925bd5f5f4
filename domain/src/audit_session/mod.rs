//! The AuditSession aggregate: one audit of a workspace for a period (the stream id is
//! the session id), from opening on a pinned cut-off to archiving.
//!
//! - [`aggregate`] — [`AuditSession`], its states and its pure decisions.
//! - [`commands`] — [`AuditSessionCommand`] and one struct per command.
//! - [`errors`] — [`AuditSessionError`].
//! - events — in `event_schemas::audit_session`.
//!
//! Open → (performer signs off) in review → (a different reviewer signs off) signed off →
//! archived. Sharing is allowed once the performer has signed: a draft result is not
//! published. Notes and conclusions on findings are work on the session: they are taken
//! while it is open or in review, never once it is signed off or archived.

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::{AuditSession, SessionStatus, Share};
pub use commands::{
    ArchiveSession, AuditSessionCommand, ConcludeFinding, NoteFinding, OpenSession, RevokeShare,
    ShareSession, SignOffSession,
};
pub use errors::AuditSessionError;
