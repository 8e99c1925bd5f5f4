//! The permission strings of spec §6, one enum variant each.
//!
//! The strings are a contract with the UI and with stored data, so they are spelled
//! exactly as the spec writes them and (de)serialize as that string, never as the
//! variant name.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One capability a role or a plan may grant.
///
/// The discriminant is the permission's position in the spec's list; [`PermissionSet`]
/// uses it as the bit index, and [`Permission::ALL`] is in the same order so the UI
/// shows permissions in the order the spec lists them.
///
/// [`PermissionSet`]: super::PermissionSet
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "&'static str", try_from = "String")]
#[repr(u8)]
pub enum Permission {
    Read = 0,
    Write,
    Delete,
    UserManagementRead,
    UserManagementWrite,
    UserManagementDelete,
    RoleManagement,
    CollectionManagement,
    PermissionAssignment,
    WorkspaceRead,
    WorkspaceWrite,
    WorkspaceDelete,
    WorkspaceSettings,
    WorkspaceLimited,
    AccountingRead,
    AccountingWrite,
    AccountingPost,
    AccountingBasic,
    AccountingAdvanced,
    FinancialDocumentGeneration,
    AiChatbotFullAccess,
    AiChatbotLimitedAccess,
    PayrollRead,
    PayrollWrite,
    PayrollBasic,
    PayrollAdvanced,
    SandboxAccess,
    AuditLogsAccess,
    AuditServiceAccess,
    JournalEntriesRead,
    JournalEntriesWrite,
    JournalEntriesPost,
    GeneralLedgersRead,
    GeneralLedgersWrite,
    ActivityLogs,
    ActionsInviteCollaborators,
    ImportJournalEntries,
}

impl Permission {
    /// Every permission, in the order spec §6 lists them.
    pub const ALL: [Permission; 37] = [
        Permission::Read,
        Permission::Write,
        Permission::Delete,
        Permission::UserManagementRead,
        Permission::UserManagementWrite,
        Permission::UserManagementDelete,
        Permission::RoleManagement,
        Permission::CollectionManagement,
        Permission::PermissionAssignment,
        Permission::WorkspaceRead,
        Permission::WorkspaceWrite,
        Permission::WorkspaceDelete,
        Permission::WorkspaceSettings,
        Permission::WorkspaceLimited,
        Permission::AccountingRead,
        Permission::AccountingWrite,
        Permission::AccountingPost,
        Permission::AccountingBasic,
        Permission::AccountingAdvanced,
        Permission::FinancialDocumentGeneration,
        Permission::AiChatbotFullAccess,
        Permission::AiChatbotLimitedAccess,
        Permission::PayrollRead,
        Permission::PayrollWrite,
        Permission::PayrollBasic,
        Permission::PayrollAdvanced,
        Permission::SandboxAccess,
        Permission::AuditLogsAccess,
        Permission::AuditServiceAccess,
        Permission::JournalEntriesRead,
        Permission::JournalEntriesWrite,
        Permission::JournalEntriesPost,
        Permission::GeneralLedgersRead,
        Permission::GeneralLedgersWrite,
        Permission::ActivityLogs,
        Permission::ActionsInviteCollaborators,
        Permission::ImportJournalEntries,
    ];

    /// The permission string exactly as spec §6 spells it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Permission::Read => "read",
            Permission::Write => "write",
            Permission::Delete => "delete",
            Permission::UserManagementRead => "user_management:read",
            Permission::UserManagementWrite => "user_management:write",
            Permission::UserManagementDelete => "user_management:delete",
            Permission::RoleManagement => "role_management",
            Permission::CollectionManagement => "collection_management",
            Permission::PermissionAssignment => "permission_assignment",
            Permission::WorkspaceRead => "workspace:read",
            Permission::WorkspaceWrite => "workspace:write",
            Permission::WorkspaceDelete => "workspace:delete",
            Permission::WorkspaceSettings => "workspace_settings",
            Permission::WorkspaceLimited => "workspace_limited",
            Permission::AccountingRead => "accounting:read",
            Permission::AccountingWrite => "accounting:write",
            Permission::AccountingPost => "accounting:post",
            Permission::AccountingBasic => "accounting:basic",
            Permission::AccountingAdvanced => "accounting:advanced",
            Permission::FinancialDocumentGeneration => "financial_document_generation",
            Permission::AiChatbotFullAccess => "ai_chatbot:full_access",
            Permission::AiChatbotLimitedAccess => "ai_chatbot:limited_access",
            Permission::PayrollRead => "payroll:read",
            Permission::PayrollWrite => "payroll:write",
            Permission::PayrollBasic => "payroll:basic",
            Permission::PayrollAdvanced => "payroll:advanced",
            Permission::SandboxAccess => "sandbox_access",
            Permission::AuditLogsAccess => "audit_logs_access",
            Permission::AuditServiceAccess => "audit_service_access",
            Permission::JournalEntriesRead => "journal_entries:read",
            Permission::JournalEntriesWrite => "journal_entries:write",
            Permission::JournalEntriesPost => "journal_entries:post",
            Permission::GeneralLedgersRead => "general_ledgers:read",
            Permission::GeneralLedgersWrite => "general_ledgers:write",
            Permission::ActivityLogs => "activity_logs",
            Permission::ActionsInviteCollaborators => "actions:invite_collaborators",
            Permission::ImportJournalEntries => "import_journal_entries",
        }
    }

    /// Position in [`Permission::ALL`], which is also the bit in a permission set.
    pub(crate) const fn index(self) -> u32 {
        self as u32
    }
}

// `ALL` must list every variant at the index of its discriminant: the bitset and the
// spec-ordered export both rely on it. Checked when compiling, not at run time.
const _: () = {
    let mut i = 0;
    while i < Permission::ALL.len() {
        assert!(Permission::ALL[i] as usize == i);
        i += 1;
    }
    // A permission set is a `u64`.
    assert!(Permission::ALL.len() <= 64);
};

impl fmt::Display for Permission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A string that is not one of the spec's permission strings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown permission '{0}'")]
pub struct UnknownPermission(pub String);

impl FromStr for Permission {
    type Err = UnknownPermission;

    /// Parses the exact spec string; matching is case-sensitive because the strings are
    /// identifiers, not prose.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Permission::ALL
            .into_iter()
            .find(|p| p.as_str() == s)
            .ok_or_else(|| UnknownPermission(s.to_owned()))
    }
}

impl From<Permission> for &'static str {
    fn from(p: Permission) -> Self {
        p.as_str()
    }
}

impl TryFrom<String> for Permission {
    type Error = UnknownPermission;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}
