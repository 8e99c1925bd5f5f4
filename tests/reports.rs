//! Financial reports through the real HTTP API, on SQLite and Postgres: an Admin asks,
//! the report generator renders from the books, the requester is told it is ready, any
//! reader of the books downloads it; bad requests name their field, reports that cannot
//! be made fail with a reason, the Basic plan's five reports a month, deletion, and
//! isolation between workspaces.

mod common;

use std::time::Duration;

use common::books::{books, formula_named_entry, leaf, post, Books, HYPERLINK};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

fn reports(books: &Books) -> String {
    format!("{}reports/", books.base)
}

async fn ask(app: &TestApp, books: &Books, session: &Session, body: Value) -> common::Reply {
    app.post(&reports(books), Some(&session.access), body).await
}

/// Asks as the owner and answers the new report's id.
async fn asked(app: &TestApp, books: &Books, body: Value) -> String {
    let reply = ask(app, books, &books.owner, body).await;
    assert_eq!(reply.status, 202, "{}", reply.body);
    assert_eq!(reply.body["data"]["status"], "generating");
    reply.body["data"]["id"].as_str().expect("id").to_owned()
}

/// Asks as the owner and waits until the generator has finished with it.
async fn generated(app: &TestApp, books: &Books, body: Value) -> String {
    let id = asked(app, books, body).await;
    finished(app, books, &id).await;
    id
}

/// The report once the generator has finished with it (ready or failed).
async fn finished(app: &TestApp, books: &Books, id: &str) -> Value {
    let path = format!("{}{id}/", reports(books));
    for _ in 0..200 {
        let reply = app.read(&path, Some(&books.owner.access)).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        if reply.body["data"]["status"] != "generating" {
            return reply.body["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("report {id} was never generated");
}

async fn download(
    app: &TestApp,
    books: &Books,
    session: &Session,
    id: &str,
) -> (u16, reqwest::header::HeaderMap, String) {
    app.get(
        &format!("{}{id}/download/", reports(books)),
        Some(&session.access),
    )
    .await
}

/// `session`'s notifications of `kind`, waiting a moment for the rules to run.
async fn notified(app: &TestApp, session: &Session, kind: &str, wait: bool) -> Vec<Value> {
    let mut found = Vec::new();
    for _ in 0..if wait { 100 } else { 10 } {
        let reply = app
            .read("/api/v1/notification/?page_size=100", Some(&session.access))
            .await;
        found = reply.body["data"]["data"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|n| n["kind"] == kind)
            .collect();
        if !found.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    found
}

async fn a_trial_balance_csv_holds_every_account_and_totals_equal_to_the_trial_balance(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1250.00").await;
    post(&app, &books, "2026-04-01", "80.50").await;

    let id = asked(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "csv", "as_of": "2026-06-30"}),
    )
    .await;
    let report = finished(&app, &books, &id).await;
    let (status, headers, text) = download(&app, &books, &books.owner, &id).await;

    assert_eq!(report["status"], "ready", "{report}");
    assert_eq!(report["file_name"], "trial-balance-2026-06-30.csv");
    assert_eq!(status, 200, "{text}");
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"trial-balance-2026-06-30.csv\""
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Code,Account,Type,Debit,Credit,Balance");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("1120,") && l.ends_with(",1330.50,0.00,1330.50")),
        "{text}"
    );
    assert_eq!(*lines.last().expect("totals"), ",Total,,1330.50,1330.50,");
    assert_eq!(report["rows"], lines.len() as i64 - 2);
    assert_eq!(report["size"], text.len() as i64);
    app.stop().await;
}

async fn a_pdf_report_prints_the_workspace_the_dates_and_grouped_amounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1250000.00").await;

    let id = asked(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "pdf", "as_of": "2026-06-30", "compare_to": "2026-02-28"}),
    )
    .await;
    let report = finished(&app, &books, &id).await;
    let (status, headers, _) = download(&app, &books, &books.owner, &id).await;
    let bytes = app
        .client
        .get(format!("{}{}{id}/download/", app.base, reports(&books)))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("download")
        .bytes()
        .await
        .expect("bytes");

    assert_eq!(report["status"], "ready", "{report}");
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/pdf");
    assert!(bytes.starts_with(b"%PDF-"));
    let text = common::pdf_text(&bytes);
    for expected in [
        "Lagos Office",
        "Trial balance",
        "1,250,000.00",
        "30 Jun 2026",
        "28 Feb 2026",
        "Balanced",
    ] {
        assert!(text.contains(expected), "{expected} is not in the PDF");
    }
    app.stop().await;
}

async fn a_general_ledger_csv_lists_each_posting_with_its_running_balance(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-01-10", "100.00").await;
    post(&app, &books, "2026-02-10", "50.00").await;
    post(&app, &books, "2026-07-10", "999.00").await;
    let cash = leaf(&app, &books, "1120").await;

    let body = json!({"kind": "general_ledger", "format": "csv",
        "from": "2026-01-01", "to": "2026-06-30", "account_id": cash});
    let id = generated(&app, &books, body).await;
    let (_, _, text) = download(&app, &books, &books.owner, &id).await;

    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Date,Entry,Code,Account,Description,Debit,Credit,Balance"
    );
    assert_eq!(
        lines.len(),
        4,
        "two postings between header and totals: {text}"
    );
    assert!(lines[1].starts_with("2026-01-10,") && lines[1].ends_with(",100.00,0.00,100.00"));
    assert!(lines[2].starts_with("2026-02-10,") && lines[2].ends_with(",50.00,0.00,150.00"));
    assert_eq!(lines[3], ",,,Total,,150.00,0.00,150.00");
    app.stop().await;
}

async fn an_income_summary_csv_has_a_column_per_period_with_budget_and_variance(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-01-10", "100.00").await;
    post(&app, &books, "2026-05-10", "40.00").await;

    let body = json!({"kind": "income_summary", "format": "csv",
        "from": "2026-01-01", "to": "2026-06-30", "granularity": "quarter"});
    let id = generated(&app, &books, body).await;
    let (_, _, text) = download(&app, &books, &books.owner, &id).await;

    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Code,Account,2026-Q1,2026-Q2,Total,Budget,Variance"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("4100,") && l.contains(",100.00,40.00,140.00,")),
        "{text}"
    );
    assert!(lines
        .last()
        .expect("totals")
        .starts_with(",Total,100.00,40.00,140.00,"));
    app.stop().await;
}

async fn the_requester_alone_is_told_when_the_report_is_ready(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 2, &books.workspace)
        .await;

    generated(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "pdf"}),
    )
    .await;

    let told = notified(&app, &books.owner, "report_ready", true).await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(told[0]["title"], "Report ready");
    assert_eq!(told[0]["severity"], "success");
    // It opens the download itself: the report by id, in its workspace.
    let report_id = told[0]["target"]["report_id"].as_str().expect("report id");
    assert_eq!(told[0]["target"]["type"], "report_download");
    assert_eq!(told[0]["target"]["workspace_id"], books.workspace.as_str());
    let download = app
        .client
        .get(format!(
            "{}{}reports/{report_id}/download/",
            app.base, books.base
        ))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("request");
    assert_eq!(download.status().as_u16(), 200);
    assert!(told[0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("Trial balance (PDF) for Lagos Office")));
    assert!(notified(&app, &bola, "report_ready", false)
        .await
        .is_empty());
    app.stop().await;
}

async fn a_report_too_wide_for_a_pdf_fails_with_its_reason_and_frees_its_place(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;

    let id = asked(
        &app,
        &books,
        json!({"kind": "expense_summary", "format": "pdf", "from": "2026-01-01", "to": "2026-12-31"}),
    )
    .await;
    let report = finished(&app, &books, &id).await;
    let (status, _, body) = download(&app, &books, &books.owner, &id).await;
    let told = notified(&app, &books.owner, "report_failed", true).await;

    assert_eq!(report["status"], "failed");
    assert!(report["failure_reason"]
        .as_str()
        .is_some_and(|r| r.contains("12 periods") && r.contains("at most 6")));
    assert_eq!(status, 409, "{body}");
    assert_eq!(told.len(), 1);
    assert_eq!(told[0]["severity"], "error");
    let db = app.database().await;
    let used = projections::reports::generated_since(&db.pool, &books.owner.organization_id, 0)
        .await
        .expect("count");
    assert_eq!(used, 0, "a failed report does not count against the plan");
    app.stop().await;
}

async fn a_bad_request_names_each_wrong_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let elsewhere = app.workspace(&books.owner, "Abuja Office").await;
    let foreign_account = {
        let tree = app
            .read(
                &format!("/api/v1/accounting/workspaces/{elsewhere}/accounts/"),
                Some(&books.owner.access),
            )
            .await;
        tree.body["data"][0]["id"].as_str().map(str::to_owned)
    };

    let unknown = ask(
        &app,
        &books,
        &books.owner,
        json!({"kind": "budget_forecast", "format": "docx"}),
    )
    .await;
    let dates = ask(
        &app,
        &books,
        &books.owner,
        json!({"kind": "general_ledger", "format": "csv", "from": "2026-13-01", "to": "yesterday"}),
    )
    .await;
    let missing_from = ask(
        &app,
        &books,
        &books.owner,
        json!({"kind": "general_ledger", "format": "csv"}),
    )
    .await;
    let backwards = ask(
        &app,
        &books,
        &books.owner,
        json!({"kind": "income_summary", "format": "csv", "from": "2026-06-01", "to": "2026-01-01", "granularity": "week"}),
    )
    .await;
    let account = ask(
        &app,
        &books,
        &books.owner,
        json!({"kind": "general_ledger", "format": "csv", "from": "2026-01-01",
               "account_id": foreign_account.unwrap_or_else(|| uuid::Uuid::now_v7().to_string())}),
    )
    .await;

    assert_eq!(unknown.status, 400);
    assert!(
        unknown.body["kind"].is_array() && unknown.body["format"].is_array(),
        "{}",
        unknown.body
    );
    assert_eq!(dates.status, 400);
    assert!(
        dates.body["from"].is_array() && dates.body["to"].is_array(),
        "{}",
        dates.body
    );
    assert_eq!(
        missing_from.body["from"][0],
        "Choose the first day the report covers."
    );
    assert_eq!(backwards.status, 400);
    assert!(
        backwards.body["to"].is_array() && backwards.body["granularity"].is_array(),
        "{}",
        backwards.body
    );
    assert_eq!(
        account.body["account_id"][0],
        "No such account in this workspace."
    );
    let listed = app.read(&reports(&books), Some(&books.owner.access)).await;
    assert_eq!(listed.body["data"]["count"], 0, "nothing half-written");
    app.stop().await;
}

async fn only_admins_generate_reports_while_other_members_download_them(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bola = app.signed_up("bola@books.ng").await;
    let chidi = app.signed_up("chidi@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;
    app.add_member(&books.owner, "chidi@books.ng", 0, &books.workspace)
        .await;
    let id = generated(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;

    let editor_asks = ask(
        &app,
        &books,
        &bola,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;
    let editor_deletes = app
        .delete(&format!("{}{id}/", reports(&books)), Some(&bola.access))
        .await;
    let editor_lists = app.read(&reports(&books), Some(&bola.access)).await;
    let (editor_downloads, _, _) = download(&app, &books, &bola, &id).await;
    let viewer_lists = app.read(&reports(&books), Some(&chidi.access)).await;
    let (viewer_downloads, _, _) = download(&app, &books, &chidi, &id).await;
    let viewer_asks = ask(
        &app,
        &books,
        &chidi,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;

    assert_eq!(viewer_asks.status, 403);
    assert_eq!(editor_asks.status, 403);
    assert_eq!(editor_asks.body["code"], "role_restriction");
    assert_eq!(editor_deletes.status, 403);
    assert_eq!(editor_lists.status, 200);
    assert_eq!(editor_lists.body["data"]["count"], 1);
    assert_eq!(editor_downloads, 200);
    assert_eq!(viewer_lists.status, 200, "a Viewer reads the books");
    assert_eq!(viewer_downloads, 200);
    app.stop().await;
}

async fn the_basic_plan_generates_five_reports_a_month(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&books.owner.access),
            json!({ "plan": "basic", "organization_id": books.owner.organization_id }),
        )
        .await;
    assert!(basic.status < 300, "{}", basic.body);
    let body = json!({"kind": "trial_balance", "format": "csv"});

    for _ in 0..5 {
        asked(&app, &books, body.clone()).await;
    }
    let sixth = ask(&app, &books, &books.owner, body.clone()).await;
    app.clock.advance(Duration::from_secs(31 * 86_400));
    let next_month = ask(&app, &books, &books.owner, body).await;

    assert_eq!(sixth.status, 403, "{}", sixth.body);
    assert_eq!(sixth.body["code"], "limit_exceeded");
    assert_eq!(
        sixth.body["detail"],
        "You have reached the limit for financial reports."
    );
    assert_eq!(next_month.status, 202, "{}", next_month.body);
    app.stop().await;
}

async fn a_deleted_report_leaves_the_downloads_and_its_file_is_dropped(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let kept = asked(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;
    let dropped = asked(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "pdf"}),
    )
    .await;
    finished(&app, &books, &kept).await;
    finished(&app, &books, &dropped).await;

    let deleted = app
        .delete(
            &format!("{}{dropped}/", reports(&books)),
            Some(&books.owner.access),
        )
        .await;
    let again = app
        .delete(
            &format!("{}{dropped}/", reports(&books)),
            Some(&books.owner.access),
        )
        .await;
    let listed = app.read(&reports(&books), Some(&books.owner.access)).await;
    let (status, _, _) = download(&app, &books, &books.owner, &dropped).await;
    let db = app.database().await;
    let mut files = -1;
    for _ in 0..100 {
        files = sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM report_files")
            .fetch_one(&db.pool)
            .await
            .expect("count");
        if files == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(again.status, 404);
    assert_eq!(listed.body["data"]["count"], 1);
    assert_eq!(listed.body["data"]["data"][0]["id"], kept.as_str());
    assert_eq!(status, 404);
    assert_eq!(
        files, 1,
        "the deleted report's file is gone, the other kept"
    );
    app.stop().await;
}

async fn another_workspaces_reports_are_out_of_reach(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = generated(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;
    let stranger = app.signed_up("eve@elsewhere.ng").await;
    let own = app.workspace(&stranger, "Eve's Books").await;

    let list = app.read(&reports(&books), Some(&stranger.access)).await;
    let (direct, _, _) = download(&app, &books, &stranger, &id).await;
    let through_own = app
        .get(
            &format!("/api/v1/accounting/workspaces/{own}/reports/{id}/download/"),
            Some(&stranger.access),
        )
        .await;
    let delete_through_own = app
        .delete(
            &format!("/api/v1/accounting/workspaces/{own}/reports/{id}/"),
            Some(&stranger.access),
        )
        .await;

    assert_eq!(list.status, 403);
    assert_eq!(direct, 403);
    assert_eq!(through_own.0, 404);
    assert_eq!(delete_through_own.status, 404);
    let still = finished(&app, &books, &id).await;
    assert_eq!(still["status"], "ready");
    app.stop().await;
}

async fn the_downloads_list_survives_a_projection_rebuild(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    generated(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "csv"}),
    )
    .await;
    let too_wide = json!({"kind": "income_summary", "format": "pdf",
        "from": "2026-01-01", "to": "2026-12-31"});
    let failed = generated(&app, &books, too_wide).await;
    let before = app.read(&reports(&books), Some(&books.owner.access)).await;

    let db = app.database().await;
    let store = store::EventStore::open(db).await.expect("store");
    let runtime = projections::ProjectionRuntime::new(store, ledgerline::projectors());
    runtime.rebuild("reports", &|_| {}).await.expect("rebuild");
    let after = app.read(&reports(&books), Some(&books.owner.access)).await;
    let filtered = app
        .read(
            &format!("{}?status=failed", reports(&books)),
            Some(&books.owner.access),
        )
        .await;
    let bad_filter = app
        .read(
            &format!("{}?status=lost", reports(&books)),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(after.body, before.body);
    assert_eq!(after.body["data"]["count"], 2);
    assert_eq!(filtered.body["data"]["count"], 1);
    assert_eq!(filtered.body["data"]["data"][0]["id"], failed.as_str());
    assert_eq!(bad_filter.status, 400);
    assert!(bad_filter.body["status"].is_array());
    app.stop().await;
}

async fn a_report_csv_writes_formula_cells_as_text_and_negative_amounts_as_numbers(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    formula_named_entry(&app, &books).await;
    let body = json!({"kind": "trial_balance", "format": "csv", "as_of": "2026-06-30"});
    let id = generated(&app, &books, body).await;
    let (_, _, text) = download(&app, &books, &books.owner, &id).await;
    let rows = domain::journal_entry::import::parse_csv(&text).expect("valid CSV");
    let account = rows.iter().find(|r| r[0] == "6990").expect("the 6990 row");
    // Indented as a child account, and still written as text.
    assert!(account[1].starts_with('\''), "{text}");
    assert_eq!(account[1][1..].trim_start(), HYPERLINK, "{text}");
    let cash = rows.iter().find(|r| r[0] == "1120").expect("the cash row");
    assert_eq!(cash[5], "-1500.00", "{text}");
    app.stop().await;
}

backend_tests!(
    a_report_csv_writes_formula_cells_as_text_and_negative_amounts_as_numbers,
    a_trial_balance_csv_holds_every_account_and_totals_equal_to_the_trial_balance,
    a_pdf_report_prints_the_workspace_the_dates_and_grouped_amounts,
    a_general_ledger_csv_lists_each_posting_with_its_running_balance,
    an_income_summary_csv_has_a_column_per_period_with_budget_and_variance,
    the_requester_alone_is_told_when_the_report_is_ready,
    a_report_too_wide_for_a_pdf_fails_with_its_reason_and_frees_its_place,
    a_bad_request_names_each_wrong_field,
    only_admins_generate_reports_while_other_members_download_them,
    the_basic_plan_generates_five_reports_a_month,
    a_deleted_report_leaves_the_downloads_and_its_file_is_dropped,
    another_workspaces_reports_are_out_of_reach,
    the_downloads_list_survives_a_projection_rebuild,
);
