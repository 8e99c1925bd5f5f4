//! The rules a Payroll command can break.

use event_schemas::account_tree::AccountType;
use event_schemas::PayRunId;

use crate::calendar::Month;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayrollSettingsError {
    #[error("{field}: no such account in this workspace's chart")]
    AccountNotFound { field: &'static str },

    #[error("{field}: choose an active account with no sub-accounts")]
    AccountNotPostable { field: &'static str },

    #[error("{field}: choose an account of type {expected:?}")]
    WrongAccountType {
        field: &'static str,
        expected: AccountType,
    },

    #[error("a pay run for {period} exists already; reverse it before running the period again")]
    PeriodTaken { period: Month, pay_run_id: PayRunId },
}

impl PayrollSettingsError {
    /// The request field at fault, or `None` (a conflict).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::AccountNotFound { field }
            | Self::AccountNotPostable { field }
            | Self::WrongAccountType { field, .. } => Some(field),
            Self::PeriodTaken { .. } => None,
        }
    }
}
