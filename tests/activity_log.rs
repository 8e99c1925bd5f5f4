//! The activity log through the real HTTP API, on SQLite and Postgres: every event and
//! security fact listed, filters and pages, client-reported activities attributed to the
//! caller only, the event behind a row, and scoping to what the caller may see.

mod common;

use common::{Session, TestApp, PASSWORD};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const LOG: &str = "/api/v1/activity-log/";

async fn activity(app: &TestApp, session: &Session, query: &str) -> Value {
    let listed = app
        .read(&format!("{LOG}{query}"), Some(&session.access))
        .await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    listed.body["data"].clone()
}

fn types(page: &Value) -> Vec<String> {
    page["data"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["activity_type"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn sign_ins_and_failures_are_in_the_users_activity(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let wrong = app
        .post(
            "/api/v1/accounts/login/",
            None,
            json!({"email": "ada@books.ng", "password": "not-the-password"}),
        )
        .await;
    assert_eq!(wrong.status, 400);

    let page = activity(
        &app,
        &owner,
        &format!("?workspace_id={lagos}&page_size=100"),
    )
    .await;
    let seen = types(&page);
    for expected in [
        "user_registered",
        "user_signed_in",
        "user_sign_in_failed",
        "organization_created",
        "workspace_created",
    ] {
        assert!(
            seen.contains(&expected.to_owned()),
            "{expected} in {seen:?}"
        );
    }
    let failed = &page["data"][0];
    assert_eq!(
        failed["activity_type"], "user_sign_in_failed",
        "newest first"
    );
    assert_eq!(failed["user_name"], "Ada Obi");
    assert_eq!(failed["description"], "Failed sign-in: wrong password");
    app.stop().await;
}

async fn the_log_filters_by_type_user_name_and_dates_and_pages(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    app.post(
        "/api/v1/accounts/login/",
        None,
        json!({"email": "ada@books.ng", "password": PASSWORD}),
    )
    .await;
    let base = format!("?workspace_id={lagos}");
    let signed_in = activity(
        &app,
        &owner,
        &format!("{base}&activity_type=user_signed_in"),
    )
    .await;
    assert_eq!(signed_in["count"], 2);
    assert_eq!(
        activity(&app, &owner, &format!("{base}&user_name=ADA")).await["count"],
        activity(&app, &owner, &base).await["count"]
    );
    assert_eq!(
        activity(&app, &owner, &format!("{base}&user_name=zed")).await["count"],
        0
    );
    assert_eq!(
        activity(&app, &owner, &format!("{base}&user_id={}", owner.user_id)).await["count"],
        activity(&app, &owner, &base).await["count"]
    );
    let today = chrono::Utc::now().date_naive();
    let tomorrow = today.succ_opt().expect("tomorrow");
    assert!(
        activity(&app, &owner, &format!("{base}&from={today}&to={today}")).await["count"]
            .as_i64()
            .is_some_and(|n| n > 0)
    );
    assert_eq!(
        activity(&app, &owner, &format!("{base}&from={tomorrow}")).await["count"],
        0
    );
    let page = activity(&app, &owner, &format!("{base}&page=1&page_size=2")).await;
    assert_eq!(page["data"].as_array().map(Vec::len), Some(2));
    let bad = app
        .read(&format!("{LOG}{base}&from=yesterday"), Some(&owner.access))
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("from").is_some(), "{}", bad.body);
    app.stop().await;
}

async fn a_client_activity_is_recorded_as_the_caller(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;

    let recorded = app
        .post(
            LOG,
            Some(&owner.access),
            json!({"activity_type": "report_downloaded", "description": "Trial balance CSV", "workspace_id": lagos}),
        )
        .await;
    assert_eq!(recorded.status, 201, "{}", recorded.body);
    let spoofed = app
        .post(
            LOG,
            Some(&owner.access),
            json!({"activity_type": "report_downloaded", "workspace_id": lagos, "user_id": bola.user_id}),
        )
        .await;
    assert_eq!(spoofed.status, 400);
    assert!(spoofed.body.get("user_id").is_some());
    let malformed = app
        .post(
            LOG,
            Some(&owner.access),
            json!({"activity_type": "Report Downloaded!", "workspace_id": lagos}),
        )
        .await;
    assert!(
        malformed.body.get("activity_type").is_some(),
        "{}",
        malformed.body
    );
    let outsider = app
        .post(
            LOG,
            Some(&bola.access),
            json!({"activity_type": "report_downloaded", "workspace_id": lagos}),
        )
        .await;
    assert_eq!(outsider.status, 403);

    let rows = activity(
        &app,
        &owner,
        &format!("?workspace_id={lagos}&activity_type=report_downloaded"),
    )
    .await;
    assert_eq!(rows["count"], 1);
    assert_eq!(rows["data"][0]["user_id"], owner.user_id.as_str());
    assert_eq!(rows["data"][0]["description"], "Trial balance CSV");
    app.stop().await;
}

async fn a_row_opens_the_event_behind_it_without_secrets(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let page = activity(
        &app,
        &owner,
        &format!("?workspace_id={lagos}&page_size=100"),
    )
    .await;
    for row in page["data"].as_array().expect("rows") {
        let id = row["id"].as_str().expect("id");
        let detail = app
            .read(
                &format!("{LOG}{id}/?workspace_id={lagos}"),
                Some(&owner.access),
            )
            .await;
        assert_eq!(detail.status, 200, "{}", detail.body);
        assert_eq!(detail.body["data"]["event_type"], row["event_type"]);
        let details = &detail.body["data"]["details"];
        assert!(!details.to_string().contains(PASSWORD), "{details}");
        let mut keys = Vec::new();
        keys_of(details, &mut keys);
        for key in keys {
            for secret in ["password", "token", "secret", "hash", "recovery"] {
                assert!(!key.contains(secret), "{key} in {details}");
            }
        }
    }
    app.stop().await;
}

fn keys_of(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                out.push(key.to_lowercase());
                keys_of(inner, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| keys_of(v, out)),
        _ => {}
    }
}

async fn nobody_reads_another_workspaces_activity(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let eves = app.workspace(&eve, "Eve Books").await;

    let denied = app
        .read(&format!("{LOG}?workspace_id={lagos}"), Some(&eve.access))
        .await;
    assert_eq!(denied.status, 403);
    let mine = activity(&app, &eve, &format!("?workspace_id={eves}&page_size=100")).await;
    let users: Vec<_> = mine["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["user_id"].as_str())
        .collect();
    assert!(users.iter().all(|u| *u == eve.user_id), "{users:?}");
    let owners = activity(
        &app,
        &owner,
        &format!("?workspace_id={lagos}&page_size=100"),
    )
    .await;
    let first = owners["data"][0]["id"].as_str().expect("row").to_owned();
    let peek = app
        .read(
            &format!("{LOG}{first}/?workspace_id={eves}"),
            Some(&eve.access),
        )
        .await;
    assert_eq!(peek.status, 404, "another workspace's row is not found");
    app.stop().await;
}

async fn a_viewer_reads_the_workspace_log_but_not_colleagues_sign_ins(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let viewer = app.signed_up("bola@books.ng").await;
    let added = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/memberships/",
                owner.organization_id
            ),
            Some(&owner.access),
            json!({"email": "bola@books.ng", "role": 0, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.body);
    let query = format!("?workspace_id={lagos}&activity_type=user_signed_in&page_size=100");
    let viewers = activity(&app, &viewer, &query).await;
    assert!(viewers["data"]
        .as_array()
        .expect("rows")
        .iter()
        .all(|r| r["user_id"] == viewer.user_id.as_str()));
    let admins = activity(&app, &owner, &query).await;
    assert!(
        admins["data"]
            .as_array()
            .expect("rows")
            .iter()
            .any(|r| r["user_id"] == viewer.user_id.as_str()),
        "an Admin sees the members' sign-ins"
    );
    let member_added = activity(
        &app,
        &viewer,
        &format!("?workspace_id={lagos}&activity_type=member_added"),
    )
    .await;
    assert!(member_added["count"].as_i64().is_some_and(|n| n >= 1));
    app.stop().await;
}

async fn a_password_reset_request_is_recorded(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let asked = app
        .post(
            "/api/v1/accounts/password/reset/initialize/",
            None,
            json!({"email": "ada@books.ng"}),
        )
        .await;
    assert_eq!(asked.status, 200);
    let token = app.token_mailed_to("ada@books.ng").await;
    let done = app
        .post(
            "/api/v1/accounts/password/reset/complete/",
            None,
            json!({"token": token, "password": "a-new-pass-2026"}),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    // The reset ended every session: read the log in a new one.
    let signed_in = app
        .post(
            "/api/v1/accounts/login/",
            None,
            json!({"email": "ada@books.ng", "password": "a-new-pass-2026"}),
        )
        .await;
    assert_eq!(signed_in.status, 200, "{}", signed_in.body);
    let owner = Session {
        access: signed_in.body["data"]["access"]
            .as_str()
            .expect("access")
            .to_owned(),
        ..owner
    };
    let seen = types(
        &activity(
            &app,
            &owner,
            &format!("?workspace_id={lagos}&page_size=100"),
        )
        .await,
    );
    assert!(
        seen.contains(&"password_reset_requested".to_owned()),
        "{seen:?}"
    );
    assert!(seen.contains(&"password_changed".to_owned()), "{seen:?}");
    app.stop().await;
}

async fn the_spec_call_without_a_workspace_answers_the_active_workspaces_activity(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let switched = app
        .post(
            &format!("/api/v1/accounts/me/workspaces/{lagos}/switch/"),
            Some(&owner.access),
            json!({}),
        )
        .await;
    assert!(switched.status < 300, "{}", switched.body);

    let spec_call = activity(
        &app,
        &owner,
        "?activity_type=workspace_created&page=1&page_size=20",
    )
    .await;
    let named = activity(
        &app,
        &owner,
        &format!("?workspace_id={lagos}&activity_type=workspace_created&page=1&page_size=20"),
    )
    .await;
    assert_eq!(spec_call["count"], 1, "{spec_call}");
    assert_eq!(spec_call, named);
    app.stop().await;
}

backend_tests!(
    the_spec_call_without_a_workspace_answers_the_active_workspaces_activity,
    sign_ins_and_failures_are_in_the_users_activity,
    the_log_filters_by_type_user_name_and_dates_and_pages,
    a_client_activity_is_recorded_as_the_caller,
    a_row_opens_the_event_behind_it_without_secrets,
    nobody_reads_another_workspaces_activity,
    a_viewer_reads_the_workspace_log_but_not_colleagues_sign_ins,
    a_password_reset_request_is_recorded,
);
