//! The rules a Debt command can break. Each input problem names its field
//! ([`DebtCommandError::field`]); the rest are facts about the debt's state.

use event_schemas::account_tree::AccountType;

use super::errors::DebtError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DebtCommandError {
    #[error("{0}")]
    Terms(DebtError),

    #[error("{field} is required")]
    Required { field: &'static str },

    #[error("{field} is at most {max} characters")]
    TooLong { field: &'static str, max: usize },

    #[error("{field}: no such account in this workspace")]
    AccountNotFound { field: &'static str },

    #[error("{field} must be an account of type {}", expected.as_str())]
    WrongAccountType {
        field: &'static str,
        expected: AccountType,
    },

    #[error("{field} must be an active last-level account")]
    AccountNotPostable { field: &'static str },

    #[error("the debt is recorded already")]
    AlreadyCreated,

    #[error("no such debt")]
    NotFound,

    #[error(
        "the debt's drawdown or repayments are posted: its direction, terms and principal and interest accounts no longer change"
    )]
    TermsLocked,

    #[error("the debt is repaid in full")]
    Settled,
}

impl DebtCommandError {
    /// The request field at fault, or `None` (the debt's state).
    pub fn field(&self) -> Option<String> {
        match self {
            Self::Terms(error) => Some(error.field()),
            Self::Required { field }
            | Self::TooLong { field, .. }
            | Self::AccountNotFound { field }
            | Self::WrongAccountType { field, .. }
            | Self::AccountNotPostable { field } => Some((*field).to_owned()),
            _ => None,
        }
    }
}

impl From<DebtError> for DebtCommandError {
    fn from(error: DebtError) -> Self {
        Self::Terms(error)
    }
}
