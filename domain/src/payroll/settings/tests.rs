//! The payroll settings and period rules, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::account_tree::AccountType;
use event_schemas::payroll::settings::{
    PayPeriodClaimed, PayPeriodReleased, PayrollSettingsChanged,
};
use event_schemas::{PayRunId, UserId, WorkspaceId};
use uuid::Uuid;

use super::*;
use crate::account_tree::{AccountTree, AccountTreeCommand, SetUpDefaultChart};
use crate::calendar::Month;

const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ADMIN: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const JANUARY_RUN: PayRunId =
    PayRunId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b01));
const SECOND_RUN: PayRunId =
    PayRunId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b02));

fn given() -> TestFramework<Payroll> {
    TestFramework::with(())
}

fn january() -> Month {
    Month::parse("2026-01").expect("month")
}

/// A workspace with the default chart set up.
fn default_chart() -> AccountTree {
    let mut tree = AccountTree::default();
    let events = tree
        .decide(AccountTreeCommand::SetUpDefaultChart(SetUpDefaultChart {
            workspace_id: WORKSPACE,
        }))
        .expect("default chart");
    for event in events {
        cqrs_es::Aggregate::apply(&mut tree, event);
    }
    tree
}

/// The default chart with the payroll accounts it lacks created.
fn chart_with_payroll_accounts() -> (AccountTree, PayrollAccounts) {
    let mut tree = default_chart();
    let defaults = default_accounts(&tree, WORKSPACE);
    for create in defaults.to_create {
        for event in tree
            .decide(AccountTreeCommand::CreateAccount(create))
            .expect("created")
        {
            cqrs_es::Aggregate::apply(&mut tree, event);
        }
    }
    (tree, defaults.accounts)
}

fn change(tree: &AccountTree, accounts: PayrollAccounts) -> PayrollCommand {
    ChangeSettings {
        workspace_id: WORKSPACE,
        accounts,
        itf_applies: true,
        chart: accounts::chart_facts(tree, &accounts),
        changed_by: ADMIN,
    }
    .into()
}

fn claimed(run: PayRunId) -> PayrollEvent {
    PayrollEvent::PayPeriodClaimed(PayPeriodClaimed {
        workspace_id: WORKSPACE,
        period: "2026-01".into(),
        pay_run_id: run,
    })
}

fn claim(run: PayRunId) -> PayrollCommand {
    ClaimPeriod {
        workspace_id: WORKSPACE,
        period: january(),
        pay_run_id: run,
    }
    .into()
}

#[test]
fn the_defaults_reuse_the_default_charts_payroll_accounts_and_create_the_rest() {
    let tree = default_chart();
    let defaults = default_accounts(&tree, WORKSPACE);
    let codes: Vec<&str> = defaults
        .to_create
        .iter()
        .map(|c| c.account_code.as_str())
        .collect();
    assert_eq!(codes, ["6130", "6140", "2191", "2192", "2190"]);
    assert_eq!(
        Some(defaults.accounts.paye_payable),
        tree.account_by_code("2140").map(|a| a.account_id)
    );
    let staff_costs = tree.account_by_code("6100").map(|a| a.account_id);
    assert_eq!(defaults.to_create[0].parent_id, staff_costs);
}

#[test]
fn an_account_of_the_workspaces_own_on_a_default_code_is_not_taken_for_payroll() {
    let mut tree = default_chart();
    let welfare = crate::account_tree::CreateAccount {
        workspace_id: WORKSPACE,
        account_id: event_schemas::AccountId::from_uuid(Uuid::from_u128(0x6130)),
        name: "Staff welfare".into(),
        account_code: "6130".into(),
        account_type: AccountType::Expense,
        parent_id: tree.account_by_code("6100").map(|a| a.account_id),
        parent_has_postings: false,
        depreciation_type: None,
        depreciation_value: None,
        classification: Default::default(),
    };
    for event in tree
        .decide(AccountTreeCommand::CreateAccount(welfare))
        .expect("created")
    {
        cqrs_es::Aggregate::apply(&mut tree, event);
    }
    let defaults = default_accounts(&tree, WORKSPACE);
    let nsitf = defaults
        .to_create
        .iter()
        .find(|c| c.name == "NSITF contribution")
        .expect("NSITF expense created");
    assert_eq!(nsitf.account_code, "6131");
    assert_ne!(
        defaults.accounts.nsitf_expense,
        Uuid::from_u128(0x6130).into()
    );
}

#[test]
fn the_defaults_on_an_empty_chart_create_every_account_at_the_top_level() {
    let defaults = default_accounts(&AccountTree::default(), WORKSPACE);
    assert_eq!(defaults.to_create.len(), 10);
    assert!(defaults.to_create.iter().all(|c| c.parent_id.is_none()));
}

#[test]
fn settings_naming_postable_accounts_of_the_right_types_are_recorded() {
    let (tree, accounts) = chart_with_payroll_accounts();
    given()
        .given_no_previous_events()
        .when(change(&tree, accounts))
        .then_expect_events(vec![PayrollEvent::PayrollSettingsChanged(
            PayrollSettingsChanged {
                workspace_id: WORKSPACE,
                accounts,
                itf_applies: true,
                changed_by: ADMIN,
            },
        )]);
}

#[test]
fn an_income_account_for_paye_payable_is_refused_naming_the_field() {
    let (tree, mut accounts) = chart_with_payroll_accounts();
    accounts.paye_payable = tree.account_by_code("4100").expect("sales").account_id;
    given()
        .given_no_previous_events()
        .when(change(&tree, accounts))
        .then_expect_error(PayrollSettingsError::WrongAccountType {
            field: "paye_payable",
            expected: AccountType::Liability,
        });
}

#[test]
fn a_parent_account_is_refused_as_not_postable() {
    let (tree, mut accounts) = chart_with_payroll_accounts();
    accounts.salaries_and_wages = tree
        .account_by_code("6100")
        .expect("staff costs")
        .account_id;
    given()
        .given_no_previous_events()
        .when(change(&tree, accounts))
        .then_expect_error(PayrollSettingsError::AccountNotPostable {
            field: "salaries_and_wages",
        });
}

#[test]
fn a_free_period_is_claimed_by_its_run() {
    given()
        .given_no_previous_events()
        .when(claim(JANUARY_RUN))
        .then_expect_events(vec![claimed(JANUARY_RUN)]);
}

#[test]
fn a_second_run_for_a_held_period_is_refused() {
    given()
        .given(vec![claimed(JANUARY_RUN)])
        .when(claim(SECOND_RUN))
        .then_expect_error(PayrollSettingsError::PeriodTaken {
            period: january(),
            pay_run_id: JANUARY_RUN,
        });
}

#[test]
fn a_period_released_by_its_reversed_run_can_be_run_again() {
    let released = PayrollEvent::PayPeriodReleased(PayPeriodReleased {
        workspace_id: WORKSPACE,
        period: "2026-01".into(),
        pay_run_id: JANUARY_RUN,
    });
    given()
        .given(vec![claimed(JANUARY_RUN), released])
        .when(claim(SECOND_RUN))
        .then_expect_events(vec![claimed(SECOND_RUN)]);
}

#[test]
fn a_run_that_does_not_hold_the_period_releases_nothing() {
    given()
        .given(vec![claimed(JANUARY_RUN)])
        .when(
            ReleasePeriod {
                workspace_id: WORKSPACE,
                period: january(),
                pay_run_id: SECOND_RUN,
            }
            .into(),
        )
        .then_expect_events(vec![]);
}
