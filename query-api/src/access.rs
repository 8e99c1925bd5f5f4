//! The access policy read from the `organizations` read model: a user's role in a
//! workspace is their active membership's role, if that membership covers the workspace.
//! The plan is the organization's effective plan (DESIGN §7): its subscription in force,
//! else Professional (spec §9: "The plan actually applied is fixed as Professional").
//!
//! Every request asks it, so answers are kept in memory: each is good while neither the
//! `organizations` nor the `subscriptions` projector of this process has applied an event
//! that could change it since (their change counters in `projections::Applied`), and for
//! at most [`TTL_LOCAL`] (the plan in force also changes with time) — or [`TTL_REMOTE`]
//! where those projectors run in another process, whose changes this one does not see.

use std::time::Duration;

use api_core::access::{AccessFuture, AccessPolicy, WorkspaceAccess};
use api_core::ApiError;
use domain::permissions::{Plan, Role};
use projections::{Applied, Freshness, ReadCache};
use store::Db;

/// How long an answer is kept when this process runs the projectors it comes from.
pub const TTL_LOCAL: Duration = Duration::from_secs(30);
/// How long an answer is kept when they run elsewhere: a removed member loses access on
/// every node within this.
pub const TTL_REMOTE: Duration = Duration::from_secs(2);

const FRESHNESS: Freshness = Freshness {
    projectors: &["organizations", "subscriptions"],
    local: Some(TTL_LOCAL),
    remote: Some(TTL_REMOTE),
};

/// What an answer is about: a workspace, or an organization as a whole.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Scope {
    Workspace(String),
    Organization(String),
}

pub struct ReadModelAccess {
    db: Db,
    applied: Applied,
    cache: ReadCache<(String, Scope), WorkspaceAccess>,
}

impl ReadModelAccess {
    pub fn new(db: Db, applied: Applied) -> Self {
        Self {
            db,
            applied,
            cache: ReadCache::new(FRESHNESS),
        }
    }

    /// Only a membership is kept: a refusal is read afresh each time, so a membership
    /// committed a moment ago counts as soon as the read model has it (the caller's
    /// catch-up wait in `api_core::access` relies on this).
    async fn answer(
        &self,
        user_id: &str,
        scope: Scope,
    ) -> Result<Option<WorkspaceAccess>, ApiError> {
        let read = async {
            let membership = match &scope {
                Scope::Workspace(workspace_id) => {
                    self.workspace_membership(user_id, workspace_id).await?
                }
                Scope::Organization(organization_id) => {
                    self.organization_membership(user_id, organization_id)
                        .await?
                }
            };
            self.access_of(membership).await
        };
        self.cache
            .get_or_read(&self.applied, (user_id.to_owned(), scope.clone()), read)
            .await
    }

    async fn workspace_membership(
        &self,
        user_id: &str,
        workspace_id: &str,
    ) -> Result<Option<(i64, String)>, ApiError> {
        Ok(sqlx::query_as(
            "SELECT m.role, m.organization_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             JOIN read_workspaces w ON w.id = c.workspace_id \
             WHERE c.user_id = $1 AND c.workspace_id = $2 AND m.is_active = 1 AND w.deleted = 0",
        )
        .bind(user_id)
        .bind(workspace_id)
        .fetch_optional(&self.db.pool)
        .await?)
    }

    async fn organization_membership(
        &self,
        user_id: &str,
        organization_id: &str,
    ) -> Result<Option<(i64, String)>, ApiError> {
        Ok(sqlx::query_as(
            "SELECT role, organization_id FROM read_memberships \
             WHERE user_id = $1 AND organization_id = $2 AND is_active = 1",
        )
        .bind(user_id)
        .bind(organization_id)
        .fetch_optional(&self.db.pool)
        .await?)
    }

    /// The caller's access from their membership row (role, organization), with the plan
    /// the organization's subscription in force gives it now.
    async fn access_of(
        &self,
        membership: Option<(i64, String)>,
    ) -> Result<Option<WorkspaceAccess>, ApiError> {
        let Some((role, organization_id)) = membership else {
            return Ok(None);
        };
        let Some(role) = u8::try_from(role).ok().and_then(Role::from_number) else {
            return Ok(None);
        };
        let now = chrono::Utc::now().timestamp_micros();
        let subscribed = projections::subscriptions::in_force(&self.db.pool, &organization_id, now)
            .await?
            .and_then(|s| s.plan.parse::<Plan>().ok());
        Ok(Some(WorkspaceAccess {
            role,
            plan: Plan::effective(subscribed),
        }))
    }
}

impl AccessPolicy for ReadModelAccess {
    fn access<'a>(&'a self, user_id: &'a str, workspace_id: &'a str) -> AccessFuture<'a> {
        Box::pin(self.answer(user_id, Scope::Workspace(workspace_id.to_owned())))
    }

    fn organization_access<'a>(
        &'a self,
        user_id: &'a str,
        organization_id: &'a str,
    ) -> AccessFuture<'a> {
        Box::pin(self.answer(user_id, Scope::Organization(organization_id.to_owned())))
    }
}
