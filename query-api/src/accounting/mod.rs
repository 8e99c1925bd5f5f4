//! The accounting read side: data access over the `accounts` and `ledger` read models
//! (`projections::accounts`, `projections::ledger`). Every function is scoped to one
//! workspace — each statement filters on `workspace_id`, so a workspace never sees another
//! workspace's rows — and returns serde-serializable values whose amounts are decimal
//! strings (DESIGN §5). Authorization is the caller's: routes call
//! `api_core::access::authorize(.., Action::ReadBooks ..)` first.
//!
//! - [`tree`]: [`account_tree`] (nested `children`), [`lock_date`], [`has_postings`].
//! - [`balances`]: [`trial_balance`] (with a comparison date) and the balance-at-a-date
//!   arithmetic over the year/month/day totals every report shares.
//! - [`day_balances`]: each workspace's balances by day kept in memory, which answer
//!   those balances when current.
//! - [`chart`]: each workspace's chart of accounts and fiscal settings, kept in memory
//!   while the read model's chart position stays where it was.
//! - [`fiscal`]: the virtual close — income and expense of earlier fiscal years moved to
//!   retained earnings in every balance read at a date.
//! - [`fiscal_years`]: the accounting settings and the fiscal years with their status.
//! - [`check`]: [`ledger_check`] — every account's postings against its year, month
//!   and day totals (an on-demand audit of the aggregates the reports read).
//! - [`general_ledger`]: [`general_ledger()`], postings with running balances, paginated.
//! - [`entries`]: [`journal_entries`], [`journal_entry`].
//! - [`export`]: every posted entry as CSV or as an hledger journal, in chunks.
//! - [`routes`]: the HTTP read routes over all of the above.
//! - [`statements`]: the balance sheet, income statement and cash-flow statement.
//! - [`summaries`]: [`income_summary`] and [`expense_summary`] per month, quarter or
//!   year, with budget and variance.
//!
//! Balances are in the account's normal direction (DESIGN §5): debit minus credit for
//! asset and expense, credit minus debit for liability, equity and income; each row says
//! which (`normal_balance`). Parents roll up their children.

mod balance_ranges;
pub mod balances;
pub(crate) mod chart;
pub mod check;
pub mod dashboard;
pub mod day_balances;
pub mod entries;
pub mod export;
pub mod fiscal;
pub mod fiscal_years;
pub mod general_ledger;
mod read;
pub mod routes;
pub mod statements;
pub mod summaries;
pub mod tree;

pub use balances::{trial_balance, Amounts, TrialBalance, TrialBalanceRow, TrialBalanceTotals};
pub use check::{ledger_check, LedgerCheck, LedgerMismatch};
pub use entries::{
    journal_entries, journal_entry, JournalEntryDetail, JournalEntryFilters, JournalEntryLine,
    JournalEntrySummary,
};
pub use export::{Export, ExportFormat};
pub use general_ledger::{general_ledger, GeneralLedger, LedgerPosting};
pub use summaries::{
    expense_summary, income_summary, Granularity, PeriodSummary, SummaryPeriod, SummaryRow,
};
pub use tree::{account_tree, has_postings, lock_date, AccountNode, MonthlyBudget};

use api_core::ApiError;
use chrono::{DateTime, NaiveDate, Utc};
use domain::account_tree::AccountType;
use sqlx::any::{AnyArguments, AnyRow};
use sqlx::{Any, Row};

/// `normal_balance` of debit-normal rows (asset, expense) and of mixed sets.
pub const NORMAL_DEBIT: &str = "debit";
/// `normal_balance` of credit-normal rows (liability, equity, income).
pub const NORMAL_CREDIT: &str = "credit";

/// The wire form of a date in read models and answers.
pub(crate) fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// A read-model date back to a date; a malformed one is a projector bug.
pub(crate) fn parse_day(value: &str) -> Result<NaiveDate, ApiError> {
    NaiveDate::parse_from_str(value, "%Y-%m-%d")
        .map_err(|e| ApiError::internal(format!("read model holds a bad date {value:?}: {e}")))
}

/// `recorded_at` (µs since the epoch) as a UTC time.
pub(crate) fn micros(at: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_micros(at).unwrap_or_default()
}

pub(crate) fn account_type(name: &str) -> Option<AccountType> {
    AccountType::ALL.into_iter().find(|t| t.as_str() == name)
}

/// `"debit"` or `"credit"`; unknown types (a projector lagging behind) count as debit.
pub(crate) fn normal_balance(account_type: &str) -> &'static str {
    match self::account_type(account_type) {
        Some(t) if !t.is_debit_normal() => NORMAL_CREDIT,
        _ => NORMAL_DEBIT,
    }
}

/// `debit - credit` or `credit - debit`, by the normal side.
pub(crate) fn signed(normal: &str, debit_cents: i64, credit_cents: i64) -> i64 {
    if normal == NORMAL_CREDIT {
        credit_cents - debit_cents
    } else {
        debit_cents - credit_cents
    }
}

/// A statement assembled piece by piece, each bound value numbered as it is pushed, so
/// optional filters never get their placeholders out of step.
#[derive(Default, Clone)]
pub(crate) struct Sql {
    text: String,
    binds: Vec<Bind>,
}

#[derive(Clone)]
enum Bind {
    Text(String),
    Int(i64),
}

impl Sql {
    /// Appends `tail` (a shared `FROM … WHERE …`) to a head that binds nothing yet, so
    /// the count and the page of one search number their placeholders alike.
    pub(crate) fn append(&mut self, tail: &Sql) -> &mut Self {
        assert!(
            self.binds.is_empty(),
            "only a head without bound values takes a tail"
        );
        self.text.push_str(&tail.text);
        self.binds.extend(tail.binds.iter().cloned());
        self
    }

    pub(crate) fn new(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            binds: Vec::new(),
        }
    }

    pub(crate) fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    pub(crate) fn text(&mut self, value: impl Into<String>) -> &mut Self {
        self.binds.push(Bind::Text(value.into()));
        let n = self.binds.len();
        self.text.push_str(&format!("${n}"));
        self
    }

    pub(crate) fn int(&mut self, value: i64) -> &mut Self {
        self.binds.push(Bind::Int(value));
        let n = self.binds.len();
        self.text.push_str(&format!("${n}"));
        self
    }

    /// `($a, $b, …)`; callers never pass an empty list (SQL has no empty `IN ()`).
    pub(crate) fn list(&mut self, values: &[String]) -> &mut Self {
        self.push("(");
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                self.push(", ");
            }
            self.text(value.clone());
        }
        self.push(")")
    }

    pub(crate) fn query(&self) -> sqlx::query::Query<'_, Any, AnyArguments<'_>> {
        let mut query = sqlx::query(&self.text);
        for bind in &self.binds {
            query = match bind {
                Bind::Text(v) => query.bind(v.as_str()),
                Bind::Int(v) => query.bind(*v),
            };
        }
        query
    }

    pub(crate) async fn fetch_all(&self, db: &store::Db) -> Result<Vec<AnyRow>, ApiError> {
        Ok(self.query().fetch_all(&db.pool).await?)
    }
}

/// Reads column `i` as an `i64`, also when the backend hands back NULL (an empty SUM).
pub(crate) fn int(row: &AnyRow, i: usize) -> Result<i64, ApiError> {
    Ok(row.try_get::<Option<i64>, _>(i)?.unwrap_or(0))
}
