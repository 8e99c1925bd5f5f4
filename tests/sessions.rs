//! A session is a refresh-token family; its access tokens end with it, at once, on SQLite
//! and on Postgres — not 15 minutes later when they would expire.

mod common;

use common::TestApp;
use serde_json::json;
use store::{backend_tests, Backend};

const ME: &str = "/api/v1/accounts/me/";
const REFRESH: &str = "/api/v1/accounts/token/refresh/";

async fn a_password_reset_ends_the_access_tokens_of_every_session_at_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    app.post(
        "/api/v1/accounts/password/reset/initialize/",
        None,
        json!({"email": "ada@books.ng"}),
    )
    .await;
    let token = app.token_mailed_to("ada@books.ng").await;
    let done = app
        .post(
            "/api/v1/accounts/password/reset/complete/",
            None,
            json!({"token": token, "password": "new-pass-2027"}),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);

    let me = app.read(ME, Some(&session.access)).await;

    assert_eq!(me.status, 401, "{}", me.body);
    assert_eq!(me.body["detail"], "This session has ended. Sign in again.");
    app.stop().await;
}

async fn a_reused_refresh_token_ends_its_sessions_access_tokens_at_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let rotated = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;
    assert_eq!(rotated.status, 200, "{}", rotated.body);
    let access = rotated.body["data"]["access"].as_str().expect("access");

    let replay = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;

    assert_eq!(replay.status, 401);
    assert_eq!(app.read(ME, Some(access)).await.status, 401);
    assert_eq!(app.read(ME, Some(&session.access)).await.status, 401);
    app.stop().await;
}

async fn a_refreshed_access_token_belongs_to_the_same_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let other = app
        .post(
            "/api/v1/accounts/login/",
            None,
            json!({"email": "ada@books.ng", "password": common::PASSWORD}),
        )
        .await;
    let other_access = other.body["data"]["access"].as_str().expect("access");

    let rotated = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;
    let access = rotated.body["data"]["access"].as_str().expect("access");

    assert_eq!(app.read(ME, Some(access)).await.status, 200);
    assert_eq!(app.read(ME, Some(other_access)).await.status, 200);
    app.stop().await;
}

backend_tests!(
    a_password_reset_ends_the_access_tokens_of_every_session_at_once,
    a_reused_refresh_token_ends_its_sessions_access_tokens_at_once,
    a_refreshed_access_token_belongs_to_the_same_session,
);
