//! The journal: entries listed with filters (paginated), one entry in detail, and the next
//! entry sequence the command side numbers a posting with.

use api_core::pagination::{Page, Paginated};
use api_core::ApiError;
use chrono::{DateTime, NaiveDate, Utc};
use projections::cents::{cents_string, to_cents};
use projections::ledger::{STATUS_DRAFT, STATUS_POSTED, STATUS_REVERSED};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::Row;
use store::Db;

use super::{day, int, micros, parse_day, Sql};

/// Longest free-text filter, in characters: longer than any memo is pointless.
const TEXT_FILTER_CHARS_MAX: usize = 500;

/// `GET journal-entries/` filters; every one optional.
#[derive(Debug, Clone, Default, Deserialize, utoipa::IntoParams)]
pub struct JournalEntryFilters {
    /// Effective date on or after.
    pub date_from: Option<NaiveDate>,
    /// Effective date on or before.
    pub date_to: Option<NaiveDate>,
    /// `draft`, `posted` or `reversed`.
    pub status: Option<String>,
    /// Entries with a line on this account.
    pub account_id: Option<String>,
    /// Entry total at least (decimal string).
    pub amount_min: Option<Decimal>,
    /// Entry total at most (decimal string).
    pub amount_max: Option<Decimal>,
    /// Case-insensitive text in the memo, reference or number.
    pub text: Option<String>,
    /// `JE-000012`, or just `12`.
    pub number: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct JournalEntrySummary {
    pub id: String,
    /// `draft`, `posted` or `reversed` (a reversing entry is itself `posted`).
    pub status: String,
    /// `JE-000001`; `null` for drafts (numbers are given at posting, gapless).
    pub entry_number: Option<String>,
    pub entry_sequence: Option<i64>,
    /// The effective date.
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    /// Total debits (= total credits once posted).
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    pub line_count: i64,
    /// The user who created the entry (the `actor_id` of its first event).
    pub author_id: String,
    pub created_datetime: DateTime<Utc>,
    pub updated_datetime: DateTime<Utc>,
    pub posted_datetime: Option<DateTime<Utc>>,
    pub posted_by: Option<String>,
    /// The entry this one reverses.
    pub reverses: Option<String>,
    /// The entry that reversed this one.
    pub reversed_by: Option<String>,
    pub reversal_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct JournalEntryLine {
    /// 0-based, as in `lines[i]`.
    pub line_index: i64,
    pub account_id: String,
    pub account_code: Option<String>,
    pub account_name: Option<String>,
    pub description: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct JournalEntryDetail {
    #[serde(flatten)]
    pub entry: JournalEntrySummary,
    pub lines: Vec<JournalEntryLine>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_credit: String,
    /// The number of the entry this one reverses.
    pub reverses_number: Option<String>,
    /// The number of the entry that reversed this one.
    pub reversed_by_number: Option<String>,
    /// The files attached to the entry (its evidence); attaching one never changes the
    /// entry itself.
    pub documents: Vec<api_core::documents::AttachedDocument>,
}

const SUMMARY_COLUMNS: &str = "entry_id, status, entry_number, entry_sequence, date, memo, reference, total_cents, \
    line_count, author_id, created_at, updated_at, posted_at, posted_by, reverses, reversed_by, reversal_date";

fn summary(r: &AnyRow) -> Result<JournalEntrySummary, ApiError> {
    Ok(JournalEntrySummary {
        id: r.try_get(0)?,
        status: r.try_get(1)?,
        entry_number: r.try_get(2)?,
        entry_sequence: r.try_get(3)?,
        date: parse_day(&r.try_get::<String, _>(4)?)?,
        memo: r.try_get(5)?,
        reference: r.try_get(6)?,
        amount: cents_string(int(r, 7)?),
        line_count: int(r, 8)?,
        author_id: r.try_get(9)?,
        created_datetime: micros(int(r, 10)?),
        updated_datetime: micros(int(r, 11)?),
        posted_datetime: r.try_get::<Option<i64>, _>(12)?.map(micros),
        posted_by: r.try_get(13)?,
        reverses: r.try_get(14)?,
        reversed_by: r.try_get(15)?,
        reversal_date: r
            .try_get::<Option<String>, _>(16)?
            .map(|d| parse_day(&d))
            .transpose()?,
    })
}

fn money_filter(field: &str, value: Option<Decimal>) -> Result<Option<i64>, ApiError> {
    value
        .map(|v| {
            to_cents(v).ok_or_else(|| {
                ApiError::field(field, "Must be an amount with at most two decimals.")
            })
        })
        .transpose()
}

/// `%text%` for LIKE, with the wildcards in `text` taken literally (`ESCAPE '\'`).
fn like_pattern(text: &str) -> String {
    let mut out = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

/// Appends ` FROM … WHERE …` for `filters` to `sql`.
fn filtered(
    sql: &mut Sql,
    workspace_id: &str,
    filters: &JournalEntryFilters,
) -> Result<(), ApiError> {
    sql.push(" FROM read_journal_entries e WHERE e.workspace_id = ")
        .text(workspace_id);
    if let (Some(from), Some(to)) = (filters.date_from, filters.date_to) {
        if from > to {
            return Err(ApiError::field("date_to", "Must be on or after date_from."));
        }
    }
    if let Some(from) = filters.date_from {
        sql.push(" AND e.date >= ").text(day(from));
    }
    if let Some(to) = filters.date_to {
        sql.push(" AND e.date <= ").text(day(to));
    }
    if let Some(status) = filters
        .status
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        if ![STATUS_DRAFT, STATUS_POSTED, STATUS_REVERSED].contains(&status) {
            return Err(ApiError::field(
                "status",
                "Must be one of draft, posted, reversed.",
            ));
        }
        sql.push(" AND e.status = ").text(status);
    }
    if let Some(account) = filters
        .account_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        sql.push(" AND (EXISTS (SELECT 1 FROM read_postings p WHERE p.entry_id = e.entry_id AND p.account_id = ")
            .text(account)
            .push(") OR EXISTS (SELECT 1 FROM read_journal_draft_lines l WHERE l.entry_id = e.entry_id AND l.account_id = ")
            .text(account)
            .push("))");
    }
    if let Some(min) = money_filter("amount_min", filters.amount_min)? {
        sql.push(" AND e.total_cents >= ").int(min);
    }
    if let Some(max) = money_filter("amount_max", filters.amount_max)? {
        sql.push(" AND e.total_cents <= ").int(max);
    }
    if let Some(text) = filters
        .text
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        if text.chars().count() > TEXT_FILTER_CHARS_MAX {
            return Err(ApiError::field(
                "text",
                format!("Must be at most {TEXT_FILTER_CHARS_MAX} characters."),
            ));
        }
        let pattern = like_pattern(text);
        sql.push(" AND (LOWER(e.memo) LIKE ")
            .text(pattern.clone())
            .push(" ESCAPE '\\' OR LOWER(e.reference) LIKE ")
            .text(pattern.clone())
            .push(" ESCAPE '\\' OR LOWER(COALESCE(e.entry_number, '')) LIKE ")
            .text(pattern)
            .push(" ESCAPE '\\')");
    }
    if let Some(number) = filters
        .number
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        let upper = number.to_uppercase();
        let digits = upper.strip_prefix("JE-").unwrap_or(&upper);
        let Ok(sequence) = digits.parse::<i64>() else {
            return Err(ApiError::field(
                "number",
                "Must be an entry number like JE-000012, or 12.",
            ));
        };
        sql.push(" AND e.entry_sequence = ").int(sequence);
    }
    Ok(())
}

/// `GET journal-entries/`: the workspace's entries, newest effective date first (then
/// highest number; drafts before posted entries of the same day), filtered, paginated.
pub async fn journal_entries(
    db: &Db,
    workspace_id: &str,
    filters: &JournalEntryFilters,
    page: Page,
) -> Result<Paginated<JournalEntrySummary>, ApiError> {
    let mut count = Sql::new("SELECT COUNT(*)");
    filtered(&mut count, workspace_id, filters)?;
    let total = match count.fetch_all(db).await?.first() {
        Some(row) => int(row, 0)?,
        None => 0,
    };
    let mut list = Sql::new(&format!("SELECT {SUMMARY_COLUMNS}"));
    filtered(&mut list, workspace_id, filters)?;
    list.push(" ORDER BY e.date DESC, e.sort_sequence DESC, e.entry_id DESC LIMIT ")
        .int(page.limit())
        .push(" OFFSET ")
        .int(page.offset());
    let rows = list.fetch_all(db).await?;
    let data = rows.iter().map(summary).collect::<Result<Vec<_>, _>>()?;
    Ok(Paginated::new(data, total, page))
}

/// `GET journal-entries/{id}/`: one entry with its lines (a posted entry's lines are its
/// postings), or `None` when the workspace has no such entry.
pub async fn journal_entry(
    db: &Db,
    workspace_id: &str,
    entry_id: &str,
) -> Result<Option<JournalEntryDetail>, ApiError> {
    let row = sqlx::query(&format!(
        "SELECT {SUMMARY_COLUMNS} FROM read_journal_entries WHERE workspace_id = $1 AND entry_id = $2"
    ))
    .bind(workspace_id)
    .bind(entry_id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let entry = summary(&row)?;
    let table = if entry.status == STATUS_DRAFT {
        "read_journal_draft_lines"
    } else {
        "read_postings"
    };
    let lines = sqlx::query(&format!(
        "SELECT l.line_index, l.account_id, a.account_code, a.name, l.description, l.debit_cents, l.credit_cents \
         FROM {table} l LEFT JOIN read_accounts a ON a.workspace_id = l.workspace_id AND a.account_id = l.account_id \
         WHERE l.workspace_id = $1 AND l.entry_id = $2 ORDER BY l.line_index"
    ))
    .bind(workspace_id)
    .bind(entry_id)
    .fetch_all(&db.pool)
    .await?;
    let mut total_debit = 0;
    let mut total_credit = 0;
    let mut out = Vec::with_capacity(lines.len());
    for l in &lines {
        let debit = int(l, 5)?;
        let credit = int(l, 6)?;
        total_debit += debit;
        total_credit += credit;
        out.push(JournalEntryLine {
            line_index: int(l, 0)?,
            account_id: l.try_get(1)?,
            account_code: l.try_get(2)?,
            account_name: l.try_get(3)?,
            description: l.try_get(4)?,
            debit: cents_string(debit),
            credit: cents_string(credit),
        });
    }
    let number_of = |id: Option<String>| async move {
        match id {
            None => Ok::<_, ApiError>(None),
            Some(id) => Ok(sqlx::query(
                "SELECT entry_number FROM read_journal_entries WHERE workspace_id = $1 AND entry_id = $2",
            )
            .bind(workspace_id)
            .bind(id)
            .fetch_optional(&db.pool)
            .await?
            .map(|r| r.try_get::<Option<String>, _>(0))
            .transpose()?
            .flatten()),
        }
    };
    let reverses_number = number_of(entry.reverses.clone()).await?;
    let reversed_by_number = number_of(entry.reversed_by.clone()).await?;
    Ok(Some(JournalEntryDetail {
        entry,
        lines: out,
        total_debit: cents_string(total_debit),
        total_credit: cents_string(total_credit),
        reverses_number,
        reversed_by_number,
        documents: Vec::new(),
    }))
}
