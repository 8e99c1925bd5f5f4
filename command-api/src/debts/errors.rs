//! Debts' business errors as the HTTP contract answers them: input problems as field
//! errors, a missing debt as 404, a debt in the wrong state (terms locked, repaid in
//! full) as 409; and a posting's refusal, by the debt or by its journal entry.

use api_core::ApiError;
use domain::debt::DebtCommandError;
use domain::journal_entry::JournalEntryError;

use crate::runner::{sentence, IntoApiError};

impl IntoApiError for DebtCommandError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            DebtCommandError::NotFound => ApiError::NotFound(sentence(&self)),
            other => ApiError::Conflict(sentence(&other)),
        }
    }
}

/// Why a debt's posting was refused: the debt, or its entry.
pub(crate) enum Refusal {
    Debt(DebtCommandError),
    Entry(JournalEntryError),
}

impl IntoApiError for Refusal {
    fn into_api_error(self) -> ApiError {
        match self {
            Self::Debt(err) => err.into_api_error(),
            Self::Entry(err) => err.into_api_error(),
        }
    }
}
