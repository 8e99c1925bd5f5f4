//! The general ledger: postings of one account (with its sub-accounts) or of all accounts
//! over a date range, in date then entry-number order, each with the running balance, plus
//! the opening balance at the period start and the closing balance at its end.
//!
//! A page never scans the postings before it. The count is the difference of two
//! balances-at-a-date (year/month/day totals, see [`super::balances`]); the page's first
//! day is found by walking the totals down year → month → day ([`locate`]), which also
//! yields the balance before that day; the running balance then adds only the postings
//! of that one day that precede the page.

use api_core::pagination::{Page, Paginated};
use api_core::ApiError;
use chrono::NaiveDate;
use projections::cents::cents_string;
use projections::ledger::{GRAIN_DAY, GRAIN_MONTH, GRAIN_YEAR};
use serde::Serialize;
use store::Db;

use super::balances::{total_as_of, Tally};
use super::chart::chart;
use super::fiscal::FiscalSettings;
use super::read::{Columns, FromColumns};
use super::tree::subtree;
use super::{day, normal_balance, parse_day, signed, Sql, NORMAL_DEBIT};

/// The last day a range without `to` runs to.
const DATE_MAX: &str = "9999-12-31";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LedgerPosting {
    pub entry_id: String,
    pub entry_number: String,
    pub date: NaiveDate,
    /// Which line of the entry (0-based, as in `lines[i]`).
    pub line_index: i64,
    pub account_id: String,
    pub account_code: String,
    pub account_name: String,
    pub description: String,
    pub memo: String,
    pub reference: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    /// The balance after this posting, in the ledger's `normal_balance` direction; an
    /// income or expense account's restarts at zero with each fiscal year.
    #[schema(value_type = api_core::openapi::Money)]
    pub running_balance: String,
    /// The entry this posting's entry reverses, if it is a reversal.
    pub reverses: Option<String>,
    /// When the entry was posted (the log's time), as opposed to its effective `date`.
    pub recorded_at: chrono::DateTime<chrono::Utc>,
    /// The files attached to the posting's entry (its evidence).
    pub documents: Vec<api_core::documents::AttachedDocument>,
}

/// One `read_postings` row as the page selects it.
struct PostingRow {
    entry_id: String,
    entry_number: String,
    date: String,
    line_index: i64,
    account_id: String,
    description: String,
    memo: String,
    reference: String,
    debit_cents: i64,
    credit_cents: i64,
    reverses: Option<String>,
    recorded_at: i64,
}

impl FromColumns for PostingRow {
    fn from_columns(r: &impl Columns) -> Result<Self, ApiError> {
        Ok(Self {
            entry_id: r.text(0)?,
            entry_number: r.text(1)?,
            date: r.text(2)?,
            line_index: r.int(3)?,
            account_id: r.text(4)?,
            description: r.text(5)?,
            memo: r.text(6)?,
            reference: r.text(7)?,
            debit_cents: r.int(8)?,
            credit_cents: r.int(9)?,
            reverses: r.opt_text(10)?,
            recorded_at: r.int(11)?,
        })
    }
}

/// The answer: the paginated envelope of DESIGN §6 (`data`, `count`, `page`, `page_size`,
/// `total_pages`) with the ledger's balances beside it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GeneralLedger {
    /// The account asked for; `null` for all accounts.
    pub account_id: Option<String>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// The direction balances are measured in: the account's normal side, or `debit`
    /// for all accounts (where the whole ledger nets to zero).
    pub normal_balance: String,
    /// Balance of everything dated before `from`, after the virtual close in `from`'s
    /// fiscal year: zero for an income or expense account at the year's first day, and
    /// earlier years' result included for retained earnings.
    #[schema(value_type = api_core::openapi::Money)]
    pub opening_balance: String,
    /// Balance of everything dated on or before `to`, after the virtual close in `to`'s
    /// fiscal year.
    #[schema(value_type = api_core::openapi::Money)]
    pub closing_balance: String,
    /// Debits and credits within the range.
    #[schema(value_type = api_core::openapi::Money)]
    pub total_debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_credit: String,
    #[serde(flatten)]
    pub postings: Paginated<LedgerPosting>,
}

/// Per period of `grain` within `[low, high]`: debit, credit and posting totals of `set`
/// (all accounts when `None`), in period order.
async fn periods(
    db: &Db,
    workspace_id: &str,
    set: Option<&[String]>,
    grain: &str,
    low: &str,
    high: &str,
) -> Result<Vec<(String, Tally)>, ApiError> {
    let mut sql = Sql::new(
        "SELECT period, CAST(SUM(debit_cents) AS BIGINT), CAST(SUM(credit_cents) AS BIGINT), \
         CAST(SUM(postings) AS BIGINT) FROM read_ledger_totals WHERE workspace_id = ",
    );
    sql.text(workspace_id)
        .push(" AND grain = ")
        .text(grain)
        .push(" AND period >= ")
        .text(low)
        .push(" AND period <= ")
        .text(high);
    if let Some(list) = set {
        sql.push(" AND account_id IN ").list(list);
    }
    sql.push(" GROUP BY period ORDER BY period");
    sql.fetch(db).await
}

/// Finds the day holding the `target`-th posting (0-based, in date order) of `set`'s
/// whole history by walking down the totals: years, then that year's months, then that
/// month's days — at most (years + 12 + 31) rows, however long the history. Answers the
/// day, the totals of everything dated before it, and how many of that day's postings
/// come before the target.
async fn locate(
    db: &Db,
    workspace_id: &str,
    set: Option<&[String]>,
    target: i64,
) -> Result<(String, Tally, i64), ApiError> {
    let mut before = Tally::default();
    let mut low = "0000".to_owned();
    let mut high = "9999".to_owned();
    for grain in [GRAIN_YEAR, GRAIN_MONTH, GRAIN_DAY] {
        let rows = periods(db, workspace_id, set, grain, &low, &high).await?;
        let mut found = None;
        for (period, tally) in rows {
            if before.postings + tally.postings > target {
                found = Some(period);
                break;
            }
            before += tally;
        }
        let Some(period) = found else {
            return Err(ApiError::internal(
                "general ledger page start not found in the totals",
            ));
        };
        if grain == GRAIN_DAY {
            return Ok((period, before, target - before.postings));
        }
        // The next level down spans this period: `2026` → `2026-01`…`2026-12`.
        low = format!("{period}-01");
        high = format!("{period}-31");
    }
    Err(ApiError::internal("general ledger page start not found"))
}

/// `GET general-ledger/?account_id=&from=&to=&page=&page_size=`.
pub async fn general_ledger(
    db: &Db,
    workspace_id: &str,
    account_id: Option<&str>,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    page: Page,
) -> Result<GeneralLedger, ApiError> {
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(ApiError::field("to", "Must be on or after from."));
        }
    }
    let chart = chart(db, workspace_id).await?;
    let accounts = &chart.accounts;
    let (set, normal) = match account_id {
        Some(id) => {
            let Some(account) = accounts.iter().find(|a| a.id == id) else {
                return Err(ApiError::field(
                    "account_id",
                    "No such account in this workspace.",
                ));
            };
            (
                Some(subtree(accounts, id)),
                normal_balance(&account.account_type),
            )
        }
        None => (None, NORMAL_DEBIT),
    };
    let set = set.as_deref();
    let fiscal = &chart.fiscal;
    let close = YearClose::new(db, workspace_id, fiscal, set);
    let day_before = |d: NaiveDate| d.pred_opt();
    let opening = match from {
        Some(from) => total_as_of(db, workspace_id, day_before(from), set).await?,
        None => Default::default(),
    };
    let closing_date = to.or_else(|| NaiveDate::parse_from_str(DATE_MAX, "%Y-%m-%d").ok());
    let closing = total_as_of(db, workspace_id, closing_date, set).await?;
    let to_day = to.map(day).unwrap_or_else(|| DATE_MAX.to_owned());
    // The balances after the virtual close: the opening one in `from`'s fiscal year, the
    // closing one in `to`'s (without `to`, in the latest year with postings or today's).
    let opening_closed = match from {
        Some(from) => plus(opening, close.moved_before(from).await?),
        None => opening,
    };
    let closing_year_day = match to {
        Some(to) => to,
        None => latest_day(db, workspace_id).await?,
    };
    let closing_closed = plus(closing, close.moved_before(closing_year_day).await?);

    let count = closing.postings - opening.postings;
    let offset = page.offset();
    let mut postings = Vec::new();
    if offset < count {
        // The page's first posting is the `target`-th (0-based) of the set's whole history.
        let target = opening.postings + offset;
        let (start_day, mut prior, skip_in_day) = locate(db, workspace_id, set, target).await?;
        let mut year_start = fiscal.year_start(parse_day(&start_day)?);
        let moved = close.moved_before(year_start).await?;
        if skip_in_day > 0 {
            let mut head = Sql::new(
                "SELECT CAST(SUM(debit_cents) AS BIGINT), CAST(SUM(credit_cents) AS BIGINT), COUNT(*) FROM (\
                 SELECT debit_cents, credit_cents FROM read_postings WHERE workspace_id = ",
            );
            head.text(workspace_id)
                .push(" AND date = ")
                .text(start_day.clone());
            if let Some(list) = set {
                head.push(" AND account_id IN ").list(list);
            }
            head.push(" ORDER BY entry_sequence, line_index LIMIT ")
                .int(skip_in_day)
                .push(") t");
            if let Some(head) = head.fetch::<Tally>(db).await?.first() {
                prior.debit += head.debit;
                prior.credit += head.credit;
            }
        }
        let mut rows = Sql::new(
            "SELECT entry_id, entry_number, date, line_index, account_id, description, memo, reference, \
             debit_cents, credit_cents, reverses, recorded_at FROM read_postings WHERE workspace_id = ",
        );
        rows.text(workspace_id);
        if let Some(list) = set {
            rows.push(" AND account_id IN ").list(list);
        }
        rows.push(" AND date >= ")
            .text(start_day)
            .push(" AND date <= ")
            .text(to_day)
            .push(" ORDER BY date, entry_sequence, line_index LIMIT ")
            .int(page.limit())
            .push(" OFFSET ")
            .int(skip_in_day);
        let names: std::collections::HashMap<&str, (&str, &str)> = accounts
            .iter()
            .map(|a| (a.id.as_str(), (a.account_code.as_str(), a.name.as_str())))
            .collect();
        let prior = plus(prior, moved);
        let mut running = signed(normal, prior.debit, prior.credit);
        for r in rows.fetch::<PostingRow>(db).await? {
            let date = parse_day(&r.date)?;
            if close.applies() && fiscal.year_start(date) != year_start {
                // A new fiscal year within the page: the balance restarts as the virtual
                // close leaves it on the year's first day (this is that day's first row).
                year_start = fiscal.year_start(date);
                let before = total_as_of(db, workspace_id, date.pred_opt(), set).await?;
                let carried = plus(before, close.moved_before(date).await?);
                running = signed(normal, carried.debit, carried.credit);
            }
            running += signed(normal, r.debit_cents, r.credit_cents);
            let (code, name) = names
                .get(r.account_id.as_str())
                .copied()
                .unwrap_or(("", ""));
            postings.push(LedgerPosting {
                entry_id: r.entry_id,
                entry_number: r.entry_number,
                date,
                line_index: r.line_index,
                account_code: code.to_owned(),
                account_name: name.to_owned(),
                account_id: r.account_id,
                description: r.description,
                memo: r.memo,
                reference: r.reference,
                debit: cents_string(r.debit_cents),
                credit: cents_string(r.credit_cents),
                running_balance: cents_string(running),
                reverses: r.reverses,
                recorded_at: super::micros(r.recorded_at),
                documents: Vec::new(),
            });
        }
    }
    Ok(GeneralLedger {
        account_id: account_id.map(str::to_owned),
        from,
        to,
        normal_balance: normal.to_owned(),
        opening_balance: cents_string(signed(normal, opening_closed.debit, opening_closed.credit)),
        closing_balance: cents_string(signed(normal, closing_closed.debit, closing_closed.credit)),
        total_debit: cents_string(closing.debit - opening.debit),
        total_credit: cents_string(closing.credit - opening.credit),
        postings: Paginated::new(postings, count, page),
    })
}

/// `a + b`, field by field (an adjustment may be negative).
fn plus(a: Tally, b: Tally) -> Tally {
    Tally {
        debit: a.debit + b.debit,
        credit: a.credit + b.credit,
        postings: a.postings + b.postings,
    }
}

/// The latest day the closing balance is read in: the last posting's date or today,
/// whichever is later.
async fn latest_day(db: &Db, workspace_id: &str) -> Result<NaiveDate, ApiError> {
    let mut sql = Sql::new("SELECT MAX(date) FROM read_postings WHERE workspace_id = ");
    sql.text(workspace_id);
    let today = chrono::Utc::now().date_naive();
    let last = sql
        .fetch::<Option<String>>(db)
        .await?
        .into_iter()
        .next()
        .flatten();
    Ok(match last {
        Some(day) => parse_day(&day)?.max(today),
        None => today,
    })
}

/// How the virtual close changes one ledger's balances: an income or expense set loses
/// everything before its fiscal year; a set holding retained earnings gains the result
/// of every earlier year. The whole ledger (and any other set) is unchanged — the move
/// happens within it.
struct YearClose<'a> {
    db: &'a Db,
    workspace_id: &'a str,
    fiscal: &'a FiscalSettings,
    set: Option<&'a [String]>,
    kind: CloseKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CloseKind {
    Unchanged,
    ProfitAndLoss,
    RetainedEarnings,
}

impl<'a> YearClose<'a> {
    fn new(
        db: &'a Db,
        workspace_id: &'a str,
        fiscal: &'a FiscalSettings,
        set: Option<&'a [String]>,
    ) -> Self {
        let kind = match (set, &fiscal.retained_earnings) {
            (Some(set), Some(retained)) if set.contains(retained) => CloseKind::RetainedEarnings,
            (Some(set), Some(_))
                if !set.is_empty() && set.iter().all(|a| fiscal.profit_and_loss.contains(a)) =>
            {
                CloseKind::ProfitAndLoss
            }
            _ => CloseKind::Unchanged,
        };
        Self {
            db,
            workspace_id,
            fiscal,
            set,
            kind,
        }
    }

    fn applies(&self) -> bool {
        self.kind != CloseKind::Unchanged
    }

    /// What the virtual close adds to the set's totals in the fiscal year `day` falls in.
    async fn moved_before(&self, day: NaiveDate) -> Result<Tally, ApiError> {
        let before = self.fiscal.year_start(day).pred_opt();
        match self.kind {
            CloseKind::Unchanged => Ok(Tally::default()),
            CloseKind::ProfitAndLoss => {
                let t = total_as_of(self.db, self.workspace_id, before, self.set).await?;
                Ok(Tally {
                    debit: -t.debit,
                    credit: -t.credit,
                    postings: 0,
                })
            }
            CloseKind::RetainedEarnings => {
                let pnl: Vec<String> = self.fiscal.profit_and_loss.iter().cloned().collect();
                let t = total_as_of(self.db, self.workspace_id, before, Some(&pnl)).await?;
                let result = t.credit - t.debit;
                Ok(Tally {
                    debit: (-result).max(0),
                    credit: result.max(0),
                    postings: 0,
                })
            }
        }
    }
}
