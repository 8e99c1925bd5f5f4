//! One tenant's bad event never stops the others: dates are strict at the edge, and an
//! event a projector cannot apply sets only its own workspace aside — every other
//! organization keeps posting and reading, `/health/` and the workspace's activity log
//! say which projector and workspace are stuck and why.

mod common;

use common::books::{books, post};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::backend::AppendRequest;
use store::{backend_tests, Backend, NewEvent};

/// A second organization with its own workspace and default chart.
async fn other_tenant(app: &TestApp) -> (Session, String) {
    let owner = app.signed_up("bola@other.ng").await;
    let workspace = app.workspace(&owner, "Abuja Office").await;
    let setup = app
        .post(
            &format!("/api/v1/accounting/workspaces/{workspace}/accounts/default/setup/"),
            Some(&owner.access),
            json!(null),
        )
        .await;
    assert!(setup.status < 300, "{}", setup.body);
    (owner, workspace)
}

async fn entry_body(app: &TestApp, base: &str, token: &str, date: &str) -> Value {
    let tree = app.read(&format!("{base}accounts/"), Some(token)).await;
    fn find(nodes: &[Value], code: &str) -> Option<String> {
        nodes.iter().find_map(|n| {
            if n["account_code"] == code {
                return n["id"].as_str().map(str::to_owned);
            }
            find(
                n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]),
                code,
            )
        })
    }
    let nodes = tree.body["data"].as_array().expect("tree").clone();
    let (cash, sales) = (
        find(&nodes, "1120").expect("cash"),
        find(&nodes, "4100").expect("sales"),
    );
    json!({"date": date, "memo": "Sale", "post": true, "lines": [
        {"account_id": cash, "debit": "100.00"},
        {"account_id": sales, "credit": "100.00"}
    ]})
}

async fn a_date_that_is_not_strictly_yyyy_mm_dd_is_refused_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let token = books.owner.access.clone();

    for bad in [
        "-0001-01-01",
        "2026-1-1",
        "0001-01-01",
        "9999-12-31",
        "2026-02-30",
    ] {
        let body = entry_body(&app, &books.base, &token, bad).await;
        let posted = app
            .post(
                &format!("{}journal-entries/", books.base),
                Some(&token),
                body,
            )
            .await;
        assert_eq!(posted.status, 400, "{bad}: {}", posted.body);
        assert!(posted.body["date"].is_array(), "{bad}: {}", posted.body);
    }
    let locked = app
        .call(
            reqwest::Method::PUT,
            &format!("{}lock-date/", books.base),
            Some(&token),
            Some(json!({"lock_date": "2026-1-31"})),
        )
        .await;
    assert_eq!(locked.status, 400, "{}", locked.body);
    assert!(locked.body["lock_date"].is_array(), "{}", locked.body);
    let entry = post(&app, &books, "2026-03-01", "50.00").await;
    let reversed = app
        .post(
            &format!("{}journal-entries/{entry}/reverse/", books.base),
            Some(&token),
            json!({"date": "-0001-03-02"}),
        )
        .await;
    assert_eq!(reversed.status, 400, "{}", reversed.body);
    assert!(reversed.body["date"].is_array(), "{}", reversed.body);
    app.stop().await;
}

/// Appends, straight to the log, a copy of `workspace`'s posted entry `model` dated
/// `-0001-01-01`: what a bad date let through once.
async fn append_poison(app: &TestApp, workspace: &str) {
    let store = store::EventStore::open(app.database().await)
        .await
        .expect("store");
    let recorded = store
        .read_log(store::Cursor::default(), 10_000)
        .await
        .expect("log");
    let model = recorded
        .iter()
        .rev()
        .find(|e| e.event_type == "JournalEntryPosted" && e.workspace_id() == Some(workspace))
        .expect("a posted entry");
    let mut payload = model.payload.value().expect("payload");
    let id = uuid::Uuid::now_v7().to_string();
    payload["journal_entry_id"] = json!(id);
    payload["date"] = json!("-0001-01-01");
    payload["entry_sequence"] = json!(999_999);
    payload["entry_number"] = json!("JE-999999");
    store
        .append(AppendRequest::new(vec![NewEvent {
            aggregate_type: model.aggregate_type.clone(),
            aggregate_id: id,
            sequence: 1,
            event_type: model.event_type.clone(),
            event_version: model.event_version.clone(),
            payload,
            metadata: model.metadata.value().expect("metadata"),
        }]))
        .await
        .expect("append");
}

async fn wait_for(mut check: impl AsyncFnMut() -> bool, what: &str) {
    for _ in 0..300 {
        if check().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("never: {what}");
}

async fn a_poison_event_sets_only_its_workspace_aside(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let poisoned = books(&app).await;
    post(&app, &poisoned, "2026-03-01", "75.00").await;
    let (other, other_ws) = other_tenant(&app).await;
    let other_base = format!("/api/v1/accounting/workspaces/{other_ws}/");

    append_poison(&app, &poisoned.workspace).await;

    // /health/ names the projector, the workspace, the event and why; the node stays up.
    wait_for(
        async || {
            let health = app.read("/api/v1/health/", None).await;
            health.body["status"] == "degraded"
                && health.body["projectors"].as_array().is_some_and(|ps| {
                    ps.iter().any(|p| {
                        p["name"] == "ledger"
                            && p["state"] == "running"
                            && p["quarantined"][0]["workspace_id"] == poisoned.workspace.as_str()
                    })
                })
        },
        "health names the set-aside workspace",
    )
    .await;
    let health = app.read("/api/v1/health/", None).await;
    assert_eq!(health.status, 200, "{}", health.body);

    // Another organization posts and reads its books as if nothing happened.
    let body = entry_body(&app, &other_base, &other.access, "2026-04-01").await;
    let posted = app
        .post(
            &format!("{other_base}journal-entries/"),
            Some(&other.access),
            body,
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    let balance = app
        .read(
            &format!("{other_base}trial-balance/?as_of=2026-12-31"),
            Some(&other.access),
        )
        .await;
    assert_eq!(balance.status, 200, "{}", balance.body);
    assert_eq!(balance.body["data"]["balanced"], true, "{}", balance.body);
    assert_eq!(
        balance.body["data"]["totals"]["debit"], "100.00",
        "{}",
        balance.body
    );

    // The poisoned workspace's activity log says its ledger is stale, and why.
    wait_for(
        async || {
            let log = app
                .read(
                    &format!("/api/v1/activity-log/?workspace_id={}", poisoned.workspace),
                    Some(&poisoned.owner.access),
                )
                .await;
            log.body["data"]["data"].as_array().is_some_and(|rows| {
                rows.iter()
                    .any(|r| r["activity_type"] == "read_model_quarantined")
            })
        },
        "the activity log records the quarantine",
    )
    .await;
    app.stop().await;
}

backend_tests!(
    a_date_that_is_not_strictly_yyyy_mm_dd_is_refused_naming_the_field,
    a_poison_event_sets_only_its_workspace_aside,
);
