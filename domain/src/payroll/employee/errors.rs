//! The rules an Employee command can break, each naming the request field at fault.

use chrono::NaiveDate;

use crate::payroll::PayrollError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmployeeError {
    #[error("{field} is required")]
    Required { field: &'static str },

    #[error("{field} is longer than {max} characters")]
    TooLong { field: &'static str, max: usize },

    #[error("enter an e-mail address like name@example.com")]
    EmailInvalid,

    #[error("{field}: {problem}")]
    DateOutOfRange {
        field: &'static str,
        problem: String,
    },

    #[error("{0}")]
    Pay(PayrollError),

    #[error("the end date {end_date} is before the start date {start_date}")]
    EndBeforeStart {
        start_date: NaiveDate,
        end_date: NaiveDate,
    },

    #[error("the employee left on {end_date}")]
    AlreadyTerminated { end_date: NaiveDate },

    #[error("the employee is on the payroll already")]
    AlreadyHired,

    #[error("no such employee")]
    NotFound,
}

impl EmployeeError {
    /// The request field at fault, or `None` (a conflict or a missing employee).
    pub fn field(&self) -> Option<String> {
        match self {
            Self::Required { field }
            | Self::TooLong { field, .. }
            | Self::DateOutOfRange { field, .. } => Some((*field).to_owned()),
            Self::EmailInvalid => Some("email".into()),
            Self::Pay(error) => error.field(),
            Self::EndBeforeStart { .. } => Some("end_date".into()),
            Self::AlreadyTerminated { .. } | Self::AlreadyHired | Self::NotFound => None,
        }
    }
}
