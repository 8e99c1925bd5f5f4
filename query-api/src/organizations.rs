//! The account service's organization reads (spec §7): organizations the caller belongs
//! to, their workspaces and memberships. A non-member gets 403 and never data.

use api_core::access::require_member;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::shapes::{Organization, Workspace, ORGANIZATION_COLUMNS, WORKSPACE_COLUMNS};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_organizations))
        .routes(routes!(get_organization))
        .routes(routes!(list_workspaces))
        .routes(routes!(get_workspace))
        .routes(routes!(list_memberships))
        .routes(routes!(list_transfers))
}

/// Transfers in which the organization gives or receives a workspace, newest first.
/// Status 1 pending, 2 approved, 3 rejected, 4 closed. Page size 100 unless asked.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/transfers/", tag = "organizations",
    params(("organization_id" = String, Path), PageParams), responses((status = 200, body = Data<Paginated<TransferRow>>), (status = 403)))]
pub async fn list_transfers(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<TransferRow>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let page = PageParams {
        page: params.page.clone(),
        page_size: params.page_size.clone().or(Some("100".into())),
    }
    .validate()?;
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_transfers WHERE source_organization_id = $1 OR target_organization_id = $1",
    )
    .bind(&organization_id)
    .fetch_one(&state.db().pool)
    .await?;
    let rows = sqlx::query(
        "SELECT t.id, t.source_organization_id, t.target_organization_id, t.workspace_id, t.status, t.created_at, \
         w.name AS workspace_name, so.name AS source_name, tg.name AS target_name \
         FROM read_transfers t LEFT JOIN read_workspaces w ON w.id = t.workspace_id \
         LEFT JOIN read_organizations so ON so.id = t.source_organization_id \
         LEFT JOIN read_organizations tg ON tg.id = t.target_organization_id \
         WHERE t.source_organization_id = $1 OR t.target_organization_id = $1 \
         ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(&organization_id)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db().pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| {
            Ok(TransferRow {
                transfer_id: row.try_get::<String, _>("id")?,
                source_organization: row.try_get::<String, _>("source_organization_id")?,
                target_organization: row.try_get::<String, _>("target_organization_id")?,
                source_organization_name: row.try_get::<Option<String>, _>("source_name")?,
                target_organization_name: row.try_get::<Option<String>, _>("target_name")?,
                workspace: row.try_get::<String, _>("workspace_id")?,
                workspace_name: row.try_get::<Option<String>, _>("workspace_name")?,
                status: row.try_get::<i64, _>("status")?,
                created_datetime: api_core::time::iso_datetime(row.try_get("created_at")?),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(ok(Paginated::new(items, count, page)))
}

/// A workspace transfer the organization gives or receives.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferRow {
    pub transfer_id: String,
    pub source_organization: String,
    pub target_organization: String,
    /// The organizations' names, so each side sees whom it deals with.
    pub source_organization_name: Option<String>,
    pub target_organization_name: Option<String>,
    pub workspace: String,
    pub workspace_name: Option<String>,
    /// 1 pending, 2 approved, 3 rejected, 4 closed.
    pub status: i64,
    pub created_datetime: String,
}

/// A membership with the member's name and e-mail.
#[derive(Debug, Serialize, ToSchema)]
pub struct MembershipRow {
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: i64,
    pub role_display: String,
    pub is_active: bool,
    pub workspaces: Vec<String>,
    pub created_datetime: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct OrganizationFilters {
    pub slug: Option<String>,
    pub email: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// The organizations the caller is a member of, filtered by `slug` and `email`.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/", tag = "organizations",
    params(OrganizationFilters), responses((status = 200, body = Data<Paginated<Organization>>), (status = 401)))]
pub async fn list_organizations(
    State(state): State<AppState>,
    user: AuthUser,
    Query(filters): Query<OrganizationFilters>,
) -> Result<Json<PageOf<Organization>>, ApiError> {
    let page = PageParams {
        page: filters.page.clone(),
        page_size: filters.page_size.clone(),
    }
    .validate()?;
    let from = "FROM read_organizations o JOIN read_memberships m ON m.organization_id = o.id \
        WHERE m.user_id = $1 AND m.is_active = 1 \
        AND ($2 = '' OR o.slug = $2) AND ($3 = '' OR LOWER(o.email) = LOWER($3))";
    let slug = filters.slug.unwrap_or_default();
    let email = filters.email.unwrap_or_default();
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}"))
        .bind(&user.user_id)
        .bind(slug.trim())
        .bind(email.trim())
        .fetch_one(&state.db().pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT o.id, o.name, o.slug, o.email, o.location, o.address, o.industry, o.logo_id, \
         o.created_at {from} \
         ORDER BY o.created_at, o.id LIMIT $4 OFFSET $5"
    ))
    .bind(&user.user_id)
    .bind(slug.trim())
    .bind(email.trim())
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db().pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| Organization::from_row(&state, row))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ok(Paginated::new(items, count, page)))
}

#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/", tag = "organizations",
    params(("organization_id" = String, Path)), responses((status = 200, body = Data<Organization>), (status = 403)))]
pub async fn get_organization(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
) -> Result<Json<Data<Organization>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let row = sqlx::query(&format!(
        "SELECT {ORGANIZATION_COLUMNS} FROM read_organizations WHERE id = $1"
    ))
    .bind(&organization_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    Ok(ok(Organization::from_row(&state, &row)?))
}

/// The organization's live workspaces.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/", tag = "organizations",
    params(("organization_id" = String, Path), PageParams), responses((status = 200, body = Data<Paginated<Workspace>>), (status = 403)))]
pub async fn list_workspaces(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<Workspace>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let page = params.validate()?;
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_workspaces WHERE organization_id = $1 AND deleted = 0",
    )
    .bind(&organization_id)
    .fetch_one(&state.db().pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT {WORKSPACE_COLUMNS} FROM read_workspaces \
         WHERE organization_id = $1 AND deleted = 0 ORDER BY created_at, id LIMIT $2 OFFSET $3"
    ))
    .bind(&organization_id)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db().pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| Workspace::from_row(&state, row))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ok(Paginated::new(items, count, page)))
}

#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<Workspace>), (status = 403), (status = 404)))]
pub async fn get_workspace(
    State(state): State<AppState>,
    user: AuthUser,
    Path((organization_id, workspace_id)): Path<(String, String)>,
) -> Result<Json<Data<Workspace>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let row = sqlx::query(&format!(
        "SELECT {WORKSPACE_COLUMNS} FROM read_workspaces \
         WHERE id = $1 AND organization_id = $2 AND deleted = 0"
    ))
    .bind(&workspace_id)
    .bind(&organization_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    Ok(ok(Workspace::from_row(&state, &row)?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct MembershipFilters {
    pub role: Option<String>,
    pub is_active: Option<String>,
    pub workspace_id: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// The organization's memberships with each member's name and e-mail, filtered by
/// `role`, `is_active` and `workspace_id`.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/memberships/", tag = "organizations",
    params(("organization_id" = String, Path), MembershipFilters), responses((status = 200, body = Data<Paginated<MembershipRow>>), (status = 400), (status = 403)))]
pub async fn list_memberships(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
    Query(filters): Query<MembershipFilters>,
) -> Result<Json<PageOf<MembershipRow>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let page = PageParams {
        page: filters.page.clone(),
        page_size: filters.page_size.clone(),
    }
    .validate()?;
    let role: i64 = match filters.role.as_deref().map(str::trim) {
        None | Some("") => -1,
        Some(raw) => match raw.parse::<i64>() {
            Ok(r @ 0..=2) => r,
            _ => return Err(ApiError::field("role", "Role must be 0, 1 or 2.")),
        },
    };
    let active: i64 = match filters.is_active.as_deref().map(str::trim) {
        None | Some("") => -1,
        Some("true" | "1" | "True") => 1,
        Some("false" | "0" | "False") => 0,
        Some(_) => return Err(ApiError::field("is_active", "Must be true or false.")),
    };
    let workspace = filters.workspace_id.unwrap_or_default();
    let from = "FROM read_memberships m JOIN users u ON u.id = m.user_id \
        WHERE m.organization_id = $1 AND ($2 < 0 OR m.role = $2) AND ($3 < 0 OR m.is_active = $3) \
        AND ($4 = '' OR EXISTS (SELECT 1 FROM read_membership_workspaces c \
             WHERE c.membership_id = m.id AND c.workspace_id = $4))";
    let count: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {from}"))
        .bind(&organization_id)
        .bind(role)
        .bind(active)
        .bind(workspace.trim())
        .fetch_one(&state.db().pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT m.id, m.user_id, m.role, m.is_active, m.created_at, u.email, u.first_name, u.last_name {from} \
         ORDER BY m.created_at, m.id LIMIT $5 OFFSET $6"
    ))
    .bind(&organization_id)
    .bind(role)
    .bind(active)
    .bind(workspace.trim())
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(&state.db().pool)
    .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        let id: String = row.try_get("id")?;
        let workspaces: Vec<String> = sqlx::query_scalar(
            "SELECT workspace_id FROM read_membership_workspaces WHERE membership_id = $1 ORDER BY workspace_id",
        )
        .bind(&id)
        .fetch_all(&state.db().pool)
        .await?;
        let role: i64 = row.try_get("role")?;
        items.push(MembershipRow {
            id,
            user_id: row.try_get::<String, _>("user_id")?,
            email: row.try_get::<String, _>("email")?,
            first_name: row.try_get::<String, _>("first_name")?,
            last_name: row.try_get::<String, _>("last_name")?,
            role,
            role_display: api_core::me::role_display(role).to_owned(),
            is_active: row.try_get::<i64, _>("is_active")? == 1,
            workspaces,
            created_datetime: api_core::time::iso_datetime(row.try_get("created_at")?),
        });
    }
    Ok(ok(Paginated::new(items, count, page)))
}
