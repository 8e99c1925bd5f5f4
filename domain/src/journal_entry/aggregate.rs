//! The JournalEntry aggregate: one entry's life from draft to posted (and reversed), the
//! pure decision of each command, and the cqrs-es wiring.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::journal_entry::{
    JournalEntryDraftDeleted, JournalEntryDraftUpdated, JournalEntryDrafted, JournalEntryEvent,
    JournalEntryPosted, JournalEntryReversed, AGGREGATE_TYPE, MEMO_CHARS_MAX,
};
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::commands::{
    CreateDraft, PostDraft, PostNewEntry, PostReversal, ReverseEntry, UpdateDraft,
};
use super::errors::JournalEntryError;
use super::rules::{
    check_balanced_and_open, check_batch, check_draft, check_posting, BatchRejection, Books,
    BooksSnapshot, EntryContent, EntryInput,
};
use super::JournalEntryCommand;

/// One journal entry as its events left it. `Default` is the state before its first
/// event. Serialized as the snapshot payload; not a contract.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalEntry {
    state: EntryState,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
enum EntryState {
    #[default]
    New,
    Draft(DraftEntry),
    Posted(PostedEntry),
    Deleted,
}

/// A draft: well formed, possibly unbalanced, never in the books.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DraftEntry {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    pub content: EntryContent,
    pub created_by: UserId,
}

/// A posted entry: in the books, immutable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostedEntry {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    pub entry_sequence: u64,
    pub entry_number: String,
    pub content: EntryContent,
    /// Debits = credits = total.
    pub total: Decimal,
    /// The entry this one reverses, if it is a reversal.
    pub reverses: Option<JournalEntryId>,
    /// The entry that reversed this one, once reversed.
    pub reversed_by: Option<JournalEntryId>,
    pub posted_by: UserId,
}

impl JournalEntry {
    /// The draft, while the entry is one.
    pub fn draft(&self) -> Option<&DraftEntry> {
        match &self.state {
            EntryState::Draft(draft) => Some(draft),
            _ => None,
        }
    }

    /// The posted entry, once posted; what [`PostReversal::original`] carries.
    pub fn posted(&self) -> Option<&PostedEntry> {
        match &self.state {
            EntryState::Posted(posted) => Some(posted),
            _ => None,
        }
    }

    /// Whether a draft of the entry was deleted.
    pub fn is_deleted(&self) -> bool {
        matches!(self.state, EntryState::Deleted)
    }

    /// Decides a command against this state: the events it causes, or the rule it breaks.
    /// Pure and synchronous.
    pub fn decide(
        &self,
        command: JournalEntryCommand,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        match command {
            JournalEntryCommand::CreateDraft(c) => self.create_draft(c),
            JournalEntryCommand::UpdateDraft(c) => self.update_draft(c),
            JournalEntryCommand::DeleteDraft(_) => self.delete_draft(),
            JournalEntryCommand::PostDraft(c) => self.post_draft(c),
            JournalEntryCommand::PostNewEntry(c) => self.post_new_entry(c),
            JournalEntryCommand::ReverseEntry(c) => self.reverse_entry(c),
            JournalEntryCommand::PostReversal(c) => self.post_reversal(c),
        }
    }

    fn create_draft(
        &self,
        command: CreateDraft,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        self.ensure_new(command.journal_entry_id)?;
        let content = check_draft(&command.entry).map_err(invalid)?;
        Ok(vec![JournalEntryEvent::JournalEntryDrafted(
            JournalEntryDrafted {
                journal_entry_id: command.journal_entry_id,
                workspace_id: command.workspace_id,
                date: content.date,
                memo: content.memo,
                reference: content.reference,
                lines: content.lines,
                created_by: command.created_by,
            },
        )])
    }

    fn update_draft(
        &self,
        command: UpdateDraft,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        let draft = self.existing_draft()?;
        let content = check_draft(&command.entry).map_err(invalid)?;
        if content == draft.content {
            return Ok(Vec::new());
        }
        Ok(vec![JournalEntryEvent::JournalEntryDraftUpdated(
            JournalEntryDraftUpdated {
                journal_entry_id: draft.journal_entry_id,
                workspace_id: draft.workspace_id,
                date: content.date,
                memo: content.memo,
                reference: content.reference,
                lines: content.lines,
            },
        )])
    }

    fn delete_draft(&self) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        let draft = self.existing_draft()?;
        Ok(vec![JournalEntryEvent::JournalEntryDraftDeleted(
            JournalEntryDraftDeleted {
                journal_entry_id: draft.journal_entry_id,
                workspace_id: draft.workspace_id,
            },
        )])
    }

    fn post_draft(&self, command: PostDraft) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        let draft = self.existing_draft()?;
        check_books(draft.workspace_id, &command.books)?;
        let total = check_balanced_and_open(&draft.content, &command.books).map_err(invalid)?;
        Ok(vec![posted(
            draft.journal_entry_id,
            draft.workspace_id,
            draft.content.clone(),
            total,
            None,
            command.posted_by,
        )])
    }

    fn post_new_entry(
        &self,
        command: PostNewEntry,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        self.ensure_new(command.journal_entry_id)?;
        check_books(command.workspace_id, &command.books)?;
        let (content, total) = check_posting(&command.entry, &command.books).map_err(invalid)?;
        Ok(vec![posted(
            command.journal_entry_id,
            command.workspace_id,
            content,
            total,
            None,
            command.posted_by,
        )])
    }

    fn reverse_entry(
        &self,
        command: ReverseEntry,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        if let EntryState::Posted(posted) = &self.state {
            if posted.reversed_by == Some(command.reversed_by) {
                // A retried reversal (same reversing entry): already recorded.
                return Ok(Vec::new());
            }
        }
        let original = self.reversible(None)?;
        check_books(original.workspace_id, &command.books)?;
        if let Some(lock_date) = command.books.lock_date() {
            if command.reversal_date <= lock_date {
                return Err(JournalEntryError::ReversalPeriodLocked {
                    date: command.reversal_date,
                    lock_date,
                });
            }
        }
        Ok(vec![JournalEntryEvent::JournalEntryReversed(
            JournalEntryReversed {
                journal_entry_id: original.journal_entry_id,
                workspace_id: original.workspace_id,
                reversed_by: command.reversed_by,
                reversal_date: command.reversal_date,
                reversed_by_user: command.reversed_by_user,
            },
        )])
    }

    fn post_reversal(
        &self,
        command: PostReversal,
    ) -> Result<Vec<JournalEntryEvent>, JournalEntryError> {
        self.ensure_new(command.journal_entry_id)?;
        let original = JournalEntry {
            state: EntryState::Posted(command.original),
        };
        // Decided beside `ReverseEntry` on the original, which may already name this very
        // entry as its reversal.
        let original = original.reversible(Some(command.journal_entry_id))?;
        check_books(original.workspace_id, &command.books)?;
        let content = EntryContent {
            date: command.date,
            memo: reversal_memo(original),
            reference: original.content.reference.clone(),
            lines: original.content.swapped(),
        };
        let total = check_balanced_and_open(&content, &command.books).map_err(invalid)?;
        Ok(vec![posted(
            command.journal_entry_id,
            original.workspace_id,
            content,
            total,
            Some(original.journal_entry_id),
            command.posted_by,
        )])
    }

    fn ensure_new(&self, journal_entry_id: JournalEntryId) -> Result<(), JournalEntryError> {
        match self.state {
            EntryState::New => Ok(()),
            _ => Err(JournalEntryError::EntryAlreadyExists { journal_entry_id }),
        }
    }

    /// The draft a draft-only command acts on; posted entries are immutable.
    fn existing_draft(&self) -> Result<&DraftEntry, JournalEntryError> {
        match &self.state {
            EntryState::Draft(draft) => Ok(draft),
            EntryState::New => Err(JournalEntryError::EntryNotFound),
            EntryState::Deleted => Err(JournalEntryError::EntryDeleted),
            EntryState::Posted(posted) => Err(JournalEntryError::EntryIsPosted {
                entry_number: posted.entry_number.clone(),
            }),
        }
    }

    /// A posted entry that may be reversed: not itself a reversal, and not reversed yet —
    /// or reversed by `by` exactly, the reversing entry being posted.
    fn reversible(&self, by: Option<JournalEntryId>) -> Result<&PostedEntry, JournalEntryError> {
        let posted = match &self.state {
            EntryState::Posted(posted) => posted,
            EntryState::Draft(_) => return Err(JournalEntryError::EntryNotPosted),
            EntryState::New => return Err(JournalEntryError::EntryNotFound),
            EntryState::Deleted => return Err(JournalEntryError::EntryDeleted),
        };
        if let Some(reversed_by) = posted.reversed_by.filter(|r| Some(*r) != by) {
            return Err(JournalEntryError::AlreadyReversed { reversed_by });
        }
        if let Some(reverses) = posted.reverses {
            return Err(JournalEntryError::ReversalCannotBeReversed { reverses });
        }
        Ok(posted)
    }
}

impl crate::decider::Decider for JournalEntry {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        JournalEntry::decide(self, command)
    }
}

impl Aggregate for JournalEntry {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = JournalEntryCommand;
    type Event = JournalEntryEvent;
    type Error = JournalEntryError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    /// Applies a committed event. Events are facts, so this never rejects one.
    fn apply(&mut self, event: Self::Event) {
        match event {
            JournalEntryEvent::JournalEntryDrafted(e) => {
                self.state = EntryState::Draft(DraftEntry {
                    journal_entry_id: e.journal_entry_id,
                    workspace_id: e.workspace_id,
                    content: EntryContent {
                        date: e.date,
                        memo: e.memo,
                        reference: e.reference,
                        lines: e.lines,
                    },
                    created_by: e.created_by,
                });
            }
            JournalEntryEvent::JournalEntryDraftUpdated(e) => {
                debug_assert!(matches!(self.state, EntryState::Draft(_)));
                if let EntryState::Draft(draft) = &mut self.state {
                    draft.content = EntryContent {
                        date: e.date,
                        memo: e.memo,
                        reference: e.reference,
                        lines: e.lines,
                    };
                }
            }
            JournalEntryEvent::JournalEntryDraftDeleted(_) => self.state = EntryState::Deleted,
            JournalEntryEvent::JournalEntryPosted(e) => {
                let content = EntryContent {
                    date: e.date,
                    memo: e.memo,
                    reference: e.reference,
                    lines: e.lines,
                };
                // The ledger's invariant, asserted again where the books take the entry
                // in (TigerStyle): a posted entry balances, to the kobo, at its total.
                assert_eq!(content.total_debits(), content.total_credits());
                assert_eq!(content.total_debits(), e.total);
                self.state = EntryState::Posted(PostedEntry {
                    journal_entry_id: e.journal_entry_id,
                    workspace_id: e.workspace_id,
                    entry_sequence: e.entry_sequence,
                    entry_number: e.entry_number,
                    content,
                    total: e.total,
                    reverses: e.reverses,
                    reversed_by: None,
                    posted_by: e.posted_by,
                });
            }
            JournalEntryEvent::JournalEntryReversed(e) => {
                debug_assert!(matches!(self.state, EntryState::Posted(_)));
                if let EntryState::Posted(posted) = &mut self.state {
                    posted.reversed_by = Some(e.reversed_by);
                }
            }
        }
    }
}

fn invalid(problems: Vec<super::rules::EntryProblem>) -> JournalEntryError {
    JournalEntryError::Invalid { problems }
}

/// The snapshot must be of the entry's own workspace: accounts of another workspace must
/// never pass as this one's.
fn check_books(workspace_id: WorkspaceId, books: &BooksSnapshot) -> Result<(), JournalEntryError> {
    if books.workspace_id != Some(workspace_id) {
        return Err(JournalEntryError::BooksOfAnotherWorkspace {
            entry: workspace_id,
            books: books.workspace_id,
        });
    }
    Ok(())
}

/// "Reversal of JE-000042: <original memo>", cut to [`MEMO_CHARS_MAX`] characters.
fn reversal_memo(original: &PostedEntry) -> String {
    let memo = if original.content.memo.is_empty() {
        format!("Reversal of {}", original.entry_number)
    } else {
        format!(
            "Reversal of {}: {}",
            original.entry_number, original.content.memo
        )
    };
    memo.chars().take(MEMO_CHARS_MAX).collect()
}

/// A posting as decided: numbered 0 / `""` until the store gives it the workspace's next
/// number as it commits (`event_schemas::journal_entry::number_posting`).
fn posted(
    journal_entry_id: JournalEntryId,
    workspace_id: WorkspaceId,
    content: EntryContent,
    total: Decimal,
    reverses: Option<JournalEntryId>,
    posted_by: UserId,
) -> JournalEntryEvent {
    JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
        journal_entry_id,
        workspace_id,
        entry_sequence: 0,
        entry_number: String::new(),
        date: content.date,
        memo: content.memo,
        reference: content.reference,
        lines: content.lines,
        total,
        reverses,
        posted_by,
    })
}

/// A batch of new entries (an import), all or nothing, checked against one [`Books`]:
/// posted (numbered by the store as they commit, in this order) or drafted. Each entry is
/// new (a fresh id), so no state is loaded: the events are exactly those `PostNewEntry` /
/// `CreateDraft` would decide for each entry alone.
pub fn new_entries(
    entries: &[(JournalEntryId, EntryInput)],
    workspace_id: WorkspaceId,
    post: bool,
    books: &impl Books,
    author: UserId,
) -> Result<Vec<JournalEntryEvent>, BatchRejection> {
    let inputs: Vec<EntryInput> = entries.iter().map(|(_, input)| input.clone()).collect();
    match post {
        true => {
            let checked = check_batch(&inputs, books)?;
            Ok(entries
                .iter()
                .zip(checked)
                .map(|((id, _), (content, total))| {
                    posted(*id, workspace_id, content, total, None, author)
                })
                .collect())
        }
        false => {
            let mut events = Vec::with_capacity(entries.len());
            let mut failures = Vec::new();
            for (i, (id, input)) in entries.iter().enumerate() {
                match check_draft(input) {
                    Ok(content) => events.push(JournalEntryEvent::JournalEntryDrafted(
                        JournalEntryDrafted {
                            journal_entry_id: *id,
                            workspace_id,
                            date: content.date,
                            memo: content.memo,
                            reference: content.reference,
                            lines: content.lines,
                            created_by: author,
                        },
                    )),
                    Err(problems) => failures.push((i, problems)),
                }
            }
            if failures.is_empty() {
                Ok(events)
            } else {
                Err(BatchRejection::Entries(failures))
            }
        }
    }
}
