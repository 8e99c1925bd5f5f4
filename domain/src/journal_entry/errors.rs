//! The business rules a JournalEntry command can break. Variants are facts; the entry's
//! content problems travel together in [`JournalEntryError::Invalid`], each naming its
//! field with the line index ([`EntryProblem::field`]), so one answer highlights every
//! row at fault.

use chrono::NaiveDate;
use event_schemas::{JournalEntryId, WorkspaceId};

use super::rules::EntryProblem;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalEntryError {
    #[error("journal entry {journal_entry_id} already exists")]
    EntryAlreadyExists { journal_entry_id: JournalEntryId },

    #[error("the journal entry does not exist")]
    EntryNotFound,

    #[error("the journal entry was deleted")]
    EntryDeleted,

    #[error("entry {entry_number} is posted; posted entries are immutable, reverse it instead")]
    EntryIsPosted { entry_number: String },

    #[error("the entry is a draft; only posted entries can be reversed")]
    EntryNotPosted,

    #[error("the entry was already reversed by {reversed_by}")]
    AlreadyReversed { reversed_by: JournalEntryId },

    #[error("the entry reverses {reverses}; a reversal is not reversed again, post a new entry")]
    ReversalCannotBeReversed { reverses: JournalEntryId },

    #[error("the account snapshot is of workspace {books:?}, the entry belongs to {entry}")]
    BooksOfAnotherWorkspace {
        entry: WorkspaceId,
        books: Option<WorkspaceId>,
    },

    #[error("the books are locked up to {lock_date}; the reversal is dated {date}")]
    ReversalPeriodLocked {
        date: NaiveDate,
        lock_date: NaiveDate,
    },

    #[error("the entry breaks {} rule(s)", problems.len())]
    Invalid { problems: Vec<EntryProblem> },
}

impl JournalEntryError {
    /// Every `(field, message)` pair of the error, for the `{"field": ["message"]}` answer
    /// (`None` field: `non_field_errors`). One pair for most errors; one per problem for
    /// [`JournalEntryError::Invalid`].
    pub fn fields(&self) -> Vec<(Option<String>, String)> {
        match self {
            Self::Invalid { problems } => problems
                .iter()
                .map(|p| (p.field(), p.to_string()))
                .collect(),
            Self::ReversalPeriodLocked { .. } => vec![(Some("date".into()), self.to_string())],
            Self::EntryAlreadyExists { .. }
            | Self::EntryNotFound
            | Self::EntryDeleted
            | Self::EntryIsPosted { .. }
            | Self::EntryNotPosted
            | Self::AlreadyReversed { .. }
            | Self::ReversalCannotBeReversed { .. }
            | Self::BooksOfAnotherWorkspace { .. } => vec![(None, self.to_string())],
        }
    }
}
