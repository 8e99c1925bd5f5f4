//! Where each account shows on the financial statements: its statement section and its
//! cash-flow category. An account may carry its own choice (`AccountClassified`); where
//! it does not, the place is derived, in this order:
//!
//! 1. the default chart's own placing of that account (the default chart's accounts are
//!    recognised by their deterministic ids, so a renamed or renumbered one keeps it);
//! 2. the nearest ancestor's place (a new "Zenith Bank - USD" under "Cash and bank" is
//!    cash), where the ancestor's section suits the account's type;
//! 3. the account type's default ([`type_default`]).
//!
//! Derived at read time, never stored, so a changed parent or a chart set up before
//! classifications existed still reads right.

use std::collections::HashMap;

use event_schemas::account_tree::{AccountType, CashFlowCategory, StatementSection};
use event_schemas::{AccountId, WorkspaceId};

use super::default_chart::{default_account_id, DEFAULT_CHART};

/// An account's effective place on the statements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub statement_section: StatementSection,
    pub cash_flow_category: CashFlowCategory,
}

use CashFlowCategory as Cf;
use StatementSection as Ss;

/// The default chart's placing of its accounts, by code. Codes not listed take their
/// parent's (the chart's leaves mostly follow their group).
const CHART_PLACEMENTS: &[(&str, StatementSection, CashFlowCategory)] = &[
    ("1000", Ss::CurrentAssets, Cf::Operating),
    ("1100", Ss::CurrentAssets, Cf::Cash),
    ("1200", Ss::CurrentAssets, Cf::Operating),
    ("1300", Ss::CurrentAssets, Cf::Operating),
    ("1400", Ss::CurrentAssets, Cf::Operating),
    ("1500", Ss::NonCurrentAssets, Cf::Investing),
    // Moves with depreciation, not with cash: added back to net profit.
    ("1590", Ss::NonCurrentAssets, Cf::NonCash),
    ("2000", Ss::CurrentLiabilities, Cf::Operating),
    ("2100", Ss::CurrentLiabilities, Cf::Operating),
    ("2200", Ss::NonCurrentLiabilities, Cf::Financing),
    ("3000", Ss::Equity, Cf::Financing),
    // Moves only by closing entries, which carry the year's profit: part of operating,
    // beside the net profit it offsets.
    ("3200", Ss::Equity, Cf::Operating),
    ("4000", Ss::Revenue, Cf::Operating),
    ("4300", Ss::OtherIncome, Cf::Operating),
    ("5000", Ss::CostOfSales, Cf::Operating),
    ("6000", Ss::OperatingExpenses, Cf::Operating),
    ("6500", Ss::OtherExpenses, Cf::Operating),
];

/// The default chart's placing of the account with this code, walking up the chart.
fn chart_placement(code: &str) -> Option<Placement> {
    let mut current = Some(code);
    for _ in 0..=DEFAULT_CHART.len() {
        let code = current?;
        if let Some((_, section, category)) = CHART_PLACEMENTS.iter().find(|(c, _, _)| *c == code) {
            return Some(Placement {
                statement_section: *section,
                cash_flow_category: *category,
            });
        }
        current = DEFAULT_CHART
            .iter()
            .find(|n| n.code == code)
            .and_then(|n| n.parent_code);
    }
    None
}

/// The place of an account nothing else places: current for assets and liabilities
/// (most accounts a small business adds are), operating for everything but equity.
pub fn type_default(account_type: AccountType) -> Placement {
    let (statement_section, cash_flow_category) = match account_type {
        AccountType::Asset => (Ss::CurrentAssets, Cf::Operating),
        AccountType::Liability => (Ss::CurrentLiabilities, Cf::Operating),
        AccountType::Equity => (Ss::Equity, Cf::Financing),
        AccountType::Income => (Ss::Revenue, Cf::Operating),
        AccountType::Expense => (Ss::OperatingExpenses, Cf::Operating),
    };
    Placement {
        statement_section,
        cash_flow_category,
    }
}

/// What [`placements`] needs to know of one account.
#[derive(Debug, Clone, Copy)]
pub struct Classifiable {
    pub account_id: AccountId,
    pub parent_id: Option<AccountId>,
    pub account_type: AccountType,
    pub statement_section: Option<StatementSection>,
    pub cash_flow_category: Option<CashFlowCategory>,
}

/// Every account's effective place (see the module's order of derivation).
pub fn placements(
    workspace_id: WorkspaceId,
    accounts: &[Classifiable],
) -> HashMap<AccountId, Placement> {
    let chart: HashMap<AccountId, &str> = DEFAULT_CHART
        .iter()
        .map(|n| (default_account_id(workspace_id, n.code), n.code))
        .collect();
    let by_id: HashMap<AccountId, &Classifiable> =
        accounts.iter().map(|a| (a.account_id, a)).collect();
    // The derived place of one account, ignoring its own choice: the chart's, else the
    // nearest ancestor's effective one, else the type's. Walks at most the tree's depth.
    let derived = |account: &Classifiable| -> Placement {
        if let Some(p) = chart
            .get(&account.account_id)
            .and_then(|c| chart_placement(c))
        {
            return p;
        }
        let mut section = None;
        let mut category = None;
        let mut current = account.parent_id;
        for _ in 0..accounts.len() {
            let Some(parent) = current.and_then(|id| by_id.get(&id)) else {
                break;
            };
            let chart_place = chart
                .get(&parent.account_id)
                .and_then(|c| chart_placement(c));
            section = section
                .or(parent.statement_section)
                .or(chart_place.map(|p| p.statement_section));
            category = category
                .or(parent.cash_flow_category)
                .or(chart_place.map(|p| p.cash_flow_category));
            if section.is_some() && category.is_some() {
                break;
            }
            current = parent.parent_id;
        }
        let fallback = type_default(account.account_type);
        Placement {
            statement_section: section
                .filter(|s| s.allows(account.account_type))
                .unwrap_or(fallback.statement_section),
            cash_flow_category: category
                .filter(|c| c.allows(account.account_type))
                .unwrap_or(fallback.cash_flow_category),
        }
    };
    accounts
        .iter()
        .map(|a| {
            let d = derived(a);
            let place = Placement {
                statement_section: a.statement_section.unwrap_or(d.statement_section),
                cash_flow_category: a.cash_flow_category.unwrap_or(d.cash_flow_category),
            };
            (a.account_id, place)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    const WS: WorkspaceId = WorkspaceId::from_uuid(Uuid::from_u128(7));

    fn chart_accounts() -> Vec<Classifiable> {
        DEFAULT_CHART
            .iter()
            .map(|n| Classifiable {
                account_id: default_account_id(WS, n.code),
                parent_id: n.parent_code.map(|c| default_account_id(WS, c)),
                account_type: n.account_type,
                statement_section: None,
                cash_flow_category: None,
            })
            .collect()
    }

    fn place_of(accounts: &[Classifiable], id: AccountId) -> Placement {
        placements(WS, accounts)[&id]
    }

    #[test]
    fn every_default_chart_account_gets_a_section_its_type_allows() {
        let accounts = chart_accounts();
        let placed = placements(WS, &accounts);

        for a in &accounts {
            let p = placed[&a.account_id];
            assert!(p.statement_section.allows(a.account_type), "{a:?}");
            assert!(p.cash_flow_category.allows(a.account_type), "{a:?}");
        }
    }

    #[test]
    fn cash_and_bank_accounts_are_cash_and_accumulated_depreciation_is_non_cash() {
        let accounts = chart_accounts();

        let bank = place_of(&accounts, default_account_id(WS, "1120"));
        let depreciation = place_of(&accounts, default_account_id(WS, "1590"));
        let vehicles = place_of(&accounts, default_account_id(WS, "1520"));
        let loans = place_of(&accounts, default_account_id(WS, "2210"));

        assert_eq!(bank.cash_flow_category, Cf::Cash);
        assert_eq!(depreciation.cash_flow_category, Cf::NonCash);
        assert_eq!(vehicles.statement_section, Ss::NonCurrentAssets);
        assert_eq!(vehicles.cash_flow_category, Cf::Investing);
        assert_eq!(loans.statement_section, Ss::NonCurrentLiabilities);
        assert_eq!(loans.cash_flow_category, Cf::Financing);
    }

    #[test]
    fn a_new_account_takes_its_parents_place() {
        let mut accounts = chart_accounts();
        let usd = AccountId::from_uuid(Uuid::from_u128(99));
        accounts.push(Classifiable {
            account_id: usd,
            parent_id: Some(default_account_id(WS, "1100")),
            account_type: AccountType::Asset,
            statement_section: None,
            cash_flow_category: None,
        });

        assert_eq!(place_of(&accounts, usd).cash_flow_category, Cf::Cash);
    }

    #[test]
    fn an_accounts_own_choice_wins_and_its_children_inherit_it() {
        let mut accounts = chart_accounts();
        let interest = default_account_id(WS, "6500");
        let child = AccountId::from_uuid(Uuid::from_u128(100));
        accounts
            .iter_mut()
            .find(|a| a.account_id == interest)
            .expect("chart account")
            .cash_flow_category = Some(Cf::Financing);
        accounts.push(Classifiable {
            account_id: child,
            parent_id: Some(interest),
            account_type: AccountType::Expense,
            statement_section: None,
            cash_flow_category: None,
        });

        assert_eq!(
            place_of(&accounts, interest).cash_flow_category,
            Cf::Financing
        );
        assert_eq!(place_of(&accounts, child).cash_flow_category, Cf::Financing);
        assert_eq!(
            place_of(&accounts, child).statement_section,
            Ss::OtherExpenses
        );
    }

    #[test]
    fn a_top_level_account_outside_the_chart_takes_its_types_default() {
        let lone = Classifiable {
            account_id: AccountId::from_uuid(Uuid::from_u128(5)),
            parent_id: None,
            account_type: AccountType::Equity,
            statement_section: None,
            cash_flow_category: None,
        };

        assert_eq!(
            place_of(&[lone], lone.account_id),
            type_default(AccountType::Equity)
        );
    }
}
