//! Billing rules: what each plan costs, what a member is asked to pay to move to a plan,
//! and how a verified payment turns into a subscription.
//!
//! One stream per organization holds its payments and subscriptions; the state is folded
//! from it and commands decide events. Prices are monthly. Moving to another paid plan
//! starts it now and takes the unused part of the current paid month off its price;
//! paying again for the plan already held is refused while more than
//! [`RENEWAL_WINDOW_DAYS`] remain and otherwise renews it from its end, so no paid day
//! is lost. A free plan starts without a payment.

use chrono::{DateTime, Months, Utc};
use event_schemas::money::at_money_scale;
use event_schemas::subscription::{
    PaymentFailed, PaymentInitiated, PaymentSucceeded, SubscriptionCancelled, SubscriptionEvent,
    SubscriptionStarted,
};
use event_schemas::{OrganizationId, UserId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub mod aggregate;

pub use aggregate::{BillingCommand, Cancel, Initiate, PayNow, Settle, SubscribeFree};

use crate::permissions::Plan;

/// A plan held for longer than this may not be bought again yet.
pub const RENEWAL_WINDOW_DAYS: i64 = 7;
const MICROS_PER_DAY: i64 = 86_400 * 1_000_000;

/// The currencies plans are priced in, by the choice number the UI sends (`"0"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Currency {
    Ngn,
    Usd,
}

impl Currency {
    pub const ALL: [Currency; 2] = [Currency::Ngn, Currency::Usd];

    pub const fn code(self) -> &'static str {
        match self {
            Self::Ngn => "NGN",
            Self::Usd => "USD",
        }
    }

    pub const fn number(self) -> u8 {
        match self {
            Self::Ngn => 0,
            Self::Usd => 1,
        }
    }

    /// From the choice number (`"0"`) or the ISO code (`"NGN"`, any case).
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        Self::ALL
            .into_iter()
            .find(|c| raw == c.number().to_string() || raw.eq_ignore_ascii_case(c.code()))
    }
}

/// The monthly price of `plan` in `currency`.
pub fn monthly_price(plan: Plan, currency: Currency) -> Decimal {
    let (naira, dollars) = match plan {
        Plan::Basic => (0, 0),
        Plan::Professional => (25_000, 19),
        Plan::Enterprise => (75_000, 59),
    };
    at_money_scale(Decimal::from(match currency {
        Currency::Ngn => naira,
        Currency::Usd => dollars,
    }))
}

/// What a payment is, as the stream knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaymentStatus {
    Pending,
    Successful,
    Failed,
}

impl PaymentStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Successful => "successful",
            Self::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Payment {
    pub tx_ref: String,
    pub provider: String,
    pub plan: Plan,
    pub amount: Decimal,
    pub currency: String,
    pub status: PaymentStatus,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subscription {
    pub id: Uuid,
    pub plan: Plan,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub tx_ref: Option<String>,
}

impl Subscription {
    fn covers(&self, at: i64) -> bool {
        self.starts_at <= at && self.ends_at.is_none_or(|end| at < end)
    }
}

/// An organization's billing, folded from its stream.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Billing {
    pub payments: Vec<Payment>,
    /// In the order they started; a later one replaces the one before from its start.
    pub subscriptions: Vec<Subscription>,
    /// Events in the stream: the next event's sequence is this + 1.
    pub version: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BillingError {
    #[error("Your organization is already on the {plan} plan{until}.")]
    AlreadyOnPlan { plan: Plan, until: String },
    #[error("The {0} plan is paid: start a payment with a provider's transaction link.")]
    PaymentRequired(Plan),
    #[error("No such payment.")]
    NoSuchPayment,
    #[error("No such subscription.")]
    NoSuchSubscription,
    #[error("Only the subscription in force can be cancelled.")]
    NotInForce,
}

/// What moving to a plan costs now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quote {
    pub price: Decimal,
    pub credit: Decimal,
    pub amount: Decimal,
}

/// The outcome of a payment as the provider reports it when we ask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VerifiedPayment {
    Successful {
        provider_transaction_id: String,
    },
    Failed {
        status: String,
        reason: String,
    },
    /// The customer has not finished at the provider yet.
    Pending,
}

fn micros_to_datetime(micros: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_micros(micros).unwrap_or(DateTime::UNIX_EPOCH)
}

/// One calendar month after `micros` (31 January → 28/29 February).
pub fn one_month_after(micros: i64) -> i64 {
    let start = micros_to_datetime(micros);
    start
        .checked_add_months(Months::new(1))
        .unwrap_or(start)
        .timestamp_micros()
}

impl Billing {
    pub fn apply(&mut self, event: &SubscriptionEvent) {
        self.version += 1;
        match event {
            SubscriptionEvent::PaymentInitiated(e) => {
                if let Ok(plan) = e.plan.parse() {
                    self.payments.push(Payment {
                        tx_ref: e.tx_ref.clone(),
                        provider: e.provider.clone(),
                        plan,
                        amount: e.amount,
                        currency: e.currency.clone(),
                        status: PaymentStatus::Pending,
                    });
                }
            }
            SubscriptionEvent::PaymentSucceeded(e) => self.set_status(&e.tx_ref, true),
            SubscriptionEvent::PaymentFailed(e) => self.set_status(&e.tx_ref, false),
            SubscriptionEvent::SubscriptionStarted(e) => {
                if let Ok(plan) = e.plan.parse() {
                    // The one before ends where this one starts, if it ran past it.
                    if let Some(previous) = self.subscriptions.last_mut() {
                        if previous.ends_at.is_none_or(|end| end > e.starts_at) {
                            previous.ends_at = Some(e.starts_at.max(previous.starts_at));
                        }
                    }
                    self.subscriptions.push(Subscription {
                        id: e.subscription_id,
                        plan,
                        starts_at: e.starts_at,
                        ends_at: e.ends_at,
                        tx_ref: e.tx_ref.clone(),
                    });
                }
            }
            SubscriptionEvent::SubscriptionCancelled(e) => {
                if let Some(sub) = self
                    .subscriptions
                    .iter_mut()
                    .find(|s| s.id == e.subscription_id)
                {
                    sub.ends_at = Some(e.ended_at);
                }
            }
        }
    }

    fn set_status(&mut self, tx_ref: &str, succeeded: bool) {
        if let Some(payment) = self.payments.iter_mut().find(|p| p.tx_ref == tx_ref) {
            payment.status = if succeeded {
                PaymentStatus::Successful
            } else {
                PaymentStatus::Failed
            };
        }
    }

    /// The subscription in force at `at`, if any.
    pub fn in_force(&self, at: i64) -> Option<&Subscription> {
        self.subscriptions.iter().rev().find(|s| s.covers(at))
    }

    pub fn payment(&self, tx_ref: &str) -> Option<&Payment> {
        self.payments.iter().find(|p| p.tx_ref == tx_ref)
    }

    /// The unused part of the paid subscription in force, pro rata by time, in the
    /// currency of its payment (none when paid in another currency: no conversion).
    fn unused_credit(&self, at: i64, currency: Currency) -> Decimal {
        let Some(current) = self.in_force(at) else {
            return Decimal::ZERO;
        };
        let (Some(end), Some(tx_ref)) = (current.ends_at, current.tx_ref.as_deref()) else {
            return Decimal::ZERO;
        };
        let Some(paid) = self
            .payment(tx_ref)
            .filter(|p| p.currency == currency.code())
        else {
            return Decimal::ZERO;
        };
        let period = end - current.starts_at;
        if period <= 0 {
            return Decimal::ZERO;
        }
        let unused = Decimal::from(end - at) / Decimal::from(period);
        at_money_scale((paid.amount * unused).round_dp(2))
    }

    /// What moving to `plan` costs at `at`, or why it cannot be bought now.
    pub fn quote(&self, plan: Plan, currency: Currency, at: i64) -> Result<Quote, BillingError> {
        if let Some(current) = self.in_force(at).filter(|s| s.plan == plan) {
            let renewable = current
                .ends_at
                .is_some_and(|end| end - at <= RENEWAL_WINDOW_DAYS * MICROS_PER_DAY);
            if !renewable {
                let until = current
                    .ends_at
                    .map(|end| format!(" until {}", micros_to_datetime(end).format("%Y-%m-%d")))
                    .unwrap_or_default();
                return Err(BillingError::AlreadyOnPlan { plan, until });
            }
        }
        let price = monthly_price(plan, currency);
        let same_plan = self.in_force(at).is_some_and(|s| s.plan == plan);
        let credit = if same_plan {
            Decimal::ZERO
        } else {
            self.unused_credit(at, currency).min(price)
        };
        Ok(Quote {
            price,
            credit,
            amount: at_money_scale(price - credit),
        })
    }

    /// Records a checkout started with `provider` for `plan`.
    #[allow(clippy::too_many_arguments)]
    pub fn initiate(
        &self,
        organization_id: OrganizationId,
        tx_ref: String,
        provider: &str,
        plan: Plan,
        currency: Currency,
        at: i64,
        by: UserId,
    ) -> Result<(Quote, SubscriptionEvent), BillingError> {
        let quote = self.quote(plan, currency, at)?;
        let event = SubscriptionEvent::PaymentInitiated(PaymentInitiated {
            organization_id,
            tx_ref,
            provider: provider.to_owned(),
            plan: plan.id().to_owned(),
            amount: quote.amount,
            currency: currency.code().to_owned(),
            credit: at_money_scale(quote.credit),
            initiated_by: by,
        });
        Ok((quote, event))
    }

    /// Settles a pending payment with what the provider reports: a success starts the
    /// plan (renewing from the current end when it is the same plan), a failure is
    /// recorded. A payment already settled gives no events, so processing twice is
    /// harmless.
    pub fn settle(
        &self,
        organization_id: OrganizationId,
        tx_ref: &str,
        verified: VerifiedPayment,
        subscription_id: Uuid,
        at: i64,
        by: UserId,
    ) -> Result<Vec<SubscriptionEvent>, BillingError> {
        let payment = self.payment(tx_ref).ok_or(BillingError::NoSuchPayment)?;
        if payment.status != PaymentStatus::Pending {
            return Ok(Vec::new());
        }
        Ok(match verified {
            VerifiedPayment::Pending => Vec::new(),
            VerifiedPayment::Failed { status, reason } => {
                vec![SubscriptionEvent::PaymentFailed(PaymentFailed {
                    organization_id,
                    tx_ref: tx_ref.to_owned(),
                    status,
                    reason,
                })]
            }
            VerifiedPayment::Successful {
                provider_transaction_id,
            } => {
                let starts_at = self
                    .in_force(at)
                    .filter(|s| s.plan == payment.plan)
                    .and_then(|s| s.ends_at)
                    .unwrap_or(at);
                vec![
                    SubscriptionEvent::PaymentSucceeded(PaymentSucceeded {
                        organization_id,
                        tx_ref: tx_ref.to_owned(),
                        provider_transaction_id,
                    }),
                    SubscriptionEvent::SubscriptionStarted(SubscriptionStarted {
                        organization_id,
                        subscription_id,
                        plan: payment.plan.id().to_owned(),
                        starts_at,
                        ends_at: Some(one_month_after(starts_at)),
                        tx_ref: Some(tx_ref.to_owned()),
                        started_by: by,
                    }),
                ]
            }
        })
    }

    /// Starts a free plan now, without a payment.
    pub fn subscribe_free(
        &self,
        organization_id: OrganizationId,
        plan: Plan,
        subscription_id: Uuid,
        at: i64,
        by: UserId,
    ) -> Result<SubscriptionEvent, BillingError> {
        let quote = self.quote(plan, Currency::Ngn, at)?;
        if quote.price > Decimal::ZERO {
            return Err(BillingError::PaymentRequired(plan));
        }
        Ok(SubscriptionEvent::SubscriptionStarted(
            SubscriptionStarted {
                organization_id,
                subscription_id,
                plan: plan.id().to_owned(),
                starts_at: at,
                ends_at: None,
                tx_ref: None,
                started_by: by,
            },
        ))
    }

    /// Ends the subscription in force now; the default plan applies from then on.
    pub fn cancel(
        &self,
        organization_id: OrganizationId,
        subscription_id: Uuid,
        at: i64,
        by: UserId,
    ) -> Result<SubscriptionEvent, BillingError> {
        if !self.subscriptions.iter().any(|s| s.id == subscription_id) {
            return Err(BillingError::NoSuchSubscription);
        }
        if self.in_force(at).map(|s| s.id) != Some(subscription_id) {
            return Err(BillingError::NotInForce);
        }
        Ok(SubscriptionEvent::SubscriptionCancelled(
            SubscriptionCancelled {
                organization_id,
                subscription_id,
                ended_at: at,
                cancelled_by: by,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: i64 = MICROS_PER_DAY;
    /// 2026-11-01T00:00:00Z.
    const NOV_1: i64 = 1_793_491_200_000_000;

    fn org() -> OrganizationId {
        OrganizationId::from(Uuid::nil())
    }

    fn user() -> UserId {
        UserId::from(Uuid::nil())
    }

    fn fold(events: &[SubscriptionEvent]) -> Billing {
        let mut state = Billing::default();
        for event in events {
            state.apply(event);
        }
        state
    }

    fn paid(state: &mut Billing, tx_ref: &str, plan: Plan, at: i64) {
        let (_, initiated) = state
            .initiate(
                org(),
                tx_ref.into(),
                "flutterwave",
                plan,
                Currency::Ngn,
                at,
                user(),
            )
            .expect("initiate");
        state.apply(&initiated);
        let verified = VerifiedPayment::Successful {
            provider_transaction_id: format!("SBX-{tx_ref}"),
        };
        for event in state
            .settle(org(), tx_ref, verified, Uuid::now_v7(), at, user())
            .expect("settle")
        {
            state.apply(&event);
        }
    }

    #[test]
    fn prices_are_monthly_in_naira_and_dollars_and_basic_is_free() {
        assert_eq!(
            monthly_price(Plan::Basic, Currency::Ngn).to_string(),
            "0.00"
        );
        assert_eq!(
            monthly_price(Plan::Professional, Currency::Ngn).to_string(),
            "25000.00"
        );
        assert_eq!(
            monthly_price(Plan::Enterprise, Currency::Usd).to_string(),
            "59.00"
        );
    }

    #[test]
    fn currency_is_read_from_its_choice_number_or_code() {
        assert_eq!(Currency::parse("0"), Some(Currency::Ngn));
        assert_eq!(Currency::parse("usd"), Some(Currency::Usd));
        assert_eq!(Currency::parse("EUR"), None);
    }

    #[test]
    fn a_verified_payment_starts_the_plan_for_one_calendar_month() {
        let mut state = Billing::default();

        paid(&mut state, "t1", Plan::Enterprise, NOV_1);

        let sub = state.in_force(NOV_1).expect("in force");
        assert_eq!(sub.plan, Plan::Enterprise);
        assert_eq!(sub.ends_at, Some(NOV_1 + 30 * DAY));
        assert_eq!(
            state.payment("t1").map(|p| p.status),
            Some(PaymentStatus::Successful)
        );
    }

    #[test]
    fn a_failed_payment_starts_nothing() {
        let mut state = Billing::default();
        let (_, initiated) = state
            .initiate(
                org(),
                "t1".into(),
                "paystack",
                Plan::Professional,
                Currency::Ngn,
                NOV_1,
                user(),
            )
            .expect("initiate");
        state.apply(&initiated);
        let failed = VerifiedPayment::Failed {
            status: "failed".into(),
            reason: "The card was declined.".into(),
        };

        for event in state
            .settle(org(), "t1", failed, Uuid::now_v7(), NOV_1, user())
            .expect("settle")
        {
            state.apply(&event);
        }

        assert!(state.in_force(NOV_1).is_none());
        assert_eq!(
            state.payment("t1").map(|p| p.status),
            Some(PaymentStatus::Failed)
        );
    }

    #[test]
    fn settling_a_payment_twice_gives_no_second_subscription() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Professional, NOV_1);
        let again = VerifiedPayment::Successful {
            provider_transaction_id: "SBX-t1".into(),
        };

        let events = state
            .settle(org(), "t1", again, Uuid::now_v7(), NOV_1, user())
            .expect("settle");

        assert!(events.is_empty());
        assert_eq!(state.subscriptions.len(), 1);
    }

    #[test]
    fn buying_the_plan_already_held_is_refused_until_the_renewal_window() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Professional, NOV_1);

        let early = state.quote(Plan::Professional, Currency::Ngn, NOV_1 + DAY);
        let late = state.quote(Plan::Professional, Currency::Ngn, NOV_1 + 25 * DAY);

        assert_eq!(
            early.expect_err("refused").to_string(),
            "Your organization is already on the Professional plan until 2026-12-01."
        );
        assert_eq!(late.expect("renewable").amount.to_string(), "25000.00");
    }

    #[test]
    fn a_renewal_starts_where_the_current_month_ends() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Professional, NOV_1);

        paid(&mut state, "t2", Plan::Professional, NOV_1 + 25 * DAY);

        let renewal = state.subscriptions.last().expect("renewal");
        assert_eq!(renewal.starts_at, NOV_1 + 30 * DAY);
        assert_eq!(
            state.in_force(NOV_1 + 26 * DAY).map(|s| s.id),
            Some(state.subscriptions[0].id)
        );
    }

    #[test]
    fn an_upgrade_takes_the_unused_part_of_the_paid_month_off_the_price() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Professional, NOV_1);

        let quote = state
            .quote(Plan::Enterprise, Currency::Ngn, NOV_1 + 15 * DAY)
            .expect("quote");

        assert_eq!(quote.credit.to_string(), "12500.00");
        assert_eq!(quote.amount.to_string(), "62500.00");
    }

    #[test]
    fn an_upgrade_replaces_the_current_plan_from_its_start() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Professional, NOV_1);

        paid(&mut state, "t2", Plan::Enterprise, NOV_1 + 15 * DAY);

        assert_eq!(state.subscriptions[0].ends_at, Some(NOV_1 + 15 * DAY));
        assert_eq!(
            state.in_force(NOV_1 + 16 * DAY).map(|s| s.plan),
            Some(Plan::Enterprise)
        );
    }

    #[test]
    fn a_free_plan_starts_without_payment_and_a_paid_one_needs_one() {
        let state = Billing::default();

        let free = state.subscribe_free(org(), Plan::Basic, Uuid::now_v7(), NOV_1, user());
        let paid = state.subscribe_free(org(), Plan::Professional, Uuid::now_v7(), NOV_1, user());

        assert!(
            matches!(free, Ok(SubscriptionEvent::SubscriptionStarted(ref s)) if s.ends_at.is_none())
        );
        assert_eq!(paid, Err(BillingError::PaymentRequired(Plan::Professional)));
    }

    #[test]
    fn a_cancelled_subscription_stops_applying_at_once() {
        let mut state = Billing::default();
        paid(&mut state, "t1", Plan::Enterprise, NOV_1);
        let id = state.subscriptions[0].id;

        let cancelled = state
            .cancel(org(), id, NOV_1 + DAY, user())
            .expect("cancel");
        state.apply(&cancelled);

        assert!(state.in_force(NOV_1 + DAY).is_none());
        assert_eq!(
            state.cancel(org(), id, NOV_1 + DAY, user()),
            Err(BillingError::NotInForce)
        );
        assert_eq!(
            state.cancel(org(), Uuid::now_v7(), NOV_1, user()),
            Err(BillingError::NoSuchSubscription)
        );
    }

    #[test]
    fn paying_now_from_held_funds_starts_the_plan_through_the_same_payment() {
        let state = Billing::default();
        let pay = PayNow {
            organization_id: org(),
            tx_ref: "w1".into(),
            provider: "wallet".into(),
            plan: Plan::Professional,
            currency: Currency::Ngn,
            provider_transaction_id: "wallet-tx-1".into(),
            subscription_id: Uuid::now_v7(),
            at: NOV_1,
            by: user(),
        };

        let events = state.decide(pay.clone().into()).expect("paid");
        let after = fold(&events);

        assert_eq!(events.len(), 3);
        assert_eq!(
            after
                .payment("w1")
                .map(|p| (p.status, p.amount.to_string())),
            Some((PaymentStatus::Successful, "25000.00".into()))
        );
        assert_eq!(
            after.in_force(NOV_1).map(|s| s.plan),
            Some(Plan::Professional)
        );
        assert!(matches!(
            after.decide(pay.into()),
            Err(BillingError::AlreadyOnPlan { .. })
        ));
    }

    #[test]
    fn an_unknown_payment_cannot_be_settled() {
        let state = fold(&[]);

        let result = state.settle(
            org(),
            "nope",
            VerifiedPayment::Pending,
            Uuid::now_v7(),
            NOV_1,
            user(),
        );

        assert_eq!(result, Err(BillingError::NoSuchPayment));
    }
}
