//! The JournalEntry aggregate's events: one stream per entry (the id is the entry id),
//! from draft through posting to reversal.
//!
//! `JournalEntryPosted` carries the entry's whole content (date, memo, reference, every
//! line, the number), so the ledger projectors need no other event of the stream: drafts
//! never reach the books. A reversal is a separate entry posted with `reverses` set; the
//! original records `JournalEntryReversed` with `reversed_by`, so the link reads both ways.
//!
//! Amounts are decimal strings at exactly two places (see [`crate::money`]); on every
//! line exactly one of `debit` and `credit` is above zero, the other is `"0.00"`.

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{AccountId, JournalEntryId, UserId, WorkspaceId};

/// cqrs-es's `Aggregate::TYPE` for journal entries: the `aggregate_type` column of the log.
pub const AGGREGATE_TYPE: &str = "JournalEntry";

/// Most lines in one entry. A payroll run posts a few lines per employee; a thousand lines
/// covers a few hundred staff and keeps one entry (loaded whole for every command on its
/// stream, and shown whole on one screen) bounded. Larger batches are several entries.
pub const LINES_PER_ENTRY_MAX: usize = 1_000;

/// Longest memo (the entry's narration), in characters.
pub const MEMO_CHARS_MAX: usize = 500;

/// Longest reference (invoice or voucher number, cheque number …), in characters.
pub const REFERENCE_CHARS_MAX: usize = 100;

/// Longest line description, in characters.
pub const DESCRIPTION_CHARS_MAX: usize = 250;

/// The prefix of every entry number (`JE-000001`).
pub const ENTRY_NUMBER_PREFIX: &str = "JE-";

/// Digits an entry number is zero-padded to; numbers past 999,999 simply grow longer.
pub const ENTRY_NUMBER_DIGITS: usize = 6;

/// The entry number of the `sequence`-th posted entry of a workspace (1-based):
/// `entry_number(1)` is `JE-000001`.
pub fn entry_number(sequence: u64) -> String {
    format!(
        "{ENTRY_NUMBER_PREFIX}{sequence:0width$}",
        width = ENTRY_NUMBER_DIGITS
    )
}

/// Writes the workspace's `sequence`-th number into a `JournalEntryPosted` payload. The
/// number is not decided with the entry: the store gives it as the posting commits (the
/// `n`-th `JournalEntryPosted` of the workspace's chain), so numbers are gapless and unique
/// without a lock held across the command; a decided posting carries 0 and `""` until then.
pub fn number_posting(payload: &mut serde_json::Value, sequence: i64) {
    let sequence = u64::try_from(sequence).unwrap_or_default();
    payload["entry_sequence"] = serde_json::Value::from(sequence);
    payload["entry_number"] = serde_json::Value::from(entry_number(sequence));
}

/// One line of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalLine {
    /// An account of the entry's workspace (checked active and last-level at posting).
    pub account_id: AccountId,
    /// Free text for this line, trimmed; `""` when none.
    #[schemars(length(max = DESCRIPTION_CHARS_MAX))]
    pub description: String,
    /// Two decimals, not negative; `"0.00"` on a credit line.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub debit: Decimal,
    /// Two decimals, not negative; `"0.00"` on a debit line.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub credit: Decimal,
}

/// A JournalEntry event, stored as its payload struct's fields plus a `type` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum JournalEntryEvent {
    JournalEntryDrafted(JournalEntryDrafted),
    JournalEntryDraftUpdated(JournalEntryDraftUpdated),
    JournalEntryDraftDeleted(JournalEntryDraftDeleted),
    JournalEntryPosted(JournalEntryPosted),
    JournalEntryReversed(JournalEntryReversed),
}

/// A draft entry was created. Drafts are work in progress: their lines are well formed
/// (amounts, lengths, count) but may not balance yet, and they never reach the books.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntryDrafted {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    /// The effective date: the day the books record the transaction on.
    pub date: NaiveDate,
    #[schemars(length(max = MEMO_CHARS_MAX))]
    pub memo: String,
    #[schemars(length(max = REFERENCE_CHARS_MAX))]
    pub reference: String,
    #[schemars(length(max = LINES_PER_ENTRY_MAX))]
    pub lines: Vec<JournalLine>,
    pub created_by: UserId,
}

impl EventPayload for JournalEntryDrafted {
    const EVENT_TYPE: &'static str = "JournalEntryDrafted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A draft's content changed. Carries the whole content after the change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntryDraftUpdated {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    pub date: NaiveDate,
    #[schemars(length(max = MEMO_CHARS_MAX))]
    pub memo: String,
    #[schemars(length(max = REFERENCE_CHARS_MAX))]
    pub reference: String,
    #[schemars(length(max = LINES_PER_ENTRY_MAX))]
    pub lines: Vec<JournalLine>,
}

impl EventPayload for JournalEntryDraftUpdated {
    const EVENT_TYPE: &'static str = "JournalEntryDraftUpdated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A draft was deleted. Only drafts can be; the stream accepts no further command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntryDraftDeleted {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
}

impl EventPayload for JournalEntryDraftDeleted {
    const EVENT_TYPE: &'static str = "JournalEntryDraftDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An entry was posted to the books: balanced, on active last-level accounts, after the
/// lock date. From here on it is immutable; a correction is a reversal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntryPosted {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    /// The workspace's posting sequence number, 1-based and gapless: given by the store as
    /// the posting commits (see [`number_posting`]).
    pub entry_sequence: u64,
    /// `entry_sequence` as shown: `JE-000001`.
    #[schemars(pattern(r"^JE-[0-9]{6,}$"))]
    pub entry_number: String,
    pub date: NaiveDate,
    #[schemars(length(max = MEMO_CHARS_MAX))]
    pub memo: String,
    #[schemars(length(max = REFERENCE_CHARS_MAX))]
    pub reference: String,
    #[schemars(length(min = 2, max = LINES_PER_ENTRY_MAX))]
    pub lines: Vec<JournalLine>,
    /// Sum of the debits, equal to the sum of the credits; two decimals.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub total: Decimal,
    /// The entry this one reverses; `null` for an ordinary entry.
    pub reverses: Option<JournalEntryId>,
    pub posted_by: UserId,
}

impl EventPayload for JournalEntryPosted {
    const EVENT_TYPE: &'static str = "JournalEntryPosted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A posted entry was reversed by another entry (posted in the same append, with
/// `reverses` naming this one). An entry is reversed at most once.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntryReversed {
    pub journal_entry_id: JournalEntryId,
    pub workspace_id: WorkspaceId,
    /// The reversing entry.
    pub reversed_by: JournalEntryId,
    /// The reversing entry's effective date.
    pub reversal_date: NaiveDate,
    pub reversed_by_user: UserId,
}

impl EventPayload for JournalEntryReversed {
    const EVENT_TYPE: &'static str = "JournalEntryReversed";
    const EVENT_VERSION: &'static str = "1.0";
}

impl JournalEntryEvent {
    /// The entry whose stream holds the event.
    pub fn journal_entry_id(&self) -> JournalEntryId {
        match self {
            Self::JournalEntryDrafted(e) => e.journal_entry_id,
            Self::JournalEntryDraftUpdated(e) => e.journal_entry_id,
            Self::JournalEntryDraftDeleted(e) => e.journal_entry_id,
            Self::JournalEntryPosted(e) => e.journal_entry_id,
            Self::JournalEntryReversed(e) => e.journal_entry_id,
        }
    }

    /// The workspace of the entry; its metadata's `workspace_id`.
    pub fn workspace_id(&self) -> WorkspaceId {
        match self {
            Self::JournalEntryDrafted(e) => e.workspace_id,
            Self::JournalEntryDraftUpdated(e) => e.workspace_id,
            Self::JournalEntryDraftDeleted(e) => e.workspace_id,
            Self::JournalEntryPosted(e) => e.workspace_id,
            Self::JournalEntryReversed(e) => e.workspace_id,
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::JournalEntryDrafted(e) => of(e),
            Self::JournalEntryDraftUpdated(e) => of(e),
            Self::JournalEntryDraftDeleted(e) => of(e),
            Self::JournalEntryPosted(e) => of(e),
            Self::JournalEntryReversed(e) => of(e),
        }
    }
}

impl DomainEvent for JournalEntryEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every JournalEntry event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<JournalEntryDrafted>(),
        EventVersion::current::<JournalEntryDraftUpdated>(),
        EventVersion::current::<JournalEntryDraftDeleted>(),
        EventVersion::current::<JournalEntryPosted>(),
        EventVersion::current::<JournalEntryReversed>(),
    ]
}

/// No JournalEntry event has been reshaped yet; the first new version adds its step here.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

/// The JournalEntry entry of the contract catalogue.
pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "journal_entry",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<JournalEntryEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<JournalEntryEvent>()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_numbers_are_zero_padded_to_six_digits() {
        assert_eq!(entry_number(1), "JE-000001");
        assert_eq!(entry_number(999_999), "JE-999999");
    }

    #[test]
    fn entry_numbers_past_six_digits_grow_longer() {
        assert_eq!(entry_number(1_000_000), "JE-1000000");
    }
}
