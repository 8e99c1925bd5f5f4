//! The Billing aggregate: one organization's payments and subscriptions (the stream id is
//! the organization id), deciding through the rules of [`super::Billing`]'s methods.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::subscription::{SubscriptionEvent, AGGREGATE_TYPE};
use event_schemas::{OrganizationId, UserId};
use uuid::Uuid;

use super::{Billing, BillingError, Currency, VerifiedPayment};
use crate::permissions::Plan;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BillingCommand {
    Initiate(Initiate),
    Settle(Settle),
    SubscribeFree(SubscribeFree),
    Cancel(Cancel),
    PayNow(PayNow),
}

/// A checkout started with `provider` for `plan`, priced at `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Initiate {
    pub organization_id: OrganizationId,
    pub tx_ref: String,
    pub provider: String,
    pub plan: Plan,
    pub currency: Currency,
    pub at: i64,
    pub by: UserId,
}

/// A pending payment settled with what the provider reported; a success starts the
/// subscription `subscription_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settle {
    pub organization_id: OrganizationId,
    pub tx_ref: String,
    pub verified: VerifiedPayment,
    pub subscription_id: Uuid,
    pub at: i64,
    pub by: UserId,
}

/// A plan paid at once from funds the organization already holds (its wallet, under
/// `provider` `wallet`): the payment and its confirmed settlement in one decision,
/// through the same rules as a provider's checkout ([`Billing::initiate`], then
/// [`Billing::settle`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayNow {
    pub organization_id: OrganizationId,
    pub tx_ref: String,
    pub provider: String,
    pub plan: Plan,
    pub currency: Currency,
    /// The funds' own id of the payment (the wallet transaction).
    pub provider_transaction_id: String,
    pub subscription_id: Uuid,
    pub at: i64,
    pub by: UserId,
}

/// A free plan started now as `subscription_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscribeFree {
    pub organization_id: OrganizationId,
    pub plan: Plan,
    pub subscription_id: Uuid,
    pub at: i64,
    pub by: UserId,
}

/// The subscription in force ended at `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cancel {
    pub organization_id: OrganizationId,
    pub subscription_id: Uuid,
    pub at: i64,
    pub by: UserId,
}

macro_rules! into_command {
    ($($variant:ident),* $(,)?) => {$(
        impl From<$variant> for BillingCommand {
            fn from(command: $variant) -> Self {
                Self::$variant(command)
            }
        }
    )*};
}

into_command!(Initiate, Settle, SubscribeFree, Cancel, PayNow);

impl Billing {
    pub fn decide(&self, command: BillingCommand) -> Result<Vec<SubscriptionEvent>, BillingError> {
        match command {
            BillingCommand::Initiate(c) => self
                .initiate(
                    c.organization_id,
                    c.tx_ref,
                    &c.provider,
                    c.plan,
                    c.currency,
                    c.at,
                    c.by,
                )
                .map(|(_, event)| vec![event]),
            BillingCommand::Settle(c) => self.settle(
                c.organization_id,
                &c.tx_ref,
                c.verified,
                c.subscription_id,
                c.at,
                c.by,
            ),
            BillingCommand::SubscribeFree(c) => self
                .subscribe_free(c.organization_id, c.plan, c.subscription_id, c.at, c.by)
                .map(|event| vec![event]),
            BillingCommand::Cancel(c) => self
                .cancel(c.organization_id, c.subscription_id, c.at, c.by)
                .map(|event| vec![event]),
            BillingCommand::PayNow(c) => {
                let (_, initiated) = self.initiate(
                    c.organization_id,
                    c.tx_ref.clone(),
                    &c.provider,
                    c.plan,
                    c.currency,
                    c.at,
                    c.by,
                )?;
                let mut after = self.clone();
                after.apply(&initiated);
                let verified = VerifiedPayment::Successful {
                    provider_transaction_id: c.provider_transaction_id,
                };
                let settled = after.settle(
                    c.organization_id,
                    &c.tx_ref,
                    verified,
                    c.subscription_id,
                    c.at,
                    c.by,
                )?;
                Ok(std::iter::once(initiated).chain(settled).collect())
            }
        }
    }
}

impl crate::decider::Decider for Billing {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Billing::decide(self, command)
    }
}

impl Aggregate for Billing {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = BillingCommand;
    type Event = SubscriptionEvent;
    type Error = BillingError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        Billing::apply(self, &event);
    }
}
