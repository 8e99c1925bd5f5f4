//! The JournalEntry aggregate: one entry per stream (the stream id is the entry id), from
//! draft to posted to reversed, and the pure [`rules`] every entry meets (DESIGN §5).
//!
//! - [`rules`] — [`check_draft`], [`check_posting`], [`check_balanced_and_open`] over a
//!   [`Books`] (the workspace's AccountTree or a [`BooksSnapshot`] of it); every
//!   [`EntryProblem`] names its field with the line index (`lines[2].debit`).
//! - [`aggregate`] — [`JournalEntry`], its state, the pure [`JournalEntry::decide`] and
//!   the cqrs-es `Aggregate` impl.
//! - [`commands`] — [`JournalEntryCommand`] and one struct per command.
//! - [`errors`] — [`JournalEntryError`] and its `(field, message)` pairs.
//! - events — in `event_schemas::journal_entry` (re-exported here): they are contracts.
//!
//! How the HTTP layer drives it (all commands on cqrs-es with `()` as services):
//! - Draft: `CreateDraft` / `UpdateDraft` / `DeleteDraft` on the entry's stream.
//! - Post: load the workspace's `AccountTree`; take
//!   `BooksSnapshot::for_lines(&tree, draft.content.lines.iter().map(|l| &l.account_id))`
//!   (or `BooksSnapshot::for_entry(&tree, &input)` for `PostNewEntry`); read the next
//!   entry sequence; send `PostDraft` (or `PostNewEntry` for `"post": true`).
//! - Reverse: load the original `O` and the tree; the client names the new entry `N`.
//!   Decide `ReverseEntry { reversed_by: N, .. }` on `O` and `PostReversal { original:
//!   O.posted().clone(), .. }` on `N`'s empty stream, then append both decisions in one
//!   `AppendRequest` (the store appends a request atomically, with `O`'s expected
//!   sequence): either both entries record the link or neither does, and a second,
//!   racing reversal of `O` fails on `O`'s sequence — an entry is reversed once.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod rules;

#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod tests;

pub use aggregate::{DraftEntry, JournalEntry, PostedEntry};
pub use commands::{
    CreateDraft, DeleteDraft, JournalEntryCommand, PostDraft, PostNewEntry, PostReversal,
    ReverseEntry, UpdateDraft,
};
pub use errors::JournalEntryError;
pub use event_schemas::journal_entry::{
    entry_number, upcasters, JournalEntryDraftDeleted, JournalEntryDraftUpdated,
    JournalEntryDrafted, JournalEntryEvent, JournalEntryPosted, JournalEntryReversed, JournalLine,
    AGGREGATE_TYPE, DESCRIPTION_CHARS_MAX, ENTRY_NUMBER_DIGITS, ENTRY_NUMBER_PREFIX,
    LINES_PER_ENTRY_MAX, MEMO_CHARS_MAX, REFERENCE_CHARS_MAX,
};
pub use rules::{
    check_balanced_and_open, check_draft, check_posting, Books, BooksSnapshot, EntryContent,
    EntryInput, EntryProblem, LineInput, PostingAccount, Side, LINES_PER_ENTRY_MIN,
};
