//! The fiscal-year part of the `accounts` read model: the month a workspace's fiscal
//! years start in (on `read_books`), each closed or reopened year (`read_fiscal_years`),
//! and every closing entry and every reversal of one (`read_closing_entries`) — the
//! entries the period statements leave out, so an income statement of a closed year
//! still shows the year's income and expense rather than the zero the close left.

use event_schemas::account_tree::AccountTreeEvent;
use sqlx::{Any, Transaction};

pub(crate) const BOOKS_START_MONTH: &str =
    "ALTER TABLE read_books ADD COLUMN fiscal_year_start_month BIGINT";

/// One row per fiscal year ever closed; a reopen keeps the row (status `reopened`) and
/// a later close overwrites it.
pub(crate) const FISCAL_YEARS: &str = "CREATE TABLE read_fiscal_years (
    workspace_id TEXT NOT NULL,
    year BIGINT NOT NULL,
    first_day TEXT NOT NULL,
    last_day TEXT NOT NULL,
    status TEXT NOT NULL,
    closing_entry_id TEXT,
    retained_earnings_account_id TEXT NOT NULL,
    closed_by TEXT NOT NULL,
    closed_at BIGINT NOT NULL,
    reversal_entry_id TEXT,
    reopened_by TEXT,
    reopened_at BIGINT,
    PRIMARY KEY (workspace_id, year)
)";

/// Closing entries and the entries reversing them, with the year they close.
pub(crate) const CLOSING_ENTRIES: &str = "CREATE TABLE read_closing_entries (
    workspace_id TEXT NOT NULL,
    entry_id TEXT NOT NULL,
    year BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, entry_id)
)";

/// Applies a fiscal-year event (the workspace's `read_books` row is there: the caller makes
/// sure of it first); answers `false` for any other event.
pub(crate) async fn apply(
    tx: &mut Transaction<'static, Any>,
    at: i64,
    event: &AccountTreeEvent,
) -> Result<bool, sqlx::Error> {
    let workspace = event.workspace_id().to_string();
    match event {
        AccountTreeEvent::FiscalYearStartSet(e) => {
            sqlx::query(
                "UPDATE read_books SET fiscal_year_start_month = $1, updated_at = $2 WHERE workspace_id = $3",
            )
            .bind(i64::from(e.start_month))
            .bind(at)
            .bind(&workspace)
            .execute(&mut **tx)
            .await?;
        }
        AccountTreeEvent::FiscalYearClosed(e) => {
            sqlx::query("DELETE FROM read_fiscal_years WHERE workspace_id = $1 AND year = $2")
                .bind(&workspace)
                .bind(i64::from(e.year))
                .execute(&mut **tx)
                .await?;
            sqlx::query(
                "INSERT INTO read_fiscal_years (workspace_id, year, first_day, last_day, status, \
                 closing_entry_id, retained_earnings_account_id, closed_by, closed_at) \
                 VALUES ($1, $2, $3, $4, 'closed', $5, $6, $7, $8)",
            )
            .bind(&workspace)
            .bind(i64::from(e.year))
            .bind(e.first_day.format("%Y-%m-%d").to_string())
            .bind(e.last_day.format("%Y-%m-%d").to_string())
            .bind(e.closing_entry_id.map(|id| id.to_string()))
            .bind(e.retained_earnings_account_id.to_string())
            .bind(e.closed_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
            if let Some(entry) = e.closing_entry_id {
                closing_entry(tx, &workspace, &entry.to_string(), e.year).await?;
            }
        }
        AccountTreeEvent::FiscalYearReopened(e) => {
            sqlx::query(
                "UPDATE read_fiscal_years SET status = 'reopened', reversal_entry_id = $1, \
                 reopened_by = $2, reopened_at = $3 WHERE workspace_id = $4 AND year = $5",
            )
            .bind(e.reversal_entry_id.map(|id| id.to_string()))
            .bind(e.reopened_by.to_string())
            .bind(at)
            .bind(&workspace)
            .bind(i64::from(e.year))
            .execute(&mut **tx)
            .await?;
            if let Some(entry) = e.reversal_entry_id {
                closing_entry(tx, &workspace, &entry.to_string(), e.year).await?;
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

async fn closing_entry(
    tx: &mut Transaction<'static, Any>,
    workspace: &str,
    entry: &str,
    year: i32,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO read_closing_entries (workspace_id, entry_id, year) VALUES ($1, $2, $3) \
         ON CONFLICT (workspace_id, entry_id) DO NOTHING",
    )
    .bind(workspace)
    .bind(entry)
    .bind(i64::from(year))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
