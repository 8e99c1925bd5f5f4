//! Income and expense summaries: per account and per period (month, quarter or year) over
//! a date range, with the budget for each period and the variance, parents rolling up
//! their children, and totals.
//!
//! Whole months of the range read the monthly totals; the partial months at its edges
//! read the daily ones. Budgets are the accounts' budgets of the months the period covers:
//! a month's own budget (`BudgetAmountSet` with a month), else the account's standing
//! monthly budget (set for every month); a partial month counts its whole budget. The
//! variance is actual minus budget, and as a percentage of the budget (none without one).

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{Datelike, NaiveDate};
use domain::account_tree::AccountType;
use projections::cents::cents_string;
use projections::ledger::{GRAIN_DAY, GRAIN_MONTH};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use store::Db;

use super::chart::chart;
use super::fiscal::closing_lines;
use super::tree::{children_of, roll_up};
use super::{day, int, signed, Sql, NORMAL_CREDIT, NORMAL_DEBIT};

/// The longest range a summary covers: 100 years of months keeps the answer bounded.
pub const SUMMARY_MONTHS_MAX: usize = 1_200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Granularity {
    Month,
    Quarter,
    Year,
}

impl Granularity {
    /// The period a month (1–12) of a year falls in: `2026-03`, `2026-Q1`, `2026`.
    fn key(self, year: i32, month: u32) -> String {
        match self {
            Self::Month => format!("{year:04}-{month:02}"),
            Self::Quarter => format!("{year:04}-Q{}", (month - 1) / 3 + 1),
            Self::Year => format!("{year:04}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SummaryPeriod {
    /// `2026-03`, `2026-Q1` or `2026`.
    pub key: String,
    /// The part of the period inside the range.
    pub from: NaiveDate,
    pub to: NaiveDate,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SummaryRow {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    pub parent_id: Option<String>,
    pub is_last_level: bool,
    /// Actual per period (same order as `periods`), in the normal direction: income is
    /// credits minus debits, expense debits minus credits.
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub amounts: Vec<String>,
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub budgets: Vec<String>,
    /// Actual minus budget, per period.
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub variances: Vec<String>,
    /// The variance as a percentage of the budget, one decimal (`"12.5"`), per period;
    /// `null` where there is no budget.
    pub variance_percents: Vec<Option<String>>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub budget_total: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub variance_total: String,
    /// `variance_total` as a percentage of `budget_total`, one decimal; `null` without a
    /// budget.
    pub variance_percent_total: Option<String>,
}

/// `variance` as a percentage of `budget`, rounded half away from zero to one decimal;
/// `None` for no budget (a percentage of nothing means nothing).
pub fn variance_percent(variance: i64, budget: i64) -> Option<String> {
    if budget == 0 {
        return None;
    }
    // Tenths of a percent: |variance| × 1000 / |budget|, rounded half up on the magnitude.
    let (numerator, denominator) = (i128::from(variance).abs() * 1000, i128::from(budget).abs());
    let tenths = (numerator * 2 + denominator) / (denominator * 2);
    let sign = if variance < 0 && tenths != 0 { "-" } else { "" };
    Some(format!("{sign}{}.{}", tenths / 10, tenths % 10))
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PeriodSummary {
    /// `income` or `expense`.
    pub account_type: String,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub granularity: Granularity,
    pub periods: Vec<SummaryPeriod>,
    /// Every account of the type (archived ones only with activity in the range), by code.
    pub rows: Vec<SummaryRow>,
    /// The whole type: per-period actuals, budgets and variances, and their totals.
    pub totals: SummaryRow,
}

/// `GET reports/income-summary/?from=&to=&granularity=`.
pub async fn income_summary(
    db: &Db,
    workspace_id: &str,
    from: NaiveDate,
    to: NaiveDate,
    granularity: Granularity,
) -> Result<PeriodSummary, ApiError> {
    summary(db, workspace_id, AccountType::Income, from, to, granularity).await
}

/// `GET reports/expense-summary/?from=&to=&granularity=`.
pub async fn expense_summary(
    db: &Db,
    workspace_id: &str,
    from: NaiveDate,
    to: NaiveDate,
    granularity: Granularity,
) -> Result<PeriodSummary, ApiError> {
    summary(
        db,
        workspace_id,
        AccountType::Expense,
        from,
        to,
        granularity,
    )
    .await
}

fn month_start(year: i32, month: u32) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(year, month, 1)
}

fn month_end(year: i32, month: u32) -> Option<NaiveDate> {
    let (y, m) = if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    };
    month_start(y, m)?.pred_opt()
}

/// Per-period figures of one account, in cents.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Figures {
    actual: Vec<i64>,
    budget: Vec<i64>,
    activity: bool,
}

impl std::ops::AddAssign for Figures {
    fn add_assign(&mut self, other: Self) {
        for (a, b) in self.actual.iter_mut().zip(other.actual) {
            *a += b;
        }
        for (a, b) in self.budget.iter_mut().zip(other.budget) {
            *a += b;
        }
        self.activity |= other.activity;
    }
}

async fn summary(
    db: &Db,
    workspace_id: &str,
    kind: AccountType,
    from: NaiveDate,
    to: NaiveDate,
    granularity: Granularity,
) -> Result<PeriodSummary, ApiError> {
    if from > to {
        return Err(ApiError::field("to", "Must be on or after from."));
    }
    // The months of the range: whole ones read monthly totals, the edges daily ones.
    let mut months = Vec::new();
    let (mut y, mut m) = (from.year(), from.month());
    while (y, m) <= (to.year(), to.month()) {
        if months.len() >= SUMMARY_MONTHS_MAX {
            return Err(ApiError::field(
                "to",
                format!("A summary covers at most {SUMMARY_MONTHS_MAX} months."),
            ));
        }
        let (Some(start), Some(end)) = (month_start(y, m), month_end(y, m)) else {
            return Err(ApiError::field("to", "Date out of range."));
        };
        months.push((
            y,
            m,
            start.max(from),
            end.min(to),
            start >= from && end <= to,
        ));
        (y, m) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
    }
    let mut periods: Vec<SummaryPeriod> = Vec::new();
    let mut period_of_month: HashMap<String, usize> = HashMap::new();
    for (y, m, start, end, _) in &months {
        let key = granularity.key(*y, *m);
        match periods.last_mut() {
            Some(last) if last.key == key => last.to = *end,
            _ => periods.push(SummaryPeriod {
                key,
                from: *start,
                to: *end,
            }),
        }
        period_of_month.insert(format!("{y:04}-{m:02}"), periods.len() - 1);
    }

    let accounts: Vec<_> = chart(db, workspace_id)
        .await?
        .accounts
        .iter()
        .filter(|a| a.account_type == kind.as_str())
        .cloned()
        .collect();
    let index: HashMap<&str, usize> = accounts
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), i))
        .collect();
    let blank = Figures {
        actual: vec![0; periods.len()],
        budget: vec![0; periods.len()],
        activity: false,
    };
    let mut own = vec![blank.clone(); accounts.len()];
    let normal = if kind.is_debit_normal() {
        NORMAL_DEBIT
    } else {
        NORMAL_CREDIT
    };

    let whole: Vec<String> = months
        .iter()
        .filter(|m| m.4)
        .map(|(y, m, ..)| format!("{y:04}-{m:02}"))
        .collect();
    let partial: Vec<(NaiveDate, NaiveDate)> =
        months.iter().filter(|m| !m.4).map(|m| (m.2, m.3)).collect();
    let mut sql = Sql::new("SELECT account_id, period, debit_cents, credit_cents FROM read_ledger_totals WHERE workspace_id = ");
    sql.text(workspace_id)
        .push(" AND account_id IN (SELECT account_id FROM read_accounts WHERE workspace_id = ")
        .text(workspace_id)
        .push(" AND account_type = ")
        .text(kind.as_str())
        .push(") AND ((grain = ")
        .text(GRAIN_MONTH)
        .push(" AND period >= ")
        .text(whole.first().cloned().unwrap_or_else(|| "9999-99".into()))
        .push(" AND period <= ")
        .text(whole.last().cloned().unwrap_or_default())
        .push(")");
    for (start, end) in &partial {
        sql.push(" OR (grain = ")
            .text(GRAIN_DAY)
            .push(" AND period >= ")
            .text(day(*start))
            .push(" AND period <= ")
            .text(day(*end))
            .push(")");
    }
    sql.push(")");
    for row in sql.fetch_all(db).await? {
        let account: String = row.try_get(0)?;
        let period: String = row.try_get(1)?;
        let (Some(&i), Some(&p)) = (
            index.get(account.as_str()),
            period.get(..7).and_then(|m| period_of_month.get(m)),
        ) else {
            continue;
        };
        own[i].actual[p] += signed(normal, int(&row, 2)?, int(&row, 3)?);
        own[i].activity = true;
    }
    // A year-end close moves income and expense to retained earnings; the month it is
    // dated in still earned and spent what it did, so closing entries are left out.
    for (account, date, debit, credit) in closing_lines(db, workspace_id, from, to).await? {
        if let (Some(&i), Some(&p)) = (
            index.get(account.as_str()),
            date.get(..7).and_then(|m| period_of_month.get(m)),
        ) {
            own[i].actual[p] -= signed(normal, debit, credit);
        }
    }
    if let (Some(first), Some(last)) = (months.first(), months.last()) {
        let mut budgets = Sql::new("SELECT account_id, month, amount_cents FROM read_account_budgets WHERE workspace_id = ");
        budgets
            .text(workspace_id)
            .push(" AND month >= ")
            .text(format!("{:04}-{:02}", first.0, first.1))
            .push(" AND month <= ")
            .text(format!("{:04}-{:02}", last.0, last.1));
        let mut budgeted = std::collections::HashSet::new();
        for row in budgets.fetch_all(db).await? {
            let account: String = row.try_get(0)?;
            let month: String = row.try_get(1)?;
            if let (Some(&i), Some(&p)) = (index.get(account.as_str()), period_of_month.get(&month))
            {
                own[i].budget[p] += int(&row, 2)?;
                budgeted.insert((i, month));
            }
        }
        // The standing budget is every month's that has none of its own.
        for (i, account) in accounts.iter().enumerate() {
            let Some(standing) = account.budget_amount_cents else {
                continue;
            };
            for (month, &p) in &period_of_month {
                if !budgeted.contains(&(i, month.clone())) {
                    own[i].budget[p] += standing;
                }
            }
        }
    }

    let rolled = roll_up(&accounts, &own);
    let children = children_of(&accounts);
    let row =
        |id: &str, code: &str, name: &str, parent: Option<String>, leaf: bool, f: &Figures| {
            let total: i64 = f.actual.iter().sum();
            let budget_total: i64 = f.budget.iter().sum();
            SummaryRow {
                account_id: id.to_owned(),
                account_code: code.to_owned(),
                name: name.to_owned(),
                parent_id: parent,
                is_last_level: leaf,
                amounts: f.actual.iter().copied().map(cents_string).collect(),
                budgets: f.budget.iter().copied().map(cents_string).collect(),
                variances: f
                    .actual
                    .iter()
                    .zip(&f.budget)
                    .map(|(a, b)| cents_string(a - b))
                    .collect(),
                variance_percents: f
                    .actual
                    .iter()
                    .zip(&f.budget)
                    .map(|(a, b)| variance_percent(a - b, *b))
                    .collect(),
                total: cents_string(total),
                budget_total: cents_string(budget_total),
                variance_total: cents_string(total - budget_total),
                variance_percent_total: variance_percent(total - budget_total, budget_total),
            }
        };
    let mut totals = blank;
    for f in &own {
        totals += f.clone();
    }
    let rows = accounts
        .iter()
        .zip(&rolled)
        .filter(|(a, f)| a.archived_at.is_none() || f.activity)
        .map(|(a, f)| {
            row(
                &a.id,
                &a.account_code,
                &a.name,
                a.parent_id.clone(),
                !children.contains_key(a.id.as_str()),
                f,
            )
        })
        .collect();
    Ok(PeriodSummary {
        account_type: kind.as_str().to_owned(),
        from,
        to,
        granularity,
        periods,
        rows,
        totals: row("", "", "Total", None, false, &totals),
    })
}

#[cfg(test)]
mod tests {
    use super::variance_percent;

    #[test]
    fn the_variance_is_a_percentage_of_the_budget_to_one_decimal() {
        assert_eq!(variance_percent(25_000, 200_000).as_deref(), Some("12.5"));
        assert_eq!(variance_percent(-50_000, 200_000).as_deref(), Some("-25.0"));
        assert_eq!(variance_percent(1, 300).as_deref(), Some("0.3"));
        assert_eq!(variance_percent(0, 300).as_deref(), Some("0.0"));
    }

    #[test]
    fn without_a_budget_there_is_no_percentage() {
        assert_eq!(variance_percent(10_000, 0), None);
    }
}
