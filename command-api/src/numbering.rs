//! Gapless entry numbers (DESIGN §5). Each posting is its own stream, so optimistic
//! concurrency alone would let two posts read the same next number. Posting therefore
//! runs under a per-workspace lock: an in-process mutex, and on Postgres also a
//! transaction-level advisory lock held on a dedicated connection, so API nodes sharing
//! the database serialize too. The next number is read from the log itself (the
//! workspace's chain), which the previous holder's append has committed before it let go.
//!
//! Counting a chain's postings from its start would cost a scan of the whole workspace's
//! log per posting (200,000 rows at a million postings). So each process remembers, per
//! workspace, how many postings it counted up to which chain sequence, and under the lock
//! counts only the events after it. That is exact, whoever wrote them: a chain's events
//! take their sequence while holding its head row until commit, so the committed part of
//! a chain is always a prefix — nothing can later appear below a sequence already seen.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use api_core::ApiError;
use sqlx::Row;
use store::{Backend, Db};
use tokio::sync::OwnedMutexGuard;

#[derive(Default)]
pub struct Numbering {
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Counted>>>>,
}

/// What this process last counted of a workspace's chain.
#[derive(Debug, Default, Clone, Copy)]
struct Counted {
    /// Chain sequences up to and including this one are counted (0: none).
    through_seq: i64,
    /// `JournalEntryPosted` events among them.
    posted: i64,
}

/// Held while a workspace's next number is read and its posting appended.
pub struct NumberingGuard {
    _local: OwnedMutexGuard<Counted>,
    // Dropping it rolls back, which releases the advisory lock.
    _shared: Option<sqlx::Transaction<'static, sqlx::Any>>,
    /// The number the posting must carry.
    pub next: u64,
}

impl Numbering {
    pub async fn lock(&self, db: &Db, workspace_id: &str) -> Result<NumberingGuard, ApiError> {
        let local = {
            let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
            locks.entry(workspace_id.to_owned()).or_default().clone()
        };
        let mut local = local.lock_owned().await;
        let shared = match db.backend {
            Backend::Postgres => {
                let mut tx = db.pool.begin().await?;
                // The lock function answers `void`; selecting from it keeps the row typed.
                sqlx::query_scalar::<_, i32>(
                    "SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtextextended($1, 7))) AS locked",
                )
                .bind(workspace_id)
                .fetch_one(&mut *tx)
                .await?;
                Some(tx)
            }
            Backend::Sqlite => None,
        };
        let since = sqlx::query(
            "SELECT CAST(COALESCE(SUM(CASE WHEN event_type = 'JournalEntryPosted' THEN 1 ELSE 0 END), 0) AS BIGINT) AS posted, \
             CAST(COALESCE(MAX(chain_seq), $2) AS BIGINT) AS through_seq \
             FROM events WHERE chain = $1 AND chain_seq > $2",
        )
        .bind(workspace_id)
        .bind(local.through_seq)
        .fetch_one(&db.pool)
        .await?;
        *local = Counted {
            through_seq: since.try_get("through_seq")?,
            posted: local.posted + since.try_get::<i64, _>("posted")?,
        };
        Ok(NumberingGuard {
            next: u64::try_from(local.posted).unwrap_or_default() + 1,
            _local: local,
            _shared: shared,
        })
    }
}
