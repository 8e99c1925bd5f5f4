//! `ledger`: the books as the JournalEntry streams posted them.
//!
//! - `read_postings`: one row per line of every posted entry (reversals included, as the
//!   new entries they are). The general ledger pages through it by
//!   `(workspace_id, account_id, date, entry_sequence, line_index)`.
//! - `read_ledger_totals`: per account, debit and credit totals and posting counts per
//!   year (`grain = 'y'`, period `YYYY`), month (`'m'`, `YYYY-MM`) and day (`'d'`,
//!   `YYYY-MM-DD`). Any date range splits into whole years, whole months and days, so the
//!   balances at any date — a trial balance, a general ledger's opening balance — read at
//!   most (years + 11 + 30) rows per account, however many postings there are.
//! - `read_journal_entries` / `read_journal_draft_lines`: the journal list and detail —
//!   drafts, posted entries and reversed ones, with their author (the `actor_id` of the
//!   event that created them). A posted entry's lines are its `read_postings` rows.
//!
//! Money is BIGINT cents ([`crate::cents`]). Posted entries are written in multi-row
//! statements, many entries per statement; the totals of a whole batch are summed in
//! memory first and upserted once per key. Any other journal event first flushes what is
//! pending, so the tables always see the log's order.
//!
//! Every posted entry is checked again here (TigerStyle: assert where it must hold): each
//! line is a debit or a credit above zero, and debits = credits = the entry's total. A
//! failing check stops the projector at that event instead of unbalancing the books.

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use event_schemas::journal_entry::{upcasters, JournalEntryEvent, JournalLine, AGGREGATE_TYPE};
use posted::Pending;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::{metadata_keys, RecordedEvent};

use crate::cents::to_cents;
use crate::decode::decode;
use crate::rows::Insert;
use crate::{DeferredIndex, ProjectionError, Projector};

mod posted;

/// `read_ledger_totals.grain` of yearly totals (period `YYYY`).
pub const GRAIN_YEAR: &str = "y";
/// `read_ledger_totals.grain` of monthly totals (period `YYYY-MM`).
pub const GRAIN_MONTH: &str = "m";
/// `read_ledger_totals.grain` of daily totals (period `YYYY-MM-DD`).
pub const GRAIN_DAY: &str = "d";

/// `read_journal_entries.status` values.
pub const STATUS_DRAFT: &str = "draft";
pub const STATUS_POSTED: &str = "posted";
pub const STATUS_REVERSED: &str = "reversed";

const POSTINGS: &str = "CREATE TABLE read_postings (
    workspace_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    line_index BIGINT NOT NULL,
    entry_sequence BIGINT NOT NULL,
    entry_number TEXT NOT NULL,
    date TEXT NOT NULL,
    recorded_at BIGINT NOT NULL,
    account_id TEXT NOT NULL,
    debit_cents BIGINT NOT NULL,
    credit_cents BIGINT NOT NULL,
    description TEXT NOT NULL,
    memo TEXT NOT NULL,
    reference TEXT NOT NULL,
    reverses TEXT,
    PRIMARY KEY (entry_id, line_index)
)";

const POSTINGS_ACCOUNT: &str = "CREATE INDEX read_postings_account ON read_postings \
    (workspace_id, account_id, date, entry_sequence, line_index)";

const POSTINGS_DATE: &str = "CREATE INDEX read_postings_date ON read_postings \
    (workspace_id, date, entry_sequence, line_index)";

/// The totals' columns and key, as a literal so both of the table's forms name them once.
macro_rules! totals_columns {
    () => {
        "(
    workspace_id TEXT NOT NULL,
    grain TEXT NOT NULL,
    period TEXT NOT NULL,
    account_id TEXT NOT NULL,
    debit_cents BIGINT NOT NULL,
    credit_cents BIGINT NOT NULL,
    postings BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, grain, period, account_id)
)"
    };
}

const TOTALS: &str = concat!("CREATE TABLE read_ledger_totals ", totals_columns!());

/// The totals' lookup by account, as a literal so the SQLite table's rebuild can name it too.
macro_rules! totals_account_index {
    () => {
        "CREATE INDEX read_ledger_totals_account ON read_ledger_totals \
         (workspace_id, account_id, grain, period)"
    };
}

const TOTALS_ACCOUNT: &str = totals_account_index!();

/// On SQLite the totals are stored in their key's order (`WITHOUT ROWID`): a balance reads
/// runs of neighbouring keys, which then sit on the same pages, instead of one table seek
/// per row through the key's index — half the time of a trial balance at a million
/// postings. The table is rebuilt in place with its rows; Postgres keeps its heap table
/// (its updates of the totals stay HOT, which an index covering them would prevent).
///
/// Stored in key order, the key answers every query without a lookup, so SQLite's planner
/// would take it even for one account's totals (reading every account's rows of each
/// period) unless it knows the key is not selective. It is told so by statistics of the
/// shape of any books — many rows per period, few per account and period — written once
/// here rather than measured by `ANALYZE`, whose figures on a young database would point
/// the other way as it grows.
const TOTALS_CLUSTERED_SQLITE: &str = concat!(
    "CREATE TABLE read_ledger_totals_clustered ",
    totals_columns!(),
    " WITHOUT ROWID;
INSERT INTO read_ledger_totals_clustered \
    (workspace_id, grain, period, account_id, debit_cents, credit_cents, postings) \
    SELECT workspace_id, grain, period, account_id, debit_cents, credit_cents, postings \
    FROM read_ledger_totals;
DROP TABLE read_ledger_totals;
ALTER TABLE read_ledger_totals_clustered RENAME TO read_ledger_totals;
",
    totals_account_index!(),
    ";
-- Creates SQLite's statistics table where this database has none yet.
ANALYZE read_ledger_totals;
DELETE FROM sqlite_stat1 WHERE tbl = 'read_ledger_totals';
INSERT INTO sqlite_stat1 (tbl, idx, stat) VALUES
    ('read_ledger_totals', 'read_ledger_totals', '1000000 1000000 333333 500 1'),
    ('read_ledger_totals', 'read_ledger_totals_account', '1000000 1000000 2000 700 1');"
);

const ENTRIES: &str = "CREATE TABLE read_journal_entries (
    entry_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    status TEXT NOT NULL,
    entry_sequence BIGINT,
    entry_number TEXT,
    date TEXT NOT NULL,
    memo TEXT NOT NULL,
    reference TEXT NOT NULL,
    total_cents BIGINT NOT NULL,
    line_count BIGINT NOT NULL,
    author_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    posted_at BIGINT,
    posted_by TEXT,
    reverses TEXT,
    reversed_by TEXT,
    reversal_date TEXT,
    sort_sequence BIGINT NOT NULL
)";

/// The journal list's order: newest date first, then highest number, drafts (which have
/// no number yet, `sort_sequence` = [`DRAFT_SORT_SEQUENCE`]) before posted entries of the
/// same day. A plain column, so the list pages straight off this index on both backends
/// (their NULL orderings differ).
const ENTRIES_DATE: &str = "CREATE INDEX read_journal_entries_date ON read_journal_entries \
    (workspace_id, date, sort_sequence, entry_id)";

/// `sort_sequence` of a draft: after every real number.
pub const DRAFT_SORT_SEQUENCE: i64 = i64::MAX;

const ENTRIES_SEQUENCE: &str =
    "CREATE INDEX read_journal_entries_sequence ON read_journal_entries \
    (workspace_id, entry_sequence)";

const DRAFT_LINES: &str = "CREATE TABLE read_journal_draft_lines (
    entry_id TEXT NOT NULL,
    line_index BIGINT NOT NULL,
    workspace_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    description TEXT NOT NULL,
    debit_cents BIGINT NOT NULL,
    credit_cents BIGINT NOT NULL,
    PRIMARY KEY (entry_id, line_index)
)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct Ledger;

#[async_trait]
impl Projector for Ledger {
    fn name(&self) -> &'static str {
        "ledger"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_postings", POSTINGS),
            same!(2, "read_postings_account", POSTINGS_ACCOUNT),
            same!(3, "read_postings_date", POSTINGS_DATE),
            same!(4, "read_ledger_totals", TOTALS),
            same!(5, "read_ledger_totals_account", TOTALS_ACCOUNT),
            same!(6, "read_journal_entries", ENTRIES),
            same!(7, "read_journal_entries_date", ENTRIES_DATE),
            same!(8, "read_journal_entries_sequence", ENTRIES_SEQUENCE),
            same!(9, "read_journal_draft_lines", DRAFT_LINES),
            Migration {
                version: 10,
                name: "read_ledger_totals_clustered",
                sqlite: TOTALS_CLUSTERED_SQLITE,
                postgres: "SELECT 1",
            },
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_postings",
            "read_ledger_totals",
            "read_journal_entries",
            "read_journal_draft_lines",
        ]
    }

    /// The ledger's writes go by primary key (`entry_id`, the totals' key), so every
    /// lookup index can wait for the end of a rebuild.
    fn deferred_indexes(&self) -> &'static [DeferredIndex] {
        &[
            DeferredIndex {
                name: "read_postings_account",
                create: POSTINGS_ACCOUNT,
            },
            DeferredIndex {
                name: "read_postings_date",
                create: POSTINGS_DATE,
            },
            DeferredIndex {
                name: "read_ledger_totals_account",
                create: TOTALS_ACCOUNT,
            },
            DeferredIndex {
                name: "read_journal_entries_date",
                create: ENTRIES_DATE,
            },
            DeferredIndex {
                name: "read_journal_entries_sequence",
                create: ENTRIES_SEQUENCE,
            },
        ]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        let mut pending = Pending::default();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            match decode::<JournalEntryEvent>(event, &upcasters)? {
                JournalEntryEvent::JournalEntryPosted(posted) => pending.post(event, posted)?,
                other => {
                    pending.flush(tx).await?;
                    apply_other(tx, event, &other).await?;
                }
            }
        }
        pending.flush(tx).await
    }
}

/// Each line's (debit, credit) in cents.
fn line_cents(
    envelope: &RecordedEvent,
    lines: &[JournalLine],
) -> Result<Vec<(i64, i64)>, ProjectionError> {
    lines
        .iter()
        .enumerate()
        .map(
            |(i, line)| match (to_cents(line.debit), to_cents(line.credit)) {
                (Some(d), Some(c)) => Ok((d, c)),
                _ => Err(ProjectionError::at(
                    envelope,
                    format!("lines[{i}]: amount not at money scale"),
                )),
            },
        )
        .collect()
}

/// A day as the read models store it: `YYYY-MM-DD` (for years 1–9999, as text that sorts).
fn day_text(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// `YYYY-MM-DD`, refusing years that would not sort as four-digit text.
fn checked_date(envelope: &RecordedEvent, date: NaiveDate) -> Result<String, ProjectionError> {
    if (1..=9999).contains(&date.year()) {
        Ok(day_text(date))
    } else {
        Err(ProjectionError::at(
            envelope,
            format!("date {date} outside years 1–9999"),
        ))
    }
}

/// The sum, or `None` past `i64`: a projector reports overflow, it never panics on it.
fn checked_sum(values: impl IntoIterator<Item = i64>) -> Option<i64> {
    values.into_iter().try_fold(0i64, i64::checked_add)
}

fn draft_total(lines: &[(i64, i64)]) -> i64 {
    checked_sum(lines.iter().map(|(d, _)| *d)).unwrap_or(i64::MAX)
}

/// A draft's line as `read_journal_draft_lines` holds it.
struct DraftLine {
    entry_id: String,
    index: i64,
    workspace: String,
    account: String,
    description: String,
    debit_cents: i64,
    credit_cents: i64,
}

const DRAFT_LINES_INSERT: Insert<DraftLine> = Insert {
    head: "INSERT INTO read_journal_draft_lines \
        (entry_id, line_index, workspace_id, account_id, description, debit_cents, credit_cents)",
    columns: 7,
    tail: "",
    bind: |query, l| {
        query
            .bind(l.entry_id.as_str())
            .bind(l.index)
            .bind(l.workspace.as_str())
            .bind(l.account.as_str())
            .bind(l.description.as_str())
            .bind(l.debit_cents)
            .bind(l.credit_cents)
    },
};

async fn insert_draft_lines(
    tx: &mut Transaction<'static, Any>,
    entry_id: &str,
    workspace: &str,
    lines: &[JournalLine],
    cents: &[(i64, i64)],
) -> Result<(), sqlx::Error> {
    let rows: Vec<DraftLine> = lines
        .iter()
        .zip(cents)
        .enumerate()
        .map(|(i, (line, (debit, credit)))| DraftLine {
            entry_id: entry_id.to_owned(),
            index: i as i64,
            workspace: workspace.to_owned(),
            account: line.account_id.to_string(),
            description: line.description.clone(),
            debit_cents: *debit,
            credit_cents: *credit,
        })
        .collect();
    DRAFT_LINES_INSERT.run(tx, &rows).await
}

async fn apply_other(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &JournalEntryEvent,
) -> Result<(), ProjectionError> {
    let at = envelope.recorded_at;
    let failed = |e: sqlx::Error| ProjectionError::at(envelope, e.to_string());
    match event {
        JournalEntryEvent::JournalEntryPosted(_) => {
            unreachable_posted(envelope)?;
        }
        JournalEntryEvent::JournalEntryDrafted(e) => {
            let cents = line_cents(envelope, &e.lines)?;
            let id = e.journal_entry_id.to_string();
            let workspace = e.workspace_id.to_string();
            let author = envelope
                .metadata_str(metadata_keys::ACTOR_ID)
                .unwrap_or_else(|| e.created_by.to_string());
            sqlx::query(
                "INSERT INTO read_journal_entries (entry_id, workspace_id, status, entry_sequence, entry_number, date, \
                 memo, reference, total_cents, line_count, author_id, created_at, updated_at, sort_sequence) \
                 VALUES ($1, $2, $3, NULL, NULL, $4, $5, $6, $7, $8, $9, $10, $10, $11)",
            )
            .bind(&id)
            .bind(&workspace)
            .bind(STATUS_DRAFT)
            .bind(checked_date(envelope, e.date)?)
            .bind(&e.memo)
            .bind(&e.reference)
            .bind(draft_total(&cents))
            .bind(e.lines.len() as i64)
            .bind(author)
            .bind(at)
            .bind(DRAFT_SORT_SEQUENCE)
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            insert_draft_lines(tx, &id, &workspace, &e.lines, &cents)
                .await
                .map_err(failed)?;
        }
        JournalEntryEvent::JournalEntryDraftUpdated(e) => {
            let cents = line_cents(envelope, &e.lines)?;
            let id = e.journal_entry_id.to_string();
            let workspace = e.workspace_id.to_string();
            let updated = sqlx::query(
                "UPDATE read_journal_entries SET date = $1, memo = $2, reference = $3, total_cents = $4, \
                 line_count = $5, updated_at = $6 WHERE entry_id = $7 AND workspace_id = $8",
            )
            .bind(checked_date(envelope, e.date)?)
            .bind(&e.memo)
            .bind(&e.reference)
            .bind(draft_total(&cents))
            .bind(e.lines.len() as i64)
            .bind(at)
            .bind(&id)
            .bind(&workspace)
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            require_one(envelope, updated.rows_affected(), &id)?;
            sqlx::query("DELETE FROM read_journal_draft_lines WHERE entry_id = $1")
                .bind(&id)
                .execute(&mut **tx)
                .await
                .map_err(failed)?;
            insert_draft_lines(tx, &id, &workspace, &e.lines, &cents)
                .await
                .map_err(failed)?;
        }
        JournalEntryEvent::JournalEntryDraftDeleted(e) => {
            let id = e.journal_entry_id.to_string();
            for sql in [
                "DELETE FROM read_journal_draft_lines WHERE entry_id = $1",
                "DELETE FROM read_journal_entries WHERE entry_id = $1",
            ] {
                sqlx::query(sql)
                    .bind(&id)
                    .execute(&mut **tx)
                    .await
                    .map_err(failed)?;
            }
        }
        JournalEntryEvent::JournalEntryReversed(e) => {
            let id = e.journal_entry_id.to_string();
            let updated = sqlx::query(
                "UPDATE read_journal_entries SET status = $1, reversed_by = $2, reversal_date = $3, updated_at = $4 \
                 WHERE entry_id = $5 AND workspace_id = $6",
            )
            .bind(STATUS_REVERSED)
            .bind(e.reversed_by.to_string())
            .bind(checked_date(envelope, e.reversal_date)?)
            .bind(at)
            .bind(&id)
            .bind(e.workspace_id.to_string())
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            require_one(envelope, updated.rows_affected(), &id)?;
        }
    }
    Ok(())
}

/// `apply_batch` routes every `JournalEntryPosted` to [`Pending::post`].
fn unreachable_posted(envelope: &RecordedEvent) -> Result<(), ProjectionError> {
    Err(ProjectionError::at(
        envelope,
        "posted entry reached the per-event path",
    ))
}

/// The aggregate only emits events about entries it holds; a miss means the read model
/// lost a row. Stop loudly rather than drift.
fn require_one(envelope: &RecordedEvent, rows: u64, entry_id: &str) -> Result<(), ProjectionError> {
    if rows == 1 {
        Ok(())
    } else {
        Err(ProjectionError::at(
            envelope,
            format!(
                "{} names entry {entry_id}, which the read model does not hold",
                envelope.event_type
            ),
        ))
    }
}

/// Whether any posted entry of the workspace has a line on `account_id`. The command
/// side asks before deleting an account or giving it sub-accounts (the account tree does
/// not see postings).
pub async fn has_postings(
    db: &store::Db,
    workspace_id: &str,
    account_id: &str,
) -> Result<bool, sqlx::Error> {
    let row = sqlx::query(
        "SELECT 1 FROM read_postings WHERE workspace_id = $1 AND account_id = $2 LIMIT 1",
    )
    .bind(workspace_id)
    .bind(account_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}
