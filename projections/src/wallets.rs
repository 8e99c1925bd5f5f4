//! `wallets`: each organization's wallets (balance as its last event left it), the cards
//! saved on them (what a person recognizes — never the provider's token) and every
//! movement of their balances for the transactions grid.

use async_trait::async_trait;
use event_schemas::wallet::{upcasters, WalletEvent, AGGREGATE_TYPE};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const WALLETS: &str = "CREATE TABLE read_wallets (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    name TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance TEXT NOT NULL,
    status TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const WALLETS_ORGANIZATION: &str =
    "CREATE INDEX read_wallets_organization ON read_wallets (organization_id, currency)";

const CARDS: &str = "CREATE TABLE read_wallet_cards (
    id TEXT PRIMARY KEY,
    wallet_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    provider TEXT NOT NULL,
    brand TEXT NOT NULL,
    first6 TEXT NOT NULL,
    last4 TEXT NOT NULL,
    exp_month INTEGER NOT NULL,
    exp_year INTEGER NOT NULL,
    bank TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    removed_at BIGINT
)";

const CARDS_WALLET: &str =
    "CREATE INDEX read_wallet_cards_wallet ON read_wallet_cards (wallet_id, created_at)";

const TRANSACTIONS: &str = "CREATE TABLE read_wallet_transactions (
    id TEXT PRIMARY KEY,
    wallet_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    transaction_type TEXT NOT NULL,
    status TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    provider TEXT,
    tx_ref TEXT,
    provider_transaction_id TEXT,
    card_id TEXT,
    description TEXT NOT NULL,
    reference TEXT,
    balance_after TEXT,
    user_id TEXT,
    failure_reason TEXT,
    created_at BIGINT NOT NULL,
    settled_at BIGINT
)";

const TRANSACTIONS_WALLET: &str = "CREATE INDEX read_wallet_transactions_wallet \
     ON read_wallet_transactions (wallet_id, created_at)";

const TRANSACTIONS_TX_REF: &str =
    "CREATE INDEX read_wallet_transactions_tx_ref ON read_wallet_transactions (tx_ref)";

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

pub struct Wallets;

#[async_trait]
impl Projector for Wallets {
    fn name(&self) -> &'static str {
        "wallets"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_wallets", WALLETS),
            same!(2, "read_wallets_organization", WALLETS_ORGANIZATION),
            same!(3, "read_wallet_cards", CARDS),
            same!(4, "read_wallet_cards_wallet", CARDS_WALLET),
            same!(5, "read_wallet_transactions", TRANSACTIONS),
            same!(6, "read_wallet_transactions_wallet", TRANSACTIONS_WALLET),
            same!(7, "read_wallet_transactions_tx_ref", TRANSACTIONS_TX_REF),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_wallets",
            "read_wallet_cards",
            "read_wallet_transactions",
        ]
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
            let decoded: WalletEvent = decode(event, &upcasters)?;
            apply(tx, event, &decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn set_balance(
    tx: &mut Transaction<'static, Any>,
    wallet_id: &str,
    balance: &str,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE read_wallets SET balance = $1, updated_at = $2 WHERE id = $3")
        .bind(balance)
        .bind(at)
        .bind(wallet_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &WalletEvent,
) -> Result<(), sqlx::Error> {
    let at = envelope.recorded_at;
    let wallet_id = event.wallet_id().to_string();
    match event {
        WalletEvent::WalletOpened(e) => {
            sqlx::query(
                "INSERT INTO read_wallets (id, organization_id, name, currency, balance, status, \
                 created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, '0.00', 'active', $5, $6, $6)",
            )
            .bind(&wallet_id)
            .bind(e.organization_id.to_string())
            .bind(&e.name)
            .bind(&e.currency)
            .bind(e.opened_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        WalletEvent::WalletRenamed(e) => {
            sqlx::query("UPDATE read_wallets SET name = $1, updated_at = $2 WHERE id = $3")
                .bind(&e.name)
                .bind(at)
                .bind(&wallet_id)
                .execute(&mut **tx)
                .await?;
        }
        WalletEvent::WalletStatusChanged(e) => {
            sqlx::query("UPDATE read_wallets SET status = $1, updated_at = $2 WHERE id = $3")
                .bind(&e.status)
                .bind(at)
                .bind(&wallet_id)
                .execute(&mut **tx)
                .await?;
        }
        WalletEvent::WalletCreditRequested(e) => {
            sqlx::query(
                "INSERT INTO read_wallet_transactions (id, wallet_id, organization_id, \
                 transaction_type, status, amount, currency, provider, tx_ref, card_id, \
                 description, user_id, created_at) \
                 VALUES ($1, $2, $3, 'credit', 'pending', $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(e.transaction_id.to_string())
            .bind(&wallet_id)
            .bind(e.organization_id.to_string())
            .bind(e.amount.to_string())
            .bind(&e.currency)
            .bind(&e.provider)
            .bind(&e.tx_ref)
            .bind(e.card_id.map(|c| c.to_string()))
            .bind(if e.card_id.is_some() {
                "Top-up from a saved card"
            } else {
                "Top-up"
            })
            .bind(e.requested_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        WalletEvent::WalletCredited(e) => {
            sqlx::query(
                "UPDATE read_wallet_transactions SET status = 'successful', \
                 provider_transaction_id = $1, balance_after = $2, settled_at = $3 WHERE id = $4",
            )
            .bind(&e.provider_transaction_id)
            .bind(e.balance_after.to_string())
            .bind(at)
            .bind(e.transaction_id.to_string())
            .execute(&mut **tx)
            .await?;
            set_balance(tx, &wallet_id, &e.balance_after.to_string(), at).await?;
        }
        WalletEvent::WalletCreditFailed(e) => {
            sqlx::query(
                "UPDATE read_wallet_transactions SET status = 'failed', failure_reason = $1, \
                 settled_at = $2 WHERE id = $3",
            )
            .bind(&e.reason)
            .bind(at)
            .bind(e.transaction_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        WalletEvent::WalletDebited(e) => {
            sqlx::query(
                "INSERT INTO read_wallet_transactions (id, wallet_id, organization_id, \
                 transaction_type, status, amount, currency, description, reference, \
                 balance_after, user_id, created_at, settled_at) \
                 VALUES ($1, $2, $3, 'debit', 'successful', $4, $5, $6, $7, $8, $9, $10, $10)",
            )
            .bind(e.transaction_id.to_string())
            .bind(&wallet_id)
            .bind(e.organization_id.to_string())
            .bind(e.amount.to_string())
            .bind(&e.currency)
            .bind(&e.description)
            .bind(e.reference.as_deref())
            .bind(e.balance_after.to_string())
            .bind(e.debited_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
            set_balance(tx, &wallet_id, &e.balance_after.to_string(), at).await?;
        }
        WalletEvent::CardSaved(e) => {
            sqlx::query(
                "INSERT INTO read_wallet_cards (id, wallet_id, organization_id, provider, brand, \
                 first6, last4, exp_month, exp_year, bank, fingerprint, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            )
            .bind(e.card_id.to_string())
            .bind(&wallet_id)
            .bind(e.organization_id.to_string())
            .bind(&e.provider)
            .bind(&e.brand)
            .bind(&e.first6)
            .bind(&e.last4)
            .bind(i32::from(e.exp_month))
            .bind(i32::from(e.exp_year))
            .bind(&e.bank)
            .bind(&e.fingerprint)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        WalletEvent::CardRemoved(e) => {
            sqlx::query("UPDATE read_wallet_cards SET removed_at = $1 WHERE id = $2")
                .bind(at)
                .bind(e.card_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// A row of `read_wallets`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WalletRow {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    pub currency: String,
    pub balance: String,
    pub status: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl WalletRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            name: row.try_get("name")?,
            currency: row.try_get("currency")?,
            balance: row.try_get("balance")?,
            status: row.try_get("status")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

const WALLET_COLUMNS: &str =
    "id, organization_id, name, currency, balance, status, created_at, updated_at";

pub async fn wallet(pool: &sqlx::AnyPool, id: &str) -> Result<Option<WalletRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {WALLET_COLUMNS} FROM read_wallets WHERE id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(WalletRow::from_row).transpose()
}

/// One page of the organization's wallets (by currency) and how many there are.
pub async fn wallets(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<WalletRow>, i64), sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {WALLET_COLUMNS} FROM read_wallets WHERE organization_id = $1 \
         ORDER BY currency LIMIT $2 OFFSET $3"
    ))
    .bind(organization_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM read_wallets WHERE organization_id = $1")
            .bind(organization_id)
            .fetch_one(pool)
            .await?;
    let rows = rows
        .iter()
        .map(WalletRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}

/// A row of `read_wallet_cards`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardRow {
    pub id: String,
    pub wallet_id: String,
    pub provider: String,
    pub brand: String,
    pub first6: String,
    pub last4: String,
    pub exp_month: i32,
    pub exp_year: i32,
    pub bank: String,
    pub fingerprint: String,
    pub created_at: i64,
}

/// The cards still saved on the wallet, oldest first.
pub async fn cards(pool: &sqlx::AnyPool, wallet_id: &str) -> Result<Vec<CardRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, wallet_id, provider, brand, first6, last4, exp_month, exp_year, bank, \
         fingerprint, created_at FROM read_wallet_cards \
         WHERE wallet_id = $1 AND removed_at IS NULL ORDER BY created_at, id",
    )
    .bind(wallet_id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(CardRow {
                id: row.try_get("id")?,
                wallet_id: row.try_get("wallet_id")?,
                provider: row.try_get("provider")?,
                brand: row.try_get("brand")?,
                first6: row.try_get("first6")?,
                last4: row.try_get("last4")?,
                exp_month: row.try_get("exp_month")?,
                exp_year: row.try_get("exp_year")?,
                bank: row.try_get("bank")?,
                fingerprint: row.try_get("fingerprint")?,
                created_at: row.try_get("created_at")?,
            })
        })
        .collect()
}

/// A row of `read_wallet_transactions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionRow {
    pub id: String,
    pub wallet_id: String,
    pub transaction_type: String,
    pub status: String,
    pub amount: String,
    pub currency: String,
    pub provider: Option<String>,
    pub tx_ref: Option<String>,
    pub provider_transaction_id: Option<String>,
    pub card_id: Option<String>,
    pub description: String,
    pub reference: Option<String>,
    pub balance_after: Option<String>,
    pub user_id: Option<String>,
    pub failure_reason: Option<String>,
    pub created_at: i64,
    pub settled_at: Option<i64>,
}

impl TransactionRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            wallet_id: row.try_get("wallet_id")?,
            transaction_type: row.try_get("transaction_type")?,
            status: row.try_get("status")?,
            amount: row.try_get("amount")?,
            currency: row.try_get("currency")?,
            provider: row.try_get("provider")?,
            tx_ref: row.try_get("tx_ref")?,
            provider_transaction_id: row.try_get("provider_transaction_id")?,
            card_id: row.try_get("card_id")?,
            description: row.try_get("description")?,
            reference: row.try_get("reference")?,
            balance_after: row.try_get("balance_after")?,
            user_id: row.try_get("user_id")?,
            failure_reason: row.try_get("failure_reason")?,
            created_at: row.try_get("created_at")?,
            settled_at: row.try_get("settled_at")?,
        })
    }
}

/// The transactions grid's filters (all optional; times in microseconds, `created_to`
/// exclusive).
#[derive(Debug, Clone, Default)]
pub struct TransactionFilter {
    pub user_id: Option<String>,
    pub status: Option<String>,
    pub transaction_type: Option<String>,
    pub created_from: Option<i64>,
    pub created_to: Option<i64>,
}

/// One page of the wallet's transactions matching `filter`, newest first, and the count.
pub async fn transactions(
    pool: &sqlx::AnyPool,
    wallet_id: &str,
    filter: &TransactionFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<TransactionRow>, i64), sqlx::Error> {
    // Every filter is bound as a parameter; an absent one matches everything.
    let clause = "wallet_id = $1 AND ($2 IS NULL OR user_id = $2) \
         AND ($3 IS NULL OR status = $3) AND ($4 IS NULL OR transaction_type = $4) \
         AND created_at >= $5 AND created_at < $6";
    let from = filter.created_from.unwrap_or(i64::MIN);
    let to = filter.created_to.unwrap_or(i64::MAX);
    let rows = sqlx::query(&format!(
        "SELECT * FROM read_wallet_transactions WHERE {clause} \
         ORDER BY created_at DESC, id DESC LIMIT $7 OFFSET $8"
    ))
    .bind(wallet_id)
    .bind(filter.user_id.as_deref())
    .bind(filter.status.as_deref())
    .bind(filter.transaction_type.as_deref())
    .bind(from)
    .bind(to)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let count: i64 = sqlx::query_scalar(&format!(
        "SELECT COUNT(*) FROM read_wallet_transactions WHERE {clause}"
    ))
    .bind(wallet_id)
    .bind(filter.user_id.as_deref())
    .bind(filter.status.as_deref())
    .bind(filter.transaction_type.as_deref())
    .bind(from)
    .bind(to)
    .fetch_one(pool)
    .await?;
    let rows = rows
        .iter()
        .map(TransactionRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}

/// The wallet and organization a top-up reference belongs to (a provider's webhook
/// names only our reference).
pub async fn credit_by_tx_ref(
    pool: &sqlx::AnyPool,
    tx_ref: &str,
) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT wallet_id, organization_id FROM read_wallet_transactions \
         WHERE tx_ref = $1 AND transaction_type = 'credit'",
    )
    .bind(tx_ref)
    .fetch_optional(pool)
    .await?;
    row.map(|r| Ok((r.try_get("wallet_id")?, r.try_get("organization_id")?)))
        .transpose()
}

/// One transaction by its id.
pub async fn transaction(
    pool: &sqlx::AnyPool,
    id: &str,
) -> Result<Option<TransactionRow>, sqlx::Error> {
    let row = sqlx::query("SELECT * FROM read_wallet_transactions WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.as_ref().map(TransactionRow::from_row).transpose()
}
