//! Continuous audit through the real API, on SQLite and Postgres: settings that start
//! off and only auditors who write may change, risky entries of a monitored workspace
//! flagged and told to its Admins (once, even when the reactor starts over), nothing
//! while monitoring is off, and the flagged list ending at the last close.

mod common;

use std::time::Duration;

use chrono::{Datelike, Days, NaiveDate, Utc};
use common::books::{books, post, Books};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const KIND: &str = "continuous_audit_flag";

fn settings_path(workspace: &str) -> String {
    format!("/api/v1/audit/continuous/{workspace}/")
}

fn flagged_path(books: &Books) -> String {
    format!("/api/v1/audit/continuous/{}/flagged/", books.workspace)
}

async fn put(app: &TestApp, workspace: &str, token: &str, body: Value) -> common::Reply {
    app.call(
        reqwest::Method::PUT,
        &settings_path(workspace),
        Some(token),
        Some(body),
    )
    .await
}

/// Monitoring on, notifying from `high`, with a 1,000.00 approval threshold. Timing
/// control points weigh nothing here: the log records the real time of each posting,
/// and a test must not depend on the hour or the weekday it runs at.
fn monitored() -> Value {
    json!({"enabled": true, "notify_from": "high", "approval_thresholds": ["1000.00"],
        "params": {"risk": {"weights": {"weekend_posting": 0.0, "after_hours_posting": 0.0,
            "holiday_posting": 0.0}}}})
}

async fn monitor(app: &TestApp, books: &Books) {
    let on = put(app, &books.workspace, &books.owner.access, monitored()).await;
    assert_eq!(on.status, 200, "{}", on.body);
}

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// The first day of last month: an entry recorded now with this date is backdated.
fn last_month() -> NaiveDate {
    let first = today().with_day(1).expect("first of the month");
    let end = first - Days::new(1);
    end.with_day(1).expect("first of last month")
}

/// Backdated into last month, just below the 1,000.00 threshold, with a weak memo:
/// 1 − (1 − 0.5)(1 − 0.35)(1 − 0.1) = 70.8, high.
async fn post_risky(app: &TestApp, books: &Books) -> String {
    post(app, books, &last_month().to_string(), "990.00").await
}

/// Dated today, an unremarkable amount: a weak memo alone, low.
async fn post_benign(app: &TestApp, books: &Books) -> String {
    post(app, books, &today().to_string(), "123.45").await
}

/// The flagged list, waiting up to a few seconds until `done` holds of it.
async fn flagged_when(app: &TestApp, books: &Books, done: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..150 {
        let listed = app
            .read(&flagged_path(books), Some(&books.owner.access))
            .await;
        assert_eq!(listed.status, 200, "{}", listed.body);
        last = listed.body["data"].clone();
        if done(&last) {
            return last;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    last
}

fn entry_ids(flagged: &Value) -> Vec<String> {
    flagged["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["entry_id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// `session`'s continuous-audit notifications.
async fn flag_notifications(app: &TestApp, session: &Session) -> Vec<Value> {
    let listed = app
        .read("/api/v1/notification/?page_size=100", Some(&session.access))
        .await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    listed.body["data"]["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter(|n| n["kind"] == KIND)
        .cloned()
        .collect()
}

/// `session`'s continuous-audit notifications once there are `count` (or after a few
/// seconds: the inbox projector follows the reactor's appends).
async fn notified(app: &TestApp, session: &Session, count: usize) -> Vec<Value> {
    let mut told = Vec::new();
    for _ in 0..100 {
        told = flag_notifications(app, session).await;
        if told.len() >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    told
}

/// Gives the reactor time to run after the last action (for "nothing happened" checks).
async fn settle() {
    tokio::time::sleep(Duration::from_millis(800)).await;
}

async fn add_member(app: &TestApp, books: &Books, email: &str, role: u8) -> Session {
    let member = app.signed_up(email).await;
    let added = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/memberships/",
                books.owner.organization_id
            ),
            Some(&books.owner.access),
            json!({"email": email, "role": role, "workspaces": [books.workspace]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.body);
    member
}

async fn settings_start_off_and_only_auditors_who_write_change_them(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let viewer = add_member(&app, &books, "vera@books.ng", 0).await;
    let path = settings_path(&books.workspace);

    let initial = app.read(&path, Some(&viewer.access)).await;
    assert_eq!(initial.status, 200, "{}", initial.body);
    assert_eq!(initial.body["data"]["enabled"], false);
    assert_eq!(initial.body["data"]["notify_from"], "high");

    let by_viewer = put(&app, &books.workspace, &viewer.access, monitored()).await;
    assert_eq!(by_viewer.status, 403, "{}", by_viewer.body);
    assert_eq!(by_viewer.body["code"], "role_restriction");

    let eve = app.signed_up("eve@elsewhere.ng").await;
    let elsewhere = put(&app, &books.workspace, &eve.access, monitored()).await;
    assert_eq!(elsewhere.status, 403, "{}", elsewhere.body);
    assert_eq!(app.read(&path, Some(&eve.access)).await.status, 403);
    assert_eq!(
        app.read(&flagged_path(&books), Some(&eve.access))
            .await
            .status,
        403
    );

    let bad = put(
        &app,
        &books.workspace,
        &books.owner.access,
        json!({"enabled": true, "notify_from": "low", "materiality": "-5",
            "approval_thresholds": ["1000.00", "lots"], "utc_offset_seconds": 90000,
            "params": {"outliers": {"z_max": 0}}}),
    )
    .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    for field in [
        "notify_from",
        "materiality",
        "approval_thresholds[1]",
        "utc_offset_seconds",
        "params",
    ] {
        assert!(bad.body.get(field).is_some(), "{field} in {}", bad.body);
    }
    let above = put(
        &app,
        &books.workspace,
        &books.owner.access,
        json!({"enabled": true, "materiality": "100.00", "performance_materiality": "150.00"}),
    )
    .await;
    assert_eq!(above.status, 400, "{}", above.body);
    assert!(above.body.get("performance_materiality").is_some());
    assert_eq!(
        app.read(&path, Some(&viewer.access)).await.body["data"]["enabled"],
        false,
        "refused settings write nothing"
    );

    let on = put(&app, &books.workspace, &books.owner.access, monitored()).await;
    assert_eq!(on.status, 200, "{}", on.body);
    assert_eq!(on.body["data"]["changed"], true);
    let again = put(&app, &books.workspace, &books.owner.access, monitored()).await;
    assert_eq!(again.body["data"]["changed"], false);
    let read = app.read(&path, Some(&viewer.access)).await;
    assert_eq!(read.body["data"]["enabled"], true);
    assert_eq!(read.body["data"]["approval_thresholds"], json!(["1000.00"]));
    assert_eq!(
        read.body["data"]["configured_by"],
        books.owner.user_id.as_str()
    );
    app.stop().await;
}

async fn a_risky_entry_notifies_the_workspace_admins_only_and_is_flagged(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bola = add_member(&app, &books, "bola@books.ng", 2).await;
    let chidi = add_member(&app, &books, "chidi@books.ng", 1).await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let elsewhere = app.workspace(&eve, "Abuja Office").await;
    let on = put(&app, &elsewhere, &eve.access, monitored()).await;
    assert_eq!(on.status, 200, "{}", on.body);
    monitor(&app, &books).await;

    let benign = post_benign(&app, &books).await;
    let risky = post_risky(&app, &books).await;

    let flagged = flagged_when(&app, &books, |f| !entry_ids(f).is_empty()).await;
    assert_eq!(entry_ids(&flagged), vec![risky.clone()], "{flagged}");
    let entry = &flagged["entries"][0];
    assert_eq!(entry["band"], "high");
    assert_eq!(entry["score"], 70.8);
    assert_eq!(entry["date"], last_month().to_string());
    assert_eq!(entry["number"], "JE-000002");
    let tests: Vec<&str> = entry["reasons"]
        .as_array()
        .expect("reasons")
        .iter()
        .map(|r| r["test"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        tests,
        vec!["backdated", "just_below_approval_threshold", "weak_memo"]
    );
    assert!(entry["reasons"][0]["reasons"][0]
        .as_str()
        .is_some_and(|r| r.contains("inside the period")));
    assert!(!entry_ids(&flagged).contains(&benign));

    for admin in [&books.owner, &bola] {
        let told = notified(&app, admin, 1).await;
        assert_eq!(told.len(), 1, "one notification each: {told:?}");
        assert_eq!(told[0]["title"], "High risk entry JE-000002");
        assert_eq!(told[0]["workspace_id"], books.workspace.as_str());
        // It opens the finding on that entry.
        assert_eq!(
            told[0]["target"],
            json!({"type": "finding", "workspace_id": books.workspace, "entry_id": risky})
        );
    }
    settle().await;
    assert!(flag_notifications(&app, &chidi).await.is_empty());
    assert!(flag_notifications(&app, &eve).await.is_empty());
    app.stop().await;
}

async fn nothing_is_scored_while_monitoring_is_off(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;

    post_risky(&app, &books).await;
    settle().await;
    let flagged = flagged_when(&app, &books, |_| true).await;
    assert!(entry_ids(&flagged).is_empty(), "{flagged}");
    assert!(flag_notifications(&app, &books.owner).await.is_empty());

    // Turned on later, it watches new entries: history is not re-announced.
    monitor(&app, &books).await;
    post_benign(&app, &books).await;
    settle().await;
    let flagged = flagged_when(&app, &books, |_| true).await;
    assert!(entry_ids(&flagged).is_empty(), "{flagged}");
    assert!(flag_notifications(&app, &books.owner).await.is_empty());

    // And turned off again, it stops.
    let off = put(
        &app,
        &books.workspace,
        &books.owner.access,
        json!({"enabled": false}),
    )
    .await;
    assert_eq!(off.status, 200, "{}", off.body);
    post_risky(&app, &books).await;
    settle().await;
    assert!(entry_ids(&flagged_when(&app, &books, |_| true).await).is_empty());
    app.stop().await;
}

async fn starting_the_reactor_over_notifies_no_one_twice(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    monitor(&app, &books).await;
    let risky = post_risky(&app, &books).await;
    let before = flagged_when(&app, &books, |f| !entry_ids(f).is_empty()).await;
    assert_eq!(entry_ids(&before), vec![risky]);
    assert_eq!(notified(&app, &books.owner, 1).await.len(), 1);

    // What `projections rebuild continuous_audit` runs: empty the tables, replay the log
    // (beside the node's own reactor, which starts over with it).
    let store = store::EventStore::open(app.database().await)
        .await
        .expect("store");
    let reactor = projections::continuous_audit::ContinuousAudit::new(store);
    let batches = reactor.rebuild().await.expect("rebuild");
    assert!(batches >= 1, "the log was replayed");
    let after = flagged_when(&app, &books, |f| !entry_ids(f).is_empty()).await;

    assert_eq!(entry_ids(&after), entry_ids(&before));
    assert_eq!(after["entries"][0]["score"], before["entries"][0]["score"]);
    // A second notification would reach the inbox within the wait: none does.
    let told = notified(&app, &books.owner, 2).await;
    assert_eq!(told.len(), 1, "{told:?}");
    app.stop().await;
}

async fn entries_on_or_before_the_lock_date_are_not_since_last_close(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    monitor(&app, &books).await;
    let risky = post_risky(&app, &books).await;
    let flagged = flagged_when(&app, &books, |f| !entry_ids(f).is_empty()).await;
    assert_eq!(entry_ids(&flagged), vec![risky]);
    assert_eq!(flagged["lock_date"], Value::Null);

    let close = last_month()
        .checked_add_months(chrono::Months::new(1))
        .expect("next month")
        - Days::new(1);
    let locked = app
        .call(
            reqwest::Method::PUT,
            &format!("{}lock-date/", books.base),
            Some(&books.owner.access),
            Some(json!({"lock_date": close.to_string()})),
        )
        .await;
    assert_eq!(locked.status, 200, "{}", locked.body);

    let after = flagged_when(&app, &books, |f| entry_ids(f).is_empty()).await;
    assert!(entry_ids(&after).is_empty(), "{after}");
    assert_eq!(after["lock_date"], close.to_string());
    app.stop().await;
}

async fn monitoring_reads_posting_times_on_the_workspace_zone_unless_told_another(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let path = settings_path(&books.workspace);

    let initial = app.read(&path, Some(&books.owner.access)).await;
    assert_eq!(
        initial.body["data"]["time_zone"], "Africa/Lagos",
        "{}",
        initial.body
    );

    monitor(&app, &books).await;
    let on = app.read(&path, Some(&books.owner.access)).await;
    assert_eq!(on.body["data"]["time_zone"], "Africa/Lagos", "{}", on.body);
    assert_eq!(on.body["data"]["utc_offset_seconds"], 3600);

    let mut in_london = monitored();
    in_london["time_zone"] = json!("Europe/London");
    let moved = put(&app, &books.workspace, &books.owner.access, in_london).await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.body["data"]["changed"], true);
    let read = app.read(&path, Some(&books.owner.access)).await;
    assert_eq!(read.body["data"]["time_zone"], "Europe/London");

    let mut unknown = monitored();
    unknown["time_zone"] = json!("Mars/Olympus_Mons");
    let refused = put(&app, &books.workspace, &books.owner.access, unknown).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.get("time_zone").is_some(), "{}", refused.body);

    let mut fixed = monitored();
    fixed["utc_offset_seconds"] = json!(7200);
    let on_offset = put(&app, &books.workspace, &books.owner.access, fixed).await;
    assert_eq!(on_offset.status, 200, "{}", on_offset.body);
    let read = app.read(&path, Some(&books.owner.access)).await;
    assert_eq!(read.body["data"]["time_zone"], Value::Null);
    assert_eq!(read.body["data"]["utc_offset_seconds"], 7200);
}

backend_tests!(
    settings_start_off_and_only_auditors_who_write_change_them,
    monitoring_reads_posting_times_on_the_workspace_zone_unless_told_another,
    a_risky_entry_notifies_the_workspace_admins_only_and_is_flagged,
    nothing_is_scored_while_monitoring_is_off,
    starting_the_reactor_over_notifies_no_one_twice,
    entries_on_or_before_the_lock_date_are_not_since_last_close,
);
