//! The one error type of the crate: every way a session's input can be unusable, as
//! business facts a caller can map to a field (`period_end`, `params.outliers.z_max`).

use chrono::NaiveDate;
use event_schemas::{AccountId, JournalEntryId};
use rust_decimal::Decimal;
use thiserror::Error;

/// Why a population, a session context or a parameter set cannot be audited.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum AuditError {
    #[error("the period ends on {end}, before it starts on {start}")]
    PeriodEndsBeforeStart { start: NaiveDate, end: NaiveDate },

    #[error("materiality {materiality} must be above zero and at least the performance materiality {performance_materiality}")]
    MaterialityInconsistent {
        materiality: Decimal,
        performance_materiality: Decimal,
    },

    #[error("an approval threshold of {threshold} is not above zero")]
    ApprovalThresholdNotPositive { threshold: Decimal },

    #[error("a UTC offset of {seconds} s is not within ±24 hours")]
    UtcOffsetOutOfRange { seconds: i32 },

    #[error("business hours must start before they end")]
    BusinessHoursEmpty,

    #[error("entry {entry_id} appears twice in the population")]
    DuplicateEntryId { entry_id: JournalEntryId },

    #[error("entry {entry_id} has a negative amount on line {line_index}")]
    NegativeAmount {
        entry_id: JournalEntryId,
        line_index: usize,
    },

    #[error("entry {entry_id} posts to account {account_id}, which is not in the chart")]
    UnknownAccount {
        entry_id: JournalEntryId,
        account_id: AccountId,
    },

    #[error("entry {entry_id} has {lines} lines, more than the {lines_max} an entry may have")]
    TooManyLines {
        entry_id: JournalEntryId,
        lines: usize,
        lines_max: usize,
    },

    #[error("parameter {parameter} = {value} is out of range: {expected}")]
    ParameterOutOfRange {
        /// The parameter's path in [`crate::AuditParams`], e.g. `outliers.z_max`.
        parameter: &'static str,
        value: String,
        expected: &'static str,
    },
}

/// Checks one parameter; `expected` says the allowed range in words for the message.
pub(crate) fn ensure_param(
    holds: bool,
    parameter: &'static str,
    value: impl ToString,
    expected: &'static str,
) -> Result<(), AuditError> {
    if holds {
        Ok(())
    } else {
        Err(AuditError::ParameterOutOfRange {
            parameter,
            value: value.to_string(),
            expected,
        })
    }
}
