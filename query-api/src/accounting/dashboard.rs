//! `GET dashboard/`: the figures of the workspace's home page in one answer, each computed
//! by the report it links to, so the dashboard and the report can never disagree — cash
//! position from the trial balance, income, expenses and net income per month from the
//! summaries, the top expense accounts, and the latest entries.
//!
//! Cash position: the balances of asset accounts named for cash or a bank, or under one
//! (the default chart's "Cash and bank"); the chart has no flag for it yet.

use api_core::pagination::Page;
use api_core::ApiError;
use chrono::{Datelike, Months, NaiveDate};
use rust_decimal::Decimal;
use serde::Serialize;
use store::Db;

use super::summaries::{expense_summary, income_summary, Granularity, PeriodSummary};
use super::{journal_entries, trial_balance, JournalEntryFilters, JournalEntrySummary};

/// Months the income and expense chart covers, the as-of month included.
pub const MONTHS: u32 = 12;
/// Expense accounts listed.
pub const TOP_EXPENSES: usize = 5;
/// Latest entries listed.
pub const RECENT_ENTRIES: u32 = 5;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MonthFigures {
    /// `2026-03`.
    pub month: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub income: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub expenses: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub net_income: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TopExpense {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Dashboard {
    pub as_of: NaiveDate,
    /// First day the figures cover: the one asked for, else the first of the month 11
    /// months before `as_of`'s (the last 12 months).
    pub from: NaiveDate,
    #[schema(value_type = api_core::openapi::Money)]
    pub cash_position: String,
    /// Totals from `from` to `as_of`.
    #[schema(value_type = api_core::openapi::Money)]
    pub income: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub expenses: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub net_income: String,
    pub months: Vec<MonthFigures>,
    pub top_expenses: Vec<TopExpense>,
    pub recent_entries: Vec<JournalEntrySummary>,
}

fn amount(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

fn money(value: Decimal) -> String {
    format!("{value:.2}")
}

/// The last 12 months to `as_of`: from the first of the month 11 months before its month.
pub fn default_from(as_of: NaiveDate) -> NaiveDate {
    let month_start = as_of.with_day(1).unwrap_or(as_of);
    month_start
        .checked_sub_months(Months::new(MONTHS - 1))
        .unwrap_or(month_start)
}

/// The figures from `from` to `as_of` (the caller checks `from <= as_of`): income,
/// expenses and net income over the range and per month of it, the top expenses of the
/// range, and cash at `as_of`.
pub async fn dashboard(
    db: &Db,
    workspace_id: &str,
    from: NaiveDate,
    as_of: NaiveDate,
) -> Result<Dashboard, ApiError> {
    assert!(from <= as_of, "the route checks the range");
    let income = income_summary(db, workspace_id, from, as_of, Granularity::Month).await?;
    let expenses = expense_summary(db, workspace_id, from, as_of, Granularity::Month).await?;
    let months = monthly(&income, &expenses);
    let balances = trial_balance(db, workspace_id, as_of, None).await?;
    let cash_ids: Vec<&str> = {
        let is_cash = |name: &str| {
            let lower = name.to_lowercase();
            lower.contains("cash") || lower.contains("bank")
        };
        let roots: Vec<&str> = balances
            .rows
            .iter()
            .filter(|r| r.account_type == "asset" && is_cash(&r.name))
            .map(|r| r.account_id.as_str())
            .collect();
        // Leaves under (or being) a cash account; parents already roll their leaves up.
        balances
            .rows
            .iter()
            .filter(|r| r.is_last_level)
            .filter(|r| {
                let mut current = Some(r.account_id.as_str());
                while let Some(id) = current {
                    if roots.contains(&id) {
                        return true;
                    }
                    current = balances
                        .rows
                        .iter()
                        .find(|p| p.account_id == id)
                        .and_then(|p| p.parent_id.as_deref());
                }
                false
            })
            .map(|r| r.account_id.as_str())
            .collect()
    };
    let cash: Decimal = balances
        .rows
        .iter()
        .filter(|r| cash_ids.contains(&r.account_id.as_str()))
        .map(|r| amount(&r.balance))
        .sum();
    let mut top: Vec<TopExpense> = expenses
        .rows
        .iter()
        .filter(|r| r.is_last_level && amount(&r.total) > Decimal::ZERO)
        .map(|r| TopExpense {
            account_id: r.account_id.clone(),
            account_code: r.account_code.clone(),
            name: r.name.clone(),
            amount: r.total.clone(),
        })
        .collect();
    top.sort_by(|a, b| {
        amount(&b.amount)
            .cmp(&amount(&a.amount))
            .then_with(|| a.account_code.cmp(&b.account_code))
    });
    top.truncate(TOP_EXPENSES);
    let recent = journal_entries(
        db,
        workspace_id,
        &JournalEntryFilters::default(),
        Page {
            page: 1,
            page_size: RECENT_ENTRIES,
        },
    )
    .await?;
    let income_total = amount(&income.totals.total);
    let expense_total = amount(&expenses.totals.total);
    Ok(Dashboard {
        as_of,
        from,
        cash_position: money(cash),
        income: money(income_total),
        expenses: money(expense_total),
        net_income: money(income_total - expense_total),
        months,
        top_expenses: top,
        recent_entries: recent.data,
    })
}

/// Income, expenses and net income per month, from the two summaries' totals rows.
fn monthly(income: &PeriodSummary, expenses: &PeriodSummary) -> Vec<MonthFigures> {
    income
        .periods
        .iter()
        .enumerate()
        .map(|(i, period)| {
            let earned = income
                .totals
                .amounts
                .get(i)
                .map_or(Decimal::ZERO, |a| amount(a));
            let spent = expenses
                .totals
                .amounts
                .get(i)
                .map_or(Decimal::ZERO, |a| amount(a));
            MonthFigures {
                month: period.key.clone(),
                income: money(earned),
                expenses: money(spent),
                net_income: money(earned - spent),
            }
        })
        .collect()
}
