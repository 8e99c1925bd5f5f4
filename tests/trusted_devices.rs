//! "Trust this device" on the two-factor sign-in step, through the real HTTP API on SQLite
//! and on Postgres: a trusted device skips the code at its user's next password sign-ins
//! (never without the password, never for another user); the trust expires, can be
//! forgotten, and ends when the password changes, when two-factor authentication is
//! turned off or on again, and on "sign out everywhere". The token is stored as a hash.

mod common;

use common::{Session, TestApp, PASSWORD};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const LOGIN: &str = "/api/v1/accounts/login/";
const DISABLE: &str = "/api/v1/accounts/2fa/disable/";
const VERIFY: &str = "/api/v1/accounts/2fa/verify/";
const TRUSTED: &str = "/api/v1/accounts/trusted-devices/";

/// Turns 2FA on: the recovery codes (each signs in once).
async fn enabled(app: &TestApp, session: &Session) -> Vec<String> {
    common::two_factor::enabled(app, session).await.2
}

async fn login_with(
    app: &TestApp,
    email: &str,
    password: &str,
    device_token: Option<&str>,
) -> Value {
    let reply = app
        .post(
            LOGIN,
            None,
            json!({"email": email, "password": password, "device_token": device_token}),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// Signs in with the password and a recovery code, ticking "Trust this device": the
/// session and the device token.
async fn trusted_sign_in(app: &TestApp, email: &str, recovery_code: &str) -> (Value, String) {
    let challenge = login_with(app, email, PASSWORD, None).await["challenge"].clone();
    assert!(challenge.is_string(), "a second step is due");
    let verified = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery_code, "trust_device": true}),
        )
        .await;
    assert_eq!(verified.status, 200, "{}", verified.body);
    let token = verified.body["data"]["device_token"]
        .as_str()
        .expect("a device token")
        .to_owned();
    (verified.body["data"].clone(), token)
}

fn asks_for_a_code(answer: &Value) -> bool {
    answer["challenge"].is_string() && answer.get("access").is_none()
}

async fn a_trusted_device_skips_the_code_at_the_next_sign_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;

    let again = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;

    assert!(again["access"].is_string(), "{again}");
    assert!(again["refresh"].is_string(), "{again}");
    assert!(again.get("challenge").is_none(), "{again}");
    assert_eq!(again["is_two_fa_enabled"], true);
    let untrusted = login_with(&app, "ada@books.ng", PASSWORD, None).await;
    assert!(asks_for_a_code(&untrusted), "{untrusted}");
    let store = store::EventStore::open(app.database().await)
        .await
        .expect("store");
    let methods: Vec<String> = store::testing::read_all_committed(&store)
        .await
        .iter()
        .filter(|e| e.event_type == "UserSignedIn")
        .filter_map(|e| e.payload.str_field("method"))
        .collect();
    assert_eq!(
        methods.last().map(String::as_str),
        Some("trusted_device"),
        "the sign-in without a code is recorded as such: {methods:?}"
    );
    app.stop().await;
}

async fn the_second_step_without_trust_gives_no_device_token(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let challenge = login_with(&app, "ada@books.ng", PASSWORD, None).await["challenge"].clone();

    let verified = app
        .post(
            VERIFY,
            None,
            json!({"challenge": challenge, "recovery_code": recovery[0]}),
        )
        .await;

    assert_eq!(verified.status, 200, "{}", verified.body);
    assert!(verified.body["data"].get("device_token").is_none());
    let listed = app.read(TRUSTED, Some(&session.access)).await;
    assert_eq!(listed.body["data"], json!([]), "{}", listed.body);
    app.stop().await;
}

async fn a_trust_token_without_the_password_signs_nobody_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;

    let refused = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": "not-the-password", "device_token": token}),
        )
        .await;

    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.get("data").is_none(), "{}", refused.body);
    app.stop().await;
}

async fn another_users_trust_token_does_not_skip_the_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let ada_recovery = enabled(&app, &ada).await;
    let bola = app.signed_up("bola@books.ng").await;
    enabled(&app, &bola).await;
    let (_, ada_token) = trusted_sign_in(&app, "ada@books.ng", &ada_recovery[0]).await;

    let bola_login = login_with(&app, "bola@books.ng", PASSWORD, Some(&ada_token)).await;

    assert!(asks_for_a_code(&bola_login), "{bola_login}");
    app.stop().await;
}

async fn an_expired_trust_does_not_skip_the_code(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;
    let db = app.database().await;
    // Thirty days later, as the stored expiry sees it.
    sqlx::query("UPDATE trusted_devices SET expires_at = created_at - 1")
        .execute(&db.pool)
        .await
        .expect("age the trust");

    let later = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;

    assert!(asks_for_a_code(&later), "{later}");
    let listed = app.read(TRUSTED, Some(&session.access)).await;
    assert_eq!(listed.body["data"], json!([]), "{}", listed.body);
    app.stop().await;
}

async fn a_forgotten_device_asks_for_the_code_again(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (signed, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;
    let access = signed["access"].as_str().expect("access");
    let listed = app.read(TRUSTED, Some(access)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let rows = listed.body["data"].as_array().expect("list");
    assert_eq!(rows.len(), 1, "{}", listed.body);
    assert!(
        !listed.body.to_string().contains(&token),
        "the list shows the token"
    );
    let id = rows[0]["id"].as_str().expect("id");

    let forgotten = app.delete(&format!("{TRUSTED}{id}/"), Some(access)).await;

    assert_eq!(forgotten.status, 200, "{}", forgotten.body);
    let later = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;
    assert!(asks_for_a_code(&later), "{later}");
    let again = app.delete(&format!("{TRUSTED}{id}/"), Some(access)).await;
    assert_eq!(again.status, 404, "{}", again.body);
    app.stop().await;
}

async fn a_device_of_another_user_cannot_be_forgotten(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &ada).await;
    let (signed, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;
    let listed = app.read(TRUSTED, signed["access"].as_str()).await;
    let id = listed.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let bola = app.signed_up("bola@books.ng").await;

    let refused = app
        .delete(&format!("{TRUSTED}{id}/"), Some(&bola.access))
        .await;

    assert_eq!(refused.status, 404, "{}", refused.body);
    let later = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;
    assert!(later["access"].is_string(), "{later}");
    app.stop().await;
}

async fn changing_the_password_forgets_trusted_devices(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;

    let changed = app
        .post(
            "/api/v1/accounts/password/change/",
            Some(&session.access),
            json!({"current_password": PASSWORD, "new_password": "new-pass-2027"}),
        )
        .await;

    assert_eq!(changed.status, 200, "{}", changed.body);
    let later = login_with(&app, "ada@books.ng", "new-pass-2027", Some(&token)).await;
    assert!(asks_for_a_code(&later), "{later}");
    app.stop().await;
}

async fn signing_out_everywhere_forgets_trusted_devices(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;

    let ended = app
        .post(
            "/api/v1/accounts/sessions/sign-out-others/",
            Some(&session.access),
            json!({}),
        )
        .await;

    assert_eq!(ended.status, 200, "{}", ended.body);
    let later = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;
    assert!(asks_for_a_code(&later), "{later}");
    app.stop().await;
}

async fn turning_two_factor_off_and_on_again_forgets_trusted_devices(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;

    let disabled = app
        .post(
            DISABLE,
            Some(&session.access),
            json!({"password": PASSWORD, "recovery_code": recovery[1]}),
        )
        .await;
    assert_eq!(disabled.status, 200, "{}", disabled.body);
    enabled(&app, &session).await;

    let later = login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;
    assert!(asks_for_a_code(&later), "{later}");
    app.stop().await;
}

async fn the_trust_token_is_stored_only_as_its_hash_and_never_in_events(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let recovery = enabled(&app, &session).await;
    let (_, token) = trusted_sign_in(&app, "ada@books.ng", &recovery[0]).await;
    login_with(&app, "ada@books.ng", PASSWORD, Some(&token)).await;
    let db = app.database().await;

    let rows: Vec<(String, String, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT id, token_hash, device, ip_address FROM trusted_devices")
            .fetch_all(&db.pool)
            .await
            .expect("trusted devices");
    let payloads: Vec<(String, String)> =
        sqlx::query_as("SELECT CAST(payload AS TEXT), CAST(metadata AS TEXT) FROM events")
            .fetch_all(&db.pool)
            .await
            .expect("events");

    assert_eq!(rows.len(), 1);
    let (id, hash, device, ip) = &rows[0];
    assert_eq!(hash, &identity::secret_hash(&token));
    for column in [Some(id), Some(hash), device.as_ref(), ip.as_ref()]
        .into_iter()
        .flatten()
    {
        assert!(
            !column.contains(&token),
            "a column holds the token in clear"
        );
    }
    assert!(!payloads.is_empty());
    for (payload, metadata) in &payloads {
        assert!(!payload.contains(&token) && !metadata.contains(&token));
    }
    app.stop().await;
}

backend_tests!(
    a_trusted_device_skips_the_code_at_the_next_sign_in,
    the_second_step_without_trust_gives_no_device_token,
    a_trust_token_without_the_password_signs_nobody_in,
    another_users_trust_token_does_not_skip_the_code,
    an_expired_trust_does_not_skip_the_code,
    a_forgotten_device_asks_for_the_code_again,
    a_device_of_another_user_cannot_be_forgotten,
    changing_the_password_forgets_trusted_devices,
    signing_out_everywhere_forgets_trusted_devices,
    turning_two_factor_off_and_on_again_forgets_trusted_devices,
    the_trust_token_is_stored_only_as_its_hash_and_never_in_events,
);
