//! The JournalImport aggregate: one CSV import of journal entries (the stream id is the
//! import id), recorded in the same append as the entries it creates.
//!
//! - [`aggregate`] — [`JournalImport`] and its pure decision.
//! - [`commands`] — [`RecordImport`].
//! - [`errors`] — [`JournalImportError`].
//! - events — in `event_schemas::journal_import`.
//!
//! The rule it keeps: the same file (by content hash) imported into a workspace again
//! within [`DUPLICATE_WINDOW_HOURS`] is refused unless the user confirms — a CSV import
//! whose answer was lost must not double the books on the natural retry.

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::JournalImport;
pub use commands::{JournalImportCommand, PreviousImport, RecordImport};
pub use errors::JournalImportError;
pub use event_schemas::journal_import::{
    JournalImportEvent, JournalImported, AGGREGATE_TYPE, FILE_NAME_CHARS_MAX,
};

/// How long an imported file is remembered: the same file within this many hours of its
/// last import is refused unless confirmed.
pub const DUPLICATE_WINDOW_HOURS: i64 = 24;
