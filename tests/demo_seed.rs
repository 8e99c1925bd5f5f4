//! `ledgerline demo seed` on a fresh store, SQLite and Postgres: a balanced year of books
//! that each demo person signs into with the printed password, and no second demo; books
//! an accountant would not question (stock never below zero, a modest profit, entries on
//! business days) with an audit session that finds the few odd entries.

mod common;

use chrono::{Datelike, Months, NaiveDate, Weekday};
use common::TestApp;
use ledgerline::demo::{self, SeedError, SeedReport};
use rust_decimal::Decimal;
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
    // Three mistakes, and the sale booked at the audit period's end taken back.
    assert_eq!(reversed.body["data"]["count"], 4, "{}", reversed.body);
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

fn decimal(value: &serde_json::Value) -> Decimal {
    value
        .as_str()
        .and_then(|text| text.parse().ok())
        .unwrap_or_else(|| panic!("an amount: {value}"))
}

/// Each month end of the demo year that has passed, and today.
fn month_ends() -> Vec<NaiveDate> {
    let first = today().with_day(1).expect("first") - Months::new(11);
    let mut ends: Vec<NaiveDate> = (1..12)
        .map(|m| (first + Months::new(m)).pred_opt().expect("month end"))
        .collect();
    ends.push(today());
    ends
}

async fn stock_cash_and_bank_are_never_negative_at_a_month_end(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let base = format!("/api/v1/accounting/workspaces/{}/", report.workspace_id);

    for as_of in month_ends() {
        let tb = app
            .read(&format!("{base}trial-balance/?as_of={as_of}"), Some(&token))
            .await;
        assert_eq!(tb.status, 200, "{}", tb.body);
        // Goods for resale, cash on hand, the current account.
        for code in ["1310", "1110", "1120"] {
            let row = tb.body["data"]["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .find(|r| r["account_code"] == code)
                .unwrap_or_else(|| panic!("{code} at {as_of}: {}", tb.body));
            assert!(
                decimal(&row["balance"]) >= Decimal::ZERO,
                "{as_of}: {code} at {}",
                row["balance"]
            );
        }
    }
    app.stop().await;
}

async fn the_year_closes_at_a_modest_profit(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let base = format!("/api/v1/accounting/workspaces/{}/", report.workspace_id);

    let statement = app
        .read(
            &format!(
                "{base}reports/income-statement/?from={}&to={}",
                report.first_date,
                today()
            ),
            Some(&token),
        )
        .await;

    assert_eq!(statement.status, 200, "{}", statement.body);
    let revenue = decimal(&statement.body["data"]["revenue"]["amount"]);
    let profit = decimal(&statement.body["data"]["net_profit"]["amount"]);
    assert!(profit > Decimal::ZERO, "a loss of {profit} on {revenue}");
    assert!(
        profit * Decimal::from(5) < revenue,
        "{profit} is 20 % or more of {revenue}"
    );
    app.stop().await;
}

async fn entries_are_dated_through_each_month_on_business_days(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let base = format!("/api/v1/accounting/workspaces/{}/", report.workspace_id);
    let first = today().with_day(1).expect("first") - Months::new(11);

    let mut weekend = Vec::new();
    for m in 0..11 {
        let from = first + Months::new(m);
        let to = (from + Months::new(1)).pred_opt().expect("month end");
        let listed = app
            .read(
                &format!("{base}journal-entries/?date_from={from}&date_to={to}&page_size=100"),
                Some(&token),
            )
            .await;
        assert_eq!(listed.status, 200, "{}", listed.body);
        assert_eq!(listed.body["data"]["total_pages"], 1, "{from}: one page");
        let entries = listed.body["data"]["data"].as_array().expect("entries");
        let days: std::collections::BTreeSet<NaiveDate> = entries
            .iter()
            .map(|e| e["date"].as_str().expect("date").parse().expect("a date"))
            .collect();
        assert!(days.len() >= 10, "{from}: only on {days:?}");
        weekend.extend(
            entries
                .iter()
                .filter(|e| {
                    let date: NaiveDate = e["date"].as_str().unwrap_or("").parse().expect("date");
                    // The depreciation run is dated the month's last day, whatever day it is.
                    matches!(date.weekday(), Weekday::Sat | Weekday::Sun) && date != to
                })
                .map(|e| e["memo"].as_str().unwrap_or("").to_owned()),
        );
    }
    assert_eq!(weekend, ["Consultancy fee"], "only the odd Sunday entry");
    app.stop().await;
}

async fn the_demo_audit_session_flags_the_odd_entries(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let sessions = format!("/api/v1/audit/workspaces/{}/sessions/", report.workspace_id);

    let listed = app.read(&sessions, Some(&token)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert!(
        listed.body.to_string().contains(&report.audit_session),
        "{}",
        listed.body
    );
    let results = app
        .read(
            &format!("{sessions}{}/results/", report.audit_session),
            Some(&token),
        )
        .await;
    assert_eq!(results.status, 200, "{}", results.body);
    let findings = results.body["data"]["findings"]
        .as_array()
        .expect("findings");
    for test in [
        "duplicate",
        "just_below_approval_threshold",
        "reversal_after_period_end",
    ] {
        assert!(
            findings.iter().any(|f| f["test"] == test),
            "no {test} finding: {findings:?}"
        );
    }
    assert!(
        !findings.iter().any(|f| f["test"] == "backdated"),
        "the entries keyed in at seeding are not all backdating"
    );
    app.stop().await;
}

async fn the_demo_audit_session_judges_timing_on_business_dates_in_lagos_time(backend: Backend) {
    let (app, report) = seeded(backend).await;
    let token = sign_in(&app, &report, "Admin").await;
    let sessions = format!("/api/v1/audit/workspaces/{}/sessions/", report.workspace_id);

    let session = app
        .read(
            &format!("{sessions}{}/", report.audit_session),
            Some(&token),
        )
        .await;
    let results = app
        .read(
            &format!("{sessions}{}/results/", report.audit_session),
            Some(&token),
        )
        .await;

    assert_eq!(
        session.body["data"]["calendar"]["time_zone"],
        "Africa/Lagos"
    );
    let findings = results.body["data"]["findings"]
        .as_array()
        .expect("findings");
    let of = |test: &str| findings.iter().filter(|f| f["test"] == test).count();
    assert_eq!(of("after_hours_posting"), 0, "{findings:?}");
    // The Sunday consultancy fee, and the month-end depreciation run (dated the month's
    // last day) of each month that ends on a weekend: a handful, not the year.
    let weekend = of("weekend_posting");
    assert!((1..=8).contains(&weekend), "{weekend} weekend findings");
    app.stop().await;
}

backend_tests!(
    stock_cash_and_bank_are_never_negative_at_a_month_end,
    the_year_closes_at_a_modest_profit,
    entries_are_dated_through_each_month_on_business_days,
    the_demo_audit_session_flags_the_odd_entries,
    the_demo_audit_session_judges_timing_on_business_dates_in_lagos_time,
    the_demo_books_balance_and_span_twelve_months_with_reversals,
    each_demo_person_signs_in_with_the_printed_password_in_their_role,
    a_second_demo_seed_is_refused_and_adds_nothing,
);
