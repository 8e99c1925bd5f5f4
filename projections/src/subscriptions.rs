//! `subscriptions`: each organization's subscriptions (which plan applies when) and its
//! payment transactions. The access policy asks it for the plan in force; billing
//! screens list both.

use async_trait::async_trait;
use event_schemas::subscription::{upcasters, SubscriptionEvent, AGGREGATE_TYPE};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const SUBSCRIPTIONS: &str = "CREATE TABLE read_subscriptions (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    plan TEXT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT,
    tx_ref TEXT,
    started_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    cancelled_at BIGINT,
    cancelled_by TEXT
)";

const SUBSCRIPTIONS_ORGANIZATION: &str = "CREATE INDEX read_subscriptions_organization \
     ON read_subscriptions (organization_id, starts_at)";

const PAYMENTS: &str = "CREATE TABLE read_payment_transactions (
    tx_ref TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    plan TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    credit TEXT NOT NULL,
    status TEXT NOT NULL,
    initiated_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    settled_at BIGINT,
    provider_transaction_id TEXT,
    failure_reason TEXT
)";

const PAYMENTS_ORGANIZATION: &str = "CREATE INDEX read_payment_transactions_organization \
     ON read_payment_transactions (organization_id, created_at)";

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

pub struct Subscriptions;

#[async_trait]
impl Projector for Subscriptions {
    fn name(&self) -> &'static str {
        "subscriptions"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_subscriptions", SUBSCRIPTIONS),
            same!(
                2,
                "read_subscriptions_organization",
                SUBSCRIPTIONS_ORGANIZATION
            ),
            same!(3, "read_payment_transactions", PAYMENTS),
            same!(
                4,
                "read_payment_transactions_organization",
                PAYMENTS_ORGANIZATION
            ),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_subscriptions", "read_payment_transactions"]
    }

    fn concerns(&self, event: &RecordedEvent) -> bool {
        event.aggregate_type == AGGREGATE_TYPE
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: SubscriptionEvent = decode(event, &upcasters)?;
            apply(tx, event, &decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn settle(
    tx: &mut Transaction<'static, Any>,
    tx_ref: &str,
    status: &str,
    at: i64,
    provider_transaction_id: Option<&str>,
    failure_reason: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE read_payment_transactions SET status = $1, settled_at = $2, \
         provider_transaction_id = $3, failure_reason = $4 WHERE tx_ref = $5",
    )
    .bind(status)
    .bind(at)
    .bind(provider_transaction_id)
    .bind(failure_reason)
    .bind(tx_ref)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &SubscriptionEvent,
) -> Result<(), sqlx::Error> {
    let at = envelope.recorded_at;
    match event {
        SubscriptionEvent::PaymentInitiated(e) => {
            sqlx::query(
                "INSERT INTO read_payment_transactions (tx_ref, organization_id, provider, plan, \
                 amount, currency, credit, status, initiated_by, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9)",
            )
            .bind(&e.tx_ref)
            .bind(e.organization_id.to_string())
            .bind(&e.provider)
            .bind(&e.plan)
            .bind(e.amount.to_string())
            .bind(&e.currency)
            .bind(e.credit.to_string())
            .bind(e.initiated_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        SubscriptionEvent::PaymentSucceeded(e) => {
            let id = Some(e.provider_transaction_id.as_str());
            settle(tx, &e.tx_ref, "successful", at, id, None).await?;
        }
        SubscriptionEvent::PaymentFailed(e) => {
            settle(tx, &e.tx_ref, "failed", at, None, Some(&e.reason)).await?;
        }
        SubscriptionEvent::SubscriptionStarted(e) => {
            let organization_id = e.organization_id.to_string();
            // The subscription before it ends where this one starts (as the domain folds it).
            sqlx::query(
                "UPDATE read_subscriptions SET ends_at = $1 WHERE organization_id = $2 \
                 AND starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)",
            )
            .bind(e.starts_at)
            .bind(&organization_id)
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO read_subscriptions (id, organization_id, plan, starts_at, ends_at, \
                 tx_ref, started_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(e.subscription_id.to_string())
            .bind(&organization_id)
            .bind(&e.plan)
            .bind(e.starts_at)
            .bind(e.ends_at)
            .bind(e.tx_ref.as_deref())
            .bind(e.started_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        SubscriptionEvent::SubscriptionCancelled(e) => {
            sqlx::query(
                "UPDATE read_subscriptions SET ends_at = $1, cancelled_at = $1, cancelled_by = $2 \
                 WHERE id = $3",
            )
            .bind(e.ended_at)
            .bind(e.cancelled_by.to_string())
            .bind(e.subscription_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// A row of `read_subscriptions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionRow {
    pub id: String,
    pub organization_id: String,
    pub plan: String,
    pub starts_at: i64,
    pub ends_at: Option<i64>,
    pub tx_ref: Option<String>,
    pub started_by: String,
    pub created_at: i64,
    pub cancelled_at: Option<i64>,
}

impl SubscriptionRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            plan: row.try_get("plan")?,
            starts_at: row.try_get("starts_at")?,
            ends_at: row.try_get("ends_at")?,
            tx_ref: row.try_get("tx_ref")?,
            started_by: row.try_get("started_by")?,
            created_at: row.try_get("created_at")?,
            cancelled_at: row.try_get("cancelled_at")?,
        })
    }

    /// Where it stands at `at`: `scheduled`, `active`, `cancelled` or `ended`.
    pub fn status_at(&self, at: i64) -> &'static str {
        if self.cancelled_at.is_some() {
            "cancelled"
        } else if at < self.starts_at {
            "scheduled"
        } else if self.ends_at.is_none_or(|end| at < end) {
            "active"
        } else {
            "ended"
        }
    }
}

const SUBSCRIPTION_COLUMNS: &str = "id, organization_id, plan, starts_at, ends_at, tx_ref, \
     started_by, created_at, cancelled_at";

/// The subscription in force for `organization_id` at `at` (microseconds), if any.
pub async fn in_force(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    at: i64,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM read_subscriptions WHERE organization_id = $1 \
         AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2) \
         ORDER BY starts_at DESC, created_at DESC LIMIT 1"
    ))
    .bind(organization_id)
    .bind(at)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(SubscriptionRow::from_row).transpose()
}

/// The organization's most recently bought subscription (in force, scheduled or past).
pub async fn latest(
    pool: &sqlx::AnyPool,
    organization_id: &str,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM read_subscriptions WHERE organization_id = $1 \
         ORDER BY created_at DESC, starts_at DESC LIMIT 1"
    ))
    .bind(organization_id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(SubscriptionRow::from_row).transpose()
}

pub async fn find(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    id: &str,
) -> Result<Option<SubscriptionRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM read_subscriptions \
         WHERE organization_id = $1 AND id = $2"
    ))
    .bind(organization_id)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(SubscriptionRow::from_row).transpose()
}

/// One page of the organization's subscriptions, newest first, and how many there are.
pub async fn list(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<SubscriptionRow>, i64), sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {SUBSCRIPTION_COLUMNS} FROM read_subscriptions WHERE organization_id = $1 \
         ORDER BY created_at DESC, starts_at DESC LIMIT $2 OFFSET $3"
    ))
    .bind(organization_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM read_subscriptions WHERE organization_id = $1")
            .bind(organization_id)
            .fetch_one(pool)
            .await?;
    let rows = rows
        .iter()
        .map(SubscriptionRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}

/// A row of `read_payment_transactions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRow {
    pub tx_ref: String,
    pub organization_id: String,
    pub provider: String,
    pub plan: String,
    pub amount: String,
    pub currency: String,
    pub credit: String,
    pub status: String,
    pub initiated_by: String,
    pub created_at: i64,
    pub settled_at: Option<i64>,
    pub provider_transaction_id: Option<String>,
    pub failure_reason: Option<String>,
}

impl PaymentRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            tx_ref: row.try_get("tx_ref")?,
            organization_id: row.try_get("organization_id")?,
            provider: row.try_get("provider")?,
            plan: row.try_get("plan")?,
            amount: row.try_get("amount")?,
            currency: row.try_get("currency")?,
            credit: row.try_get("credit")?,
            status: row.try_get("status")?,
            initiated_by: row.try_get("initiated_by")?,
            created_at: row.try_get("created_at")?,
            settled_at: row.try_get("settled_at")?,
            provider_transaction_id: row.try_get("provider_transaction_id")?,
            failure_reason: row.try_get("failure_reason")?,
        })
    }
}

/// One page of the organization's payment transactions, newest first, and the count.
pub async fn payments(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<PaymentRow>, i64), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT * FROM read_payment_transactions WHERE organization_id = $1 \
         ORDER BY created_at DESC, tx_ref LIMIT $2 OFFSET $3",
    )
    .bind(organization_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_payment_transactions WHERE organization_id = $1",
    )
    .bind(organization_id)
    .fetch_one(pool)
    .await?;
    let rows = rows
        .iter()
        .map(PaymentRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}
