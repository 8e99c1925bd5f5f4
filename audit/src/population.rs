//! The input: a session's population of posted journal entries, and the derived values
//! every test needs (entry totals, parsed entry numbers), computed once.
//!
//! The population is put in one canonical order (entry number, then id) when it is
//! built, so every test iterates it the same way and every output is reproducible no
//! matter in which order the caller read the entries from the log.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use event_schemas::account_tree::AccountType;
use event_schemas::journal_entry::LINES_PER_ENTRY_MAX;
use event_schemas::{AccountId, JournalEntryId, UserId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::AuditError;

/// One posted journal entry as the audit sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct JournalEntry {
    #[schema(value_type = String)]
    pub id: JournalEntryId,
    /// The entry number as shown to users: `JE-000012`, or a bare sequence `12`.
    pub number: String,
    /// The date the entry takes effect in the books.
    pub effective_date: NaiveDate,
    /// When the entry was posted (its event's time in the log); never changes.
    pub recorded_at: DateTime<Utc>,
    /// The user who posted it.
    #[schema(value_type = String)]
    pub author: UserId,
    pub memo: String,
    /// The entry this one reverses, when it is a reversal.
    #[schema(value_type = Option<String>)]
    pub reverses: Option<JournalEntryId>,
    pub lines: Vec<PostingLine>,
}

/// One line (posting) of an entry: exactly one of `debit`/`credit` is above zero in
/// posted books, but the audit does not rely on it (it reads both).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PostingLine {
    #[schema(value_type = String)]
    pub account_id: AccountId,
    /// The account's class (asset, liability, equity, income, expense).
    #[schema(value_type = String)]
    pub account_class: AccountType,
    pub debit: Decimal,
    pub credit: Decimal,
}

impl PostingLine {
    /// The line's amount whatever its side: what digit and outlier tests read.
    pub fn amount(&self) -> Decimal {
        self.debit + self.credit
    }

    /// Debit or credit, for tests where the direction matters (duplicates, pairs).
    pub fn side(&self) -> Side {
        if self.debit >= self.credit {
            Side::Debit
        } else {
            Side::Credit
        }
    }
}

/// The side of a line.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Debit,
    Credit,
}

/// An entry number split into its series prefix and sequence: `JE-000012` is
/// (`JE-`, 12); `12` is (``, 12). `None` when the number does not end in digits.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntryNumber {
    pub prefix: String,
    pub sequence: u64,
}

impl EntryNumber {
    pub fn parse(number: &str) -> Option<Self> {
        let trimmed = number.trim();
        let digits_start = trimmed
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_ascii_digit())
            .last()
            .map(|(index, _)| index)?;
        let sequence = trimmed[digits_start..].parse().ok()?;
        Some(Self {
            prefix: trimmed[..digits_start].to_owned(),
            sequence,
        })
    }
}

/// A validated population in canonical order, with derived values.
#[derive(Debug, Clone)]
pub struct Population {
    entries: Vec<JournalEntry>,
    /// Total debits per entry (the entry's amount for amount-based tests), same order.
    totals: Vec<Decimal>,
    /// Parsed numbers, same order.
    numbers: Vec<Option<EntryNumber>>,
    index_by_id: HashMap<JournalEntryId, usize>,
    lines: usize,
}

impl Population {
    /// Validates and orders the entries. Unbalanced entries are accepted: the audit
    /// reads the books as they are, it does not re-decide them.
    pub fn new(mut entries: Vec<JournalEntry>) -> Result<Self, AuditError> {
        for entry in &entries {
            if entry.lines.len() > LINES_PER_ENTRY_MAX {
                return Err(AuditError::TooManyLines {
                    entry_id: entry.id,
                    lines: entry.lines.len(),
                    lines_max: LINES_PER_ENTRY_MAX,
                });
            }
            if let Some(line_index) = entry
                .lines
                .iter()
                .position(|line| line.debit.is_sign_negative() || line.credit.is_sign_negative())
            {
                return Err(AuditError::NegativeAmount {
                    entry_id: entry.id,
                    line_index,
                });
            }
        }
        entries.sort_by_cached_key(|entry| {
            let parsed = EntryNumber::parse(&entry.number);
            // Unnumbered entries go last, in number text then id order.
            (parsed.is_none(), parsed, entry.number.clone(), entry.id)
        });
        let mut index_by_id = HashMap::with_capacity(entries.len());
        for (index, entry) in entries.iter().enumerate() {
            if index_by_id.insert(entry.id, index).is_some() {
                return Err(AuditError::DuplicateEntryId { entry_id: entry.id });
            }
        }
        let totals = entries
            .iter()
            .map(|entry| entry.lines.iter().map(|line| line.debit).sum())
            .collect();
        let numbers = entries
            .iter()
            .map(|entry| EntryNumber::parse(&entry.number))
            .collect();
        let lines = entries.iter().map(|entry| entry.lines.len()).sum();
        Ok(Self {
            entries,
            totals,
            numbers,
            index_by_id,
            lines,
        })
    }

    /// The entries in canonical order (entry number, then id).
    pub fn entries(&self) -> &[JournalEntry] {
        &self.entries
    }

    pub fn entry(&self, index: usize) -> &JournalEntry {
        &self.entries[index]
    }

    /// Total debits of the entry at `index`.
    pub fn total(&self, index: usize) -> Decimal {
        self.totals[index]
    }

    pub fn number(&self, index: usize) -> Option<&EntryNumber> {
        self.numbers[index].as_ref()
    }

    pub fn index_of(&self, id: JournalEntryId) -> Option<usize> {
        self.index_by_id.get(&id).copied()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Number of lines (postings) over all entries.
    pub fn line_count(&self) -> usize {
        self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{dec, entry, entry_id, population};

    #[test]
    fn a_prefixed_entry_number_parses_into_prefix_and_sequence() {
        assert_eq!(
            EntryNumber::parse("JE-000012"),
            Some(EntryNumber {
                prefix: "JE-".into(),
                sequence: 12
            })
        );
    }

    #[test]
    fn a_bare_sequence_parses_with_an_empty_prefix() {
        assert_eq!(
            EntryNumber::parse("42"),
            Some(EntryNumber {
                prefix: String::new(),
                sequence: 42
            })
        );
    }

    #[test]
    fn an_entry_id_used_twice_is_rejected() {
        let error = Population::new(vec![entry(1), entry(1)]).expect_err("duplicate id");

        assert_eq!(
            error,
            AuditError::DuplicateEntryId {
                entry_id: entry_id(1)
            }
        );
    }

    #[test]
    fn a_negative_amount_is_rejected_with_its_line() {
        let mut negative = entry(1);
        negative.lines[1].credit = -negative.lines[1].credit;

        let error = Population::new(vec![negative]).expect_err("negative");

        assert_eq!(
            error,
            AuditError::NegativeAmount {
                entry_id: entry_id(1),
                line_index: 1
            }
        );
    }

    #[test]
    fn an_entry_with_more_lines_than_an_entry_may_have_is_rejected() {
        let mut long = entry(1);
        long.lines = vec![long.lines[0].clone(); LINES_PER_ENTRY_MAX + 1];

        let error = Population::new(vec![long]).expect_err("too many lines");

        assert_eq!(
            error,
            AuditError::TooManyLines {
                entry_id: entry_id(1),
                lines: LINES_PER_ENTRY_MAX + 1,
                lines_max: LINES_PER_ENTRY_MAX
            }
        );
    }

    #[test]
    fn entries_are_ordered_by_number_whatever_the_input_order() {
        let population = population(vec![entry(10), entry(2), entry(1)]);

        let numbers: Vec<&str> = population
            .entries()
            .iter()
            .map(|entry| entry.number.as_str())
            .collect();
        assert_eq!(numbers, vec!["JE-000001", "JE-000002", "JE-000010"]);
        assert_eq!(population.total(2), dec("123.45"));
    }

    #[test]
    fn a_number_without_trailing_digits_does_not_parse() {
        assert_eq!(EntryNumber::parse("JE-"), None);
    }
}
