//! `GET /activity-log/` (spec §7: filters user_id, activity_type, user_name, page,
//! page_size; here also a date range) and `GET /activity-log/{id}/`, the event behind one
//! row, for the detail drawer. Requires `activity_logs` in the workspace asked about.
//!
//! What a caller sees from workspace W of organization O: W's events, O's events that
//! belong to no workspace (members, invitations, the organization's profile), their own
//! security facts, and — for W's Admins — the security facts of W's members (a failed
//! sign-in on a colleague's account is exactly what an administrator must notice).
//! Nothing of another organization, another workspace, or another user's private facts.

use api_core::access::{authorize, WorkspaceAccess};
use api_core::auth::AuthUser;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::NaiveDate;
use domain::permissions::{Action, Role};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_activity))
        .routes(routes!(get_activity))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct ActivityFilters {
    /// The workspace whose log to read; the caller's latest workspace when absent.
    pub workspace_id: Option<String>,
    pub user_id: Option<String>,
    /// `journal_entry_posted`, `user_signed_in`, … (see the rows' `activity_type`).
    pub activity_type: Option<String>,
    /// Part of the user's name, any case.
    pub user_name: Option<String>,
    /// First day (`YYYY-MM-DD`, UTC), inclusive.
    pub from: Option<String>,
    /// Last day (`YYYY-MM-DD`, UTC), inclusive.
    pub to: Option<String>,
}

/// The visibility rule of the module doc as SQL over `a` (the log) with `$1` = workspace,
/// `$2` = organization, `$3` = caller.
fn visible_to(access: &WorkspaceAccess) -> String {
    let members = if access.role == Role::Admin {
        " OR (a.aggregate_type = 'UserActivity' AND a.organization_id IS NULL \
         AND a.user_id IN (SELECT c.user_id FROM read_membership_workspaces c \
         WHERE c.workspace_id = $1))"
    } else {
        ""
    };
    format!(
        "(a.workspace_id = $1 OR (a.workspace_id IS NULL AND a.organization_id = $2) \
         OR (a.workspace_id IS NULL AND a.organization_id IS NULL AND a.user_id = $3){members})"
    )
}

/// The caller's standing in the workspace asked about (or their latest one), and its
/// organization.
async fn scope(
    state: &AppState,
    user: &AuthUser,
    workspace_id: Option<&str>,
) -> Result<(String, String, WorkspaceAccess), ApiError> {
    let workspace_id = match workspace_id.map(str::trim).filter(|w| !w.is_empty()) {
        Some(id) => id.to_owned(),
        None => identity::users::by_id(state.db(), &user.user_id)
            .await?
            .and_then(|u| u.latest_workspace_id)
            .ok_or_else(|| ApiError::field("workspace_id", "Choose a workspace."))?,
    };
    let access = authorize(state, user, &workspace_id, Action::ActivityLog, None).await?;
    let organization_id: String = api_core::access::organization_of(state, &workspace_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Workspace not found.".into()))?;
    Ok((workspace_id, organization_id, access))
}

fn day(field: &str, value: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    api_core::time::optional_date(field, value)
}

fn micros_at_start(date: NaiveDate) -> i64 {
    date.and_hms_opt(0, 0, 0)
        .map(|d| d.and_utc().timestamp_micros())
        .unwrap_or_default()
}

const ROW: &str = "a.position, a.recorded_at, a.workspace_id, a.user_id, a.activity_type, \
    a.summary, a.aggregate_type, a.aggregate_id, a.event_type, \
    u.first_name, u.last_name";

/// One row of the activity log.
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityRow {
    /// The event's position in the log, as text.
    pub id: String,
    pub user_id: Option<String>,
    /// Empty when the actor is unknown.
    pub user_name: String,
    pub activity_type: String,
    pub description: String,
    pub created_datetime: String,
    pub workspace_id: Option<String>,
    pub event_type: String,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub position: i64,
}

/// A row with the event's payload (which never holds a secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityDetail {
    #[serde(flatten)]
    pub row: ActivityRow,
    pub details: Value,
}

fn row_json(row: &sqlx::any::AnyRow) -> Result<ActivityRow, sqlx::Error> {
    let first: Option<String> = row.try_get("first_name")?;
    let last: Option<String> = row.try_get("last_name")?;
    let user_name = match (first, last) {
        (Some(f), Some(l)) => format!("{f} {l}").trim().to_owned(),
        _ => String::new(),
    };
    let position: i64 = row.try_get("position")?;
    Ok(ActivityRow {
        id: position.to_string(),
        user_id: row.try_get::<Option<String>, _>("user_id")?,
        user_name,
        activity_type: row.try_get::<String, _>("activity_type")?,
        description: row.try_get::<String, _>("summary")?,
        created_datetime: api_core::time::iso_datetime(row.try_get("recorded_at")?),
        workspace_id: row.try_get::<Option<String>, _>("workspace_id")?,
        event_type: row.try_get::<String, _>("event_type")?,
        aggregate_type: row.try_get::<String, _>("aggregate_type")?,
        aggregate_id: row.try_get::<String, _>("aggregate_id")?,
        position,
    })
}

/// The workspace's activity, newest first.
#[utoipa::path(get, path = "/api/v1/activity-log/", tag = "activity-log",
    params(ActivityFilters, PageParams),
    responses((status = 200, body = Data<Paginated<ActivityRow>>),
        (status = 400), (status = 401), (status = 403)))]
pub async fn list_activity(
    State(state): State<AppState>,
    user: AuthUser,
    Query(filters): Query<ActivityFilters>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<ActivityRow>>, ApiError> {
    let page = params.validate()?;
    let from = day("from", filters.from.as_deref())?;
    let to = day("to", filters.to.as_deref())?;
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(ApiError::field("to", "Must be on or after from."));
        }
    }
    let (workspace_id, organization_id, access) =
        scope(&state, &user, filters.workspace_id.as_deref()).await?;
    // Sign-in facts are written by routes that answer without waiting for the log's
    // readers; the log a user opens right after must already show them.
    read_your_writes(&state, "activity_log").await?;
    let mut clauses = vec![visible_to(&access)];
    let mut binds: Vec<Bind> = vec![
        Bind::Text(workspace_id),
        Bind::Text(organization_id),
        Bind::Text(user.user_id.clone()),
    ];
    let mut push = |clause: &str, value: Bind| {
        binds.push(value);
        clauses.push(clause.replace('?', &format!("${}", binds.len())));
    };
    if let Some(id) = text(&filters.user_id) {
        push("a.user_id = ?", Bind::Text(id));
    }
    if let Some(kind) = text(&filters.activity_type) {
        push("a.activity_type = ?", Bind::Text(kind));
    }
    if let Some(name) = text(&filters.user_name) {
        let pattern = format!("%{}%", name.to_lowercase().replace(['%', '_'], ""));
        push(
            "LOWER(u.first_name || ' ' || u.last_name) LIKE ?",
            Bind::Text(pattern),
        );
    }
    if let Some(from) = from {
        push("a.recorded_at >= ?", Bind::Int(micros_at_start(from)));
    }
    if let Some(to) = to.and_then(|d| d.succ_opt()) {
        push("a.recorded_at < ?", Bind::Int(micros_at_start(to)));
    }
    let filter = clauses.join(" AND ");
    let from_sql = "FROM read_activity_log a LEFT JOIN users u ON u.id = a.user_id";
    let pool = &state.db().pool;
    let count_sql = format!("SELECT COUNT(*) {from_sql} WHERE {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for value in &binds {
        count = value.bind_scalar(count);
    }
    let count = count.fetch_one(pool).await?;
    let rows_sql = format!(
        "SELECT {ROW} {from_sql} WHERE {filter} ORDER BY a.position DESC LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    );
    let mut rows = sqlx::query(&rows_sql);
    for value in &binds {
        rows = value.bind(rows);
    }
    let rows = rows.fetch_all(pool).await?;
    let items = rows.iter().map(row_json).collect::<Result<Vec<_>, _>>()?;
    Ok(ok(Paginated::new(items, count, page)))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct DetailParams {
    pub workspace_id: Option<String>,
}

/// One row with the event behind it: its payload (which never holds a secret), when and
/// by whom.
#[utoipa::path(get, path = "/api/v1/activity-log/{id}/", tag = "activity-log",
    params(("id" = String, Path), DetailParams),
    responses((status = 200, description = "The row plus `details`, the event's payload", body = Data<ActivityDetail>), (status = 401), (status = 403), (status = 404)))]
pub async fn get_activity(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Query(params): Query<DetailParams>,
) -> Result<Json<Data<ActivityDetail>>, ApiError> {
    let not_found = || ApiError::NotFound("Activity not found.".into());
    let position: i64 = id.trim().parse().map_err(|_| not_found())?;
    let (workspace_id, organization_id, access) =
        scope(&state, &user, params.workspace_id.as_deref()).await?;
    read_your_writes(&state, "activity_log").await?;
    let sql = format!(
        "SELECT {ROW}, a.details FROM read_activity_log a LEFT JOIN users u ON u.id = a.user_id \
         WHERE {} AND a.position = $4",
        visible_to(&access)
    );
    let row = sqlx::query(&sql)
        .bind(&workspace_id)
        .bind(&organization_id)
        .bind(&user.user_id)
        .bind(position)
        .fetch_optional(&state.db().pool)
        .await?
        .ok_or_else(not_found)?;
    let details: String = row.try_get("details")?;
    Ok(ok(ActivityDetail {
        row: row_json(&row)?,
        details: serde_json::from_str(&details).unwrap_or(Value::Null),
    }))
}

fn text(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

/// A bound value of a dynamically built filter.
enum Bind {
    Text(String),
    Int(i64),
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;
type AnyScalar<'q> = sqlx::query::QueryScalar<'q, sqlx::Any, i64, sqlx::any::AnyArguments<'q>>;

impl Bind {
    fn bind<'q>(&'q self, query: AnyQuery<'q>) -> AnyQuery<'q> {
        match self {
            Bind::Text(v) => query.bind(v),
            Bind::Int(v) => query.bind(*v),
        }
    }

    fn bind_scalar<'q>(&'q self, query: AnyScalar<'q>) -> AnyScalar<'q> {
        match self {
            Bind::Text(v) => query.bind(v),
            Bind::Int(v) => query.bind(*v),
        }
    }
}
