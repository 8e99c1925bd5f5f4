//! Black-box tests of the HTTP skeleton: the real application on port 0, on a fresh
//! SQLite file and on a fresh Postgres database.

mod common;

use api_core::auth::TokenKeys;
use common::{json, TestApp};
use store::{backend_tests, Backend};

async fn health_reports_the_database_and_every_projector(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/health/", None).await;

    assert_eq!(status, 200, "{body}");
    let body = json(&body);
    assert_eq!(body["status"], "ok");
    assert_eq!(
        body["backend"],
        if backend == Backend::Sqlite {
            "sqlite"
        } else {
            "postgres"
        }
    );
    assert!(body["projectors"]
        .as_array()
        .expect("list")
        .iter()
        .any(|p| p["name"] == "log_stats" && p["lag"] == 0));
    app.stop().await;
}

async fn the_openapi_document_describes_the_routes(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/openapi.json", None).await;

    assert_eq!(status, 200);
    let doc = json(&body);
    assert!(doc["openapi"].as_str().expect("version").starts_with("3."));
    assert!(doc["paths"].get("/api/v1/health/").is_some());
    assert!(doc["paths"]
        .get("/api/v1/audit/workspaces/{workspace_id}/chain-head/")
        .is_some());
    app.stop().await;
}

async fn deep_links_load_the_app(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/accounting/trial-balance", None).await;

    assert_eq!(status, 200);
    assert!(body.contains("<title>Ledgerline</title>"));
    app.stop().await;
}

async fn unknown_api_paths_answer_a_json_404(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/no-such-thing/", None).await;

    assert_eq!(status, 404);
    assert_eq!(json(&body)["code"], "not_found");
    app.stop().await;
}

async fn a_missing_or_invalid_token_answers_401_token_not_valid(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let path = "/api/v1/audit/workspaces/ws-1/chain-head/";
    let foreign = TokenKeys::from_secret(b"another-secret-another-secret-0123")
        .issue_access("u1", "session-1")
        .expect("token");

    for token in [None, Some("not-a-jwt"), Some(foreign.as_str())] {
        let (status, _, body) = app.get(path, token).await;
        assert_eq!(status, 401, "{token:?}");
        assert_eq!(json(&body)["code"], "token_not_valid");
    }
    app.stop().await;
}

async fn a_signed_in_user_without_a_membership_cannot_read_a_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let token = app.keys.issue_access("user-1", "session-1").expect("token");

    let (status, _, body) = app
        .get("/api/v1/audit/workspaces/ws-1/chain-head/", Some(&token))
        .await;

    assert_eq!(status, 403);
    let body = json(&body);
    assert_eq!(body["code"], "no_workspace_access");
    assert_eq!(body["detail"], "You don't have access to this workspace");
    app.stop().await;
}

async fn every_response_carries_a_request_id(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (_, headers, _) = app.get("/api/v1/health/", None).await;

    assert!(headers.get("x-request-id").is_some_and(|v| !v.is_empty()));
    app.stop().await;
}

backend_tests!(
    health_reports_the_database_and_every_projector,
    the_openapi_document_describes_the_routes,
    deep_links_load_the_app,
    unknown_api_paths_answer_a_json_404,
    a_missing_or_invalid_token_answers_401_token_not_valid,
    a_signed_in_user_without_a_membership_cannot_read_a_workspace,
    every_response_carries_a_request_id,
);
