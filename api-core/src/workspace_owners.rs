//! Which organization owns a workspace, kept in memory: every command stamps it on its
//! events, and reading it from `read_workspaces` cost each write request a statement.
//!
//! An answer is good while the `organizations` projector of this process has applied no
//! event that concerned it since (its change counter in `projections::Applied`: a
//! workspace changes owner only by a transfer, which that projector applies), and for at
//! most [`TTL_REMOTE`] where that projector runs in another process, whose changes this one
//! does not see — the same rule as the access policy's memberships.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use store::Db;

use crate::ApiError;

/// How long an answer is kept when the `organizations` projector runs elsewhere.
pub const TTL_REMOTE: Duration = Duration::from_secs(2);
/// Answers kept; past it the cache starts over (one entry per workspace).
const CACHED_MAX: usize = 100_000;
/// The projector `read_workspaces` is written by.
const ORGANIZATIONS: &str = "organizations";

#[derive(Clone)]
struct Cached {
    organization_id: String,
    changes: u64,
    until: Option<Instant>,
}

/// The owners of workspaces this process has been asked about.
#[derive(Clone, Default)]
pub struct WorkspaceOwners {
    cache: Arc<Mutex<HashMap<String, Cached>>>,
}

impl WorkspaceOwners {
    /// The organization owning `workspace_id` (deleted workspaces included: their events
    /// still belong to it), or `None` for a workspace the read model does not hold (yet).
    pub async fn of(
        &self,
        db: &Db,
        applied: &projections::Applied,
        workspace_id: &str,
    ) -> Result<Option<String>, ApiError> {
        let changes = applied.subscribe(ORGANIZATIONS).borrow().changes;
        let local = applied.is_local(ORGANIZATIONS);
        if let Some(owner) = self.cached(workspace_id, changes) {
            return Ok(Some(owner));
        }
        let owner: Option<String> =
            sqlx::query_scalar("SELECT organization_id FROM read_workspaces WHERE id = $1")
                .bind(workspace_id)
                .fetch_optional(&db.pool)
                .await?;
        // An unknown workspace is read afresh each time, so one created a moment ago
        // counts as soon as the read model has it.
        if let Some(organization_id) = &owner {
            self.keep(
                workspace_id,
                Cached {
                    organization_id: organization_id.clone(),
                    changes,
                    until: (!local).then(|| Instant::now() + TTL_REMOTE),
                },
            );
        }
        Ok(owner)
    }

    fn cached(&self, workspace_id: &str, changes: u64) -> Option<String> {
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache
            .get(workspace_id)
            .filter(|c| c.changes == changes && c.until.is_none_or(|u| u > Instant::now()))
            .map(|c| c.organization_id.clone())
    }

    fn keep(&self, workspace_id: &str, cached: Cached) {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= CACHED_MAX {
            cache.clear();
        }
        cache.insert(workspace_id.to_owned(), cached);
    }
}
