//! The Wallet aggregate's events: one stream per organization and currency (the id is a
//! [`WalletId`] derived from both). The balance is only ever what these events add up
//! to: a credit is recorded once the provider's transaction was verified with the
//! provider (never from a redirect's say-so), once per provider transaction; a debit is
//! recorded only when the balance covers it.
//!
//! A saved card is the provider's reusable token with what identifies the card to a
//! person (brand, first six and last four digits, expiry, bank) and the provider's
//! fingerprint; never the card number or its security code.

use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{CardId, OrganizationId, UserId, WalletId, WalletTransactionId};

/// The `aggregate_type` of wallets.
pub const AGGREGATE_TYPE: &str = "Wallet";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum WalletEvent {
    WalletOpened(WalletOpened),
    WalletRenamed(WalletRenamed),
    WalletStatusChanged(WalletStatusChanged),
    WalletCreditRequested(WalletCreditRequested),
    WalletCredited(WalletCredited),
    WalletCreditFailed(WalletCreditFailed),
    WalletDebited(WalletDebited),
    CardSaved(CardSaved),
    CardRemoved(CardRemoved),
}

/// An organization opened its wallet in `currency`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WalletOpened {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub name: String,
    /// ISO 4217: `NGN` or `USD`.
    pub currency: String,
    pub opened_by: UserId,
}

impl EventPayload for WalletOpened {
    const EVENT_TYPE: &'static str = "WalletOpened";
    const EVENT_VERSION: &'static str = "1.0";
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WalletRenamed {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub name: String,
    pub renamed_by: UserId,
}

impl EventPayload for WalletRenamed {
    const EVENT_TYPE: &'static str = "WalletRenamed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The wallet was frozen (no money moves) or made active again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WalletStatusChanged {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    /// `active` or `frozen`.
    pub status: String,
    pub changed_by: UserId,
}

impl EventPayload for WalletStatusChanged {
    const EVENT_TYPE: &'static str = "WalletStatusChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A top-up was started with a provider: a checkout for `amount`, or a charge of the
/// saved card `card_id`. Nothing is credited yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WalletCreditRequested {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub transaction_id: WalletTransactionId,
    /// Our reference, sent to the provider and checked in its answer.
    pub tx_ref: String,
    /// `sandbox`, `flutterwave` or `paystack`.
    pub provider: String,
    #[schemars(with = "String")]
    pub amount: Decimal,
    pub currency: String,
    pub card_id: Option<CardId>,
    pub requested_by: UserId,
}

impl EventPayload for WalletCreditRequested {
    const EVENT_TYPE: &'static str = "WalletCreditRequested";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The provider confirmed the top-up when we asked it (or in its signed webhook): the
/// balance grows by `amount`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WalletCredited {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub transaction_id: WalletTransactionId,
    pub tx_ref: String,
    pub provider: String,
    /// The provider's own id of the transaction: credited once per id.
    pub provider_transaction_id: String,
    #[schemars(with = "String")]
    pub amount: Decimal,
    pub currency: String,
    #[schemars(with = "String")]
    pub balance_after: Decimal,
    /// None when the provider's webhook settled it.
    pub credited_by: Option<UserId>,
}

impl EventPayload for WalletCredited {
    const EVENT_TYPE: &'static str = "WalletCredited";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The provider reports the top-up failed, or answered something we do not accept.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WalletCreditFailed {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub transaction_id: WalletTransactionId,
    pub tx_ref: String,
    /// The provider's status (`failed`, `cancelled`).
    pub status: String,
    pub reason: String,
}

impl EventPayload for WalletCreditFailed {
    const EVENT_TYPE: &'static str = "WalletCreditFailed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// Money spent from the balance (a plan paid from the wallet, an Admin's debit).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WalletDebited {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub transaction_id: WalletTransactionId,
    #[schemars(with = "String")]
    pub amount: Decimal,
    pub currency: String,
    pub description: String,
    /// What the money paid for: the subscription payment's `tx_ref`, when it paid one.
    pub reference: Option<String>,
    #[schemars(with = "String")]
    pub balance_after: Decimal,
    pub debited_by: UserId,
}

impl EventPayload for WalletDebited {
    const EVENT_TYPE: &'static str = "WalletDebited";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A card paid a verified top-up and the provider gave a reusable token for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardSaved {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub card_id: CardId,
    pub provider: String,
    /// The provider's reusable authorization (useless without our secret key).
    pub token: String,
    /// `visa`, `mastercard`, `verve` …
    pub brand: String,
    pub first6: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    pub bank: String,
    /// The provider's fingerprint of the card: the same card saved twice has the same.
    pub fingerprint: String,
    pub saved_by: Option<UserId>,
}

impl EventPayload for CardSaved {
    const EVENT_TYPE: &'static str = "CardSaved";
    const EVENT_VERSION: &'static str = "1.0";
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CardRemoved {
    pub wallet_id: WalletId,
    pub organization_id: OrganizationId,
    pub card_id: CardId,
    pub removed_by: UserId,
}

impl EventPayload for CardRemoved {
    const EVENT_TYPE: &'static str = "CardRemoved";
    const EVENT_VERSION: &'static str = "1.0";
}

impl WalletEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::WalletOpened(e) => of(e),
            Self::WalletRenamed(e) => of(e),
            Self::WalletStatusChanged(e) => of(e),
            Self::WalletCreditRequested(e) => of(e),
            Self::WalletCredited(e) => of(e),
            Self::WalletCreditFailed(e) => of(e),
            Self::WalletDebited(e) => of(e),
            Self::CardSaved(e) => of(e),
            Self::CardRemoved(e) => of(e),
        }
    }

    pub fn wallet_id(&self) -> WalletId {
        match self {
            Self::WalletOpened(e) => e.wallet_id,
            Self::WalletRenamed(e) => e.wallet_id,
            Self::WalletStatusChanged(e) => e.wallet_id,
            Self::WalletCreditRequested(e) => e.wallet_id,
            Self::WalletCredited(e) => e.wallet_id,
            Self::WalletCreditFailed(e) => e.wallet_id,
            Self::WalletDebited(e) => e.wallet_id,
            Self::CardSaved(e) => e.wallet_id,
            Self::CardRemoved(e) => e.wallet_id,
        }
    }
}

impl DomainEvent for WalletEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Wallet event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<WalletOpened>(),
        EventVersion::current::<WalletRenamed>(),
        EventVersion::current::<WalletStatusChanged>(),
        EventVersion::current::<WalletCreditRequested>(),
        EventVersion::current::<WalletCredited>(),
        EventVersion::current::<WalletCreditFailed>(),
        EventVersion::current::<WalletDebited>(),
        EventVersion::current::<CardSaved>(),
        EventVersion::current::<CardRemoved>(),
    ]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "wallet",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<WalletEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<WalletEvent>()
        },
    }
}
