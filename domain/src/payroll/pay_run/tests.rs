//! The pay run rules, given/when/then.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use event_schemas::payroll::pay_run::{PayRunApproved, PayRunPosted, PayRunReversed};
use event_schemas::payroll::settings::PayrollAccounts;
use event_schemas::{AccountId, EmployeeId, JournalEntryId, PayRunId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;
use crate::calendar::Month;
use crate::payroll::{EmployeePay, Employment, RuleSet};

const RUN: PayRunId =
    PayRunId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b01));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ADMIN: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const ENTRY: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e11));
const REVERSAL: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e12));

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn employee(n: u128, gross: &str, start: NaiveDate, end: Option<NaiveDate>) -> DraftEmployee {
    let gross = d(gross);
    DraftEmployee {
        employee_id: EmployeeId::from_uuid(Uuid::from_u128(n)),
        name: format!("Employee {n}"),
        staff_id: format!("EMP-{n}"),
        department: "Finance".into(),
        pay: EmployeePay {
            basic: gross * d("0.5"),
            housing: gross * d("0.3"),
            transport: gross * d("0.2"),
            other_allowances: vec![],
            annual_rent: d("1200000"),
            nhf: true,
            other_deductions: vec![],
        },
        employment: Employment {
            start_date: start,
            end_date: end,
        },
    }
}

fn draft(employees: Vec<DraftEmployee>) -> DraftPayRun {
    DraftPayRun {
        pay_run_id: RUN,
        workspace_id: WORKSPACE,
        period: Month::parse("2026-01").expect("month"),
        pay_date: ymd(2026, 1, 28),
        itf_applies: true,
        employees,
        drafted_by: ADMIN,
    }
}

fn drafted() -> PayRunEvent {
    let events = PayRun::default()
        .decide(draft(vec![employee(1, "3000000", ymd(2025, 1, 1), None)]).into())
        .expect("drafted");
    events.into_iter().next().expect("one event")
}

fn accounts() -> PayrollAccounts {
    let id = |n: u128| AccountId::from_uuid(Uuid::from_u128(0x1000 + n));
    PayrollAccounts {
        salaries_and_wages: id(1),
        employer_pension: id(2),
        nsitf_expense: id(3),
        itf_expense: id(4),
        paye_payable: id(5),
        pension_payable: id(6),
        nhf_payable: id(7),
        nsitf_payable: id(8),
        itf_payable: id(9),
        net_salaries_payable: id(10),
    }
}

fn approved() -> PayRunEvent {
    PayRunEvent::PayRunApproved(PayRunApproved {
        pay_run_id: RUN,
        workspace_id: WORKSPACE,
        approved_by: ADMIN,
    })
}

fn posted() -> PayRunEvent {
    PayRunEvent::PayRunPosted(PayRunPosted {
        pay_run_id: RUN,
        workspace_id: WORKSPACE,
        journal_entry_id: ENTRY,
        accounts: accounts(),
        posted_by: ADMIN,
    })
}

fn post() -> PayRunCommand {
    PostPayRun {
        journal_entry_id: ENTRY,
        accounts: accounts(),
        posted_by: ADMIN,
    }
    .into()
}

fn reverse() -> PayRunCommand {
    ReversePayRun {
        reversal_entry_id: REVERSAL,
        date: ymd(2026, 2, 3),
        reversed_by: ADMIN,
    }
    .into()
}

fn given() -> TestFramework<PayRun> {
    TestFramework::with(())
}

#[test]
fn a_draft_holds_each_employees_payslip_under_the_pay_dates_rules() {
    let PayRunEvent::PayRunDrafted(run) = drafted() else {
        panic!("a draft");
    };
    assert_eq!(run.rule_set, RuleSet::Nta2025);
    assert_eq!(run.period, "2026-01");
    assert_eq!(run.payslips.len(), 1);
    assert_eq!(run.payslips[0].paye, d("21031.25"));
    assert_eq!(run.payslips[0].gross, d("250000.00"));
    assert_eq!(run.totals.paye, d("21031.25"));
}

#[test]
fn employees_not_employed_in_the_period_are_left_out_of_the_draft() {
    let events = PayRun::default()
        .decide(
            draft(vec![
                employee(1, "3000000", ymd(2025, 1, 1), None),
                employee(2, "3000000", ymd(2026, 2, 1), None),
                employee(3, "3000000", ymd(2024, 1, 1), Some(ymd(2025, 12, 31))),
            ])
            .into(),
        )
        .expect("drafted");
    let PayRunEvent::PayRunDrafted(run) = &events[0] else {
        panic!("a draft");
    };
    assert_eq!(run.payslips.len(), 1);
    assert_eq!(run.payslips[0].employee_name, "Employee 1");
}

#[test]
fn a_draft_with_nobody_employed_is_refused_on_period() {
    let error = PayRun::default()
        .decide(draft(vec![]).into())
        .expect_err("refused");
    assert_eq!(error.field().as_deref(), Some("period"));
}

#[test]
fn a_draft_is_approved() {
    given()
        .given(vec![drafted()])
        .when(ApprovePayRun { approved_by: ADMIN }.into())
        .then_expect_events(vec![approved()]);
}

#[test]
fn a_draft_cannot_be_posted_before_approval() {
    given()
        .given(vec![drafted()])
        .when(post())
        .then_expect_error(PayRunError::NotApproved {
            status: PayRunStatus::Draft,
        });
}

#[test]
fn an_approved_run_is_posted_with_its_entry() {
    given()
        .given(vec![drafted(), approved()])
        .when(post())
        .then_expect_events(vec![posted()]);
}

#[test]
fn a_posted_run_cannot_be_approved_or_posted_again() {
    given()
        .given(vec![drafted(), approved(), posted()])
        .when(ApprovePayRun { approved_by: ADMIN }.into())
        .then_expect_error(PayRunError::NotDraft {
            status: PayRunStatus::Posted,
        });
    given()
        .given(vec![drafted(), approved(), posted()])
        .when(post())
        .then_expect_error(PayRunError::NotApproved {
            status: PayRunStatus::Posted,
        });
}

#[test]
fn a_posted_run_is_reversed_by_its_reversing_entry() {
    given()
        .given(vec![drafted(), approved(), posted()])
        .when(reverse())
        .then_expect_events(vec![PayRunEvent::PayRunReversed(PayRunReversed {
            pay_run_id: RUN,
            workspace_id: WORKSPACE,
            reversal_entry_id: Some(REVERSAL),
            reversal_date: Some(ymd(2026, 2, 3)),
            reversed_by: ADMIN,
        })]);
}

#[test]
fn a_run_not_yet_posted_is_set_aside_without_an_entry() {
    given()
        .given(vec![drafted()])
        .when(reverse())
        .then_expect_events(vec![PayRunEvent::PayRunReversed(PayRunReversed {
            pay_run_id: RUN,
            workspace_id: WORKSPACE,
            reversal_entry_id: None,
            reversal_date: None,
            reversed_by: ADMIN,
        })]);
}

#[test]
fn a_reversed_run_is_not_reversed_again() {
    let reversed = PayRunEvent::PayRunReversed(PayRunReversed {
        pay_run_id: RUN,
        workspace_id: WORKSPACE,
        reversal_entry_id: Some(REVERSAL),
        reversal_date: Some(ymd(2026, 2, 3)),
        reversed_by: ADMIN,
    });
    given()
        .given(vec![drafted(), approved(), posted(), reversed])
        .when(reverse())
        .then_expect_error(PayRunError::AlreadyReversed);
}

#[test]
fn an_unknown_run_cannot_be_approved() {
    given()
        .given_no_previous_events()
        .when(ApprovePayRun { approved_by: ADMIN }.into())
        .then_expect_error(PayRunError::NotFound);
}

#[test]
fn the_runs_entry_balances_and_credits_both_pension_shares_to_pension_payable() {
    let PayRunEvent::PayRunDrafted(run) = drafted() else {
        panic!("a draft");
    };
    let entry = pay_run_entry(&run, &accounts());
    let debits: Decimal = entry.lines.iter().filter_map(|l| l.debit).sum();
    let credits: Decimal = entry.lines.iter().filter_map(|l| l.credit).sum();
    assert_eq!(debits, credits);
    assert_eq!(debits, run.totals.employer_cost);
    let pension = entry
        .lines
        .iter()
        .find(|l| l.account_id == accounts().pension_payable)
        .and_then(|l| l.credit);
    // 8% + 10% of a monthly 250,000.
    assert_eq!(pension, Some(d("45000.00")));
    assert_eq!(entry.date, ymd(2026, 1, 28));
}
