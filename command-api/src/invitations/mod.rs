//! Invitations (spec §7, §6 "Checks at use"): by e-mail (role default Admin) or by link
//! (Viewer only); cancel, resend; and the invitee's side — verify a token, accept, reject,
//! or create an account and accept at once; or, signed in, answer an invitation sent to
//! one's verified address from the app (`received`). The invitation is an Organization event;
//! its token is a secret kept hashed in `identity::invitation_tokens`. Accepting adds a
//! membership covering exactly the invited workspaces, in the same command.

use api_core::access::authorize_organization;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{
    AcceptInvitation, CancelInvitation, Invite, RejectInvitation, ResendInvitation,
};
use domain::permissions::{Action, Denial, Plan, Resource, Role, Usage};
use domain::validation;
use event_schemas::{InvitationId, MembershipId, OrganizationId, UserId, WorkspaceId};
use identity::invitation_tokens;
use identity::outbox::{self, Mail};
use identity::users::{self, NewUser};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{
    hash_password, mail_link, origin, required_text, session_tokens, ClientAddress, ClientDevice,
    Problems, NAME_CHARS_MAX,
};
use crate::ids::{parse_field_id, parse_id};
use crate::organizations::{role_of, run};
use crate::CommandState;

mod received;

/// The page the invitee opens (spec §2 `invite-user`).
const INVITE_PAGE: &str = "/invite-user";
const TOKEN_NOT_VALID: &str = "This invitation link is not valid. Ask for a new invitation.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(invite_by_email))
        .routes(routes!(invite_by_link))
        .routes(routes!(cancel))
        .routes(routes!(resend))
        .routes(routes!(verify))
        .routes(routes!(accept))
        .routes(routes!(reject))
        .routes(routes!(create_account_and_accept))
        .merge(received::router())
}

/// Collaborators in use: the organization's other members plus pending invitations, so
/// Basic's limit of 0 allows no invitation and Professional's 10 counts seats promised.
pub(crate) async fn collaborators_in_use(
    app: &AppState,
    organization_id: &str,
) -> Result<u64, ApiError> {
    let members: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_memberships WHERE organization_id = $1 AND is_active = 1",
    )
    .bind(organization_id)
    .fetch_one(&app.db().pool)
    .await?;
    // A pending e-mail invitation holds a seat; a link holds none until someone joins.
    let pending: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_invitations WHERE organization_id = $1 AND status = 1 \
         AND expires_at > $2 AND email IS NOT NULL",
    )
    .bind(organization_id)
    .bind(app.clock.now_us())
    .fetch_one(&app.db().pool)
    .await?;
    Ok(u64::try_from((members - 1).max(0) + pending).unwrap_or_default())
}

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

/// Ends an invitation's token (cancelled, declined or used), in the writer's turn.
async fn revoke_token(app: &AppState, invitation_id: &str) -> Result<(), ApiError> {
    let _turn = app.db().take_write_turn().await?;
    invitation_tokens::revoke(&app.db().pool, invitation_id).await?;
    Ok(())
}

fn workspace_ids(raw: &[String]) -> Result<Vec<WorkspaceId>, ApiError> {
    raw.iter()
        .map(|id| parse_field_id::<WorkspaceId>("workspaces", id))
        .collect()
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
    authorize_organization(
        &state.app,
        &user,
        &organization_id,
        Action::InviteCollaborators,
        None,
    )
    .await?;
    let org: OrganizationId = parse_id(&organization_id)?;
    let id: InvitationId = parse_id(&invitation_id)?;
    run(
        &state,
        &user,
        request_id,
        org,
        CancelInvitation { invitation_id: id }.into(),
    )
    .await?;
    revoke_token(&state.app, &invitation_id).await?;
    Ok(ok(InvitationStatus {
        id: id.to_string(),
        status: 4,
    }))
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
    authorize_organization(
        app,
        &user,
        &organization_id,
        Action::InviteCollaborators,
        None,
    )
    .await?;
    let org: OrganizationId = parse_id(&organization_id)?;
    let id: InvitationId = parse_id(&invitation_id)?;
    run(
        &state,
        &user,
        request_id,
        org,
        ResendInvitation {
            invitation_id: id,
            now: app.clock.now_us(),
        }
        .into(),
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

#[derive(Deserialize, utoipa::ToSchema)]
pub struct InvitationTokenBody {
    pub token: String,
}

/// The invitation a token stands for: (invitation id, organization id).
async fn invitation_of(app: &AppState, token: &str) -> Result<(String, String), ApiError> {
    invitation_tokens::find(app.db(), token)
        .await?
        .ok_or_else(|| ApiError::field("token", TOKEN_NOT_VALID))
}

/// What an invitation offers, for the invite page: organization, role, workspaces, who
/// invited, whether the address already has an account. Public: the token is the key.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/verify/", security(()), tag = "invitations", operation_id = "verify_invitation",
    request_body = InvitationTokenBody, responses((status = 200, body = Data<InvitationDetails>), (status = 400)))]
pub async fn verify(
    State(state): State<CommandState>,
    Body(body): Body<InvitationTokenBody>,
) -> Result<Json<Data<InvitationDetails>>, ApiError> {
    let app = &state.app;
    let (invitation_id, organization_id) = invitation_of(app, &body.token).await?;
    let row = sqlx::query(
        "SELECT i.email, i.role, i.workspaces, i.status, i.expires_at, o.name AS organization_name, \
         u.first_name, u.last_name FROM read_invitations i \
         JOIN read_organizations o ON o.id = i.organization_id \
         LEFT JOIN users u ON u.id = i.invited_by WHERE i.id = $1",
    )
    .bind(&invitation_id)
    .fetch_one(&app.db().pool)
    .await?;
    let email: Option<String> = row.try_get("email")?;
    let role: i64 = row.try_get("role")?;
    let status: i64 = row.try_get("status")?;
    let expires_at: i64 = row.try_get("expires_at")?;
    let listed: String = row.try_get("workspaces")?;
    let mut workspaces = Vec::new();
    for id in listed.split(',').filter(|s| !s.is_empty()) {
        let name: Option<String> =
            sqlx::query_scalar("SELECT name FROM read_workspaces WHERE id = $1 AND deleted = 0")
                .bind(id)
                .fetch_optional(&app.db().pool)
                .await?;
        if let Some(name) = name {
            workspaces.push(NamedWorkspace {
                id: id.to_owned(),
                name,
            });
        }
    }
    let account_exists = match &email {
        Some(email) => users::exists_with_email(app.db(), email).await?,
        None => false,
    };
    let inviter = format!(
        "{} {}",
        row.try_get::<Option<String>, _>("first_name")?
            .unwrap_or_default(),
        row.try_get::<Option<String>, _>("last_name")?
            .unwrap_or_default()
    );
    let status = if status == 1 && expires_at <= app.clock.now_us() {
        5
    } else {
        status
    };
    Ok(ok(InvitationDetails {
        invitation_id,
        organization_id,
        organization_name: row.try_get::<String, _>("organization_name")?,
        email,
        role,
        role_display: api_core::me::role_display(role).to_owned(),
        workspaces,
        status,
        expires_at: api_core::time::iso_datetime(expires_at),
        invited_by: inviter.trim().to_owned(),
        account_exists,
    }))
}

/// Accepts as the signed-in user (whose address must be the invited one, for e-mail
/// invitations); answers the organization and the workspaces now covered.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/accept/", tag = "invitations",
    request_body = InvitationTokenBody, responses((status = 200, body = Data<Accepted>), (status = 400), (status = 401)))]
pub async fn accept(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<InvitationTokenBody>,
) -> Result<Json<Data<Accepted>>, ApiError> {
    let app = &state.app;
    let (invitation_id, organization_id) = invitation_of(app, &body.token).await?;
    let me = users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    let link = invited_address(app, &invitation_id).await?.is_none();
    accept_as(
        &state,
        &user,
        request_id,
        &invitation_id,
        &organization_id,
        &me.email,
        link,
    )
    .await?;
    Ok(ok(Accepted {
        organization_id,
        invitation_id,
    }))
}

async fn accept_as(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    invitation_id: &str,
    organization_id: &str,
    email: &str,
    link: bool,
) -> Result<(), ApiError> {
    if link {
        link_has_a_seat(&state.app, organization_id, &user.user_id).await?;
    }
    let command = AcceptInvitation {
        invitation_id: parse_id(invitation_id)?,
        user_id: parse_id(&user.user_id)?,
        user_email: email.to_owned(),
        membership_id: MembershipId::new_v7(),
        now: state.app.clock.now_us(),
    };
    run(
        state,
        user,
        request_id,
        parse_id(organization_id)?,
        command.into(),
    )
    .await?;
    // A link stays usable by the next person until it expires or an Admin cancels it.
    if !link {
        revoke_token(&state.app, invitation_id).await?;
    }
    Ok(())
}

/// The address an invitation was sent to; `None` for a link anyone may use.
async fn invited_address(app: &AppState, invitation_id: &str) -> Result<Option<String>, ApiError> {
    Ok(
        sqlx::query_scalar::<_, Option<String>>("SELECT email FROM read_invitations WHERE id = $1")
            .bind(invitation_id)
            .fetch_optional(&app.db().pool)
            .await?
            .flatten(),
    )
}

/// Refuses a newcomer joining through a link when the organization's plan has no
/// collaborator seat left (a member already in the organization takes no new seat).
async fn link_has_a_seat(
    app: &AppState,
    organization_id: &str,
    user_id: &str,
) -> Result<(), ApiError> {
    let member: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM read_memberships WHERE organization_id = $1 AND user_id = $2 \
         AND is_active = 1",
    )
    .bind(organization_id)
    .bind(user_id)
    .fetch_optional(&app.db().pool)
    .await?;
    if member.is_some() {
        return Ok(());
    }
    let subscribed =
        projections::subscriptions::in_force(&app.db().pool, organization_id, app.clock.now_us())
            .await?
            .and_then(|s| s.plan.parse::<Plan>().ok());
    let limit = Plan::effective(subscribed).limit(Resource::Collaborators);
    if limit.would_exceed(collaborators_in_use(app, organization_id).await?, 1) {
        return Err(Denial::LimitExceeded {
            resource: Resource::Collaborators,
        }
        .into());
    }
    Ok(())
}

/// Declines the invitation. The token is the key, so no sign-in is needed.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/reject/", security(()), tag = "invitations",
    request_body = InvitationTokenBody, responses((status = 200, body = Data<Rejected>), (status = 400)))]
pub async fn reject(
    State(state): State<CommandState>,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<InvitationTokenBody>,
) -> Result<Json<Data<Rejected>>, ApiError> {
    let (invitation_id, organization_id) = invitation_of(&state.app, &body.token).await?;
    let invited_by: String =
        sqlx::query_scalar("SELECT invited_by FROM read_invitations WHERE id = $1")
            .bind(&invitation_id)
            .fetch_one(&state.app.db().pool)
            .await?;
    // Recorded on the inviter's behalf: the invitee may have no account.
    let actor = AuthUser {
        user_id: invited_by,
    };
    Ok(ok(decline(
        &state,
        &actor,
        request_id,
        &invitation_id,
        &organization_id,
    )
    .await?))
}

/// Records the invitation declined, by `actor`, and revokes its token.
async fn decline(
    state: &CommandState,
    actor: &AuthUser,
    request_id: Option<String>,
    invitation_id: &str,
    organization_id: &str,
) -> Result<Rejected, ApiError> {
    let app = &state.app;
    let command = RejectInvitation {
        invitation_id: parse_id(invitation_id)?,
        now: app.clock.now_us(),
    };
    run(
        state,
        actor,
        request_id,
        parse_id(organization_id)?,
        command.into(),
    )
    .await?;
    revoke_token(app, invitation_id).await?;
    Ok(Rejected {
        invitation_id: invitation_id.to_owned(),
        status: 3,
    })
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewAccountBody {
    pub token: String,
    pub first_name: String,
    pub last_name: String,
    pub password: String,
    /// Needed for link invitations; e-mail invitations use the invited address.
    #[serde(default)]
    pub email: Option<String>,
}

/// Creates an account and accepts the invitation in one step, answering a signed-in
/// session (like login) so the invitee lands in the workspace. An e-mail invitation
/// proves the address; a link invitation's address gets the usual verification mail.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/create-account-and-accept-invite/", security(()), tag = "invitations",
    request_body = NewAccountBody, responses((status = 201, body = Data<JoinedSession>), (status = 400)))]
pub async fn create_account_and_accept(
    State(state): State<CommandState>,
    CurrentRequestId(request_id): CurrentRequestId,
    ClientAddress(address): ClientAddress,
    ClientDevice(device): ClientDevice,
    Body(body): Body<NewAccountBody>,
) -> Result<(StatusCode, Json<Data<JoinedSession>>), ApiError> {
    let app = &state.app;
    let (invitation_id, organization_id) = invitation_of(app, &body.token).await?;
    let invited = invited_address(app, &invitation_id).await?;
    let mut problems = Problems::default();
    let first_name = required_text(
        &mut problems,
        "first_name",
        &body.first_name,
        "First Name is required",
        NAME_CHARS_MAX,
    );
    let last_name = required_text(
        &mut problems,
        "last_name",
        &body.last_name,
        "Last Name is required",
        NAME_CHARS_MAX,
    );
    let email = match (&invited, &body.email) {
        (Some(invited), _) => Some(invited.clone()),
        (None, Some(raw)) => validation::email(raw),
        (None, None) => None,
    };
    if email.is_none() {
        problems.add("email", validation::EMAIL_NOT_VALID);
    }
    if let Err(rule) = identity::password::check_new(&body.password) {
        problems.add("password", rule.to_string());
    }
    problems.into_result()?;
    let email = email.unwrap_or_default();
    let user_id = UserId::new_v7();
    let password_hash = hash_password(body.password).await?;
    let mut tx = app.db().begin_write().await?;
    let inserted = users::insert(
        &mut *tx,
        &NewUser {
            id: &user_id.to_string(),
            email: &email,
            password_hash: &password_hash,
            first_name: &first_name,
            last_name: &last_name,
        },
    )
    .await?;
    if !inserted {
        return Err(ApiError::field(
            "email",
            "A user with this e-mail address already exists. Sign in and accept the invitation.",
        ));
    }
    if invited.is_some() {
        users::mark_email_verified(&mut *tx, &user_id.to_string()).await?;
    } else {
        let token = identity::tokens::issue_one_time(
            &mut *tx,
            &user_id.to_string(),
            identity::tokens::Purpose::EmailVerification,
        )
        .await?;
        outbox::enqueue(
            &mut *tx,
            &crate::accounts::verification_mail(app, &email, &first_name, &token),
        )
        .await?;
    }
    tx.commit().await?;
    app.mail.mail_queued();
    let user = AuthUser {
        user_id: user_id.to_string(),
    };
    if let Err(err) = accept_as(
        &state,
        &user,
        request_id,
        &invitation_id,
        &organization_id,
        &email,
        invited.is_none(),
    )
    .await
    {
        users::delete(app.db(), &user_id.to_string()).await?;
        return Err(err);
    }
    let session = session_tokens(app, &user.user_id, &origin(address, device)).await?;
    Ok((
        StatusCode::CREATED,
        ok(JoinedSession {
            session,
            organization_id,
        }),
    ))
}

/// An invitation by e-mail as created.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Invitation {
    pub id: String,
    pub email: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: i64,
    pub role_display: String,
    pub workspaces: Vec<String>,
    /// 1 pending.
    pub status: i64,
}

/// A link invitation and the link to share.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SharedLink {
    pub id: String,
    pub link: String,
}

/// An invitation and its link; `link` is `null` when the invitation went by e-mail.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationLink {
    pub id: String,
    pub link: Option<String>,
}

/// An invitation's new status (4 cancelled).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationStatus {
    pub id: String,
    pub status: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NamedWorkspace {
    pub id: String,
    pub name: String,
}

/// What an invitation token offers, for the invitee to decide.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationDetails {
    pub invitation_id: String,
    pub organization_id: String,
    pub organization_name: String,
    /// `null` for link invitations.
    pub email: Option<String>,
    pub role: i64,
    pub role_display: String,
    pub workspaces: Vec<NamedWorkspace>,
    /// 1 pending, 2 accepted, 3 rejected, 4 cancelled, 5 expired.
    pub status: i64,
    pub expires_at: String,
    pub invited_by: String,
    /// Whether an account uses the invited address (sign in rather than sign up).
    pub account_exists: bool,
}

/// The organization joined.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Accepted {
    pub organization_id: String,
    pub invitation_id: String,
}

/// The invitation declined (status 3).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Rejected {
    pub invitation_id: String,
    pub status: i64,
}

/// A new account's session, in the organization it joined.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct JoinedSession {
    #[serde(flatten)]
    pub session: crate::accounts::Session,
    pub organization_id: String,
}
