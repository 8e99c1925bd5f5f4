//! Fiscal years through the real HTTP API, on SQLite and Postgres: the virtual close
//! (income and expense show the current fiscal year, earlier years' result sits in
//! retained earnings) in the trial balance, the balance sheet and the general ledger,
//! with a January and an April fiscal year; closing and reopening years in order, the
//! lock date moving with them and no double counting after a real close; hledger's
//! income statement agreeing on the result retained.

mod common;

use common::books::{books, leaf, Books};
use common::{Reply, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn entry(app: &TestApp, books: &Books, date: &str, debit: &str, credit: &str, amount: &str) {
    let (debit, credit) = (
        leaf(app, books, debit).await,
        leaf(app, books, credit).await,
    );
    let posted = app
        .post(
            &format!("{}journal-entries/", books.base),
            Some(&books.owner.access),
            json!({"date": date, "memo": "Trade", "post": true, "lines": [
                {"account_id": debit, "debit": amount},
                {"account_id": credit, "credit": amount}
            ]}),
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
}

/// Three fiscal years of trade: a profit of 700.00 in 2024, 1,500.00 in 2025 and 300.00
/// in 2026 so far.
async fn three_years(app: &TestApp, books: &Books) {
    entry(app, books, "2024-03-10", "1120", "4100", "1000.00").await;
    entry(app, books, "2024-07-01", "6210", "1120", "300.00").await;
    entry(app, books, "2025-02-01", "1120", "4100", "2000.00").await;
    entry(app, books, "2025-11-30", "6210", "1120", "500.00").await;
    entry(app, books, "2026-01-15", "1120", "4100", "400.00").await;
    entry(app, books, "2026-02-01", "6210", "1120", "100.00").await;
}

async fn read(app: &TestApp, books: &Books, path: &str) -> Value {
    let reply = app
        .read(&format!("{}{path}", books.base), Some(&books.owner.access))
        .await;
    assert_eq!(reply.status, 200, "{path}: {}", reply.body);
    reply.body["data"].clone()
}

async fn trial_balance(app: &TestApp, books: &Books, as_of: &str) -> Value {
    let tb = read(app, books, &format!("trial-balance/?as_of={as_of}")).await;
    assert_eq!(tb["balanced"], true, "trial balance at {as_of}: {tb}");
    assert_eq!(tb["totals"]["debit"], tb["totals"]["credit"], "{as_of}");
    tb
}

/// The balance of the row with `code`.
fn row(tb: &Value, code: &str) -> String {
    tb["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == code)
        .map(|r| r["balance"].as_str().expect("balance").to_owned())
        .unwrap_or_else(|| "0.00".into())
}

/// Every row's code and balance.
fn balances(tb: &Value) -> Vec<(String, String)> {
    tb["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| (r["account_code"].to_string(), r["balance"].to_string()))
        .collect()
}

async fn ledger(app: &TestApp, books: &Books, code: &str, from: &str, to: &str) -> Value {
    let account = leaf(app, books, code).await;
    read(
        app,
        books,
        &format!("general-ledger/?account_id={account}&from={from}&to={to}&page_size=100"),
    )
    .await
}

async fn fiscal(app: &TestApp, books: &Books, year: i32, action: &str) -> Reply {
    app.post(
        &format!("{}fiscal-years/{year}/{action}/", books.base),
        Some(&books.owner.access),
        json!(null),
    )
    .await
}

async fn start_month(app: &TestApp, books: &Books, month: Value) -> Reply {
    app.call(
        reqwest::Method::PUT,
        &format!("{}accounting-settings/", books.base),
        Some(&books.owner.access),
        Some(json!({ "fiscal_year_start_month": month })),
    )
    .await
}

async fn the_virtual_close_retains_earlier_years_at_any_date(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    three_years(&app, &books).await;

    // At the start of year 3, retained earnings hold the profits of years 1 and 2.
    let tb = trial_balance(&app, &books, "2026-01-01").await;
    assert_eq!(row(&tb, "3200"), "2200.00");
    assert_eq!(row(&tb, "4100"), "0.00");
    assert_eq!(row(&tb, "6210"), "0.00");
    assert_eq!(tb["fiscal_year_start"], "2026-01-01");
    let tb = trial_balance(&app, &books, "2026-03-31").await;
    assert_eq!(row(&tb, "3200"), "2200.00");
    assert_eq!(row(&tb, "4100"), "400.00");
    assert_eq!(row(&tb, "6210"), "100.00");
    let tb = trial_balance(&app, &books, "2025-12-31").await;
    assert_eq!(row(&tb, "3200"), "700.00");
    assert_eq!(row(&tb, "4100"), "2000.00");
    // Balanced at every date, whatever the year.
    for as_of in [
        "2023-12-31",
        "2024-03-10",
        "2024-12-31",
        "2025-01-01",
        "2025-06-30",
        "2026-02-01",
        "2027-05-05",
    ] {
        trial_balance(&app, &books, as_of).await;
    }

    let bs = read(&app, &books, "reports/balance-sheet/?as_of=2026-03-31").await;
    assert_eq!(bs["balanced"], true, "{bs}");
    assert_eq!(bs["retained_earnings"]["amount"], "2200.00");
    assert_eq!(bs["current_period_profit"]["amount"], "300.00");
    assert_eq!(bs["total_equity"]["amount"], "2500.00");
    assert_eq!(bs["total_assets"]["amount"], "2500.00");

    // The expense account opens each fiscal year at zero; retained earnings open year 3
    // with years 1 and 2.
    let gl = ledger(&app, &books, "6210", "2025-01-01", "2025-12-31").await;
    assert_eq!(gl["opening_balance"], "0.00");
    assert_eq!(gl["closing_balance"], "500.00");
    let gl = ledger(&app, &books, "6210", "2024-01-01", "2026-12-31").await;
    let running: Vec<&str> = gl["data"]
        .as_array()
        .expect("postings")
        .iter()
        .map(|p| p["running_balance"].as_str().expect("running"))
        .collect();
    assert_eq!(running, ["300.00", "500.00", "100.00"]);
    assert_eq!(gl["closing_balance"], "100.00");
    let gl = ledger(&app, &books, "3200", "2026-01-01", "2026-12-31").await;
    assert_eq!(gl["opening_balance"], "2200.00");
    assert_eq!(gl["closing_balance"], "2200.00");

    // hledger's income statement up to year 3 is the result retained.
    let journal = app
        .read(
            &format!("{}journal-entries/export/?format=hledger", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(journal.status, 200);
    if let Some(net) = hledger_net_income(journal.body.as_str().expect("journal"), "2026-01-01") {
        assert_eq!(net, "2200.00");
    }
    app.stop().await;
}

/// hledger's net income of everything dated before `end`, or `None` when hledger is
/// not installed.
fn hledger_net_income(journal: &str, end: &str) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("ll_fy_{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("books.journal");
    let types = "account 1000 Assets  ; type: A\naccount 2000 Liabilities  ; type: L\n\
        account 3000 Equity  ; type: E\naccount 4000 Income  ; type: R\n\
        account 5000 Cost of sales  ; type: X\naccount 6000 Operating expenses  ; type: X\n\n";
    std::fs::write(&file, format!("{types}{journal}")).expect("write");
    let output = std::process::Command::new("hledger")
        .args(["-f", file.to_str().expect("path"), "is", "-e", end])
        .args(["-O", "csv", "--flat"])
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            eprintln!("!!!!!!!! SKIPPED: hledger is not installed ({e}); install it with `apt-get install hledger` !!!!!!!!");
            return None;
        }
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let net = text
        .lines()
        .find(|l| l.starts_with("\"Net:\""))
        .expect("a Net: row");
    Some(
        net.split("\",\"")
            .nth(1)
            .expect("amount")
            .trim_matches('"')
            .replace(',', ""),
    )
}

async fn a_fiscal_year_may_start_in_april(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let settings = read(&app, &books, "accounting-settings/").await;
    assert_eq!(settings["fiscal_year_start_month"], 1);

    let refused = start_month(&app, &books, json!(13)).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body["fiscal_year_start_month"].is_array(),
        "{}",
        refused.body
    );
    let set = start_month(&app, &books, json!(4)).await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(set.body["data"]["fiscal_year_start_month"], 4);
    assert_eq!(
        read(&app, &books, "accounting-settings/").await["fiscal_year_start_month"],
        4
    );

    entry(&app, &books, "2025-03-31", "1120", "4100", "100.00").await;
    entry(&app, &books, "2025-04-01", "1120", "4100", "250.00").await;
    entry(&app, &books, "2025-04-02", "6210", "1120", "50.00").await;

    let tb = trial_balance(&app, &books, "2025-04-30").await;
    assert_eq!(tb["fiscal_year_start"], "2025-04-01");
    assert_eq!(row(&tb, "3200"), "100.00");
    assert_eq!(row(&tb, "4100"), "250.00");
    let tb = trial_balance(&app, &books, "2025-03-31").await;
    assert_eq!(row(&tb, "3200"), "0.00");
    assert_eq!(row(&tb, "4100"), "100.00");
    let bs = read(&app, &books, "reports/balance-sheet/?as_of=2026-03-31").await;
    assert_eq!(bs["balanced"], true);
    assert_eq!(bs["fiscal_year_start"], "2025-04-01");
    assert_eq!(bs["retained_earnings"]["amount"], "100.00");
    assert_eq!(bs["current_period_profit"]["amount"], "200.00");
    let gl = ledger(&app, &books, "4100", "2025-04-01", "2026-03-31").await;
    assert_eq!(gl["opening_balance"], "0.00");
    assert_eq!(gl["closing_balance"], "250.00");

    let years = read(&app, &books, "fiscal-years/").await;
    let fy2024 = years
        .as_array()
        .expect("years")
        .iter()
        .find(|y| y["year"] == 2024)
        .expect("fiscal year 2024")
        .clone();
    assert_eq!(fy2024["first_day"], "2024-04-01");
    assert_eq!(fy2024["last_day"], "2025-03-31");
    assert_eq!(fy2024["status"], "open");
    app.stop().await;
}

async fn closing_years_in_order_posts_and_reverses_without_double_counting(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    three_years(&app, &books).await;
    let before = trial_balance(&app, &books, "2026-03-31").await;

    let refused = fiscal(&app, &books, 2025, "close").await;
    assert_eq!(
        refused.status, 409,
        "an earlier year is open: {}",
        refused.body
    );

    let closed = fiscal(&app, &books, 2024, "close").await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert_eq!(closed.body["data"]["lock_date"], "2024-12-31");
    let closing_entry = closed.body["data"]["closing_entry_id"].clone();
    assert!(closing_entry.is_string());
    let twice = fiscal(&app, &books, 2024, "close").await;
    assert_eq!(twice.status, 409, "{}", twice.body);

    // The books after the close read the same as the virtual close had them.
    let after = trial_balance(&app, &books, "2026-03-31").await;
    assert_eq!(after["rows"], before["rows"]);
    let tb = trial_balance(&app, &books, "2024-12-31").await;
    assert_eq!(row(&tb, "4100"), "0.00", "the closing entry zeroes income");
    assert_eq!(row(&tb, "3200"), "700.00");
    let gl = ledger(&app, &books, "3200", "2025-01-01", "2025-12-31").await;
    assert_eq!(gl["opening_balance"], "700.00");
    let is = read(
        &app,
        &books,
        "reports/income-statement/?from=2024-01-01&to=2024-12-31",
    )
    .await;
    assert_eq!(
        is["net_profit"]["amount"], "700.00",
        "the closing entry is left out"
    );
    let summary = read(
        &app,
        &books,
        "reports/income-summary/?from=2024-01-01&to=2024-12-31&granularity=year",
    )
    .await;
    let sales = summary["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == "4100")
        .expect("sales")
        .clone();
    assert_eq!(
        sales["total"], "1000.00",
        "the summary leaves the closing entry out"
    );

    let years = read(&app, &books, "fiscal-years/").await;
    let fy2024 = years
        .as_array()
        .expect("years")
        .iter()
        .find(|y| y["year"] == 2024)
        .expect("2024")
        .clone();
    assert_eq!(fy2024["status"], "closed");
    assert_eq!(fy2024["closing_entry_id"], closing_entry);
    assert!(fy2024["closed_by"].is_string() && fy2024["closed_at"].is_string());

    let moved = start_month(&app, &books, json!(4)).await;
    assert_eq!(moved.status, 400, "{}", moved.body);

    let closed = fiscal(&app, &books, 2025, "close").await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert_eq!(closed.body["data"]["lock_date"], "2025-12-31");
    let out_of_order = fiscal(&app, &books, 2024, "reopen").await;
    assert_eq!(
        out_of_order.status, 409,
        "a later year is closed: {}",
        out_of_order.body
    );
    assert_eq!(
        trial_balance(&app, &books, "2026-03-31").await["rows"],
        before["rows"]
    );

    let reopened = fiscal(&app, &books, 2025, "reopen").await;
    assert_eq!(reopened.status, 200, "{}", reopened.body);
    assert_eq!(reopened.body["data"]["lock_date"], "2024-12-31");
    let reopened = fiscal(&app, &books, 2024, "reopen").await;
    assert_eq!(reopened.status, 200, "{}", reopened.body);
    assert_eq!(reopened.body["data"]["lock_date"], Value::Null);
    assert_eq!(
        read(&app, &books, "lock-date/").await["lock_date"],
        Value::Null
    );
    let not_closed = fiscal(&app, &books, 2024, "reopen").await;
    assert_eq!(not_closed.status, 409, "{}", not_closed.body);

    // Close and reopen net to zero: every balance reads as before (the debit and credit
    // columns keep the closing entry and its reversal).
    let gl = ledger(&app, &books, "4100", "2024-01-01", "2024-12-31").await;
    assert_eq!(gl["closing_balance"], "1000.00");
    assert_eq!(
        balances(&trial_balance(&app, &books, "2026-03-31").await),
        balances(&before)
    );
    let is = read(
        &app,
        &books,
        "reports/income-statement/?from=2024-01-01&to=2025-12-31",
    )
    .await;
    assert_eq!(is["net_profit"]["amount"], "2200.00");
    let years = read(&app, &books, "fiscal-years/").await;
    assert!(years
        .as_array()
        .expect("years")
        .iter()
        .all(|y| y["status"] == "open"));
    app.stop().await;
}

async fn only_those_who_may_post_close_years_or_move_their_start(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    entry(&app, &books, "2024-03-10", "1120", "4100", "1000.00").await;
    let editor = app.signed_up("bola@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;

    let close = app
        .post(
            &format!("{}fiscal-years/2024/close/", books.base),
            Some(&editor.access),
            json!(null),
        )
        .await;
    assert_eq!(close.status, 403, "{}", close.body);
    let start = app
        .call(
            reqwest::Method::PUT,
            &format!("{}accounting-settings/", books.base),
            Some(&editor.access),
            Some(json!({ "fiscal_year_start_month": 4 })),
        )
        .await;
    assert_eq!(start.status, 403, "{}", start.body);
    // Editors still read the years and the settings.
    let years = app
        .read(
            &format!("{}fiscal-years/", books.base),
            Some(&editor.access),
        )
        .await;
    assert_eq!(years.status, 200, "{}", years.body);
    let settings = app
        .read(
            &format!("{}accounting-settings/", books.base),
            Some(&editor.access),
        )
        .await;
    assert_eq!(settings.body["data"]["fiscal_year_start_month"], 1);
    app.stop().await;
}

async fn a_year_with_an_archived_expense_account_closes_and_reopens(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    entry(&app, &books, "2025-02-01", "1120", "4100", "2000.00").await;
    entry(&app, &books, "2025-11-30", "6210", "1120", "500.00").await;
    let travel = leaf(&app, &books, "6210").await;
    let archived = app
        .call(
            reqwest::Method::DELETE,
            &format!("{}accounts/?account_id={travel}", books.base),
            Some(&books.owner.access),
            None,
        )
        .await;
    assert_eq!(archived.body["data"]["archived"], true, "{}", archived.body);

    let closed = fiscal(&app, &books, 2025, "close").await;
    let after_close = trial_balance(&app, &books, "2025-12-31").await;
    let reopened = fiscal(&app, &books, 2025, "reopen").await;
    let after_reopen = trial_balance(&app, &books, "2025-12-31").await;

    // Archiving stops new postings to an account, not the carrying of its year's
    // balance to retained earnings.
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert_eq!(row(&after_close, "6210"), "0.00");
    assert_eq!(reopened.status, 200, "{}", reopened.body);
    assert_eq!(row(&after_reopen, "6210"), "500.00");
    app.stop().await;
}

backend_tests!(
    a_year_with_an_archived_expense_account_closes_and_reopens,
    only_those_who_may_post_close_years_or_move_their_start,
    the_virtual_close_retains_earlier_years_at_any_date,
    a_fiscal_year_may_start_in_april,
    closing_years_in_order_posts_and_reverses_without_double_counting,
);
