//! The employee rules, given/when/then.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use event_schemas::payroll::employee::{EmployeeHired, EmployeeTerminated, EmployeeUpdated};
use event_schemas::{EmployeeId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;
use crate::money::AmountProblem;
use crate::payroll::PayrollError;

const EMPLOYEE: EmployeeId =
    EmployeeId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a01));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ADMIN: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn given() -> TestFramework<Employee> {
    TestFramework::with(())
}

/// Ada as a form sends her: untrimmed names, amounts at any scale.
fn raw() -> EmployeeDetails {
    EmployeeDetails {
        first_name: "  Ada ".into(),
        last_name: "Obi".into(),
        email: "ada@example.com".into(),
        phone: String::new(),
        staff_id: "EMP-001".into(),
        job_title: "Accountant".into(),
        department: "Finance".into(),
        start_date: ymd(2025, 1, 1),
        bank_name: String::new(),
        account_number: String::new(),
        pension_pin: String::new(),
        tax_id: String::new(),
        state_of_residence: "Lagos".into(),
        basic: d("1500000"),
        housing: d("900000"),
        transport: d("600000"),
        other_allowances: vec![],
        annual_rent: d("1200000"),
        nhf: true,
        other_deductions: vec![],
    }
}

/// Ada as the log keeps her.
fn kept() -> EmployeeDetails {
    EmployeeDetails {
        first_name: "Ada".into(),
        basic: d("1500000.00"),
        housing: d("900000.00"),
        transport: d("600000.00"),
        annual_rent: d("1200000.00"),
        ..raw()
    }
}

fn hire(details: EmployeeDetails) -> EmployeeCommand {
    HireEmployee {
        employee_id: EMPLOYEE,
        workspace_id: WORKSPACE,
        details,
        hired_by: ADMIN,
    }
    .into()
}

fn hired() -> EmployeeEvent {
    EmployeeEvent::EmployeeHired(EmployeeHired {
        employee_id: EMPLOYEE,
        workspace_id: WORKSPACE,
        details: kept(),
        hired_by: ADMIN,
    })
}

fn terminated(end_date: NaiveDate) -> EmployeeEvent {
    EmployeeEvent::EmployeeTerminated(EmployeeTerminated {
        employee_id: EMPLOYEE,
        workspace_id: WORKSPACE,
        end_date,
        terminated_by: ADMIN,
    })
}

#[test]
fn a_hired_employee_is_recorded_trimmed_with_amounts_at_two_places() {
    given()
        .given_no_previous_events()
        .when(hire(raw()))
        .then_expect_events(vec![hired()]);
}

#[test]
fn an_employee_is_hired_once() {
    given()
        .given(vec![hired()])
        .when(hire(raw()))
        .then_expect_error(EmployeeError::AlreadyHired);
}

#[test]
fn a_missing_last_name_is_refused_naming_it() {
    let details = EmployeeDetails {
        last_name: "  ".into(),
        ..raw()
    };
    given()
        .given_no_previous_events()
        .when(hire(details))
        .then_expect_error(EmployeeError::Required { field: "last_name" });
}

#[test]
fn an_implausible_email_is_refused() {
    let details = EmployeeDetails {
        email: "ada at example".into(),
        ..raw()
    };
    given()
        .given_no_previous_events()
        .when(hire(details))
        .then_expect_error(EmployeeError::EmailInvalid);
}

#[test]
fn a_negative_basic_is_refused_naming_basic() {
    let details = EmployeeDetails {
        basic: d("-1"),
        ..raw()
    };
    let error = Employee::default()
        .decide(hire(details))
        .expect_err("refused");
    assert_eq!(
        error,
        EmployeeError::Pay(PayrollError::Amount {
            field: "basic".into(),
            problem: AmountProblem::Negative
        })
    );
    assert_eq!(error.field().as_deref(), Some("basic"));
}

#[test]
fn an_update_records_the_new_record() {
    let details = EmployeeDetails {
        job_title: "Senior accountant".into(),
        ..kept()
    };
    given()
        .given(vec![hired()])
        .when(
            UpdateEmployee {
                details: details.clone(),
                updated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_events(vec![EmployeeEvent::EmployeeUpdated(EmployeeUpdated {
            employee_id: EMPLOYEE,
            workspace_id: WORKSPACE,
            details,
            updated_by: ADMIN,
        })]);
}

#[test]
fn an_update_that_changes_nothing_records_nothing() {
    given()
        .given(vec![hired()])
        .when(
            UpdateEmployee {
                details: raw(),
                updated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn an_unknown_employee_cannot_be_updated() {
    given()
        .given_no_previous_events()
        .when(
            UpdateEmployee {
                details: raw(),
                updated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_error(EmployeeError::NotFound);
}

#[test]
fn a_termination_records_the_last_day() {
    given()
        .given(vec![hired()])
        .when(
            TerminateEmployee {
                end_date: ymd(2026, 3, 15),
                terminated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_events(vec![terminated(ymd(2026, 3, 15))]);
}

#[test]
fn a_termination_before_the_start_is_refused_on_end_date() {
    let error = given()
        .given(vec![hired()])
        .when(
            TerminateEmployee {
                end_date: ymd(2024, 12, 31),
                terminated_by: ADMIN,
            }
            .into(),
        )
        .inspect_result()
        .expect_err("refused");
    assert_eq!(error.field().as_deref(), Some("end_date"));
}

#[test]
fn an_employee_is_terminated_once() {
    given()
        .given(vec![hired(), terminated(ymd(2026, 3, 15))])
        .when(
            TerminateEmployee {
                end_date: ymd(2026, 4, 30),
                terminated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_error(EmployeeError::AlreadyTerminated {
            end_date: ymd(2026, 3, 15),
        });
}
