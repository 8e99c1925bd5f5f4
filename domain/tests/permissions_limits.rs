//! Plan limits of spec §9 and the limit rules of spec §5.

use domain::permissions::{
    check, Action, CheckBy, CheckContext, Denial, Limit, Permission, Plan, Requirement, Resource,
    Role, Usage,
};

/// A check of `resource`'s limit alone: the role-mode requirement lets an Admin pass the
/// grants on any plan, so only the limit decides.
fn limit_check(
    plan: Plan,
    permission: Permission,
    resource: Resource,
    usage: Usage,
) -> Result<(), Denial> {
    let requirement = Requirement::new(permission, CheckBy::Role).with_limit(resource);
    check(CheckContext::new(Some(Role::Admin), plan, requirement).with_usage(usage))
}

#[test]
fn the_plan_limits_are_the_spec_table() {
    const MB: u64 = 1024 * 1024;
    let rows = [
        (
            Plan::Basic,
            [Some(1), Some(0), Some(5), Some(100 * MB), Some(50 * MB)],
        ),
        (
            Plan::Professional,
            [
                Some(50),
                Some(10),
                Some(50),
                Some(1024 * MB),
                Some(500 * MB),
            ],
        ),
        (Plan::Enterprise, [None; 5]),
    ];
    let columns = [
        Resource::Workspaces,
        Resource::Collaborators,
        Resource::FinancialReports,
        Resource::FileUpload,
        Resource::DocumentStorage,
    ];
    for (plan, limits) in rows {
        for (resource, limit) in columns.into_iter().zip(limits) {
            assert_eq!(plan.limit(resource).value(), limit, "{plan} {resource}");
        }
    }
}

#[test]
fn basic_allows_creating_the_first_workspace() {
    assert!(Plan::Basic.limit(Resource::Workspaces).allows(0, 1));
    assert_eq!(
        limit_check(
            Plan::Basic,
            Permission::WorkspaceWrite,
            Resource::Workspaces,
            Usage::adding_one(0)
        ),
        Ok(())
    );
}

#[test]
fn basic_denies_a_second_workspace() {
    assert_eq!(
        limit_check(
            Plan::Basic,
            Permission::WorkspaceWrite,
            Resource::Workspaces,
            Usage::adding_one(1)
        ),
        Err(Denial::LimitExceeded {
            resource: Resource::Workspaces
        })
    );
}

#[test]
fn basic_denies_inviting_the_first_collaborator() {
    assert_eq!(
        limit_check(
            Plan::Basic,
            Permission::ActionsInviteCollaborators,
            Resource::Collaborators,
            Usage::adding_one(0)
        ),
        Err(Denial::LimitExceeded {
            resource: Resource::Collaborators
        })
    );
}

#[test]
fn basic_plan_refuses_workspace_creation_by_plan_before_its_limit_is_consulted() {
    // The spec gives Basic one workspace but not `workspace:write`, and DESIGN §7 checks
    // creation by both: so a Basic organization's workspace comes from sign-up.
    let ctx = CheckContext::new(Some(Role::Admin), Plan::Basic, Action::CreateWorkspace)
        .with_usage(Usage::adding_one(0));
    assert_eq!(check(ctx), Err(Denial::PlanRestriction));
}

#[test]
fn professional_allows_the_tenth_collaborator_but_not_the_eleventh() {
    let invite = |current| {
        check(
            CheckContext::new(
                Some(Role::Admin),
                Plan::Professional,
                Action::InviteCollaborators,
            )
            .with_usage(Usage::adding_one(current)),
        )
    };
    assert_eq!(invite(9), Ok(()));
    assert_eq!(
        invite(10),
        Err(Denial::LimitExceeded {
            resource: Resource::Collaborators
        })
    );
}

#[test]
fn enterprise_allows_any_count_however_large() {
    for action in [
        Action::CreateWorkspace,
        Action::InviteCollaborators,
        Action::StoreDocuments,
    ] {
        let ctx = CheckContext::new(Some(Role::Admin), Plan::Enterprise, action)
            .with_usage(Usage::new(u64::MAX, u64::MAX));
        assert_eq!(check(ctx), Ok(()), "{action}");
    }
}

#[test]
fn without_usage_the_limit_is_not_checked() {
    let ctx = CheckContext::new(
        Some(Role::Admin),
        Plan::Professional,
        Action::InviteCollaborators,
    );
    assert_eq!(check(ctx), Ok(()));
}

#[test]
fn an_unset_limit_always_allows() {
    let unset = Limit::from(None);
    assert!(unset.allows(u64::MAX, u64::MAX));
    assert!(!unset.is_exceeded(u64::MAX));
}

#[test]
fn a_limit_is_exceeded_unless_the_count_is_below_it() {
    let limit = Limit::Finite(5);
    assert!(!limit.is_exceeded(4));
    assert!(limit.is_exceeded(5));
    assert!(limit.is_exceeded(6));
}

#[test]
fn adding_is_allowed_up_to_and_including_the_limit() {
    let limit = Limit::Finite(5);
    assert!(limit.allows(3, 2));
    assert!(limit.would_exceed(3, 3));
    assert!(limit.allows(5, 0));
}

#[test]
fn adding_past_the_largest_count_exceeds_a_finite_limit() {
    assert!(Limit::Finite(u64::MAX).would_exceed(u64::MAX, 1));
}

#[test]
fn a_file_of_exactly_the_upload_limit_is_accepted_and_one_byte_more_is_not() {
    let upload = |bytes| {
        limit_check(
            Plan::Basic,
            Permission::Write,
            Resource::FileUpload,
            Usage::new(0, bytes),
        )
    };
    assert_eq!(upload(104_857_600), Ok(()));
    assert_eq!(
        upload(104_857_601),
        Err(Denial::LimitExceeded {
            resource: Resource::FileUpload
        })
    );
}
