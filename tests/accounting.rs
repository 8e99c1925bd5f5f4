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

async fn the_chart_and_empty_books_read_back_through_every_report(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;

    let tree = app.read(&format!("{base}accounts/"), token).await;
    assert_eq!(tree.status, 200, "{}", tree.body);
    let roots = tree.body["data"].as_array().expect("roots");
    assert!(
        roots.len() >= 5,
        "assets, liabilities, equity, income, expenses"
    );
    assert!(roots
        .iter()
        .all(|r| r["children"].is_array() && r["account_code"].is_string()));
    assert_eq!(roots[0]["is_editable"], false);

    let tb = app
        .read(&format!("{base}trial-balance/?as_of=2026-12-31"), token)
        .await;
    assert_eq!(tb.status, 200, "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);
    assert_eq!(tb.body["data"]["totals"]["debit"], "0.00");
    let gl = app
        .read(
            &format!("{base}general-ledger/?from=2026-01-01&to=2026-12-31"),
            token,
        )
        .await;
    assert_eq!(gl.status, 200, "{}", gl.body);
    assert_eq!(gl.body["data"]["opening_balance"], "0.00");
    let entries = app.read(&format!("{base}journal-entries/"), token).await;
    assert_eq!(entries.body["data"]["count"], 0, "{}", entries.body);
    let lock = app.read(&format!("{base}lock-date/"), token).await;
    assert_eq!(lock.body["data"]["lock_date"], serde_json::Value::Null);
    let income = app
        .read(
            &format!(
                "{base}reports/income-summary/?from=2026-01-01&to=2026-12-31&granularity=quarter"
            ),
            token,
        )
        .await;
    assert_eq!(income.status, 200, "{}", income.body);
    let csv = app
        .read(&format!("{base}journal-entries/export/?format=csv"), token)
        .await;
    assert_eq!(csv.status, 200);
    app.stop().await;
}

async fn report_parameters_are_checked_by_name(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");

    let bad_date = app
        .read(&format!("{base}trial-balance/?as_of=31-12-2026"), token)
        .await;
    let bad_granularity = app
        .read(
            &format!("{base}reports/expense-summary/?granularity=week"),
            token,
        )
        .await;
    let bad_format = app
        .read(&format!("{base}journal-entries/export/?format=xlsx"), token)
        .await;

    assert_eq!(bad_date.status, 400);
    assert_eq!(bad_date.body["as_of"][0], "Enter a date as YYYY-MM-DD.");
    assert_eq!(bad_granularity.status, 400);
    assert!(bad_granularity.body.get("granularity").is_some());
    assert_eq!(bad_format.status, 400);
    assert!(bad_format.body.get("format").is_some());
    app.stop().await;
}

async fn nobody_reads_another_workspaces_books(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");

    for path in [
        "accounts/",
        "trial-balance/",
        "general-ledger/",
        "journal-entries/",
        "lock-date/",
        "reports/income-summary/",
        "reports/expense-summary/",
        "journal-entries/export/",
    ] {
        let reply = app.read(&format!("{base}{path}"), Some(&eve.access)).await;
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
        assert_eq!(reply.body["code"], "no_workspace_access");
    }
    app.stop().await;
}

fn find<'a>(nodes: &'a [serde_json::Value], code: &str) -> Option<&'a serde_json::Value> {
    nodes.iter().find_map(|n| {
        if n["account_code"] == code {
            Some(n)
        } else {
            find(
                n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]),
                code,
            )
        }
    })
}

async fn the_chart_is_edited_through_the_spec_routes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;
    let tree = app.read(&format!("{base}accounts/"), token).await.body;
    let roots = tree["data"].as_array().expect("roots").clone();
    let assets = roots
        .iter()
        .find(|r| r["account_type"] == "asset")
        .expect("assets");
    let parent = assets["children"][0]["id"]
        .as_str()
        .expect("a sub-account")
        .to_owned();

    let created = app
        .post(&format!("{base}accounts/"), token, json!({"name": "Petty cash, Ikeja", "account_code": "1199", "account_type": "asset", "parent_id": parent}))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["data"]["id"].as_str().expect("id").to_owned();
    let renamed = app
        .call(
            reqwest::Method::PUT,
            &format!("{base}accounts/?account_id={id}"),
            token,
            Some(json!({"name": "Petty cash"})),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let budget = app
        .post(
            &format!("{base}accounts/{id}/action/budget-amount/"),
            token,
            json!({"amount": "150000.00"}),
        )
        .await;
    assert_eq!(budget.status, 200, "{}", budget.body);

    let tree = app.read(&format!("{base}accounts/"), token).await.body;
    let node = find(tree["data"].as_array().expect("roots"), "1199")
        .expect("the new account")
        .clone();
    assert_eq!(node["name"], "Petty cash");
    assert_eq!(node["is_last_level"], true);
    assert_eq!(node["budget_amount"], "150000.00");

    let taken = app
        .post(&format!("{base}accounts/"), token, json!({"name": "Again", "account_code": "1199", "account_type": "asset", "parent_id": parent}))
        .await;
    assert_eq!(taken.status, 400);
    assert!(taken.body.get("account_code").is_some(), "{}", taken.body);
    let bad_type = app
        .post(
            &format!("{base}accounts/"),
            token,
            json!({"name": "X", "account_code": "1198", "account_type": "assets"}),
        )
        .await;
    assert_eq!(bad_type.status, 400);
    assert!(bad_type.body.get("account_type").is_some());

    let removed = app
        .call(
            reqwest::Method::DELETE,
            &format!("{base}accounts/?account_id={id}"),
            token,
            None,
        )
        .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(
        removed.body["data"]["archived"], false,
        "never posted to: deleted"
    );
    let tree = app
        .read(&format!("{base}accounts/?include_archived=true"), token)
        .await
        .body;
    assert!(find(tree["data"].as_array().expect("roots"), "1199").is_none());
    app.stop().await;
}

async fn the_lock_date_is_set_and_cleared(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/lock-date/");
    app.post(
        &format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;

    let set = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": "2026-06-30"})),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(
        app.read(&path, token).await.body["data"]["lock_date"],
        "2026-06-30"
    );
    let bad = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": "30/06/2026"})),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("lock_date").is_some());
    let cleared = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": null})),
        )
        .await;
    assert_eq!(cleared.status, 200, "{}", cleared.body);
    assert_eq!(
        app.read(&path, token).await.body["data"]["lock_date"],
        serde_json::Value::Null
    );
    app.stop().await;
}

backend_tests!(
    the_chart_is_edited_through_the_spec_routes,
    the_lock_date_is_set_and_cleared,
    the_chart_and_empty_books_read_back_through_every_report,
    report_parameters_are_checked_by_name,
    nobody_reads_another_workspaces_books,
    the_default_chart_is_set_up_once_per_workspace,
    a_stranger_cannot_set_up_another_workspaces_chart,
);
