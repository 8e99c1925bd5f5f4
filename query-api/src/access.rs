//! The access policy read from the `organizations` read model: a user's role in a
//! workspace is their active membership's role, if that membership covers the workspace.
//! The plan is the organization's effective plan (DESIGN §7): its subscription in force,
//! else Professional (spec §9: "The plan actually applied is fixed as Professional").

use api_core::access::{AccessFuture, AccessPolicy, WorkspaceAccess};
use api_core::ApiError;
use domain::permissions::{Plan, Role};
use store::Db;

pub struct ReadModelAccess {
    db: Db,
}

impl ReadModelAccess {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

impl ReadModelAccess {
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
        Box::pin(async move {
            let membership: Option<(i64, String)> = sqlx::query_as(
                "SELECT m.role, m.organization_id FROM read_membership_workspaces c \
                 JOIN read_memberships m ON m.id = c.membership_id \
                 JOIN read_workspaces w ON w.id = c.workspace_id \
                 WHERE c.user_id = $1 AND c.workspace_id = $2 AND m.is_active = 1 AND w.deleted = 0",
            )
            .bind(user_id)
            .bind(workspace_id)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(ApiError::from)?;
            self.access_of(membership).await
        })
    }

    fn organization_access<'a>(
        &'a self,
        user_id: &'a str,
        organization_id: &'a str,
    ) -> AccessFuture<'a> {
        Box::pin(async move {
            let membership: Option<(i64, String)> = sqlx::query_as(
                "SELECT role, organization_id FROM read_memberships \
                 WHERE user_id = $1 AND organization_id = $2 AND is_active = 1",
            )
            .bind(user_id)
            .bind(organization_id)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(ApiError::from)?;
            self.access_of(membership).await
        })
    }
}
