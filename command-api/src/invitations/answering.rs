//! The invitee's side, through the invitation's token: what it offers, accepting (signed
//! in, or creating an account at once) and declining.

use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::shapes::NamedWorkspace;
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{AcceptInvitation, RejectInvitation};
use domain::permissions::{Denial, Plan, Resource};
use domain::validation;
use event_schemas::MembershipId;
use identity::invitation_tokens;
use identity::outbox;
use identity::users;
use serde::Deserialize;
use sqlx::Row;

use super::{
    collaborators_in_use, revoke_token, Accepted, InvitationDetails, JoinedSession, Rejected,
    TOKEN_NOT_VALID,
};
use crate::accounts::{origin, session_tokens, ClientAddress, ClientDevice, NewUserAccount};
use crate::ids::parse_id;
use crate::organizations::run;
use crate::CommandState;

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
    let workspaces = NamedWorkspace::listed(app.db(), &listed).await?;
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

pub(super) async fn accept_as(
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
pub(super) async fn decline(
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
    let email = match (&invited, &body.email) {
        (Some(invited), _) => Some(invited.clone()),
        (None, Some(raw)) => validation::email(raw),
        (None, None) => None,
    };
    let account =
        NewUserAccount::checked(&body.first_name, &body.last_name, email, body.password).await?;
    let Some(mut tx) = account.insert(app).await? else {
        return Err(ApiError::field(
            "email",
            "A user with this e-mail address already exists. Sign in and accept the invitation.",
        ));
    };
    let NewUserAccount {
        user_id,
        email,
        first_name,
        ..
    } = account;
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
