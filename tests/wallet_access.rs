//! Wallets and the rest of the product, through the real HTTP API on SQLite and
//! Postgres: a plan paid from the wallet goes through the billing's own payment (one
//! append with the debit), another organization's wallet is not found by any route, and
//! only those who manage billing move money.

mod common;

use common::wallets::{balance, open, topped_up, wallet_path, PAYMENTS};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn debit(app: &TestApp, session: &Session, wallet: &str, body: Value) -> common::Reply {
    app.post(&wallet_path(wallet, "debit/"), Some(&session.access), body)
        .await
}

async fn a_plan_is_paid_from_the_wallet_through_the_billing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "30000.00").await;

    let short = debit(&app, &ada, &wallet, json!({"plan": "enterprise"})).await;
    let wrong_price = debit(
        &app,
        &ada,
        &wallet,
        json!({"plan": "professional", "amount": "1.00"}),
    )
    .await;
    let paid = debit(
        &app,
        &ada,
        &wallet,
        json!({"plan": "professional", "amount": "25000.00"}),
    )
    .await;
    let latest = app
        .read(
            &format!(
                "{PAYMENTS}/subcription/organization-subscription/latest/?organization_id={}",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;
    let payments = app
        .read(
            &format!(
                "{PAYMENTS}/subcription/transactions/?organization_id={}",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;

    assert_eq!(short.status, 400, "{}", short.body);
    assert!(short.body["amount"].is_array(), "{}", short.body);
    assert_eq!(wrong_price.status, 400, "{}", wrong_price.body);
    assert_eq!(paid.status, 201, "{}", paid.body);
    assert_eq!(paid.body["data"]["amount"], "25000.00");
    assert_eq!(
        paid.body["data"]["description"],
        "Professional plan, one month"
    );
    assert_eq!(balance(&app, &ada, &wallet).await, "5000.00");
    assert_eq!(
        latest.body["data"]["plan"]["id"], "professional",
        "{}",
        latest.body
    );
    let payment = &payments.body["data"]["data"][0];
    assert_eq!(payment["provider"], "wallet", "{}", payments.body);
    assert_eq!(payment["status"], "successful");
    assert_eq!(payment["tx_ref"], paid.body["data"]["reference"]);
    app.stop().await;
}

async fn another_organizations_wallet_is_not_found_and_editors_move_no_money(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "100.00").await;
    let card = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await
        .body["data"][0]["id"]
        .as_str()
        .expect("card")
        .to_owned();

    let attempts = [
        app.read(&wallet_path(&wallet, ""), Some(&eve.access)).await,
        app.patch(
            &wallet_path(&wallet, ""),
            Some(&eve.access),
            json!({"name": "Mine"}),
        )
        .await,
        app.read(&wallet_path(&wallet, "cards/"), Some(&eve.access))
            .await,
        app.read(&wallet_path(&wallet, "transactions/"), Some(&eve.access))
            .await,
        debit(
            &app,
            &eve,
            &wallet,
            json!({"amount": "1.00", "description": "x"}),
        )
        .await,
        app.post(
            &wallet_path(&wallet, "credit/"),
            Some(&eve.access),
            json!({"amount": "1.00", "card_id": card}),
        )
        .await,
        app.post(
            &wallet_path(&wallet, &format!("cards/{card}/remove/")),
            Some(&eve.access),
            json!({}),
        )
        .await,
    ];
    let listed = app
        .read(
            &format!("{PAYMENTS}/organizations/{}/wallets/", ada.organization_id),
            Some(&eve.access),
        )
        .await;

    for reply in &attempts {
        assert_eq!(reply.status, 404, "{}", reply.body);
    }
    assert_eq!(listed.status, 403, "{}", listed.body);
    assert_eq!(balance(&app, &ada, &wallet).await, "100.00");

    let lagos = app.workspace(&ada, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    let sent = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/invitations/",
                ada.organization_id
            ),
            Some(&ada.access),
            json!({ "email": "bola@books.ng", "role": 1, "workspaces": [lagos] }),
        )
        .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let token = app.token_mailed_to("bola@books.ng").await;
    let accepted = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let editor_debit = debit(
        &app,
        &bola,
        &wallet,
        json!({"amount": "1.00", "description": "x"}),
    )
    .await;
    assert_eq!(editor_debit.status, 403, "{}", editor_debit.body);
    assert_eq!(editor_debit.body["code"], "role_restriction");
    app.stop().await;
}

backend_tests!(
    a_plan_is_paid_from_the_wallet_through_the_billing,
    another_organizations_wallet_is_not_found_and_editors_move_no_money,
);
