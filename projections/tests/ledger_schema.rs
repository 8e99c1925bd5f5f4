//! The ledger read model's schema as it changes under a running product: an existing
//! database keeps its totals when their table is rebuilt in key order.

use projections::ledger::Ledger;
use projections::Projector;
use sqlx::Row;
use store::testing::TestDatabase;
use store::Backend;

/// The migrations up to and including the totals' lookup index, as databases made before
/// the totals were clustered ran them.
const BEFORE_CLUSTERING: usize = 9;

async fn totals(db: &store::Db) -> Vec<(String, String, String, i64, i64, i64)> {
    sqlx::query(
        "SELECT grain, period, account_id, debit_cents, credit_cents, postings \
         FROM read_ledger_totals ORDER BY grain, period, account_id",
    )
    .fetch_all(&db.pool)
    .await
    .expect("read totals")
    .into_iter()
    .map(|row| {
        (
            row.get(0),
            row.get(1),
            row.get(2),
            row.get(3),
            row.get(4),
            row.get(5),
        )
    })
    .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_totals_are_stored_in_key_order_and_keep_their_rows() {
    let test = TestDatabase::new(Backend::Sqlite).await;
    let migrations = Ledger.migrations();
    store::migrate::run(&test.db, "ledger", &migrations[..BEFORE_CLUSTERING])
        .await
        .expect("earlier migrations");
    sqlx::query(
        "INSERT INTO read_ledger_totals \
         (workspace_id, grain, period, account_id, debit_cents, credit_cents, postings) VALUES \
         ('w', 'y', '2026', 'cash', 150000, 0, 2), ('w', 'm', '2026-03', 'cash', 150000, 0, 2), \
         ('w', 'd', '2026-03-31', 'sales', 0, 150000, 2)",
    )
    .execute(&test.db.pool)
    .await
    .expect("totals before");
    let before = totals(&test.db).await;

    store::migrate::run(&test.db, "ledger", migrations)
        .await
        .expect("all migrations");

    assert_eq!(totals(&test.db).await, before);
    let (definition,): (String,) = sqlx::query_as(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'read_ledger_totals'",
    )
    .fetch_one(&test.db.pool)
    .await
    .expect("table definition");
    assert!(definition.contains("WITHOUT ROWID"), "{definition}");
    let (indexes,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' \
         AND name = 'read_ledger_totals_account'",
    )
    .fetch_one(&test.db.pool)
    .await
    .expect("index");
    assert_eq!(indexes, 1, "the lookup by account is kept");
    test.cleanup().await;
}

async fn plan(db: &store::Db, query: &str) -> String {
    sqlx::query(&format!("EXPLAIN QUERY PLAN {query}"))
        .fetch_all(&db.pool)
        .await
        .expect("plan")
        .into_iter()
        .map(|row| row.get::<String, _>(3))
        .collect::<Vec<_>>()
        .join("; ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_reads_one_accounts_totals_by_account_and_all_accounts_by_period() {
    let test = TestDatabase::new(Backend::Sqlite).await;
    store::migrate::run(&test.db, "ledger", Ledger.migrations())
        .await
        .expect("migrations");
    // Planned on connections opened after the migrations, as the server's reads are: a
    // pool connection of the migrating process may still hold the schema it read before.
    let reads = test.connect_again().await;
    let by_period = "FROM read_ledger_totals WHERE workspace_id = 'w' AND grain = 'm' \
                     AND period >= '2026-01' AND period <= '2026-06'";

    let one_account = plan(
        &reads,
        &format!("SELECT period, debit_cents {by_period} AND account_id IN ('cash')"),
    )
    .await;
    let all_accounts = plan(
        &reads,
        &format!("SELECT account_id, debit_cents {by_period}"),
    )
    .await;

    assert!(
        one_account.contains("read_ledger_totals_account"),
        "{one_account}"
    );
    assert!(all_accounts.contains("PRIMARY KEY"), "{all_accounts}");
    reads.close().await;
    test.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_runs_every_ledger_migration() {
    let test = TestDatabase::new(Backend::Postgres).await;
    store::migrate::run(&test.db, "ledger", Ledger.migrations())
        .await
        .expect("all migrations");
    assert!(totals(&test.db).await.is_empty());
    test.cleanup().await;
}
