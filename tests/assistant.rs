//! The assistant against the demo books, SQLite and Postgres: more than sixty questions
//! whose expected answers are read, in the test, from the read routes the assistant cites
//! (trial balance, income and expense summaries, journal entries, the general ledger, the
//! audit session's results, the payroll summary) — never typed in. Limited access never
//! drafts and never shows payroll; conversations are private to their member.

mod common;

use chrono::{Datelike, Months, NaiveDate};
use common::TestApp;
use ledgerline::demo::{self, SeedReport};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use std::str::FromStr;
use store::testing::TestDatabase;
use store::{backend_tests, Backend};

/// Today where the demo company keeps its books (Lagos, UTC+1 all year).
fn today() -> NaiveDate {
    (chrono::Utc::now() + chrono::Duration::hours(1)).date_naive()
}

fn month_start(d: NaiveDate) -> NaiveDate {
    d.with_day(1).expect("first")
}

fn month_end(d: NaiveDate) -> NaiveDate {
    (month_start(d) + Months::new(1)).pred_opt().expect("last")
}

fn quarter_start(d: NaiveDate) -> NaiveDate {
    NaiveDate::from_ymd_opt(d.year(), (d.month() - 1) / 3 * 3 + 1, 1).expect("quarter")
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn dec(v: &Value) -> Decimal {
    let text = v
        .as_str()
        .unwrap_or_else(|| panic!("not a decimal string: {v}"));
    Decimal::from_str(text).expect("decimal")
}

/// The latest `month` (1–12) that has begun by today.
fn latest_month(month: u32) -> NaiveDate {
    let t = today();
    let this = d(t.year(), month, 1);
    if this <= t {
        this
    } else {
        d(t.year() - 1, month, 1)
    }
}

struct Books {
    app: TestApp,
    report: SeedReport,
    admin: String,
    viewer: String,
    codes: Vec<String>,
}

impl Books {
    fn accounting(&self) -> String {
        format!(
            "/api/v1/accounting/workspaces/{}/",
            self.report.workspace_id
        )
    }

    fn conversations(&self) -> String {
        format!(
            "/api/v1/assistant/workspaces/{}/conversations/",
            self.report.workspace_id
        )
    }

    async fn get(&self, path: &str) -> Value {
        let reply = self.app.read(path, Some(&self.admin)).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        reply.body["data"].clone()
    }

    async fn start(&self, token: &str) -> String {
        let started = self
            .app
            .post(&self.conversations(), Some(token), json!({}))
            .await;
        assert_eq!(started.status, 201, "{}", started.body);
        started.body["data"]["id"].as_str().expect("id").to_owned()
    }

    /// Asks in conversation `id` as `token`; the answer, its text checked against its
    /// figures.
    async fn ask_as(&self, token: &str, id: &str, question: &str) -> Value {
        let reply = self
            .app
            .post(
                &format!("{}{id}/messages/", self.conversations()),
                Some(token),
                json!({ "text": question }),
            )
            .await;
        assert_eq!(reply.status, 201, "{question}: {}", reply.body);
        let answer = reply.body["data"].clone();
        let text = answer["text"].as_str().expect("text");
        let figures: Vec<Decimal> = answer["figures"]
            .as_array()
            .expect("figures")
            .iter()
            .map(|f| dec(&f["amount"]).abs())
            .collect();
        for number in query_api::assistant::check::numbers_in(text, &self.codes) {
            let value = Decimal::from_str(&number.replace(',', "")).expect("a number");
            assert!(
                figures.contains(&value),
                "{question}: {number} is not a figure in {answer}"
            );
        }
        answer
    }

    async fn trial_row(&self, as_of: NaiveDate, code: &str) -> Decimal {
        let tb = self
            .get(&format!(
                "{}trial-balance/?as_of={as_of}",
                self.accounting()
            ))
            .await;
        let row = tb["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["account_code"] == code)
            .unwrap_or_else(|| panic!("no row {code}"));
        dec(&row["balance"])
    }

    async fn summary(&self, kind: &str, from: NaiveDate, to: NaiveDate) -> Value {
        self.get(&format!(
            "{}reports/{kind}-summary/?from={from}&to={to}",
            self.accounting()
        ))
        .await
    }

    async fn total(&self, kind: &str, from: NaiveDate, to: NaiveDate) -> Decimal {
        dec(&self.summary(kind, from, to).await["totals"]["total"])
    }

    async fn profit(&self, from: NaiveDate, to: NaiveDate) -> Decimal {
        self.total("income", from, to).await - self.total("expense", from, to).await
    }

    async fn entry_by_number(&self, number: &str) -> Value {
        let list = self
            .get(&format!(
                "{}journal-entries/?number={number}",
                self.accounting()
            ))
            .await;
        list["data"][0].clone()
    }
}

fn amounts(answer: &Value) -> Vec<Decimal> {
    answer["figures"]
        .as_array()
        .expect("figures")
        .iter()
        .map(|f| dec(&f["amount"]))
        .collect()
}

fn first(answer: &Value) -> Decimal {
    *amounts(answer)
        .first()
        .unwrap_or_else(|| panic!("no figure: {answer}"))
}

fn text(answer: &Value) -> &str {
    answer["text"].as_str().expect("text")
}

async fn sign_in(app: &TestApp, report: &SeedReport, role: &str) -> String {
    let user = report.users.iter().find(|u| u.role == role).expect("user");
    let login = app
        .post(
            "/api/v1/accounts/login/",
            None,
            json!({"email": user.email, "password": user.password}),
        )
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    login.body["data"]["access"]
        .as_str()
        .expect("access")
        .to_owned()
}

async fn books(backend: Backend) -> Books {
    let db = TestDatabase::new(backend).await;
    let report = demo::seed(&db.config, 7, today()).await.expect("seeded");
    let app = TestApp::spawn_on(db).await;
    let admin = sign_in(&app, &report, "Admin").await;
    let viewer = sign_in(&app, &report, "Viewer").await;
    let mut books = Books {
        app,
        report,
        admin,
        viewer,
        codes: Vec::new(),
    };
    let tb = books
        .get(&format!(
            "{}trial-balance/?as_of={}",
            books.accounting(),
            today()
        ))
        .await;
    books.codes = tb["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|r| r["account_code"].as_str().map(str::to_owned))
        .collect();
    books
}

#[path = "assistant/entries.rs"]
mod entries;
#[path = "assistant/figures.rs"]
mod figures;
#[path = "assistant/shared.rs"]
mod shared;

/// Asks every question; answers how many were asked.
async fn ask_them_all(b: &Books) -> usize {
    figures::balances(b).await
        + figures::results(b).await
        + figures::tops_and_budgets(b).await
        + entries::entries(b).await
        + figures::inactive_and_payroll(b).await
        + entries::drafts_and_declines(b).await
        + entries::limited_and_private(b).await
}

async fn sixty_questions_are_answered_from_the_demo_books(backend: Backend) {
    let books = books(backend).await;
    let asked = ask_them_all(&books).await;
    assert!(asked >= 60, "only {asked} questions asked");
    books.app.stop().await;
}

backend_tests!(sixty_questions_are_answered_from_the_demo_books);
