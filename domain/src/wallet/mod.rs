//! Wallets (spec "a wallet with cards and transactions"): an organization's balance in
//! one currency, topped up through a provider's verified payment or a saved card, spent
//! on its plan or by an Admin's recorded debit, never below zero.
//!
//! - [`aggregate`] — [`Wallet`]: one wallet's state and its pure decisions.
//! - [`commands`] — [`WalletCommand`]; [`errors`] — [`WalletError`].
//! - [`rules`] — the wallet's id, names and amounts as they are kept.
//! - events — in `event_schemas::wallet`.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod rules;

#[cfg(test)]
mod tests;

pub use aggregate::{Credit, CreditStatus, SavedCard, Wallet, WalletStatus};
pub use commands::{
    CardDetails, ChangeWallet, CreditVerification, Debit, OpenWallet, RemoveCard, RequestCredit,
    SettleCredit, WalletCommand,
};
pub use errors::WalletError;
pub use rules::{check_wallet_amount, wallet_id_of, wallet_name};
