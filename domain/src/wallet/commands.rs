//! What can be asked of a wallet.

use event_schemas::{CardId, OrganizationId, UserId, WalletId, WalletTransactionId};
use rust_decimal::Decimal;

use super::aggregate::WalletStatus;
use crate::billing::Currency;

#[derive(Debug, Clone, PartialEq)]
pub enum WalletCommand {
    Open(OpenWallet),
    Change(ChangeWallet),
    RequestCredit(RequestCredit),
    SettleCredit(SettleCredit),
    Debit(Debit),
    RemoveCard(RemoveCard),
}

/// Opens the organization's wallet in `currency` (its id is [`super::wallet_id_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenWallet {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub name: String,
    pub currency: Currency,
    pub by: UserId,
}

/// Renames the wallet and/or freezes or unfreezes it; `None` leaves that part as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeWallet {
    pub name: Option<String>,
    pub status: Option<WalletStatus>,
    pub by: UserId,
}

/// Starts a top-up of `amount` with `provider` under our reference `tx_ref` (a checkout,
/// or a charge of the saved card `card_id`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestCredit {
    pub transaction_id: WalletTransactionId,
    pub tx_ref: String,
    pub provider: String,
    pub amount: Decimal,
    pub card_id: Option<CardId>,
    pub by: UserId,
}

/// What the provider answered when asked about `tx_ref` (or said in a signed webhook).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettleCredit {
    pub tx_ref: String,
    pub verification: CreditVerification,
    /// None when a webhook settles it.
    pub by: Option<UserId>,
}

/// A provider's verified answer about one transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreditVerification {
    /// The provider says it was paid: what, in which currency, under which id of its
    /// own, and with which card (saved as `card_id` unless already saved).
    Successful {
        provider_transaction_id: String,
        amount: Decimal,
        currency: String,
        card: Option<CardDetails>,
        card_id: CardId,
    },
    Failed {
        status: String,
        reason: String,
    },
    /// The customer has not finished at the provider yet.
    Pending,
}

/// A card as the provider describes it after a payment: never its number or code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDetails {
    pub token: String,
    pub brand: String,
    pub first6: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    pub bank: String,
    pub fingerprint: String,
}

/// Spends `amount` from the balance; `reference` names what it paid (a subscription
/// payment's `tx_ref`). A transaction id already debited changes nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Debit {
    pub transaction_id: WalletTransactionId,
    pub amount: Decimal,
    pub description: String,
    pub reference: Option<String>,
    pub by: UserId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoveCard {
    pub card_id: CardId,
    pub by: UserId,
}

macro_rules! into_command {
    ($($variant:ident => $command:ident),* $(,)?) => {$(
        impl From<$command> for WalletCommand {
            fn from(command: $command) -> Self {
                Self::$variant(command)
            }
        }
    )*};
}

into_command!(
    Open => OpenWallet,
    Change => ChangeWallet,
    RequestCredit => RequestCredit,
    SettleCredit => SettleCredit,
    Debit => Debit,
    RemoveCard => RemoveCard,
);
