//! Wallet helpers shared by the wallet tests: open a wallet, top it up through the
//! sandbox provider's checkout, read its balance.

use serde_json::{json, Value};

use super::{Session, TestApp};

pub const PAYMENTS: &str = "/api/v1/payments/payments";
/// The embedded provider every test pays through.
pub const PROVIDER: &str = "sandbox";
pub const ACCEPTED_CARD: &str = "4242424242424242";
pub const DECLINED_CARD: &str = "4000000000000002";

pub fn wallet_path(id: &str, rest: &str) -> String {
    format!("{PAYMENTS}/wallet/{id}/{rest}")
}

/// Opens `session`'s organization's wallet in `currency`; its id.
pub async fn open(app: &TestApp, session: &Session, currency: &str) -> String {
    let reply = app
        .post(
            &format!("{PAYMENTS}/wallet/"),
            Some(&session.access),
            json!({"organization_id": session.organization_id, "name": "Operating", "currency": currency}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.body["data"]["id"].as_str().expect("id").to_owned()
}

/// Starts a top-up of `amount` through the sandbox's checkout; the answer's data.
pub async fn start_top_up(app: &TestApp, session: &Session, wallet: &str, amount: &str) -> Value {
    let reply = app
        .post(
            &wallet_path(wallet, "credit/"),
            Some(&session.access),
            json!({"amount": amount, "provider": PROVIDER, "redirect_url": "http://ledgerline.test/payment-completion"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// Pays at the sandbox checkout with `card`.
pub async fn pay(app: &TestApp, tx_ref: &str, card: &str) {
    let reply = app
        .post(
            &format!("/api/v1/payments/sandbox/checkout/{tx_ref}/"),
            None,
            json!({"action": "pay", "card_number": card, "expiry": "12/39", "cvc": "123"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
}

/// What the customer's return posts (`status` is the redirect's claim); the data.
pub async fn process(app: &TestApp, session: &Session, tx_ref: &str, status: &str) -> Value {
    let reply = app
        .post(
            &format!("{PAYMENTS}/{PROVIDER}/process-payment/"),
            Some(&session.access),
            json!({"tx_ref": tx_ref, "status": status}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// Tops `wallet` up by `amount` with the accepted card, start to end.
pub async fn topped_up(app: &TestApp, session: &Session, wallet: &str, amount: &str) {
    let started = start_top_up(app, session, wallet, amount).await;
    let tx_ref = started["tx_ref"].as_str().expect("tx_ref");
    pay(app, tx_ref, ACCEPTED_CARD).await;
    let settled = process(app, session, tx_ref, "successful").await;
    assert_eq!(settled["status"], "successful", "{settled}");
}

pub async fn balance(app: &TestApp, session: &Session, wallet: &str) -> String {
    let reply = app
        .read(&wallet_path(wallet, ""), Some(&session.access))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"]["balance"]
        .as_str()
        .expect("balance")
        .to_owned()
}
