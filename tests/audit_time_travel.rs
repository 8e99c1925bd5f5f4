//! Time travel and the session calendar through the real API, on SQLite and Postgres:
//! the trial balance and the general ledger as known at a sign-off reproduce that moment
//! although entries and reversals were recorded since, two knowledge times compared
//! account by account, the changes after a close, and a session's holidays and business
//! hours (validated, stored, shown and read by the timing tests).

mod common;

use common::books::{books, leaf, open, open_with, post, reverse, sessions, time_travel, url_time};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

/// Signs the session off as its performer; answers the moment the log recorded it.
async fn signed_off_at(app: &TestApp, books: &common::books::Books, id: &str) -> String {
    let signed = app
        .post(
            &format!("{}{id}/sign-off/", sessions(books)),
            Some(&books.owner.access),
            json!({"role": "performer", "conclusion": "Fairly stated."}),
        )
        .await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    let session = app
        .read(
            &format!("{}{id}/", sessions(books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(session.status, 200, "{}", session.body);
    session.body["data"]["performer"]["signed_at"]
        .as_str()
        .expect("signed_at")
        .to_owned()
}

/// What the trial balance says about the books, without when it was asked.
fn books_part(tb: &Value) -> Value {
    let data = &tb["data"];
    json!([
        data["entries"],
        data["rows"],
        data["totals"],
        data["balanced"],
        data["chain_seq"],
        data["head_hash"]
    ])
}

/// Entries after the sign-off: back-dated into the period, a reversal of the first
/// entry, and one of the next period.
async fn later_changes(app: &TestApp, books: &common::books::Books, first: &str) {
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    post(app, books, "2026-06-15", "50.00").await;
    reverse(app, books, first, "2026-06-30").await;
    post(app, books, "2027-01-05", "70.00").await;
}

async fn as_known_at_the_sign_off_time_reproduces_the_trial_balance_of_that_moment_although_later_entries_and_reversals_exist(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let first = post(&app, &books, "2026-03-01", "1200.00").await;
    post(&app, &books, "2026-05-02", "300.00").await;
    let id = open(&app, &books).await;
    let signed_at = signed_off_at(&app, &books, &id).await;
    let tb = |known_at: Option<&str>| {
        let mut url = format!("{}trial-balance/?as_of=2026-12-31", time_travel(&books));
        if let Some(at) = known_at {
            url.push_str(&format!("&known_at={}", url_time(at)));
        }
        url
    };
    let at_sign_off = app.read(&tb(None), Some(&books.owner.access)).await;
    assert_eq!(at_sign_off.status, 200, "{}", at_sign_off.body);
    assert_eq!(at_sign_off.body["data"]["totals"]["debit"], "1500.00");

    later_changes(&app, &books, &first).await;

    let now = app.read(&tb(None), Some(&books.owner.access)).await;
    assert_ne!(
        books_part(&now.body),
        books_part(&at_sign_off.body),
        "the books moved on"
    );
    let then = app
        .read(&tb(Some(&signed_at)), Some(&books.owner.access))
        .await;
    assert_eq!(then.status, 200, "{}", then.body);
    assert_eq!(books_part(&then.body), books_part(&at_sign_off.body));
    app.stop().await;
}

/// The general ledger's contract, without the time-travel proof beside it.
fn ledger_part(gl: &Value) -> Value {
    let data = &gl["data"];
    let keys = [
        "data",
        "count",
        "page",
        "page_size",
        "total_pages",
        "account_id",
        "from",
        "to",
        "normal_balance",
        "opening_balance",
        "closing_balance",
        "total_debit",
        "total_credit",
    ];
    keys.iter()
        .map(|k| (k.to_string(), data[*k].clone()))
        .collect()
}

async fn as_known_at_the_sign_off_time_the_general_ledger_is_the_ledger_of_that_moment_page_for_page(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let first = post(&app, &books, "2026-03-01", "1200.00").await;
    post(&app, &books, "2026-05-02", "300.00").await;
    post(&app, &books, "2026-06-20", "40.00").await;
    post(&app, &books, "2026-07-02", "10.00").await;
    let cash = leaf(&app, &books, "1120").await;
    let id = open(&app, &books).await;
    let signed_at = signed_off_at(&app, &books, &id).await;
    let query = |page: u32| {
        format!("account_id={cash}&from=2026-04-01&to=2026-12-31&page={page}&page_size=2")
    };
    let mut ledger_then = Vec::new();
    for page in [1, 2] {
        let reply = app
            .read(
                &format!("{}general-ledger/?{}", books.base, query(page)),
                Some(&books.owner.access),
            )
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        ledger_then.push(ledger_part(&reply.body));
    }
    assert_eq!(ledger_then[0]["count"], 3);
    assert_eq!(ledger_then[0]["opening_balance"], "1200.00");

    later_changes(&app, &books, &first).await;

    for (page, then) in [1, 2].into_iter().zip(&ledger_then) {
        let known = app
            .read(
                &format!(
                    "{}general-ledger/?{}&known_at={}",
                    time_travel(&books),
                    query(page),
                    url_time(&signed_at)
                ),
                Some(&books.owner.access),
            )
            .await;
        assert_eq!(known.status, 200, "{}", known.body);
        assert_eq!(&ledger_part(&known.body), then, "page {page}");
    }
    let now = app
        .read(
            &format!("{}general-ledger/?{}", time_travel(&books), query(1)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(now.body["data"]["count"], 5, "{}", now.body);
    let bad = app
        .read(
            &format!("{}general-ledger/?page_size=500", time_travel(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("page_size").is_some(), "{}", bad.body);
    app.stop().await;
}

async fn comparing_two_knowledge_times_shows_each_accounts_difference_and_the_entries_that_made_it(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let first = post(&app, &books, "2026-03-01", "1200.00").await;
    let id = open(&app, &books).await;
    let signed_at = signed_off_at(&app, &books, &id).await;
    later_changes(&app, &books, &first).await;
    let cash = leaf(&app, &books, "1120").await;

    let compared = app
        .read(
            &format!(
                "{}compare/?as_of=2026-12-31&from={}",
                time_travel(&books),
                url_time(&signed_at)
            ),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(compared.status, 200, "{}", compared.body);
    let rows = compared.body["data"]["rows"].as_array().expect("rows");
    let cash_row = rows
        .iter()
        .find(|r| r["account_id"] == cash.as_str())
        .expect("cash row");
    assert_eq!(cash_row["balance_from"], "1200.00");
    // +50.00 back-dated, −1,200.00 reversed; the 2027 entry is after the as-of date.
    assert_eq!(cash_row["balance_to"], "50.00");
    assert_eq!(cash_row["difference"], "-1150.00");
    let causes: Vec<_> = cash_row["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| (e["date"].clone(), e["reverses"].is_string()))
        .collect();
    assert_eq!(
        causes,
        vec![(json!("2026-06-15"), false), (json!("2026-06-30"), true)]
    );
    assert_eq!(compared.body["data"]["accounts_changed"], 2);
    let backwards = app
        .read(
            &format!(
                "{}compare/?from={}&to=2020-01-01T00:00:00Z",
                time_travel(&books),
                url_time(&signed_at)
            ),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(backwards.status, 400);
    assert!(backwards.body.get("to").is_some(), "{}", backwards.body);
    app.stop().await;
}

async fn the_changes_after_close_list_back_dated_entries_and_reversals_of_the_period(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let in_h1 = post(&app, &books, "2026-03-01", "1200.00").await;
    let in_h1_too = post(&app, &books, "2026-04-01", "80.00").await;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    let closed = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    post(&app, &books, "2026-06-15", "50.00").await; // back-dated into H1
    reverse(&app, &books, &in_h1, "2026-06-30").await; // reversal inside H1
    reverse(&app, &books, &in_h1_too, "2026-07-03").await; // reversal dated after H1
    post(&app, &books, "2026-07-05", "70.00").await; // H2: not the closed period's

    let report = app
        .read(
            &format!(
                "{}after-close/?period_start=2026-01-01&period_end=2026-06-30&closed_at={}",
                time_travel(&books),
                url_time(&closed)
            ),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(report.status, 200, "{}", report.body);
    let kinds: Vec<_> = report.body["data"]["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            (
                e["date"].as_str().unwrap_or_default().to_owned(),
                e["kind"].clone(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            ("2026-06-15".to_owned(), json!("back_dated")),
            ("2026-06-30".to_owned(), json!("reversal_in_period")),
            ("2026-07-03".to_owned(), json!("reversal_after_period")),
        ]
    );
    let cash = leaf(&app, &books, "1120").await;
    let net = report.body["data"]["net_by_account"]
        .as_array()
        .expect("net");
    let cash_net = net
        .iter()
        .find(|n| n["account_id"] == cash.as_str())
        .expect("cash net");
    assert_eq!(cash_net["balance_change"], "-1150.00");
    let missing = app
        .read(
            &format!("{}after-close/?period_end=2026-06-30", time_travel(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(missing.status, 400);
    assert!(missing.body.get("closed_at").is_some(), "{}", missing.body);
    app.stop().await;
}

async fn time_travel_stays_in_its_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1200.00").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    app.workspace(&eve, "Eve Books").await;
    for view in [
        "trial-balance/",
        "general-ledger/",
        "compare/?from=2026-01-01T00:00:00Z",
        "after-close/?period_end=2026-06-30&closed_at=2026-07-01T00:00:00Z",
    ] {
        let peek = app
            .read(&format!("{}{view}", time_travel(&books)), Some(&eve.access))
            .await;
        assert_eq!(peek.status, 403, "{view}: {}", peek.body);
    }
    app.stop().await;
}

/// Today in Lagos (UTC+1), where the sessions' offset puts the postings.
fn lagos_today() -> String {
    (chrono::Utc::now() + chrono::Duration::hours(1))
        .date_naive()
        .to_string()
}

async fn a_session_keeps_its_holidays_and_business_hours_and_the_timing_tests_read_them(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1200.00").await;
    let today = lagos_today();
    let opened = open_with(
        &app,
        &books,
        json!({"holidays": [today, "2026-10-01", "2026-10-01"],
               "business_hours": {"start": "07:30", "end": "16:00"}}),
    )
    .await;
    assert_eq!(opened.status, 201, "{}", opened.body);
    let id = opened.body["data"]["id"].as_str().expect("id");
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    let mut holidays = vec![today.clone(), "2026-10-01".to_owned()];
    holidays.sort();
    assert_eq!(
        session.body["data"]["calendar"],
        json!({"holidays": holidays, "business_hours": {"start": "07:30", "end": "16:00"},
               "utc_offset_seconds": 3600, "time_zone": "UTC+01:00"})
    );
    let results = app
        .read(
            &format!("{}{id}/results/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(
        results.body["data"]["params"]["calendar"]["business_hours"],
        json!({"start": "07:30:00", "end": "16:00:00"})
    );
    let holiday_postings = results.body["data"]["counts"]
        .as_array()
        .expect("counts")
        .iter()
        .find(|c| c["test"] == "holiday_posting")
        .map(|c| c["entries"].clone());
    assert_eq!(
        holiday_postings,
        Some(json!(1)),
        "posted today, a holiday: {}",
        results.body["data"]["counts"]
    );
    let plain = open(&app, &books).await;
    let defaults = app
        .read(
            &format!("{}{plain}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(
        defaults.body["data"]["calendar"]["business_hours"],
        json!({"start": "08:00", "end": "18:00"})
    );
    assert_eq!(defaults.body["data"]["calendar"]["holidays"], json!([]));
    app.stop().await;
}

async fn the_shared_view_shows_the_sessions_calendar(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let opened = open_with(
        &app,
        &books,
        json!({"holidays": ["2026-10-01"], "business_hours": {"start": "09:00", "end": "17:00"}}),
    )
    .await;
    let id = opened.body["data"]["id"].as_str().expect("id");
    signed_off_at(&app, &books, id).await;
    let shared = app
        .post(
            &format!("{}{id}/shares/", sessions(&books)),
            Some(&books.owner.access),
            json!({}),
        )
        .await;
    assert_eq!(shared.status, 201, "{}", shared.body);
    let token = shared.body["data"]["token"].as_str().expect("token");
    let public = app
        .read(&format!("/api/v1/audit-shared/{token}/"), None)
        .await;
    assert_eq!(public.status, 200, "{}", public.body);
    assert_eq!(
        public.body["data"]["session"]["calendar"]["holidays"],
        json!(["2026-10-01"])
    );
    assert_eq!(
        public.body["data"]["session"]["calendar"]["business_hours"],
        json!({"start": "09:00", "end": "17:00"})
    );
    app.stop().await;
}

async fn a_session_names_a_bad_holiday_and_business_hours_that_end_before_they_start(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bad = open_with(
        &app,
        &books,
        json!({"holidays": ["2026-12-25", "26/12/2026"],
               "business_hours": {"start": "17:00", "end": "09:00"}}),
    )
    .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(
        bad.body["holidays[1]"],
        json!(["“26/12/2026” is not a date; enter YYYY-MM-DD."])
    );
    assert!(bad.body.get("holidays[0]").is_none(), "{}", bad.body);
    assert_eq!(
        bad.body["business_hours.end"],
        json!(["Business hours must end after they start."])
    );
    let unreadable = open_with(
        &app,
        &books,
        json!({"business_hours": {"start": "9am", "end": "17:00"}}),
    )
    .await;
    assert_eq!(unreadable.status, 400, "{}", unreadable.body);
    assert!(
        unreadable.body.get("business_hours.start").is_some(),
        "{}",
        unreadable.body
    );
    let listed = app.read(&sessions(&books), Some(&books.owner.access)).await;
    assert_eq!(listed.body["data"], json!([]), "nothing was opened");
    app.stop().await;
}

backend_tests!(
    as_known_at_the_sign_off_time_reproduces_the_trial_balance_of_that_moment_although_later_entries_and_reversals_exist,
    as_known_at_the_sign_off_time_the_general_ledger_is_the_ledger_of_that_moment_page_for_page,
    comparing_two_knowledge_times_shows_each_accounts_difference_and_the_entries_that_made_it,
    the_changes_after_close_list_back_dated_entries_and_reversals_of_the_period,
    time_travel_stays_in_its_workspace,
    a_session_keeps_its_holidays_and_business_hours_and_the_timing_tests_read_them,
    the_shared_view_shows_the_sessions_calendar,
    a_session_names_a_bad_holiday_and_business_hours_that_end_before_they_start,
);
