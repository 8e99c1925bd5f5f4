//! Invitations (spec §7, §6 "Checks at use"): by e-mail (role default Admin) or by link
//! (Viewer only); cancel, resend; and the invitee's side — verify a token, accept, reject,
//! or create an account and accept at once; or, signed in, answer an invitation sent to
//! one's verified address from the app (`received`). The invitation is an Organization event;
//! its token is a secret kept hashed in `identity::invitation_tokens`. Accepting adds a
//! membership covering exactly the invited workspaces, in the same command.

use api_core::shapes::NamedWorkspace;
use api_core::{ApiError, AppState};
use event_schemas::WorkspaceId;
use identity::invitation_tokens;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::ids::parse_field_id;
use crate::CommandState;

mod answering;
mod received;
mod sending;

use answering::{accept_as, decline};
pub use answering::{InvitationTokenBody, NewAccountBody};
pub use sending::{EmailInvitation, LinkInvitation};

/// The page the invitee opens (spec §2 `invite-user`).
const INVITE_PAGE: &str = "/invite-user";
const TOKEN_NOT_VALID: &str = "This invitation link is not valid. Ask for a new invitation.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(sending::invite_by_email))
        .routes(routes!(sending::invite_by_link))
        .routes(routes!(sending::cancel))
        .routes(routes!(sending::resend))
        .routes(routes!(answering::verify))
        .routes(routes!(answering::accept))
        .routes(routes!(answering::reject))
        .routes(routes!(answering::create_account_and_accept))
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
