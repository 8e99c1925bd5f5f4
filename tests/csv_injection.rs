//! Downloads that spreadsheets open never carry a live formula, on SQLite and Postgres: a
//! cell that would start one is written as text, while amounts stay numbers.

mod common;

use common::books::{books, formula_named_entry, HYPERLINK};
use common::TestApp;
use domain::journal_entry::import::parse_csv;
use store::{backend_tests, Backend};

async fn the_journal_csv_writes_formula_cells_as_text_and_amounts_as_numbers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    formula_named_entry(&app, &books).await;
    let (status, _, csv) = app
        .get(
            &format!("{}journal-entries/export/?format=csv", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(status, 200);
    // Read back by the importer's own CSV reader, as a re-import would.
    let rows = parse_csv(&csv).expect("valid CSV");
    let header = &rows[0];
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let first = &rows[1];
    assert_eq!(first[col("account_name")], format!("'{HYPERLINK}"));
    assert_eq!(first[col("memo")], "'+cmd|' /C calc'!A0");
    assert_eq!(first[col("reference")], "'@SUM(1+1)");
    assert_eq!(first[col("description")], "'-2+3");
    assert_eq!(first[col("debit")], "1500.00");
    assert_eq!(rows[2][col("credit")], "1500.00");
    assert_eq!(rows[2][col("description")], "Paid");
    for row in &rows[1..] {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '@']),
                "live formula {cell:?} in {csv}"
            );
        }
    }
    app.stop().await;
}

async fn the_hledger_journal_neutralizes_text_and_keeps_negative_amounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    formula_named_entry(&app, &books).await;
    let (status, _, journal) = app
        .get(
            &format!("{}journal-entries/export/?format=hledger", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(status, 200);
    assert!(journal.contains("* (JE-000001) '+cmd"), "{journal}");
    assert!(journal.contains("; reference: '@SUM(1+1)"), "{journal}");
    assert!(journal.contains("; '-2+3"), "{journal}");
    // The credit is a negative amount, written as the number it is.
    assert!(journal.contains("  -1500.00"), "{journal}");
    assert!(!journal.contains("'-1500.00"), "{journal}");
    app.stop().await;
}

backend_tests!(
    the_journal_csv_writes_formula_cells_as_text_and_amounts_as_numbers,
    the_hledger_journal_neutralizes_text_and_keeps_negative_amounts,
);
