//! The account service's organization writes (spec §7): the organization's profile, its
//! workspaces and its memberships. Each checks the caller's standing first (DESIGN §7),
//! then runs one command on the Organization aggregate, then waits until the read
//! models show it, so the client's next read sees its write.

use api_core::access::{authorize, authorize_organization};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data, Message};
use api_core::request_id::CurrentRequestId;
use api_core::shapes::{Organization, Workspace, ORGANIZATION_COLUMNS, WORKSPACE_COLUMNS};
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{
    AddMember, ChangeMemberRole, CreateWorkspace, DeleteWorkspace, OrganizationCommand,
    RemoveMember, SetMemberWorkspaces, UpdateOrganization, UpdateSetupProgress, UpdateWorkspace,
};
use domain::permissions::{Action, Role, Usage};
use event_schemas::{MembershipId, OrganizationId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::runner::execute;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(update_organization))
        .routes(routes!(create_workspace))
        .routes(routes!(update_workspace, delete_workspace))
        .routes(routes!(change_member_role, update_member))
        .routes(routes!(add_member))
        .routes(routes!(update_setup_progress))
        .routes(routes!(remove_member))
}

use crate::ids::{parse_field_id, parse_id};

const NOT_FOUND: &str = "Not found.";

/// Runs one Organization command as `user`, then waits for the read models.
pub(crate) async fn run(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    organization_id: OrganizationId,
    command: OrganizationCommand,
) -> Result<(), ApiError> {
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: Some(organization_id.to_string()),
        workspace_id: command.workspace_id().map(|w| w.to_string()),
        request_id,
        ..Default::default()
    };
    execute::<domain::organization::Organization>(
        state.runner(),
        &organization_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await?;
    api_core::consistency::read_your_writes(&state.app, "organizations").await
}

/// The workspace's organization per the read model, if the workspace is live.
async fn organization_of(app: &AppState, workspace_id: &str) -> Result<Option<String>, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT organization_id FROM read_workspaces WHERE id = $1 AND deleted = 0",
    )
    .bind(workspace_id)
    .fetch_optional(&app.db().pool)
    .await?)
}

/// The workspace, as the workspace routes answer it.
pub async fn workspace_json(app: &AppState, workspace_id: &str) -> Result<Workspace, ApiError> {
    let row = sqlx::query(&format!(
        "SELECT {WORKSPACE_COLUMNS} FROM read_workspaces WHERE id = $1 AND deleted = 0"
    ))
    .bind(workspace_id)
    .fetch_optional(&app.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    Ok(Workspace::from_row(app, &row)?)
}

/// A membership's role after a change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemberRole {
    pub id: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: i64,
    pub role_display: String,
}

/// The workspaces a membership covers after a change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MemberWorkspaces {
    pub id: String,
    pub workspaces: Vec<String>,
}

/// A membership as added.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NewMembership {
    pub id: String,
    pub user_id: String,
    pub role: i64,
    pub role_display: String,
    pub workspaces: Vec<String>,
}

/// The checklist's stored choices after a change (`null`: left as it was).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SetupProgressChange {
    pub skipped_steps: Option<Vec<String>>,
    pub dismissed: Option<bool>,
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct OrganizationPatch {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub location: Option<String>,
    /// Blank clears it.
    #[serde(default)]
    pub address: Option<String>,
    /// Blank clears it.
    #[serde(default)]
    pub industry: Option<String>,
    /// An image uploaded into one of the organization's workspaces, or null to remove the
    /// logo; absent keeps it.
    #[serde(default, deserialize_with = "api_core::body::present")]
    #[schema(value_type = Option<String>)]
    pub logo_id: Option<Option<String>>,
}

/// Updates the organization's profile (name, e-mail, location, address, industry, logo).
/// Admins only.
#[utoipa::path(patch, path = "/api/v1/accounts/organizations/{organization_id}/", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = OrganizationPatch,
    responses((status = 200, body = Data<Organization>), (status = 400), (status = 403)))]
pub async fn update_organization(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(patch): Body<OrganizationPatch>,
) -> Result<Json<Data<Organization>>, ApiError> {
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::EditWorkspaceSettings,
        None,
    )
    .await?;
    let id: OrganizationId = parse_id(&organization_id)?;
    let logo = match patch.logo_id {
        None => None,
        Some(None) => Some(None),
        Some(Some(logo_id)) => Some(Some(
            image_of(
                "logo_id",
                &state.app,
                &logo_id,
                Uploaded::InOrganization(&organization_id),
            )
            .await?,
        )),
    };
    let command = UpdateOrganization {
        name: patch.name,
        email: patch.email,
        location: patch.location,
        address: patch.address,
        industry: patch.industry,
        logo,
    };
    run(&state, &user, request_id, id, command.into()).await?;
    let row = sqlx::query(&format!(
        "SELECT {ORGANIZATION_COLUMNS} FROM read_organizations WHERE id = $1"
    ))
    .bind(&organization_id)
    .fetch_one(&state.app.db().pool)
    .await?;
    Ok(ok(Organization::from_row(&state.app, &row)?))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewWorkspace {
    pub name: String,
    /// ISO 4217; NGN when absent.
    #[serde(default)]
    pub base_currency: Option<String>,
}

/// Creates a workspace; the creator's membership covers it. Needs `workspace:write` and
/// room under the plan's workspace limit (spec §6 "Checks at use").
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = NewWorkspace,
    responses((status = 201, description = "`data`: id, organization_id, name, base_currency", body = Data<Workspace>), (status = 400), (status = 403)))]
pub async fn create_workspace(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<NewWorkspace>,
) -> Result<(StatusCode, Json<Data<Workspace>>), ApiError> {
    let live: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_workspaces WHERE organization_id = $1 AND deleted = 0",
    )
    .bind(&organization_id)
    .fetch_one(&state.app.db().pool)
    .await?;
    let usage = Usage::adding_one(u64::try_from(live).unwrap_or_default());
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::CreateWorkspace,
        Some(usage),
    )
    .await?;
    let id: OrganizationId = parse_id(&organization_id)?;
    let workspace_id = WorkspaceId::new_v7();
    let command = CreateWorkspace {
        workspace_id,
        name: body.name,
        base_currency: body.base_currency,
        created_by: parse_id::<UserId>(&user.user_id)?,
    };
    run(&state, &user, request_id, id, command.into()).await?;
    Ok((
        StatusCode::CREATED,
        ok(workspace_json(&state.app, &workspace_id.to_string()).await?),
    ))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct WorkspacePatch {
    #[serde(default)]
    pub name: Option<String>,
    /// An image uploaded into this workspace (`POST /files/images/`), or null to remove
    /// the image; absent keeps it.
    #[serde(default, deserialize_with = "api_core::body::present")]
    #[schema(value_type = Option<String>)]
    pub image_id: Option<Option<String>>,
    /// An IANA time zone (`Africa/Lagos`) the workspace's times are read in; absent
    /// keeps it.
    #[serde(default)]
    pub time_zone: Option<String>,
}

/// Renames a workspace, sets or removes its image and sets its time zone. Needs
/// `workspace_settings` in that workspace (an Admin's).
#[utoipa::path(patch, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)), request_body = WorkspacePatch,
    responses((status = 200, body = Data<Workspace>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_workspace(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, workspace_id)): Path<(String, String)>,
    Body(patch): Body<WorkspacePatch>,
) -> Result<Json<Data<Workspace>>, ApiError> {
    let (org, ws) = workspace_in(
        &state.app,
        &user,
        &organization_id,
        &workspace_id,
        Action::EditWorkspaceSettings,
    )
    .await?;
    let image = match patch.image_id {
        None => None,
        Some(None) => Some(None),
        Some(Some(id)) => Some(Some(
            image_of(
                "image_id",
                &state.app,
                &id,
                Uploaded::InWorkspace(&workspace_id),
            )
            .await?,
        )),
    };
    let command = UpdateWorkspace {
        workspace_id: ws,
        name: patch.name,
        image,
        time_zone: patch.time_zone,
    };
    run(&state, &user, request_id, org, command.into()).await?;
    Ok(ok(workspace_json(&state.app, &workspace_id).await?))
}

/// Where an image named by a request must have been uploaded to be shown there.
enum Uploaded<'a> {
    InWorkspace(&'a str),
    /// Into any of the organization's workspaces.
    InOrganization(&'a str),
}

/// The image `image_id` (the request's `field`), if it was uploaded where `place` says:
/// an image of another workspace or organization is not this one's to show.
async fn image_of(
    field: &'static str,
    app: &AppState,
    image_id: &str,
    place: Uploaded<'_>,
) -> Result<uuid::Uuid, ApiError> {
    let unknown = || ApiError::field(field, "No image with this id was uploaded here.");
    let id: uuid::Uuid = image_id.trim().parse().map_err(|_| unknown())?;
    let Some(file) = identity::files::by_id(app.db(), &id.to_string()).await? else {
        return Err(unknown());
    };
    let here = match place {
        Uploaded::InWorkspace(workspace_id) => file.workspace_id == workspace_id,
        Uploaded::InOrganization(organization_id) => {
            api_core::access::organization_of(app, &file.workspace_id)
                .await?
                .as_deref()
                == Some(organization_id)
        }
    };
    if here && file.kind == identity::files::IMAGES {
        Ok(id)
    } else {
        Err(unknown())
    }
}

/// Deletes a workspace: it leaves every list; its history stays in the log. The
/// organization's last live workspace is kept (400).
#[utoipa::path(delete, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)),
    responses((status = 204), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_workspace(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, workspace_id)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let (org, ws) = workspace_in(
        &state.app,
        &user,
        &organization_id,
        &workspace_id,
        Action::DeleteWorkspace,
    )
    .await?;
    run(
        &state,
        &user,
        request_id,
        org,
        DeleteWorkspace { workspace_id: ws }.into(),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Checks `action` in the workspace and that the workspace belongs to the organization of
/// the path (a member of workspace A cannot address it through organization B).
async fn workspace_in(
    app: &AppState,
    user: &AuthUser,
    organization_id: &str,
    workspace_id: &str,
    action: Action,
) -> Result<(OrganizationId, WorkspaceId), ApiError> {
    authorize(app, user, workspace_id, action, None).await?;
    if organization_of(app, workspace_id).await?.as_deref() != Some(organization_id) {
        return Err(ApiError::NotFound(NOT_FOUND.into()));
    }
    Ok((parse_id(organization_id)?, parse_id(workspace_id)?))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RoleChange {
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: Value,
}

/// Changes a member's role (`role_management`). The last Admin cannot be demoted.
#[utoipa::path(patch, path = "/api/v1/accounts/organizations/{organization_id}/memberships/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)), request_body = RoleChange,
    responses((status = 200, body = Data<MemberRole>), (status = 400), (status = 403), (status = 404)))]
pub async fn change_member_role(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, membership_id)): Path<(String, String)>,
    Body(body): Body<RoleChange>,
) -> Result<Json<Data<MemberRole>>, ApiError> {
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::ChangeMemberRoles,
        None,
    )
    .await?;
    let role = role_of(&body.role)?;
    let org: OrganizationId = parse_id(&organization_id)?;
    let membership_id: MembershipId = parse_id(&membership_id)?;
    run(
        &state,
        &user,
        request_id,
        org,
        ChangeMemberRole {
            membership_id,
            role,
        }
        .into(),
    )
    .await?;
    Ok(ok(MemberRole {
        id: membership_id.to_string(),
        role: i64::from(role.number()),
        role_display: role.name().to_owned(),
    }))
}

/// A role number (0, 1 or 2), sent as a number or a numeric string.
pub(crate) fn role_of(value: &Value) -> Result<Role, ApiError> {
    let number = match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    number
        .and_then(|n| u8::try_from(n).ok())
        .and_then(Role::from_number)
        .ok_or_else(|| ApiError::field("role", "Role must be 0 (Viewer), 1 (Editor) or 2 (Admin)."))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct MemberUpdate {
    /// The workspaces the membership covers from now on (at least one).
    pub workspaces: Vec<String>,
    /// Optionally a new role at the same time.
    #[serde(default)]
    pub role: Option<Value>,
}

/// Sets the workspaces a membership covers (and optionally its role): Admins widening or
/// narrowing a colleague's reach in one step.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/memberships/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)), request_body = MemberUpdate,
    responses((status = 200, body = Data<MemberWorkspaces>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_member(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, membership_id)): Path<(String, String)>,
    Body(body): Body<MemberUpdate>,
) -> Result<Json<Data<MemberWorkspaces>>, ApiError> {
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::ChangeMemberRoles,
        None,
    )
    .await?;
    let org: OrganizationId = parse_id(&organization_id)?;
    let id: MembershipId = parse_id(&membership_id)?;
    let workspaces = body
        .workspaces
        .iter()
        .map(|w| parse_field_id::<WorkspaceId>("workspaces", w))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(role) = &body.role {
        let role = role_of(role)?;
        run(
            &state,
            &user,
            request_id.clone(),
            org,
            ChangeMemberRole {
                membership_id: id,
                role,
            }
            .into(),
        )
        .await?;
    }
    run(
        &state,
        &user,
        request_id,
        org,
        SetMemberWorkspaces {
            membership_id: id,
            workspaces,
        }
        .into(),
    )
    .await?;
    Ok(ok(MemberWorkspaces {
        id: id.to_string(),
        workspaces: body.workspaces,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewMember {
    /// The e-mail of an existing account.
    pub email: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: Value,
    pub workspaces: Vec<String>,
}

/// Adds an existing account as a member at once (a colleague who already uses
/// Ledgerline); anyone else is invited. Counts against the collaborators limit like an
/// invitation.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/memberships/", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = NewMember,
    responses((status = 201, body = Data<NewMembership>), (status = 400), (status = 403), (status = 409)))]
pub async fn add_member(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<NewMember>,
) -> Result<(StatusCode, Json<Data<NewMembership>>), ApiError> {
    let app = &state.app;
    let usage =
        Usage::adding_one(crate::invitations::collaborators_in_use(app, &organization_id).await?);
    authorize_organization(
        app,
        &user,
        &organization_id,
        Action::InviteCollaborators,
        Some(usage),
    )
    .await?;
    let role = role_of(&body.role)?;
    let workspaces = body
        .workspaces
        .iter()
        .map(|w| parse_field_id::<WorkspaceId>("workspaces", w))
        .collect::<Result<Vec<_>, _>>()?;
    if workspaces.is_empty() {
        return Err(ApiError::field(
            "workspaces",
            "Choose at least one workspace.",
        ));
    }
    let member = identity::users::by_email(app.db(), &body.email)
        .await?
        .ok_or_else(|| {
            ApiError::field(
                "email",
                "No account uses this e-mail address; invite them instead.",
            )
        })?;
    let membership_id = MembershipId::new_v7();
    let command = AddMember {
        membership_id,
        user_id: parse_id(&member.id)?,
        role,
        workspaces,
    };
    run(
        &state,
        &user,
        request_id,
        parse_id(&organization_id)?,
        command.into(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(NewMembership {
            id: membership_id.to_string(),
            user_id: member.id,
            role: i64::from(role.number()),
            role_display: role.name().to_owned(),
            workspaces: body.workspaces,
        }),
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RemoveBody {
    pub membership_id: String,
    pub workspace_id: String,
}

/// Removes a member from a workspace (`user_management:delete`); removed from their last
/// workspace, they leave the organization. The last Admin stays.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/memberships/remove", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = RemoveBody,
    responses((status = 200, body = Data<Message>), (status = 400), (status = 403), (status = 404)))]
pub async fn remove_member(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<RemoveBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::RemoveMembers,
        None,
    )
    .await?;
    let org: OrganizationId = parse_id(&organization_id)?;
    let command = RemoveMember {
        membership_id: parse_field_id("membership_id", &body.membership_id)?,
        workspace_id: parse_field_id("workspace_id", &body.workspace_id)?,
    };
    run(&state, &user, request_id, org, command.into()).await?;
    Ok(ok(Message::new(
        "The member was removed from the workspace.",
    )))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct SetupProgressPatch {
    /// Keys of the steps to skip (replaces the list).
    #[serde(default)]
    pub skipped_steps: Option<Vec<String>>,
    /// Hides the checklist.
    #[serde(default)]
    pub dismissed: Option<bool>,
}

/// Skips steps of the set-up checklist or dismisses it (Admins). `GET` tells what is done.
#[utoipa::path(patch, path = "/api/v1/accounts/organizations/{organization_id}/setup-progress/", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = SetupProgressPatch,
    responses((status = 200, body = Data<SetupProgressChange>), (status = 400), (status = 403)))]
pub async fn update_setup_progress(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(patch): Body<SetupProgressPatch>,
) -> Result<Json<Data<SetupProgressChange>>, ApiError> {
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::EditWorkspaceSettings,
        None,
    )
    .await?;
    let command = UpdateSetupProgress {
        skipped_steps: patch.skipped_steps.clone(),
        dismissed: patch.dismissed,
    };
    run(
        &state,
        &user,
        request_id,
        parse_id(&organization_id)?,
        command.into(),
    )
    .await?;
    Ok(ok(SetupProgressChange {
        skipped_steps: patch.skipped_steps,
        dismissed: patch.dismissed,
    }))
}
