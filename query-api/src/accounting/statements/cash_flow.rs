//! The cash-flow statement for a period, by the indirect method: net profit, then the
//! non-cash items and the changes in working capital that turn it into operating cash
//! flow, then investing and financing activities — each line one account's movement
//! (credit minus debit: what it released into cash). Income and expense reach it through
//! net profit; one categorised investing or financing moves out of operating into its
//! section. Because every entry balances, the three sections always add up to the cash
//! accounts' movement; `reconciles` shows it, and a `false` is logged as the bug it is.

use api_core::ApiError;
use chrono::NaiveDate;
use domain::account_tree::{AccountType, CashFlowCategory};
use projections::cents::cents_string;
use serde::Serialize;

use super::source::{Books, KnownAt, StatementAccount};

/// One line of the statement: an account's effect on cash, or a computed line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CashFlowLine {
    /// As shown: the account's name, or "Net profit".
    pub label: String,
    /// The account behind the line (drill to its ledger); `null` for net profit.
    pub account_id: Option<String>,
    pub account_code: Option<String>,
    /// Positive: cash came in.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
}

/// A section of activities with its lines and total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CashFlowSection {
    pub lines: Vec<CashFlowLine>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CashFlow {
    pub from: NaiveDate,
    pub to: NaiveDate,
    /// Set when read as known at a recorded time.
    pub known_at: Option<KnownAt>,
    /// Every income account less every expense account over the period.
    #[schema(value_type = api_core::openapi::Money)]
    pub net_profit: String,
    /// Added back: balance-sheet accounts that move without cash (accumulated
    /// depreciation), and income or expense that belongs to investing or financing
    /// (taken out here, shown there).
    pub non_cash_items: CashFlowSection,
    /// Changes in the operating (working-capital) balance-sheet accounts.
    pub working_capital: CashFlowSection,
    /// Net profit, non-cash items and working capital.
    #[schema(value_type = api_core::openapi::Money)]
    pub operating_total: String,
    pub investing: CashFlowSection,
    pub financing: CashFlowSection,
    /// Operating, investing and financing together.
    #[schema(value_type = api_core::openapi::Money)]
    pub net_change_in_cash: String,
    /// The cash accounts' balance the day before `from`.
    #[schema(value_type = api_core::openapi::Money)]
    pub opening_cash: String,
    /// The cash accounts' balance at `to`.
    #[schema(value_type = api_core::openapi::Money)]
    pub closing_cash: String,
    /// Each cash account's movement over the period (debit minus credit).
    pub cash_accounts: Vec<CashFlowLine>,
    /// `closing_cash - opening_cash`.
    #[schema(value_type = api_core::openapi::Money)]
    pub cash_accounts_movement: String,
    /// The net change equals the cash accounts' movement.
    pub reconciles: bool,
}

fn line(account: &StatementAccount, cents: i64) -> CashFlowLine {
    CashFlowLine {
        label: account.name.clone(),
        account_id: Some(account.id.clone()),
        account_code: Some(account.code.clone()),
        amount: cents_string(cents),
    }
}

fn section(lines: Vec<(CashFlowLine, i64)>) -> (CashFlowSection, i64) {
    let total = lines.iter().map(|(_, c)| c).sum();
    (
        CashFlowSection {
            lines: lines.into_iter().map(|(l, _)| l).collect(),
            total: cents_string(total),
        },
        total,
    )
}

/// `GET reports/cash-flow/?from=&to=`.
pub async fn cash_flow(
    books: &Books<'_>,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<CashFlow, ApiError> {
    let moved = books.movements(from, to).await?;
    let opening = books.sums(from.pred_opt()).await?;
    let closing = books.sums(Some(to)).await?;
    let mut net_profit = 0;
    let mut non_cash = Vec::new();
    let mut working_capital = Vec::new();
    let mut investing = Vec::new();
    let mut financing = Vec::new();
    let mut cash_accounts = Vec::new();
    let (mut opening_cash, mut closing_cash) = (0, 0);
    for account in &books.accounts {
        let (Some(account_type), Some(category)) = (account.account_type, account.category) else {
            continue;
        };
        let effect = moved.get(&account.id).map_or(0, |t| t.credit - t.debit);
        let balance = |sums: &std::collections::HashMap<String, _>| {
            sums.get(&account.id)
                .map_or(0, |t: &super::super::balances::Tally| t.debit - t.credit)
        };
        if category == CashFlowCategory::Cash {
            let (open, close) = (balance(&opening), balance(&closing));
            opening_cash += open;
            closing_cash += close;
            if open != 0 || close != 0 {
                cash_accounts.push((line(account, close - open), close - open));
            }
            continue;
        }
        if effect == 0 {
            continue;
        }
        let is_result = matches!(account_type, AccountType::Income | AccountType::Expense);
        if is_result {
            net_profit += effect;
        }
        match (is_result, category) {
            (true, CashFlowCategory::Investing) => {
                non_cash.push((line(account, -effect), -effect));
                investing.push((line(account, effect), effect));
            }
            (true, CashFlowCategory::Financing) => {
                non_cash.push((line(account, -effect), -effect));
                financing.push((line(account, effect), effect));
            }
            (true, _) => {}
            (false, CashFlowCategory::NonCash) => non_cash.push((line(account, effect), effect)),
            (false, CashFlowCategory::Investing) => investing.push((line(account, effect), effect)),
            (false, CashFlowCategory::Financing) => financing.push((line(account, effect), effect)),
            (false, _) => working_capital.push((line(account, effect), effect)),
        }
    }
    let (non_cash_items, non_cash_total) = section(non_cash);
    let (working_capital, working_capital_total) = section(working_capital);
    let (investing, investing_total) = section(investing);
    let (financing, financing_total) = section(financing);
    let (cash_section, _) = section(cash_accounts);
    let operating_total = net_profit + non_cash_total + working_capital_total;
    let net_change = operating_total + investing_total + financing_total;
    let movement = closing_cash - opening_cash;
    let reconciles = net_change == movement;
    if !reconciles {
        tracing::error!(%from, %to, net_change, movement, "cash flow does not reconcile");
    }
    Ok(CashFlow {
        from,
        to,
        known_at: books.known_at.clone(),
        net_profit: cents_string(net_profit),
        non_cash_items,
        working_capital,
        operating_total: cents_string(operating_total),
        investing,
        financing,
        net_change_in_cash: cents_string(net_change),
        opening_cash: cents_string(opening_cash),
        closing_cash: cents_string(closing_cash),
        cash_accounts: cash_section.lines,
        cash_accounts_movement: cents_string(movement),
        reconciles,
    })
}
