//! The PayRun events: one stream per pay run (the stream id is the run id). A run is
//! drafted with every payslip computed once and kept as computed — approval and posting
//! never recompute — then approved, posted (in the same append as its journal entry)
//! and perhaps reversed (in the same append as the reversing entry).

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::settings::PayrollAccounts;
use super::{payroll_contract, payroll_events, RuleSet};
use crate::{EmployeeId, JournalEntryId, PayRunId, UserId, WorkspaceId};

/// The `aggregate_type` of pay runs.
pub const AGGREGATE_TYPE: &str = "PayRun";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PayRunEvent {
    PayRunDrafted(PayRunDrafted),
    PayRunApproved(PayRunApproved),
    PayRunPosted(PayRunPosted),
    PayRunReversed(PayRunReversed),
}

/// A named monthly amount on a payslip (an other allowance or deduction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayslipLineRecord {
    pub name: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
}

/// One employee's payslip for the run's month. Amounts are monthly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayslipRecord {
    pub employee_id: EmployeeId,
    /// The employee's name and staff id as they were when the run was drafted.
    pub employee_name: String,
    pub staff_id: String,
    pub department: String,
    pub days_paid: u32,
    pub days_in_month: u32,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub gross: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub basic: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub housing: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub transport: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub other: Decimal,
    pub allowances: Vec<PayslipLineRecord>,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub pension_employee: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub nhf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub rent_relief: Decimal,
    /// PITA only.
    #[schemars(with = "Option<String>", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub cra: Option<Decimal>,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub taxable_income: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub paye: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub other_deductions: Decimal,
    pub deductions: Vec<PayslipLineRecord>,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub net_pay: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub pension_employer: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub nsitf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub itf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub employer_cost: Decimal,
}

/// A run's totals per component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayRunTotalsRecord {
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub gross: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub basic: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub housing: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub transport: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub other: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub pension_employee: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub nhf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub paye: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub other_deductions: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub net_pay: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub pension_employer: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub nsitf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub itf: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub employer_cost: Decimal,
}

/// A pay run was drafted for `period`, paid on `pay_date`, with one payslip per employee
/// employed in the period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayRunDrafted {
    pub pay_run_id: PayRunId,
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub pay_date: NaiveDate,
    pub rule_set: RuleSet,
    pub itf_applies: bool,
    pub payslips: Vec<PayslipRecord>,
    pub totals: PayRunTotalsRecord,
    pub drafted_by: UserId,
}

/// The run's payslips were approved for posting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayRunApproved {
    pub pay_run_id: PayRunId,
    pub workspace_id: WorkspaceId,
    pub approved_by: UserId,
}

/// The run was posted to the books as `journal_entry_id`, to `accounts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayRunPosted {
    pub pay_run_id: PayRunId,
    pub workspace_id: WorkspaceId,
    pub journal_entry_id: JournalEntryId,
    pub accounts: PayrollAccounts,
    pub posted_by: UserId,
}

/// The run was reversed: a posted run by the reversing entry `reversal_entry_id`, a run
/// not yet posted by setting it aside (`None`). Its period is free again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayRunReversed {
    pub pay_run_id: PayRunId,
    pub workspace_id: WorkspaceId,
    pub reversal_entry_id: Option<JournalEntryId>,
    pub reversal_date: Option<NaiveDate>,
    pub reversed_by: UserId,
}

payroll_events!(PayRunEvent {
    PayRunDrafted,
    PayRunApproved,
    PayRunPosted,
    PayRunReversed
});
payroll_contract!("pay_run", PayRunEvent);
