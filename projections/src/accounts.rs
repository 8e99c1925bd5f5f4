//! `accounts`: the read model of each workspace's AccountTree stream — the chart of
//! accounts (every field of spec §3's account-tree node), the budgets on its accounts and
//! the workspace's lock date. `GET accounts/`, the trial balance's names and codes and the
//! summaries' budget columns read these tables.
//!
//! What the events do not carry is derived here from the log's envelope, never from a
//! clock: `created_at` / `archived_at` are the `recorded_at` (µs) of `AccountCreated` /
//! `AccountArchived`. `is_last_level` is not stored: it is "no account names this one as
//! parent", answered at query time from the `(workspace_id, parent_id)` index, so moving
//! or deleting an account can never leave a stale flag behind.
//!
//! `read_books.chart_position` is the log position of the last event applied to the
//! workspace's chart, written in the same transaction: a reader that keeps the chart in
//! memory asks for that one row and reads the chart again only when it has moved.

use async_trait::async_trait;
use event_schemas::account_tree::{upcasters, AccountTreeEvent, DepreciationType, AGGREGATE_TYPE};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::accounts_fiscal as fiscal;
use crate::cents::to_cents;
use crate::decode::decode;
use crate::{ProjectionError, Projector};

/// One row per account not deleted (archived ones included: they keep their history,
/// their code and their place in the tree). Money is BIGINT cents (see [`crate::cents`]).
const ACCOUNTS: &str = "CREATE TABLE read_accounts (
    workspace_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    name TEXT NOT NULL,
    account_type TEXT NOT NULL,
    account_code TEXT NOT NULL,
    parent_id TEXT,
    is_editable BIGINT NOT NULL,
    depreciation_type TEXT,
    depreciation_value TEXT,
    budget_amount_cents BIGINT,
    created_at BIGINT NOT NULL,
    archived_at BIGINT,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, account_id)
)";

const ACCOUNTS_PARENT: &str =
    "CREATE INDEX read_accounts_parent ON read_accounts (workspace_id, parent_id)";

/// Monthly budgets (`month` is `YYYY-MM`); the standing amount lives on the account row.
const BUDGETS: &str = "CREATE TABLE read_account_budgets (
    workspace_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    month TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, account_id, month)
)";

/// Per-workspace settings of the books: the lock date (`YYYY-MM-DD`, the last locked day)
/// and which default chart was set up.
const BOOKS: &str = "CREATE TABLE read_books (
    workspace_id TEXT PRIMARY KEY,
    lock_date TEXT,
    default_chart TEXT,
    updated_at BIGINT NOT NULL
)";

/// An account's own choice of statement section and cash-flow category (wire names);
/// NULL leaves it to the derived default (`domain::account_tree::classification`).
const ACCOUNTS_SECTION: &str = "ALTER TABLE read_accounts ADD COLUMN statement_section TEXT";
const ACCOUNTS_CASH_FLOW: &str = "ALTER TABLE read_accounts ADD COLUMN cash_flow_category TEXT";

/// The log position of the last event applied to the workspace's chart (any AccountTree
/// event); NULL until one is applied after this column came.
const BOOKS_CHART_POSITION: &str = "ALTER TABLE read_books ADD COLUMN chart_position BIGINT";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct Accounts;

/// `depreciation_type` as stored: the event's wire name.
fn depreciation_name(value: Option<DepreciationType>) -> Option<&'static str> {
    value.map(|t| match t {
        DepreciationType::StraightLine => "straight_line",
        DepreciationType::DecliningBalance => "declining_balance",
    })
}

#[async_trait]
impl Projector for Accounts {
    fn name(&self) -> &'static str {
        "accounts"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_accounts", ACCOUNTS),
            same!(2, "read_accounts_parent", ACCOUNTS_PARENT),
            same!(3, "read_account_budgets", BUDGETS),
            same!(4, "read_books", BOOKS),
            same!(5, "read_accounts_statement_section", ACCOUNTS_SECTION),
            same!(6, "read_accounts_cash_flow_category", ACCOUNTS_CASH_FLOW),
            same!(
                7,
                "read_books_fiscal_year_start_month",
                fiscal::BOOKS_START_MONTH
            ),
            same!(8, "read_fiscal_years", fiscal::FISCAL_YEARS),
            same!(9, "read_closing_entries", fiscal::CLOSING_ENTRIES),
            same!(10, "read_books_chart_position", BOOKS_CHART_POSITION),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_accounts",
            "read_account_budgets",
            "read_books",
            "read_fiscal_years",
            "read_closing_entries",
        ]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: AccountTreeEvent = decode(event, &upcasters)?;
            apply(tx, event, &decoded).await?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &AccountTreeEvent,
) -> Result<(), ProjectionError> {
    let at = envelope.recorded_at;
    let workspace = event.workspace_id().to_string();
    let failed = |e: sqlx::Error| ProjectionError::at(envelope, e.to_string());
    touch_books(tx, &workspace, envelope)
        .await
        .map_err(failed)?;
    if fiscal::apply(tx, at, event).await.map_err(failed)? {
        return Ok(());
    }
    match event {
        AccountTreeEvent::DefaultChartSetUp(e) => {
            sqlx::query(
                "UPDATE read_books SET default_chart = $1, updated_at = $2 WHERE workspace_id = $3",
            )
            .bind(&e.chart_id)
            .bind(at)
            .bind(&workspace)
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
        }
        AccountTreeEvent::AccountCreated(e) => {
            sqlx::query(
                "INSERT INTO read_accounts (workspace_id, account_id, name, account_type, account_code, parent_id, \
                 is_editable, depreciation_type, depreciation_value, budget_amount_cents, created_at, archived_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, NULL, $10)",
            )
            .bind(&workspace)
            .bind(e.account_id.to_string())
            .bind(&e.name)
            .bind(e.account_type.as_str())
            .bind(&e.account_code)
            .bind(e.parent_id.map(|p| p.to_string()))
            .bind(i64::from(e.is_editable))
            .bind(depreciation_name(e.depreciation_type))
            .bind(e.depreciation_value.map(|v| v.to_string()))
            .bind(at)
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
        }
        AccountTreeEvent::AccountUpdated(e) => {
            let updated = sqlx::query(
                "UPDATE read_accounts SET name = $1, account_code = $2, parent_id = $3, depreciation_type = $4, \
                 depreciation_value = $5, updated_at = $6 WHERE workspace_id = $7 AND account_id = $8",
            )
            .bind(&e.name)
            .bind(&e.account_code)
            .bind(e.parent_id.map(|p| p.to_string()))
            .bind(depreciation_name(e.depreciation_type))
            .bind(e.depreciation_value.map(|v| v.to_string()))
            .bind(at)
            .bind(&workspace)
            .bind(e.account_id.to_string())
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            require_one(envelope, updated.rows_affected(), &e.account_id)?;
        }
        AccountTreeEvent::AccountArchived(e) => {
            let updated = sqlx::query(
                "UPDATE read_accounts SET archived_at = $1, updated_at = $1 WHERE workspace_id = $2 AND account_id = $3",
            )
            .bind(at)
            .bind(&workspace)
            .bind(e.account_id.to_string())
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            require_one(envelope, updated.rows_affected(), &e.account_id)?;
        }
        AccountTreeEvent::AccountDeleted(e) => {
            let id = e.account_id.to_string();
            for sql in [
                "DELETE FROM read_accounts WHERE workspace_id = $1 AND account_id = $2",
                "DELETE FROM read_account_budgets WHERE workspace_id = $1 AND account_id = $2",
            ] {
                sqlx::query(sql)
                    .bind(&workspace)
                    .bind(&id)
                    .execute(&mut **tx)
                    .await
                    .map_err(failed)?;
            }
        }
        AccountTreeEvent::BudgetAmountSet(e) => {
            let cents = to_cents(e.amount).ok_or_else(|| {
                ProjectionError::at(
                    envelope,
                    format!("budget amount {} is not at money scale", e.amount),
                )
            })?;
            let id = e.account_id.to_string();
            match &e.month {
                None => {
                    sqlx::query(
                        "UPDATE read_accounts SET budget_amount_cents = $1, updated_at = $2 \
                         WHERE workspace_id = $3 AND account_id = $4",
                    )
                    .bind(cents)
                    .bind(at)
                    .bind(&workspace)
                    .bind(&id)
                    .execute(&mut **tx)
                    .await
                    .map_err(failed)?;
                }
                Some(month) => {
                    sqlx::query(
                        "INSERT INTO read_account_budgets (workspace_id, account_id, month, amount_cents) \
                         VALUES ($1, $2, $3, $4) \
                         ON CONFLICT (workspace_id, account_id, month) DO UPDATE SET amount_cents = excluded.amount_cents",
                    )
                    .bind(&workspace)
                    .bind(&id)
                    .bind(month)
                    .bind(cents)
                    .execute(&mut **tx)
                    .await
                    .map_err(failed)?;
                }
            }
        }
        AccountTreeEvent::AccountClassified(e) => {
            let updated = sqlx::query(
                "UPDATE read_accounts SET statement_section = $1, cash_flow_category = $2, updated_at = $3 \
                 WHERE workspace_id = $4 AND account_id = $5",
            )
            .bind(e.statement_section.map(|s| s.as_str()))
            .bind(e.cash_flow_category.map(|c| c.as_str()))
            .bind(at)
            .bind(&workspace)
            .bind(e.account_id.to_string())
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
            require_one(envelope, updated.rows_affected(), &e.account_id)?;
        }
        AccountTreeEvent::LockDateSet(e) => {
            sqlx::query(
                "UPDATE read_books SET lock_date = $1, updated_at = $2 WHERE workspace_id = $3",
            )
            .bind(e.lock_date.map(|d| d.format("%Y-%m-%d").to_string()))
            .bind(at)
            .bind(&workspace)
            .execute(&mut **tx)
            .await
            .map_err(failed)?;
        }
        // Applied by `fiscal::apply` above.
        AccountTreeEvent::FiscalYearStartSet(_)
        | AccountTreeEvent::FiscalYearClosed(_)
        | AccountTreeEvent::FiscalYearReopened(_) => {}
    }
    Ok(())
}

/// Makes sure the workspace has its `read_books` row (the updates of its settings go by
/// it) and moves its chart position to `envelope`'s.
async fn touch_books(
    tx: &mut Transaction<'static, Any>,
    workspace: &str,
    envelope: &RecordedEvent,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO read_books (workspace_id, lock_date, default_chart, updated_at, chart_position) \
         VALUES ($1, NULL, NULL, $2, $3) \
         ON CONFLICT (workspace_id) DO UPDATE SET chart_position = excluded.chart_position",
    )
    .bind(workspace)
    .bind(envelope.recorded_at)
    .bind(envelope.global_position)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The aggregate only emits events about accounts it holds, so a miss here means the read
/// model lost a row: stop loudly rather than drift.
fn require_one(
    envelope: &RecordedEvent,
    rows: u64,
    account_id: &event_schemas::AccountId,
) -> Result<(), ProjectionError> {
    if rows == 1 {
        Ok(())
    } else {
        Err(ProjectionError::at(
            envelope,
            format!(
                "{} names account {account_id}, which the read model does not hold",
                envelope.event_type
            ),
        ))
    }
}
