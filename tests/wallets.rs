//! Wallets through the real HTTP API, on SQLite and Postgres: opening one per currency,
//! topping up through the sandbox provider (credited only once the provider confirms,
//! once per transaction), saved cards, debits that never take the balance below zero
//! (also under 32 concurrent requests, each Idempotency-Key acting once), bad input and the
//! transactions grid's filters. Paying a plan and who may do what: tests/wallet_access.rs.

mod common;

use common::wallets::{
    balance, open, pay, process, start_top_up, topped_up, wallet_path, ACCEPTED_CARD,
    DECLINED_CARD, PAYMENTS,
};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn debit(app: &TestApp, session: &Session, wallet: &str, body: Value) -> common::Reply {
    app.post(&wallet_path(wallet, "debit/"), Some(&session.access), body)
        .await
}

async fn transactions(
    app: &TestApp,
    session: &Session,
    wallet: &str,
    query: &str,
) -> common::Reply {
    app.read(
        &format!("{}?{query}", wallet_path(wallet, "transactions/")),
        Some(&session.access),
    )
    .await
}

async fn a_wallet_opens_once_per_currency_and_is_renamed_or_frozen(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;

    let naira = open(&app, &ada, "NGN").await;
    let again = app
        .post(
            &format!("{PAYMENTS}/wallet/"),
            Some(&ada.access),
            json!({"organization_id": ada.organization_id, "name": "Second", "currency": "0"}),
        )
        .await;
    let euro = app
        .post(
            &format!("{PAYMENTS}/wallet/"),
            Some(&ada.access),
            json!({"organization_id": ada.organization_id, "name": "Euro", "currency": "EUR"}),
        )
        .await;
    let dollars = open(&app, &ada, "USD").await;
    let listed = app
        .read(
            &format!(
                "{PAYMENTS}/organizations/{}/wallets/?page=1&page_size=10",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;
    let mine = app
        .read(&format!("{PAYMENTS}/wallet/"), Some(&ada.access))
        .await;
    let renamed = app
        .patch(
            &wallet_path(&naira, ""),
            Some(&ada.access),
            json!({"name": "Main", "status": "frozen"}),
        )
        .await;
    let frozen_debit = debit(
        &app,
        &ada,
        &naira,
        json!({"amount": "1.00", "description": "x"}),
    )
    .await;
    let bad_status = app
        .patch(
            &wallet_path(&naira, ""),
            Some(&ada.access),
            json!({"status": "closed"}),
        )
        .await;

    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(euro.status, 400);
    assert!(euro.body["currency"].is_array(), "{}", euro.body);
    assert_ne!(naira, dollars);
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.body["data"]["count"], 2);
    let currencies: Vec<&str> = listed.body["data"]["data"]
        .as_array()
        .expect("wallets")
        .iter()
        .map(|w| w["currency"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(currencies, vec!["NGN", "USD"]);
    assert_eq!(listed.body["data"]["data"][0]["balance"], "0.00");
    assert_eq!(mine.body["data"]["count"], 2, "{}", mine.body);
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(renamed.body["data"]["name"], "Main");
    assert_eq!(renamed.body["data"]["status"], "frozen");
    assert_eq!(frozen_debit.status, 409, "{}", frozen_debit.body);
    assert_eq!(bad_status.status, 400);
    app.stop().await;
}

async fn a_top_up_is_credited_only_once_the_provider_confirms_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let started = start_top_up(&app, &ada, &wallet, "5000.00").await;
    let tx_ref = started["tx_ref"].as_str().expect("tx_ref").to_owned();
    // The redirect claims success before anything was paid: the provider is asked.
    let claimed = process(&app, &ada, &tx_ref, "successful").await;
    let before = balance(&app, &ada, &wallet).await;
    pay(&app, &tx_ref, ACCEPTED_CARD).await;
    let settled = process(&app, &ada, &tx_ref, "successful").await;
    let again = process(&app, &ada, &tx_ref, "successful").await;
    let after = balance(&app, &ada, &wallet).await;

    assert_eq!(started["status"], "pending");
    assert!(started["link"]
        .as_str()
        .is_some_and(|l| l.contains("/sandbox-checkout/")));
    assert_eq!(claimed["status"], "pending", "{claimed}");
    assert_eq!(before, "0.00");
    assert_eq!(settled["status"], "successful", "{settled}");
    assert_eq!(settled["wallet_id"], wallet.as_str());
    assert_eq!(again["status"], "successful");
    assert_eq!(after, "5000.00");
    let credits = transactions(&app, &ada, &wallet, "transaction_type=credit").await;
    assert_eq!(credits.body["data"]["count"], 1, "{}", credits.body);
    assert_eq!(credits.body["data"]["data"][0]["balance_after"], "5000.00");
    app.stop().await;
}

async fn a_declined_card_credits_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;

    let started = start_top_up(&app, &ada, &wallet, "5000.00").await;
    let tx_ref = started["tx_ref"].as_str().expect("tx_ref");
    pay(&app, tx_ref, DECLINED_CARD).await;
    let settled = process(&app, &ada, tx_ref, "successful").await;

    assert_eq!(settled["status"], "failed", "{settled}");
    assert_eq!(settled["failure_reason"], "The card was declined.");
    assert_eq!(balance(&app, &ada, &wallet).await, "0.00");
    let cards = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await;
    assert_eq!(cards.body["data"], json!([]));
    app.stop().await;
}

async fn a_paying_card_is_saved_charged_again_and_removed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "1000.00").await;
    topped_up(&app, &ada, &wallet, "1000.00").await;

    let cards = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await;
    let card = cards.body["data"][0].clone();
    let card_id = card["id"].as_str().expect("card id").to_owned();
    let charged = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "250.50", "card_id": card_id}),
        )
        .await;
    let removed = app
        .post(
            &wallet_path(&wallet, &format!("cards/{card_id}/remove/")),
            Some(&ada.access),
            json!({}),
        )
        .await;
    let after = app
        .read(&wallet_path(&wallet, "cards/"), Some(&ada.access))
        .await;
    let charge_removed = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "10.00", "card_id": card_id}),
        )
        .await;

    // The same card paying twice is saved once; only what identifies it is kept.
    assert_eq!(
        cards.body["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        cards.body
    );
    assert_eq!(card["first6"], "424242");
    assert_eq!(card["last4"], "4242");
    assert_eq!(card["brand"], "visa");
    assert_eq!(
        (card["exp_month"].clone(), card["exp_year"].clone()),
        (json!(12), json!(2039))
    );
    assert!(!cards.body.to_string().contains(ACCEPTED_CARD));
    assert!(card.get("token").is_none(), "{card}");
    assert_eq!(charged.status, 200, "{}", charged.body);
    assert_eq!(
        charged.body["data"]["status"], "successful",
        "{}",
        charged.body
    );
    assert_eq!(balance(&app, &ada, &wallet).await, "2250.50");
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(after.body["data"], json!([]));
    assert_eq!(charge_removed.status, 404, "{}", charge_removed.body);
    let log = app.database().await;
    let payloads: Vec<String> = sqlx::query_scalar("SELECT CAST(payload AS TEXT) FROM events")
        .fetch_all(&log.pool)
        .await
        .expect("events");
    assert!(payloads
        .iter()
        .all(|p| !p.contains(ACCEPTED_CARD) && !p.contains("\"cvc\"")));
    app.stop().await;
}

async fn bad_amounts_currencies_and_wallets_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "100.00").await;
    let unknown = uuid::Uuid::now_v7().to_string();

    let field = |reply: &common::Reply, name: &str| {
        assert_eq!(reply.status, 400, "{}", reply.body);
        assert!(reply.body[name].is_array(), "{}", reply.body);
    };
    for amount in [
        json!("-5.00"),
        json!("0"),
        json!("0.00"),
        json!("1.001"),
        json!(5),
        json!("abc"),
    ] {
        let reply = debit(
            &app,
            &ada,
            &wallet,
            json!({"amount": amount, "description": "x"}),
        )
        .await;
        field(&reply, "amount");
        let credit = app
            .post(
                &wallet_path(&wallet, "credit/"),
                Some(&ada.access),
                json!({"amount": amount, "provider": "sandbox", "redirect_url": "/wallet"}),
            )
            .await;
        field(&credit, "amount");
    }
    field(
        &debit(
            &app,
            &ada,
            &wallet,
            json!({"amount": "100.01", "description": "x"}),
        )
        .await,
        "amount",
    );
    field(
        &debit(
            &app,
            &ada,
            &wallet,
            json!({"amount": "1.00", "description": "x", "currency": "USD"}),
        )
        .await,
        "currency",
    );
    field(
        &debit(
            &app,
            &ada,
            &wallet,
            json!({"amount": "1.00", "description": " "}),
        )
        .await,
        "description",
    );
    let no_provider = app
        .post(
            &wallet_path(&wallet, "credit/"),
            Some(&ada.access),
            json!({"amount": "1.00", "provider": "paypal", "redirect_url": "/wallet"}),
        )
        .await;
    let to_unknown = debit(
        &app,
        &ada,
        &unknown,
        json!({"amount": "1.00", "description": "x"}),
    )
    .await;
    let read_unknown = app
        .read(&wallet_path(&unknown, ""), Some(&ada.access))
        .await;
    let malformed = app
        .read(&wallet_path("not-a-wallet", ""), Some(&ada.access))
        .await;

    assert_eq!(no_provider.status, 404, "{}", no_provider.body);
    assert_eq!(to_unknown.status, 404);
    assert_eq!(read_unknown.status, 404);
    assert_eq!(malformed.status, 404);
    assert_eq!(balance(&app, &ada, &wallet).await, "100.00");
    let debits = transactions(&app, &ada, &wallet, "transaction_type=debit").await;
    assert_eq!(debits.body["data"]["count"], 0, "{}", debits.body);
    app.stop().await;
}

async fn concurrent_debits_never_go_below_zero_and_each_key_acts_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "100.00").await;
    let path = wallet_path(&wallet, "debit/");
    let body = json!({"amount": "10.00", "description": "Team lunch"});

    let burst = |round: &'static str| {
        let (app, ada, path, body) = (&app, &ada, &path, &body);
        futures::future::join_all((0..32).map(move |i| async move {
            let _ = round;
            app.post_keyed(path, &ada.access, &format!("debit-{i}"), body.clone())
                .await
        }))
    };
    let first = burst("first").await;
    let replayed = burst("again").await;

    let statuses: Vec<u16> = first.iter().map(|r| r.status).collect();
    let debited = statuses.iter().filter(|s| **s == 201).count();
    assert!(
        statuses.iter().all(|s| [201, 400].contains(s)),
        "{statuses:?}"
    );
    assert_eq!(debited, 10, "{statuses:?}");
    assert_eq!(balance(&app, &ada, &wallet).await, "0.00");
    for (a, b) in first.iter().zip(&replayed) {
        assert_eq!((a.status, &a.body), (b.status, &b.body));
    }
    let debits = transactions(&app, &ada, &wallet, "transaction_type=debit&page_size=100").await;
    assert_eq!(debits.body["data"]["count"], 10, "{}", debits.body);
    let afters: std::collections::BTreeSet<String> = debits.body["data"]["data"]
        .as_array()
        .expect("debits")
        .iter()
        .map(|d| d["balance_after"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        afters.len(),
        10,
        "each debit saw the balance the one before left"
    );
    app.stop().await;
}

async fn the_transactions_grid_filters_by_user_status_type_and_time(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let wallet = open(&app, &ada, "NGN").await;
    topped_up(&app, &ada, &wallet, "500.00").await;
    start_top_up(&app, &ada, &wallet, "20.00").await;
    for _ in 0..2 {
        let reply = debit(
            &app,
            &ada,
            &wallet,
            json!({"amount": "50.00", "description": "Fees"}),
        )
        .await;
        assert_eq!(reply.status, 201, "{}", reply.body);
    }
    let today = chrono::Utc::now().date_naive();
    let count = |reply: common::Reply| {
        assert_eq!(reply.status, 200, "{}", reply.body);
        reply.body["data"]["count"].clone()
    };

    assert_eq!(count(transactions(&app, &ada, &wallet, "").await), 4);
    assert_eq!(
        count(transactions(&app, &ada, &wallet, "transaction_type=debit").await),
        2
    );
    assert_eq!(
        count(transactions(&app, &ada, &wallet, "status=pending").await),
        1
    );
    assert_eq!(
        count(transactions(&app, &ada, &wallet, &format!("user_id={}", ada.user_id)).await),
        4
    );
    let stranger = uuid::Uuid::now_v7();
    assert_eq!(
        count(transactions(&app, &ada, &wallet, &format!("user_id={stranger}")).await),
        0
    );
    assert_eq!(
        count(
            transactions(
                &app,
                &ada,
                &wallet,
                &format!("created_datetime__date={today}")
            )
            .await
        ),
        4
    );
    assert_eq!(
        count(
            transactions(
                &app,
                &ada,
                &wallet,
                "created_datetime__lt=2020-01-01T00:00:00Z"
            )
            .await
        ),
        0
    );
    assert_eq!(
        count(transactions(&app, &ada, &wallet, "created_datetime__gte=2020-01-01").await),
        4
    );
    assert_eq!(
        count(
            transactions(
                &app,
                &ada,
                &wallet,
                "created_datetime__gt=2999-01-01T00:00:00Z"
            )
            .await
        ),
        0
    );
    assert_eq!(
        count(
            transactions(
                &app,
                &ada,
                &wallet,
                "created_datetime__lte=2999-01-01T00:00:00Z"
            )
            .await
        ),
        4
    );
    assert_eq!(
        count(transactions(&app, &ada, &wallet, "created_datetime=2020-01-01T00:00:00Z").await),
        0
    );
    let page = transactions(&app, &ada, &wallet, "page=2&page_size=3").await;
    assert_eq!(
        page.body["data"]["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        page.body
    );
    for bad in [
        "status=done",
        "transaction_type=refund",
        "created_datetime__gte=yesterday",
        "created_datetime__date=2026-13-01",
        "user_id=ada",
    ] {
        let reply = transactions(&app, &ada, &wallet, bad).await;
        assert_eq!(reply.status, 400, "{bad}: {}", reply.body);
    }
    app.stop().await;
}

backend_tests!(
    a_wallet_opens_once_per_currency_and_is_renamed_or_frozen,
    a_top_up_is_credited_only_once_the_provider_confirms_it,
    a_declined_card_credits_nothing,
    a_paying_card_is_saved_charged_again_and_removed,
    bad_amounts_currencies_and_wallets_are_refused,
    concurrent_debits_never_go_below_zero_and_each_key_acts_once,
    the_transactions_grid_filters_by_user_status_type_and_time,
);
