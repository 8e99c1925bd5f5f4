//! Mail with one-time links (verification, password reset, invitations) reaches only its
//! recipient: the dev outbox listing exists only in development mode, only for clients on
//! this machine, and never shows a link; the table keeps no link once a mail is delivered.

mod common;

use common::TestApp;
use serde_json::json;
use store::{backend_tests, Backend};

const OUTBOX: &str = "/api/v1/dev/outbox/";
const REGISTER: &str = "/api/v1/accounts/register/";

async fn dev_mode(backend: Backend) -> TestApp {
    TestApp::spawn_with(backend, |config| config.dev_mode = true).await
}

async fn register(app: &TestApp, email: &str) {
    let registered = app
        .post(
            REGISTER,
            None,
            json!({"first_name": "Ada", "last_name": "Obi", "email": email, "password": common::PASSWORD}),
        )
        .await;
    assert_eq!(registered.status, 201, "{}", registered.body);
}

async fn the_mail_outbox_is_not_served_by_default(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    register(&app, "victim@books.ng").await;
    app.mail_to("victim@books.ng").await;

    let listing = app.read(OUTBOX, None).await;

    assert_eq!(listing.status, 404, "{}", listing.body);
    app.stop().await;
}

async fn a_password_reset_link_cannot_be_read_by_anyone_but_its_recipient(backend: Backend) {
    let app = dev_mode(backend).await;
    app.signed_up("victim@books.ng").await;
    let asked = app
        .post(
            "/api/v1/accounts/password/reset/initialize/",
            None,
            json!({"email": "victim@books.ng"}),
        )
        .await;
    assert_eq!(asked.status, 200);
    let token = app.token_mailed_to("victim@books.ng").await;

    let listing = app.read(OUTBOX, None).await;

    assert_eq!(listing.status, 200, "{}", listing.body);
    let mails = listing.body["data"].as_array().expect("mails");
    assert!(mails
        .iter()
        .any(|m| m["subject"] == "Reset your Ledgerline password"));
    assert!(
        !listing.body.to_string().contains(&token),
        "{}",
        listing.body
    );
    assert!(listing.body.to_string().contains("token=[redacted]"));
    app.stop().await;
}

async fn a_proxied_request_to_the_dev_outbox_is_refused(backend: Backend) {
    let app = dev_mode(backend).await;

    let proxied = app
        .client
        .get(format!("{}{OUTBOX}", app.base))
        .header("X-Forwarded-For", "203.0.113.9")
        .send()
        .await
        .expect("request");

    assert_eq!(proxied.status().as_u16(), 404);
    app.stop().await;
}

async fn a_delivered_mail_keeps_no_one_time_link_in_the_database(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    register(&app, "ada@books.ng").await;
    let token = app.token_mailed_to("ada@books.ng").await;

    let db = &app.db.as_ref().expect("database").db;
    let bodies: Vec<String> = sqlx::query_scalar("SELECT body FROM mail_outbox")
        .fetch_all(&db.pool)
        .await
        .expect("bodies");

    assert_eq!(bodies.len(), 1);
    assert!(!bodies[0].contains(&token), "{}", bodies[0]);
    let verified = app
        .post(
            "/api/v1/accounts/email-verification/complete/",
            None,
            json!({ "token": token }),
        )
        .await;
    assert!(
        verified.status < 300,
        "the mailed link still works: {}",
        verified.body
    );
    app.stop().await;
}

backend_tests!(
    the_mail_outbox_is_not_served_by_default,
    a_password_reset_link_cannot_be_read_by_anyone_but_its_recipient,
    a_proxied_request_to_the_dev_outbox_is_refused,
    a_delivered_mail_keeps_no_one_time_link_in_the_database,
);
