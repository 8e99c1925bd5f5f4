//! `debts`: a workspace's debts (loans payable and receivable) — the record as it
//! stands, the drawdown's entry, how much principal is repaid — and every repayment with
//! its split and journal entry. The schedule, aging and next instalment are computed by
//! the reads from the record and the repayments (`domain::debt`), as of the day asked.

use async_trait::async_trait;
use event_schemas::debt::{self, DebtEvent};
use rust_decimal::Decimal;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::cents::to_cents;
use crate::{ProjectionError, Projector};

const DEBTS_SQL: &str = "CREATE TABLE read_debts (
    debt_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    direction TEXT NOT NULL,
    counterparty TEXT NOT NULL,
    reference TEXT NOT NULL,
    start_date TEXT NOT NULL,
    principal_cents BIGINT NOT NULL,
    principal_repaid_cents BIGINT NOT NULL,
    details TEXT NOT NULL,
    drawdown_entry_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const DEBTS_INDEX_SQL: &str =
    "CREATE INDEX read_debts_workspace ON read_debts (workspace_id, start_date, counterparty)";

const REPAYMENTS_SQL: &str = "CREATE TABLE read_debt_repayments (
    journal_entry_id TEXT PRIMARY KEY,
    debt_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    position BIGINT NOT NULL,
    repaid_on TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    interest_cents BIGINT NOT NULL,
    principal_cents BIGINT NOT NULL,
    prepayment_cents BIGINT NOT NULL,
    cash_account TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    recorded_at BIGINT NOT NULL
)";

const REPAYMENTS_INDEX_SQL: &str =
    "CREATE INDEX read_debt_repayments_debt ON read_debt_repayments (debt_id, position)";

const fn both(version: i64, name: &'static str, sql: &'static str) -> Migration {
    Migration {
        version,
        name,
        sqlite: sql,
        postgres: sql,
    }
}

const MIGRATIONS: &[Migration] = &[
    both(1, "read_debts", DEBTS_SQL),
    both(2, "read_debts_workspace", DEBTS_INDEX_SQL),
    both(3, "read_debt_repayments", REPAYMENTS_SQL),
    both(4, "read_debt_repayments_debt", REPAYMENTS_INDEX_SQL),
];

pub struct Debts;

/// An amount of an event in cents; the events hold amounts the money rules bound, so
/// one that does not fit is a corrupt event.
fn cents(amount: Decimal) -> Result<i64, sqlx::Error> {
    to_cents(amount).ok_or_else(|| sqlx::Error::Protocol(format!("amount {amount} out of range")))
}

#[async_trait]
impl Projector for Debts {
    fn name(&self) -> &'static str {
        "debts"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_debts", "read_debt_repayments"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            if event.aggregate_type != debt::AGGREGATE_TYPE {
                continue;
            }
            let decoded = crate::decode::decode(event, &debt::upcasters())?;
            apply(tx, event, decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: DebtEvent,
) -> Result<(), sqlx::Error> {
    match decoded {
        DebtEvent::DebtCreated(e) => {
            let d = &e.details;
            sqlx::query(
                "INSERT INTO read_debts (debt_id, workspace_id, direction, counterparty, reference, \
                 start_date, principal_cents, principal_repaid_cents, details, drawdown_entry_id, \
                 created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, NULL, $9, $9)",
            )
            .bind(e.debt_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(d.direction.code())
            .bind(&d.counterparty)
            .bind(&d.reference)
            .bind(d.start_date.to_string())
            .bind(cents(d.principal)?)
            .bind(serde_json::to_string(d).map_err(|e| sqlx::Error::Protocol(e.to_string()))?)
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        DebtEvent::DebtUpdated(e) => {
            let d = &e.details;
            sqlx::query(
                "UPDATE read_debts SET direction = $2, counterparty = $3, reference = $4, \
                 start_date = $5, principal_cents = $6, details = $7, updated_at = $8 \
                 WHERE debt_id = $1",
            )
            .bind(e.debt_id.to_string())
            .bind(d.direction.code())
            .bind(&d.counterparty)
            .bind(&d.reference)
            .bind(d.start_date.to_string())
            .bind(cents(d.principal)?)
            .bind(serde_json::to_string(d).map_err(|e| sqlx::Error::Protocol(e.to_string()))?)
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        DebtEvent::DebtDrawdownPosted(e) => {
            sqlx::query(
                "UPDATE read_debts SET drawdown_entry_id = $2, updated_at = $3 WHERE debt_id = $1",
            )
            .bind(e.debt_id.to_string())
            .bind(e.journal_entry_id.to_string())
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        DebtEvent::DebtRepaymentRecorded(e) => {
            let position: i64 = sqlx::query_scalar(
                "SELECT CAST(COUNT(*) AS BIGINT) FROM read_debt_repayments WHERE debt_id = $1",
            )
            .bind(e.debt_id.to_string())
            .fetch_one(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO read_debt_repayments (journal_entry_id, debt_id, workspace_id, \
                 position, repaid_on, amount_cents, interest_cents, principal_cents, \
                 prepayment_cents, cash_account, recorded_by, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            )
            .bind(e.journal_entry_id.to_string())
            .bind(e.debt_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(position)
            .bind(e.date.to_string())
            .bind(cents(e.amount)?)
            .bind(cents(e.interest)?)
            .bind(cents(e.principal)?)
            .bind(cents(e.prepayment)?)
            .bind(e.cash_account.to_string())
            .bind(e.recorded_by.to_string())
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "UPDATE read_debts SET principal_repaid_cents = principal_repaid_cents + $2, \
                 updated_at = $3 WHERE debt_id = $1",
            )
            .bind(e.debt_id.to_string())
            .bind(cents(e.principal)?)
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
