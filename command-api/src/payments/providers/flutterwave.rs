//! Flutterwave (API v3), as documented: `POST /v3/payments` makes a hosted payment link,
//! `GET /v3/transactions/{id}/verify` and `GET /v3/transactions/verify_by_reference
//! ?tx_ref=` answer how a transaction ended (with the card's token), `POST
//! /v3/tokenized-charges` charges a saved card, and webhooks carry `verif-hash` (the
//! secret hash set on the dashboard) or the newer `flutterwave-signature` (base64
//! HMAC-SHA256 of the raw body under that hash).

use base64::Engine;
use hmac::{Hmac, Mac};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::http::{self, Answer};
use super::{Outcome, PaidCard, ProviderError, WebhookNotice};

pub struct Flutterwave {
    pub(super) client: reqwest::Client,
    pub(super) base_url: String,
    pub(super) secret_key: String,
    pub(super) secret_hash: Option<String>,
}

impl Flutterwave {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url.trim_end_matches('/'))
    }

    /// Creates a hosted payment link.
    pub async fn payment_link(
        &self,
        tx_ref: &str,
        amount: Decimal,
        currency: &str,
        email: &str,
        redirect_url: &str,
        title: &str,
    ) -> Result<String, ProviderError> {
        let body = json!({
            "tx_ref": tx_ref,
            "amount": amount.to_string(),
            "currency": currency,
            "redirect_url": redirect_url,
            "customer": { "email": email },
            "customizations": { "title": title },
        });
        let answer = http::send(
            self.client
                .post(self.url("/v3/payments"))
                .bearer_auth(&self.secret_key)
                .json(&body),
        )
        .await?;
        let Answer::Ok(body) = answer else {
            return Err(ProviderError::Refused(http::message(&answer)));
        };
        body["data"]["link"]
            .as_str()
            .filter(|_| body["status"] == "success")
            .map(str::to_owned)
            .ok_or_else(|| ProviderError::Garbled("no link".into()))
    }

    /// How our transaction `tx_ref` ended (by reference).
    pub async fn verify_by_reference(&self, tx_ref: &str) -> Result<Outcome, ProviderError> {
        let answer = http::send(
            self.client
                .get(self.url("/v3/transactions/verify_by_reference"))
                .query(&[("tx_ref", tx_ref)])
                .bearer_auth(&self.secret_key),
        )
        .await?;
        Ok(match answer {
            Answer::Ok(body) => outcome(&body["data"], tx_ref),
            Answer::Client(_) => Outcome::Pending,
        })
    }

    /// How Flutterwave's transaction `id` ended, if it is ours (`tx_ref`).
    pub async fn verify_by_id(&self, id: &str, tx_ref: &str) -> Result<Outcome, ProviderError> {
        let answer = http::send(
            self.client
                .get(self.url(&format!("/v3/transactions/{}/verify", http::segment(id))))
                .bearer_auth(&self.secret_key),
        )
        .await?;
        Ok(match answer {
            Answer::Ok(body) => outcome(&body["data"], tx_ref),
            Answer::Client(_) => Outcome::Pending,
        })
    }

    /// Charges a saved card's token under our reference.
    pub async fn tokenized_charge(
        &self,
        token: &str,
        tx_ref: &str,
        amount: Decimal,
        currency: &str,
        email: &str,
    ) -> Result<(), ProviderError> {
        let body = json!({
            "token": token,
            "tx_ref": tx_ref,
            "amount": amount.to_string(),
            "currency": currency,
            "country": "NG",
            "email": email,
        });
        let answer = http::send(
            self.client
                .post(self.url("/v3/tokenized-charges"))
                .bearer_auth(&self.secret_key)
                .json(&body),
        )
        .await?;
        match answer {
            Answer::Ok(_) => Ok(()),
            Answer::Client(_) => Err(ProviderError::Refused(http::message(&answer))),
        }
    }

    /// The notice of a webhook whose `flutterwave-signature` (or, without one, whose
    /// `verif-hash`) holds; `None` when it does not or no secret hash is set.
    pub fn webhook(
        &self,
        signature: Option<&str>,
        verif_hash: Option<&str>,
        body: &[u8],
    ) -> Option<WebhookNotice> {
        let secret = self.secret_hash.as_deref()?;
        let holds = match (signature, verif_hash) {
            (Some(signature), _) => {
                let expected = base64::engine::general_purpose::STANDARD
                    .decode(signature.trim())
                    .ok()?;
                let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).ok()?;
                mac.update(body);
                mac.verify_slice(&expected).is_ok()
            }
            // Compared as digests, so the time taken says nothing about the secret.
            (None, Some(hash)) => {
                Sha256::digest(hash.as_bytes()) == Sha256::digest(secret.as_bytes())
            }
            (None, None) => false,
        };
        if !holds {
            return None;
        }
        let parsed: Value = serde_json::from_slice(body).unwrap_or_default();
        let data = if parsed["data"].is_object() {
            &parsed["data"]
        } else {
            &parsed
        };
        Some(WebhookNotice {
            event: parsed["event"]
                .as_str()
                .or_else(|| parsed["event.type"].as_str())
                .unwrap_or_default()
                .to_owned(),
            tx_ref: data["tx_ref"]
                .as_str()
                .or_else(|| data["txRef"].as_str())
                .map(str::to_owned),
            transaction_id: Some(http::id_text(&data["id"])).filter(|id| !id.is_empty()),
        })
    }
}

/// A verify answer's `data` as an outcome for our `tx_ref`: an answer about another
/// reference confirms nothing.
fn outcome(data: &Value, tx_ref: &str) -> Outcome {
    if data["tx_ref"].as_str() != Some(tx_ref) {
        return Outcome::Pending;
    }
    match data["status"].as_str().unwrap_or_default() {
        "successful" => {
            let (Some(amount), Some(currency)) =
                (http::decimal(&data["amount"]), data["currency"].as_str())
            else {
                return Outcome::Pending;
            };
            Outcome::Paid {
                provider_transaction_id: http::id_text(&data["id"]),
                amount,
                currency: currency.to_owned(),
                card: card(&data["card"]),
            }
        }
        "failed" | "cancelled" => Outcome::Failed {
            status: data["status"].as_str().unwrap_or("failed").to_owned(),
            reason: data["processor_response"]
                .as_str()
                .unwrap_or("The payment did not go through.")
                .to_owned(),
        },
        _ => Outcome::Pending,
    }
}

/// The card of a paid transaction with its token. Flutterwave gives no fingerprint: the
/// card's digits, expiry and issuer together stand for one.
fn card(card: &Value) -> Option<PaidCard> {
    let text = |key: &str| card[key].as_str().map(|s| s.trim().to_owned());
    let token = text("token")?;
    let (first6, last4, expiry) = (
        text("first_6digits")?,
        text("last_4digits")?,
        text("expiry")?,
    );
    let (month, year) = expiry.split_once('/')?;
    let year: u16 = year.trim().parse().ok()?;
    let bank = text("issuer").unwrap_or_default();
    let fingerprint =
        hex::encode(&Sha256::digest(format!("{first6}|{last4}|{expiry}|{bank}").as_bytes())[..12]);
    Some(PaidCard {
        token,
        brand: text("type").unwrap_or_default().to_ascii_lowercase(),
        first6,
        last4,
        exp_month: month.trim().parse().ok()?,
        exp_year: if year < 100 { 2000 + year } else { year },
        bank,
        fingerprint,
    })
}
