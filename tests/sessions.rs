//! A session is a refresh-token family; its access tokens end with it, at once, on SQLite
//! and on Postgres — not 15 minutes later when they would expire. Its owner lists their
//! sessions, ends one or all others, changes the password, and sees recent sign-ins.

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

const LOGIN: &str = "/api/v1/accounts/login/";
const SESSIONS: &str = "/api/v1/accounts/sessions/";
const SIGN_OUT_OTHERS: &str = "/api/v1/accounts/sessions/sign-out-others/";
const CHANGE_PASSWORD: &str = "/api/v1/accounts/password/change/";

/// A second sign-in of `email`: its access token.
async fn signed_in_again(app: &TestApp, email: &str, password: &str) -> String {
    let login = app
        .post(LOGIN, None, json!({"email": email, "password": password}))
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    login.body["data"]["access"]
        .as_str()
        .expect("access")
        .to_owned()
}

async fn the_sessions_list_shows_each_sign_in_and_marks_the_current_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let other = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;

    let listed = app.read(SESSIONS, Some(&session.access)).await;

    assert_eq!(listed.status, 200, "{}", listed.body);
    let rows = listed.body["data"].as_array().expect("list");
    assert_eq!(rows.len(), 2, "{}", listed.body);
    assert_eq!(rows.iter().filter(|r| r["current"] == true).count(), 1);
    let seen_from_other = app.read(SESSIONS, Some(&other)).await;
    let current_there: Vec<_> = seen_from_other.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|r| r["current"] == true)
        .map(|r| r["id"].clone())
        .collect();
    let current_here: Vec<_> = rows
        .iter()
        .filter(|r| r["current"] == true)
        .map(|r| r["id"].clone())
        .collect();
    assert_ne!(current_there, current_here);
    app.stop().await;
}

async fn the_sessions_list_shows_the_device_and_address_each_signed_in_from(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;
    let firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    let login: serde_json::Value = app
        .client
        .post(format!("{}{LOGIN}", app.base))
        .header("User-Agent", firefox)
        .json(&json!({"email": "ada@books.ng", "password": common::PASSWORD}))
        .send()
        .await
        .expect("login")
        .json()
        .await
        .expect("json");
    let access = login["data"]["access"].as_str().expect("access");

    let listed = app.read(SESSIONS, Some(access)).await;

    assert_eq!(listed.status, 200, "{}", listed.body);
    let current = listed.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| r["current"] == true)
        .cloned()
        .expect("the current session");
    assert_eq!(current["device"], "Firefox on Linux", "{current}");
    assert_eq!(current["ip_address"], "127.0.0.1", "{current}");
    app.stop().await;
}

async fn ending_a_session_signs_it_out_and_leaves_the_others(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let other = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;
    let listed = app.read(SESSIONS, Some(&session.access)).await;
    let other_id = listed.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .find(|r| r["current"] == false)
        .map(|r| r["id"].as_str().expect("id").to_owned())
        .expect("the other session");

    let ended = app
        .delete(&format!("{SESSIONS}{other_id}/"), Some(&session.access))
        .await;

    assert_eq!(ended.status, 200, "{}", ended.body);
    assert_eq!(app.read(ME, Some(&other)).await.status, 401);
    assert_eq!(app.read(ME, Some(&session.access)).await.status, 200);
    let after = app.read(SESSIONS, Some(&session.access)).await;
    assert_eq!(after.body["data"].as_array().expect("list").len(), 1);
    app.stop().await;
}

async fn a_session_of_another_user_cannot_be_ended(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let listed = app.read(SESSIONS, Some(&bola.access)).await;
    let bola_session = listed.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let ended = app
        .delete(&format!("{SESSIONS}{bola_session}/"), Some(&ada.access))
        .await;

    assert_eq!(ended.status, 404, "{}", ended.body);
    assert_eq!(app.read(ME, Some(&bola.access)).await.status, 200);
    app.stop().await;
}

async fn signing_out_everywhere_else_keeps_only_this_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let second = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;
    let third = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;

    let done = app
        .post(SIGN_OUT_OTHERS, Some(&session.access), json!({}))
        .await;

    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(app.read(ME, Some(&second)).await.status, 401);
    assert_eq!(app.read(ME, Some(&third)).await.status, 401);
    assert_eq!(app.read(ME, Some(&session.access)).await.status, 200);
    let after = app.read(SESSIONS, Some(&session.access)).await;
    let rows = after.body["data"].as_array().expect("list");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["current"], true);
    app.stop().await;
}

async fn changing_the_password_needs_the_current_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;

    let refused = app
        .post(
            CHANGE_PASSWORD,
            Some(&session.access),
            json!({"current_password": "not-the-password", "new_password": "new-pass-2027"}),
        )
        .await;

    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body["current_password"].is_array(),
        "{}",
        refused.body
    );
    signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;
    app.stop().await;
}

async fn a_too_short_new_password_is_refused_by_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;

    let refused = app
        .post(
            CHANGE_PASSWORD,
            Some(&session.access),
            json!({"current_password": common::PASSWORD, "new_password": "short"}),
        )
        .await;

    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body["new_password"].is_array(), "{}", refused.body);
    app.stop().await;
}

async fn a_changed_password_signs_in_and_ends_the_other_sessions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let other = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;

    let changed = app
        .post(
            CHANGE_PASSWORD,
            Some(&session.access),
            json!({"current_password": common::PASSWORD, "new_password": "new-pass-2027"}),
        )
        .await;

    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(app.read(ME, Some(&session.access)).await.status, 200);
    assert_eq!(app.read(ME, Some(&other)).await.status, 401);
    let old = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": common::PASSWORD}),
        )
        .await;
    assert_eq!(old.status, 400, "{}", old.body);
    signed_in_again(&app, "ada@books.ng", "new-pass-2027").await;
    app.stop().await;
}

async fn recent_sign_ins_list_the_callers_own_sign_ins_and_failures(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.post(
        LOGIN,
        None,
        json!({"email": "ada@books.ng", "password": "wrong-password"}),
    )
    .await;

    let listed = app
        .read("/api/v1/accounts/sign-ins/", Some(&session.access))
        .await;

    assert_eq!(listed.status, 200, "{}", listed.body);
    let kinds: Vec<&str> = listed.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["activity_type"].as_str().expect("type"))
        .collect();
    assert_eq!(kinds.first(), Some(&"user_sign_in_failed"), "{kinds:?}");
    assert!(kinds.contains(&"user_signed_in"), "{kinds:?}");
    let bolas = app
        .read("/api/v1/accounts/sign-ins/", Some(&bola.access))
        .await;
    let bola_kinds: Vec<&str> = bolas.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["activity_type"].as_str().expect("type"))
        .collect();
    assert!(
        !bola_kinds.contains(&"user_sign_in_failed"),
        "{bola_kinds:?}"
    );
    app.stop().await;
}

async fn signing_out_ends_the_session_on_the_server(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let other = signed_in_again(&app, "ada@books.ng", common::PASSWORD).await;

    let out = app
        .post("/api/v1/accounts/logout/", Some(&session.access), json!({}))
        .await;

    assert_eq!(out.status, 200, "{}", out.body);
    assert_eq!(app.read(ME, Some(&session.access)).await.status, 401);
    let refreshed = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;
    assert_eq!(refreshed.status, 401);
    let listed = app.read(SESSIONS, Some(&other)).await;
    assert_eq!(listed.body["data"].as_array().expect("list").len(), 1);
    app.stop().await;
}

/// How many rows of `table` belong to `user_id`.
async fn rows_of(db: &store::Db, table: &str, user_id: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table} WHERE user_id = $1"))
        .bind(user_id)
        .fetch_one(&db.pool)
        .await
        .expect("count")
}

async fn a_session_whose_tokens_all_expired_is_cleared_with_its_origin(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ended = app.signed_up("ada@books.ng").await;
    let live = app.signed_up("bola@books.ng").await;
    let db = app.database().await;
    sqlx::query("UPDATE refresh_tokens SET expires_at = 1 WHERE user_id = $1")
        .bind(&ended.user_id)
        .execute(&db.pool)
        .await
        .expect("expire");

    let cleared = identity::housekeeping::clear_expired(&db, identity::now_us())
        .await
        .expect("clear");

    assert_eq!((cleared.refresh_tokens, cleared.session_origins), (1, 1));
    assert_eq!(rows_of(&db, "refresh_tokens", &ended.user_id).await, 0);
    assert_eq!(rows_of(&db, "session_origins", &ended.user_id).await, 0);
    assert_eq!(rows_of(&db, "refresh_tokens", &live.user_id).await, 1);
    assert_eq!(rows_of(&db, "session_origins", &live.user_id).await, 1);
    let refreshed = app
        .post(REFRESH, None, json!({"refresh": live.refresh}))
        .await;
    assert_eq!(refreshed.status, 200, "{}", refreshed.body);
    app.stop().await;
}

async fn a_used_token_of_a_live_session_is_kept_so_replaying_it_still_ends_the_session(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let rotated = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;
    let access = rotated.body["data"]["access"].as_str().expect("access");
    let db = app.database().await;
    sqlx::query("UPDATE refresh_tokens SET expires_at = 1 WHERE used_at IS NOT NULL")
        .execute(&db.pool)
        .await
        .expect("expire the used token");

    identity::housekeeping::clear_expired(&db, identity::now_us())
        .await
        .expect("clear");
    let replay = app
        .post(REFRESH, None, json!({"refresh": session.refresh}))
        .await;

    assert_eq!(replay.status, 401);
    assert_eq!(app.read(ME, Some(access)).await.status, 401);
    app.stop().await;
}

async fn an_expired_trusted_device_is_cleared_and_a_trusted_one_kept(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let db = app.database().await;
    for (id, expires_at) in [("expired", 1), ("trusted", i64::MAX)] {
        sqlx::query(
            "INSERT INTO trusted_devices (id, token_hash, user_id, created_at, expires_at, \
             last_used_at) VALUES ($1, $2, $3, 0, $4, 0)",
        )
        .bind(id)
        .bind(format!("hash-{id}"))
        .bind(&session.user_id)
        .bind(expires_at)
        .execute(&db.pool)
        .await
        .expect("trust");
    }

    let cleared = identity::housekeeping::clear_expired(&db, identity::now_us())
        .await
        .expect("clear");

    assert_eq!(cleared.trusted_devices, 1);
    let left: Vec<String> = sqlx::query_scalar("SELECT id FROM trusted_devices")
        .fetch_all(&db.pool)
        .await
        .expect("devices");
    assert_eq!(left, ["trusted"]);
    app.stop().await;
}

backend_tests!(
    a_session_whose_tokens_all_expired_is_cleared_with_its_origin,
    a_used_token_of_a_live_session_is_kept_so_replaying_it_still_ends_the_session,
    an_expired_trusted_device_is_cleared_and_a_trusted_one_kept,
    a_password_reset_ends_the_access_tokens_of_every_session_at_once,
    a_reused_refresh_token_ends_its_sessions_access_tokens_at_once,
    a_refreshed_access_token_belongs_to_the_same_session,
    the_sessions_list_shows_each_sign_in_and_marks_the_current_one,
    the_sessions_list_shows_the_device_and_address_each_signed_in_from,
    ending_a_session_signs_it_out_and_leaves_the_others,
    a_session_of_another_user_cannot_be_ended,
    signing_out_everywhere_else_keeps_only_this_session,
    changing_the_password_needs_the_current_one,
    a_too_short_new_password_is_refused_by_field,
    a_changed_password_signs_in_and_ends_the_other_sessions,
    recent_sign_ins_list_the_callers_own_sign_ins_and_failures,
    signing_out_ends_the_session_on_the_server,
);
