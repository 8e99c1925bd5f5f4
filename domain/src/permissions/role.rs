//! Workspace roles (spec §4: 0 Viewer, 1 Editor, 2 Admin) and the role table of spec §6.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Permission, PermissionSet};
use Permission::*;

/// A member's role in a workspace. On the wire it is the spec's number, because that
/// is what memberships, invitations and the browser's `activeRole` carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
#[repr(u8)]
pub enum Role {
    Viewer = 0,
    Editor = 1,
    Admin = 2,
}

/// Spec §6 "Role permissions", Admin: "all of the above except" these.
const ADMIN_EXCEPT: PermissionSet = PermissionSet::of(&[
    CollectionManagement,
    AccountingBasic,
    AccountingAdvanced,
    AiChatbotLimitedAccess,
    WorkspaceLimited,
    PayrollBasic,
    PayrollAdvanced,
]);

const ADMIN: PermissionSet = PermissionSet::ALL.difference(ADMIN_EXCEPT);

/// Spec §6 "Role permissions", Editor, in the spec's order.
const EDITOR: PermissionSet = PermissionSet::of(&[
    Read,
    Write,
    WorkspaceRead,
    WorkspaceLimited,
    AiChatbotFullAccess,
    AiChatbotLimitedAccess,
    PayrollRead,
    AccountingBasic,
    AccountingRead,
    JournalEntriesRead,
    JournalEntriesWrite,
    GeneralLedgersRead,
    GeneralLedgersWrite,
    AuditServiceAccess,
    ActivityLogs,
]);

/// Spec §6 "Role permissions", Viewer, in the spec's order.
const VIEWER: PermissionSet = PermissionSet::of(&[
    Read,
    AiChatbotLimitedAccess,
    GeneralLedgersRead,
    WorkspaceLimited,
    AccountingBasic,
    AccountingRead,
    JournalEntriesRead,
    AuditServiceAccess,
    ActivityLogs,
]);

impl Role {
    /// Every role, by number.
    pub const ALL: [Role; 3] = [Role::Viewer, Role::Editor, Role::Admin];

    /// The role for a spec role number; `None` for anything but 0, 1, 2.
    pub const fn from_number(number: u8) -> Option<Role> {
        match number {
            0 => Some(Role::Viewer),
            1 => Some(Role::Editor),
            2 => Some(Role::Admin),
            _ => None,
        }
    }

    /// The spec role number.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The name the UI shows ("Viewer", "Editor", "Admin").
    pub const fn name(self) -> &'static str {
        match self {
            Role::Viewer => "Viewer",
            Role::Editor => "Editor",
            Role::Admin => "Admin",
        }
    }

    /// Everything the role grants, per spec §6.
    pub const fn permissions(self) -> PermissionSet {
        match self {
            Role::Viewer => VIEWER,
            Role::Editor => EDITOR,
            Role::Admin => ADMIN,
        }
    }

    /// Whether the role grants `permission`.
    pub const fn grants(self, permission: Permission) -> bool {
        self.permissions().contains(permission)
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number that is not a spec role number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("unknown role number {0}; roles are 0 (Viewer), 1 (Editor), 2 (Admin)")]
pub struct UnknownRole(pub u8);

impl TryFrom<u8> for Role {
    type Error = UnknownRole;

    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Role::from_number(number).ok_or(UnknownRole(number))
    }
}

impl From<Role> for u8 {
    fn from(role: Role) -> Self {
        role.number()
    }
}
