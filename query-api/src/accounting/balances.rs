//! Balances at a date, from the `ledger` projector's year/month/day totals, and the trial
//! balance built on them.
//!
//! The balance of an account on day D is a signed sum of its year, month and day totals
//! (see [`super::balance_ranges`]): at most the years of history + 7 months + 16 days
//! per account, whatever the number of postings. That is what keeps a trial balance at a
//! million postings in milliseconds. Where a workspace's balances by day are kept in
//! memory ([`super::day_balances`]), they answer instead.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::ops::AddAssign;

use api_core::ApiError;
use chrono::NaiveDate;
use projections::cents::cents_string;
use serde::Serialize;
use store::Db;

use super::balance_ranges::ranges_through;
use super::chart::chart;
use super::day_balances::KeptDayBalances;
use super::read::{Columns, FromColumns};
use super::tree::{children_of, roll_up, AccountRow};
use super::{normal_balance, signed, Sql};

/// Debit and credit totals and the number of postings behind them, in cents.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tally {
    pub debit: i64,
    pub credit: i64,
    pub postings: i64,
}

impl Tally {
    /// Debit, credit and postings from columns `first`, `first + 1`, `first + 2`.
    pub(crate) fn from_columns_at(row: &impl Columns, first: usize) -> Result<Self, ApiError> {
        Ok(Self {
            debit: row.int(first)?,
            credit: row.int(first + 1)?,
            postings: row.int(first + 2)?,
        })
    }
}

/// Debit, credit and postings, in that order.
impl FromColumns for Tally {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        Self::from_columns_at(row, 0)
    }
}

/// A key (an account id, a period) and its totals.
impl FromColumns for (String, Tally) {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        Ok((row.text(0)?, Tally::from_columns_at(row, 1)?))
    }
}

impl AddAssign for Tally {
    fn add_assign(&mut self, other: Self) {
        self.debit += other.debit;
        self.credit += other.credit;
        self.postings += other.postings;
    }
}

/// Per account, the totals of every posting dated on or before `as_of` (`None`: before
/// any date, so nothing). `accounts` limits the answer to those accounts.
pub(crate) async fn sums_as_of(
    db: &Db,
    workspace_id: &str,
    as_of: Option<NaiveDate>,
    accounts: Option<&[String]>,
) -> Result<HashMap<String, Tally>, ApiError> {
    let Some(as_of) = as_of else {
        return Ok(HashMap::new());
    };
    if accounts.is_some_and(<[String]>::is_empty) {
        return Ok(HashMap::new());
    }
    let kept = KeptDayBalances::of(db);
    if let Some(sums) = kept.sums_as_of(db, workspace_id, as_of, accounts).await? {
        return Ok(sums);
    }
    let ranges = ranges_through(as_of);
    if ranges.is_empty() {
        return Ok(HashMap::new());
    }
    let mut sql = Sql::default();
    for (i, range) in ranges.iter().enumerate() {
        if i > 0 {
            sql.push(" UNION ALL ");
        }
        sql.push(if range.sign > 0 {
            "SELECT account_id AS k, debit_cents AS d, credit_cents AS c, postings AS n"
        } else {
            "SELECT account_id AS k, -debit_cents AS d, -credit_cents AS c, -postings AS n"
        });
        sql.push(" FROM read_ledger_totals WHERE workspace_id = ")
            .text(workspace_id)
            .push(" AND grain = ")
            .text(range.grain)
            .push(" AND period >= ")
            .text(range.from.clone())
            .push(" AND period <= ")
            .text(range.to.clone());
        if let Some(list) = accounts {
            sql.push(" AND account_id IN ").list(list);
        }
    }
    sql.sums_by_key(db).await
}

/// The same, summed over the given accounts (or all accounts).
pub(crate) async fn total_as_of(
    db: &Db,
    workspace_id: &str,
    as_of: Option<NaiveDate>,
    accounts: Option<&[String]>,
) -> Result<Tally, ApiError> {
    let mut total = Tally::default();
    for tally in sums_as_of(db, workspace_id, as_of, accounts)
        .await?
        .into_values()
    {
        total += tally;
    }
    Ok(total)
}

/// Debit, credit and balance, as decimal strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Amounts {
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    /// In the account's normal direction.
    #[schema(value_type = api_core::openapi::Money)]
    pub balance: String,
}

impl Amounts {
    fn of(normal: &str, tally: Tally) -> Self {
        Self {
            debit: cents_string(tally.debit),
            credit: cents_string(tally.credit),
            balance: cents_string(signed(normal, tally.debit, tally.credit)),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TrialBalanceRow {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    pub account_type: String,
    pub parent_id: Option<String>,
    /// Leaves carry postings; other rows roll up their sub-accounts.
    pub is_last_level: bool,
    pub is_archived: bool,
    /// `debit` (asset, expense) or `credit` (liability, equity, income): the direction
    /// `balance` is measured in.
    pub normal_balance: String,
    /// Total debits up to `as_of` (sub-accounts included).
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    /// Total credits up to `as_of` (sub-accounts included).
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub balance: String,
    /// The same at `compare_to`, when asked for.
    pub compare: Option<Amounts>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TrialBalanceTotals {
    /// The rows' debits up to the date, after the virtual close.
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    /// The rows' credits up to the date; always equal to `debit`.
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct TrialBalance {
    pub as_of: NaiveDate,
    /// The first day of the fiscal year `as_of` falls in: income and expense accounts
    /// show their totals from it on, and the results of earlier fiscal years are in the
    /// retained-earnings account (a virtual close; see `super::fiscal`).
    pub fiscal_year_start: NaiveDate,
    pub compare_to: Option<NaiveDate>,
    /// Every active account, and every archived one with postings, by code.
    pub rows: Vec<TrialBalanceRow>,
    pub totals: TrialBalanceTotals,
    pub compare_totals: Option<TrialBalanceTotals>,
    /// Total debits equal total credits (at both dates). `false` is a bug, shown loudly.
    pub balanced: bool,
}

/// `GET trial-balance/?as_of=&compare_to=`: per account, debit and credit totals and the
/// balance of every posting dated on or before `as_of` (and `compare_to`), parents rolling
/// up their children, after the virtual close at each date; grand totals over the rows.
pub async fn trial_balance(
    db: &Db,
    workspace_id: &str,
    as_of: NaiveDate,
    compare_to: Option<NaiveDate>,
) -> Result<TrialBalance, ApiError> {
    let chart = chart(db, workspace_id).await?;
    let fiscal = &chart.fiscal;
    let mut accounts = Cow::Borrowed(chart.accounts.as_slice());
    let now = sums_as_of(db, workspace_id, Some(as_of), None).await?;
    let now = fiscal.closed_as_of(db, workspace_id, as_of, now).await?;
    let then = match compare_to {
        Some(date) => {
            let sums = sums_as_of(db, workspace_id, Some(date), None).await?;
            Some(fiscal.closed_as_of(db, workspace_id, date, sums).await?)
        }
        None => None,
    };
    // Postings on an account the `accounts` read model does not hold yet (it lags the
    // ledger) still count: shown as an unnamed row rather than silently dropped.
    let known: BTreeSet<String> = accounts.iter().map(|a| a.id.clone()).collect();
    let unknown: BTreeSet<&String> = now
        .keys()
        .chain(then.iter().flat_map(|t| t.keys()))
        .filter(|id| !known.contains(*id))
        .collect();
    for id in unknown {
        accounts.to_mut().push(AccountRow::unknown(id.clone()));
    }
    let own_now: Vec<Tally> = accounts
        .iter()
        .map(|a| now.get(&a.id).copied().unwrap_or_default())
        .collect();
    let rolled_now = roll_up(&accounts, &own_now);
    let rolled_then = then.as_ref().map(|then| {
        let own: Vec<Tally> = accounts
            .iter()
            .map(|a| then.get(&a.id).copied().unwrap_or_default())
            .collect();
        roll_up(&accounts, &own)
    });
    let children = children_of(&accounts);
    let mut rows = Vec::with_capacity(accounts.len());
    for (i, a) in accounts.iter().enumerate() {
        let then_tally = rolled_then.as_ref().map(|r| r[i]);
        let has_activity = rolled_now[i].postings > 0 || then_tally.is_some_and(|t| t.postings > 0);
        if a.archived_at.is_some() && !has_activity {
            continue;
        }
        let normal = normal_balance(&a.account_type);
        let amounts = Amounts::of(normal, rolled_now[i]);
        rows.push(TrialBalanceRow {
            account_id: a.id.clone(),
            account_code: a.account_code.clone(),
            name: a.name.clone(),
            account_type: a.account_type.clone(),
            parent_id: a.parent_id.clone(),
            is_last_level: !children.contains_key(a.id.as_str()),
            is_archived: a.archived_at.is_some(),
            normal_balance: normal.to_owned(),
            debit: amounts.debit,
            credit: amounts.credit,
            balance: amounts.balance,
            compare: then_tally.map(|t| Amounts::of(normal, t)),
        });
    }
    let sum = |map: &HashMap<String, Tally>| {
        let mut total = Tally::default();
        for t in map.values() {
            total += *t;
        }
        total
    };
    let total_now = sum(&now);
    let total_then = then.as_ref().map(sum);
    let balanced =
        total_now.debit == total_now.credit && total_then.is_none_or(|t| t.debit == t.credit);
    if !balanced {
        tracing::error!(workspace_id, %as_of, ?compare_to, "trial balance does not balance");
    }
    let totals = |t: Tally| TrialBalanceTotals {
        debit: cents_string(t.debit),
        credit: cents_string(t.credit),
    };
    Ok(TrialBalance {
        as_of,
        fiscal_year_start: fiscal.year_start(as_of),
        compare_to,
        rows,
        totals: totals(total_now),
        compare_totals: total_then.map(totals),
        balanced,
    })
}
