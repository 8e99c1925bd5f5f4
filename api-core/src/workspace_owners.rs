//! Which organization owns a workspace, kept in memory: every command stamps it on its
//! events, and reading it from `read_workspaces` cost each write request a statement.
//!
//! An answer holds until the `organizations` projector of this process applies a change
//! (a workspace changes owner only by a transfer, which that projector applies), and for
//! at most [`TTL_REMOTE`] where that projector runs in another process, whose changes this
//! one does not see — the same rule as the access policy's memberships.

use std::sync::Arc;
use std::time::Duration;

use projections::{Freshness, ReadCache};
use store::Db;

use crate::ApiError;

/// How long an answer is kept when the `organizations` projector runs elsewhere.
pub const TTL_REMOTE: Duration = Duration::from_secs(2);

const FRESHNESS: Freshness = Freshness {
    projectors: &["organizations"],
    local: None,
    remote: Some(TTL_REMOTE),
};

/// The owners of workspaces this process has been asked about.
#[derive(Clone)]
pub struct WorkspaceOwners {
    cache: Arc<ReadCache<String, String>>,
}

impl Default for WorkspaceOwners {
    fn default() -> Self {
        Self {
            cache: Arc::new(ReadCache::new(FRESHNESS)),
        }
    }
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
        let read = async {
            sqlx::query_scalar("SELECT organization_id FROM read_workspaces WHERE id = $1")
                .bind(workspace_id)
                .fetch_optional(&db.pool)
                .await
                .map_err(ApiError::from)
        };
        self.cache
            .get_or_read(applied, workspace_id.to_owned(), read)
            .await
    }
}
