//! The Organization's business rules, given / when / then: given the events so far, when a
//! command arrives, then these events — or this error. One rule per test.

use cqrs_es::test::TestFramework;
use event_schemas::organization::{
    InvitationAccepted, InvitationCancelled, InvitationCreated, MemberAdded, MemberRemoved,
    MemberRoleChanged, MemberWorkspacesChanged, WorkspaceImageChanged,
};
use event_schemas::{InvitationId, MembershipId, OrganizationId, UserId, WorkspaceId};

use crate::permissions::Role;
use uuid::Uuid;

use super::*;

pub(super) type Given = TestFramework<Organization>;

pub(super) fn given() -> Given {
    TestFramework::with(())
}

pub(super) const ORG: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0001));
const USER: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0002));
pub(super) const LAGOS: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0003));
const ABUJA: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0004));

const FOUNDER: MembershipId =
    MembershipId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0005));
const BOLA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0006));
const BOLA_MEMBERSHIP: MembershipId =
    MembershipId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0007));

fn workspace_id(n: u128) -> WorkspaceId {
    WorkspaceId::from_uuid(Uuid::from_u128(
        0x0190_f2a4_6b1e_7c3a_9d55_0001_0000_0000 + n,
    ))
}

fn create_organization() -> CreateOrganization {
    CreateOrganization {
        organization_id: ORG,
        name: "Adebayo & Sons Trading Ltd".into(),
        email: "accounts@adebayo-sons.ng".into(),
        location: Some("Lagos".into()),
        created_by: USER,
        founder_membership_id: FOUNDER,
    }
}

fn founder_added() -> OrganizationEvent {
    OrganizationEvent::MemberAdded(MemberAdded {
        organization_id: ORG,
        membership_id: FOUNDER,
        user_id: USER,
        role: 2,
        workspaces: vec![],
    })
}

fn bola_added(role: Role, workspaces: Vec<WorkspaceId>) -> OrganizationEvent {
    OrganizationEvent::MemberAdded(MemberAdded {
        organization_id: ORG,
        membership_id: BOLA_MEMBERSHIP,
        user_id: BOLA,
        role: role.number(),
        workspaces,
    })
}

fn founder_covers(workspaces: Vec<WorkspaceId>) -> OrganizationEvent {
    OrganizationEvent::MemberWorkspacesChanged(MemberWorkspacesChanged {
        organization_id: ORG,
        membership_id: FOUNDER,
        user_id: USER,
        workspaces,
    })
}

fn organization_created() -> OrganizationEvent {
    OrganizationEvent::OrganizationCreated(OrganizationCreated {
        organization_id: ORG,
        name: "Adebayo & Sons Trading Ltd".into(),
        slug: "adebayo-sons-trading-ltd".into(),
        email: "accounts@adebayo-sons.ng".into(),
        location: Some("Lagos".into()),
        created_by: USER,
    })
}

fn create_workspace(workspace_id: WorkspaceId, name: &str) -> CreateWorkspace {
    CreateWorkspace {
        workspace_id,
        name: name.into(),
        base_currency: None,
        created_by: USER,
    }
}

fn workspace_created(workspace_id: WorkspaceId, name: &str) -> OrganizationEvent {
    OrganizationEvent::WorkspaceCreated(WorkspaceCreated {
        organization_id: ORG,
        workspace_id,
        name: name.into(),
        base_currency: "NGN".into(),
        created_by: USER,
    })
}

fn workspace_deleted(workspace_id: WorkspaceId) -> OrganizationEvent {
    OrganizationEvent::WorkspaceDeleted(WorkspaceDeleted {
        organization_id: ORG,
        workspace_id,
    })
}

fn rename(workspace_id: WorkspaceId, name: &str) -> UpdateWorkspace {
    UpdateWorkspace {
        workspace_id,
        name: Some(name.into()),
        image: None,
        time_zone: None,
    }
}

pub(super) fn with_lagos() -> Vec<OrganizationEvent> {
    vec![
        organization_created(),
        workspace_created(LAGOS, "Lagos Office"),
    ]
}

// --- creating an organization -------------------------------------------------------

#[test]
fn creating_an_organization_records_its_trimmed_profile_and_a_slug_from_its_name() {
    given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                name: "  Adebayo & Sons Trading Ltd ".into(),
                email: " accounts@adebayo-sons.ng ".into(),
                location: Some(" Lagos ".into()),
                ..create_organization()
            }
            .into(),
        )
        .then_expect_events(vec![organization_created(), founder_added()]);
}

#[test]
fn an_organization_that_exists_cannot_be_created_again() {
    given()
        .given(vec![organization_created()])
        .when(create_organization().into())
        .then_expect_error(OrganizationError::OrganizationAlreadyExists {
            organization_id: ORG,
        });
}

#[test]
fn a_blank_organization_name_is_rejected() {
    given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                name: " \t ".into(),
                ..create_organization()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::NameRequired);
}

#[test]
fn an_organization_name_longer_than_120_characters_is_rejected() {
    given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                name: "a".repeat(121),
                ..create_organization()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::NameTooLong {
            length: 121,
            max: 120,
        });
}

#[test]
fn a_name_of_120_characters_is_accepted_however_many_bytes_they_take() {
    let name = "Ọ".repeat(120);

    let events = given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                name: name.clone(),
                ..create_organization()
            }
            .into(),
        )
        .inspect_result()
        .expect("accepted");

    assert!(
        matches!(&events[..], [OrganizationEvent::OrganizationCreated(e), _] if e.name == name)
    );
}

#[test]
fn an_email_without_a_domain_and_a_two_letter_ending_is_rejected() {
    for email in [
        "accounts",
        "accounts@",
        "@adebayo.ng",
        "a@adebayo",
        "a@adebayo.n",
        "a b@x.ng",
        "a@b@x.ng",
    ] {
        given()
            .given_no_previous_events()
            .when(
                CreateOrganization {
                    email: email.into(),
                    ..create_organization()
                }
                .into(),
            )
            .then_expect_error(OrganizationError::InvalidEmail {
                email: email.into(),
            });
    }
}

#[test]
fn a_location_longer_than_200_characters_is_rejected() {
    given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                location: Some("x".repeat(201)),
                ..create_organization()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LocationTooLong {
            length: 201,
            max: 200,
        });
}

#[test]
fn a_blank_location_is_recorded_as_no_location() {
    let events = given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                location: Some("   ".into()),
                ..create_organization()
            }
            .into(),
        )
        .inspect_result()
        .expect("accepted");

    assert!(
        matches!(&events[..], [OrganizationEvent::OrganizationCreated(e), _] if e.location.is_none())
    );
}

#[test]
fn a_name_without_letters_or_digits_gets_a_slug_from_the_organization_id() {
    let events = given()
        .given_no_previous_events()
        .when(
            CreateOrganization {
                name: "&&&".into(),
                ..create_organization()
            }
            .into(),
        )
        .inspect_result()
        .expect("accepted");

    let expected = format!("org-{}", ORG.as_uuid().simple());
    assert!(
        matches!(&events[..], [OrganizationEvent::OrganizationCreated(e), _] if e.slug == expected)
    );
}

// --- updating an organization -------------------------------------------------------

#[test]
fn an_organization_must_exist_before_it_is_updated() {
    given()
        .given_no_previous_events()
        .when(
            UpdateOrganization {
                name: Some("New".into()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::OrganizationNotFound);
}

#[test]
fn an_update_records_the_whole_new_profile_and_keeps_the_slug() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                name: Some("Adebayo Holdings".into()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::OrganizationUpdated(
            OrganizationUpdated {
                organization_id: ORG,
                name: "Adebayo Holdings".into(),
                email: "accounts@adebayo-sons.ng".into(),
                location: Some("Lagos".into()),
                address: None,
                industry: None,
                logo_id: None,
            },
        )]);
}

#[test]
fn an_update_records_the_address_industry_and_logo_and_keeps_them_when_absent() {
    let logo = Uuid::from_u128(0x10_60);
    let updated = OrganizationEvent::OrganizationUpdated(OrganizationUpdated {
        organization_id: ORG,
        name: "Adebayo & Sons Trading Ltd".into(),
        email: "accounts@adebayo-sons.ng".into(),
        location: Some("Lagos".into()),
        address: Some("14 Broad Street, Lagos Island".into()),
        industry: Some("Wholesale and retail trade".into()),
        logo_id: Some(logo),
    });
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                address: Some(" 14 Broad Street, Lagos Island ".into()),
                industry: Some("Wholesale and retail trade".into()),
                logo: Some(Some(logo)),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_events(vec![updated.clone()]);
    given()
        .given(vec![organization_created(), updated])
        .when(
            UpdateOrganization {
                name: Some("Adebayo & Sons Trading Ltd".into()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn an_address_longer_than_the_limit_is_refused_naming_its_field() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                address: Some("x".repeat(501)),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::AddressTooLong {
            length: 501,
            max: 500,
        });
    assert_eq!(
        OrganizationError::AddressTooLong {
            length: 501,
            max: 500
        }
        .field(),
        Some("address")
    );
}

#[test]
fn a_blank_location_in_an_update_clears_the_location() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                location: Some(String::new()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::OrganizationUpdated(
            OrganizationUpdated {
                organization_id: ORG,
                name: "Adebayo & Sons Trading Ltd".into(),
                email: "accounts@adebayo-sons.ng".into(),
                location: None,
                address: None,
                industry: None,
                logo_id: None,
            },
        )]);
}

#[test]
fn an_update_that_changes_nothing_records_nothing() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                name: Some(" Adebayo & Sons Trading Ltd ".into()),
                email: None,
                location: Some("Lagos".into()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn an_update_with_a_blank_name_is_rejected() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                name: Some(String::new()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::NameRequired);
}

#[test]
fn an_update_with_an_invalid_email_is_rejected() {
    given()
        .given(vec![organization_created()])
        .when(
            UpdateOrganization {
                email: Some("finance".into()),
                ..Default::default()
            }
            .into(),
        )
        .then_expect_error(OrganizationError::InvalidEmail {
            email: "finance".into(),
        });
}

// --- creating a workspace -----------------------------------------------------------

#[test]
fn a_workspace_cannot_be_created_before_its_organization() {
    given()
        .given_no_previous_events()
        .when(create_workspace(LAGOS, "Lagos Office").into())
        .then_expect_error(OrganizationError::OrganizationNotFound);
}

#[test]
fn a_workspace_without_a_named_currency_keeps_its_books_in_naira() {
    given()
        .given(vec![organization_created()])
        .when(create_workspace(LAGOS, " Lagos Office ").into())
        .then_expect_events(vec![workspace_created(LAGOS, "Lagos Office")]);
}

#[test]
fn a_base_currency_is_recorded_in_upper_case() {
    given()
        .given(vec![organization_created()])
        .when(
            CreateWorkspace {
                base_currency: Some("usd".into()),
                ..create_workspace(LAGOS, "Lagos Office")
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::WorkspaceCreated(
            WorkspaceCreated {
                organization_id: ORG,
                workspace_id: LAGOS,
                name: "Lagos Office".into(),
                base_currency: "USD".into(),
                created_by: USER,
            },
        )]);
}

#[test]
fn a_base_currency_that_is_not_three_letters_is_rejected() {
    for currency in ["NG", "NAIRA", "N1N", ""] {
        given()
            .given(vec![organization_created()])
            .when(
                CreateWorkspace {
                    base_currency: Some(currency.into()),
                    ..create_workspace(LAGOS, "Lagos Office")
                }
                .into(),
            )
            .then_expect_error(OrganizationError::InvalidCurrency {
                currency: currency.into(),
            });
    }
}

#[test]
fn a_blank_workspace_name_is_rejected() {
    given()
        .given(vec![organization_created()])
        .when(create_workspace(LAGOS, "  ").into())
        .then_expect_error(OrganizationError::NameRequired);
}

#[test]
fn a_workspace_name_longer_than_120_characters_is_rejected() {
    given()
        .given(vec![organization_created()])
        .when(create_workspace(LAGOS, &"w".repeat(121)).into())
        .then_expect_error(OrganizationError::NameTooLong {
            length: 121,
            max: 120,
        });
}

#[test]
fn a_workspace_name_used_in_the_organization_is_rejected_whatever_its_case_and_spacing() {
    given()
        .given(with_lagos())
        .when(create_workspace(ABUJA, "  LAGOS office ").into())
        .then_expect_error(OrganizationError::WorkspaceNameTaken {
            name: "LAGOS office".into(),
        });
}

#[test]
fn the_name_of_a_deleted_workspace_can_be_used_again() {
    given()
        .given(with_lagos())
        .and(vec![workspace_deleted(LAGOS)])
        .when(create_workspace(ABUJA, "Lagos Office").into())
        .then_expect_events(vec![workspace_created(ABUJA, "Lagos Office")]);
}

#[test]
fn a_workspace_id_that_exists_cannot_be_created_again() {
    given()
        .given(with_lagos())
        .when(create_workspace(LAGOS, "Another Name").into())
        .then_expect_error(OrganizationError::WorkspaceAlreadyExists {
            workspace_id: LAGOS,
        });
}

#[test]
fn the_id_of_a_deleted_workspace_is_never_reused() {
    given()
        .given(with_lagos())
        .and(vec![workspace_deleted(LAGOS)])
        .when(create_workspace(LAGOS, "Lagos Office").into())
        .then_expect_error(OrganizationError::WorkspaceAlreadyExists {
            workspace_id: LAGOS,
        });
}

#[test]
fn an_organization_cannot_create_more_than_the_workspace_ceiling() {
    let mut history = vec![organization_created()];
    history.extend(
        (0..WORKSPACES_MAX as u128).map(|n| workspace_created(workspace_id(n), &format!("W{n}"))),
    );

    given()
        .given(history)
        .when(create_workspace(ABUJA, "One Too Many").into())
        .then_expect_error(OrganizationError::TooManyWorkspaces {
            max: WORKSPACES_MAX,
        });
}

// --- updating a workspace -----------------------------------------------------------

#[test]
fn renaming_a_workspace_records_its_new_name() {
    given()
        .given(with_lagos())
        .when(rename(LAGOS, " Lagos Head Office ").into())
        .then_expect_events(vec![OrganizationEvent::WorkspaceRenamed(
            WorkspaceRenamed {
                organization_id: ORG,
                workspace_id: LAGOS,
                name: "Lagos Head Office".into(),
            },
        )]);
}

#[test]
fn a_workspace_cannot_take_the_name_of_another_workspace() {
    given()
        .given(with_lagos())
        .and(vec![workspace_created(ABUJA, "Abuja Office")])
        .when(rename(ABUJA, "lagos office").into())
        .then_expect_error(OrganizationError::WorkspaceNameTaken {
            name: "lagos office".into(),
        });
}

#[test]
fn a_workspace_may_change_only_the_case_of_its_own_name() {
    given()
        .given(with_lagos())
        .when(rename(LAGOS, "LAGOS OFFICE").into())
        .then_expect_events(vec![OrganizationEvent::WorkspaceRenamed(
            WorkspaceRenamed {
                organization_id: ORG,
                workspace_id: LAGOS,
                name: "LAGOS OFFICE".into(),
            },
        )]);
}

#[test]
fn renaming_a_workspace_to_its_current_name_records_nothing() {
    given()
        .given(with_lagos())
        .when(rename(LAGOS, "Lagos Office ").into())
        .then_expect_events(vec![]);
}

#[test]
fn a_workspace_image_is_set_once_and_removed() {
    let image = Uuid::from_u128(0x5b0c);
    let change = |image| {
        UpdateWorkspace {
            workspace_id: LAGOS,
            name: None,
            image: Some(image),
            time_zone: None,
        }
        .into()
    };
    let changed = |image_id| {
        OrganizationEvent::WorkspaceImageChanged(WorkspaceImageChanged {
            organization_id: ORG,
            workspace_id: LAGOS,
            image_id,
        })
    };
    given()
        .given(with_lagos())
        .when(change(Some(image)))
        .then_expect_events(vec![changed(Some(image))]);
    let mut shown = with_lagos();
    shown.push(changed(Some(image)));
    given()
        .given(shown.clone())
        .when(change(Some(image)))
        .then_expect_events(vec![]);
    given()
        .given(shown)
        .when(change(None))
        .then_expect_events(vec![changed(None)]);
}

#[test]
fn an_update_without_a_name_records_nothing() {
    given()
        .given(with_lagos())
        .when(
            UpdateWorkspace {
                workspace_id: LAGOS,
                name: None,
                image: None,
                time_zone: None,
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn renaming_a_workspace_to_a_blank_name_is_rejected() {
    given()
        .given(with_lagos())
        .when(rename(LAGOS, "").into())
        .then_expect_error(OrganizationError::NameRequired);
}

#[test]
fn a_deleted_workspace_cannot_be_renamed() {
    given()
        .given(with_lagos())
        .and(vec![workspace_deleted(LAGOS)])
        .when(rename(LAGOS, "Revived").into())
        .then_expect_error(OrganizationError::WorkspaceIsDeleted {
            workspace_id: LAGOS,
        });
}

#[test]
fn a_workspace_the_organization_does_not_own_cannot_be_renamed() {
    given()
        .given(with_lagos())
        .when(rename(ABUJA, "Abuja Office").into())
        .then_expect_error(OrganizationError::WorkspaceNotFound {
            workspace_id: ABUJA,
        });
}

#[test]
fn a_workspace_cannot_be_updated_before_its_organization_exists() {
    given()
        .given_no_previous_events()
        .when(rename(LAGOS, "Lagos").into())
        .then_expect_error(OrganizationError::OrganizationNotFound);
}

// --- deleting a workspace -----------------------------------------------------------

#[test]
fn deleting_a_workspace_records_its_deletion() {
    given()
        .given(with_lagos())
        .and(vec![workspace_created(ABUJA, "Abuja Office")])
        .when(
            DeleteWorkspace {
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_events(vec![workspace_deleted(LAGOS)]);
}

#[test]
fn a_deleted_workspace_cannot_be_deleted_again() {
    given()
        .given(with_lagos())
        .and(vec![workspace_deleted(LAGOS)])
        .when(
            DeleteWorkspace {
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::WorkspaceIsDeleted {
            workspace_id: LAGOS,
        });
}

#[test]
fn the_organizations_only_workspace_cannot_be_deleted() {
    given()
        .given(with_lagos())
        .when(
            DeleteWorkspace {
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LastWorkspace);
}

#[test]
fn the_last_live_workspace_cannot_be_deleted_though_others_were() {
    given()
        .given(with_lagos())
        .and(vec![
            workspace_created(ABUJA, "Abuja Office"),
            workspace_deleted(ABUJA),
        ])
        .when(
            DeleteWorkspace {
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LastWorkspace);
}

#[test]
fn a_workspace_the_organization_does_not_own_cannot_be_deleted() {
    given()
        .given(with_lagos())
        .when(
            DeleteWorkspace {
                workspace_id: ABUJA,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::WorkspaceNotFound {
            workspace_id: ABUJA,
        });
}

#[test]
fn a_workspace_cannot_be_deleted_before_its_organization_exists() {
    given()
        .given_no_previous_events()
        .when(
            DeleteWorkspace {
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::OrganizationNotFound);
}

// --- memberships ----------------------------------------------------------------

#[test]
fn the_founder_joins_the_new_organization_as_admin() {
    let events = given()
        .given_no_previous_events()
        .when(create_organization().into())
        .inspect_result()
        .expect("accepted");

    assert_eq!(events[1], founder_added());
}

#[test]
fn a_workspace_created_by_a_member_is_covered_by_their_membership() {
    given()
        .given(vec![organization_created(), founder_added()])
        .when(create_workspace(LAGOS, "Lagos Office").into())
        .then_expect_events(vec![
            workspace_created(LAGOS, "Lagos Office"),
            founder_covers(vec![LAGOS]),
        ]);
}

#[test]
fn adding_a_member_records_their_role_and_workspaces() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
        ])
        .when(
            AddMember {
                membership_id: BOLA_MEMBERSHIP,
                user_id: BOLA,
                role: Role::Viewer,
                workspaces: vec![LAGOS, LAGOS],
            }
            .into(),
        )
        .then_expect_events(vec![bola_added(Role::Viewer, vec![LAGOS])]);
}

#[test]
fn a_user_cannot_be_added_twice() {
    given()
        .given(vec![organization_created(), founder_added()])
        .when(
            AddMember {
                membership_id: BOLA_MEMBERSHIP,
                user_id: USER,
                role: Role::Viewer,
                workspaces: vec![],
            }
            .into(),
        )
        .then_expect_error(OrganizationError::AlreadyMember { user_id: USER });
}

#[test]
fn a_member_cannot_be_given_a_deleted_workspace() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
            workspace_deleted(LAGOS),
        ])
        .when(
            AddMember {
                membership_id: BOLA_MEMBERSHIP,
                user_id: BOLA,
                role: Role::Editor,
                workspaces: vec![LAGOS],
            }
            .into(),
        )
        .then_expect_error(OrganizationError::WorkspaceIsDeleted {
            workspace_id: LAGOS,
        });
}

#[test]
fn changing_a_member_role_records_the_new_role() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            bola_added(Role::Viewer, vec![]),
        ])
        .when(
            ChangeMemberRole {
                membership_id: BOLA_MEMBERSHIP,
                role: Role::Editor,
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::MemberRoleChanged(
            MemberRoleChanged {
                organization_id: ORG,
                membership_id: BOLA_MEMBERSHIP,
                user_id: BOLA,
                role: 1,
            },
        )]);
}

#[test]
fn the_last_admin_cannot_be_demoted() {
    given()
        .given(vec![organization_created(), founder_added()])
        .when(
            ChangeMemberRole {
                membership_id: FOUNDER,
                role: Role::Editor,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LastAdmin);
}

#[test]
fn an_admin_may_be_demoted_while_another_admin_remains() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            bola_added(Role::Admin, vec![]),
        ])
        .when(
            ChangeMemberRole {
                membership_id: FOUNDER,
                role: Role::Viewer,
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::MemberRoleChanged(
            MemberRoleChanged {
                organization_id: ORG,
                membership_id: FOUNDER,
                user_id: USER,
                role: 0,
            },
        )]);
}

#[test]
fn removing_a_member_from_one_of_several_workspaces_keeps_the_others() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
            workspace_created(ABUJA, "Abuja Office"),
            bola_added(Role::Editor, vec![LAGOS, ABUJA]),
        ])
        .when(
            RemoveMember {
                membership_id: BOLA_MEMBERSHIP,
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::MemberWorkspacesChanged(
            MemberWorkspacesChanged {
                organization_id: ORG,
                membership_id: BOLA_MEMBERSHIP,
                user_id: BOLA,
                workspaces: vec![ABUJA],
            },
        )]);
}

#[test]
fn removing_a_member_from_their_last_workspace_removes_them() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
            bola_added(Role::Editor, vec![LAGOS]),
        ])
        .when(
            RemoveMember {
                membership_id: BOLA_MEMBERSHIP,
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_events(vec![OrganizationEvent::MemberRemoved(MemberRemoved {
            organization_id: ORG,
            membership_id: BOLA_MEMBERSHIP,
            user_id: BOLA,
        })]);
}

#[test]
fn the_last_admin_cannot_be_removed() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
            founder_covers(vec![LAGOS]),
        ])
        .when(
            RemoveMember {
                membership_id: FOUNDER,
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LastAdmin);
}

#[test]
fn a_member_cannot_be_removed_from_a_workspace_they_do_not_have() {
    given()
        .given(vec![
            organization_created(),
            founder_added(),
            workspace_created(LAGOS, "Lagos Office"),
            bola_added(Role::Editor, vec![]),
        ])
        .when(
            RemoveMember {
                membership_id: BOLA_MEMBERSHIP,
                workspace_id: LAGOS,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::WorkspaceNotCovered {
            workspace_id: LAGOS,
        });
}

#[test]
fn an_unknown_membership_cannot_change_role() {
    given()
        .given(vec![organization_created(), founder_added()])
        .when(
            ChangeMemberRole {
                membership_id: BOLA_MEMBERSHIP,
                role: Role::Admin,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::MemberNotFound {
            membership_id: BOLA_MEMBERSHIP,
        });
}

// --- invitations --------------------------------------------------------------

const INVITE: InvitationId =
    InvitationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0008));
const NOW: i64 = 1_800_000_000_000_000;

fn invite_bola(role: Role) -> Invite {
    Invite {
        invitation_id: INVITE,
        email: Some(" bola@books.ng ".into()),
        role,
        workspaces: vec![LAGOS],
        invited_by: USER,
        now: NOW,
    }
}

fn bola_invited(role: Role) -> OrganizationEvent {
    OrganizationEvent::InvitationCreated(InvitationCreated {
        organization_id: ORG,
        invitation_id: INVITE,
        email: Some("bola@books.ng".into()),
        role: role.number(),
        workspaces: vec![LAGOS],
        invited_by: USER,
        expires_at: NOW + INVITATION_TTL_US,
    })
}

fn with_team() -> Vec<OrganizationEvent> {
    vec![
        organization_created(),
        founder_added(),
        workspace_created(LAGOS, "Lagos Office"),
        founder_covers(vec![LAGOS]),
    ]
}

fn accept_as_bola(now: i64) -> AcceptInvitation {
    AcceptInvitation {
        invitation_id: INVITE,
        user_id: BOLA,
        user_email: "Bola@Books.ng".into(),
        membership_id: BOLA_MEMBERSHIP,
        now,
    }
}

#[test]
fn an_email_invitation_records_its_role_workspaces_and_a_seven_day_expiry() {
    given()
        .given(with_team())
        .when(invite_bola(Role::Admin).into())
        .then_expect_events(vec![bola_invited(Role::Admin)]);
}

#[test]
fn an_invitation_link_grants_only_the_viewer_role() {
    given()
        .given(with_team())
        .when(
            Invite {
                email: None,
                ..invite_bola(Role::Editor)
            }
            .into(),
        )
        .then_expect_error(OrganizationError::LinkRoleMustBeViewer);
}

#[test]
fn an_invitation_names_at_least_one_live_workspace() {
    given()
        .given(with_team())
        .when(
            Invite {
                workspaces: vec![],
                ..invite_bola(Role::Viewer)
            }
            .into(),
        )
        .then_expect_error(OrganizationError::NoWorkspacesChosen);
}

#[test]
fn an_address_with_a_pending_invitation_cannot_be_invited_again() {
    let mut history = with_team();
    history.push(bola_invited(Role::Viewer));
    given()
        .given(history)
        .when(
            Invite {
                invitation_id: InvitationId::from_uuid(Uuid::from_u128(99)),
                email: Some("BOLA@books.ng".into()),
                ..invite_bola(Role::Viewer)
            }
            .into(),
        )
        .then_expect_error(OrganizationError::InvitationAlreadyPending {
            email: "BOLA@books.ng".into(),
        });
}

#[test]
fn accepting_adds_a_membership_covering_exactly_the_invited_workspaces() {
    let mut history = with_team();
    history.push(bola_invited(Role::Editor));
    given()
        .given(history)
        .when(accept_as_bola(NOW + 1).into())
        .then_expect_events(vec![
            OrganizationEvent::InvitationAccepted(InvitationAccepted {
                organization_id: ORG,
                invitation_id: INVITE,
                user_id: BOLA,
            }),
            bola_added(Role::Editor, vec![LAGOS]),
        ]);
}

#[test]
fn an_expired_invitation_cannot_be_accepted() {
    let mut history = with_team();
    history.push(bola_invited(Role::Editor));
    given()
        .given(history)
        .when(accept_as_bola(NOW + INVITATION_TTL_US).into())
        .then_expect_error(OrganizationError::InvitationExpired);
}

#[test]
fn an_email_invitation_is_accepted_only_by_its_address() {
    let mut history = with_team();
    history.push(bola_invited(Role::Editor));
    given()
        .given(history)
        .when(
            AcceptInvitation {
                user_email: "eve@elsewhere.ng".into(),
                ..accept_as_bola(NOW + 1)
            }
            .into(),
        )
        .then_expect_error(OrganizationError::InvitationForAnotherEmail);
}

#[test]
fn an_invitation_is_answered_once() {
    let mut history = with_team();
    history.extend([
        bola_invited(Role::Editor),
        OrganizationEvent::InvitationAccepted(InvitationAccepted {
            organization_id: ORG,
            invitation_id: INVITE,
            user_id: BOLA,
        }),
    ]);
    given()
        .given(history)
        .when(accept_as_bola(NOW + 2).into())
        .then_expect_error(OrganizationError::InvitationClosed { status: "accepted" });
}

fn link_created() -> OrganizationEvent {
    OrganizationEvent::InvitationCreated(InvitationCreated {
        email: None,
        role: Role::Viewer.number(),
        ..match bola_invited(Role::Viewer) {
            OrganizationEvent::InvitationCreated(created) => created,
            _ => unreachable!("bola_invited records an InvitationCreated"),
        }
    })
}

fn link_accepted_by(user_id: UserId) -> OrganizationEvent {
    OrganizationEvent::InvitationAccepted(InvitationAccepted {
        organization_id: ORG,
        invitation_id: INVITE,
        user_id,
    })
}

#[test]
fn an_invitation_link_stays_open_for_the_next_person_after_one_joins() {
    let chi = UserId::from_uuid(Uuid::from_u128(77));
    let mut history = with_team();
    history.extend([
        link_created(),
        link_accepted_by(BOLA),
        bola_added(Role::Viewer, vec![LAGOS]),
    ]);
    given()
        .given(history)
        .when(
            AcceptInvitation {
                user_id: chi,
                user_email: "chi@books.ng".into(),
                membership_id: MembershipId::from_uuid(Uuid::from_u128(78)),
                ..accept_as_bola(NOW + 2)
            }
            .into(),
        )
        .then_expect_events(vec![
            link_accepted_by(chi),
            OrganizationEvent::MemberAdded(MemberAdded {
                organization_id: ORG,
                membership_id: MembershipId::from_uuid(Uuid::from_u128(78)),
                user_id: chi,
                role: Role::Viewer.number(),
                workspaces: vec![LAGOS],
            }),
        ]);
}

#[test]
fn an_invitation_link_counts_each_person_who_joined() {
    let mut organization = Organization::default();
    let chi = UserId::from_uuid(Uuid::from_u128(77));
    for event in with_team().into_iter().chain([
        link_created(),
        link_accepted_by(BOLA),
        link_accepted_by(chi),
    ]) {
        cqrs_es::Aggregate::apply(&mut organization, event);
    }
    let link = organization.invitation(INVITE).expect("the link");
    assert_eq!(link.uses, 2);
    assert_eq!(link.status, InvitationStatus::Pending);
}

#[test]
fn a_member_already_in_a_links_workspaces_cannot_use_it_again() {
    let mut history = with_team();
    history.extend([
        link_created(),
        link_accepted_by(BOLA),
        bola_added(Role::Viewer, vec![LAGOS]),
    ]);
    given()
        .given(history)
        .when(accept_as_bola(NOW + 2).into())
        .then_expect_error(OrganizationError::AlreadyMember { user_id: BOLA });
}

#[test]
fn a_cancelled_invitation_link_admits_nobody() {
    let mut history = with_team();
    history.extend([
        link_created(),
        OrganizationEvent::InvitationCancelled(InvitationCancelled {
            organization_id: ORG,
            invitation_id: INVITE,
        }),
    ]);
    given()
        .given(history)
        .when(accept_as_bola(NOW + 2).into())
        .then_expect_error(OrganizationError::InvitationClosed {
            status: "cancelled",
        });
}

#[test]
fn an_existing_member_who_accepts_gains_the_workspaces_and_keeps_their_role() {
    let mut history = with_team();
    history.extend([
        workspace_created(ABUJA, "Abuja Office"),
        bola_added(Role::Viewer, vec![ABUJA]),
        bola_invited(Role::Admin),
    ]);
    given()
        .given(history)
        .when(accept_as_bola(NOW + 1).into())
        .then_expect_events(vec![
            OrganizationEvent::InvitationAccepted(InvitationAccepted {
                organization_id: ORG,
                invitation_id: INVITE,
                user_id: BOLA,
            }),
            OrganizationEvent::MemberWorkspacesChanged(MemberWorkspacesChanged {
                organization_id: ORG,
                membership_id: BOLA_MEMBERSHIP,
                user_id: BOLA,
                workspaces: vec![LAGOS, ABUJA],
            }),
        ]);
}

#[test]
fn resending_renews_the_expiry_and_a_cancelled_invitation_cannot_be_resent() {
    let mut history = with_team();
    history.push(bola_invited(Role::Editor));
    let renewed = given()
        .given(history.clone())
        .when(
            ResendInvitation {
                invitation_id: INVITE,
                now: NOW + 10,
            }
            .into(),
        )
        .inspect_result()
        .expect("resent");
    assert!(
        matches!(&renewed[..], [OrganizationEvent::InvitationResent(e)] if e.expires_at == NOW + 10 + INVITATION_TTL_US)
    );

    history.push(OrganizationEvent::InvitationCancelled(
        event_schemas::organization::InvitationCancelled {
            organization_id: ORG,
            invitation_id: INVITE,
        },
    ));
    given()
        .given(history)
        .when(
            ResendInvitation {
                invitation_id: INVITE,
                now: NOW + 10,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::InvitationClosed {
            status: "cancelled",
        });
}

#[test]
fn a_rejected_invitation_cannot_be_accepted() {
    let mut history = with_team();
    history.extend([
        bola_invited(Role::Editor),
        OrganizationEvent::InvitationRejected(event_schemas::organization::InvitationRejected {
            organization_id: ORG,
            invitation_id: INVITE,
        }),
    ]);
    given()
        .given(history)
        .when(accept_as_bola(NOW + 1).into())
        .then_expect_error(OrganizationError::InvitationClosed { status: "rejected" });
}

// --- transfers ----------------------------------------------------------------

const TRANSFER: event_schemas::TransferId = event_schemas::TransferId::from_uuid(Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0009,
));
const OTHER_ORG: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_000a));

fn transfer_requested() -> OrganizationEvent {
    OrganizationEvent::TransferRequested(event_schemas::organization::TransferRequested {
        organization_id: ORG,
        transfer_id: TRANSFER,
        workspace_id: LAGOS,
        target_organization_id: OTHER_ORG,
        requested_by: USER,
    })
}

#[test]
fn a_workspace_cannot_be_transferred_to_its_own_organization() {
    given()
        .given(with_team())
        .when(
            RequestTransfer {
                transfer_id: TRANSFER,
                workspace_id: LAGOS,
                target_organization_id: ORG,
                requested_by: USER,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::TransferToSelf);
}

#[test]
fn approving_a_transfer_takes_the_workspace_and_its_coverage_out() {
    let mut history = with_team();
    history.push(transfer_requested());
    let events = given()
        .given(history)
        .when(
            ResolveTransfer {
                transfer_id: TRANSFER,
                answer: TransferAnswer::Approved,
                resolved_by: BOLA,
            }
            .into(),
        )
        .inspect_result()
        .expect("approved");
    assert!(matches!(&events[0], OrganizationEvent::TransferResolved(e) if e.status == 2));
    assert!(
        matches!(&events[1], OrganizationEvent::WorkspaceTransferredOut(e) if e.workspace_id == LAGOS)
    );
    assert_eq!(events[2], founder_covers(vec![]));
}

#[test]
fn a_transfer_is_answered_once() {
    let mut history = with_team();
    history.extend([
        transfer_requested(),
        OrganizationEvent::TransferResolved(event_schemas::organization::TransferResolved {
            organization_id: ORG,
            transfer_id: TRANSFER,
            status: 3,
            resolved_by: BOLA,
        }),
    ]);
    given()
        .given(history)
        .when(
            ResolveTransfer {
                transfer_id: TRANSFER,
                answer: TransferAnswer::Approved,
                resolved_by: BOLA,
            }
            .into(),
        )
        .then_expect_error(OrganizationError::TransferClosed);
}

#[test]
fn a_received_workspace_whose_name_is_taken_gets_a_suffix_and_a_repeat_changes_nothing() {
    let receive = ReceiveWorkspace {
        transfer_id: TRANSFER,
        workspace_id: ABUJA,
        source_organization_id: OTHER_ORG,
        name: "lagos office".into(),
        base_currency: "NGN".into(),
        created_by: BOLA,
        receiver: USER,
    };
    let events = given()
        .given(with_team())
        .when(receive.clone().into())
        .inspect_result()
        .expect("received");
    assert!(
        matches!(&events[0], OrganizationEvent::WorkspaceTransferredIn(e) if e.name == "lagos office (transferred)")
    );
    assert_eq!(events[1], founder_covers(vec![LAGOS, ABUJA]));

    let mut history = with_team();
    history.extend(events);
    given()
        .given(history)
        .when(receive.into())
        .then_expect_events(vec![]);
}

// --- state and mechanics ------------------------------------------------------------

fn replay(events: Vec<OrganizationEvent>) -> Organization {
    let mut organization = Organization::default();
    for event in events {
        cqrs_es::Aggregate::apply(&mut organization, event);
    }
    organization
}

#[test]
fn the_state_lists_live_workspaces_and_remembers_deleted_ones() {
    let mut history = with_lagos();
    history.extend([
        workspace_created(ABUJA, "Abuja Office"),
        workspace_deleted(LAGOS),
    ]);

    let organization = replay(history);

    assert_eq!(
        organization
            .live_workspaces()
            .map(|(id, w)| (id, w.name.as_str()))
            .collect::<Vec<_>>(),
        vec![(ABUJA, "Abuja Office")]
    );
    assert!(organization.workspace(LAGOS).is_some_and(|w| w.deleted));
    assert_eq!(
        organization.profile().map(|p| p.slug.as_str()),
        Some("adebayo-sons-trading-ltd")
    );
}

#[test]
fn applying_an_event_twice_leaves_the_state_it_left_once() {
    // Every event sets full values, so a replayed duplicate cannot drift the state.
    let history = vec![
        organization_created(),
        workspace_created(LAGOS, "Lagos Office"),
        OrganizationEvent::WorkspaceRenamed(WorkspaceRenamed {
            organization_id: ORG,
            workspace_id: LAGOS,
            name: "Lagos HQ".into(),
        }),
        workspace_deleted(LAGOS),
    ];
    let twice: Vec<OrganizationEvent> = history
        .iter()
        .flat_map(|e| [e.clone(), e.clone()])
        .collect();

    assert_eq!(replay(twice), replay(history));
}

#[tokio::test]
async fn handling_a_command_leaves_the_loaded_state_untouched() {
    // cqrs-es 0.5 builds snapshots by applying the command's events to this very state
    // after `handle`; had `handle` applied them too, snapshots would hold them twice.
    let mut organization = replay(vec![organization_created()]);
    let before = organization.clone();
    let sink = cqrs_es::event_sink::EventSink::default();

    cqrs_es::Aggregate::handle(
        &mut organization,
        create_workspace(LAGOS, "Lagos Office").into(),
        &(),
        &sink,
    )
    .await
    .expect("handled");

    assert_eq!(organization, before);
    assert_eq!(
        sink.collect().await,
        vec![workspace_created(LAGOS, "Lagos Office")]
    );
}

#[test]
fn input_errors_name_the_request_field_to_highlight() {
    assert_eq!(OrganizationError::NameRequired.field(), Some("name"));
    assert_eq!(
        OrganizationError::WorkspaceNameTaken { name: "x".into() }.field(),
        Some("name")
    );
    assert_eq!(
        OrganizationError::InvalidEmail { email: "x".into() }.field(),
        Some("email")
    );
    assert_eq!(
        OrganizationError::InvalidCurrency {
            currency: "x".into()
        }
        .field(),
        Some("base_currency")
    );
    assert_eq!(OrganizationError::OrganizationNotFound.field(), None);
}

#[test]
fn a_workspace_command_names_the_workspace_its_metadata_must_carry() {
    let create: OrganizationCommand = create_workspace(LAGOS, "Lagos Office").into();
    let update: OrganizationCommand = UpdateOrganization::default().into();

    assert_eq!(create.workspace_id(), Some(LAGOS));
    assert_eq!(update.workspace_id(), None);
}
