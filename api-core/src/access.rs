//! Who may do what in which workspace. Routes never decide this themselves: they call
//! [`authorize`] with the action they perform (DESIGN.md §7's one table, in `domain`).
//! Where memberships come from is the identity service's business; it plugs its read
//! model in as an [`AccessPolicy`].

use std::future::Future;
use std::pin::Pin;

use domain::permissions::{check, Action, CheckContext, Plan, Role, Usage};

use crate::auth::AuthUser;
use crate::{ApiError, AppState};

/// The caller's standing in one workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkspaceAccess {
    pub role: Role,
    /// The organization's effective plan (its active subscription, else Professional).
    pub plan: Plan,
}

pub type AccessFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Option<WorkspaceAccess>, ApiError>> + Send + 'a>>;

pub trait AccessPolicy: Send + Sync + 'static {
    /// The caller's role and plan in `workspace_id`, or `None` without a membership
    /// covering it.
    fn access<'a>(&'a self, user_id: &'a str, workspace_id: &'a str) -> AccessFuture<'a>;

    /// The caller's role and plan in `organization_id` (organization-wide actions:
    /// inviting, member roles, creating workspaces), or `None` if not a member.
    fn organization_access<'a>(
        &'a self,
        user_id: &'a str,
        organization_id: &'a str,
    ) -> AccessFuture<'a>;
}

/// The policy before any membership exists: nobody has access to any workspace.
pub struct NoMemberships;

impl AccessPolicy for NoMemberships {
    fn access<'a>(&'a self, _user_id: &'a str, _workspace_id: &'a str) -> AccessFuture<'a> {
        Box::pin(async { Ok(None) })
    }

    fn organization_access<'a>(
        &'a self,
        _user_id: &'a str,
        _organization_id: &'a str,
    ) -> AccessFuture<'a> {
        Box::pin(async { Ok(None) })
    }
}

/// Checks membership, role, plan and (with `usage`) the plan limit for `action`; answers
/// the caller's access or the 403 of DESIGN.md §6.
pub async fn authorize(
    state: &AppState,
    user: &AuthUser,
    workspace_id: &str,
    action: Action,
    usage: Option<Usage>,
) -> Result<WorkspaceAccess, ApiError> {
    let access = workspace_access(state, user, workspace_id).await?;
    decide(access, action, usage)
}

/// [`authorize`] for an action whose requirement depends on owning what is acted on
/// (`Requirement::owner_unless`): `owner` says whether the caller owns it.
pub async fn authorize_owned(
    state: &AppState,
    user: &AuthUser,
    workspace_id: &str,
    action: Action,
    owner: bool,
) -> Result<WorkspaceAccess, ApiError> {
    let access = workspace_access(state, user, workspace_id).await?;
    let ctx = CheckContext::new(
        access.map(|a| a.role),
        access.map_or(Plan::DEFAULT_EFFECTIVE, |a| a.plan),
        action,
    )
    .with_owner(owner);
    check(ctx)?;
    access.ok_or(ApiError::Forbidden(
        domain::permissions::Denial::NoWorkspaceAccess,
    ))
}

/// [`authorize`] for an organization-wide action: the caller's membership in the
/// organization (whatever workspaces it covers) decides.
pub async fn authorize_organization(
    state: &AppState,
    user: &AuthUser,
    organization_id: &str,
    action: Action,
    usage: Option<Usage>,
) -> Result<WorkspaceAccess, ApiError> {
    let access = state
        .access
        .organization_access(&user.user_id, organization_id)
        .await?;
    let access = match access {
        Some(access) => Some(access),
        None => {
            crate::consistency::read_your_writes(state, MEMBERSHIPS).await?;
            state
                .access
                .organization_access(&user.user_id, organization_id)
                .await?
        }
    };
    decide(access, action, usage)
}

/// The projector memberships are read from.
const MEMBERSHIPS: &str = "organizations";

/// The caller's access to `workspace_id`; a "no access" is asked again once the
/// memberships read model has caught up with every commit this node has seen, so a
/// membership committed a moment ago (signed up, invitation accepted, workspace just
/// created) is not refused by a read model a few events behind. Members pay nothing;
/// a refusal waits at most for that catch-up.
async fn workspace_access(
    state: &AppState,
    user: &AuthUser,
    workspace_id: &str,
) -> Result<Option<WorkspaceAccess>, ApiError> {
    if let Some(access) = state.access.access(&user.user_id, workspace_id).await? {
        return Ok(Some(access));
    }
    crate::consistency::read_your_writes(state, MEMBERSHIPS).await?;
    state.access.access(&user.user_id, workspace_id).await
}

/// The organization owning `workspace_id` (deleted workspaces included: their events still
/// belong to it), or `None` for an unknown workspace. Commands stamp it on the events'
/// metadata; the activity log scopes by it.
pub async fn organization_of(
    state: &AppState,
    workspace_id: &str,
) -> Result<Option<String>, ApiError> {
    state
        .owners
        .of(state.db(), &state.applied, workspace_id)
        .await
}

/// The organization a billing call is about: the one named (`organization_id`), else the
/// owner of the workspace the caller last switched to, else the first organization the
/// caller belongs to. The spec's payment calls carry no organization, and a user works in
/// one organization at a time: the one of the workspace in front of them.
pub async fn billing_organization(
    state: &AppState,
    user: &AuthUser,
    named: Option<&str>,
) -> Result<String, ApiError> {
    if let Some(named) = named.map(str::trim).filter(|n| !n.is_empty()) {
        return Ok(named.to_owned());
    }
    let latest = identity::users::by_id(state.db(), &user.user_id)
        .await?
        .and_then(|u| u.latest_workspace_id);
    if let Some(workspace_id) = latest {
        if let Some(organization_id) = organization_of(state, &workspace_id).await? {
            return Ok(organization_id);
        }
    }
    let first: Option<String> = sqlx::query_scalar(
        "SELECT organization_id FROM read_memberships WHERE user_id = $1 AND is_active = 1 \
         ORDER BY organization_id LIMIT 1",
    )
    .bind(&user.user_id)
    .fetch_optional(&state.db().pool)
    .await?;
    first.ok_or(ApiError::Forbidden(
        domain::permissions::Denial::NoWorkspaceAccess,
    ))
}

/// The wallet `wallet_id` as the read model holds it, once the caller may manage the
/// billing of the organization owning it (DESIGN §7 "billing, wallets": `workspace:write`
/// by role). A wallet of an organization the caller is not a member of is not found,
/// as an unknown one is: its existence is not disclosed.
pub async fn authorize_wallet(
    state: &AppState,
    user: &AuthUser,
    wallet_id: &str,
) -> Result<projections::wallets::WalletRow, ApiError> {
    let not_found = || ApiError::NotFound("No such wallet.".into());
    if uuid::Uuid::parse_str(wallet_id).is_err() {
        return Err(not_found());
    }
    crate::consistency::read_your_writes(state, "wallets").await?;
    let wallet = projections::wallets::wallet(&state.db().pool, wallet_id)
        .await?
        .ok_or_else(not_found)?;
    let member = state
        .access
        .organization_access(&user.user_id, &wallet.organization_id)
        .await?;
    if member.is_none() {
        return Err(not_found());
    }
    authorize_organization(state, user, &wallet.organization_id, Action::Billing, None).await?;
    Ok(wallet)
}

/// Requires only membership of the organization (reading its profile, its lists).
pub async fn require_member(
    state: &AppState,
    user: &AuthUser,
    organization_id: &str,
) -> Result<WorkspaceAccess, ApiError> {
    state
        .access
        .organization_access(&user.user_id, organization_id)
        .await?
        .ok_or(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ))
}

fn decide(
    access: Option<WorkspaceAccess>,
    action: Action,
    usage: Option<Usage>,
) -> Result<WorkspaceAccess, ApiError> {
    let mut ctx = CheckContext::new(
        access.map(|a| a.role),
        access.map_or(Plan::DEFAULT_EFFECTIVE, |a| a.plan),
        action,
    );
    if let Some(usage) = usage {
        ctx = ctx.with_usage(usage);
    }
    check(ctx)?;
    // `check` refuses a missing membership first, so access is present here.
    access.ok_or(ApiError::Forbidden(
        domain::permissions::Denial::NoWorkspaceAccess,
    ))
}
