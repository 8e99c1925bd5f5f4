//! The Subscription aggregate's events: an organization's billing, one stream per
//! organization (the id is the organization id). Payments and the subscriptions they buy
//! share the stream, so "this payment succeeded, so this plan starts" is one append and
//! a payment is never processed twice (the second command meets the first's sequence).
//! Card data never reaches the log: only the provider's transaction reference.

use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{OrganizationId, UserId};

/// The `aggregate_type` of organizations' billing streams.
pub const AGGREGATE_TYPE: &str = "Subscription";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SubscriptionEvent {
    PaymentInitiated(PaymentInitiated),
    PaymentSucceeded(PaymentSucceeded),
    PaymentFailed(PaymentFailed),
    SubscriptionStarted(SubscriptionStarted),
    SubscriptionCancelled(SubscriptionCancelled),
}

/// A member asked a payment provider for a checkout link to buy `plan`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentInitiated {
    pub organization_id: OrganizationId,
    /// Our reference, sent to the provider and returned with the customer.
    pub tx_ref: String,
    /// The provider's path name (`flutterwave`, `paystack`).
    pub provider: String,
    /// The plan's id (`basic`, `professional`, `enterprise`).
    pub plan: String,
    /// What the customer is asked to pay: the plan's price less `credit`.
    #[schemars(with = "String")]
    pub amount: Decimal,
    /// ISO 4217 code of `amount`.
    pub currency: String,
    /// The unused part of the current paid subscription, taken off the price.
    #[schemars(with = "String")]
    pub credit: Decimal,
    pub initiated_by: UserId,
}

impl EventPayload for PaymentInitiated {
    const EVENT_TYPE: &'static str = "PaymentInitiated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The provider confirmed the payment (verified by us with the provider, never taken
/// from the customer's redirect alone).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentSucceeded {
    pub organization_id: OrganizationId,
    pub tx_ref: String,
    /// The provider's own id of the transaction.
    pub provider_transaction_id: String,
}

impl EventPayload for PaymentSucceeded {
    const EVENT_TYPE: &'static str = "PaymentSucceeded";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The provider reports the payment failed or was abandoned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PaymentFailed {
    pub organization_id: OrganizationId,
    pub tx_ref: String,
    /// The provider's status (`failed`, `cancelled`).
    pub status: String,
    pub reason: String,
}

impl EventPayload for PaymentFailed {
    const EVENT_TYPE: &'static str = "PaymentFailed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A plan applies to the organization from `starts_at` (microseconds since the Unix
/// epoch) until `ends_at` (none: until replaced or cancelled, as for a free plan). A new
/// subscription replaces the one before it from its start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SubscriptionStarted {
    pub organization_id: OrganizationId,
    pub subscription_id: Uuid,
    pub plan: String,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    /// The payment that bought it; none for a free plan.
    pub tx_ref: Option<String>,
    pub started_by: UserId,
}

impl EventPayload for SubscriptionStarted {
    const EVENT_TYPE: &'static str = "SubscriptionStarted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The subscription was cancelled: it ends at `ended_at` and the organization falls
/// back to the default plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SubscriptionCancelled {
    pub organization_id: OrganizationId,
    pub subscription_id: Uuid,
    pub ended_at: i64,
    pub cancelled_by: UserId,
}

impl EventPayload for SubscriptionCancelled {
    const EVENT_TYPE: &'static str = "SubscriptionCancelled";
    const EVENT_VERSION: &'static str = "1.0";
}

impl SubscriptionEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::PaymentInitiated(e) => of(e),
            Self::PaymentSucceeded(e) => of(e),
            Self::PaymentFailed(e) => of(e),
            Self::SubscriptionStarted(e) => of(e),
            Self::SubscriptionCancelled(e) => of(e),
        }
    }
}

impl DomainEvent for SubscriptionEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Subscription event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<PaymentInitiated>(),
        EventVersion::current::<PaymentSucceeded>(),
        EventVersion::current::<PaymentFailed>(),
        EventVersion::current::<SubscriptionStarted>(),
        EventVersion::current::<SubscriptionCancelled>(),
    ]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "subscription",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<SubscriptionEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<SubscriptionEvent>()
        },
    }
}
