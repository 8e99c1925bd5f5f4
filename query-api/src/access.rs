//! The access policy read from the `organizations` read model: a user's role in a
//! workspace is their active membership's role, if that membership covers the workspace.
//! The plan is the organization's effective plan: Professional until subscriptions exist
//! (spec §6: "the plan used in checks is always treated as Professional").

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

fn access_of(role: Option<i64>) -> Option<WorkspaceAccess> {
    let role = role
        .and_then(|r| u8::try_from(r).ok())
        .and_then(Role::from_number)?;
    Some(WorkspaceAccess {
        role,
        plan: Plan::effective(None),
    })
}

impl AccessPolicy for ReadModelAccess {
    fn access<'a>(&'a self, user_id: &'a str, workspace_id: &'a str) -> AccessFuture<'a> {
        Box::pin(async move {
            let role: Option<i64> = sqlx::query_scalar(
                "SELECT m.role FROM read_membership_workspaces c \
                 JOIN read_memberships m ON m.id = c.membership_id \
                 JOIN read_workspaces w ON w.id = c.workspace_id \
                 WHERE c.user_id = $1 AND c.workspace_id = $2 AND m.is_active = 1 AND w.deleted = 0",
            )
            .bind(user_id)
            .bind(workspace_id)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(ApiError::from)?;
            Ok(access_of(role))
        })
    }

    fn organization_access<'a>(
        &'a self,
        user_id: &'a str,
        organization_id: &'a str,
    ) -> AccessFuture<'a> {
        Box::pin(async move {
            let role: Option<i64> = sqlx::query_scalar(
                "SELECT role FROM read_memberships \
                 WHERE user_id = $1 AND organization_id = $2 AND is_active = 1",
            )
            .bind(user_id)
            .bind(organization_id)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(ApiError::from)?;
            Ok(access_of(role))
        })
    }
}
