//! One posting to a workspace's books: the entries it posts (and the feature's own events
//! beside them), decided against one state of the chart and appended together.

use chrono::NaiveDate;
use domain::account_tree::{AccountTree, AccountTreeCommand, AccountTreeError, AccountTreeEvent};
use domain::decider::Decider;
use domain::journal_entry::{
    new_entries, BatchRejection, BooksSnapshot, EntryInput, JournalEntry, JournalEntryError,
    JournalEntryEvent, PostDraft, PostNewEntry, PostReversal, ReverseEntry,
};
use event_schemas::journal_entry::number_posting;
use event_schemas::{JournalEntryId, UserId, WorkspaceId};

use super::Chart;
use crate::runner::Loaded;
use crate::unit::{Committed, Unit};

/// An entry a posting posted, with the number the store gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostedEntry {
    pub id: JournalEntryId,
    /// `JE-000042`; `None` when the posting was a replay (read it from the entry).
    pub entry_number: Option<String>,
}

/// A posting being decided. Everything recorded here is appended in one append.
pub struct Posting<'c> {
    unit: Unit,
    chart: &'c Chart,
    /// The chart as this posting's own chart events leave it (see
    /// [`Posting::decide_on_chart`]); `None` until it decides one.
    staged: Option<AccountTree>,
    workspace_id: WorkspaceId,
    /// Entries posted, in the order their postings were numbered.
    posted: Vec<JournalEntryId>,
    /// A year-end close or reopening: archived income and expense accounts are open to
    /// it (`BooksSnapshot::open_for_year_end`).
    year_end: bool,
}

impl<'c> Posting<'c> {
    pub(super) fn new(unit: Unit, chart: &'c Chart, workspace_id: WorkspaceId) -> Self {
        Self {
            unit,
            chart,
            staged: None,
            workspace_id,
            posted: Vec::new(),
            year_end: false,
        }
    }

    /// Makes this posting a year-end close or reopening, whose entries may move the
    /// balances of archived income and expense accounts.
    pub fn for_year_end(&mut self) {
        self.year_end = true;
    }

    pub(super) fn finish(self) -> (Unit, Vec<JournalEntryId>) {
        (self.unit, self.posted)
    }

    /// The chart the posting is decided against: as loaded, or as this posting's own
    /// chart events leave it.
    pub fn chart(&self) -> &AccountTree {
        self.staged.as_ref().unwrap_or(&self.chart.tree.state)
    }

    /// Decides a command on the chart itself in the same append (a fiscal-year close
    /// moving the lock date). Entries recorded after it are checked against the chart as
    /// these events leave it: a reopen moves the lock date back before its reversal is
    /// posted. At most once per posting, like any stream.
    pub fn decide_on_chart(
        &mut self,
        command: AccountTreeCommand,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let events = self.chart.tree.state.decide(command)?;
        self.unit.record(&self.chart.tree, &events);
        let mut staged = self.chart.tree.state.clone();
        for event in &events {
            cqrs_es::Aggregate::apply(&mut staged, event.clone());
        }
        self.staged = Some(staged);
        Ok(events)
    }

    pub fn workspace_id(&self) -> WorkspaceId {
        self.workspace_id
    }

    /// The key the posting is applied once for (ids of what it creates derive from it).
    pub fn command_key(&self) -> Option<&str> {
        self.unit.command_key()
    }

    fn books_for<'a>(
        &self,
        accounts: impl IntoIterator<Item = &'a event_schemas::AccountId>,
    ) -> BooksSnapshot {
        let books = BooksSnapshot::for_lines(self.chart(), accounts);
        if self.year_end {
            books.open_for_year_end(self.chart())
        } else {
            books
        }
    }

    /// Records decided `JournalEntry` events and has the store number each posting.
    fn record_entries(&mut self, target: &Loaded<JournalEntry>, events: &[JournalEntryEvent]) {
        let range = self.unit.record(target, events);
        self.number_postings(range, events);
    }

    fn number_postings(&mut self, range: std::ops::Range<usize>, events: &[JournalEntryEvent]) {
        for (index, event) in range.zip(events) {
            if let JournalEntryEvent::JournalEntryPosted(posted) = event {
                self.unit.number(index, number_posting);
                self.posted.push(posted.journal_entry_id);
            }
        }
    }

    /// Posts a new entry under `id`.
    pub fn post_new(
        &mut self,
        id: JournalEntryId,
        entry: EntryInput,
        posted_by: UserId,
    ) -> Result<(), JournalEntryError> {
        let target = Loaded::<JournalEntry>::fresh(id.to_string());
        let command = PostNewEntry {
            journal_entry_id: id,
            workspace_id: self.workspace_id,
            books: self.books_for(entry.lines.iter().map(|l| &l.account_id)),
            entry,
            posted_by,
        };
        let events = target.state.decide(command.into())?;
        self.record_entries(&target, &events);
        Ok(())
    }

    /// Posts a draft as it stands.
    pub fn post_draft(
        &mut self,
        draft: &Loaded<JournalEntry>,
        posted_by: UserId,
    ) -> Result<(), JournalEntryError> {
        let books = match draft.state.draft() {
            Some(d) => self.books_for(d.content.lines.iter().map(|l| &l.account_id)),
            None => BooksSnapshot::default(),
        };
        let events = draft.state.decide(PostDraft { books, posted_by }.into())?;
        self.record_entries(draft, &events);
        Ok(())
    }

    /// Reverses `original` by a new entry `reversal` dated `date`: the mark on the original
    /// and the reversing posting, in the same append.
    pub fn reverse(
        &mut self,
        original: &Loaded<JournalEntry>,
        reversal: JournalEntryId,
        date: NaiveDate,
        by: UserId,
    ) -> Result<(), JournalEntryError> {
        let posted = original
            .state
            .posted()
            .cloned()
            .ok_or(JournalEntryError::EntryNotPosted)?;
        let books = self.books_for(posted.content.lines.iter().map(|l| &l.account_id));
        let target = Loaded::<JournalEntry>::fresh(reversal.to_string());
        // Decided first: a reversal the posting rules refuse marks nothing.
        let reversing = target.state.decide(
            PostReversal {
                journal_entry_id: reversal,
                original: posted,
                date,
                books: books.clone(),
                posted_by: by,
            }
            .into(),
        )?;
        let mark = original.state.decide(
            ReverseEntry {
                reversed_by: reversal,
                reversal_date: date,
                books,
                reversed_by_user: by,
            }
            .into(),
        )?;
        self.unit.record(original, &mark);
        self.record_entries(&target, &reversing);
        Ok(())
    }

    /// A batch of new entries (an import), all or nothing: posted, or drafted.
    pub fn post_batch(
        &mut self,
        entries: &[(JournalEntryId, EntryInput)],
        post: bool,
        author: UserId,
    ) -> Result<(), BatchRejection> {
        let events = new_entries(entries, self.workspace_id, post, self.chart(), author)?;
        for ((id, _), event) in entries.iter().zip(events) {
            let target = Loaded::<JournalEntry>::fresh(id.to_string());
            self.record_entries(&target, std::slice::from_ref(&event));
        }
        Ok(())
    }

    /// Decides a command of the feature's own aggregate (a pay run, an import) in the
    /// same append.
    pub fn decide<A: Decider>(
        &mut self,
        target: &Loaded<A>,
        command: A::Command,
    ) -> Result<Vec<A::Event>, A::Error> {
        self.unit.decide(target, command)
    }

    /// Records the feature's own, already decided events in the same append.
    pub fn record<A: Decider>(&mut self, target: &Loaded<A>, events: &[A::Event]) {
        self.unit.record(target, events);
    }
}

/// Pairs each posted entry with the number the store gave it.
pub(super) fn numbered(posted: Vec<JournalEntryId>, committed: &Committed) -> Vec<PostedEntry> {
    let numbers = committed.numbers();
    posted
        .into_iter()
        .enumerate()
        .map(|(i, id)| PostedEntry {
            id,
            entry_number: numbers.get(i).map(|n| {
                event_schemas::journal_entry::entry_number(u64::try_from(*n).unwrap_or_default())
            }),
        })
        .collect()
}
