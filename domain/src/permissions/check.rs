//! The one permission check: membership, then plan and role, then the usage limit.

use super::{messages, Action, Plan, Requirement, Resource, Role, Usage};
use messages::ModalText;

/// Why a check refused. Variants are the facts DESIGN §6 turns into a 403 `code`, and
/// their messages are the spec §8 texts the server sends as `detail`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Denial {
    /// No membership covers the workspace; decided before anything else, so a
    /// non-member learns nothing about the workspace's plan or limits.
    #[error("{}", messages::NO_WORKSPACE_ACCESS)]
    NoWorkspaceAccess,
    /// The plan does not grant the permission (the role does, or was not consulted).
    #[error("{}", messages::PLAN_RESTRICTION)]
    PlanRestriction,
    /// The role does not grant the permission (the plan does, or was not consulted).
    #[error("{}", messages::ROLE_RESTRICTION)]
    RoleRestriction,
    /// Neither the plan nor the role grants the permission.
    #[error("{}", messages::PERMISSION_DENIED)]
    PermissionDenied,
    /// The request would take `resource` past the plan's limit.
    #[error("{}", messages::limit_exceeded(*.resource))]
    LimitExceeded {
        /// The resource whose limit would be passed.
        resource: Resource,
    },
}

impl Denial {
    /// The stable machine code (DESIGN §6), for the API's `code` and the UI's branching.
    pub const fn code(&self) -> &'static str {
        match self {
            Denial::NoWorkspaceAccess => "no_workspace_access",
            Denial::PlanRestriction => "plan_restriction",
            Denial::RoleRestriction => "role_restriction",
            Denial::PermissionDenied => "permission_denied",
            Denial::LimitExceeded { .. } => "limit_exceeded",
        }
    }

    /// The spec §8 message, with the resource filled in for limits.
    pub fn message(&self) -> String {
        self.to_string()
    }

    /// The spec §8 modal for this denial. `None` for a missing membership: the spec
    /// shows that as a message, not a modal. The limit modal's text still holds
    /// `{resource}`; [`Denial::message`] has it filled in.
    pub const fn modal(&self) -> Option<ModalText> {
        match self {
            Denial::NoWorkspaceAccess => None,
            Denial::PlanRestriction => Some(messages::PLAN_RESTRICTION_MODAL),
            Denial::RoleRestriction => Some(messages::ROLE_RESTRICTION_MODAL),
            Denial::PermissionDenied => Some(messages::PERMISSION_DENIED_MODAL),
            Denial::LimitExceeded { .. } => Some(messages::LIMIT_EXCEEDED_MODAL),
        }
    }
}

/// Everything a check decides on. Building it is the caller's IO (membership lookup,
/// subscription, usage count); deciding is [`check`], pure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CheckContext {
    /// The member's role in the workspace; `None` when no membership covers it.
    pub membership: Option<Role>,
    /// The organization's effective plan (see [`Plan::effective`]).
    pub plan: Plan,
    /// What is required: an [`Action`]'s row or a raw permission and mode.
    pub requirement: Requirement,
    /// Current usage and the request's increment. The limit is checked only when this
    /// is given and the requirement names a resource (spec §5).
    pub usage: Option<Usage>,
    /// Whether the caller owns what is acted on; consulted only by requirements with an
    /// `owner_unless` role, where anything but `Some(true)` counts as not owning it.
    pub owner: Option<bool>,
}

impl CheckContext {
    /// A check of `requirement` (an [`Action`] converts) without usage.
    pub fn new(
        membership: Option<Role>,
        plan: Plan,
        requirement: impl Into<Requirement>,
    ) -> CheckContext {
        CheckContext {
            membership,
            plan,
            requirement: requirement.into(),
            usage: None,
            owner: None,
        }
    }

    /// The same check, knowing whether the caller owns what is acted on.
    pub const fn with_owner(self, owner: bool) -> CheckContext {
        CheckContext {
            owner: Some(owner),
            ..self
        }
    }

    /// The same check, also counting `usage` against the requirement's limit.
    pub const fn with_usage(self, usage: Usage) -> CheckContext {
        CheckContext {
            usage: Some(usage),
            ..self
        }
    }
}

/// Decides a check (DESIGN §7): the membership must cover the workspace; then the
/// grants `mode` names must hold — a plan-only failure is [`Denial::PlanRestriction`],
/// a role-only failure [`Denial::RoleRestriction`], both [`Denial::PermissionDenied`];
/// then, for a requirement with an `owner_unless` role, the caller must own what is acted
/// on or hold that role ([`Denial::RoleRestriction`]); then, when usage is given, the
/// plan's limit must allow the increment.
///
/// Permission comes before the limit: a request the member may not make at all is
/// told so, not told to upgrade for more room.
pub fn check(ctx: CheckContext) -> Result<(), Denial> {
    let role = ctx.membership.ok_or(Denial::NoWorkspaceAccess)?;
    let Requirement {
        permission,
        mode,
        limit,
        owner_unless,
    } = ctx.requirement;

    let plan_ok = !mode.checks_plan() || ctx.plan.grants(permission);
    let role_ok = !mode.checks_role() || role.grants(permission);
    match (plan_ok, role_ok) {
        (true, true) => {}
        (false, true) => return Err(Denial::PlanRestriction),
        (true, false) => return Err(Denial::RoleRestriction),
        (false, false) => return Err(Denial::PermissionDenied),
    }
    if let Some(unless) = owner_unless {
        if role < unless && ctx.owner != Some(true) {
            return Err(Denial::RoleRestriction);
        }
    }

    if let (Some(resource), Some(usage)) = (limit, ctx.usage) {
        if ctx
            .plan
            .limit(resource)
            .would_exceed(usage.current, usage.increment)
        {
            return Err(Denial::LimitExceeded { resource });
        }
    }
    Ok(())
}

/// Shorthand for checking an [`Action`] without usage, the common case.
pub fn check_action(membership: Option<Role>, plan: Plan, action: Action) -> Result<(), Denial> {
    check(CheckContext::new(membership, plan, action))
}
