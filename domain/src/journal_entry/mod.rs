//! The JournalEntry aggregate: one entry per stream (the stream id is the entry id), from
//! draft to posted to reversed, and the pure [`rules`] every entry meets (DESIGN §5).
//!
//! - [`rules`] — [`check_draft`], [`check_posting`], [`check_balanced_and_open`] and, for
//!   imports, [`check_batch`] (all or nothing, every failing entry named) over a
//!   [`Books`] (the workspace's AccountTree or a [`BooksSnapshot`] of it); every
//!   [`EntryProblem`] names its field with the line index (`lines[2].debit`).
//! - [`aggregate`] — [`JournalEntry`], its state, the pure [`JournalEntry::decide`] and
//!   the cqrs-es `Aggregate` impl.
//! - [`import`] — entries from a CSV file: the template, rows to entries, every problem
//!   named by its row; [`new_entries`] decides a whole batch (posted or drafted) at once.
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
//! - Reverse, in this order (two appends, one per stream, written before the store took
//!   requests spanning streams; the order makes the pair safe):
//!   1. Load the original `O` and the tree; the client names the new entry `N` (UUID v7,
//!      kept across retries). Dry-run `PostReversal` on `N`'s empty state with
//!      `original = O.posted()` (`decide` is pure and writes nothing), so a reversal the
//!      posting rules refuse (archived account, lock date) never marks `O`.
//!   2. `ReverseEntry { reversed_by: N, .. }` on `O`. This is the gate: of two racing
//!      reversals one commits and the other meets `AlreadyReversed` or an optimistic
//!      concurrency conflict on `O` — an entry is reversed once.
//!   3. Reload `O` and send `PostReversal { journal_entry_id: N, original:
//!      O.posted().clone(), entry_sequence, .. }` on `N`'s stream.
//!
//!   A crash between 2 and 3 leaves `O` naming an `N` not yet posted; the client's retry
//!   (same `N`) completes it: `ReverseEntry` with the same `N` decides no event, and
//!   `PostReversal` accepts an original already reversed by `N` itself.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod import;
pub mod rules;

#[cfg(test)]
mod rules_tests;
#[cfg(test)]
mod tests;

pub use aggregate::{new_entries, DraftEntry, JournalEntry, PostedEntry};
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
    check_balanced_and_open, check_batch, check_draft, check_posting, BatchRejection, Books,
    BooksSnapshot, EntryContent, EntryInput, EntryProblem, LineInput, PostingAccount, Side,
    BATCH_LINES_MAX, LINES_PER_ENTRY_MIN,
};
