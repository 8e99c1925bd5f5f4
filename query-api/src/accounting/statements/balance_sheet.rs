//! The balance sheet at a date: assets, liabilities and equity as account trees with
//! their subtotals, and inside equity the results of earlier fiscal years (moved to the
//! retained-earnings account by a virtual close, see `accounting::fiscal`) and the current
//! fiscal year's profit to the date. Assets always equal
//! liabilities plus equity when debits equal credits; `balanced` shows it, and a
//! `false` is logged as the bug it is.

use std::collections::HashMap;

use api_core::ApiError;
use chrono::NaiveDate;
use domain::account_tree::{AccountType, StatementSection};
use serde::Serialize;

use super::super::balances::Tally;
use super::lines::{section_block, Figure, Pair, SectionBlock};
use super::source::{Books, KnownAt};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BalanceSheet {
    pub as_of: NaiveDate,
    pub compare_to: Option<NaiveDate>,
    /// The first day of the fiscal year `as_of` falls in: income and expense before it
    /// are in `retained_earnings`, from it on in `current_period_profit`.
    pub fiscal_year_start: NaiveDate,
    /// Set when read as known at a recorded time.
    pub known_at: Option<KnownAt>,
    /// Current and non-current assets.
    pub assets: Vec<SectionBlock>,
    pub total_assets: Figure,
    /// Current and non-current liabilities.
    pub liabilities: Vec<SectionBlock>,
    pub total_liabilities: Figure,
    /// The equity accounts' own balances.
    pub equity: SectionBlock,
    /// Retained earnings: with a retained-earnings account in the chart, that account's
    /// balance — its own postings plus every earlier fiscal year's income less expense
    /// (virtual close) — which the `equity` block already holds; without one, the
    /// earlier years' result alone, as a line of its own.
    pub retained_earnings: Figure,
    /// The chart's retained-earnings account; `null` when it has none.
    pub retained_earnings_account_id: Option<String>,
    /// Income less expense from `fiscal_year_start` to `as_of`.
    pub current_period_profit: Figure,
    /// Equity accounts (retained earnings among them) and the period's profit.
    pub total_equity: Figure,
    pub total_liabilities_and_equity: Figure,
    /// Assets equal liabilities plus equity (in both columns).
    pub balanced: bool,
}

/// One column: each balance-sheet account's balance in its normal direction, and the
/// results of earlier years and of the current year to date.
struct Column {
    balances: HashMap<String, i64>,
    retained: i64,
    profit: i64,
}

fn profit_of(books: &Books<'_>, sums: &HashMap<String, Tally>) -> i64 {
    books
        .accounts
        .iter()
        .filter(|a| {
            matches!(
                a.account_type,
                Some(AccountType::Income | AccountType::Expense)
            )
        })
        .filter_map(|a| sums.get(&a.id))
        .map(|t| t.credit - t.debit)
        .sum()
}

async fn column(books: &Books<'_>, as_of: NaiveDate) -> Result<Column, ApiError> {
    let now = books.closed_sums(as_of).await?;
    // After the virtual close the income and expense accounts hold the current fiscal
    // year only; earlier years are in the retained-earnings account, when there is one.
    let profit = profit_of(books, &now);
    let retained = match &books.fiscal.retained_earnings {
        Some(account) => now.get(account).map_or(0, |t| t.credit - t.debit),
        None => {
            let start = books.fiscal.year_start(as_of);
            profit_of(books, &books.sums(start.pred_opt()).await?)
        }
    };
    let balances = books
        .accounts
        .iter()
        .filter_map(|a| {
            let t = now.get(&a.id)?;
            let balance = match a.account_type? {
                AccountType::Asset => t.debit - t.credit,
                AccountType::Liability | AccountType::Equity => t.credit - t.debit,
                AccountType::Income | AccountType::Expense => return None,
            };
            Some((a.id.clone(), balance))
        })
        .collect();
    Ok(Column {
        balances,
        retained,
        profit,
    })
}

/// `GET reports/balance-sheet/?as_of=&compare_to=`.
pub async fn balance_sheet(
    books: &Books<'_>,
    as_of: NaiveDate,
    compare_to: Option<NaiveDate>,
) -> Result<BalanceSheet, ApiError> {
    let now = column(books, as_of).await?;
    let then = match compare_to {
        Some(date) => Some(column(books, date).await?),
        None => None,
    };
    let compare = then.is_some();
    let mut amounts: HashMap<&str, Pair> = HashMap::new();
    for a in &books.accounts {
        let current = now.balances.get(&a.id).copied();
        let earlier = then.as_ref().map(|t| t.balances.get(&a.id).copied());
        if current.is_none() && earlier.flatten().is_none() {
            continue;
        }
        amounts.insert(
            a.id.as_str(),
            Pair::new(current.unwrap_or(0), earlier.map(|e| e.unwrap_or(0))),
        );
    }
    let block = |section| section_block(&books.accounts, section, &amounts, compare);
    let (current_assets, ca) = block(StatementSection::CurrentAssets);
    let (non_current_assets, nca) = block(StatementSection::NonCurrentAssets);
    let (current_liabilities, cl) = block(StatementSection::CurrentLiabilities);
    let (non_current_liabilities, ncl) = block(StatementSection::NonCurrentLiabilities);
    let (equity, eq) = block(StatementSection::Equity);
    let total_assets = ca.plus(nca);
    let total_liabilities = cl.plus(ncl);
    let retained = Pair::new(now.retained, then.as_ref().map(|t| t.retained));
    let profit = Pair::new(now.profit, then.as_ref().map(|t| t.profit));
    let in_equity_block = books.fiscal.retained_earnings.is_some();
    let total_equity = if in_equity_block {
        eq.plus(profit)
    } else {
        eq.plus(retained).plus(profit)
    };
    let total_liabilities_and_equity = total_liabilities.plus(total_equity);
    let balanced = total_assets == total_liabilities_and_equity;
    if !balanced {
        tracing::error!(%as_of, ?compare_to, "balance sheet does not balance");
    }
    Ok(BalanceSheet {
        as_of,
        compare_to,
        fiscal_year_start: books.fiscal.year_start(as_of),
        retained_earnings_account_id: books.fiscal.retained_earnings.clone(),
        known_at: books.known_at.clone(),
        assets: vec![current_assets, non_current_assets],
        total_assets: total_assets.figure(),
        liabilities: vec![current_liabilities, non_current_liabilities],
        total_liabilities: total_liabilities.figure(),
        equity,
        retained_earnings: retained.figure(),
        current_period_profit: profit.figure(),
        total_equity: total_equity.figure(),
        total_liabilities_and_equity: total_liabilities_and_equity.figure(),
        balanced,
    })
}
