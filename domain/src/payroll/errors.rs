//! What a payroll computation refuses. Every variant is a fact about the input and names
//! its field ([`PayrollError::field`]) with the index of the allowance, deduction or
//! employee at fault (`employees[3].other_allowances[1].amount`), so a route answers 400
//! with the field a form highlights.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::calendar::Month;
use crate::money::AmountProblem;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PayrollError {
    #[error("{field} {problem}")]
    Amount {
        field: String,
        problem: AmountProblem,
    },

    #[error("{field} needs a name")]
    NameMissing { field: String },

    #[error("{field} is longer than {max} characters")]
    NameTooLong { field: String, max: usize },

    #[error("at most {max} other allowances; {count} given")]
    TooManyAllowances { count: usize, max: usize },

    #[error("at most {max} other deductions; {count} given")]
    TooManyDeductions { count: usize, max: usize },

    #[error("no payroll rules before {earliest}; the pay date is {pay_date}")]
    PayDateBeforeRules {
        pay_date: NaiveDate,
        earliest: NaiveDate,
    },

    #[error("the end date {end_date} is before the start date {start_date}")]
    EndBeforeStart {
        start_date: NaiveDate,
        end_date: NaiveDate,
    },

    #[error("the employee is not employed in {period}")]
    NotEmployedInPeriod { period: Month },

    #[error("other deductions of {other_deductions} exceed the {available} left after tax and contributions")]
    DeductionsExceedPay {
        other_deductions: Decimal,
        available: Decimal,
    },

    #[error("a pay run holds at most {max} employees; {count} given")]
    TooManyEmployees { count: usize, max: usize },

    #[error("employees[{index}]: {error}")]
    Employee {
        index: usize,
        error: Box<PayrollError>,
    },
}

impl PayrollError {
    /// The field at fault, as a path into the request (`None`: the request as a whole).
    pub fn field(&self) -> Option<String> {
        match self {
            Self::Amount { field, .. }
            | Self::NameMissing { field }
            | Self::NameTooLong { field, .. } => Some(field.clone()),
            Self::TooManyAllowances { .. } => Some("other_allowances".into()),
            Self::TooManyDeductions { .. } | Self::DeductionsExceedPay { .. } => {
                Some("other_deductions".into())
            }
            Self::PayDateBeforeRules { .. } => Some("pay_date".into()),
            Self::EndBeforeStart { .. } => Some("end_date".into()),
            Self::NotEmployedInPeriod { .. } => Some("period".into()),
            Self::TooManyEmployees { .. } => Some("employees".into()),
            // An employee outside the period is the employee's fault in a run (the run
            // chose the period once for all), not the period's.
            Self::Employee { index, error } => Some(match error.as_ref() {
                Self::NotEmployedInPeriod { .. } => format!("employees[{index}]"),
                other => match other.field() {
                    Some(field) => format!("employees[{index}].{field}"),
                    None => format!("employees[{index}]"),
                },
            }),
        }
    }

    /// The error for an amount that broke one of the money bounds.
    pub(super) fn amount(field: impl Into<String>, problem: AmountProblem) -> Self {
        Self::Amount {
            field: field.into(),
            problem,
        }
    }
}
