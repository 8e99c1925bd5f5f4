//! The Payroll events: one stream per workspace (the stream id is the workspace id) with
//! the accounts its pay runs post to, whether it pays ITF, and which run holds each pay
//! period. A period is claimed in the append that drafts its run and released in the
//! append that reverses it, so two runs for one period can never both stand.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{payroll_contract, payroll_events};
use crate::{AccountId, PayRunId, UserId, WorkspaceId};

/// The `aggregate_type` of a workspace's payroll.
pub const AGGREGATE_TYPE: &str = "Payroll";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PayrollEvent {
    PayrollSettingsChanged(PayrollSettingsChanged),
    PayPeriodClaimed(PayPeriodClaimed),
    PayPeriodReleased(PayPeriodReleased),
}

/// The accounts a pay run's entry posts to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayrollAccounts {
    /// Debit: gross pay.
    pub salaries_and_wages: AccountId,
    /// Debit: the employer's pension contribution.
    pub employer_pension: AccountId,
    /// Debit: NSITF (1% of gross).
    pub nsitf_expense: AccountId,
    /// Debit: ITF (1% of gross).
    pub itf_expense: AccountId,
    /// Credit: PAYE withheld.
    pub paye_payable: AccountId,
    /// Credit: pension, both shares.
    pub pension_payable: AccountId,
    /// Credit: NHF withheld.
    pub nhf_payable: AccountId,
    pub nsitf_payable: AccountId,
    pub itf_payable: AccountId,
    /// Credit: net pay, and the other deductions held for their payees.
    pub net_salaries_payable: AccountId,
}

/// The workspace's payroll settings were set (the whole settings as they now stand).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayrollSettingsChanged {
    pub workspace_id: WorkspaceId,
    pub accounts: PayrollAccounts,
    /// The employer pays the ITF levy (1% of gross).
    pub itf_applies: bool,
    pub changed_by: UserId,
}

/// A pay run was drafted for `period`: no other run for it until this one is reversed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayPeriodClaimed {
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub pay_run_id: PayRunId,
}

/// The run holding `period` was reversed: the period is free for a new run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayPeriodReleased {
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub pay_run_id: PayRunId,
}

payroll_events!(PayrollEvent {
    PayrollSettingsChanged,
    PayPeriodClaimed,
    PayPeriodReleased
});
payroll_contract!("payroll", PayrollEvent);
