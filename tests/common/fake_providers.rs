//! Paystack and Flutterwave as local fakes on 127.0.0.1, speaking the parts of their
//! documented HTTP APIs the product calls, with a switch for how honest they are: slow,
//! failing (5xx), or lying about the amount, the currency or the reference.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

pub const PAYSTACK_KEY: &str = "sk_test_ledgerline_fake";
pub const FLUTTERWAVE_KEY: &str = "FLWSECK_TEST-ledgerline-fake";
pub const FLUTTERWAVE_HASH: &str = "ledgerline-webhook-hash";

/// How the fake answers verifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Honest,
    /// Answers after three seconds (the product gives up after one).
    Slow,
    /// Answers 500.
    Failing,
    /// Says a tenth of the amount was paid.
    SmallerAmount,
    /// Says it was paid in another currency.
    OtherCurrency,
    /// Answers about another reference.
    OtherReference,
}

#[derive(Debug, Clone)]
struct Txn {
    id: i64,
    /// Major units.
    amount: f64,
    currency: String,
    paid: bool,
}

#[derive(Clone)]
pub struct Fake {
    txns: Arc<Mutex<HashMap<String, Txn>>>,
    mode: Arc<Mutex<Mode>>,
    pub base_url: String,
    /// How many charges of saved cards were asked.
    charges: Arc<Mutex<u32>>,
}

impl Fake {
    pub fn set_mode(&self, mode: Mode) {
        *self.mode.lock().expect("mode") = mode;
    }

    fn mode(&self) -> Mode {
        *self.mode.lock().expect("mode")
    }

    /// The customer pays the checkout `tx_ref` (as on the provider's own page).
    pub fn pay(&self, tx_ref: &str) {
        if let Some(txn) = self.txns.lock().expect("txns").get_mut(tx_ref) {
            txn.paid = true;
        }
    }

    pub fn charges(&self) -> u32 {
        *self.charges.lock().expect("charges")
    }

    fn open(&self, tx_ref: &str, amount: f64, currency: &str, paid: bool) {
        let mut txns = self.txns.lock().expect("txns");
        let id = 4_099_260_000 + txns.len() as i64;
        txns.insert(
            tx_ref.to_owned(),
            Txn {
                id,
                amount,
                currency: currency.to_owned(),
                paid,
            },
        );
    }

    /// The transaction as the fake tells it, bent by its mode; `None` for an unknown one.
    async fn told(&self, tx_ref: &str) -> Result<Option<(Txn, String)>, StatusCode> {
        match self.mode() {
            Mode::Slow => tokio::time::sleep(Duration::from_secs(3)).await,
            Mode::Failing => return Err(StatusCode::INTERNAL_SERVER_ERROR),
            _ => {}
        }
        let Some(mut txn) = self.txns.lock().expect("txns").get(tx_ref).cloned() else {
            return Ok(None);
        };
        let mut reference = tx_ref.to_owned();
        match self.mode() {
            Mode::SmallerAmount => txn.amount /= 10.0,
            Mode::OtherCurrency => txn.currency = "GHS".into(),
            Mode::OtherReference => reference = "LLW-someone-else".into(),
            _ => {}
        }
        Ok(Some((txn, reference)))
    }
}

fn authorized(headers: &HeaderMap, key: &str) -> bool {
    headers.get("authorization").and_then(|v| v.to_str().ok()) == Some(&format!("Bearer {key}"))
}

async fn listen(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move {
        let _ = axum::serve(listener, router).await;
    });
    format!("http://{addr}")
}

fn fake() -> Fake {
    Fake {
        txns: Arc::default(),
        mode: Arc::new(Mutex::new(Mode::Honest)),
        base_url: String::new(),
        charges: Arc::default(),
    }
}

type Reply = (StatusCode, Json<Value>);

fn unauthorized() -> Reply {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"status": false, "message": "Invalid key"})),
    )
}

// --- Paystack ---------------------------------------------------------------------------

fn paystack_authorization() -> Value {
    json!({
        "authorization_code": "AUTH_fake72btv5", "bin": "408408", "last4": "4081",
        "exp_month": "12", "exp_year": "2030", "channel": "card", "card_type": "visa ",
        "bank": "TEST BANK", "country_code": "NG", "brand": "visa", "reusable": true,
        "signature": "SIG_fakeyEXkP9nQk"
    })
}

pub async fn paystack() -> Fake {
    async fn initialize(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Reply {
        if !authorized(&headers, PAYSTACK_KEY) {
            return unauthorized();
        }
        let reference = body["reference"].as_str().unwrap_or_default().to_owned();
        let kobo = body["amount"].as_i64().unwrap_or_default();
        fake.open(
            &reference,
            kobo as f64 / 100.0,
            body["currency"].as_str().unwrap_or("NGN"),
            false,
        );
        (
            StatusCode::OK,
            Json(
                json!({"status": true, "message": "Authorization URL created",
            "data": {"authorization_url": format!("https://checkout.paystack.com/{reference}"),
                     "access_code": "0peioxfhpn", "reference": reference}}),
            ),
        )
    }
    async fn verify(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Path(reference): Path<String>,
    ) -> Reply {
        if !authorized(&headers, PAYSTACK_KEY) {
            return unauthorized();
        }
        match fake.told(&reference).await {
            Err(status) => (
                status,
                Json(json!({"status": false, "message": "Server error"})),
            ),
            Ok(None) => (
                StatusCode::BAD_REQUEST,
                Json(json!({"status": false, "message": "Transaction reference not found"})),
            ),
            Ok(Some((txn, told_reference))) => (
                StatusCode::OK,
                Json(json!({"status": true, "message": "Verification successful",
                "data": {"id": txn.id, "status": if txn.paid { "success" } else { "abandoned" },
                    "reference": told_reference, "amount": (txn.amount * 100.0).round() as i64,
                    "currency": txn.currency, "gateway_response": if txn.paid { "Successful" } else { "The transaction was not completed" },
                    "channel": "card", "authorization": paystack_authorization()}})),
            ),
        }
    }
    async fn charge(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Reply {
        if !authorized(&headers, PAYSTACK_KEY) {
            return unauthorized();
        }
        if body["authorization_code"] != paystack_authorization()["authorization_code"] {
            return (
                StatusCode::BAD_REQUEST,
                Json(json!({"status": false, "message": "Invalid authorization code"})),
            );
        }
        *fake.charges.lock().expect("charges") += 1;
        let reference = body["reference"].as_str().unwrap_or_default().to_owned();
        let kobo = body["amount"].as_i64().unwrap_or_default();
        fake.open(
            &reference,
            kobo as f64 / 100.0,
            body["currency"].as_str().unwrap_or("NGN"),
            true,
        );
        (
            StatusCode::OK,
            Json(json!({"status": true, "message": "Charge attempted",
            "data": {"status": "success", "reference": reference, "amount": kobo}})),
        )
    }
    let mut fake = fake();
    let router = Router::new()
        .route("/transaction/initialize", post(initialize))
        .route("/transaction/verify/{reference}", get(verify))
        .route("/transaction/charge_authorization", post(charge))
        .with_state(fake.clone());
    fake.base_url = listen(router).await;
    fake
}

// --- Flutterwave ------------------------------------------------------------------------

fn flutterwave_data(txn: &Txn, tx_ref: &str) -> Value {
    json!({"id": txn.id, "tx_ref": tx_ref, "flw_ref": "FLW-MOCK-1", "amount": txn.amount,
        "currency": txn.currency, "charged_amount": txn.amount,
        "status": if txn.paid { "successful" } else { "pending" },
        "processor_response": "Approved by Financial Institution",
        "card": {"first_6digits": "553188", "last_4digits": "2950", "issuer": "MASTERCARD  CREDIT",
                 "country": "NG", "type": "MASTERCARD", "token": "flw-t1nf-fake5e2c-m03k", "expiry": "09/32"}})
}

pub async fn flutterwave() -> Fake {
    async fn payments(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Reply {
        if !authorized(&headers, FLUTTERWAVE_KEY) {
            return unauthorized();
        }
        let tx_ref = body["tx_ref"].as_str().unwrap_or_default().to_owned();
        let amount: f64 = body["amount"]
            .as_str()
            .and_then(|a| a.parse().ok())
            .or(body["amount"].as_f64())
            .unwrap_or_default();
        fake.open(
            &tx_ref,
            amount,
            body["currency"].as_str().unwrap_or("NGN"),
            false,
        );
        (
            StatusCode::OK,
            Json(json!({"status": "success", "message": "Hosted Link",
            "data": {"link": format!("https://checkout.flutterwave.com/v3/hosted/pay/{tx_ref}")}})),
        )
    }
    async fn answer(fake: &Fake, tx_ref: &str) -> Reply {
        match fake.told(tx_ref).await {
            Err(status) => (
                status,
                Json(json!({"status": "error", "message": "Server error"})),
            ),
            Ok(None) => (
                StatusCode::BAD_REQUEST,
                Json(
                    json!({"status": "error", "message": "No transaction was found for this id", "data": null}),
                ),
            ),
            Ok(Some((txn, told))) => (
                StatusCode::OK,
                Json(
                    json!({"status": "success", "message": "Transaction fetched successfully", "data": flutterwave_data(&txn, &told)}),
                ),
            ),
        }
    }
    async fn by_reference(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Query(query): Query<HashMap<String, String>>,
    ) -> Reply {
        if !authorized(&headers, FLUTTERWAVE_KEY) {
            return unauthorized();
        }
        answer(
            &fake,
            query.get("tx_ref").map(String::as_str).unwrap_or_default(),
        )
        .await
    }
    async fn by_id(State(fake): State<Fake>, headers: HeaderMap, Path(id): Path<i64>) -> Reply {
        if !authorized(&headers, FLUTTERWAVE_KEY) {
            return unauthorized();
        }
        let tx_ref = fake
            .txns
            .lock()
            .expect("txns")
            .iter()
            .find(|(_, t)| t.id == id)
            .map(|(r, _)| r.clone());
        answer(&fake, tx_ref.as_deref().unwrap_or_default()).await
    }
    async fn tokenized(
        State(fake): State<Fake>,
        headers: HeaderMap,
        Json(body): Json<Value>,
    ) -> Reply {
        if !authorized(&headers, FLUTTERWAVE_KEY) {
            return unauthorized();
        }
        if body["token"] != "flw-t1nf-fake5e2c-m03k" {
            return (
                StatusCode::BAD_REQUEST,
                Json(json!({"status": "error", "message": "Token not found"})),
            );
        }
        *fake.charges.lock().expect("charges") += 1;
        let tx_ref = body["tx_ref"].as_str().unwrap_or_default().to_owned();
        let amount: f64 = body["amount"]
            .as_str()
            .and_then(|a| a.parse().ok())
            .unwrap_or_default();
        fake.open(
            &tx_ref,
            amount,
            body["currency"].as_str().unwrap_or("NGN"),
            true,
        );
        (
            StatusCode::OK,
            Json(json!({"status": "success", "message": "Charge successful",
            "data": {"tx_ref": tx_ref, "status": "successful", "amount": amount}})),
        )
    }
    let mut fake = fake();
    let router = Router::new()
        .route("/v3/payments", post(payments))
        .route("/v3/transactions/verify_by_reference", get(by_reference))
        .route("/v3/transactions/{id}/verify", get(by_id))
        .route("/v3/tokenized-charges", post(tokenized))
        .with_state(fake.clone());
    fake.base_url = listen(router).await;
    fake
}

impl Fake {
    /// The provider's id of `tx_ref` (what Flutterwave's webhook and redirect carry).
    pub fn id_of(&self, tx_ref: &str) -> i64 {
        self.txns
            .lock()
            .expect("txns")
            .get(tx_ref)
            .map(|t| t.id)
            .unwrap_or_default()
    }
}
