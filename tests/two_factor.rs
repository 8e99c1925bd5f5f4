//! Two-factor authentication through the real HTTP API, on SQLite and on Postgres: set up
//! with a real authenticator secret, enable with a real TOTP code, the second sign-in step,
//! recovery codes, throttling, disabling — codes computed with totp-rs as an authenticator
//! app would.

mod common;

use common::two_factor::{code_at, enabled, now, ENABLE, SETUP};
use common::{TestApp, PASSWORD};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const LOGIN: &str = "/api/v1/accounts/login/";
const ME: &str = "/api/v1/accounts/me/";
const DISABLE: &str = "/api/v1/accounts/2fa/disable/";
const VERIFY: &str = "/api/v1/accounts/2fa/verify/";

/// A code that is certainly not valid now (an hour ahead).
fn wrong_code(secret: &str) -> String {
    code_at(secret, now() + 3600)
}

async fn login(app: &TestApp, email: &str) -> Value {
    let reply = app
        .post(LOGIN, None, json!({"email": email, "password": PASSWORD}))
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

async fn set_up_then_enable_then_sign_in_with_a_real_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;

    let setup = app.post(SETUP, Some(&session.access), json!({})).await;
    assert_eq!(setup.status, 200, "{}", setup.body);
    let secret = setup.body["data"]["secret"].as_str().expect("secret");
    assert_eq!(secret.len(), 32, "160 bits in base32");
    let uri = setup.body["data"]["otpauth_uri"].as_str().expect("uri");
    assert!(
        uri.starts_with("otpauth://totp/Ledgerline:ada%40books.ng?"),
        "{uri}"
    );
    assert!(uri.contains("issuer=Ledgerline"), "{uri}");
    assert!(uri.contains(&format!("secret={secret}")), "{uri}");
    assert!(setup.body["data"]["qr_code"]
        .as_str()
        .is_some_and(|q| q.starts_with("data:image/svg+xml;base64,")));

    // Set up but not enabled: sign-in is still one step.
    let flags = login(&app, "ada@books.ng").await;
    assert_eq!(flags["is_google_authenticator_set"], true);
    assert_eq!(flags["is_two_fa_enabled"], false);
    assert!(flags["access"].is_string());

    let refused = app
        .post(
            ENABLE,
            Some(&session.access),
            json!({"code": wrong_code(secret)}),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body["code"][0].is_string(), "{}", refused.body);

    let at = now();
    let enable = app
        .post(
            ENABLE,
            Some(&session.access),
            json!({"code": code_at(secret, at)}),
        )
        .await;
    assert_eq!(enable.status, 200, "{}", enable.body);
    assert_eq!(
        enable.body["data"]["recovery_codes"]
            .as_array()
            .map(Vec::len),
        Some(10)
    );

    let step_one = login(&app, "ada@books.ng").await;
    assert!(step_one.get("access").is_none(), "{step_one}");
    assert!(step_one.get("refresh").is_none(), "{step_one}");
    assert_eq!(step_one["is_two_fa_enabled"], true);
    assert_eq!(step_one["is_google_authenticator_set"], true);
    let challenge = step_one["challenge"].as_str().expect("challenge");

    let wrong = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "code": wrong_code(secret)}),
        )
        .await;
    assert_eq!(wrong.status, 400, "{}", wrong.body);
    assert!(wrong.body["code"][0].is_string(), "{}", wrong.body);

    // The next step's code: still within the ±1 window, and not the step already used.
    let verified = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "code": code_at(secret, at + 30)}),
        )
        .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    assert_eq!(verified.body["data"]["is_two_fa_enabled"], true);
    assert_eq!(verified.body["data"]["is_google_authenticator_set"], true);
    let access = verified.body["data"]["access"].as_str().expect("access");
    assert!(verified.body["data"]["refresh"].is_string());
    let me = app.read(ME, Some(access)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.body["data"]["email"], "ada@books.ng");

    // A code works once: the same step cannot sign in again.
    let again = login(&app, "ada@books.ng").await;
    let replayed = app
        .post(
            VERIFY,
            None,
            json!({"challenge": again["challenge"], "code": code_at(secret, at + 30)}),
        )
        .await;
    assert_eq!(replayed.status, 400, "{}", replayed.body);
    app.stop().await;
}

async fn a_challenge_works_once_and_expires(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let (_, _, recovery) = enabled(&app, &session).await;

    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    let first = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[0]}),
        )
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    let second = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[1]}),
        )
        .await;
    assert_eq!(second.status, 400, "{}", second.body);
    assert!(second.body["challenge"][0].is_string(), "{}", second.body);

    // Expired (moved five minutes into the past): refused, and the recovery code it was
    // sent with stays unused.
    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    let db = &app.db.as_ref().expect("db").db;
    sqlx::query("UPDATE one_time_tokens SET expires_at = 0 WHERE purpose = 'two_factor_challenge'")
        .execute(&db.pool)
        .await
        .expect("expire");
    let expired = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[1]}),
        )
        .await;
    assert_eq!(expired.status, 400, "{}", expired.body);
    assert!(expired.body["challenge"][0].is_string(), "{}", expired.body);
    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    let fresh = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[1]}),
        )
        .await;
    assert_eq!(fresh.status, 200, "{}", fresh.body);
    app.stop().await;
}

async fn a_recovery_code_works_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let (_, _, recovery) = enabled(&app, &session).await;

    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    // Read out loud and typed back: case and spaces do not matter.
    let typed = recovery[3].to_uppercase().replace('-', " ");
    let used = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": typed}),
        )
        .await;
    assert_eq!(used.status, 200, "{}", used.body);

    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    let reused = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[3]}),
        )
        .await;
    assert_eq!(reused.status, 400, "{}", reused.body);
    assert!(
        reused.body["recovery_code"][0].is_string(),
        "{}",
        reused.body
    );
    let missing = app
        .post(VERIFY, None, json!({"challenge": challenge}))
        .await;
    assert_eq!(missing.status, 400, "{}", missing.body);
    app.stop().await;
}

async fn wrong_codes_count_toward_sign_in_throttling(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let (secret, _, recovery) = enabled(&app, &session).await;

    let challenge = login(&app, "ada@books.ng").await["challenge"].clone();
    for _ in 0..5 {
        let wrong = app
            .post(
                VERIFY,
                None,
                json!({"challenge": challenge, "code": wrong_code(&secret)}),
            )
            .await;
        assert_eq!(wrong.status, 400, "{}", wrong.body);
    }
    let throttled = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[0]}),
        )
        .await;
    assert_eq!(throttled.status, 429, "{}", throttled.body);
    let password_step = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": PASSWORD}),
        )
        .await;
    assert_eq!(password_step.status, 429, "{}", password_step.body);
    app.stop().await;
}

async fn turning_two_factor_on_ends_every_other_session_and_keeps_this_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let here = app.signed_up("ada@books.ng").await;
    let elsewhere = login(&app, "ada@books.ng").await;
    let elsewhere_access = elsewhere["access"].as_str().expect("access").to_owned();
    assert_eq!(app.read(ME, Some(&elsewhere_access)).await.status, 200);

    enabled(&app, &here).await;

    let other = app.read(ME, Some(&elsewhere_access)).await;
    assert_eq!(other.status, 401, "{}", other.body);
    assert_eq!(other.body["code"], "token_not_valid");
    let other_refresh = app
        .post(
            "/api/v1/accounts/token/refresh/",
            None,
            json!({"refresh": elsewhere["refresh"]}),
        )
        .await;
    assert_eq!(other_refresh.status, 401, "{}", other_refresh.body);
    assert_eq!(app.read(ME, Some(&here.access)).await.status, 200);
    app.stop().await;
}

async fn disabling_needs_the_password_and_a_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;

    let not_enabled = app
        .post(
            DISABLE,
            Some(&session.access),
            json!({"password": PASSWORD, "code": "123456"}),
        )
        .await;
    assert_eq!(not_enabled.status, 400, "{}", not_enabled.body);

    let (secret, _, recovery) = enabled(&app, &session).await;
    let again = app.post(SETUP, Some(&session.access), json!({})).await;
    assert_eq!(again.status, 409, "{}", again.body);

    let wrong_password = app
        .post(
            DISABLE,
            Some(&session.access),
            json!({"password": "not-the-password", "recovery_code": recovery[0]}),
        )
        .await;
    assert_eq!(wrong_password.status, 400, "{}", wrong_password.body);
    assert!(wrong_password.body["password"][0].is_string());
    let wrong_code = app
        .post(
            DISABLE,
            Some(&session.access),
            json!({"password": PASSWORD, "code": wrong_code(&secret)}),
        )
        .await;
    assert_eq!(wrong_code.status, 400, "{}", wrong_code.body);
    assert!(wrong_code.body["code"][0].is_string());
    let unauthenticated = app
        .post(
            DISABLE,
            None,
            json!({"password": PASSWORD, "recovery_code": recovery[0]}),
        )
        .await;
    assert_eq!(unauthenticated.status, 401, "{}", unauthenticated.body);

    let disabled = app
        .post(
            DISABLE,
            Some(&session.access),
            json!({"password": PASSWORD, "recovery_code": recovery[0]}),
        )
        .await;
    assert_eq!(disabled.status, 200, "{}", disabled.body);

    let flags = login(&app, "ada@books.ng").await;
    assert_eq!(flags["is_two_fa_enabled"], false);
    assert_eq!(flags["is_google_authenticator_set"], false);
    assert!(flags["access"].is_string());
    assert!(flags.get("challenge").is_none());
    app.stop().await;
}

/// The `two_factor.secret` column of `email`'s row, as a copy of the database shows it.
async fn stored_secret(app: &TestApp, email: &str) -> String {
    let db = app.database().await;
    sqlx::query_scalar(
        "SELECT t.secret FROM two_factor t JOIN users u ON u.id = t.user_id WHERE u.email = $1",
    )
    .bind(email)
    .fetch_one(&db.pool)
    .await
    .expect("stored secret")
}

async fn a_secret_is_stored_sealed_never_as_the_authenticator_sees_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let (secret, _, _) = enabled(&app, &session).await;

    let stored = stored_secret(&app, "ada@books.ng").await;
    assert!(stored.starts_with("v1."), "{stored}");
    assert!(
        !stored.contains(&secret),
        "the stored row holds the secret in clear"
    );
    app.stop().await;
}

async fn a_secret_stored_before_sealing_is_sealed_at_start_and_still_signs_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let (secret, at, _) = enabled(&app, &session).await;
    let db = app.database().await;
    sqlx::query("UPDATE two_factor SET secret = $1")
        .bind(&secret)
        .execute(&db.pool)
        .await
        .expect("write the secret in clear, as an older version did");

    let restarted = app.another_node(|_| {}).await;
    let stored = stored_secret(&app, "ada@books.ng").await;
    assert!(
        stored.starts_with("v1.") && !stored.contains(&secret),
        "{stored}"
    );
    let challenge = login(&restarted, "ada@books.ng").await["challenge"].clone();
    let verified = restarted
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "code": code_at(&secret, at + 30)}),
        )
        .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    restarted.stop().await;
    app.stop().await;
}

async fn the_status_route_tells_whether_sign_in_asks_for_a_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let status = "/api/v1/accounts/2fa/status/";
    let before = app.read(status, Some(&session.access)).await;
    assert_eq!(before.status, 200, "{}", before.body);
    assert_eq!(before.body["data"]["is_two_fa_enabled"], false);

    enabled(&app, &session).await;

    let after = app.read(status, Some(&session.access)).await;
    assert_eq!(after.body["data"]["is_two_fa_enabled"], true);
    assert_eq!(after.body["data"]["is_google_authenticator_set"], true);
    app.stop().await;
}

backend_tests!(
    set_up_then_enable_then_sign_in_with_a_real_code,
    a_challenge_works_once_and_expires,
    a_recovery_code_works_once,
    wrong_codes_count_toward_sign_in_throttling,
    turning_two_factor_on_ends_every_other_session_and_keeps_this_one,
    disabling_needs_the_password_and_a_code,
    a_secret_is_stored_sealed_never_as_the_authenticator_sees_it,
    a_secret_stored_before_sealing_is_sealed_at_start_and_still_signs_in,
    the_status_route_tells_whether_sign_in_asks_for_a_code,
);
