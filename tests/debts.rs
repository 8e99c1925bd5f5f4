//! Debts through the real HTTP API, on SQLite and Postgres: the worked annuity schedule,
//! the drawdown and repayments posted to the books (trial balance, general ledger),
//! late and partial repayments, aging by days past due, instalment notices raised once,
//! who may write, bad input named by field, and another workspace's debt not found.

mod common;

use std::time::Duration;

use chrono::{Months, NaiveDate, Utc};
use common::books::{books, leaf, Books};
use common::{Reply, Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

/// The worked loan: 1,000,000.00 borrowed from First Bank on 1 January 2026 at 12 % over
/// 12 monthly annuity instalments from 1 February, through the current account.
async fn loan(app: &TestApp, books: &Books, post_drawdown: bool) -> Value {
    json!({
        "direction": "payable", "counterparty": "First Bank", "reference": "LN-001",
        "principal": "1000000.00", "start_date": "2026-01-01",
        "annual_interest_rate": "12", "term_months": 12, "repayment_type": "annuity",
        "first_due_date": "2026-02-01",
        "principal_account": leaf(app, books, "2210").await,
        "interest_account": leaf(app, books, "6500").await,
        "cash_account": leaf(app, books, "1120").await,
        "post_drawdown": post_drawdown
    })
}

async fn create(app: &TestApp, books: &Books, body: Value) -> String {
    let reply = app
        .post(
            &format!("{}debts/", books.base),
            Some(&books.owner.access),
            body,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.body["data"]["id"].as_str().expect("id").to_owned()
}

async fn repay(app: &TestApp, books: &Books, id: &str, date: &str, amount: &str) -> Reply {
    app.post(
        &format!("{}debts/{id}/repayments/", books.base),
        Some(&books.owner.access),
        json!({"date": date, "amount": amount}),
    )
    .await
}

/// (debit, credit, balance) of the account coded `code` at the end of 2026.
async fn balance(app: &TestApp, books: &Books, code: &str) -> (String, String, String) {
    let tb = app
        .read(
            &format!("{}trial-balance/?as_of=2026-12-31", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(tb.status, 200, "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);
    let Some(row) = tb.body["data"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == code)
        .cloned()
    else {
        return ("0.00".into(), "0.00".into(), "0.00".into());
    };
    let text = |k: &str| row[k].as_str().unwrap_or_default().to_owned();
    (text("debit"), text("credit"), text("balance"))
}

async fn the_worked_loan_schedules_and_posts_its_drawdown(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let body = loan(&app, &books, true).await;

    let created = app
        .post(
            &format!("{}debts/", books.base),
            Some(&books.owner.access),
            body,
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["data"]["id"].as_str().expect("id");
    let schedule = app
        .read(
            &format!("{}debts/{id}/schedule/", books.base),
            Some(&books.owner.access),
        )
        .await;
    let shown = app
        .read(
            &format!("{}debts/{id}/", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(schedule.status, 200, "{}", schedule.body);
    let data = &schedule.body["data"];
    let rows = data["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[0]["due_date"], "2026-02-01");
    assert_eq!(rows[0]["opening_balance"], "1000000.00");
    assert_eq!(rows[0]["payment"], "88848.79");
    assert_eq!(rows[0]["interest"], "10000.00");
    assert_eq!(rows[0]["principal"], "78848.79");
    assert_eq!(rows[1]["interest"], "9211.51");
    assert_eq!(rows[1]["principal"], "79637.28");
    assert_eq!(rows[11]["due_date"], "2027-01-01");
    assert_eq!(rows[11]["closing_balance"], "0.00");
    assert_eq!(rows[0]["status"], "unpaid");
    assert_eq!(data["total_interest"], "66185.45");
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert_eq!(shown.body["data"]["status"], "active");
    assert_eq!(shown.body["data"]["principal"], "1000000.00");
    assert_eq!(
        shown.body["data"]["drawdown_entry_id"],
        created.body["data"]["drawdown_entry_id"]
    );
    assert_eq!(balance(&app, &books, "1120").await.0, "1000000.00");
    assert_eq!(balance(&app, &books, "2210").await.1, "1000000.00");
    app.stop().await;
}

async fn a_repayment_splits_into_interest_and_principal_and_posts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;
    let path = format!("{}debts/{id}/repayments/", books.base);
    let body = json!({"date": "2026-02-01", "amount": "88848.79"});

    let first = app
        .post_keyed(&path, &books.owner.access, "repay-feb", body.clone())
        .await;
    app.lose_cached_answers().await;
    let retried = app
        .post_keyed(&path, &books.owner.access, "repay-feb", body)
        .await;
    let listed = app.read(&path, Some(&books.owner.access)).await;
    let interest = leaf(&app, &books, "6500").await;
    let ledger = app
        .read(
            &format!(
                "{}general-ledger/?account_id={interest}&from=2026-01-01&to=2026-12-31",
                books.base
            ),
            Some(&books.owner.access),
        )
        .await;
    let schedule = app
        .read(
            &format!("{}debts/{id}/schedule/", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(first.status, 201, "{}", first.body);
    let split = &first.body["data"];
    assert_eq!(split["interest"], "10000.00");
    assert_eq!(split["principal"], "78848.79");
    assert_eq!(split["prepayment"], "0.00");
    assert_eq!(split["lines"][0]["instalment"], 1);
    assert_eq!(split["principal_outstanding"], "921151.21");
    assert_eq!(retried.status, 201, "{}", retried.body);
    assert_eq!(
        retried.body["data"]["journal_entry_id"],
        split["journal_entry_id"]
    );
    let repayments = listed.body["data"].as_array().expect("repayments");
    assert_eq!(repayments.len(), 1, "{}", listed.body);
    assert_eq!(repayments[0]["journal_entry_id"], split["journal_entry_id"]);
    assert_eq!(repayments[0]["interest"], "10000.00");
    assert_eq!(balance(&app, &books, "6500").await.2, "10000.00");
    assert_eq!(balance(&app, &books, "2210").await.2, "921151.21");
    assert_eq!(balance(&app, &books, "1120").await.2, "911151.21");
    assert_eq!(ledger.status, 200, "{}", ledger.body);
    let postings = ledger.body["data"]["data"].as_array().expect("postings");
    assert_eq!(postings.len(), 1, "{}", ledger.body);
    assert_eq!(postings[0]["entry_id"], split["journal_entry_id"]);
    assert_eq!(postings[0]["debit"], "10000.00");
    assert_eq!(schedule.body["data"]["rows"][0]["status"], "paid");
    assert_eq!(schedule.body["data"]["rows"][1]["status"], "unpaid");
    app.stop().await;
}

async fn a_late_partial_repayment_pays_interest_first_and_the_rest_ages(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;

    let late = repay(&app, &books, &id, "2026-03-10", "50000.00").await;
    let aging = app
        .read(
            &format!(
                "{}debts/aging/?as_of=2026-03-10&direction=payable",
                books.base
            ),
            Some(&books.owner.access),
        )
        .await;
    let schedule = app
        .read(
            &format!("{}debts/{id}/schedule/", books.base),
            Some(&books.owner.access),
        )
        .await;
    let before_last = repay(&app, &books, &id, "2026-03-01", "100.00").await;

    assert_eq!(late.status, 201, "{}", late.body);
    // Both instalments due by then pay their interest first, then the oldest principal.
    assert_eq!(late.body["data"]["interest"], "19211.51");
    assert_eq!(late.body["data"]["principal"], "30788.49");
    assert_eq!(aging.status, 200, "{}", aging.body);
    let row = &aging.body["data"]["rows"][0];
    assert_eq!(row["outstanding"], "969211.51");
    assert_eq!(row["overdue"], "127697.58");
    assert_eq!(row["days_past_due"], 37);
    assert_eq!(row["buckets"]["days_31_60"], "48060.30");
    assert_eq!(row["buckets"]["days_1_30"], "79637.28");
    assert_eq!(row["buckets"]["current"], "841513.93");
    let rows = schedule.body["data"]["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["status"], "partly_paid");
    assert_eq!(rows[0]["unpaid"], "48060.30");
    assert_eq!(rows[1]["status"], "partly_paid");
    assert_eq!(rows[1]["interest_paid"], "9211.51");
    assert_eq!(before_last.status, 400, "{}", before_last.body);
    assert!(before_last.body["date"].is_array(), "{}", before_last.body);
    assert_eq!(balance(&app, &books, "6500").await.2, "19211.51");
    app.stop().await;
}

async fn aging_buckets_each_instalment_by_its_days_past_due(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;
    let aging_on = |query: &str| {
        let path = format!("{}debts/aging/?{query}", books.base);
        let token = books.owner.access.clone();
        let app = &app;
        async move { app.read(&path, Some(&token)).await }
    };

    let june = aging_on("as_of=2026-06-15").await;
    let receivables = aging_on("as_of=2026-06-15&direction=receivable").await;
    let before_start = aging_on("as_of=2025-12-31").await;
    let bad = aging_on("as_of=2026-02-30").await;

    assert_eq!(june.status, 200, "{}", june.body);
    let data = &june.body["data"];
    let row = &data["rows"][0];
    assert_eq!(row["id"], id.as_str());
    // Due 1 Feb and 1 Mar: 134 and 106 days; 1 Apr: 75; 1 May: 45; 1 Jun: 14.
    assert_eq!(row["buckets"]["days_over_90"], "177697.58");
    assert_eq!(row["buckets"]["days_61_90"], "88848.79");
    assert_eq!(row["buckets"]["days_31_60"], "88848.79");
    assert_eq!(row["buckets"]["days_1_30"], "88848.79");
    assert_eq!(row["overdue"], "444243.95");
    assert_eq!(row["days_past_due"], 134);
    assert_eq!(row["next_due"]["due_date"], "2026-07-01");
    assert_eq!(data["payable"]["overdue"], "444243.95");
    assert_eq!(data["payable"]["outstanding"], row["outstanding"]);
    assert_eq!(data["receivable"]["outstanding"], "0.00");
    assert_eq!(receivables.body["data"]["rows"], json!([]));
    assert_eq!(before_start.body["data"]["rows"], json!([]));
    assert_eq!(bad.status, 400);
    assert!(bad.body["as_of"].is_array(), "{}", bad.body);
    app.stop().await;
}

/// `session`'s notifications of `kind`, waiting up to a few seconds for `expected` of
/// them (the notices are raised by a reactor a moment after the cause).
async fn notices(app: &TestApp, session: &Session, kind: &str, expected: usize) -> Vec<Value> {
    let mut found = Vec::new();
    for _ in 0..100 {
        let listed = app
            .read("/api/v1/notification/?page_size=100", Some(&session.access))
            .await;
        assert_eq!(listed.status, 200, "{}", listed.body);
        found = listed.body["data"]["data"]
            .as_array()
            .expect("notifications")
            .iter()
            .filter(|n| n["kind"] == kind)
            .cloned()
            .collect();
        if found.len() >= expected {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    found
}

async fn instalments_due_soon_and_overdue_are_announced_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let editor = app.signed_up("bola@books.ng").await;
    let viewer = app.signed_up("chidi@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;
    app.add_member(&books.owner, "chidi@books.ng", 0, &books.workspace)
        .await;
    let due: NaiveDate = Utc::now().date_naive() + chrono::Days::new(2);
    let start = due.checked_sub_months(Months::new(1)).expect("start");
    let mut body = loan(&app, &books, false).await;
    body["start_date"] = json!(start.to_string());
    body["first_due_date"] = json!(due.to_string());
    create(&app, &books, body).await;

    let owner_soon = notices(&app, &books.owner, "debt_instalment_due", 1).await;
    let editor_soon = notices(&app, &editor, "debt_instalment_due", 1).await;
    app.clock.advance(Duration::from_secs(3 * 86_400));
    let owner_overdue = notices(&app, &books.owner, "debt_instalment_overdue", 1).await;
    let editor_overdue = notices(&app, &editor, "debt_instalment_overdue", 1).await;
    // Another node on the same books (as after a restart) scans them again.
    let again = app
        .another_node(|config| config.clock = app.clock.clone())
        .await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let owner_soon_after = notices(&app, &books.owner, "debt_instalment_due", 2).await;
    let owner_overdue_after = notices(&app, &books.owner, "debt_instalment_overdue", 2).await;
    let viewer_any = notices(&app, &viewer, "debt_instalment_due", 1).await;
    again.stop().await;

    assert_eq!(owner_soon.len(), 1);
    assert_eq!(editor_soon.len(), 1);
    assert!(
        owner_soon[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("Instalment 1") && m.contains(&due.to_string())),
        "{}",
        owner_soon[0]
    );
    assert!(
        owner_soon[0]["link"]
            .as_str()
            .is_some_and(|l| l.starts_with("/accounting/financial-reports/financial-debt?debt=")),
        "a notice opens its debt on the Debt Management screen: {}",
        owner_soon[0]
    );
    assert_eq!(owner_soon[0]["target"]["type"], "debt", "{}", owner_soon[0]);
    assert!(owner_soon[0]["target"]["debt_id"].is_string());
    assert_eq!(owner_overdue.len(), 1);
    assert_eq!(editor_overdue.len(), 1);
    assert_eq!(owner_soon_after.len(), 1, "raised once");
    assert_eq!(owner_overdue_after.len(), 1, "raised once");
    assert!(viewer_any.is_empty(), "Viewers are not told");
    app.stop().await;
}

async fn admins_write_editors_and_viewers_read(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let editor = app.signed_up("bola@books.ng").await;
    let viewer = app.signed_up("chidi@books.ng").await;
    let outsider = app.signed_up("dayo@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;
    app.add_member(&books.owner, "chidi@books.ng", 0, &books.workspace)
        .await;
    let body = loan(&app, &books, true).await;
    let list = format!("{}debts/", books.base);

    let by_viewer = app.post(&list, Some(&viewer.access), body.clone()).await;
    let by_editor = app.post(&list, Some(&editor.access), body.clone()).await;
    let id = create(&app, &books, body).await;
    let editor_repays = app
        .post(
            &format!("{list}{id}/repayments/"),
            Some(&editor.access),
            json!({"date": "2026-02-01", "amount": "88848.79"}),
        )
        .await;
    let viewer_patches = app
        .patch(
            &format!("{list}{id}/"),
            Some(&viewer.access),
            json!({"counterparty": "Zenith"}),
        )
        .await;
    let viewer_reads = app.read(&list, Some(&viewer.access)).await;
    let editor_reads = app
        .read(&format!("{list}{id}/schedule/"), Some(&editor.access))
        .await;
    let outsider_reads = app.read(&list, Some(&outsider.access)).await;

    assert_eq!(by_viewer.status, 403, "{}", by_viewer.body);
    assert_eq!(by_editor.status, 403, "{}", by_editor.body);
    assert_eq!(by_editor.body["code"], "role_restriction");
    assert_eq!(editor_repays.status, 403);
    assert_eq!(viewer_patches.status, 403);
    assert_eq!(viewer_reads.status, 200, "{}", viewer_reads.body);
    assert_eq!(viewer_reads.body["data"]["count"], 1);
    let listed = &viewer_reads.body["data"]["data"][0];
    assert_eq!(
        listed["outstanding"].as_str().map(|s| s.is_empty()),
        Some(false)
    );
    assert!(listed.get("next_due").is_some(), "{listed}");
    assert_eq!(editor_reads.status, 200);
    assert_eq!(outsider_reads.status, 403);
    app.stop().await;
}

async fn the_terms_lock_once_posted_but_the_name_changes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;
    let path = format!("{}debts/{id}/", books.base);

    let terms = app
        .patch(
            &path,
            Some(&books.owner.access),
            json!({"principal": "900000.00"}),
        )
        .await;
    let renamed = app
        .patch(
            &path,
            Some(&books.owner.access),
            json!({"counterparty": "First Bank of Nigeria"}),
        )
        .await;
    let shown = app.read(&path, Some(&books.owner.access)).await;
    let filtered = app
        .read(
            &format!("{}debts/?direction=receivable", books.base),
            Some(&books.owner.access),
        )
        .await;
    let settled = app
        .read(
            &format!("{}debts/?status=settled", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(terms.status, 409, "{}", terms.body);
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(shown.body["data"]["counterparty"], "First Bank of Nigeria");
    assert_eq!(shown.body["data"]["principal"], "1000000.00");
    assert_eq!(filtered.body["data"]["count"], 0);
    assert_eq!(settled.body["data"]["count"], 0);
    app.stop().await;
}

async fn bad_input_is_refused_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let list = format!("{}debts/", books.base);
    let body = loan(&app, &books, false).await;
    let refused = |field: &'static str, value: Value| {
        let mut body = body.clone();
        body[field] = value;
        let (app, list, token) = (&app, list.clone(), books.owner.access.clone());
        async move { (field, app.post(&list, Some(&token), body).await) }
    };

    let answers = vec![
        refused("principal", json!("-5")).await,
        refused("principal", json!(1000)).await,
        refused("annual_interest_rate", json!("150")).await,
        refused("term_months", json!(0)).await,
        refused("term_months", json!("twelve")).await,
        refused("first_due_date", json!("2026-13-01")).await,
        refused("first_due_date", json!("2025-12-01")).await,
        refused("start_date", json!("01/01/2026")).await,
        refused("direction", json!("sideways")).await,
        refused("repayment_type", json!("bullet")).await,
        refused("principal_account", body["interest_account"].clone()).await,
        refused("cash_account", json!("not-an-id")).await,
        refused("counterparty", json!("  ")).await,
    ];
    let id = create(&app, &books, body.clone()).await;
    let repayments = format!("{list}{id}/repayments/");
    let token = Some(books.owner.access.as_str());
    let bad_amount = app
        .post(
            &repayments,
            token,
            json!({"date": "2026-02-01", "amount": "abc"}),
        )
        .await;
    let bad_date = app
        .post(
            &repayments,
            token,
            json!({"date": "2026-2-1", "amount": "100.00"}),
        )
        .await;
    let too_much = app
        .post(
            &repayments,
            token,
            json!({"date": "2026-02-01", "amount": "2000000.00"}),
        )
        .await;
    let before_start = app
        .post(
            &repayments,
            token,
            json!({"date": "2025-12-31", "amount": "100.00"}),
        )
        .await;
    let bad_filter = app.read(&format!("{list}?status=open"), token).await;
    let nothing_posted = app.read(&repayments, token).await;

    for (field, reply) in answers {
        assert_eq!(reply.status, 400, "{field}: {}", reply.body);
        assert!(reply.body[field].is_array(), "{field}: {}", reply.body);
    }
    for (field, reply) in [
        ("amount", &bad_amount),
        ("date", &bad_date),
        ("amount", &too_much),
        ("date", &before_start),
        ("status", &bad_filter),
    ] {
        assert_eq!(reply.status, 400, "{field}: {}", reply.body);
        assert!(reply.body[field].is_array(), "{field}: {}", reply.body);
    }
    assert_eq!(nothing_posted.body["data"], json!([]));
    assert_eq!(balance(&app, &books, "1120").await.2, "0.00");
    app.stop().await;
}

async fn another_workspaces_debt_is_not_found(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;
    let other = app.workspace(&books.owner, "Abuja Office").await;
    let base = format!("/api/v1/accounting/workspaces/{other}/debts/{id}/");
    let token = Some(books.owner.access.as_str());

    let read = app.read(&base, token).await;
    let schedule = app.read(&format!("{base}schedule/"), token).await;
    let repayments = app.read(&format!("{base}repayments/"), token).await;
    let patched = app.patch(&base, token, json!({"counterparty": "X"})).await;
    let repaid = app
        .post(
            &format!("{base}repayments/"),
            token,
            json!({"date": "2026-02-01", "amount": "100.00"}),
        )
        .await;

    for reply in [&read, &schedule, &repayments, &patched, &repaid] {
        assert_eq!(reply.status, 404, "{}", reply.body);
    }
    app.stop().await;
}

async fn the_debts_read_model_rebuilds_to_the_same_answers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = create(&app, &books, loan(&app, &books, true).await).await;
    assert_eq!(
        repay(&app, &books, &id, "2026-02-01", "88848.79")
            .await
            .status,
        201
    );
    assert_eq!(
        repay(&app, &books, &id, "2026-03-05", "250000.00")
            .await
            .status,
        201
    );
    let token = Some(books.owner.access.as_str());
    let paths = [
        format!("{}debts/", books.base),
        format!("{}debts/{id}/schedule/", books.base),
        format!("{}debts/{id}/repayments/", books.base),
        format!("{}debts/aging/?as_of=2026-06-30", books.base),
    ];
    let mut before = Vec::new();
    for path in &paths {
        before.push(app.read(path, token).await.body);
    }

    let db = app.database().await;
    let store = store::EventStore::open(db).await.expect("store");
    let runtime = projections::ProjectionRuntime::new(store, ledgerline::projectors());
    runtime.rebuild("debts", &|_| {}).await.expect("rebuild");
    let mut after = Vec::new();
    for path in &paths {
        after.push(app.read(path, token).await.body);
    }

    assert_eq!(before, after);
    assert_eq!(after[2]["data"].as_array().map(Vec::len), Some(2));
    // The second repayment paid March's instalment, April's ahead of its date, and
    // prepaid the rest in April's period.
    assert_eq!(after[1]["data"]["rows"][2]["prepaid_principal"], "72302.42");
    app.stop().await;
}

async fn a_loan_receivable_disburses_and_collects_interest_income(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let mut body = loan(&app, &books, true).await;
    body["direction"] = json!("receivable");
    body["counterparty"] = json!("Ikeja Mart");
    body["principal_account"] = json!(leaf(&app, &books, "1210").await);
    body["interest_account"] = json!(leaf(&app, &books, "4300").await);
    let mut payable_accounts = body.clone();
    payable_accounts["direction"] = json!("payable");
    let id = create(&app, &books, body).await;

    let received = repay(&app, &books, &id, "2026-02-01", "88848.79").await;
    let wrong_way = app
        .post(
            &format!("{}debts/", books.base),
            Some(&books.owner.access),
            payable_accounts,
        )
        .await;
    let receivables = app
        .read(
            &format!("{}debts/?direction=receivable", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(received.status, 201, "{}", received.body);
    assert_eq!(received.body["data"]["interest"], "10000.00");
    assert_eq!(balance(&app, &books, "4300").await.2, "10000.00");
    assert_eq!(balance(&app, &books, "1210").await.2, "921151.21");
    let cash = balance(&app, &books, "1120").await;
    assert_eq!(
        (cash.0.as_str(), cash.1.as_str()),
        ("88848.79", "1000000.00")
    );
    // A payable debt's principal sits on a liability: an asset is refused by name.
    assert_eq!(wrong_way.status, 400, "{}", wrong_way.body);
    assert!(
        wrong_way.body["principal_account"].is_array(),
        "{}",
        wrong_way.body
    );
    assert_eq!(receivables.body["data"]["count"], 1);
    assert_eq!(
        receivables.body["data"]["data"][0]["direction"],
        "receivable"
    );
    app.stop().await;
}

backend_tests!(
    the_worked_loan_schedules_and_posts_its_drawdown,
    a_repayment_splits_into_interest_and_principal_and_posts,
    a_late_partial_repayment_pays_interest_first_and_the_rest_ages,
    aging_buckets_each_instalment_by_its_days_past_due,
    instalments_due_soon_and_overdue_are_announced_once,
    admins_write_editors_and_viewers_read,
    the_terms_lock_once_posted_but_the_name_changes,
    bad_input_is_refused_naming_the_field,
    another_workspaces_debt_is_not_found,
    the_debts_read_model_rebuilds_to_the_same_answers,
    a_loan_receivable_disburses_and_collects_interest_income,
);
