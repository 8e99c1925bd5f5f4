//! Paystack, as its API documents it: `POST /transaction/initialize` opens a checkout
//! (amounts in the currency's subunit), `GET /transaction/verify/{reference}` answers how
//! it ended with the card's reusable `authorization`, `POST
//! /transaction/charge_authorization` charges a saved card, and webhooks carry
//! `x-paystack-signature`: the hex HMAC-SHA512 of the raw body under the secret key.

use hmac::{Hmac, Mac};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use sha2::Sha512;

use super::http::{self, Answer};
use super::{Outcome, PaidCard, ProviderError, WebhookNotice};

pub struct Paystack {
    pub(super) client: reqwest::Client,
    pub(super) base_url: String,
    pub(super) secret_key: String,
}

/// Major units to the subunit Paystack counts in (kobo, cents).
fn subunits(amount: Decimal) -> Option<i64> {
    i64::try_from((amount * Decimal::from(100)).round().mantissa()).ok()
}

fn from_subunits(value: &Value) -> Option<Decimal> {
    value.as_i64().map(|n| Decimal::new(n, 2))
}

impl Paystack {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url.trim_end_matches('/'))
    }

    /// Opens a checkout; answers its `authorization_url`.
    pub async fn initialize(
        &self,
        tx_ref: &str,
        amount: Decimal,
        currency: &str,
        email: &str,
        callback_url: &str,
    ) -> Result<String, ProviderError> {
        let body = json!({
            "reference": tx_ref,
            "amount": subunits(amount).ok_or(ProviderError::Refused("amount".into()))?,
            "currency": currency,
            "email": email,
            "callback_url": callback_url,
        });
        let answer = http::send(
            self.client
                .post(self.url("/transaction/initialize"))
                .bearer_auth(&self.secret_key)
                .json(&body),
        )
        .await?;
        let Answer::Ok(body) = answer else {
            return Err(ProviderError::Refused(http::message(&answer)));
        };
        body["data"]["authorization_url"]
            .as_str()
            .filter(|_| body["status"] == json!(true))
            .map(str::to_owned)
            .ok_or_else(|| ProviderError::Garbled("no authorization_url".into()))
    }

    /// How the transaction `tx_ref` ended, as Paystack answers.
    pub async fn verify(&self, tx_ref: &str) -> Result<Outcome, ProviderError> {
        let answer = http::send(
            self.client
                .get(self.url(&format!("/transaction/verify/{}", http::segment(tx_ref))))
                .bearer_auth(&self.secret_key),
        )
        .await?;
        match answer {
            Answer::Ok(body) => Ok(outcome(&body["data"], tx_ref)),
            // An unknown reference: nothing was paid under it (yet).
            Answer::Client(_) => Ok(Outcome::Pending),
        }
    }

    /// Charges the saved `authorization_code` under our reference.
    pub async fn charge_authorization(
        &self,
        authorization_code: &str,
        tx_ref: &str,
        amount: Decimal,
        currency: &str,
        email: &str,
    ) -> Result<(), ProviderError> {
        let body = json!({
            "authorization_code": authorization_code,
            "reference": tx_ref,
            "amount": subunits(amount).ok_or(ProviderError::Refused("amount".into()))?,
            "currency": currency,
            "email": email,
        });
        let answer = http::send(
            self.client
                .post(self.url("/transaction/charge_authorization"))
                .bearer_auth(&self.secret_key)
                .json(&body),
        )
        .await?;
        match answer {
            Answer::Ok(_) => Ok(()),
            Answer::Client(_) => Err(ProviderError::Refused(http::message(&answer))),
        }
    }

    /// The notice of a webhook whose signature holds; `None` when it does not.
    pub fn webhook(&self, signature: Option<&str>, body: &[u8]) -> Option<WebhookNotice> {
        let expected = hex::decode(signature?.trim()).ok()?;
        let mut mac = Hmac::<Sha512>::new_from_slice(self.secret_key.as_bytes()).ok()?;
        mac.update(body);
        mac.verify_slice(&expected).ok()?;
        let parsed: Value = serde_json::from_slice(body).unwrap_or_default();
        Some(WebhookNotice {
            event: parsed["event"].as_str().unwrap_or_default().to_owned(),
            tx_ref: parsed["data"]["reference"].as_str().map(str::to_owned),
            transaction_id: None,
        })
    }
}

/// A verify answer's `data` as an outcome for our reference `tx_ref`: an answer about
/// another reference confirms nothing.
fn outcome(data: &Value, tx_ref: &str) -> Outcome {
    if data["reference"].as_str() != Some(tx_ref) {
        return Outcome::Pending;
    }
    match data["status"].as_str().unwrap_or_default() {
        "success" => {
            let (Some(amount), Some(currency)) =
                (from_subunits(&data["amount"]), data["currency"].as_str())
            else {
                return Outcome::Pending;
            };
            Outcome::Paid {
                provider_transaction_id: http::id_text(&data["id"]),
                amount,
                currency: currency.to_owned(),
                card: card(&data["authorization"]),
            }
        }
        "failed" | "reversed" => Outcome::Failed {
            status: "failed".into(),
            reason: data["gateway_response"]
                .as_str()
                .unwrap_or("The payment did not go through.")
                .to_owned(),
        },
        // `abandoned` is a checkout the customer has not finished: still open.
        _ => Outcome::Pending,
    }
}

/// A reusable card authorization; none for a one-off payment method.
fn card(authorization: &Value) -> Option<PaidCard> {
    if authorization["reusable"] != json!(true)
        || authorization["channel"]
            .as_str()
            .is_some_and(|c| c != "card")
    {
        return None;
    }
    let text = |key: &str| authorization[key].as_str().map(|s| s.trim().to_owned());
    Some(PaidCard {
        token: text("authorization_code")?,
        brand: text("card_type")?.to_ascii_lowercase(),
        first6: text("bin")?,
        last4: text("last4")?,
        exp_month: text("exp_month")?.parse().ok()?,
        exp_year: text("exp_year")?.parse().ok()?,
        bank: text("bank").unwrap_or_default(),
        fingerprint: text("signature")?,
    })
}
