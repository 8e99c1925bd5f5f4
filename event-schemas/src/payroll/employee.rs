//! The Employee events: one stream per employee (the stream id is the employee id).
//! An employee's record carries the pay a run computes from: annual earnings, rent for
//! rent relief, NHF membership and monthly other deductions.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{payroll_contract, payroll_events};
use crate::{EmployeeId, UserId, WorkspaceId};

/// The `aggregate_type` of employees.
pub const AGGREGATE_TYPE: &str = "Employee";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EmployeeEvent {
    EmployeeHired(EmployeeHired),
    EmployeeUpdated(EmployeeUpdated),
    EmployeeTerminated(EmployeeTerminated),
}

/// An allowance beyond basic, housing and transport (annual amount).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AllowanceRecord {
    pub name: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
    pub taxable: bool,
    pub pensionable: bool,
}

/// A deduction from net pay (monthly amount).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DeductionRecord {
    pub name: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
}

/// Everything the employee record holds, checked and trimmed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeDetails {
    pub first_name: String,
    pub last_name: String,
    /// `""` when not given (as for every text below).
    pub email: String,
    pub phone: String,
    pub staff_id: String,
    pub job_title: String,
    pub department: String,
    pub start_date: NaiveDate,
    pub bank_name: String,
    pub account_number: String,
    pub pension_pin: String,
    pub tax_id: String,
    pub state_of_residence: String,
    /// Annual amounts.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub basic: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub housing: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub transport: Decimal,
    pub other_allowances: Vec<AllowanceRecord>,
    /// Annual rent paid, for rent relief (NTA 2025).
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub annual_rent: Decimal,
    /// Contributes to the National Housing Fund.
    pub nhf: bool,
    pub other_deductions: Vec<DeductionRecord>,
}

/// An employee was put on the workspace's payroll.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeHired {
    pub employee_id: EmployeeId,
    pub workspace_id: WorkspaceId,
    pub details: EmployeeDetails,
    pub hired_by: UserId,
}

/// An employee's record was changed (the whole record as it now stands).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeUpdated {
    pub employee_id: EmployeeId,
    pub workspace_id: WorkspaceId,
    pub details: EmployeeDetails,
    pub updated_by: UserId,
}

/// An employee leaves: `end_date` is the last day employed (paid up to and including it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EmployeeTerminated {
    pub employee_id: EmployeeId,
    pub workspace_id: WorkspaceId,
    pub end_date: NaiveDate,
    pub terminated_by: UserId,
}

payroll_events!(EmployeeEvent {
    EmployeeHired,
    EmployeeUpdated,
    EmployeeTerminated
});
payroll_contract!("employee", EmployeeEvent);
