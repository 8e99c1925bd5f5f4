//! The accounting service through the real HTTP API, on SQLite and Postgres.

mod common;

use common::TestApp;
use serde_json::json;
use store::{backend_tests, Backend};

async fn the_default_chart_is_set_up_once_per_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/");

    let first = app.post(&path, Some(&owner.access), json!(null)).await;
    let second = app.post(&path, Some(&owner.access), json!(null)).await;

    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.body["data"]["set_up"], true);
    assert_eq!(second.status, 200, "{}", second.body);
    assert_eq!(second.body["data"]["set_up"], false);
    let progress = format!(
        "/api/v1/accounts/organizations/{}/setup-progress/",
        owner.organization_id
    );
    let mut done = false;
    for _ in 0..100 {
        let body = app.read(&progress, Some(&owner.access)).await.body;
        done = body["data"]["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .any(|s| s["key"] == "set_up_chart_of_accounts" && s["completed"] == true);
        if done {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(done, "the checklist sees the chart");
    app.stop().await;
}

async fn a_stranger_cannot_set_up_another_workspaces_chart(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;

    let reply = app
        .post(
            &format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/"),
            Some(&eve.access),
            json!(null),
        )
        .await;

    assert_eq!(reply.status, 403);
    assert_eq!(
        reply.body["detail"],
        "You don't have access to this workspace"
    );
    app.stop().await;
}

backend_tests!(
    the_default_chart_is_set_up_once_per_workspace,
    a_stranger_cannot_set_up_another_workspaces_chart,
);
