//! Answering an invitation from inside the app. A signed-in person whose verified address
//! an invitation was sent to may accept or decline it here, without the e-mail's link: the
//! verified address proves the same thing the mailed token does — that the invitation
//! reached them. Link invitations (no address) are answered only through their link. An
//! invitation sent to anyone else is "not found", so no one learns of it.

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use event_schemas::InvitationId;
use identity::users;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{accept_as, decline, Accepted, Rejected};
use crate::ids::parse_id;
use crate::CommandState;

/// Asked of a person whose address is not verified yet.
const VERIFY_FIRST: &str =
    "Verify your e-mail address to answer invitations here, or open the link in the invitation e-mail.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(accept_received))
        .routes(routes!(decline_received))
}

/// An invitation sent to the caller: its organization, and the caller's address.
struct Received {
    organization_id: String,
    email: String,
}

async fn received(app: &AppState, user: &AuthUser, id: &str) -> Result<Received, ApiError> {
    let not_found = || ApiError::NotFound("Invitation not found.".into());
    let _: InvitationId = parse_id(id).map_err(|_| not_found())?;
    let me = users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    let row: Option<(String, Option<String>)> =
        sqlx::query_as("SELECT organization_id, email FROM read_invitations WHERE id = $1")
            .bind(id)
            .fetch_optional(&app.db().pool)
            .await?;
    let Some((organization_id, Some(invited))) = row else {
        return Err(not_found());
    };
    if !invited.trim().eq_ignore_ascii_case(me.email.trim()) {
        return Err(not_found());
    }
    if !me.email_verified {
        return Err(ApiError::field("email", VERIFY_FIRST));
    }
    Ok(Received {
        organization_id,
        email: me.email,
    })
}

/// Accepts an invitation sent to the caller's verified address; answers the organization
/// joined.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/received/{id}/accept/", tag = "invitations",
    params(("id" = String, Path)),
    responses((status = 200, body = Data<Accepted>), (status = 400), (status = 401), (status = 404)))]
pub async fn accept_received(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(id): Path<String>,
) -> Result<Json<Data<Accepted>>, ApiError> {
    let invitation = received(&state.app, &user, &id).await?;
    accept_as(
        &state,
        &user,
        request_id,
        &id,
        &invitation.organization_id,
        &invitation.email,
        false,
    )
    .await?;
    Ok(ok(Accepted {
        organization_id: invitation.organization_id,
        invitation_id: id,
    }))
}

/// Declines an invitation sent to the caller's verified address.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/invitations/received/{id}/decline/", tag = "invitations",
    params(("id" = String, Path)),
    responses((status = 200, body = Data<Rejected>), (status = 400), (status = 401), (status = 404)))]
pub async fn decline_received(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(id): Path<String>,
) -> Result<Json<Data<Rejected>>, ApiError> {
    let invitation = received(&state.app, &user, &id).await?;
    Ok(ok(decline(
        &state,
        &user,
        request_id,
        &id,
        &invitation.organization_id,
    )
    .await?))
}
