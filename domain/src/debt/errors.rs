//! What a debt computation refuses. Each variant names the field at fault
//! ([`DebtError::field`]) so a route answers 400 with the field a form highlights.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use crate::money::AmountProblem;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DebtError {
    #[error("{field} {problem}")]
    Amount {
        field: &'static str,
        problem: AmountProblem,
    },

    #[error("the principal must be above zero")]
    PrincipalNotPositive,

    #[error("the annual interest rate must be from 0 to {max} percent, with at most {decimals} decimals")]
    InterestRateOutOfRange { max: Decimal, decimals: u32 },

    #[error("the term must be at least one month")]
    TermZero,

    #[error("the term is at most {max} months")]
    TermTooLong { max: u32 },

    #[error("the first due date must be after the start date")]
    FirstDueNotAfterStart,

    #[error("the first due date must be on or before {latest}, a year after the start")]
    FirstDueTooLate { latest: NaiveDate },

    #[error(
        "the last instalment would fall on {last_due_date}, past the last year the books hold"
    )]
    ScheduleTooLate { last_due_date: NaiveDate },

    #[error("a repayment must be above zero")]
    RepaymentNotPositive,

    #[error("a repayment cannot be dated before the debt starts ({start_date})")]
    RepaymentBeforeStart { start_date: NaiveDate },

    #[error("a repayment cannot be dated before the last one recorded ({last})")]
    RepaymentBeforeLast { last: NaiveDate },

    #[error(
        "the repayment of {amount} is more than the {payoff} that settles the debt on its date"
    )]
    RepaymentExceedsBalance { amount: Decimal, payoff: Decimal },

    #[error("a debt holds at most {max} repayments")]
    TooManyRepayments { max: usize },

    #[error("repayments[{index}]: {error}")]
    Recorded { index: usize, error: Box<DebtError> },
}

impl DebtError {
    /// The request field at fault, as a path (`repayments[2].amount` for a recorded one).
    pub fn field(&self) -> String {
        match self {
            Self::Amount { field, .. } => (*field).into(),
            Self::PrincipalNotPositive => "principal".into(),
            Self::InterestRateOutOfRange { .. } => "annual_interest_rate".into(),
            Self::TermZero | Self::TermTooLong { .. } | Self::ScheduleTooLate { .. } => {
                "term_months".into()
            }
            Self::FirstDueNotAfterStart | Self::FirstDueTooLate { .. } => "first_due_date".into(),
            Self::RepaymentNotPositive | Self::RepaymentExceedsBalance { .. } => "amount".into(),
            Self::RepaymentBeforeStart { .. } | Self::RepaymentBeforeLast { .. } => "date".into(),
            Self::TooManyRepayments { .. } => "repayments".into(),
            Self::Recorded { index, error } => format!("repayments[{index}].{}", error.field()),
        }
    }

    pub(super) fn amount(field: &'static str, problem: AmountProblem) -> Self {
        Self::Amount { field, problem }
    }
}
