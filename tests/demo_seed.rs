//! `ledgerline demo seed` on a fresh store, SQLite and Postgres: a balanced year of books
//! that each demo person signs into with the printed password, and no second demo.

mod common;

use chrono::{Datelike, Months, NaiveDate};
use common::TestApp;
use ledgerline::demo::{self, SeedError, SeedReport};
use serde_json::json;
use store::testing::TestDatabase;
use store::{backend_tests, Backend};

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 6, 17).expect("date")
}

async fn seeded(backend: Backend) -> (TestApp, SeedReport) {
    let db = TestDatabase::new(backend).await;
    let report = demo::seed(&db.config, 11, today()).await.expect("seeded");
    (TestApp::spawn_on(db).await, report)
}

async fn sign_in(app: &TestApp, report: &SeedReport, role: &str) -> String {
    let user = report
        .users
        .iter()
        .find(|u| u.role == role)
        .expect("a user of the role");
    let login = app
        .post(
            "/api/v1/accounts/login/",
            None,
            json!({"email": user.email, "password": user.password}),
        )
        .await;
    assert_eq!(login.status, 200, "{role}: {}", login.body);
    login.body["data"]["access"]
        .as_str()
        .expect("access")
        .to_owned()
}

async fn the_demo_books_balance_and_span_twelve_months_with_reversals(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let base = format!("/api/v1/accounting/workspaces/{}/", report.workspace_id);

    let tb = app
        .read(
            &format!("{base}trial-balance/?as_of={}", today()),
            Some(&token),
        )
        .await;
    assert_eq!(tb.status, 200, "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true, "{}", tb.body);
    assert_ne!(tb.body["data"]["totals"]["debit"], "0.00");
    let first = today().with_day(1).expect("first") - Months::new(11);
    for m in 0..12 {
        let from = first + Months::new(m);
        let to = (from + Months::new(1)).pred_opt().expect("month end");
        let listed = app
            .read(
                &format!("{base}journal-entries/?status=posted&date_from={from}&date_to={to}"),
                Some(&token),
            )
            .await;
        assert!(
            listed.body["data"]["count"].as_i64().unwrap_or(0) >= 8,
            "{from}: {}",
            listed.body
        );
    }
    let debts = app.read(&format!("{base}debts/"), Some(&token)).await;
    assert_eq!(debts.body["data"]["count"], 1, "{}", debts.body);
    let loan = &debts.body["data"]["data"][0];
    assert_eq!(loan["counterparty"], "First Bank");
    assert_eq!(loan["status"], "active");
    let loan_id = loan["id"].as_str().expect("debt id");
    let repaid = app
        .read(&format!("{base}debts/{loan_id}/repayments/"), Some(&token))
        .await;
    // From 28 July 2025 to 28 May 2026, every instalment on its day.
    assert_eq!(repaid.body["data"].as_array().map(Vec::len), Some(11));
    let assets = app
        .read(&format!("{base}fixed-assets/"), Some(&token))
        .await;
    assert_eq!(assets.body["data"]["count"], 2, "{}", assets.body);
    let depreciation = app
        .read(&format!("{base}depreciation-runs/"), Some(&token))
        .await;
    let depreciation = &depreciation.body["data"];
    let depreciation = depreciation["data"]
        .as_array()
        .or(depreciation.as_array())
        .cloned()
        .unwrap_or_default();
    // Every month after the purchases that has ended: the van and computers by runs.
    assert!(depreciation.len() >= 10, "{depreciation:?}");
    let runs = app
        .read(&format!("{base}payroll/pay-runs/"), Some(&token))
        .await;
    let runs = runs.body["data"].as_array().cloned().unwrap_or_default();
    assert!(runs.len() >= 11, "a pay run a month: {runs:?}");
    assert!(runs
        .iter()
        .all(|r| r["status"] == "posted" && r["employees"] == 6));
    let reversed = app
        .read(
            &format!("{base}journal-entries/?status=reversed"),
            Some(&token),
        )
        .await;
    assert_eq!(reversed.body["data"]["count"], 3, "{}", reversed.body);
    let drafts = app
        .read(
            &format!("{base}journal-entries/?status=draft"),
            Some(&token),
        )
        .await;
    assert_eq!(drafts.body["data"]["count"], 2, "{}", drafts.body);
    assert!(report.posted > 200, "{}", report.posted);
    app.stop().await;
}

async fn each_demo_person_signs_in_with_the_printed_password_in_their_role(backend: Backend) {
    let (app, report) = seeded(backend).await;

    for (role, number) in [("Admin", 2), ("Editor", 1), ("Viewer", 0)] {
        let token = sign_in(&app, &report, role).await;
        let workspaces = app
            .read("/api/v1/accounts/me/workspaces/", Some(&token))
            .await;
        let demo = workspaces.body["data"]
            .as_array()
            .expect("list")
            .iter()
            .find(|w| w["id"] == report.workspace_id.as_str())
            .cloned()
            .unwrap_or_else(|| panic!("{role} sees the demo workspace: {}", workspaces.body));
        assert_eq!(demo["role"], number, "{role}");
        assert_eq!(demo["organization_id"], report.organization_id.as_str());
    }
    app.stop().await;
}

async fn a_second_demo_seed_is_refused_and_adds_nothing(backend: Backend) {
    let db = TestDatabase::new(backend).await;
    demo::seed(&db.config, 11, today()).await.expect("seeded");
    let events = db.connect_again().await;
    let count = || async {
        store::EventStore::open(events.clone())
            .await
            .expect("store")
            .log()
            .event_count()
            .await
            .expect("count")
    };
    let before = count().await;

    let again = demo::seed(&db.config, 11, today()).await;

    assert!(
        matches!(again, Err(SeedError::AlreadySeeded(_))),
        "{:?}",
        again.err()
    );
    assert_eq!(count().await, before);
    db.cleanup().await;
}

backend_tests!(
    the_demo_books_balance_and_span_twelve_months_with_reversals,
    each_demo_person_signs_in_with_the_printed_password_in_their_role,
    a_second_demo_seed_is_refused_and_adds_nothing,
);
