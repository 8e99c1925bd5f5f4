//! The account service's reads about the caller (spec §7): `/me/`, `/me/workspaces/`,
//! and the reference content `/services/` and `/choices/description/`.

use api_core::auth::AuthUser;
use api_core::me::Profile;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::shapes::ShownImage;
use api_core::{ApiError, AppState};
use axum::extract::{Query, State};
use axum::Json;
use identity::users;
use serde::Serialize;
use utoipa::ToSchema;
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
    responses((status = 200, body = Data<Profile>), (status = 401)))]
pub async fn me(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<Profile>>, ApiError> {
    let found = users::by_id(state.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    Ok(ok(api_core::me::profile(&state, &found).await?))
}

/// A workspace the caller can open.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyWorkspace {
    /// The one the caller last switched to.
    pub latest: bool,
    pub id: String,
    pub organization_id: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: i64,
    pub role_display: String,
    /// Of an organization the caller joined by invitation rather than founded.
    pub is_invited: bool,
    pub name: String,
    pub image: ShownImage,
    /// The IANA zone its times are read in (`Africa/Lagos`): the one an Admin set, else
    /// its organization's country's.
    pub time_zone: String,
}

/// A `/me/workspaces/` row: id, organization, name, role, founder, image, chosen zone and
/// the organization's location.
type MyWorkspaceRow = (
    String,
    String,
    String,
    i64,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// One of the product's services.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Service {
    pub id: String,
    pub name: String,
    pub description: String,
    /// The UI route the service opens at.
    pub home: String,
}

/// A choice of a choice list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Choice {
    pub value: i64,
    pub label: String,
    pub description: String,
}

/// The choice lists with descriptions.
#[derive(Debug, Serialize, ToSchema)]
pub struct Choices {
    pub roles: Vec<Choice>,
    pub personas: Vec<Choice>,
    pub invitation_statuses: Vec<Choice>,
    pub transfer_statuses: Vec<Choice>,
}

fn choice_list(items: &[(i64, &str, &str)]) -> Vec<Choice> {
    items
        .iter()
        .map(|&(value, label, description)| Choice {
            value,
            label: label.to_owned(),
            description: description.to_owned(),
        })
        .collect()
}

/// The workspaces the caller's memberships cover (spec §3 "Workspace"): `latest` marks
/// the one they last switched to; `is_invited` those of organizations they joined by
/// invitation rather than founded.
#[utoipa::path(get, path = "/api/v1/accounts/me/workspaces/", tag = "accounts",
    responses((status = 200, body = Data<Vec<MyWorkspace>>), (status = 401)))]
pub async fn my_workspaces(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<Vec<MyWorkspace>>>, ApiError> {
    let latest = users::by_id(state.db(), &user.user_id)
        .await?
        .and_then(|u| u.latest_workspace_id);
    let rows: Vec<MyWorkspaceRow> = sqlx::query_as(
        "SELECT w.id, w.organization_id, w.name, m.role, o.created_by, w.image_id, w.time_zone, o.location \
         FROM read_membership_workspaces c \
         JOIN read_memberships m ON m.id = c.membership_id \
         JOIN read_workspaces w ON w.id = c.workspace_id \
         JOIN read_organizations o ON o.id = w.organization_id \
         WHERE c.user_id = $1 AND m.is_active = 1 AND w.deleted = 0 \
         ORDER BY w.created_at, w.id",
    )
    .bind(&user.user_id)
    .fetch_all(&state.db().pool)
    .await?;
    let workspaces = rows
        .into_iter()
        .map(
            |(id, organization_id, name, role, founder, image_id, zone, location)| MyWorkspace {
                time_zone: domain::time_zone::effective_time_zone(
                    zone.as_deref(),
                    location.as_deref(),
                )
                .name()
                .to_owned(),
                latest: latest.as_deref() == Some(id.as_str()),
                id,
                organization_id,
                role,
                role_display: api_core::me::role_display(role).to_owned(),
                is_invited: founder != user.user_id,
                name,
                image: ShownImage::of(&state, image_id.as_deref()),
            },
        )
        .collect();
    Ok(ok(workspaces))
}

/// The product's two services (spec §1), paginated like every list.
#[utoipa::path(get, path = "/api/v1/accounts/services/", security(()), tag = "accounts",
    params(PageParams), responses((status = 200, body = Data<Paginated<Service>>), (status = 400)))]
pub async fn services(Query(params): Query<PageParams>) -> Result<Json<PageOf<Service>>, ApiError> {
    let page = params.validate()?;
    let service = |id: &str, name: &str, description: &str, home: &str| Service {
        id: id.to_owned(),
        name: name.to_owned(),
        description: description.to_owned(),
        home: home.to_owned(),
    };
    let all = [
        service(
            "accounting", "Accounting",
            "Keep the books: chart of accounts, budgets, journal entries, general ledger, trial balance, payroll, income and expense summaries, asset schedule, debt management and financial reports.",
            "/dashboard",
        ),
        service(
            "audit", "Audit",
            "Audit a workspace: open audit sessions that replay its history, test every journal entry, pin findings to the tamper-evident log and share a read-only result by link.",
            "/audit",
        ),
    ];
    let count = all.len() as i64;
    let items: Vec<Service> = all
        .into_iter()
        .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
        .take(page.page_size as usize)
        .collect();
    Ok(ok(Paginated::new(items, count, page)))
}

/// Choice lists with descriptions: roles, personas and the statuses of invitations and
/// workspace transfers.
#[utoipa::path(get, path = "/api/v1/accounts/choices/description/", security(()), tag = "accounts",
    responses((status = 200, body = Data<Choices>)))]
pub async fn choices() -> Json<Data<Choices>> {
    ok(Choices {
        roles: choice_list(&[
            (0, "Viewer", "Reads the books, reports and general ledger, and works in audit sessions. Changes nothing."),
            (1, "Editor", "Everything a Viewer does, plus drafting journal entries, editing general ledgers and reading payroll."),
            (2, "Admin", "Everything, including posting entries, the chart of accounts, members and their roles, workspace settings and billing."),
        ]),
        personas: choice_list(&[
            (0, "Business owner", "Runs the business and keeps an eye on its numbers."),
            (1, "Accountant", "Keeps the books, posts entries and prepares reports."),
            (2, "Auditor", "Examines the books and their history, and reports findings."),
        ]),
        invitation_statuses: choice_list(&[
            (1, "Pending", "Sent and waiting for an answer; expires after 7 days unless resent."),
            (2, "Accepted", "The invitee joined the workspaces."),
            (3, "Rejected", "The invitee declined."),
            (4, "Cancelled", "Withdrawn by an Admin before it was answered."),
            (5, "Expired", "Not answered in time."),
        ]),
        transfer_statuses: choice_list(&[
            (1, "Pending", "Requested; waiting for an Admin of the target organization."),
            (2, "Approved", "The workspace moved to the target organization with its books untouched."),
            (3, "Rejected", "The target organization declined the workspace."),
            (4, "Cancelled", "Closed without a move."),
        ]),
    })
}
