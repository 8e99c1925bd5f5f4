//! The Postgres planner's statistics of the read models, kept current by the runtime.
//!
//! A read model's reads are planned from its tables' statistics. Never analyzed, a table
//! of a million rows is planned as if it were empty: the general ledger's walk then takes
//! the totals' key (every account's rows of each period) instead of the account index,
//! and a page costs twice as long. Autovacuum refreshes them where it runs, but it may be
//! off (as it is on the machines the tests run on) or behind a bulk import, so the runtime
//! applies autovacuum's own rule itself: a table whose changes since its last analysis
//! exceed 50 rows plus a tenth of its size is analyzed again. SQLite plans from the
//! fixed statistics its migrations write (see the ledger's), so nothing is done there.

use std::time::Duration;

use store::{Backend, Db, ExecuteWrite};

use crate::{ProjectionError, Projector};

/// How often a live projector, once caught up, looks for tables due for analysis.
pub const CHECK_INTERVAL: Duration = Duration::from_secs(30);

/// Analyzes the projector's tables that changed by more than autovacuum's default
/// threshold since their last analysis; returns their names.
pub async fn refresh_grown(
    db: &Db,
    projector: &dyn Projector,
) -> Result<Vec<String>, ProjectionError> {
    if db.backend != Backend::Postgres || projector.tables().is_empty() {
        return Ok(Vec::new());
    }
    // Table names are the projectors' own constants, never input: written in the text.
    let names = projector
        .tables()
        .iter()
        .map(|table| format!("'{table}'"))
        .collect::<Vec<_>>()
        .join(", ");
    let due: Vec<(String,)> = sqlx::query_as(&format!(
        "SELECT CAST(relname AS TEXT) FROM pg_stat_user_tables WHERE relname IN ({names}) \
         AND n_mod_since_analyze > 50 + 0.1 * GREATEST(n_live_tup, 0)"
    ))
    .fetch_all(&db.pool)
    .await?;
    let due: Vec<String> = due.into_iter().map(|(table,)| table).collect();
    for table in &due {
        analyze(db, table).await?;
    }
    Ok(due)
}

/// Analyzes every table of the projector (after a rebuild: all of them are new).
pub async fn refresh_all(db: &Db, projector: &dyn Projector) -> Result<(), ProjectionError> {
    if db.backend != Backend::Postgres {
        return Ok(());
    }
    for table in projector.tables() {
        analyze(db, table).await?;
    }
    Ok(())
}

async fn analyze(db: &Db, table: &str) -> Result<(), ProjectionError> {
    sqlx::query(&format!("ANALYZE {table}"))
        .execute_write(db)
        .await?;
    Ok(())
}
