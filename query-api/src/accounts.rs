//! The account service's reads about the caller (spec §7): `/me/`, `/me/workspaces/`,
//! and the reference content `/services/` and `/choices/description/`.

use api_core::auth::AuthUser;
use api_core::error::data;
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Query, State};
use axum::Json;
use identity::users;
use serde_json::{json, Value};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(me))
        .routes(routes!(my_workspaces))
        .routes(routes!(services))
        .routes(routes!(choices))
}

/// The signed-in user: profile fields of spec §3 and memberships.
#[utoipa::path(get, path = "/api/v1/accounts/me/", tag = "accounts",
    responses((status = 200), (status = 401)))]
pub async fn me(State(state): State<AppState>, user: AuthUser) -> Result<Json<Value>, ApiError> {
    let found = users::by_id(state.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    Ok(data(api_core::me::profile_json(&state, &found).await?))
}

/// The workspaces the caller's memberships cover (spec §3 "Workspace"): `latest` marks
/// the one they last switched to; `is_invited` those of organizations they joined by
/// invitation rather than founded.
#[utoipa::path(get, path = "/api/v1/accounts/me/workspaces/", tag = "accounts",
    responses((status = 200), (status = 401)))]
pub async fn my_workspaces(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Value>, ApiError> {
    let latest = users::by_id(state.db(), &user.user_id)
        .await?
        .and_then(|u| u.latest_workspace_id);
    let rows: Vec<(String, String, String, i64, String)> = sqlx::query_as(
        "SELECT w.id, w.organization_id, w.name, m.role, o.created_by FROM read_membership_workspaces c \
         JOIN read_memberships m ON m.id = c.membership_id \
         JOIN read_workspaces w ON w.id = c.workspace_id \
         JOIN read_organizations o ON o.id = w.organization_id \
         WHERE c.user_id = $1 AND m.is_active = 1 AND w.deleted = 0 \
         ORDER BY w.created_at, w.id",
    )
    .bind(&user.user_id)
    .fetch_all(&state.db().pool)
    .await?;
    let workspaces: Vec<Value> = rows
        .into_iter()
        .map(|(id, organization_id, name, role, founder)| {
            json!({
                "latest": latest.as_deref() == Some(id.as_str()),
                "id": id,
                "organization_id": organization_id,
                "role": role,
                "role_display": api_core::me::role_display(role),
                "is_invited": founder != user.user_id,
                "name": name,
                "image": { "absolute_url": null },
            })
        })
        .collect();
    Ok(data(workspaces))
}

/// The product's two services (spec §1), paginated like every list.
#[utoipa::path(get, path = "/api/v1/accounts/services/", tag = "accounts",
    params(PageParams), responses((status = 200)))]
pub async fn services(Query(params): Query<PageParams>) -> Result<Json<Value>, ApiError> {
    let page = params.validate()?;
    let all = [
        json!({
            "id": "accounting", "name": "Accounting",
            "description": "Keep the books: chart of accounts, budgets, journal entries, general ledger, trial balance, payroll, income and expense summaries, asset schedule, debt management and financial reports.",
            "home": "/dashboard",
        }),
        json!({
            "id": "audit", "name": "Audit",
            "description": "Audit a workspace: open audit sessions that replay its history, test every journal entry, pin findings to the tamper-evident log and share a read-only result by link.",
            "home": "/audit",
        }),
    ];
    let count = all.len() as i64;
    let items: Vec<Value> = all
        .into_iter()
        .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
        .take(page.page_size as usize)
        .collect();
    Ok(data(Paginated::new(items, count, page)))
}

/// Choice lists with descriptions: roles, personas and the statuses of invitations and
/// workspace transfers.
#[utoipa::path(get, path = "/api/v1/accounts/choices/description/", tag = "accounts",
    responses((status = 200)))]
pub async fn choices() -> Json<Value> {
    data(json!({
        "roles": [
            {"value": 0, "label": "Viewer", "description": "Reads the books, reports and general ledger, and works in audit sessions. Changes nothing."},
            {"value": 1, "label": "Editor", "description": "Everything a Viewer does, plus drafting journal entries, editing general ledgers and reading payroll."},
            {"value": 2, "label": "Admin", "description": "Everything, including posting entries, the chart of accounts, members and their roles, workspace settings and billing."}
        ],
        "personas": [
            {"value": 0, "label": "Business owner", "description": "Runs the business and keeps an eye on its numbers."},
            {"value": 1, "label": "Accountant", "description": "Keeps the books, posts entries and prepares reports."},
            {"value": 2, "label": "Auditor", "description": "Examines the books and their history, and reports findings."}
        ],
        "invitation_statuses": [
            {"value": 1, "label": "Pending", "description": "Sent and waiting for an answer; expires after 7 days unless resent."},
            {"value": 2, "label": "Accepted", "description": "The invitee joined the workspaces."},
            {"value": 3, "label": "Rejected", "description": "The invitee declined."},
            {"value": 4, "label": "Cancelled", "description": "Withdrawn by an Admin before it was answered."},
            {"value": 5, "label": "Expired", "description": "Not answered in time."}
        ],
        "transfer_statuses": [
            {"value": 1, "label": "Pending", "description": "Requested; waiting for an Admin of the target organization."},
            {"value": 2, "label": "Approved", "description": "The workspace moved to the target organization with its books untouched."},
            {"value": 3, "label": "Rejected", "description": "The target organization declined the workspace."},
            {"value": 4, "label": "Cancelled", "description": "Closed without a move."}
        ]
    }))
}
