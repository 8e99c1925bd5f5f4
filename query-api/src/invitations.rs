//! `GET /organizations/{organization_id}/invitations/`: the organization's invitations,
//! newest first, for those who may invite; and `GET /organizations/invitations/received/`:
//! the invitations waiting for the signed-in person's answer.

use api_core::access::authorize_organization;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::shapes::NamedWorkspace;
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use domain::permissions::Action;
use serde::Serialize;
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_invitations))
        .routes(routes!(received_invitations))
}

/// Status 1 pending, 2 accepted, 3 rejected, 4 cancelled, 5 expired (a pending one past
/// its expiry).
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/invitations/", tag = "invitations",
    params(("organization_id" = String, Path), PageParams), responses((status = 200, body = Data<Paginated<InvitationRow>>), (status = 400), (status = 403)))]
pub async fn list_invitations(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<InvitationRow>>, ApiError> {
    authorize_organization(
        &state,
        &user,
        &organization_id,
        Action::InviteCollaborators,
        None,
    )
    .await?;
    let page = params.validate()?;
    let count: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM read_invitations WHERE organization_id = $1")
            .bind(&organization_id)
            .fetch_one(&state.db().pool)
            .await?;
    let rows = sqlx::query(
        "SELECT id, email, role, workspaces, status, expires_at, created_at, uses FROM read_invitations \
         WHERE organization_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(&organization_id)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db().pool)
    .await?;
    let now = identity::now_us();
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        let status: i64 = row.try_get("status")?;
        let expires_at: i64 = row.try_get("expires_at")?;
        let role: i64 = row.try_get("role")?;
        let workspaces: String = row.try_get("workspaces")?;
        let email: Option<String> = row.try_get("email")?;
        items.push(InvitationRow {
            id: row.try_get::<String, _>("id")?,
            kind: if email.is_some() {
                InvitationKind::Email
            } else {
                InvitationKind::Link
            },
            email,
            role,
            role_display: api_core::me::role_display(role).to_owned(),
            workspaces: workspaces
                .split(',')
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect(),
            status: if status == 1 && expires_at <= now {
                5
            } else {
                status
            },
            expires_at: api_core::time::iso_datetime(expires_at),
            created_datetime: api_core::time::iso_datetime(row.try_get("created_at")?),
            uses: row.try_get("uses")?,
        });
    }
    Ok(ok(Paginated::new(items, count, page)))
}

/// How an invitation was sent.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvitationKind {
    Email,
    Link,
}

/// An invitation of the organization.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InvitationRow {
    pub id: String,
    pub kind: InvitationKind,
    pub email: Option<String>,
    pub role: i64,
    pub role_display: String,
    pub workspaces: Vec<String>,
    /// 1 pending, 2 accepted, 3 rejected, 4 cancelled, 5 expired.
    pub status: i64,
    pub expires_at: String,
    pub created_datetime: String,
    /// People who joined through it (a link stays open until it expires or is cancelled;
    /// an accepted e-mail invitation counts its one use).
    pub uses: i64,
}

/// An invitation waiting for the signed-in person's answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReceivedInvitation {
    pub id: String,
    pub organization_id: String,
    pub organization_name: String,
    pub role: i64,
    pub role_display: String,
    /// The workspaces it covers that still exist, by name.
    pub workspaces: Vec<String>,
    pub invited_by: String,
    pub created_datetime: String,
    pub expires_at: String,
}

/// Pending e-mail invitations sent to the caller's address, newest first (expired ones
/// left out), to accept or decline in the app (`…/invitations/received/{id}/accept/`).
/// Empty until the address is verified: answering needs it.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/invitations/received/", tag = "invitations",
    responses((status = 200, body = Data<Vec<ReceivedInvitation>>), (status = 401)))]
pub async fn received_invitations(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<Vec<ReceivedInvitation>>>, ApiError> {
    let Some(me) = identity::users::by_id(state.db(), &user.user_id).await? else {
        return Err(ApiError::TokenNotValid("User not found".into()));
    };
    if !me.email_verified {
        return Ok(ok(Vec::new()));
    }
    let rows = sqlx::query(
        "SELECT i.id, i.organization_id, o.name AS organization_name, i.role, i.workspaces, \
         i.created_at, i.expires_at, u.first_name, u.last_name FROM read_invitations i \
         JOIN read_organizations o ON o.id = i.organization_id \
         LEFT JOIN users u ON u.id = i.invited_by \
         WHERE i.status = 1 AND i.expires_at > $1 AND LOWER(TRIM(i.email)) = $2 \
         ORDER BY i.created_at DESC, i.id DESC LIMIT 100",
    )
    .bind(identity::now_us())
    .bind(me.email.trim().to_lowercase())
    .fetch_all(&state.db().pool)
    .await?;
    let mut received = Vec::with_capacity(rows.len());
    for row in rows {
        let role: i64 = row.try_get("role")?;
        let listed: String = row.try_get("workspaces")?;
        let workspaces = NamedWorkspace::listed(state.db(), &listed)
            .await?
            .into_iter()
            .map(|workspace| workspace.name)
            .collect();
        let first: Option<String> = row.try_get("first_name")?;
        let last: Option<String> = row.try_get("last_name")?;
        received.push(ReceivedInvitation {
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            organization_name: row.try_get("organization_name")?,
            role,
            role_display: api_core::me::role_display(role).to_owned(),
            workspaces,
            invited_by: format!("{} {}", first.unwrap_or_default(), last.unwrap_or_default())
                .trim()
                .to_owned(),
            created_datetime: api_core::time::iso_datetime(row.try_get("created_at")?),
            expires_at: api_core::time::iso_datetime(row.try_get("expires_at")?),
        });
    }
    Ok(ok(received))
}
