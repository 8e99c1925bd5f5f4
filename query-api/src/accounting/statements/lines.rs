//! The pieces every statement is made of: a [`Figure`] (an amount, its comparison and
//! the change), and a section's accounts as a tree ([`SectionBlock`]): the accounts of
//! the section that carry an amount, under the parents they roll up into.

use std::collections::{HashMap, HashSet};

use domain::account_tree::StatementSection;
use projections::cents::cents_string;
use serde::Serialize;

use super::source::StatementAccount;

/// An amount, with the comparison column's amount and the change from it to this one
/// when a comparison was asked for. Decimal strings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Figure {
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub compare: Option<String>,
    /// `amount - compare`.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub change: Option<String>,
}

impl Figure {
    pub(crate) fn of(amount: i64, compare: Option<i64>) -> Self {
        Self {
            amount: cents_string(amount),
            compare: compare.map(cents_string),
            change: compare.map(|c| cents_string(amount - c)),
        }
    }
}

/// Cents now, and in the comparison column when there is one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Pair {
    pub now: i64,
    pub then: Option<i64>,
}

impl Pair {
    pub(crate) fn new(now: i64, then: Option<i64>) -> Self {
        Self { now, then }
    }

    pub(crate) fn figure(self) -> Figure {
        Figure::of(self.now, self.then)
    }

    pub(crate) fn plus(self, other: Pair) -> Pair {
        Pair {
            now: self.now + other.now,
            then: match (self.then, other.then) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            },
        }
    }

    pub(crate) fn minus(self, other: Pair) -> Pair {
        self.plus(Pair {
            now: -other.now,
            then: other.then.map(|t| -t),
        })
    }
}

/// One row of a section: an account with an amount, or a parent rolling some up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct StatementLine {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    pub parent_id: Option<String>,
    /// Nesting below the section's top rows (0 for a top row).
    pub depth: usize,
    /// A parent row: its amount is the sum of the rows below it (and any own postings).
    pub is_group: bool,
    /// In the section's direction: assets and expenses debit minus credit, the rest
    /// credit minus debit.
    pub amount: Figure,
}

/// A section of a statement with its account tree and its total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SectionBlock {
    /// The wire name (`current_assets`).
    pub section: String,
    /// As shown (`Current assets`).
    pub label: String,
    pub lines: Vec<StatementLine>,
    pub total: Figure,
}

/// How a section is headed.
pub fn section_label(section: StatementSection) -> &'static str {
    match section {
        StatementSection::CurrentAssets => "Current assets",
        StatementSection::NonCurrentAssets => "Non-current assets",
        StatementSection::CurrentLiabilities => "Current liabilities",
        StatementSection::NonCurrentLiabilities => "Non-current liabilities",
        StatementSection::Equity => "Equity",
        StatementSection::Revenue => "Revenue",
        StatementSection::CostOfSales => "Cost of sales",
        StatementSection::OperatingExpenses => "Operating expenses",
        StatementSection::OtherIncome => "Other income",
        StatementSection::OtherExpenses => "Other expenses",
        StatementSection::Tax => "Tax",
    }
}

/// The block of `section`: its accounts with an amount in either column, under every
/// ancestor they roll up into (an ancestor in another section still heads them: "Assets"
/// over "Cash and bank"), in the chart's order. `amounts` are each account's own amounts
/// in the section's direction. Returns the block and its total.
pub(crate) fn section_block(
    accounts: &[StatementAccount],
    section: StatementSection,
    amounts: &HashMap<&str, Pair>,
    compare: bool,
) -> (SectionBlock, Pair) {
    let by_id: HashMap<&str, &StatementAccount> =
        accounts.iter().map(|a| (a.id.as_str(), a)).collect();
    let mut rolled: HashMap<&str, Pair> = HashMap::new();
    let mut own: HashSet<&str> = HashSet::new();
    let mut total = Pair::new(0, compare.then_some(0));
    for account in accounts.iter().filter(|a| a.section == Some(section)) {
        let Some(pair) = amounts.get(account.id.as_str()).copied() else {
            continue;
        };
        if pair.now == 0 && pair.then.unwrap_or(0) == 0 {
            continue;
        }
        total = total.plus(pair);
        own.insert(account.id.as_str());
        let mut current = Some(account.id.as_str());
        for _ in 0..=accounts.len() {
            let Some(id) = current else { break };
            let entry = rolled.entry(id).or_default();
            *entry = entry.plus(pair);
            current = by_id.get(id).and_then(|a| a.parent_id.as_deref());
        }
    }
    // Depth-first in code order (accounts come in code order), keeping rolled rows.
    let mut children: HashMap<Option<&str>, Vec<&StatementAccount>> = HashMap::new();
    for account in accounts {
        let parent = account
            .parent_id
            .as_deref()
            .filter(|p| by_id.contains_key(p));
        children.entry(parent).or_default().push(account);
    }
    let mut lines = Vec::new();
    let mut stack: Vec<(&StatementAccount, usize)> = children
        .get(&None)
        .map(|roots| roots.iter().rev().map(|a| (*a, 0)).collect())
        .unwrap_or_default();
    let mut visited = 0;
    while let Some((account, depth)) = stack.pop() {
        visited += 1;
        if visited > accounts.len() {
            break;
        }
        let Some(pair) = rolled.get(account.id.as_str()).copied() else {
            continue;
        };
        let kids = children.get(&Some(account.id.as_str()));
        let is_group = kids.is_some_and(|k| k.iter().any(|c| rolled.contains_key(c.id.as_str())));
        lines.push(StatementLine {
            account_id: account.id.clone(),
            account_code: account.code.clone(),
            name: account.name.clone(),
            parent_id: account.parent_id.clone(),
            depth,
            is_group: is_group || !own.contains(account.id.as_str()),
            amount: pair.figure(),
        });
        for kid in kids.into_iter().flatten().rev() {
            stack.push((kid, depth + 1));
        }
    }
    (
        SectionBlock {
            section: section.as_str().to_owned(),
            label: section_label(section).to_owned(),
            lines,
            total: total.figure(),
        },
        total,
    )
}
