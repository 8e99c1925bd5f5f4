//! The rules a PayRun command can break.

use event_schemas::EmployeeId;

use super::aggregate::PayRunStatus;
use crate::calendar::Month;
use crate::payroll::PayrollError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayRunError {
    #[error("the pay run exists already")]
    AlreadyDrafted,

    #[error("no such pay run")]
    NotFound,

    #[error("nobody is employed in {period}: add employees first")]
    NoEmployees { period: Month },

    #[error("{0}")]
    Pay(PayrollError),

    #[error("{name}: {error}")]
    Employee {
        employee_id: EmployeeId,
        name: String,
        error: PayrollError,
    },

    #[error("only a draft can be approved; this run is {status}")]
    NotDraft { status: PayRunStatus },

    #[error("only an approved run can be posted; this run is {status}")]
    NotApproved { status: PayRunStatus },

    #[error("the pay run is reversed already")]
    AlreadyReversed,
}

impl PayRunError {
    /// The request field at fault, or `None` (the run's state, or an employee's record).
    pub fn field(&self) -> Option<String> {
        match self {
            Self::NoEmployees { .. } => Some("period".into()),
            Self::Pay(error) => error.field(),
            _ => None,
        }
    }
}
