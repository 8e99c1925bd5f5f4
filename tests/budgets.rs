//! Budget against actual through the real API, on SQLite and Postgres: the income and
//! expense summaries put each account's budget beside what it earned or spent, with the
//! variance as an amount and as a percentage of the budget. A month's own budget wins
//! over the account's standing (every-month) budget.

mod common;

use common::books::{books, leaf, post, Books};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn budget(app: &TestApp, books: &Books, code: &str, body: Value) {
    let account = leaf(app, books, code).await;
    let set = app
        .post(
            &format!("{}accounts/{account}/action/budget-amount/", books.base),
            Some(&books.owner.access),
            body,
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
}

async fn summary(app: &TestApp, books: &Books, kind: &str) -> Value {
    let read = app
        .read(
            &format!(
                "{}reports/{kind}-summary/?from=2026-01-01&to=2026-03-31&granularity=month",
                books.base
            ),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(read.status, 200, "{}", read.body);
    read.body["data"].clone()
}

fn row<'a>(summary: &'a Value, code: &str) -> &'a Value {
    summary["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == code)
        .expect("the account's row")
}

async fn the_income_summary_sets_each_months_budget_beside_its_actual(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-01-15", "1200.00").await;
    post(&app, &books, "2026-02-10", "900.00").await;
    budget(&app, &books, "4100", json!({"amount": "1000.00"})).await;
    budget(
        &app,
        &books,
        "4100",
        json!({"amount": "800.00", "month": "2026-02"}),
    )
    .await;

    let income = summary(&app, &books, "income").await;

    let sales = row(&income, "4100");
    assert_eq!(sales["amounts"], json!(["1200.00", "900.00", "0.00"]));
    assert_eq!(sales["budgets"], json!(["1000.00", "800.00", "1000.00"]));
    assert_eq!(sales["variances"], json!(["200.00", "100.00", "-1000.00"]));
    assert_eq!(
        sales["variance_percents"],
        json!(["20.0", "12.5", "-100.0"])
    );
    assert_eq!(sales["total"], "2100.00");
    assert_eq!(sales["budget_total"], "2800.00");
    assert_eq!(sales["variance_total"], "-700.00");
    assert_eq!(sales["variance_percent_total"], "-25.0");
    assert_eq!(income["totals"]["budget_total"], "2800.00");
    assert_eq!(income["totals"]["variance_percent_total"], "-25.0");
    app.stop().await;
}

async fn the_expense_summary_compares_spending_with_its_budget(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (rent, cash) = (
        leaf(&app, &books, "6210").await,
        leaf(&app, &books, "1120").await,
    );
    let paid = app
        .post(
            &format!("{}journal-entries/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-01-05", "memo": "January rent", "post": true, "lines": [
                {"account_id": rent, "debit": "450000.00"},
                {"account_id": cash, "credit": "450000.00"}
            ]}),
        )
        .await;
    assert_eq!(paid.status, 201, "{}", paid.body);
    budget(
        &app,
        &books,
        "6210",
        json!({"amount": "400000.00", "month": "2026-01"}),
    )
    .await;

    let expense = summary(&app, &books, "expense").await;

    let rent_row = row(&expense, "6210");
    assert_eq!(rent_row["budgets"], json!(["400000.00", "0.00", "0.00"]));
    assert_eq!(rent_row["variances"][0], "50000.00");
    assert_eq!(rent_row["variance_percents"], json!(["12.5", null, null]));
    assert_eq!(rent_row["variance_percent_total"], "12.5");
    // Its parents roll the budget up with the spending.
    let premises = row(&expense, "6200");
    assert_eq!(premises["budget_total"], "400000.00");
    assert_eq!(premises["variance_percent_total"], "12.5");
    // An account with no budget has no percentage.
    assert_eq!(row(&expense, "6220")["variance_percent_total"], Value::Null);
    app.stop().await;
}

backend_tests!(
    the_income_summary_sets_each_months_budget_beside_its_actual,
    the_expense_summary_compares_spending_with_its_budget,
);
