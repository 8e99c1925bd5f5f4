//! Fixed assets through the real HTTP API, on SQLite and Postgres: assets registered,
//! monthly depreciation runs posted to the books (trial balance) once per month and
//! reversible, a disposal's gain or loss, the period's asset schedule agreeing with the
//! general ledger; Admins post, Editors and Viewers read.

mod common;

use common::books::{books, leaf, Books};
use common::{Reply, Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn post_entry(
    app: &TestApp,
    books: &Books,
    date: &str,
    debit: &str,
    credit: &str,
    amount: &str,
) {
    let (debit, credit) = (
        leaf(app, books, debit).await,
        leaf(app, books, credit).await,
    );
    let posted = app
        .post(
            &format!("{}journal-entries/", books.base),
            Some(&books.owner.access),
            json!({"date": date, "memo": "Purchase", "post": true, "lines": [
                {"account_id": debit, "debit": amount},
                {"account_id": credit, "credit": amount}
            ]}),
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
}

/// What an asset test buys: `cost` over `life` months by straight line on the default
/// chart's `account`, available for use on `available`.
struct Purchase<'a> {
    name: &'a str,
    category: &'a str,
    account: &'a str,
    available: &'a str,
    cost: &'a str,
    life: u32,
}

/// The register body of a [`Purchase`].
async fn asset(app: &TestApp, books: &Books, purchase: Purchase<'_>) -> Value {
    let Purchase {
        name,
        category,
        account,
        available,
        cost,
        life,
    } = purchase;
    json!({
        "name": name, "tag": name.to_uppercase().replace(' ', "-"), "category": category,
        "asset_account": leaf(app, books, account).await,
        "accumulated_depreciation_account": leaf(app, books, "1590").await,
        "depreciation_expense_account": leaf(app, books, "6400").await,
        "available_for_use": available, "cost": cost, "residual_value": "0.00",
        "useful_life_months": life, "method": "straight_line"
    })
}

async fn register(app: &TestApp, books: &Books, body: Value) -> String {
    let reply = app
        .post(
            &format!("{}fixed-assets/", books.base),
            Some(&books.owner.access),
            body,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.body["data"]["id"].as_str().expect("id").to_owned()
}

/// The delivery van: 1,200,000 over 60 months, bought and available on 15 January 2026.
async fn van(app: &TestApp, books: &Books) -> String {
    post_entry(app, books, "2026-01-15", "1520", "1120", "1200000.00").await;
    let body = asset(
        app,
        books,
        Purchase {
            name: "Delivery van",
            category: "Motor vehicles",
            account: "1520",
            available: "2026-01-15",
            cost: "1200000.00",
            life: 60,
        },
    )
    .await;
    register(app, books, body).await
}

async fn run(app: &TestApp, books: &Books, period: &str) -> Reply {
    app.post(
        &format!("{}depreciation-runs/", books.base),
        Some(&books.owner.access),
        json!({"period": period}),
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
    let row = tb.body["data"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == code)
        .unwrap_or_else(|| panic!("account {code} in the trial balance"))
        .clone();
    let text = |k: &str| row[k].as_str().unwrap_or_default().to_owned();
    (text("debit"), text("credit"), text("balance"))
}

async fn a_run_posts_each_assets_charge_of_the_month_to_the_trial_balance(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    van(&app, &books).await;

    let january = run(&app, &books, "2026-01").await;
    let february = run(&app, &books, "2026-02").await;

    assert_eq!(january.status, 400, "{}", january.body);
    assert!(january.body["period"].is_array(), "{}", january.body);
    assert_eq!(february.status, 201, "{}", february.body);
    assert_eq!(february.body["data"]["total"], "20000.00");
    assert_eq!(february.body["data"]["date"], "2026-02-28");
    assert_eq!(february.body["data"]["assets"], 1);
    assert_eq!(balance(&app, &books, "6400").await.2, "20000.00");
    assert_eq!(balance(&app, &books, "1590").await.1, "20000.00");
    app.stop().await;
}

async fn asking_again_for_a_month_answers_the_run_standing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    van(&app, &books).await;

    let first = run(&app, &books, "2026-02").await;
    let again = run(&app, &books, "2026-02").await;
    let runs = app
        .read(
            &format!("{}depreciation-runs/", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.body["data"]["id"], first.body["data"]["id"]);
    assert_eq!(
        again.body["data"]["journal_entry_id"],
        first.body["data"]["journal_entry_id"]
    );
    assert_eq!(runs.body["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(balance(&app, &books, "6400").await.2, "20000.00");
    app.stop().await;
}

async fn a_reversed_run_nets_to_nothing_and_its_month_runs_again(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    van(&app, &books).await;
    let first = run(&app, &books, "2026-02").await;
    let id = first.body["data"]["id"].as_str().expect("id").to_owned();

    let reversed = app
        .post(
            &format!("{}depreciation-runs/{id}/reverse/", books.base),
            Some(&books.owner.access),
            json!({}),
        )
        .await;
    let after = balance(&app, &books, "6400").await;
    let twice = app
        .post(
            &format!("{}depreciation-runs/{id}/reverse/", books.base),
            Some(&books.owner.access),
            json!({}),
        )
        .await;
    let rerun = run(&app, &books, "2026-02").await;
    let runs = app
        .read(
            &format!("{}depreciation-runs/", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(reversed.status, 200, "{}", reversed.body);
    assert_eq!(reversed.body["data"]["status"], "reversed");
    assert_eq!(after.2, "0.00");
    assert_eq!(twice.status, 409, "{}", twice.body);
    assert_eq!(rerun.status, 201, "{}", rerun.body);
    assert_ne!(
        rerun.body["data"]["journal_entry_id"],
        first.body["data"]["journal_entry_id"]
    );
    let statuses: Vec<&str> = runs.body["data"]
        .as_array()
        .expect("runs")
        .iter()
        .filter_map(|r| r["status"].as_str())
        .collect();
    assert_eq!(statuses.len(), 2);
    assert!(statuses.contains(&"reversed") && statuses.contains(&"posted"));
    assert_eq!(balance(&app, &books, "6400").await.2, "20000.00");
    app.stop().await;
}

async fn a_disposal_removes_cost_and_depreciation_and_books_the_loss(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = van(&app, &books).await;
    run(&app, &books, "2026-02").await;
    let bank = leaf(&app, &books, "1120").await;

    let disposed = app
        .post(
            &format!("{}fixed-assets/{id}/dispose/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-04-10", "proceeds": "1000000.00", "proceeds_account": bank}),
        )
        .await;
    let after = run(&app, &books, "2026-05").await;
    let shown = app
        .read(
            &format!("{}fixed-assets/{id}/", books.base),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(disposed.status, 200, "{}", disposed.body);
    let d = &disposed.body["data"];
    assert_eq!(d["accumulated_depreciation"], "60000.00");
    assert_eq!(d["catch_up_charge"], "40000.00");
    assert_eq!(d["net_book_value"], "1140000.00");
    assert_eq!(d["loss"], "140000.00");
    assert_eq!(d["gain"], "0.00");
    assert_eq!(balance(&app, &books, "1520").await.2, "0.00");
    assert_eq!(balance(&app, &books, "1590").await.2, "0.00");
    assert_eq!(balance(&app, &books, "6400").await.2, "60000.00");
    assert_eq!(balance(&app, &books, "4300").await.2, "-140000.00");
    assert_eq!(
        after.status, 400,
        "nothing is charged after a disposal: {}",
        after.body
    );
    assert_eq!(shown.body["data"]["status"], "disposed");
    app.stop().await;
}

async fn proceeds_above_net_book_value_are_a_gain(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = van(&app, &books).await;
    let bank = leaf(&app, &books, "1120").await;

    let disposed = app
        .post(
            &format!("{}fixed-assets/{id}/dispose/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-02-20", "proceeds": "1250000.00", "proceeds_account": bank}),
        )
        .await;

    assert_eq!(disposed.status, 200, "{}", disposed.body);
    assert_eq!(disposed.body["data"]["gain"], "70000.00");
    assert_eq!(balance(&app, &books, "4300").await.2, "70000.00");
    app.stop().await;
}

async fn the_asset_schedule_agrees_with_the_general_ledger(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    van(&app, &books).await;
    post_entry(&app, &books, "2026-02-01", "1530", "1120", "900000.00").await;
    let laptops = asset(
        &app,
        &books,
        Purchase {
            name: "Laptops",
            category: "Computer equipment",
            account: "1530",
            available: "2026-02-01",
            cost: "900000.00",
            life: 36,
        },
    )
    .await;
    register(&app, &books, laptops).await;
    run(&app, &books, "2026-02").await;
    run(&app, &books, "2026-03").await;
    let path = format!(
        "{}asset-schedule/?from=2026-01-01&to=2026-03-31",
        books.base
    );

    let report = app.read(&path, Some(&books.owner.access)).await;
    post_entry(&app, &books, "2026-03-05", "1520", "1120", "5000.00").await;
    let off = app.read(&path, Some(&books.owner.access)).await;

    assert_eq!(report.status, 200, "{}", report.body);
    let data = &report.body["data"];
    assert_eq!(data["total"]["cost_brought_forward"], "0.00");
    assert_eq!(data["total"]["additions"], "2100000.00");
    assert_eq!(data["total"]["cost_carried_forward"], "2100000.00");
    assert_eq!(data["total"]["charge"], "65000.00");
    assert_eq!(data["total"]["depreciation_carried_forward"], "65000.00");
    assert_eq!(data["total"]["nbv_carried_forward"], "2035000.00");
    assert_eq!(data["categories"].as_array().map(Vec::len), Some(2));
    assert_eq!(data["agrees_with_ledger"], true, "{}", report.body);
    assert_eq!(off.body["data"]["agrees_with_ledger"], false);
    let cost_check = off.body["data"]["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .find(|c| c["figure"] == "cost_carried_forward")
        .expect("cost check")
        .clone();
    assert_eq!(cost_check["difference"], "-5000.00");
    app.stop().await;
}

async fn cost_fields_change_only_before_the_first_run(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let id = van(&app, &books).await;
    let path = format!("{}fixed-assets/{id}/", books.base);

    let before = app
        .patch(
            &path,
            Some(&books.owner.access),
            json!({"useful_life_months": 48}),
        )
        .await;
    run(&app, &books, "2026-02").await;
    let after = app
        .patch(
            &path,
            Some(&books.owner.access),
            json!({"cost": "1300000.00"}),
        )
        .await;
    let renamed = app
        .patch(&path, Some(&books.owner.access), json!({"name": "Van"}))
        .await;
    let schedule = app
        .read(&format!("{path}schedule/"), Some(&books.owner.access))
        .await;

    assert_eq!(before.status, 200, "{}", before.body);
    assert_eq!(after.status, 409, "{}", after.body);
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let rows = schedule.body["data"]["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 48);
    assert_eq!(rows[0]["period"], "2026-02");
    assert_eq!(rows[0]["charge"], "25000.00");
    assert_eq!(rows[0]["posted"], true);
    assert_eq!(rows[1]["posted"], false);
    assert_eq!(schedule.body["data"]["total_charge"], "1200000.00");
    app.stop().await;
}

async fn admins_post_editors_and_viewers_read(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let editor: Session = app.signed_up("bola@books.ng").await;
    let viewer: Session = app.signed_up("chidi@books.ng").await;
    let outsider: Session = app.signed_up("dayo@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;
    app.add_member(&books.owner, "chidi@books.ng", 0, &books.workspace)
        .await;
    van(&app, &books).await;
    let list = format!("{}fixed-assets/", books.base);

    let editor_runs = app
        .post(
            &format!("{}depreciation-runs/", books.base),
            Some(&editor.access),
            json!({"period": "2026-02"}),
        )
        .await;
    let viewer_reads = app.read(&list, Some(&viewer.access)).await;
    let outsider_reads = app.read(&list, Some(&outsider.access)).await;

    assert_eq!(editor_runs.status, 403);
    assert_eq!(editor_runs.body["code"], "role_restriction");
    assert_eq!(viewer_reads.status, 200, "{}", viewer_reads.body);
    assert_eq!(viewer_reads.body["data"]["count"], 1);
    assert_eq!(
        viewer_reads.body["data"]["data"][0]["net_book_value"],
        "1200000.00"
    );
    assert_eq!(outsider_reads.status, 403);
    app.stop().await;
}

async fn bad_input_is_refused_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let mut body = asset(
        &app,
        &books,
        Purchase {
            name: "Van",
            category: "Motor vehicles",
            account: "1520",
            available: "2026-01-15",
            cost: "1200000.00",
            life: 60,
        },
    )
    .await;
    let list = format!("{}fixed-assets/", books.base);

    body["cost"] = json!("-5");
    let negative = app
        .post(&list, Some(&books.owner.access), body.clone())
        .await;
    body["cost"] = json!("1000.00");
    body["method"] = json!("declining_balance");
    let no_rate = app
        .post(&list, Some(&books.owner.access), body.clone())
        .await;
    body["method"] = json!("straight_line");
    body["asset_account"] = body["depreciation_expense_account"].clone();
    let wrong_account = app
        .post(&list, Some(&books.owner.access), body.clone())
        .await;
    let bad_month = run(&app, &books, "2026-13").await;

    assert_eq!(negative.status, 400);
    assert!(negative.body["cost"].is_array(), "{}", negative.body);
    assert_eq!(no_rate.status, 400);
    assert!(no_rate.body["annual_rate"].is_array(), "{}", no_rate.body);
    assert_eq!(wrong_account.status, 400);
    assert!(
        wrong_account.body["asset_account"].is_array(),
        "{}",
        wrong_account.body
    );
    assert_eq!(bad_month.status, 400);
    assert!(bad_month.body["period"].is_array(), "{}", bad_month.body);
    app.stop().await;
}

backend_tests!(
    a_run_posts_each_assets_charge_of_the_month_to_the_trial_balance,
    asking_again_for_a_month_answers_the_run_standing,
    a_reversed_run_nets_to_nothing_and_its_month_runs_again,
    a_disposal_removes_cost_and_depreciation_and_books_the_loss,
    proceeds_above_net_book_value_are_a_gain,
    the_asset_schedule_agrees_with_the_general_ledger,
    cost_fields_change_only_before_the_first_run,
    admins_post_editors_and_viewers_read,
    bad_input_is_refused_naming_the_field,
);
