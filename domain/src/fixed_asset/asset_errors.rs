//! The rules a FixedAsset command can break. Each input problem names its field
//! ([`AssetError::field`]); the rest are facts about the asset's state.

use chrono::NaiveDate;
use event_schemas::account_tree::AccountType;

use super::errors::FixedAssetError;
use crate::calendar::Month;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AssetError {
    #[error("{0}")]
    Terms(FixedAssetError),

    #[error("{field} is required")]
    Required { field: &'static str },

    #[error("{field} is at most {max} characters")]
    TooLong { field: &'static str, max: usize },

    #[error("a declining balance needs an annual rate")]
    AnnualRateRequired,

    #[error("{field}: no such account in this workspace")]
    AccountNotFound { field: &'static str },

    #[error("{field} must be an {} account", expected.as_str())]
    WrongAccountType {
        field: &'static str,
        expected: AccountType,
    },

    #[error("{field} must be an active last-level account")]
    AccountNotPostable { field: &'static str },

    #[error("the asset is registered already")]
    AlreadyRegistered,

    #[error("no such fixed asset")]
    NotFound,

    #[error("the asset was disposed of on {date}")]
    Disposed { date: NaiveDate },

    #[error("depreciation is posted for this asset: its cost fields no longer change")]
    CostFieldsLocked,

    #[error("the asset is charged for {period} already")]
    AlreadyCharged { period: Month },

    #[error("the asset has no charge for {period} to reverse")]
    NotCharged { period: Month },

    #[error(
        "depreciation is posted through {period}: dispose of the asset in that month or later"
    )]
    DisposalBeforeLastCharge { period: Month },
}

impl AssetError {
    /// The request field at fault, or `None` (the asset's state).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::Terms(error) => Some(error.field()),
            Self::Required { field }
            | Self::TooLong { field, .. }
            | Self::AccountNotFound { field }
            | Self::WrongAccountType { field, .. }
            | Self::AccountNotPostable { field } => Some(field),
            Self::AnnualRateRequired => Some("annual_rate"),
            Self::DisposalBeforeLastCharge { .. } => Some("date"),
            _ => None,
        }
    }
}

impl From<FixedAssetError> for AssetError {
    fn from(error: FixedAssetError) -> Self {
        Self::Terms(error)
    }
}
