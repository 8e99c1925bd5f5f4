//! The ten accounts a pay run posts to: each role's field, the account type it must
//! have, and its default in the chart. Defaults are found by code in the default chart
//! (salaries and wages 6110, employer pension 6120, PAYE 2140, pension 2150, NHF 2160)
//! and the rest by name, or created beside them (NSITF 6130 and ITF 6140 expense; net
//! salaries 2190, NSITF 2191 and ITF 2192 payable, or the next free code when a
//! workspace used that one for something else) the first time a workspace runs payroll.

use std::collections::BTreeMap;

use event_schemas::account_tree::AccountType;
use event_schemas::payroll::settings::PayrollAccounts;
use event_schemas::{AccountId, WorkspaceId};

use crate::account_tree::{default_account_id, AccountTree, CreateAccount};

/// One account a run posts to.
#[derive(Debug, Clone, Copy)]
pub struct Role {
    /// The settings field (`paye_payable`).
    pub field: &'static str,
    pub account_type: AccountType,
    /// The default account's code, name and parent's code.
    pub code: &'static str,
    pub name: &'static str,
    pub parent_code: &'static str,
    /// The code is the default chart's: an account with it is this role's account. Other
    /// codes may mean anything in a workspace's own chart, so only the name is trusted.
    pub in_default_chart: bool,
    pub get: fn(&PayrollAccounts) -> AccountId,
}

pub const ROLES: [Role; 10] = [
    expense("salaries_and_wages", "6110", "Salaries and wages", |a| {
        a.salaries_and_wages
    }),
    expense(
        "employer_pension",
        "6120",
        "Employer pension contribution",
        |a| a.employer_pension,
    ),
    expense("nsitf_expense", "6130", "NSITF contribution", |a| {
        a.nsitf_expense
    }),
    expense("itf_expense", "6140", "ITF levy", |a| a.itf_expense),
    liability("paye_payable", "2140", "PAYE payable", |a| a.paye_payable),
    liability("pension_payable", "2150", "Pension payable", |a| {
        a.pension_payable
    }),
    liability("nhf_payable", "2160", "NHF payable", |a| a.nhf_payable),
    liability("nsitf_payable", "2191", "NSITF payable", |a| {
        a.nsitf_payable
    }),
    liability("itf_payable", "2192", "ITF payable", |a| a.itf_payable),
    liability(
        "net_salaries_payable",
        "2190",
        "Net salaries payable",
        |a| a.net_salaries_payable,
    ),
];

const fn expense(
    field: &'static str,
    code: &'static str,
    name: &'static str,
    get: fn(&PayrollAccounts) -> AccountId,
) -> Role {
    Role {
        field,
        account_type: AccountType::Expense,
        code,
        name,
        parent_code: "6100",
        in_default_chart: matches!(code.as_bytes(), b"6110" | b"6120"),
        get,
    }
}

const fn liability(
    field: &'static str,
    code: &'static str,
    name: &'static str,
    get: fn(&PayrollAccounts) -> AccountId,
) -> Role {
    Role {
        field,
        account_type: AccountType::Liability,
        code,
        name,
        parent_code: "2100",
        in_default_chart: matches!(code.as_bytes(), b"2140" | b"2150" | b"2160"),
        get,
    }
}

/// What the settings rules need to know of an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountFact {
    pub account_type: AccountType,
    /// Active and last-level: it can be posted to.
    pub postable: bool,
}

/// The chart's facts about the accounts a command names (absent: not in the chart).
pub type ChartFacts = BTreeMap<AccountId, AccountFact>;

/// The facts of `accounts` in `tree`.
pub fn chart_facts(tree: &AccountTree, accounts: &PayrollAccounts) -> ChartFacts {
    ROLES
        .iter()
        .filter_map(|role| {
            let id = (role.get)(accounts);
            tree.account(id).map(|account| {
                (
                    id,
                    AccountFact {
                        account_type: account.account_type,
                        postable: !account.archived && tree.is_last_level(id),
                    },
                )
            })
        })
        .collect()
}

/// The default accounts and the chart commands that create the missing ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefaultAccounts {
    pub accounts: PayrollAccounts,
    pub to_create: Vec<CreateAccount>,
}

/// The default accounts of `workspace_id`: for each role, the chart's account with the
/// role's code when it is postable and of the role's type; else an account created with
/// that code (or the next free code after it) under the role's parent when that is a
/// parent, at the top level otherwise.
pub fn default_accounts(tree: &AccountTree, workspace_id: WorkspaceId) -> DefaultAccounts {
    let mut to_create: Vec<CreateAccount> = Vec::new();
    let mut ids = Vec::with_capacity(ROLES.len());
    for role in &ROLES {
        let postable = |a: &&crate::account_tree::Account| {
            a.account_type == role.account_type && !a.archived && tree.is_last_level(a.account_id)
        };
        let usable = if role.in_default_chart {
            tree.account_by_code(role.code).filter(postable)
        } else {
            tree.accounts()
                .filter(postable)
                .find(|a| a.name.eq_ignore_ascii_case(role.name))
        };
        if let Some(account) = usable {
            ids.push(account.account_id);
            continue;
        }
        let taken = |code: &str| {
            tree.account_by_code(code).is_some() || to_create.iter().any(|c| c.account_code == code)
        };
        let base: u64 = role.code.parse().unwrap_or(9000);
        let code = (0..100)
            .map(|step| (base + step).to_string())
            .find(|code| !taken(code))
            .unwrap_or_else(|| format!("{base}99"));
        let parent_id = tree
            .account_by_code(role.parent_code)
            .filter(|p| {
                p.account_type == role.account_type
                    && !p.archived
                    && !tree.is_last_level(p.account_id)
            })
            .map(|p| p.account_id);
        let account_id = default_account_id(workspace_id, &format!("payroll/{}", role.field));
        ids.push(account_id);
        to_create.push(CreateAccount {
            workspace_id,
            account_id,
            name: role.name.to_owned(),
            account_code: code,
            account_type: role.account_type,
            parent_id,
            parent_has_postings: false,
            depreciation_type: None,
            depreciation_value: None,
            classification: Default::default(),
        });
    }
    let accounts = PayrollAccounts {
        salaries_and_wages: ids[0],
        employer_pension: ids[1],
        nsitf_expense: ids[2],
        itf_expense: ids[3],
        paye_payable: ids[4],
        pension_payable: ids[5],
        nhf_payable: ids[6],
        nsitf_payable: ids[7],
        itf_payable: ids[8],
        net_salaries_payable: ids[9],
    };
    DefaultAccounts {
        accounts,
        to_create,
    }
}
