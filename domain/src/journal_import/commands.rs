//! What can be asked of an import.

use chrono::{DateTime, Utc};
use event_schemas::{JournalEntryId, JournalImportId, UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JournalImportCommand {
    RecordImport(RecordImport),
}

/// The newest earlier import of the same file into the workspace, as the caller found it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PreviousImport {
    pub import_id: JournalImportId,
    pub imported_at: DateTime<Utc>,
}

/// Records an import of `entries` (decided in the same command by the posting service).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordImport {
    pub import_id: JournalImportId,
    pub workspace_id: WorkspaceId,
    pub file_name: String,
    pub file_sha256: String,
    pub entries: Vec<JournalEntryId>,
    pub lines: u64,
    pub posted: bool,
    pub imported_by: UserId,
    /// The same file's newest earlier import in the workspace, if any.
    pub previous: Option<PreviousImport>,
    /// The user confirmed the file is meant to be imported again.
    pub confirm_duplicate: bool,
    /// When the command is decided (the commands' clock).
    pub now: DateTime<Utc>,
}

impl From<RecordImport> for JournalImportCommand {
    fn from(command: RecordImport) -> Self {
        Self::RecordImport(command)
    }
}
