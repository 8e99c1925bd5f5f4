//! The organization's side: inviting by e-mail or by link, cancelling, resending.

use api_core::access::authorize_organization;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{CancelInvitation, Invite, OrganizationCommand, ResendInvitation};
use domain::permissions::{Action, Role, Usage};
use domain::validation;
use event_schemas::{InvitationId, OrganizationId, UserId, WorkspaceId};
use identity::invitation_tokens;
use identity::outbox::{self, Mail};
use identity::users;
use serde::Deserialize;
use serde_json::Value;
use sqlx::Row;

use super::{
    collaborators_in_use, revoke_token, workspace_ids, Invitation, InvitationLink,
    InvitationStatus, SharedLink, INVITE_PAGE,
};
use crate::accounts::mail_link;
use crate::ids::parse_id;
use crate::organizations::{role_of, run};
use crate::CommandState;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EmailInvitation {
    pub email: String,
    /// 0 Viewer, 1 Editor, 2 Admin; Admin when absent (spec §6).
    #[serde(default)]
    pub role: Option<Value>,
    pub workspaces: Vec<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LinkInvitation {
    /// Must be 0 (Viewer) when given.
    #[serde(default)]
    pub role: Option<Value>,
    pub workspaces: Vec<String>,
}

/// Creates the invitation, then its token (and mail, for e-mail invitations) in one
/// transaction. Should that transaction fail, the invitation stands without a usable
/// token and a resend repairs it.
async fn create_invitation(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    organization_id: &str,
    email: Option<String>,
    role: Role,
    workspaces: Vec<WorkspaceId>,
) -> Result<(InvitationId, String), ApiError> {
    let app = &state.app;
    let usage = Usage::adding_one(collaborators_in_use(app, organization_id).await?);
    authorize_organization(
        app,
        user,
        organization_id,
        Action::InviteCollaborators,
        Some(usage),
    )
    .await?;
    let org: OrganizationId = parse_id(organization_id)?;
    let invitation_id = InvitationId::new_v7();
    let command = Invite {
        invitation_id,
        email: email.clone(),
        role,
        workspaces,
        invited_by: parse_id::<UserId>(&user.user_id)?,
        now: app.clock.now_us(),
    };
    run(state, user, request_id, org, command.into()).await?;
    let mut tx = app.db().begin_write().await?;
    let token = invitation_tokens::issue(
        tx.transaction(),
        &invitation_id.to_string(),
        organization_id,
    )
    .await?;
    let link = mail_link(app, INVITE_PAGE, &token);
    if let Some(email) = &email {
        outbox::enqueue(
            &mut *tx,
            &invitation_mail(app, organization_id, email, role, &link).await?,
        )
        .await?;
    }
    tx.commit().await?;
    app.mail.mail_queued();
    Ok((invitation_id, link))
}

async fn invitation_mail(
    app: &AppState,
    organization_id: &str,
    email: &str,
    role: Role,
    link: &str,
) -> Result<Mail, ApiError> {
    let organization: String =
        sqlx::query_scalar("SELECT name FROM read_organizations WHERE id = $1")
            .bind(organization_id)
            .fetch_one(&app.db().pool)
            .await?;
    Ok(Mail {
        recipient: email.trim().to_owned(),
        subject: format!("You are invited to {organization} on Ledgerline"),
        body: format!(
            "Hello,\n\nYou are invited to join {organization} on Ledgerline as {}.\n\nOpen this link to accept or decline:\n\n{link}\n\nThe invitation expires in 7 days.\n\nLedgerline",
            role.name()
        ),
    })
}

/// Invites by e-mail (`actions:invite_collaborators`, collaborators limit +1). An address
/// whose account already covers every invited workspace is a 409.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/invitations/", tag = "invitations",
    params(("organization_id" = String, Path)), request_body = EmailInvitation,
    responses((status = 201, body = Data<Invitation>), (status = 400), (status = 403), (status = 409)))]
pub async fn invite_by_email(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<EmailInvitation>,
) -> Result<(StatusCode, Json<Data<Invitation>>), ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let role = match &body.role {
        None | Some(Value::Null) => Role::Admin,
        Some(value) => role_of(value)?,
    };
    let workspaces = workspace_ids(&body.workspaces)?;
    if let Some(existing) = users::by_email(state.app.db(), &email).await? {
        let mut all_covered = !workspaces.is_empty();
        for workspace in &workspaces {
            if state
                .app
                .access
                .access(&existing.id, &workspace.to_string())
                .await?
                .is_none()
            {
                all_covered = false;
            }
        }
        if all_covered {
            return Err(ApiError::Conflict(format!(
                "{email} is already a member of these workspaces."
            )));
        }
    }
    let (id, _) = create_invitation(
        &state,
        &user,
        request_id,
        &organization_id,
        Some(email.clone()),
        role,
        workspaces.clone(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(Invitation {
            id: id.to_string(),
            email,
            role: i64::from(role.number()),
            role_display: role.name().to_owned(),
            workspaces: workspaces.iter().map(ToString::to_string).collect(),
            status: 1,
        }),
    ))
}

/// Creates a shareable invitation link granting the Viewer role (spec §6).
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/invitations/link/", tag = "invitations",
    params(("organization_id" = String, Path)), request_body = LinkInvitation,
    responses((status = 201, body = Data<SharedLink>), (status = 400), (status = 403)))]
pub async fn invite_by_link(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<LinkInvitation>,
) -> Result<(StatusCode, Json<Data<SharedLink>>), ApiError> {
    let role = match &body.role {
        None | Some(Value::Null) => Role::Viewer,
        Some(value) => role_of(value)?,
    };
    let workspaces = workspace_ids(&body.workspaces)?;
    let (id, link) = create_invitation(
        &state,
        &user,
        request_id,
        &organization_id,
        None,
        role,
        workspaces,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(SharedLink {
            id: id.to_string(),
            link,
        }),
    ))
}

/// Withdraws a pending invitation; its link stops working.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/invitations/{id}/cancel/", tag = "invitations",
    params(("organization_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<InvitationStatus>), (status = 400), (status = 403), (status = 404)))]
pub async fn cancel(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, invitation_id)): Path<(String, String)>,
) -> Result<Json<Data<InvitationStatus>>, ApiError> {
    let id = manage_invitation(
        &state,
        &user,
        request_id,
        (&organization_id, &invitation_id),
        |invitation_id| CancelInvitation { invitation_id }.into(),
    )
    .await?;
    revoke_token(&state.app, &invitation_id).await?;
    Ok(ok(InvitationStatus {
        id: id.to_string(),
        status: 4,
    }))
}

/// What cancelling and resending share: the caller may invite collaborators to the
/// organization, and `command` runs on the invitation the path names.
async fn manage_invitation(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    (organization_id, invitation_id): (&str, &str),
    command: impl FnOnce(InvitationId) -> OrganizationCommand,
) -> Result<InvitationId, ApiError> {
    authorize_organization(
        &state.app,
        user,
        organization_id,
        Action::InviteCollaborators,
        None,
    )
    .await?;
    let organization: OrganizationId = parse_id(organization_id)?;
    let id: InvitationId = parse_id(invitation_id)?;
    run(state, user, request_id, organization, command(id)).await?;
    Ok(id)
}

/// Sends a pending invitation again with a new link (the old one stops working) and 7
/// more days. For a link invitation, the new link is in the answer.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/invitations/{id}/resend/", tag = "invitations",
    params(("organization_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<InvitationLink>), (status = 400), (status = 403), (status = 404)))]
pub async fn resend(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((organization_id, invitation_id)): Path<(String, String)>,
) -> Result<Json<Data<InvitationLink>>, ApiError> {
    let app = &state.app;
    let now = app.clock.now_us();
    let id = manage_invitation(
        &state,
        &user,
        request_id,
        (&organization_id, &invitation_id),
        |invitation_id| ResendInvitation { invitation_id, now }.into(),
    )
    .await?;
    let row = sqlx::query("SELECT email, role FROM read_invitations WHERE id = $1")
        .bind(&invitation_id)
        .fetch_one(&app.db().pool)
        .await?;
    let email: Option<String> = row.try_get("email")?;
    let role = u8::try_from(row.try_get::<i64, _>("role")?)
        .ok()
        .and_then(Role::from_number)
        .unwrap_or(Role::Viewer);
    let mut tx = app.db().begin_write().await?;
    let token =
        invitation_tokens::issue(tx.transaction(), &invitation_id, &organization_id).await?;
    let link = mail_link(app, INVITE_PAGE, &token);
    if let Some(email) = &email {
        outbox::enqueue(
            &mut *tx,
            &invitation_mail(app, &organization_id, email, role, &link).await?,
        )
        .await?;
    }
    tx.commit().await?;
    app.mail.mail_queued();
    Ok(ok(InvitationLink {
        id: id.to_string(),
        link: email.is_none().then_some(link),
    }))
}
