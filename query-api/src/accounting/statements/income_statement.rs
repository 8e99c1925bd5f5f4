//! The income statement for a period: revenue, cost of sales, gross profit, operating
//! expenses, operating profit, other income and expenses, profit before tax, tax and net
//! profit, each section an account tree (every row drills to its account), beside a
//! comparison period with the change.

use std::collections::HashMap;

use api_core::ApiError;
use chrono::NaiveDate;
use domain::account_tree::{AccountType, StatementSection};
use serde::Serialize;

use super::super::balances::Tally;
use super::lines::{section_block, Figure, Pair, SectionBlock};
use super::source::{Books, KnownAt};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct IncomeStatement {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub compare_from: Option<NaiveDate>,
    pub compare_to: Option<NaiveDate>,
    /// Set when read as known at a recorded time.
    pub known_at: Option<KnownAt>,
    /// Revenue, cost of sales, operating expenses, other income, other expenses, tax: each
    /// with its accounts. Income sections count credit minus debit, expense sections
    /// debit minus credit.
    pub sections: Vec<SectionBlock>,
    pub revenue: Figure,
    pub cost_of_sales: Figure,
    /// Revenue less cost of sales.
    pub gross_profit: Figure,
    pub operating_expenses: Figure,
    /// Gross profit less operating expenses.
    pub operating_profit: Figure,
    pub other_income: Figure,
    pub other_expenses: Figure,
    /// Operating profit plus other income less other expenses.
    pub profit_before_tax: Figure,
    pub tax: Figure,
    /// Profit before tax less tax: every income account less every expense account.
    pub net_profit: Figure,
}

/// Each income or expense account's movement in its section's direction.
fn own_amounts(books: &Books<'_>, sums: &HashMap<String, Tally>) -> HashMap<String, i64> {
    books
        .accounts
        .iter()
        .filter_map(|a| {
            let t = sums.get(&a.id)?;
            match a.account_type? {
                AccountType::Income => Some((a.id.clone(), t.credit - t.debit)),
                AccountType::Expense => Some((a.id.clone(), t.debit - t.credit)),
                _ => None,
            }
        })
        .collect()
}

/// `GET reports/income-statement/?from=&to=&compare_from=&compare_to=`.
pub async fn income_statement(
    books: &Books<'_>,
    from: NaiveDate,
    to: NaiveDate,
    compare: Option<(NaiveDate, NaiveDate)>,
) -> Result<IncomeStatement, ApiError> {
    let now = own_amounts(books, &books.movements(from, to).await?);
    let then = match compare {
        Some((f, t)) => Some(own_amounts(books, &books.movements(f, t).await?)),
        None => None,
    };
    let mut amounts: HashMap<&str, Pair> = HashMap::new();
    for a in &books.accounts {
        let current = now.get(&a.id).copied();
        let earlier = then.as_ref().map(|t| t.get(&a.id).copied());
        if current.is_none() && earlier.flatten().is_none() {
            continue;
        }
        amounts.insert(
            a.id.as_str(),
            Pair::new(current.unwrap_or(0), earlier.map(|e| e.unwrap_or(0))),
        );
    }
    let mut sections = Vec::new();
    let mut total = |section| {
        let (block, sum) = section_block(&books.accounts, section, &amounts, then.is_some());
        sections.push(block);
        sum
    };
    let revenue = total(StatementSection::Revenue);
    let cost_of_sales = total(StatementSection::CostOfSales);
    let operating_expenses = total(StatementSection::OperatingExpenses);
    let other_income = total(StatementSection::OtherIncome);
    let other_expenses = total(StatementSection::OtherExpenses);
    let tax = total(StatementSection::Tax);
    let gross_profit = revenue.minus(cost_of_sales);
    let operating_profit = gross_profit.minus(operating_expenses);
    let profit_before_tax = operating_profit.plus(other_income).minus(other_expenses);
    let net_profit = profit_before_tax.minus(tax);
    Ok(IncomeStatement {
        from,
        to,
        compare_from: compare.map(|c| c.0),
        compare_to: compare.map(|c| c.1),
        known_at: books.known_at.clone(),
        sections,
        revenue: revenue.figure(),
        cost_of_sales: cost_of_sales.figure(),
        gross_profit: gross_profit.figure(),
        operating_expenses: operating_expenses.figure(),
        operating_profit: operating_profit.figure(),
        other_income: other_income.figure(),
        other_expenses: other_expenses.figure(),
        profit_before_tax: profit_before_tax.figure(),
        tax: tax.figure(),
        net_profit: net_profit.figure(),
    })
}
