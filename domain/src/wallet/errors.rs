//! Why a wallet command was refused.

use super::rules::{DESCRIPTION_CHARS_MAX, NAME_CHARS_MAX};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WalletError {
    #[error("No such wallet.")]
    NotFound,
    #[error("The organization already has its {0} wallet.")]
    AlreadyOpen(String),
    #[error("Give the wallet a name of 1 to {NAME_CHARS_MAX} characters.")]
    InvalidName,
    #[error("Give a description of 1 to {DESCRIPTION_CHARS_MAX} characters.")]
    InvalidDescription,
    #[error("Enter an amount greater than zero with at most two decimals.")]
    InvalidAmount,
    #[error("The wallet holds only {balance} {currency}.")]
    InsufficientFunds { balance: String, currency: String },
    #[error("This wallet is in {0}.")]
    WrongCurrency(String),
    #[error("This wallet is frozen: no money moves in or out of it.")]
    Frozen,
    #[error("No such card on this wallet.")]
    NoSuchCard,
    #[error("No such top-up on this wallet.")]
    NoSuchCredit,
    #[error("This payment reference is already used.")]
    ReferenceUsed,
}

impl WalletError {
    /// The request field the error is about, for a field error.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::InvalidName => Some("name"),
            Self::InvalidDescription => Some("description"),
            Self::InvalidAmount | Self::InsufficientFunds { .. } => Some("amount"),
            Self::WrongCurrency(_) => Some("currency"),
            _ => None,
        }
    }
}
