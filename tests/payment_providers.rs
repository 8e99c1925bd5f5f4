//! Paystack and Flutterwave behind the product, each against a local fake speaking its
//! documented API (tests/common/fake_providers.rs), on SQLite and Postgres: a top-up is
//! credited only after the provider confirms it when asked; a slow, failing or lying
//! answer (a smaller amount, another currency, another reference) credits nothing; a
//! saved card is charged through the provider's token; a signed webhook credits once
//! however often it is replayed, and a badly signed one is refused and recorded.

mod common;

use std::time::Duration;

use base64::Engine;
use common::fake_providers::{self, Fake, Mode, FLUTTERWAVE_HASH, FLUTTERWAVE_KEY, PAYSTACK_KEY};
use common::wallets::{balance, open, wallet_path, PAYMENTS};
use common::{Session, TestApp};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn with_fakes(backend: Backend) -> (TestApp, Fake, Fake) {
    let paystack = fake_providers::paystack().await;
    let flutterwave = fake_providers::flutterwave().await;
    let (p, f) = (paystack.base_url.clone(), flutterwave.base_url.clone());
    let app = TestApp::spawn_with(backend, move |config| {
        config.payments.paystack_secret_key = Some(PAYSTACK_KEY.into());
        config.payments.paystack_base_url = p;
        config.payments.flutterwave_secret_key = Some(FLUTTERWAVE_KEY.into());
        config.payments.flutterwave_secret_hash = Some(FLUTTERWAVE_HASH.into());
        config.payments.flutterwave_base_url = f;
        config.payments.timeout = Duration::from_secs(1);
    })
    .await;
    (app, paystack, flutterwave)
}

async fn start(
    app: &TestApp,
    session: &Session,
    wallet: &str,
    provider: &str,
    amount: &str,
) -> Value {
    let reply = app
        .post(
            &wallet_path(wallet, "credit/"),
            Some(&session.access),
            json!({"amount": amount, "provider": provider, "redirect_url": "http://ledgerline.test/payment-completion"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

async fn process(app: &TestApp, session: &Session, provider: &str, tx_ref: &str) -> Value {
    let reply = app
        .post(
            &format!("{PAYMENTS}/{provider}/process-payment/"),
            Some(&session.access),
            json!({"tx_ref": tx_ref, "status": "successful"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

fn tx_ref(started: &Value) -> String {
    started["tx_ref"].as_str().expect("tx_ref").to_owned()
}

async fn webhook(
    app: &TestApp,
    provider: &str,
    headers: &[(&str, String)],
    body: &str,
) -> common::Reply {
    let mut request = reqwest::Client::new()
        .post(format!("{}/api/v1/payments/webhooks/{provider}/", app.base))
        .header("content-type", "application/json")
        .body(body.to_owned());
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.expect("webhook");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    common::Reply {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

fn paystack_signature(body: &str) -> String {
    let mut mac = Hmac::<sha2::Sha512>::new_from_slice(PAYSTACK_KEY.as_bytes()).expect("key");
    mac.update(body.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

fn flutterwave_signature(body: &str) -> String {
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(FLUTTERWAVE_HASH.as_bytes()).expect("key");
    mac.update(body.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

async fn webhook_outcomes(app: &TestApp) -> Vec<(String, String)> {
    let db = app.database().await;
    sqlx::query_as("SELECT provider, outcome FROM payment_webhooks ORDER BY received_at, id")
        .fetch_all(&db.pool)
        .await
        .expect("webhooks")
}

async fn paystack_top_up_is_credited_after_verification_and_its_card_charged_again(
    backend: Backend,
) {
    let (app, paystack, _) = with_fakes(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let started = start(&app, &ada, &wallet, "paystack", "5000.00").await;
    let reference = tx_ref(&started);
    let unpaid = process(&app, &ada, "paystack", &reference).await;
    paystack.pay(&reference);
    let paid = process(&app, &ada, "paystack", &reference).await;
    let cards = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await;
    let card_id = cards.body["data"][0]["id"]
        .as_str()
        .expect("card")
        .to_owned();
    let charged = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "1500.00", "card_id": card_id}),
        )
        .await;

    assert!(
        started["link"]
            .as_str()
            .is_some_and(|l| l.starts_with("https://checkout.paystack.com/")),
        "{started}"
    );
    assert_eq!(unpaid["status"], "pending", "{unpaid}");
    assert_eq!(paid["status"], "successful", "{paid}");
    let card = &cards.body["data"][0];
    assert_eq!(
        (
            card["first6"].clone(),
            card["last4"].clone(),
            card["bank"].clone()
        ),
        (json!("408408"), json!("4081"), json!("TEST BANK"))
    );
    assert_eq!(card["fingerprint"], "SIG_fakeyEXkP9nQk");
    assert_eq!(card["brand"], "visa");
    assert_eq!(charged.status, 200, "{}", charged.body);
    assert_eq!(
        charged.body["data"]["status"], "successful",
        "{}",
        charged.body
    );
    assert_eq!(paystack.charges(), 1);
    assert_eq!(balance(&app, &ada, &wallet).await, "6500.00");
    app.stop().await;
}

async fn lying_slow_or_failing_answers_credit_nothing(backend: Backend) {
    let (app, paystack, flutterwave) = with_fakes(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let mut outcomes = Vec::new();
    for (fake, provider, mode) in [
        (&paystack, "paystack", Mode::SmallerAmount),
        (&paystack, "paystack", Mode::OtherCurrency),
        (&paystack, "paystack", Mode::OtherReference),
        (&paystack, "paystack", Mode::Slow),
        (&paystack, "paystack", Mode::Failing),
        (&flutterwave, "flutterwave", Mode::SmallerAmount),
        (&flutterwave, "flutterwave", Mode::OtherCurrency),
        (&flutterwave, "flutterwave", Mode::Failing),
    ] {
        fake.set_mode(Mode::Honest);
        let reference = tx_ref(&start(&app, &ada, &wallet, provider, "5000.00").await);
        fake.pay(&reference);
        fake.set_mode(mode);
        let settled = process(&app, &ada, provider, &reference).await;
        outcomes.push((
            provider,
            mode,
            settled["status"].as_str().unwrap_or_default().to_owned(),
            reference,
        ));
    }

    let expected = |mode: Mode| match mode {
        Mode::SmallerAmount | Mode::OtherCurrency => "failed",
        _ => "pending",
    };
    for (provider, mode, status, _) in &outcomes {
        assert_eq!(status, expected(*mode), "{provider} {mode:?}");
    }
    assert_eq!(balance(&app, &ada, &wallet).await, "0.00");
    // What stayed pending is credited once the provider answers honestly.
    paystack.set_mode(Mode::Honest);
    let slow = &outcomes[3].3;
    assert_eq!(
        process(&app, &ada, "paystack", slow).await["status"],
        "successful"
    );
    assert_eq!(
        process(&app, &ada, "paystack", slow).await["status"],
        "successful"
    );
    assert_eq!(balance(&app, &ada, &wallet).await, "5000.00");
    let failed = app
        .read(
            &format!("{}?status=failed", wallet_path(&wallet, "transactions/")),
            Some(&ada.access),
        )
        .await;
    assert_eq!(failed.body["data"]["count"], 4, "{}", failed.body);
    assert!(failed.body["data"]["data"][0]["failure_reason"]
        .as_str()
        .is_some_and(|r| r.contains("provider confirmed")));
    app.stop().await;
}

async fn a_paystack_webhook_credits_once_and_a_bad_signature_is_refused_and_recorded(
    backend: Backend,
) {
    let (app, paystack, _) = with_fakes(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    let reference = tx_ref(&start(&app, &ada, &wallet, "paystack", "2500.00").await);
    paystack.pay(&reference);
    // The body claims more than was paid: only the provider's verified answer counts.
    let body = json!({"event": "charge.success", "data": {"reference": reference, "amount": 99_999_999, "currency": "NGN", "status": "success"}}).to_string();

    let forged = webhook(
        &app,
        "paystack",
        &[("x-paystack-signature", "00".repeat(64))],
        &body,
    )
    .await;
    let unsigned = webhook(&app, "paystack", &[], &body).await;
    let after_forged = balance(&app, &ada, &wallet).await;
    let first = webhook(
        &app,
        "paystack",
        &[("x-paystack-signature", paystack_signature(&body))],
        &body,
    )
    .await;
    let replayed = webhook(
        &app,
        "paystack",
        &[("x-paystack-signature", paystack_signature(&body))],
        &body,
    )
    .await;
    let returned = process(&app, &ada, "paystack", &reference).await;

    assert_eq!(forged.status, 400, "{}", forged.body);
    assert_eq!(unsigned.status, 400);
    assert_eq!(after_forged, "0.00");
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.body["outcome"], "credited");
    assert_eq!(replayed.body["outcome"], "settled");
    assert_eq!(returned["status"], "successful");
    assert_eq!(balance(&app, &ada, &wallet).await, "2500.00");
    let outcomes = webhook_outcomes(&app).await;
    let names: Vec<(&str, &str)> = outcomes
        .iter()
        .map(|(p, o)| (p.as_str(), o.as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("paystack", "refused"),
            ("paystack", "refused"),
            ("paystack", "credited"),
            ("paystack", "settled")
        ]
    );
    app.stop().await;
}

async fn flutterwave_top_ups_webhooks_and_tokenized_charges(backend: Backend) {
    let (app, _, flutterwave) = with_fakes(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let first = start(&app, &ada, &wallet, "flutterwave", "1000.00").await;
    let first_ref = tx_ref(&first);
    flutterwave.pay(&first_ref);
    let body = json!({"event": "charge.completed", "data": {"id": flutterwave.id_of(&first_ref), "tx_ref": first_ref, "status": "successful", "amount": 1000, "currency": "NGN"}}).to_string();
    let wrong_hash = webhook(
        &app,
        "flutterwave",
        &[("verif-hash", "guess".into())],
        &body,
    )
    .await;
    let by_hash = webhook(
        &app,
        "flutterwave",
        &[("verif-hash", FLUTTERWAVE_HASH.into())],
        &body,
    )
    .await;
    let replay = webhook(
        &app,
        "flutterwave",
        &[("verif-hash", FLUTTERWAVE_HASH.into())],
        &body,
    )
    .await;

    let second_ref = tx_ref(&start(&app, &ada, &wallet, "flutterwave", "500.00").await);
    flutterwave.pay(&second_ref);
    let signed_body = json!({"type": "charge.completed", "data": {"id": flutterwave.id_of(&second_ref), "tx_ref": second_ref, "status": "successful"}}).to_string();
    let bad_signature = webhook(
        &app,
        "flutterwave",
        &[("flutterwave-signature", flutterwave_signature("{}"))],
        &signed_body,
    )
    .await;
    let by_signature = webhook(
        &app,
        "flutterwave",
        &[("flutterwave-signature", flutterwave_signature(&signed_body))],
        &signed_body,
    )
    .await;

    let cards = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await;
    let card_id = cards.body["data"][0]["id"]
        .as_str()
        .expect("card")
        .to_owned();
    let charged = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "250.00", "card_id": card_id}),
        )
        .await;

    assert!(
        first["link"]
            .as_str()
            .is_some_and(|l| l.starts_with("https://checkout.flutterwave.com/")),
        "{first}"
    );
    assert_eq!(wrong_hash.status, 400, "{}", wrong_hash.body);
    assert_eq!(by_hash.body["outcome"], "credited", "{}", by_hash.body);
    assert_eq!(replay.body["outcome"], "settled");
    assert_eq!(bad_signature.status, 400);
    assert_eq!(
        by_signature.body["outcome"], "credited",
        "{}",
        by_signature.body
    );
    assert_eq!(
        cards.body["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        cards.body
    );
    assert_eq!(cards.body["data"][0]["first6"], "553188");
    assert_eq!(cards.body["data"][0]["exp_year"], 2032);
    assert_eq!(
        charged.body["data"]["status"], "successful",
        "{}",
        charged.body
    );
    assert_eq!(flutterwave.charges(), 1);
    assert_eq!(balance(&app, &ada, &wallet).await, "1750.00");
    let refused = webhook_outcomes(&app)
        .await
        .iter()
        .filter(|(_, o)| o == "refused")
        .count();
    assert_eq!(refused, 2);
    app.stop().await;
}

async fn without_keys_a_real_provider_is_refused_not_served_by_the_sandbox(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let credit = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "10.00", "provider": "flutterwave", "redirect_url": "/wallet"}),
        )
        .await;
    let hook = webhook(
        &app,
        "paystack",
        &[("x-paystack-signature", "ab".into())],
        "{}",
    )
    .await;
    let listed = app
        .read(&format!("{PAYMENTS}/providers/"), Some(&ada.access))
        .await;

    assert_eq!(credit.status, 400, "{}", credit.body);
    assert!(credit.body["provider"][0]
        .as_str()
        .is_some_and(|m| m.contains("FLUTTERWAVE_SECRET_KEY")));
    assert_eq!(hook.status, 400);
    let live: Vec<(Value, Value)> = listed.body["data"]
        .as_array()
        .expect("providers")
        .iter()
        .map(|p| (p["name"].clone(), p["live"].clone()))
        .collect();
    assert_eq!(
        live,
        vec![
            (json!("sandbox"), json!(true)),
            (json!("flutterwave"), json!(false)),
            (json!("paystack"), json!(false))
        ]
    );
    app.stop().await;
}

backend_tests!(
    paystack_top_up_is_credited_after_verification_and_its_card_charged_again,
    lying_slow_or_failing_answers_credit_nothing,
    a_paystack_webhook_credits_once_and_a_bad_signature_is_refused_and_recorded,
    flutterwave_top_ups_webhooks_and_tokenized_charges,
    without_keys_a_real_provider_is_refused_not_served_by_the_sandbox,
);
