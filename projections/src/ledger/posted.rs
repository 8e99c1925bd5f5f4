//! Posted entries batched for writing: their `read_journal_entries` rows, their lines as
//! `read_postings` rows, and the period totals they add to, summed in memory per key.
//!
//! An entry is checked and kept as it came from the event (its strings moved, not
//! copied); ids and periods become text only when the batch is written, once per row or
//! per total rather than once per line. The totals are tallied under typed keys that
//! hash and compare without text (a rebuild tallies ~150,000 keys per page) and are
//! upserted in the table's key order.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use event_schemas::ids::{AccountId, WorkspaceId};
use event_schemas::journal_entry::JournalEntryPosted;
use sqlx::{Any, Transaction};
use store::{metadata_keys, RecordedEvent};

use super::{checked_date, checked_sum, day_text, line_cents, STATUS_POSTED};
use super::{GRAIN_DAY, GRAIN_MONTH, GRAIN_YEAR};
use crate::cents::to_cents;
use crate::rows::{Insert, Params, BIND_PARAMS_MAX};
use crate::ProjectionError;

/// A posted entry as its rows will hold it.
struct Entry {
    id: String,
    workspace: String,
    sequence: i64,
    number: String,
    date: String,
    memo: String,
    reference: String,
    total_cents: i64,
    author: String,
    recorded_at: i64,
    posted_by: String,
    reverses: Option<String>,
    lines: Vec<Line>,
}

struct Line {
    account: String,
    description: String,
    debit_cents: i64,
    credit_cents: i64,
}

/// A period of the totals. The variants' order is their grains' (`d` < `m` < `y`) and
/// each variant's order its text's, so sorting keys sorts them as the table's key does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Period {
    Day(NaiveDate),
    Month(i32, u32),
    Year(i32),
}

impl Period {
    fn grain(self) -> &'static str {
        match self {
            Self::Day(_) => GRAIN_DAY,
            Self::Month(..) => GRAIN_MONTH,
            Self::Year(_) => GRAIN_YEAR,
        }
    }

    /// `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (years were checked to have four digits).
    fn text(self) -> String {
        match self {
            Self::Day(date) => day_text(date),
            Self::Month(year, month) => format!("{year:04}-{month:02}"),
            Self::Year(year) => format!("{year:04}"),
        }
    }
}

/// The totals' key, fields in the table's key order (a UUID's bytes sort as its text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct TotalKey {
    workspace: WorkspaceId,
    period: Period,
    account: AccountId,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    debit_cents: i64,
    credit_cents: i64,
    postings: i64,
}

/// A total as upserted.
struct TotalRow {
    workspace: String,
    grain: &'static str,
    period: String,
    account: String,
    tally: Tally,
}

/// Posted entries not yet written: one multi-row statement per table at flush.
#[derive(Default)]
pub(super) struct Pending {
    /// Entries posted from a draft: their draft lines go.
    drafts_posted: Vec<String>,
    entries: Vec<Entry>,
    totals: HashMap<TotalKey, Tally>,
}

impl Pending {
    pub(super) fn post(
        &mut self,
        envelope: &RecordedEvent,
        e: JournalEntryPosted,
    ) -> Result<(), ProjectionError> {
        let cents = line_cents(envelope, &e.lines)?;
        let overflow = || ProjectionError::at(envelope, "entry amounts overflow 64-bit cents");
        let debits = checked_sum(cents.iter().map(|(d, _)| *d)).ok_or_else(overflow)?;
        let credits = checked_sum(cents.iter().map(|(_, c)| *c)).ok_or_else(overflow)?;
        let total = to_cents(e.total).ok_or_else(|| {
            ProjectionError::at(envelope, format!("total {} is not at money scale", e.total))
        })?;
        if cents.len() < 2
            || cents
                .iter()
                .any(|(d, c)| (*d > 0) == (*c > 0) || *d < 0 || *c < 0)
        {
            return Err(ProjectionError::at(
                envelope,
                "a posted entry needs at least two lines, each a debit or a credit above zero",
            ));
        }
        if debits != credits || debits != total {
            return Err(ProjectionError::at(
                envelope,
                format!("unbalanced posted entry: debits {debits}, credits {credits}, total {total} (cents)"),
            ));
        }
        let sequence = i64::try_from(e.entry_sequence)
            .map_err(|_| ProjectionError::at(envelope, "entry sequence out of range"))?;
        let date = checked_date(envelope, e.date)?;
        let periods = [
            Period::Day(e.date),
            Period::Month(e.date.year(), e.date.month()),
            Period::Year(e.date.year()),
        ];
        for (line, (debit, credit)) in e.lines.iter().zip(&cents) {
            for period in periods {
                let key = TotalKey {
                    workspace: e.workspace_id,
                    period,
                    account: line.account_id,
                };
                let tally = self.totals.entry(key).or_default();
                tally.debit_cents = tally.debit_cents.checked_add(*debit).ok_or_else(overflow)?;
                tally.credit_cents = tally
                    .credit_cents
                    .checked_add(*credit)
                    .ok_or_else(overflow)?;
                tally.postings += 1;
            }
        }
        let id = e.journal_entry_id.to_string();
        let posted_by = e.posted_by.to_string();
        if envelope.sequence > 1 {
            self.drafts_posted.push(id.clone());
        }
        self.entries.push(Entry {
            id,
            workspace: e.workspace_id.to_string(),
            sequence,
            number: e.entry_number,
            date,
            memo: e.memo,
            reference: e.reference,
            total_cents: total,
            author: envelope
                .metadata_str(metadata_keys::ACTOR_ID)
                .unwrap_or_else(|| posted_by.clone()),
            recorded_at: envelope.recorded_at,
            posted_by,
            reverses: e.reverses.map(|r| r.to_string()),
            lines: e
                .lines
                .into_iter()
                .zip(cents)
                .map(|(line, (debit, credit))| Line {
                    account: line.account_id.to_string(),
                    description: line.description,
                    debit_cents: debit,
                    credit_cents: credit,
                })
                .collect(),
        });
        Ok(())
    }

    pub(super) async fn flush(
        &mut self,
        tx: &mut Transaction<'static, Any>,
    ) -> Result<(), ProjectionError> {
        let pending = std::mem::take(self);
        let params = Params::of(tx);
        for chunk in pending.drafts_posted.chunks(BIND_PARAMS_MAX) {
            let sql = format!(
                "DELETE FROM read_journal_draft_lines WHERE entry_id IN ({})",
                params.list(1, chunk.len())
            );
            let mut query = sqlx::query(&sql);
            for id in chunk {
                query = query.bind(id.as_str());
            }
            query.execute(&mut **tx).await?;
        }
        ENTRIES.run(tx, &pending.entries).await?;
        let lines: Vec<(&Entry, usize)> = pending
            .entries
            .iter()
            .flat_map(|entry| (0..entry.lines.len()).map(move |index| (entry, index)))
            .collect();
        postings().run(tx, &lines).await?;
        let mut keys: Vec<(TotalKey, Tally)> = pending.totals.into_iter().collect();
        keys.sort_unstable_by_key(|(key, _)| *key);
        let totals: Vec<TotalRow> = keys
            .into_iter()
            .map(|(key, tally)| TotalRow {
                workspace: key.workspace.to_string(),
                grain: key.period.grain(),
                period: key.period.text(),
                account: key.account.to_string(),
                tally,
            })
            .collect();
        TOTALS.run(tx, &totals).await?;
        Ok(())
    }
}

/// A draft being posted keeps its author and creation time.
const ENTRIES: Insert<Entry> = Insert {
    head: "INSERT INTO read_journal_entries (entry_id, workspace_id, status, entry_sequence, entry_number, \
        date, memo, reference, total_cents, line_count, author_id, created_at, updated_at, posted_at, posted_by, \
        reverses, reversed_by, reversal_date, sort_sequence)",
    columns: 19,
    tail: " ON CONFLICT (entry_id) DO UPDATE SET status = excluded.status, entry_sequence = excluded.entry_sequence, \
        entry_number = excluded.entry_number, date = excluded.date, memo = excluded.memo, \
        reference = excluded.reference, total_cents = excluded.total_cents, line_count = excluded.line_count, \
        updated_at = excluded.updated_at, posted_at = excluded.posted_at, posted_by = excluded.posted_by, \
        reverses = excluded.reverses, sort_sequence = excluded.sort_sequence",
    bind: |query, e| {
        query
            .bind(e.id.as_str())
            .bind(e.workspace.as_str())
            .bind(STATUS_POSTED)
            .bind(e.sequence)
            .bind(e.number.as_str())
            .bind(e.date.as_str())
            .bind(e.memo.as_str())
            .bind(e.reference.as_str())
            .bind(e.total_cents)
            .bind(e.lines.len() as i64)
            .bind(e.author.as_str())
            .bind(e.recorded_at)
            .bind(e.recorded_at)
            .bind(Some(e.recorded_at))
            .bind(Some(e.posted_by.as_str()))
            .bind(e.reverses.as_deref())
            .bind(None::<&str>)
            .bind(None::<&str>)
            .bind(e.sequence)
    },
};

/// One line of a posted entry: the entry and the line's index in it.
fn postings<'e>() -> Insert<(&'e Entry, usize)> {
    Insert {
    head: "INSERT INTO read_postings (workspace_id, entry_id, line_index, entry_sequence, entry_number, date, \
        recorded_at, account_id, debit_cents, credit_cents, description, memo, reference, reverses)",
    columns: 14,
    tail: "",
    bind: |query, (e, index)| {
        let line = &e.lines[*index];
        query
            .bind(e.workspace.as_str())
            .bind(e.id.as_str())
            .bind(*index as i64)
            .bind(e.sequence)
            .bind(e.number.as_str())
            .bind(e.date.as_str())
            .bind(e.recorded_at)
            .bind(line.account.as_str())
            .bind(line.debit_cents)
            .bind(line.credit_cents)
            .bind(line.description.as_str())
            .bind(e.memo.as_str())
            .bind(e.reference.as_str())
            .bind(e.reverses.as_deref())
        },
    }
}

const TOTALS: Insert<TotalRow> = Insert {
    head: "INSERT INTO read_ledger_totals (workspace_id, grain, period, account_id, debit_cents, credit_cents, postings)",
    columns: 7,
    tail: " ON CONFLICT (workspace_id, grain, period, account_id) DO UPDATE SET \
        debit_cents = read_ledger_totals.debit_cents + excluded.debit_cents, \
        credit_cents = read_ledger_totals.credit_cents + excluded.credit_cents, \
        postings = read_ledger_totals.postings + excluded.postings",
    bind: |query, t| {
        query
            .bind(t.workspace.as_str())
            .bind(t.grain)
            .bind(t.period.as_str())
            .bind(t.account.as_str())
            .bind(t.tally.debit_cents)
            .bind(t.tally.credit_cents)
            .bind(t.tally.postings)
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn key(workspace: u128, period: Period, account: u128) -> TotalKey {
        TotalKey {
            workspace: WorkspaceId::from_uuid(Uuid::from_u128(workspace)),
            period,
            account: AccountId::from_uuid(Uuid::from_u128(account)),
        }
    }

    fn text(key: &TotalKey) -> (String, &'static str, String, String) {
        (
            key.workspace.to_string(),
            key.period.grain(),
            key.period.text(),
            key.account.to_string(),
        )
    }

    #[test]
    fn totals_keys_sort_as_the_tables_text_key() {
        let day = |y, m, d| Period::Day(NaiveDate::from_ymd_opt(y, m, d).expect("a date"));
        let mut keys = vec![
            key(2, Period::Year(2026), 1),
            key(1, Period::Year(999), 0xff << 120),
            key(1, Period::Month(2026, 10), 5),
            key(1, Period::Month(2026, 9), 5),
            key(1, day(2026, 1, 31), 7),
            key(1, day(2025, 12, 1), 0xa << 120),
            key(1, day(2025, 12, 1), 0x9 << 120),
            key(0xf << 124, day(1, 1, 1), 1),
        ];
        let mut by_text = keys.clone();
        by_text.sort_by_key(text);
        keys.sort();
        assert_eq!(keys, by_text);
    }

    #[test]
    fn periods_are_written_as_four_digit_years_months_and_days() {
        let date = NaiveDate::from_ymd_opt(987, 3, 4).expect("a date");
        assert_eq!(Period::Day(date).text(), "0987-03-04");
        assert_eq!(Period::Month(987, 3).text(), "0987-03");
        assert_eq!(Period::Year(987).text(), "0987");
        assert_eq!(
            [Period::Day(date), Period::Month(987, 3), Period::Year(987)].map(Period::grain),
            [GRAIN_DAY, GRAIN_MONTH, GRAIN_YEAR]
        );
    }
}
