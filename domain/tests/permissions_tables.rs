//! The role, plan and action tables against the spec and DESIGN §7, written out here
//! literally and independently of `domain`'s own tables, so a typo in either fails.

use std::collections::BTreeSet;

use domain::permissions::{Action, CheckBy, Permission, Plan, Resource, Role};

/// Spec §6 "Permission strings", in the spec's order.
const SPEC_PERMISSIONS: [&str; 37] = [
    "read",
    "write",
    "delete",
    "user_management:read",
    "user_management:write",
    "user_management:delete",
    "role_management",
    "collection_management",
    "permission_assignment",
    "workspace:read",
    "workspace:write",
    "workspace:delete",
    "workspace_settings",
    "workspace_limited",
    "accounting:read",
    "accounting:write",
    "accounting:post",
    "accounting:basic",
    "accounting:advanced",
    "financial_document_generation",
    "ai_chatbot:full_access",
    "ai_chatbot:limited_access",
    "payroll:read",
    "payroll:write",
    "payroll:basic",
    "payroll:advanced",
    "sandbox_access",
    "audit_logs_access",
    "audit_service_access",
    "journal_entries:read",
    "journal_entries:write",
    "journal_entries:post",
    "general_ledgers:read",
    "general_ledgers:write",
    "activity_logs",
    "actions:invite_collaborators",
    "import_journal_entries",
];

/// Spec §6: "Admin: all of the above except …".
const SPEC_ADMIN_EXCEPT: &[&str] = &[
    "collection_management",
    "accounting:basic",
    "accounting:advanced",
    "ai_chatbot:limited_access",
    "workspace_limited",
    "payroll:basic",
    "payroll:advanced",
];

/// Spec §6: "Editor: …".
const SPEC_EDITOR: &[&str] = &[
    "read",
    "write",
    "workspace:read",
    "workspace_limited",
    "ai_chatbot:full_access",
    "ai_chatbot:limited_access",
    "payroll:read",
    "accounting:basic",
    "accounting:read",
    "journal_entries:read",
    "journal_entries:write",
    "general_ledgers:read",
    "general_ledgers:write",
    "audit_service_access",
    "activity_logs",
];

/// Spec §6: "Viewer: …".
const SPEC_VIEWER: &[&str] = &[
    "read",
    "ai_chatbot:limited_access",
    "general_ledgers:read",
    "workspace_limited",
    "accounting:basic",
    "accounting:read",
    "journal_entries:read",
    "audit_service_access",
    "activity_logs",
];

/// Spec §6: "Basic: …".
const SPEC_BASIC: &[&str] = &[
    "read",
    "write",
    "workspace_limited",
    "ai_chatbot:limited_access",
    "accounting:basic",
    "accounting:read",
    "journal_entries:read",
    "journal_entries:write",
    "audit_service_access",
    "activity_logs",
];

/// Spec §6: "Professional: Basic plus …".
const SPEC_PROFESSIONAL_PLUS: &[&str] = &[
    "workspace:read",
    "workspace:write",
    "workspace_settings",
    "ai_chatbot:full_access",
    "role_management",
    "import_journal_entries",
    "actions:invite_collaborators",
    "collection_management",
];

/// Every name in `list` must be a spec permission, so a typo in this file fails too.
fn spec_set(list: &[&'static str]) -> BTreeSet<&'static str> {
    for name in list {
        assert!(
            SPEC_PERMISSIONS.contains(name),
            "'{name}' is not a spec permission string"
        );
    }
    list.iter().copied().collect()
}

fn expected_for_role(role: Role) -> BTreeSet<&'static str> {
    match role {
        Role::Admin => {
            let except = spec_set(SPEC_ADMIN_EXCEPT);
            spec_set(&SPEC_PERMISSIONS)
                .difference(&except)
                .copied()
                .collect()
        }
        Role::Editor => spec_set(SPEC_EDITOR),
        Role::Viewer => spec_set(SPEC_VIEWER),
    }
}

fn expected_for_plan(plan: Plan) -> BTreeSet<&'static str> {
    match plan {
        Plan::Basic => spec_set(SPEC_BASIC),
        Plan::Professional => spec_set(SPEC_BASIC)
            .union(&spec_set(SPEC_PROFESSIONAL_PLUS))
            .copied()
            .collect(),
        Plan::Enterprise => spec_set(&SPEC_PERMISSIONS),
    }
}

#[test]
fn the_permissions_are_the_spec_strings_in_spec_order() {
    let actual: Vec<&str> = Permission::ALL.iter().map(|p| p.as_str()).collect();
    assert_eq!(actual, SPEC_PERMISSIONS);
}

#[test]
fn every_permission_string_parses_back_to_its_permission() {
    for permission in Permission::ALL {
        assert_eq!(permission.as_str().parse(), Ok(permission));
    }
}

#[test]
fn a_permission_string_not_in_the_spec_does_not_parse() {
    assert!("Read".parse::<Permission>().is_err());
    assert!("journal_entries".parse::<Permission>().is_err());
}

#[test]
fn every_role_grants_exactly_the_permissions_the_spec_lists() {
    let mut mismatches = Vec::new();
    for role in Role::ALL {
        let expected = expected_for_role(role);
        for permission in Permission::ALL {
            let spec_grants = expected.contains(permission.as_str());
            if role.grants(permission) != spec_grants {
                mismatches.push(format!(
                    "{role} {permission}: spec {spec_grants}, code {}",
                    role.grants(permission)
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn every_plan_grants_exactly_the_permissions_the_spec_lists() {
    let mut mismatches = Vec::new();
    for plan in Plan::ALL {
        let expected = expected_for_plan(plan);
        for permission in Permission::ALL {
            let spec_grants = expected.contains(permission.as_str());
            if plan.grants(permission) != spec_grants {
                mismatches.push(format!(
                    "{plan} {permission}: spec {spec_grants}, code {}",
                    plan.grants(permission)
                ));
            }
        }
    }
    assert!(mismatches.is_empty(), "{mismatches:#?}");
}

#[test]
fn roles_are_numbered_and_named_as_the_spec_says() {
    let table: Vec<(u8, &str)> = Role::ALL.iter().map(|r| (r.number(), r.name())).collect();
    assert_eq!(table, [(0, "Viewer"), (1, "Editor"), (2, "Admin")]);
    for role in Role::ALL {
        assert_eq!(Role::from_number(role.number()), Some(role));
    }
    assert_eq!(Role::from_number(3), None);
}

#[test]
fn plans_are_identified_by_their_lowercase_names() {
    let ids: Vec<String> = Plan::ALL
        .iter()
        .map(|plan| serde_json::to_string(plan).expect("a plan serializes"))
        .collect();
    assert_eq!(ids, ["\"basic\"", "\"professional\"", "\"enterprise\""]);
}

#[test]
fn an_organization_without_a_subscription_is_on_professional() {
    assert_eq!(Plan::DEFAULT_EFFECTIVE, Plan::Professional);
    assert_eq!(Plan::effective(None), Plan::Professional);
    assert_eq!(Plan::effective(Some(Plan::Basic)), Plan::Basic);
}

#[test]
fn every_action_requires_what_the_design_table_says() {
    // DESIGN §7, row by row: (action, permission, mode, limit).
    let design: [(Action, &str, &str, Option<&str>); 24] = [
        (Action::ReadBooks, "accounting:read", "both", None),
        (
            Action::ReadGeneralLedger,
            "general_ledgers:read",
            "role",
            None,
        ),
        (
            Action::WriteDraftEntries,
            "journal_entries:write",
            "both",
            None,
        ),
        (Action::PostEntries, "journal_entries:post", "role", None),
        (
            Action::ImportEntries,
            "import_journal_entries",
            "both",
            None,
        ),
        (
            Action::EditChartOfAccounts,
            "accounting:write",
            "role",
            None,
        ),
        (Action::ReadPayroll, "payroll:read", "role", None),
        (Action::RunPayroll, "payroll:write", "role", None),
        (
            Action::GenerateReports,
            "financial_document_generation",
            "role",
            Some("financial_reports"),
        ),
        (Action::UploadFiles, "write", "both", Some("file_upload")),
        (
            Action::StoreDocuments,
            "write",
            "both",
            Some("document_storage"),
        ),
        (
            Action::CreateWorkspace,
            "workspace:write",
            "both",
            Some("workspaces"),
        ),
        (
            Action::EditWorkspaceSettings,
            "workspace_settings",
            "both",
            None,
        ),
        // Beyond DESIGN §7's table; see `Action::DeleteWorkspace` for why by role.
        (Action::DeleteWorkspace, "workspace:delete", "role", None),
        (
            Action::InviteCollaborators,
            "actions:invite_collaborators",
            "both",
            Some("collaborators"),
        ),
        (Action::ChangeMemberRoles, "role_management", "both", None),
        (
            Action::RemoveMembers,
            "user_management:delete",
            "role",
            None,
        ),
        (Action::AuditSessions, "audit_service_access", "both", None),
        (Action::ActivityLog, "activity_logs", "both", None),
        (
            Action::AssistantFull,
            "ai_chatbot:full_access",
            "both",
            None,
        ),
        (Action::Billing, "workspace:write", "role", None),
        // Beyond DESIGN §7's table: announcements to a workspace's members, Admins only.
        (Action::NotifyMembers, "user_management:write", "role", None),
        // Beyond DESIGN §7's table: with `audit_sessions`, keeps Viewers from changing
        // a workspace's continuous audit.
        (Action::ConfigureContinuousAudit, "write", "role", None),
        // Beyond DESIGN §7's table: publishing an audit result takes a writing role, and
        // Admin unless the caller opened the session (checked where the owner is known).
        (Action::PublishAuditResults, "write", "role", None),
    ];
    assert_eq!(design.len(), Action::ALL.len(), "every action has a row");
    for (action, permission, mode, limit) in design {
        let row = action.requirement();
        assert_eq!(row.permission.as_str(), permission, "{action} permission");
        assert_eq!(row.mode.as_str(), mode, "{action} mode");
        assert_eq!(row.limit.map(Resource::id), limit, "{action} limit");
    }
}

#[test]
fn the_check_mode_defaults_to_both() {
    assert_eq!(CheckBy::default(), CheckBy::Both);
    assert_eq!(CheckBy::from_param(None), Ok(CheckBy::Both));
}
