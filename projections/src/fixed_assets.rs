//! `fixed_assets`: a workspace's fixed-asset register (the record as it stands, its
//! status and disposal), every depreciation charge posted to an asset with the dates the
//! books held it (posted, and reversed), and the depreciation runs, one row per posting
//! of a month (a month run, reversed and run again shows both).

use async_trait::async_trait;
use event_schemas::fixed_asset::asset::{self, FixedAssetEvent};
use event_schemas::fixed_asset::run::{self, DepreciationRunEvent};
use rust_decimal::Decimal;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::cents::to_cents;
use crate::{ProjectionError, Projector};

const ASSETS_SQL: &str = "CREATE TABLE read_fixed_assets (
    fixed_asset_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    tag TEXT NOT NULL,
    category TEXT NOT NULL,
    available_for_use TEXT NOT NULL,
    cost_cents BIGINT NOT NULL,
    details TEXT NOT NULL,
    disposed_on TEXT,
    disposal TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const ASSETS_INDEX_SQL: &str =
    "CREATE INDEX read_fixed_assets_workspace ON read_fixed_assets (workspace_id, category, name)";

const CHARGES_SQL: &str = "CREATE TABLE read_depreciation_charges (
    journal_entry_id TEXT NOT NULL,
    fixed_asset_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    period TEXT NOT NULL,
    entry_date TEXT NOT NULL,
    charge_cents BIGINT NOT NULL,
    reversed_on TEXT,
    PRIMARY KEY (journal_entry_id, fixed_asset_id)
)";

const CHARGES_INDEX_SQL: &str = "CREATE INDEX read_depreciation_charges_asset \
     ON read_depreciation_charges (workspace_id, fixed_asset_id, period)";

const RUNS_SQL: &str = "CREATE TABLE read_depreciation_runs (
    journal_entry_id TEXT PRIMARY KEY,
    depreciation_run_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    period TEXT NOT NULL,
    entry_date TEXT NOT NULL,
    status TEXT NOT NULL,
    total_cents BIGINT NOT NULL,
    assets BIGINT NOT NULL,
    charges TEXT NOT NULL,
    reversal_entry_id TEXT,
    reversal_date TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const RUNS_INDEX_SQL: &str =
    "CREATE INDEX read_depreciation_runs_workspace ON read_depreciation_runs (workspace_id, period)";

const fn both(version: i64, name: &'static str, sql: &'static str) -> Migration {
    Migration {
        version,
        name,
        sqlite: sql,
        postgres: sql,
    }
}

const MIGRATIONS: &[Migration] = &[
    both(1, "read_fixed_assets", ASSETS_SQL),
    both(2, "read_fixed_assets_workspace", ASSETS_INDEX_SQL),
    both(3, "read_depreciation_charges", CHARGES_SQL),
    both(4, "read_depreciation_charges_asset", CHARGES_INDEX_SQL),
    both(5, "read_depreciation_runs", RUNS_SQL),
    both(6, "read_depreciation_runs_workspace", RUNS_INDEX_SQL),
];

pub struct FixedAssets;

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// An amount of an event in cents; the events hold amounts the money rules bound, so
/// one that does not fit is a corrupt event.
fn cents(amount: Decimal) -> Result<i64, sqlx::Error> {
    to_cents(amount).ok_or_else(|| sqlx::Error::Protocol(format!("amount {amount} out of range")))
}

#[async_trait]
impl Projector for FixedAssets {
    fn name(&self) -> &'static str {
        "fixed_assets"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_fixed_assets",
            "read_depreciation_charges",
            "read_depreciation_runs",
        ]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            let applied = match event.aggregate_type.as_str() {
                asset::AGGREGATE_TYPE => {
                    apply_asset(
                        tx,
                        event,
                        crate::decode::decode(event, &asset::upcasters())?,
                    )
                    .await
                }
                run::AGGREGATE_TYPE => {
                    apply_run(tx, event, crate::decode::decode(event, &run::upcasters())?).await
                }
                _ => Ok(()),
            };
            applied.map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn insert_charge(
    tx: &mut Transaction<'static, Any>,
    journal_entry_id: String,
    fixed_asset_id: String,
    workspace_id: String,
    period: String,
    entry_date: String,
    charge: Decimal,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO read_depreciation_charges (journal_entry_id, fixed_asset_id, workspace_id, \
         period, entry_date, charge_cents, reversed_on) VALUES ($1, $2, $3, $4, $5, $6, NULL)",
    )
    .bind(journal_entry_id)
    .bind(fixed_asset_id)
    .bind(workspace_id)
    .bind(period)
    .bind(entry_date)
    .bind(cents(charge)?)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn apply_asset(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: FixedAssetEvent,
) -> Result<(), sqlx::Error> {
    match decoded {
        FixedAssetEvent::FixedAssetRegistered(e) => {
            let d = &e.details;
            sqlx::query(
                "INSERT INTO read_fixed_assets (fixed_asset_id, workspace_id, name, tag, category, \
                 available_for_use, cost_cents, details, disposed_on, disposal, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, NULL, $9, $9)",
            )
            .bind(e.fixed_asset_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(&d.name)
            .bind(&d.tag)
            .bind(&d.category)
            .bind(d.available_for_use.to_string())
            .bind(cents(d.cost)?)
            .bind(json(d))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        FixedAssetEvent::FixedAssetUpdated(e) => {
            let d = &e.details;
            sqlx::query(
                "UPDATE read_fixed_assets SET name = $2, tag = $3, category = $4, \
                 available_for_use = $5, cost_cents = $6, details = $7, updated_at = $8 \
                 WHERE fixed_asset_id = $1",
            )
            .bind(e.fixed_asset_id.to_string())
            .bind(&d.name)
            .bind(&d.tag)
            .bind(&d.category)
            .bind(d.available_for_use.to_string())
            .bind(cents(d.cost)?)
            .bind(json(d))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        FixedAssetEvent::FixedAssetDepreciated(e) => {
            insert_charge(
                tx,
                e.journal_entry_id.to_string(),
                e.fixed_asset_id.to_string(),
                e.workspace_id.to_string(),
                e.period,
                e.date.to_string(),
                e.charge,
            )
            .await?;
        }
        FixedAssetEvent::FixedAssetDepreciationReversed(e) => {
            sqlx::query(
                "UPDATE read_depreciation_charges SET reversed_on = $3 \
                 WHERE fixed_asset_id = $1 AND period = $2 AND reversed_on IS NULL",
            )
            .bind(e.fixed_asset_id.to_string())
            .bind(e.period)
            .bind(e.reversal_date.to_string())
            .execute(&mut **tx)
            .await?;
        }
        FixedAssetEvent::FixedAssetDisposed(e) => {
            if !e.catch_up_charge.is_zero() {
                insert_charge(
                    tx,
                    e.journal_entry_id.to_string(),
                    e.fixed_asset_id.to_string(),
                    e.workspace_id.to_string(),
                    e.date.format("%Y-%m").to_string(),
                    e.date.to_string(),
                    e.catch_up_charge,
                )
                .await?;
            }
            sqlx::query(
                "UPDATE read_fixed_assets SET disposed_on = $2, disposal = $3, updated_at = $4 \
                 WHERE fixed_asset_id = $1",
            )
            .bind(e.fixed_asset_id.to_string())
            .bind(e.date.to_string())
            .bind(json(&e))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

async fn apply_run(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: DepreciationRunEvent,
) -> Result<(), sqlx::Error> {
    match decoded {
        DepreciationRunEvent::DepreciationRunPosted(e) => {
            sqlx::query(
                "INSERT INTO read_depreciation_runs (journal_entry_id, depreciation_run_id, \
                 workspace_id, period, entry_date, status, total_cents, assets, charges, \
                 reversal_entry_id, reversal_date, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, 'posted', $6, $7, $8, NULL, NULL, $9, $9)",
            )
            .bind(e.journal_entry_id.to_string())
            .bind(e.depreciation_run_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(&e.period)
            .bind(e.date.to_string())
            .bind(cents(e.total)?)
            .bind(e.charges.len() as i64)
            .bind(json(&e.charges))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        DepreciationRunEvent::DepreciationRunReversed(e) => {
            sqlx::query(
                "UPDATE read_depreciation_runs SET status = 'reversed', reversal_entry_id = $2, \
                 reversal_date = $3, updated_at = $4 WHERE journal_entry_id = $1",
            )
            .bind(e.journal_entry_id.to_string())
            .bind(e.reversal_entry_id.to_string())
            .bind(e.reversal_date.to_string())
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
