//! The financial statements generated as files (`POST …/reports/` with the kinds
//! `balance_sheet`, `income_statement` and `cash_flow`): a PDF holds the statement's
//! totals, its check line and where in the log it was read; a workbook's totals are
//! formulas that add up to the read routes' figures.

mod common;

use std::io::Cursor;
use std::time::Duration;

use calamine::{Data, Range, Reader, Xlsx};
use common::books::{books, post, Books};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Asks for a report as the owner, waits for it, and answers it with its file.
async fn generated(app: &TestApp, books: &Books, body: Value) -> (Value, String, Vec<u8>) {
    let reports = format!("{}reports/", books.base);
    let reply = app.post(&reports, Some(&books.owner.access), body).await;
    assert_eq!(reply.status, 202, "{}", reply.body);
    let id = reply.body["data"]["id"].as_str().expect("id").to_owned();
    let mut report = Value::Null;
    for _ in 0..200 {
        let reply = app
            .read(&format!("{reports}{id}/"), Some(&books.owner.access))
            .await;
        report = reply.body["data"].clone();
        if report["status"] != "generating" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(report["status"], "ready", "{report}");
    let response = app
        .client
        .get(format!("{}{reports}{id}/download/", app.base))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("download");
    assert_eq!(response.status().as_u16(), 200);
    let content_type = response.headers()["content-type"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let bytes = response.bytes().await.expect("bytes").to_vec();
    (report, content_type, bytes)
}

/// A statement as its read route answers it.
async fn statement(app: &TestApp, books: &Books, path: &str) -> Value {
    let reply = app
        .read(
            &format!("{}reports/{path}", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

fn money(value: &Value) -> f64 {
    value
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{value} is not an amount"))
}

/// The workbook's only worksheet: its values and its formulas.
fn worksheet(bytes: Vec<u8>, name: &str) -> (Range<Data>, Range<String>) {
    let mut book = Xlsx::new(Cursor::new(bytes)).expect("an XLSX workbook");
    assert_eq!(book.sheet_names(), vec![name.to_owned()]);
    let values = book.worksheet_range(name).expect("values");
    let formulas = book.worksheet_formula(name).expect("formulas");
    (values, formulas)
}

/// The row whose line (second column) is `label`.
fn row_of(values: &Range<Data>, label: &str) -> u32 {
    let (last, _) = values.end().expect("a filled sheet");
    (0..=last)
        .find(|r| values.get_value((*r, 1)) == Some(&Data::String(label.to_owned())))
        .unwrap_or_else(|| panic!("no {label:?} row"))
}

fn number(values: &Range<Data>, row: u32, col: u32) -> f64 {
    match values.get_value((row, col)) {
        Some(Data::Float(f)) => *f,
        Some(Data::Int(i)) => *i as f64,
        other => panic!("({row}, {col}) holds {other:?}, not a number"),
    }
}

/// `A1`-style reference to (row, col), 0-based.
fn cell_at(reference: &str) -> (u32, u32) {
    let letters: String = reference
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    let col = letters
        .bytes()
        .fold(0u32, |n, b| n * 26 + u32::from(b - b'A' + 1))
        - 1;
    let row: u32 = reference[letters.len()..].parse().expect("a row number");
    (row - 1, col)
}

/// What a formula of ours adds up to over the sheet's values: `SUM(C5:C7,C9)` or
/// `C5-C9+C12`, each term itself evaluated when it is a formula.
fn evaluate(values: &Range<Data>, formulas: &Range<String>, row: u32, col: u32) -> f64 {
    let formula = formulas
        .get_value((row, col))
        .filter(|f| !f.is_empty())
        .cloned();
    let Some(formula) = formula else {
        return number(values, row, col);
    };
    if let Some(inner) = formula
        .strip_prefix("SUM(")
        .and_then(|f| f.strip_suffix(')'))
    {
        return inner
            .split(',')
            .map(|part| match part.split_once(':') {
                Some((start, end)) => {
                    let ((r0, c), (r1, _)) = (cell_at(start), cell_at(end));
                    (r0..=r1).map(|r| evaluate(values, formulas, r, c)).sum()
                }
                None => {
                    let (r, c) = cell_at(part);
                    evaluate(values, formulas, r, c)
                }
            })
            .sum();
    }
    let mut total = 0.0;
    let mut sign = 1.0;
    let mut term = String::new();
    for ch in formula.chars().chain(std::iter::once('+')) {
        if ch == '+' || ch == '-' {
            if !term.is_empty() {
                let (r, c) = cell_at(&term);
                total += sign * evaluate(values, formulas, r, c);
                term.clear();
            }
            sign = if ch == '-' { -1.0 } else { 1.0 };
        } else {
            term.push(ch);
        }
    }
    total
}

/// The figure in `label`'s row, checked to be a formula that adds up to it.
fn total(values: &Range<Data>, formulas: &Range<String>, label: &str, col: u32) -> f64 {
    let row = row_of(values, label);
    let cached = number(values, row, col);
    assert!(
        formulas
            .get_value((row, col))
            .is_some_and(|f| !f.is_empty()),
        "{label} is not a formula"
    );
    let computed = evaluate(values, formulas, row, col);
    assert!(
        (cached - computed).abs() < 0.005,
        "{label}: the formula adds up to {computed}, the cell shows {cached}"
    );
    cached
}

async fn a_balance_sheet_pdf_prints_its_totals_its_check_and_where_it_was_read(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1250000.00").await;
    let api = statement(&app, &books, "balance-sheet/?as_of=2026-06-30").await;

    let (report, content_type, bytes) = generated(
        &app,
        &books,
        json!({"kind": "balance_sheet", "format": "pdf", "as_of": "2026-06-30"}),
    )
    .await;

    assert_eq!(content_type, "application/pdf");
    assert_eq!(report["file_name"], "balance-sheet-2026-06-30.pdf");
    assert_eq!(api["total_assets"]["amount"], "1250000.00");
    let text = common::pdf_layout_text(&bytes);
    for expected in [
        "Balance sheet",
        "Lagos Office",
        "As of 30 Jun 2026",
        "Total assets 1,250,000.00",
        "Total liabilities and equity 1,250,000.00",
        "Balanced: assets equal liabilities plus equity.",
        "Books as of log position",
        "Hash-chain head",
        "(Africa/Lagos)",
        "page 1 of 1",
    ] {
        assert!(text.contains(expected), "{expected:?} is not in {text}");
    }
    app.stop().await;
}

async fn a_cash_flow_pdf_prints_the_net_change_and_that_it_reconciles(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "4000.00").await;

    let (_, _, bytes) = generated(
        &app,
        &books,
        json!({"kind": "cash_flow", "format": "pdf", "from": "2026-01-01", "to": "2026-06-30"}),
    )
    .await;

    let text = common::pdf_layout_text(&bytes);
    for expected in [
        "Cash flow statement",
        "Net change in cash 4,000.00",
        "Reconciled: the net change in cash equals the movement of the cash accounts.",
    ] {
        assert!(text.contains(expected), "{expected:?} is not in {text}");
    }
    app.stop().await;
}

async fn an_income_statement_workbook_totals_are_formulas_equal_to_the_statement(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2025-05-10", "700.00").await;
    post(&app, &books, "2026-03-01", "1250.00").await;
    post(&app, &books, "2026-04-01", "80.50").await;
    let api = statement(
        &app,
        &books,
        "income-statement/?from=2026-01-01&to=2026-06-30&compare_from=2025-01-01&compare_to=2025-06-30",
    )
    .await;

    let (report, content_type, bytes) = generated(
        &app,
        &books,
        json!({"kind": "income_statement", "format": "xlsx", "from": "2026-01-01",
               "to": "2026-06-30", "compare_from": "2025-01-01", "compare_to": "2025-06-30"}),
    )
    .await;

    assert_eq!(content_type, XLSX);
    assert_eq!(
        report["file_name"],
        "income-statement-2026-01-01-to-2026-06-30.xlsx"
    );
    let (values, formulas) = worksheet(bytes, "Income statement");
    for (label, key) in [
        ("Total revenue", "revenue"),
        ("Gross profit", "gross_profit"),
        ("Operating profit", "operating_profit"),
        ("Profit before tax", "profit_before_tax"),
        ("Net profit", "net_profit"),
    ] {
        assert_eq!(
            total(&values, &formulas, label, 2),
            money(&api[key]["amount"]),
            "{label}"
        );
        assert_eq!(
            total(&values, &formulas, label, 3),
            money(&api[key]["compare"]),
            "{label} compared"
        );
    }
    assert_eq!(money(&api["net_profit"]["amount"]), 1330.5);
    app.stop().await;
}

async fn a_balance_sheet_and_a_cash_flow_workbook_add_up_to_their_statements(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-02-01", "900.00").await;
    post(&app, &books, "2026-05-01", "100.25").await;
    let bs = statement(
        &app,
        &books,
        "balance-sheet/?as_of=2026-06-30&compare_to=2026-03-31",
    )
    .await;
    let cf = statement(&app, &books, "cash-flow/?from=2026-01-01&to=2026-06-30").await;

    let (_, _, bytes) = generated(
        &app,
        &books,
        json!({"kind": "balance_sheet", "format": "xlsx", "as_of": "2026-06-30",
               "compare_to": "2026-03-31"}),
    )
    .await;
    let (values, formulas) = worksheet(bytes, "Balance sheet");
    for (label, key) in [
        ("Total assets", "total_assets"),
        ("Total liabilities", "total_liabilities"),
        ("Total equity", "total_equity"),
        (
            "Total liabilities and equity",
            "total_liabilities_and_equity",
        ),
    ] {
        assert_eq!(
            total(&values, &formulas, label, 2),
            money(&bs[key]["amount"]),
            "{label}"
        );
        assert_eq!(
            total(&values, &formulas, label, 4),
            money(&bs[key]["change"]),
            "{label} change"
        );
    }

    let (_, _, bytes) = generated(
        &app,
        &books,
        json!({"kind": "cash_flow", "format": "xlsx", "from": "2026-01-01", "to": "2026-06-30"}),
    )
    .await;
    let (values, formulas) = worksheet(bytes, "Cash flow statement");
    assert_eq!(
        total(&values, &formulas, "Net cash from operating activities", 2),
        money(&cf["operating_total"])
    );
    assert_eq!(
        total(&values, &formulas, "Net change in cash", 2),
        money(&cf["net_change_in_cash"])
    );
    app.stop().await;
}

async fn a_trial_balance_workbook_totals_its_top_accounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-03-01", "1250.00").await;
    post(&app, &books, "2026-04-01", "80.50").await;

    let (_, _, bytes) = generated(
        &app,
        &books,
        json!({"kind": "trial_balance", "format": "xlsx", "as_of": "2026-06-30"}),
    )
    .await;

    let mut book = Xlsx::new(Cursor::new(bytes)).expect("an XLSX workbook");
    let values = book.worksheet_range("Trial balance").expect("values");
    let formulas = book.worksheet_formula("Trial balance").expect("formulas");
    let (last, _) = values.end().expect("filled");
    let totals = (0..=last)
        .find(|r| values.get_value((*r, 1)) == Some(&Data::String("Total".into())))
        .expect("the totals row");
    for col in [3, 4] {
        assert_eq!(evaluate(&values, &formulas, totals, col), 1330.5);
        assert_eq!(number(&values, totals, col), 1330.5);
    }
    app.stop().await;
}

async fn an_income_statement_comparison_needs_its_end(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;

    let reply = app
        .post(
            &format!("{}reports/", books.base),
            Some(&books.owner.access),
            json!({"kind": "income_statement", "format": "xlsx", "to": "2026-06-30",
                   "compare_from": "2025-01-01"}),
        )
        .await;

    assert_eq!(reply.status, 400, "{}", reply.body);
    assert_eq!(
        reply.body["compare_to"][0],
        "Give the end of the comparison period too."
    );
    app.stop().await;
}

backend_tests!(
    a_balance_sheet_pdf_prints_its_totals_its_check_and_where_it_was_read,
    a_cash_flow_pdf_prints_the_net_change_and_that_it_reconciles,
    an_income_statement_workbook_totals_are_formulas_equal_to_the_statement,
    a_balance_sheet_and_a_cash_flow_workbook_add_up_to_their_statements,
    a_trial_balance_workbook_totals_its_top_accounts,
    an_income_statement_comparison_needs_its_end,
);
