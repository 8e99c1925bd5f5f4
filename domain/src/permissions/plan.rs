//! Subscription plans and the plan table of spec §6.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::{Limit, Permission, PermissionSet, Resource};
use Permission::*;

/// An organization's subscription plan. On the wire it is the lowercase id
/// ("basic", "professional", "enterprise").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Plan {
    Basic,
    Professional,
    Enterprise,
}

/// Spec §6 "Plan permissions", Basic, in the spec's order.
const BASIC: PermissionSet = PermissionSet::of(&[
    Read,
    Write,
    WorkspaceLimited,
    AiChatbotLimitedAccess,
    AccountingBasic,
    AccountingRead,
    JournalEntriesRead,
    JournalEntriesWrite,
    AuditServiceAccess,
    ActivityLogs,
]);

/// Spec §6 "Plan permissions", Professional: "Basic plus" these.
const PROFESSIONAL_PLUS: PermissionSet = PermissionSet::of(&[
    WorkspaceRead,
    WorkspaceWrite,
    WorkspaceSettings,
    AiChatbotFullAccess,
    RoleManagement,
    ImportJournalEntries,
    ActionsInviteCollaborators,
    CollectionManagement,
]);

const PROFESSIONAL: PermissionSet = BASIC.union(PROFESSIONAL_PLUS);

/// Spec §6 "Plan permissions", Enterprise: "all permissions".
const ENTERPRISE: PermissionSet = PermissionSet::ALL;

impl Plan {
    /// Every plan, cheapest first.
    pub const ALL: [Plan; 3] = [Plan::Basic, Plan::Professional, Plan::Enterprise];

    /// The plan of an organization without an active subscription.
    ///
    /// Spec §9: "The plan actually applied is fixed as Professional". DESIGN §7 keeps
    /// the three-plan tables for paying organizations and applies Professional to
    /// everyone else, so existing organizations keep what the product gave them.
    pub const DEFAULT_EFFECTIVE: Plan = Plan::Professional;

    /// The plan checks run against: the active subscription's plan, else
    /// [`Plan::DEFAULT_EFFECTIVE`].
    pub const fn effective(active_subscription: Option<Plan>) -> Plan {
        match active_subscription {
            Some(plan) => plan,
            None => Plan::DEFAULT_EFFECTIVE,
        }
    }

    /// The wire id ("basic", "professional", "enterprise").
    pub const fn id(self) -> &'static str {
        match self {
            Plan::Basic => "basic",
            Plan::Professional => "professional",
            Plan::Enterprise => "enterprise",
        }
    }

    /// The name the UI shows ("Basic", "Professional", "Enterprise").
    pub const fn name(self) -> &'static str {
        match self {
            Plan::Basic => "Basic",
            Plan::Professional => "Professional",
            Plan::Enterprise => "Enterprise",
        }
    }

    /// Everything the plan grants, per spec §6.
    pub const fn permissions(self) -> PermissionSet {
        match self {
            Plan::Basic => BASIC,
            Plan::Professional => PROFESSIONAL,
            Plan::Enterprise => ENTERPRISE,
        }
    }

    /// Whether the plan grants `permission`.
    pub const fn grants(self, permission: Permission) -> bool {
        self.permissions().contains(permission)
    }

    /// The plan's limit on `resource`, per spec §9.
    pub const fn limit(self, resource: Resource) -> Limit {
        super::limits::plan_limit(self, resource)
    }
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that is not a plan id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown plan '{0}'; plans are 'basic', 'professional', 'enterprise'")]
pub struct UnknownPlan(pub String);

impl FromStr for Plan {
    type Err = UnknownPlan;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Plan::ALL
            .into_iter()
            .find(|plan| plan.id() == s)
            .ok_or_else(|| UnknownPlan(s.to_owned()))
    }
}
