//! `check`: membership first, then the grants the mode names, and the spec's texts.

use domain::permissions::{
    check, messages, Action, CheckBy, CheckContext, Denial, InvalidCheckBy, Permission, Plan,
    Requirement, Resource, Role, Usage,
};

fn raw(
    role: Option<Role>,
    plan: Plan,
    permission: Permission,
    mode: CheckBy,
) -> Result<(), Denial> {
    check(CheckContext::new(
        role,
        plan,
        Requirement::new(permission, mode),
    ))
}

// `actions:invite_collaborators` splits the tables cleanly: Professional grants it and
// Basic does not; Admin grants it and Editor does not.
const INVITE: Permission = Permission::ActionsInviteCollaborators;

#[test]
fn no_membership_is_denied_before_anything_else() {
    // Enterprise and an unlimited limit would allow it; a missing membership still wins.
    let ctx = CheckContext::new(None, Plan::Enterprise, Action::InviteCollaborators)
        .with_usage(Usage::adding_one(0));
    assert_eq!(check(ctx), Err(Denial::NoWorkspaceAccess));
}

#[test]
fn no_membership_is_denied_even_where_the_plan_and_the_limit_would_also_fail() {
    let ctx = CheckContext::new(None, Plan::Basic, Action::InviteCollaborators)
        .with_usage(Usage::adding_one(100));
    assert_eq!(check(ctx), Err(Denial::NoWorkspaceAccess));
}

#[test]
fn both_mode_allows_when_plan_and_role_grant() {
    assert_eq!(
        raw(Some(Role::Admin), Plan::Professional, INVITE, CheckBy::Both),
        Ok(())
    );
}

#[test]
fn both_mode_failing_on_the_plan_only_is_a_plan_restriction() {
    assert_eq!(
        raw(Some(Role::Admin), Plan::Basic, INVITE, CheckBy::Both),
        Err(Denial::PlanRestriction)
    );
}

#[test]
fn both_mode_failing_on_the_role_only_is_a_role_restriction() {
    assert_eq!(
        raw(
            Some(Role::Editor),
            Plan::Professional,
            INVITE,
            CheckBy::Both
        ),
        Err(Denial::RoleRestriction)
    );
}

#[test]
fn both_mode_failing_on_plan_and_role_is_permission_denied() {
    assert_eq!(
        raw(Some(Role::Viewer), Plan::Basic, INVITE, CheckBy::Both),
        Err(Denial::PermissionDenied)
    );
}

#[test]
fn plan_mode_ignores_the_role() {
    assert_eq!(
        raw(
            Some(Role::Viewer),
            Plan::Professional,
            INVITE,
            CheckBy::Plan
        ),
        Ok(())
    );
}

#[test]
fn plan_mode_failing_is_a_plan_restriction_whatever_the_role() {
    assert_eq!(
        raw(Some(Role::Viewer), Plan::Basic, INVITE, CheckBy::Plan),
        Err(Denial::PlanRestriction)
    );
}

#[test]
fn role_mode_ignores_the_plan() {
    assert_eq!(
        raw(Some(Role::Admin), Plan::Basic, INVITE, CheckBy::Role),
        Ok(())
    );
}

#[test]
fn role_mode_failing_is_a_role_restriction_whatever_the_plan() {
    assert_eq!(
        raw(Some(Role::Viewer), Plan::Enterprise, INVITE, CheckBy::Role),
        Err(Denial::RoleRestriction)
    );
}

#[test]
fn an_admin_may_post_entries_on_any_plan_because_posting_is_checked_by_role() {
    for plan in Plan::ALL {
        let ctx = CheckContext::new(Some(Role::Admin), plan, Action::PostEntries);
        assert_eq!(check(ctx), Ok(()), "{plan}");
    }
}

#[test]
fn an_editor_on_the_default_plan_may_not_invite_collaborators() {
    let ctx = CheckContext::new(
        Some(Role::Editor),
        Plan::DEFAULT_EFFECTIVE,
        Action::InviteCollaborators,
    );
    assert_eq!(check(ctx), Err(Denial::RoleRestriction));
}

#[test]
fn a_permission_denial_is_reported_before_an_exceeded_limit() {
    let ctx = CheckContext::new(Some(Role::Editor), Plan::Basic, Action::CreateWorkspace)
        .with_usage(Usage::adding_one(1));
    assert_eq!(check(ctx), Err(Denial::PermissionDenied));
}

#[test]
fn denials_carry_the_spec_messages_verbatim() {
    let cases = [
        (
            Denial::PlanRestriction,
            "Insufficient plan permissions to access this feature.",
        ),
        (
            Denial::RoleRestriction,
            "Insufficient role permissions to access this feature.",
        ),
        (
            Denial::PermissionDenied,
            "Insufficient plan or role permissions to access this feature.",
        ),
        (
            Denial::NoWorkspaceAccess,
            "You don't have access to this workspace",
        ),
        (
            Denial::LimitExceeded {
                resource: Resource::Workspaces,
            },
            "You have reached the limit for workspaces.",
        ),
    ];
    for (denial, text) in cases {
        assert_eq!(denial.message(), text);
    }
}

#[test]
fn denials_have_the_design_error_codes() {
    let cases = [
        (Denial::NoWorkspaceAccess, "no_workspace_access"),
        (Denial::PlanRestriction, "plan_restriction"),
        (Denial::RoleRestriction, "role_restriction"),
        (Denial::PermissionDenied, "permission_denied"),
        (
            Denial::LimitExceeded {
                resource: Resource::Collaborators,
            },
            "limit_exceeded",
        ),
    ];
    for (denial, code) in cases {
        assert_eq!(denial.code(), code);
    }
}

#[test]
fn the_limit_message_names_each_resource_by_its_display_name() {
    for resource in Resource::ALL {
        assert_eq!(
            Denial::LimitExceeded { resource }.message(),
            format!(
                "You have reached the limit for {}.",
                resource.display_name()
            )
        );
    }
}

#[test]
fn denials_show_the_spec_modals_verbatim() {
    let title_and_text = |denial: Denial| denial.modal().map(|m| (m.title, m.text));
    assert_eq!(
        title_and_text(Denial::PlanRestriction),
        Some((
            "Plan Restriction",
            "Your current plan does not allow you to perform this action."
        ))
    );
    assert_eq!(
        title_and_text(Denial::RoleRestriction),
        Some((
            "Role Restriction",
            "Your role does not allow you to perform this action."
        ))
    );
    assert_eq!(
        title_and_text(Denial::PermissionDenied),
        Some((
            "Permission Denied",
            "You do not have the necessary permissions to perform this action."
        ))
    );
    assert_eq!(
        title_and_text(Denial::LimitExceeded {
            resource: Resource::FileUpload
        }),
        Some((
            "Resource Limit Exceeded",
            "You have reached the limit for {resource}."
        ))
    );
    assert_eq!(title_and_text(Denial::NoWorkspaceAccess), None);
}

#[test]
fn an_invalid_check_by_is_rejected_with_the_spec_message() {
    let error = "everyone".parse::<CheckBy>();
    assert_eq!(
        error,
        Err(InvalidCheckBy {
            value: "everyone".to_owned()
        })
    );
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err("Invalid checkBy value. Must be 'plan', 'role', or 'both'.".to_owned())
    );
}

#[test]
fn check_by_accepts_exactly_plan_role_and_both() {
    assert_eq!("plan".parse(), Ok(CheckBy::Plan));
    assert_eq!("role".parse(), Ok(CheckBy::Role));
    assert_eq!("both".parse(), Ok(CheckBy::Both));
    for bad in ["", "Plan", "BOTH", " role", "either"] {
        assert!(bad.parse::<CheckBy>().is_err(), "{bad:?} must be rejected");
    }
}

#[test]
fn a_check_by_given_as_an_empty_string_is_invalid_not_the_default() {
    assert!(CheckBy::from_param(Some("")).is_err());
}

#[test]
fn a_check_by_in_json_is_rejected_with_the_spec_message() {
    let error = serde_json::from_str::<CheckBy>("\"all\"").map(|_| ());
    assert_eq!(
        error.map_err(|e| e.to_string()),
        Err(messages::INVALID_CHECK_BY.to_owned())
    );
}

fn publish(role: Role, owner: bool) -> Result<(), Denial> {
    check(
        CheckContext::new(Some(role), Plan::Professional, Action::PublishAuditResults)
            .with_owner(owner),
    )
}

#[test]
fn an_admin_may_publish_any_audit_session() {
    assert_eq!(publish(Role::Admin, false), Ok(()));
}

#[test]
fn an_editor_may_publish_only_the_audit_session_they_opened() {
    assert_eq!(publish(Role::Editor, true), Ok(()));
    assert_eq!(publish(Role::Editor, false), Err(Denial::RoleRestriction));
}

#[test]
fn a_viewer_may_not_publish_even_the_audit_session_they_opened() {
    assert_eq!(publish(Role::Viewer, true), Err(Denial::RoleRestriction));
}

#[test]
fn an_ownership_rule_checked_without_knowing_the_owner_refuses_all_but_its_role() {
    let unknown = |role| {
        check(CheckContext::new(
            Some(role),
            Plan::Professional,
            Action::PublishAuditResults,
        ))
    };
    assert_eq!(unknown(Role::Admin), Ok(()));
    assert_eq!(unknown(Role::Editor), Err(Denial::RoleRestriction));
}
