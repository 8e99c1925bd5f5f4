//! The payment providers as the product uses them: open a checkout for an amount, ask
//! how a transaction ended, charge a saved card, read a signed webhook. Every answer is
//! the provider's own account of the transaction (what was paid, in which currency, with
//! which card), which the caller checks against what was asked before giving any value.
//!
//! `sandbox` is the embedded provider (DESIGN §8), always live; `paystack` and
//! `flutterwave` are live when their keys are set ([`ProviderConfig`]). A provider that is
//! not live answers a clear 400 — never a silent fallback to the sandbox.

pub mod config;
mod flutterwave;
mod http;
mod paystack;

pub use config::ProviderConfig;

use api_core::{ApiError, AppState};
use domain::billing::VerifiedPayment;
use domain::wallet::CardDetails;
use rust_decimal::Decimal;

use super::gateway::{self, Checkout};
use flutterwave::Flutterwave;
use paystack::Paystack;

/// A provider's account of one transaction, when asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Paid {
        provider_transaction_id: String,
        amount: Decimal,
        currency: String,
        /// The card that paid, with the provider's reusable token for it.
        card: Option<PaidCard>,
    },
    Failed {
        status: String,
        reason: String,
    },
    Pending,
}

/// A card as a provider describes it after a payment: never its number or code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidCard {
    pub token: String,
    pub brand: String,
    pub first6: String,
    pub last4: String,
    pub exp_month: u8,
    pub exp_year: u16,
    pub bank: String,
    pub fingerprint: String,
}

impl From<PaidCard> for CardDetails {
    fn from(c: PaidCard) -> Self {
        CardDetails {
            token: c.token,
            brand: c.brand,
            first6: c.first6,
            last4: c.last4,
            exp_month: c.exp_month,
            exp_year: c.exp_year,
            bank: c.bank,
            fingerprint: c.fingerprint,
        }
    }
}

impl Outcome {
    /// The outcome for a subscription payment of `amount` in `currency`: paid only when
    /// the provider confirms at least that amount in that currency; an answer for less,
    /// or in another currency, settles nothing (the payment stays pending).
    pub fn for_payment(self, amount: Decimal, currency: &str) -> VerifiedPayment {
        match self {
            Outcome::Paid {
                provider_transaction_id,
                amount: paid,
                currency: paid_in,
                ..
            } if paid >= amount && paid_in.eq_ignore_ascii_case(currency) => {
                VerifiedPayment::Successful {
                    provider_transaction_id,
                }
            }
            Outcome::Paid { .. } | Outcome::Pending => VerifiedPayment::Pending,
            Outcome::Failed { status, reason } => VerifiedPayment::Failed { status, reason },
        }
    }
}

/// Why a provider call did not give an answer to act on.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// Slow, down, or answering 5xx: nothing is known.
    #[error("the provider could not be reached ({0})")]
    Unavailable(String),
    /// The provider refused the request (4xx) with this message.
    #[error("the provider refused: {0}")]
    Refused(String),
    /// The provider answered something that is not its documented shape.
    #[error("the provider's answer was not understood ({0})")]
    Garbled(String),
}

impl ProviderError {
    fn into_api_error(self, provider: &str) -> ApiError {
        tracing::warn!(provider, error = %self, "payment provider call failed");
        match self {
            ProviderError::Refused(message) => ApiError::NonField(vec![format!(
                "{} refused the payment: {message}",
                label(provider)
            )]),
            _ => ApiError::Conflict(format!(
                "{} could not be reached; nothing was charged. Try again in a moment.",
                label(provider)
            )),
        }
    }
}

/// What a webhook whose signature holds says happened (never acted on as such: the
/// transaction is then verified with the provider).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookNotice {
    pub event: String,
    pub tx_ref: Option<String>,
    /// The provider's own id of the transaction, when the notice carries one.
    pub transaction_id: Option<String>,
}

/// The providers' names as people read them.
pub fn label(provider: &str) -> &'static str {
    match provider {
        "paystack" => "Paystack",
        "flutterwave" => "Flutterwave",
        "sandbox" => "Sandbox",
        _ => "The payment provider",
    }
}

/// Every provider the product knows, live or not.
pub const KNOWN: [&str; 3] = ["sandbox", "flutterwave", "paystack"];

/// The providers live on this server.
pub struct Providers {
    paystack: Option<Paystack>,
    flutterwave: Option<Flutterwave>,
    live: Vec<&'static str>,
}

/// One live provider.
pub enum Live<'a> {
    Sandbox,
    Paystack(&'a Paystack),
    Flutterwave(&'a Flutterwave),
}

impl Providers {
    pub fn new(config: &ProviderConfig) -> Self {
        let client = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout)
            .build()
            .unwrap_or_default();
        Self {
            paystack: config.paystack_key().map(|key| Paystack {
                client: client.clone(),
                base_url: config.paystack_base_url.clone(),
                secret_key: key.to_owned(),
            }),
            flutterwave: config.flutterwave_key().map(|key| Flutterwave {
                client: client.clone(),
                base_url: config.flutterwave_base_url.clone(),
                secret_key: key.to_owned(),
                secret_hash: config.flutterwave_hash().map(str::to_owned),
            }),
            live: config.live(),
        }
    }

    pub fn live(&self) -> &[&'static str] {
        &self.live
    }

    /// The live provider `name`: an unknown name is not found; a known provider without
    /// its keys is refused, naming what to set.
    pub fn named(&self, name: &str) -> Result<(&'static str, Live<'_>), ApiError> {
        let not_live = |variable: &str| {
            ApiError::field(
                "provider",
                format!(
                    "{} is not set up on this server ({variable} is not set); choose another provider.",
                    label(name)
                ),
            )
        };
        match name.trim() {
            "sandbox" => Ok(("sandbox", Live::Sandbox)),
            "paystack" => self
                .paystack
                .as_ref()
                .map(|p| ("paystack", Live::Paystack(p)))
                .ok_or_else(|| not_live("PAYSTACK_SECRET_KEY")),
            "flutterwave" => self
                .flutterwave
                .as_ref()
                .map(|f| ("flutterwave", Live::Flutterwave(f)))
                .ok_or_else(|| not_live("FLUTTERWAVE_SECRET_KEY")),
            _ => Err(ApiError::NotFound("No such payment provider.".into())),
        }
    }
}

impl Live<'_> {
    fn name(&self) -> &'static str {
        match self {
            Live::Sandbox => "sandbox",
            Live::Paystack(_) => "paystack",
            Live::Flutterwave(_) => "flutterwave",
        }
    }

    /// Opens a checkout for `checkout` (paid by `email`) and answers the customer's link.
    pub async fn open_checkout(
        &self,
        app: &AppState,
        checkout: &Checkout,
        redirect_url: &str,
        email: &str,
    ) -> Result<String, ApiError> {
        let amount: Decimal = checkout
            .amount
            .parse()
            .map_err(|_| ApiError::internal("a checkout amount that is not a decimal"))?;
        let opened = match self {
            Live::Sandbox => {
                return gateway::open_checkout(app.db(), &app.public_url, checkout, redirect_url)
                    .await
            }
            Live::Paystack(p) => {
                p.initialize(
                    &checkout.tx_ref,
                    amount,
                    &checkout.currency,
                    email,
                    redirect_url,
                )
                .await
            }
            Live::Flutterwave(f) => {
                f.payment_link(
                    &checkout.tx_ref,
                    amount,
                    &checkout.currency,
                    email,
                    redirect_url,
                    &checkout.description,
                )
                .await
            }
        };
        opened.map_err(|err| err.into_api_error(self.name()))
    }

    /// How our transaction `tx_ref` ended (asked by the provider's own id of it when one
    /// is known, and then only if the answer is about `tx_ref`). A provider that cannot
    /// be reached, or that answers what we cannot read, has confirmed nothing: pending.
    pub async fn verify(
        &self,
        app: &AppState,
        tx_ref: &str,
        transaction_id: Option<&str>,
    ) -> Result<Outcome, ApiError> {
        let asked = match self {
            Live::Sandbox => {
                return Ok(gateway::verify_details(app.db(), tx_ref)
                    .await?
                    .unwrap_or(Outcome::Pending))
            }
            Live::Paystack(p) => p.verify(tx_ref).await,
            Live::Flutterwave(f) => match transaction_id.filter(|id| !id.trim().is_empty()) {
                Some(id) => f.verify_by_id(id, tx_ref).await,
                None => f.verify_by_reference(tx_ref).await,
            },
        };
        Ok(asked.unwrap_or_else(|err| {
            tracing::warn!(provider = self.name(), tx_ref, error = %err, "verification gave no answer");
            Outcome::Pending
        }))
    }

    /// Charges the saved card `token` for `checkout`; what happened is then asked with
    /// [`Live::verify`], as for any payment.
    pub async fn charge_saved(
        &self,
        app: &AppState,
        token: &str,
        checkout: &Checkout,
        email: &str,
    ) -> Result<(), ApiError> {
        let amount: Decimal = checkout
            .amount
            .parse()
            .map_err(|_| ApiError::internal("a checkout amount that is not a decimal"))?;
        let charged = match self {
            Live::Sandbox => return gateway::charge_saved(app.db(), token, checkout).await,
            Live::Paystack(p) => {
                p.charge_authorization(token, &checkout.tx_ref, amount, &checkout.currency, email)
                    .await
            }
            Live::Flutterwave(f) => {
                f.tokenized_charge(token, &checkout.tx_ref, amount, &checkout.currency, email)
                    .await
            }
        };
        charged.map_err(|err| err.into_api_error(self.name()))
    }

    /// A webhook's notice when its signature holds; `None` when it does not (or the
    /// provider sends none: the sandbox).
    pub fn webhook(&self, headers: &axum::http::HeaderMap, body: &[u8]) -> Option<WebhookNotice> {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        match self {
            Live::Sandbox => None,
            Live::Paystack(p) => p.webhook(header("x-paystack-signature"), body),
            Live::Flutterwave(f) => {
                f.webhook(header("flutterwave-signature"), header("verif-hash"), body)
            }
        }
    }
}
