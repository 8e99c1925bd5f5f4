//! Subscriptions and payments through the real HTTP API, on SQLite and Postgres: plans
//! and prices, paying by card at the sandbox provider, what a verified success and a
//! declined card do, the plan in force driving permission checks (Basic's restrictions),
//! cancelling, who may manage billing, and isolation between organizations.

mod common;

use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const PAYMENTS: &str = "/api/v1/payments/payments";
const LATEST: &str = "/api/v1/payments/payments/subcription/organization-subscription/latest/";
const ACCEPTED_CARD: &str = "4242424242424242";
const DECLINED_CARD: &str = "4000000000000002";

/// Asks for a checkout link for `plan`; the whole reply.
async fn link(app: &TestApp, session: &Session, plan: &str) -> Value {
    let reply = app
        .post(
            &format!("{PAYMENTS}/sandbox/transaction-link/"),
            Some(&session.access),
            json!({
                "plan": plan,
                "redirect_url": "http://ledgerline.test/license",
                "organization_id": session.organization_id,
            }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// Pays at the sandbox checkout with `card`; the redirect the customer is sent to.
async fn pay(app: &TestApp, tx_ref: &str, card: &str) -> String {
    let reply = app
        .post(
            &format!("/api/v1/payments/sandbox/checkout/{tx_ref}/"),
            None,
            json!({"action": "pay", "card_number": card, "expiry": "12/39", "cvc": "123"}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"]["redirect"]
        .as_str()
        .expect("redirect")
        .to_owned()
}

async fn process(app: &TestApp, session: &Session, tx_ref: &str, status: &str) -> Value {
    let reply = app
        .post(
            &format!("{PAYMENTS}/sandbox/process-payment/"),
            Some(&session.access),
            json!({ "tx_ref": tx_ref, "status": status }),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// Buys `plan` with the accepted test card, start to end.
async fn bought(app: &TestApp, session: &Session, plan: &str) -> Value {
    let offer = link(app, session, plan).await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");
    pay(app, tx_ref, ACCEPTED_CARD).await;
    process(app, session, tx_ref, "successful").await
}

async fn latest(app: &TestApp, session: &Session) -> Value {
    let reply = app
        .read(
            &format!("{LATEST}?organization_id={}", session.organization_id),
            Some(&session.access),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body
}

async fn the_plans_are_listed_with_monthly_prices_in_the_asked_currency(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let path = format!("{PAYMENTS}/subcription/subscription-plans/");

    let naira = app
        .read(
            &format!("{path}?currency=0&page=1&page_size=10"),
            Some(&ada.access),
        )
        .await;
    let dollars = app
        .read(&format!("{path}?currency=1"), Some(&ada.access))
        .await;
    let unknown = app
        .read(&format!("{path}?currency=9"), Some(&ada.access))
        .await;

    assert_eq!(naira.status, 200, "{}", naira.body);
    let plans = naira.body["data"]["data"].as_array().expect("plans");
    let summary: Vec<(&str, &str, &str)> = plans
        .iter()
        .map(|p| {
            (
                p["id"].as_str().unwrap_or_default(),
                p["price"].as_str().unwrap_or_default(),
                p["currency"].as_str().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("basic", "0.00", "NGN"),
            ("professional", "25000.00", "NGN"),
            ("enterprise", "75000.00", "NGN")
        ]
    );
    assert_eq!(naira.body["data"]["count"], 3);
    assert_eq!(dollars.body["data"]["data"][1]["price"], "19.00");
    assert_eq!(unknown.status, 400);
    assert!(unknown.body["currency"].is_array(), "{}", unknown.body);
    app.stop().await;
}

async fn without_a_subscription_none_is_in_force_and_professional_applies(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;

    let body = latest(&app, &ada).await;

    assert!(body["data"].is_null(), "{body}");
    assert_eq!(body["effective_plan"]["id"], "professional");
    app.stop().await;
}

async fn paying_by_card_at_the_sandbox_starts_the_plan_for_a_month(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;

    let offer = link(&app, &ada, "enterprise").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref").to_owned();
    let checkout = app
        .read(
            &format!("/api/v1/payments/sandbox/checkout/{tx_ref}/"),
            None,
        )
        .await;
    let redirect = pay(&app, &tx_ref, ACCEPTED_CARD).await;
    let processed = process(&app, &ada, &tx_ref, "successful").await;
    let body = latest(&app, &ada).await;

    assert_eq!(offer["amount_to_pay"], "75000.00");
    assert!(offer["error"].is_null());
    assert!(offer["link"]
        .as_str()
        .is_some_and(|l| l.ends_with(&format!("/sandbox-checkout/{tx_ref}"))));
    assert_eq!(checkout.body["data"]["checkout"]["amount"], "75000.00");
    assert_eq!(checkout.body["data"]["checkout"]["status"], "pending");
    assert!(redirect.starts_with(&format!(
        "http://ledgerline.test/license?status=successful&tx_ref={tx_ref}&transaction_id=SBX-"
    )));
    assert_eq!(processed["status"], "successful");
    assert_eq!(processed["plan"], "enterprise");
    assert_eq!(body["data"]["plan"]["id"], "enterprise");
    assert_eq!(body["data"]["status"], "active");
    assert_eq!(body["effective_plan"]["name"], "Enterprise");
    let starts =
        chrono::DateTime::parse_from_rfc3339(body["data"]["starts_at"].as_str().expect("start"))
            .expect("date");
    let ends = chrono::DateTime::parse_from_rfc3339(body["data"]["ends_at"].as_str().expect("end"))
        .expect("date");
    assert!(
        (28..=31).contains(&(ends - starts).num_days()),
        "a month: {starts} → {ends}"
    );
    app.stop().await;
}

async fn a_declined_card_fails_the_payment_and_starts_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let offer = link(&app, &ada, "professional").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");

    let redirect = pay(&app, tx_ref, DECLINED_CARD).await;
    let processed = process(&app, &ada, tx_ref, "failed").await;

    assert!(redirect.contains("status=failed"), "{redirect}");
    assert_eq!(processed["status"], "failed");
    assert!(latest(&app, &ada).await["data"].is_null());
    let history = app
        .read(
            &format!(
                "{PAYMENTS}/subcription/transactions/?organization_id={}",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;
    assert_eq!(history.body["data"]["data"][0]["status"], "failed");
    assert_eq!(
        history.body["data"]["data"][0]["failure_reason"],
        "The card was declined."
    );
    app.stop().await;
}

async fn the_status_in_the_redirect_is_not_trusted_the_provider_is_asked(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let offer = link(&app, &ada, "enterprise").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");

    let processed = process(&app, &ada, tx_ref, "successful").await;

    assert_eq!(processed["status"], "pending");
    assert!(latest(&app, &ada).await["data"].is_null());
    app.stop().await;
}

async fn processing_a_payment_twice_starts_one_subscription(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let offer = link(&app, &ada, "professional").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");
    pay(&app, tx_ref, ACCEPTED_CARD).await;

    let first = process(&app, &ada, tx_ref, "successful").await;
    let second = process(&app, &ada, tx_ref, "successful").await;

    assert_eq!(first["subscription_id"], second["subscription_id"]);
    let list = app
        .read(
            &format!(
                "{PAYMENTS}/organization-subscription/?organization_id={}",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;
    assert_eq!(list.body["data"]["count"], 1, "{}", list.body);
    app.stop().await;
}

async fn buying_the_plan_already_held_answers_zero_with_the_reason(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    bought(&app, &ada, "professional").await;

    let again = link(&app, &ada, "professional").await;

    assert_eq!(again["amount_to_pay"], "0.00");
    assert!(again["link"].is_null());
    assert!(again["error"].as_str().is_some_and(
        |e| e.starts_with("Your organization is already on the Professional plan until ")
    ));
    app.stop().await;
}

async fn an_upgrade_is_charged_less_the_unused_part_of_the_paid_month(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    bought(&app, &ada, "professional").await;

    let upgrade = link(&app, &ada, "enterprise").await;

    // Moments into the month almost all of it is unused: nearly 25,000 off 75,000.
    let credit: f64 = upgrade["credit"]
        .as_str()
        .expect("credit")
        .parse()
        .expect("number");
    assert!((24_990.0..=25_000.0).contains(&credit), "{upgrade}");
    assert_eq!(upgrade["price"], "75000.00");
    app.stop().await;
}

async fn a_paid_plan_cannot_start_without_a_payment(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;

    let reply = app
        .post(
            &format!("{PAYMENTS}/organization-subscription/"),
            Some(&ada.access),
            json!({ "plan": "enterprise" }),
        )
        .await;

    assert_eq!(reply.status, 400);
    assert_eq!(
        reply.body["plan"][0],
        "The Enterprise plan is paid: start a payment with a provider's transaction link."
    );
    app.stop().await;
}

async fn on_the_basic_plan_creating_a_workspace_or_inviting_is_a_plan_restriction(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;

    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&ada.access),
            json!({ "plan": "basic", "organization_id": ada.organization_id }),
        )
        .await;
    let workspace = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/workspaces/",
                ada.organization_id
            ),
            Some(&ada.access),
            json!({ "name": "Abuja Office" }),
        )
        .await;
    let invite = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/invitations/",
                ada.organization_id
            ),
            Some(&ada.access),
            json!({ "email": "bola@books.ng", "role": 1, "workspaces": [lagos] }),
        )
        .await;

    assert_eq!(basic.status, 201, "{}", basic.body);
    assert_eq!(latest(&app, &ada).await["data"]["plan"]["id"], "basic");
    assert_eq!(workspace.status, 403, "{}", workspace.body);
    assert_eq!(workspace.body["code"], "plan_restriction");
    assert_eq!(
        workspace.body["detail"],
        "Insufficient plan permissions to access this feature."
    );
    assert_eq!(invite.status, 403, "{}", invite.body);
    assert_eq!(invite.body["code"], "plan_restriction");
    app.stop().await;
}

async fn cancelling_returns_the_organization_to_the_default_plan(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let processed = bought(&app, &ada, "enterprise").await;
    let id = processed["subscription_id"].as_str().expect("id");

    let cancel = format!(
        "{PAYMENTS}/subcription/organization-subscription/{id}/cancel/?organization_id={}",
        ada.organization_id
    );
    let cancelled = app.post(&cancel, Some(&ada.access), json!({})).await;
    let again = app.post(&cancel, Some(&ada.access), json!({})).await;

    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let body = latest(&app, &ada).await;
    assert!(body["data"].is_null(), "{body}");
    assert_eq!(body["effective_plan"]["id"], "professional");
    assert_eq!(again.status, 409);
    let one = app
        .read(
            &format!(
                "{PAYMENTS}/organization-subscription/{id}/?organization_id={}",
                ada.organization_id
            ),
            Some(&ada.access),
        )
        .await;
    assert_eq!(one.body["data"]["status"], "cancelled");
    app.stop().await;
}

async fn only_admins_manage_billing_while_every_member_reads_the_plan(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
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
    let as_editor = Session {
        organization_id: ada.organization_id.clone(),
        ..bola
    };

    let buy = app
        .post(
            &format!("{PAYMENTS}/sandbox/transaction-link/"),
            Some(&as_editor.access),
            json!({"plan": "enterprise", "redirect_url": "/license", "organization_id": ada.organization_id}),
        )
        .await;
    let history = app
        .read(
            &format!(
                "{PAYMENTS}/subcription/transactions/?organization_id={}",
                ada.organization_id
            ),
            Some(&as_editor.access),
        )
        .await;

    assert_eq!(buy.status, 403, "{}", buy.body);
    assert_eq!(buy.body["code"], "role_restriction");
    assert_eq!(history.status, 403);
    assert_eq!(
        latest(&app, &as_editor).await["effective_plan"]["id"],
        "professional"
    );
    app.stop().await;
}

async fn another_organizations_billing_is_out_of_reach(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let offer = link(&app, &ada, "professional").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");
    pay(&app, tx_ref, ACCEPTED_CARD).await;

    let read = app
        .read(
            &format!("{LATEST}?organization_id={}", ada.organization_id),
            Some(&eve.access),
        )
        .await;
    let buy = app
        .post(
            &format!("{PAYMENTS}/sandbox/transaction-link/"),
            Some(&eve.access),
            json!({"plan": "basic", "redirect_url": "/license", "organization_id": ada.organization_id}),
        )
        .await;
    let settle = app
        .post(
            &format!("{PAYMENTS}/sandbox/process-payment/"),
            Some(&eve.access),
            json!({ "tx_ref": tx_ref, "status": "successful" }),
        )
        .await;

    assert_eq!(read.status, 403);
    assert_eq!(buy.status, 403);
    assert_eq!(settle.status, 403);
    assert!(
        latest(&app, &ada).await["data"].is_null(),
        "eve settled nothing"
    );
    assert!(latest(&app, &eve).await["data"].is_null());
    app.stop().await;
}

async fn card_details_are_checked_by_field_and_never_kept(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let offer = link(&app, &ada, "professional").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");
    let checkout = format!("/api/v1/payments/sandbox/checkout/{tx_ref}/");

    let bad = app
        .post(
            &checkout,
            None,
            json!({"action": "pay", "card_number": "4242424242424241", "expiry": "01/20", "cvc": "1"}),
        )
        .await;
    pay(&app, tx_ref, ACCEPTED_CARD).await;
    let twice = app
        .post(
            &checkout,
            None,
            json!({"action": "pay", "card_number": ACCEPTED_CARD, "expiry": "12/39", "cvc": "123"}),
        )
        .await;
    process(&app, &ada, tx_ref, "successful").await;

    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["card_number"][0], "Enter a valid card number.");
    assert!(bad.body["expiry"].is_array());
    assert!(bad.body["cvc"].is_array());
    assert_eq!(twice.status, 409);
    let db = app.database().await;
    let leaks: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM events WHERE CAST(payload AS TEXT) LIKE '%4242424242%' \
         OR CAST(metadata AS TEXT) LIKE '%4242424242%'",
    )
    .fetch_one(&db.pool)
    .await
    .expect("count");
    assert_eq!(leaks, 0, "no card number in the log");
    let shown = app.read(&checkout, None).await;
    assert_eq!(shown.body["data"]["checkout"]["card_last4"], "4242");
    app.stop().await;
}

async fn an_unknown_provider_or_payment_is_not_found(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;

    let provider = app
        .post(
            &format!("{PAYMENTS}/acme-pay/transaction-link/"),
            Some(&ada.access),
            json!({"plan": "basic", "redirect_url": "/license"}),
        )
        .await;
    let payment = app
        .post(
            &format!("{PAYMENTS}/sandbox/process-payment/"),
            Some(&ada.access),
            json!({"tx_ref": "LL-nothing", "status": "successful"}),
        )
        .await;
    let bad_plan = app
        .post(
            &format!("{PAYMENTS}/sandbox/transaction-link/"),
            Some(&ada.access),
            json!({"plan": "gold", "redirect_url": "javascript:alert(1)"}),
        )
        .await;

    // A real provider without its keys on this server is refused by name, never
    // quietly served by the sandbox.
    let not_live = app
        .post(
            &format!("{PAYMENTS}/paystack/transaction-link/"),
            Some(&ada.access),
            json!({"plan": "professional", "redirect_url": "/license"}),
        )
        .await;

    assert_eq!(provider.status, 404);
    assert_eq!(payment.status, 404);
    assert_eq!(not_live.status, 400, "{}", not_live.body);
    assert!(not_live.body["provider"][0]
        .as_str()
        .is_some_and(|m| m.contains("PAYSTACK_SECRET_KEY")));
    assert_eq!(bad_plan.status, 400);
    assert!(bad_plan.body["plan"].is_array() || bad_plan.body["redirect_url"].is_array());
    app.stop().await;
}

async fn admins_are_notified_when_a_payment_succeeds_or_fails(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    bought(&app, &ada, "professional").await;
    let offer = link(&app, &ada, "enterprise").await;
    let tx_ref = offer["tx_ref"].as_str().expect("tx_ref");
    pay(&app, tx_ref, DECLINED_CARD).await;
    process(&app, &ada, tx_ref, "failed").await;

    let mut inbox = Vec::new();
    for _ in 0..200 {
        let reply = app.read("/api/v1/notification/", Some(&ada.access)).await;
        inbox = reply.body["data"]["data"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if inbox.len() >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    let of = |title: &str| inbox.iter().find(|n| n["title"] == title).cloned();
    let succeeded = of("Payment successful").expect("a success notification");
    let failed = of("Payment failed").expect("a failure notification");
    assert_eq!(succeeded["severity"], "success");
    assert!(succeeded["message"]
        .as_str()
        .is_some_and(|m| m.contains("NGN 25000.00") && m.contains("Professional")));
    assert_eq!(failed["severity"], "error");
    assert!(failed["message"]
        .as_str()
        .is_some_and(|m| m.contains("The card was declined.")));
    app.stop().await;
}

async fn taking_a_plan_completes_the_set_up_checklists_plan_step(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let path = format!(
        "/api/v1/accounts/organizations/{}/setup-progress/",
        ada.organization_id
    );
    let plan_step = |body: &Value| {
        body["data"]["steps"]
            .as_array()
            .and_then(|steps| steps.iter().find(|s| s["key"] == "choose_plan"))
            .map(|s| s["completed"].clone())
    };
    let before = app.read(&path, Some(&ada.access)).await;

    bought(&app, &ada, "professional").await;
    let after = app.read(&path, Some(&ada.access)).await;

    assert_eq!(
        plan_step(&before.body),
        Some(json!(false)),
        "{}",
        before.body
    );
    assert_eq!(plan_step(&after.body), Some(json!(true)), "{}", after.body);
    app.stop().await;
}

backend_tests!(
    taking_a_plan_completes_the_set_up_checklists_plan_step,
    admins_are_notified_when_a_payment_succeeds_or_fails,
    the_plans_are_listed_with_monthly_prices_in_the_asked_currency,
    without_a_subscription_none_is_in_force_and_professional_applies,
    paying_by_card_at_the_sandbox_starts_the_plan_for_a_month,
    a_declined_card_fails_the_payment_and_starts_nothing,
    the_status_in_the_redirect_is_not_trusted_the_provider_is_asked,
    processing_a_payment_twice_starts_one_subscription,
    buying_the_plan_already_held_answers_zero_with_the_reason,
    an_upgrade_is_charged_less_the_unused_part_of_the_paid_month,
    a_paid_plan_cannot_start_without_a_payment,
    on_the_basic_plan_creating_a_workspace_or_inviting_is_a_plan_restriction,
    cancelling_returns_the_organization_to_the_default_plan,
    only_admins_manage_billing_while_every_member_reads_the_plan,
    another_organizations_billing_is_out_of_reach,
    card_details_are_checked_by_field_and_never_kept,
    an_unknown_provider_or_payment_is_not_found,
);
