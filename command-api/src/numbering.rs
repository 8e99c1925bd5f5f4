//! Gapless entry numbers (DESIGN §5). Each posting is its own stream, so optimistic
//! concurrency alone would let two posts read the same next number. Posting therefore
//! runs under a per-workspace lock: an in-process mutex, and on Postgres also a
//! transaction-level advisory lock held on a dedicated connection, so API nodes sharing
//! the database serialize too. The next number is read from the log itself (the
//! workspace's chain), which the previous holder's append has committed before it let go.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use api_core::ApiError;
use store::{Backend, Db};
use tokio::sync::OwnedMutexGuard;

#[derive(Default)]
pub struct Numbering {
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

/// Held while a workspace's next number is read and its posting appended.
pub struct NumberingGuard {
    _local: OwnedMutexGuard<()>,
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
        let local = local.lock_owned().await;
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
        let posted: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM events WHERE chain = $1 AND event_type = 'JournalEntryPosted'",
        )
        .bind(workspace_id)
        .fetch_one(&db.pool)
        .await?;
        Ok(NumberingGuard {
            _local: local,
            _shared: shared,
            next: u64::try_from(posted).unwrap_or_default() + 1,
        })
    }
}
