//! The action table of DESIGN §7: what each product action requires, written once.
//!
//! The spec's plan table omits permissions its own limits presume (Basic may generate 5
//! reports, yet only Enterprise lists `financial_document_generation`), so each action
//! names its permission and its check mode here, and server and UI both use this row.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{CheckBy, Permission, Resource, Role};

/// What a check requires: one permission, the grants consulted, and the limit the
/// request counts against (if any). An [`Action`]'s row, or a raw spec-style check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Requirement {
    /// The permission that must be granted.
    pub permission: Permission,
    /// Whether the plan, the role or both must grant it.
    pub mode: CheckBy,
    /// The plan limit the request counts against, checked when usage is given.
    pub limit: Option<Resource>,
    /// When set, the caller must own the thing acted on (the audit session they opened)
    /// unless their role is at least this one.
    pub owner_unless: Option<Role>,
}

impl Requirement {
    /// A raw check of `permission` in `mode`, without a limit.
    pub const fn new(permission: Permission, mode: CheckBy) -> Requirement {
        Requirement {
            permission,
            mode,
            limit: None,
            owner_unless: None,
        }
    }

    /// The same requirement, also demanding that the caller own what is acted on unless
    /// their role is at least `role`.
    pub const fn owned_unless(self, role: Role) -> Requirement {
        Requirement {
            owner_unless: Some(role),
            ..self
        }
    }

    /// The same requirement, also counted against `resource`.
    pub const fn with_limit(self, resource: Resource) -> Requirement {
        Requirement {
            limit: Some(resource),
            ..self
        }
    }
}

/// A product action whose permission is checked (DESIGN §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Read books, reports, trial balance.
    ReadBooks,
    /// Read the general ledger.
    ReadGeneralLedger,
    /// Create, edit or delete draft journal entries.
    WriteDraftEntries,
    /// Post or reverse entries, set the lock date.
    PostEntries,
    /// Import journal entries.
    ImportEntries,
    /// Edit the chart of accounts and budgets.
    EditChartOfAccounts,
    /// Read payroll.
    ReadPayroll,
    /// Run payroll.
    RunPayroll,
    /// Generate financial reports.
    GenerateReports,
    /// Upload a file (bounded per file).
    UploadFiles,
    /// Keep a document (bounded in total).
    StoreDocuments,
    /// Create a workspace.
    CreateWorkspace,
    /// Edit workspace settings.
    EditWorkspaceSettings,
    /// Delete a workspace. Not in DESIGN §7's table: the spec's plan table grants
    /// `workspace:delete` only to Enterprise, yet the plan applied is Professional, so
    /// under mode `both` no one could ever delete a workspace. Deleting one's own books
    /// is an Admin's decision, so the role decides.
    DeleteWorkspace,
    /// Invite collaborators, by e-mail or by link.
    InviteCollaborators,
    /// Change a member's role.
    ChangeMemberRoles,
    /// Remove a member.
    RemoveMembers,
    /// Open and work audit sessions.
    AuditSessions,
    /// Read the activity log.
    ActivityLog,
    /// Use the assistant with full access; without it the assistant gives read-only
    /// answers (`ai_chatbot:limited_access`), so a denial downgrades, never blocks.
    AssistantFull,
    /// Billing, wallets, subscription.
    Billing,
    /// Send an announcement (a notification) to a workspace's members.
    NotifyMembers,
    /// Turn a workspace's continuous audit on or off and set its band and parameters.
    /// Checked together with [`Action::AuditSessions`]: the audit service's own
    /// permission (role and plan) says who audits; this one keeps Viewers, who hold
    /// `audit_service_access` to read audits, from changing what everyone is told.
    ConfigureContinuousAudit,
    /// Publish an audit session's result at a public link, or revoke such a link.
    /// Checked together with [`Action::AuditSessions`]: publishing shows the books to
    /// anyone holding the link, so it takes a role that writes (never a Viewer) and
    /// either the Admin role or being the one who opened the session.
    PublishAuditResults,
}

impl Action {
    /// Every action, in the order of the DESIGN §7 table.
    pub const ALL: [Action; 24] = [
        Action::ReadBooks,
        Action::ReadGeneralLedger,
        Action::WriteDraftEntries,
        Action::PostEntries,
        Action::ImportEntries,
        Action::EditChartOfAccounts,
        Action::ReadPayroll,
        Action::RunPayroll,
        Action::GenerateReports,
        Action::UploadFiles,
        Action::StoreDocuments,
        Action::CreateWorkspace,
        Action::EditWorkspaceSettings,
        Action::DeleteWorkspace,
        Action::InviteCollaborators,
        Action::ChangeMemberRoles,
        Action::RemoveMembers,
        Action::AuditSessions,
        Action::ActivityLog,
        Action::AssistantFull,
        Action::Billing,
        Action::NotifyMembers,
        Action::ConfigureContinuousAudit,
        Action::PublishAuditResults,
    ];

    /// The wire id ("invite_collaborators", …), also the key in the UI export.
    pub const fn id(self) -> &'static str {
        match self {
            Action::ReadBooks => "read_books",
            Action::ReadGeneralLedger => "read_general_ledger",
            Action::WriteDraftEntries => "write_draft_entries",
            Action::PostEntries => "post_entries",
            Action::ImportEntries => "import_entries",
            Action::EditChartOfAccounts => "edit_chart_of_accounts",
            Action::ReadPayroll => "read_payroll",
            Action::RunPayroll => "run_payroll",
            Action::GenerateReports => "generate_reports",
            Action::UploadFiles => "upload_files",
            Action::StoreDocuments => "store_documents",
            Action::CreateWorkspace => "create_workspace",
            Action::EditWorkspaceSettings => "edit_workspace_settings",
            Action::DeleteWorkspace => "delete_workspace",
            Action::InviteCollaborators => "invite_collaborators",
            Action::ChangeMemberRoles => "change_member_roles",
            Action::RemoveMembers => "remove_members",
            Action::AuditSessions => "audit_sessions",
            Action::ActivityLog => "activity_log",
            Action::AssistantFull => "assistant_full",
            Action::Billing => "billing",
            Action::NotifyMembers => "notify_members",
            Action::ConfigureContinuousAudit => "configure_continuous_audit",
            Action::PublishAuditResults => "publish_audit_results",
        }
    }

    /// The action's row of the DESIGN §7 table.
    pub const fn requirement(self) -> Requirement {
        use CheckBy::{Both, Role};
        use Permission as P;
        const fn row(permission: Permission, mode: CheckBy) -> Requirement {
            Requirement::new(permission, mode)
        }
        match self {
            Action::ReadBooks => row(P::AccountingRead, Both),
            Action::ReadGeneralLedger => row(P::GeneralLedgersRead, Role),
            Action::WriteDraftEntries => row(P::JournalEntriesWrite, Both),
            Action::PostEntries => row(P::JournalEntriesPost, Role),
            Action::ImportEntries => row(P::ImportJournalEntries, Both),
            Action::EditChartOfAccounts => row(P::AccountingWrite, Role),
            Action::ReadPayroll => row(P::PayrollRead, Role),
            Action::RunPayroll => row(P::PayrollWrite, Role),
            Action::GenerateReports => {
                row(P::FinancialDocumentGeneration, Role).with_limit(Resource::FinancialReports)
            }
            Action::UploadFiles => row(P::Write, Both).with_limit(Resource::FileUpload),
            Action::StoreDocuments => row(P::Write, Both).with_limit(Resource::DocumentStorage),
            Action::CreateWorkspace => {
                row(P::WorkspaceWrite, Both).with_limit(Resource::Workspaces)
            }
            Action::EditWorkspaceSettings => row(P::WorkspaceSettings, Both),
            Action::DeleteWorkspace => row(P::WorkspaceDelete, Role),
            Action::InviteCollaborators => {
                row(P::ActionsInviteCollaborators, Both).with_limit(Resource::Collaborators)
            }
            Action::ChangeMemberRoles => row(P::RoleManagement, Both),
            Action::RemoveMembers => row(P::UserManagementDelete, Role),
            Action::AuditSessions => row(P::AuditServiceAccess, Both),
            Action::ActivityLog => row(P::ActivityLogs, Both),
            Action::AssistantFull => row(P::AiChatbotFullAccess, Both),
            Action::Billing => row(P::WorkspaceWrite, Role),
            // Speaking to every member is a member-management power: Admins only.
            Action::NotifyMembers => row(P::UserManagementWrite, Role),
            // Changing what a workspace's Admins are told is a write: Viewers read only.
            Action::ConfigureContinuousAudit => row(P::Write, Role),
            Action::PublishAuditResults => row(P::Write, Role).owned_unless(super::Role::Admin),
        }
    }
}

impl From<Action> for Requirement {
    fn from(action: Action) -> Self {
        action.requirement()
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
