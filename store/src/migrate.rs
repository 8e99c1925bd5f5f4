//! Each crate owns its tables and lists its migrations here as `(version, name, sqlite,
//! postgres)`. A shared `schema_migrations` table records what ran, per crate, so crates
//! evolve independently without a global numbering.

use sqlx::Executor;

use crate::{Backend, Db, StoreError};

/// One schema change, written for both backends.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

/// Applies the migrations of `owner` that have not run yet, each in its own transaction.
pub async fn run(db: &Db, owner: &str, migrations: &[Migration]) -> Result<(), StoreError> {
    let mut tx = db.begin_write().await?;
    lock_migrations(db, tx.transaction()).await?;
    tx.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
            owner TEXT NOT NULL,
            version BIGINT NOT NULL,
            name TEXT NOT NULL,
            PRIMARY KEY (owner, version)
        )",
    )
    .await?;
    tx.commit().await?;
    for migration in migrations {
        let mut tx = db.begin_write().await?;
        lock_migrations(db, tx.transaction()).await?;
        let applied: Option<(i64,)> = sqlx::query_as(
            "SELECT version FROM schema_migrations WHERE owner = $1 AND version = $2",
        )
        .bind(owner)
        .bind(migration.version)
        .fetch_optional(&mut *tx)
        .await?;
        if applied.is_some() {
            continue;
        }
        let sql = match db.backend {
            Backend::Sqlite => migration.sqlite,
            Backend::Postgres => migration.postgres,
        };
        tx.execute(sql).await?;
        sqlx::query("INSERT INTO schema_migrations (owner, version, name) VALUES ($1, $2, $3)")
            .bind(owner)
            .bind(migration.version)
            .bind(migration.name)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        tracing::info!(
            owner,
            version = migration.version,
            name = migration.name,
            "migration applied"
        );
    }
    Ok(())
}

/// Several nodes may start at once against one Postgres: a transaction-level advisory lock
/// makes them take turns. SQLite's `BEGIN IMMEDIATE` already serializes them.
async fn lock_migrations(
    db: &Db,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
) -> Result<(), StoreError> {
    const MIGRATION_LOCK_KEY: i64 = 0x4c45_4447_4d49_4752; // "LEDGMIGR"
    if db.backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(MIGRATION_LOCK_KEY)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
