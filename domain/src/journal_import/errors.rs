//! The rules a JournalImport command can break.

use chrono::{DateTime, Utc};
use event_schemas::JournalImportId;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalImportError {
    #[error("import {import_id} is recorded already")]
    AlreadyRecorded { import_id: JournalImportId },

    #[error("this file was imported on {}; import it again only if it is meant twice (confirm the duplicate)", imported_at.format("%Y-%m-%d at %H:%M UTC"))]
    SameFileImported {
        import_id: JournalImportId,
        imported_at: DateTime<Utc>,
    },

    #[error("the file has no entries to import")]
    NoEntries,

    #[error("a file name may have at most {max} characters")]
    FileNameTooLong { max: usize },
}

impl JournalImportError {
    /// The request field at fault (`file`, `confirm_duplicate`), or `None`.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::SameFileImported { .. } => Some("confirm_duplicate"),
            Self::NoEntries | Self::FileNameTooLong { .. } => Some("file"),
            Self::AlreadyRecorded { .. } => None,
        }
    }
}
