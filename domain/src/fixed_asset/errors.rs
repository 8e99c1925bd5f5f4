//! What a depreciation computation refuses. Each variant names the field at fault
//! ([`FixedAssetError::field`]) so a route answers 400 with the field a form highlights.

use chrono::NaiveDate;

use crate::calendar::Month;
use crate::money::AmountProblem;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FixedAssetError {
    #[error("{field} {problem}")]
    Amount {
        field: &'static str,
        problem: AmountProblem,
    },

    #[error("the cost must be above zero")]
    CostNotPositive,

    #[error("the residual value is above the cost")]
    ResidualAboveCost,

    #[error("the useful life must be at least one month")]
    UsefulLifeZero,

    #[error("the useful life is at most {max} months")]
    UsefulLifeTooLong { max: u32 },

    #[error("the annual rate must be above 0 and at most 100 percent, with at most two decimals")]
    AnnualRateOutOfRange,

    #[error("the schedule would run to {last_period}, past the last year the books hold")]
    ScheduleTooLate { last_period: Month },

    #[error(
        "the disposal date {date} is before the asset was available for use ({available_for_use})"
    )]
    DisposalBeforeAvailable {
        date: NaiveDate,
        available_for_use: NaiveDate,
    },
}

impl FixedAssetError {
    /// The request field at fault.
    pub fn field(&self) -> &'static str {
        match self {
            Self::Amount { field, .. } => field,
            Self::CostNotPositive => "cost",
            Self::ResidualAboveCost => "residual_value",
            Self::UsefulLifeZero
            | Self::UsefulLifeTooLong { .. }
            | Self::ScheduleTooLate { .. } => "useful_life_months",
            Self::AnnualRateOutOfRange => "annual_rate",
            Self::DisposalBeforeAvailable { .. } => "date",
        }
    }

    pub(super) fn amount(field: &'static str, problem: AmountProblem) -> Self {
        Self::Amount { field, problem }
    }
}
