//! `GET /organizations/{organization_id}/invitations/`: the organization's invitations,
//! newest first, for those who may invite.

use api_core::access::authorize_organization;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
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
    OpenApiRouter::new().routes(routes!(list_invitations))
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
