//! An organization's set-up checklist and engagement figures (spec §7), read from the
//! read models: the books say whether a step is done; the organization records only
//! which steps were skipped and whether the checklist is dismissed.

use api_core::access::require_member;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use domain::organization::SETUP_STEPS;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(setup_progress))
        .routes(routes!(user_engagement))
}

/// Events of `event_type` in the organization's live workspaces, from `log_stats`.
async fn events_of(
    app: &AppState,
    organization_id: &str,
    event_type: &str,
) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(s.events), 0) AS BIGINT) FROM read_log_stats s JOIN read_workspaces w ON w.id = s.workspace_id \
         WHERE w.organization_id = $1 AND w.deleted = 0 AND s.event_type = $2",
    )
    .bind(organization_id)
    .bind(event_type)
    .fetch_one(&app.db().pool)
    .await?)
}

async fn count(app: &AppState, sql: &str, organization_id: &str) -> Result<i64, ApiError> {
    Ok(sqlx::query_scalar(sql)
        .bind(organization_id)
        .fetch_one(&app.db().pool)
        .await?)
}

fn step_text(key: &str) -> (&'static str, &'static str) {
    match key {
        "create_workspace" => ("Create a workspace", "A workspace holds one set of books."),
        "complete_profile" => (
            "Complete your profile",
            "Add your address, location, persona and phone number.",
        ),
        "set_up_chart_of_accounts" => (
            "Set up the chart of accounts",
            "Start from the default chart or build your own.",
        ),
        "invite_collaborators" => (
            "Invite collaborators",
            "Bring in your accountant, team or auditor.",
        ),
        "post_first_entry" => (
            "Post your first journal entry",
            "Record a transaction to see your books come alive.",
        ),
        _ => (
            "Choose a plan",
            "Pick the plan that fits your organization.",
        ),
    }
}

/// The set-up checklist: each step with whether the books show it done or it was
/// skipped, and the share completed.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/setup-progress/", tag = "organizations",
    params(("organization_id" = String, Path)), responses((status = 200, body = Data<SetupProgress>), (status = 403)))]
pub async fn setup_progress(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
) -> Result<Json<Data<SetupProgress>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let app = &state;
    let stored: Option<(String, i64)> = sqlx::query_as(
        "SELECT skipped_steps, dismissed FROM read_setup_progress WHERE organization_id = $1",
    )
    .bind(&organization_id)
    .fetch_optional(&app.db().pool)
    .await?;
    let (skipped, dismissed) = stored.unwrap_or_default();
    let skipped: Vec<&str> = skipped.split(',').filter(|s| !s.is_empty()).collect();
    let me = identity::users::by_id(app.db(), &user.user_id).await?;
    let profile_done = me.is_some_and(|u| {
        u.address.is_some()
            && u.location.is_some()
            && u.persona.is_some()
            && u.phone_number.is_some()
    });
    let workspaces = count(
        app,
        "SELECT COUNT(*) FROM read_workspaces WHERE organization_id = $1 AND deleted = 0",
        &organization_id,
    )
    .await?;
    let members = count(
        app,
        "SELECT COUNT(*) FROM read_memberships WHERE organization_id = $1 AND is_active = 1",
        &organization_id,
    )
    .await?;
    let invitations = count(
        app,
        "SELECT COUNT(*) FROM read_invitations WHERE organization_id = $1",
        &organization_id,
    )
    .await?;
    let chart = events_of(app, &organization_id, "DefaultChartSetUp").await?
        + events_of(app, &organization_id, "AccountCreated").await?;
    let posted = events_of(app, &organization_id, "JournalEntryPosted").await?;
    let subscribed = count(
        app,
        "SELECT COUNT(*) FROM read_subscriptions WHERE organization_id = $1",
        &organization_id,
    )
    .await?;
    let mut steps = Vec::new();
    let mut finished = 0;
    for key in SETUP_STEPS {
        let completed = match key {
            "create_workspace" => workspaces > 0,
            "complete_profile" => profile_done,
            "set_up_chart_of_accounts" => chart > 0,
            "invite_collaborators" => members > 1 || invitations > 0,
            "post_first_entry" => posted > 0,
            // Any plan ever taken (Basic included); the default Professional is not a choice.
            "choose_plan" => subscribed > 0,
            _ => false,
        };
        let is_skipped = skipped.contains(&key);
        if completed || is_skipped {
            finished += 1;
        }
        let (title, description) = step_text(key);
        steps.push(SetupStep {
            key: (*key).to_owned(),
            title: title.to_owned(),
            description: description.to_owned(),
            completed,
            skipped: is_skipped,
        });
    }
    let total = SETUP_STEPS.len();
    Ok(ok(SetupProgress {
        steps,
        completed: finished,
        total,
        percent: finished * 100 / total,
        dismissed: dismissed != 0,
    }))
}

/// Engagement figures from the log and read models: members, workspaces, pending
/// invitations, entries posted, events recorded, and the last activity.
#[utoipa::path(get, path = "/api/v1/accounts/organizations/{organization_id}/user-engagement/", tag = "organizations",
    params(("organization_id" = String, Path)), responses((status = 200, body = Data<UserEngagement>), (status = 403)))]
pub async fn user_engagement(
    State(state): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
) -> Result<Json<Data<UserEngagement>>, ApiError> {
    require_member(&state, &user, &organization_id).await?;
    let app = &state;
    let members = count(
        app,
        "SELECT COUNT(*) FROM read_memberships WHERE organization_id = $1 AND is_active = 1",
        &organization_id,
    )
    .await?;
    let workspaces = count(
        app,
        "SELECT COUNT(*) FROM read_workspaces WHERE organization_id = $1 AND deleted = 0",
        &organization_id,
    )
    .await?;
    let pending = sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM read_invitations WHERE organization_id = $1 AND status = 1 AND expires_at > $2",
    )
    .bind(&organization_id)
    .bind(identity::now_us())
    .fetch_one(&app.db().pool)
    .await?;
    let entries_posted = events_of(app, &organization_id, "JournalEntryPosted").await?;
    let (events, last): (i64, Option<i64>) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(s.events), 0) AS BIGINT), MAX(s.last_recorded_at) FROM read_log_stats s \
         JOIN read_workspaces w ON w.id = s.workspace_id WHERE w.organization_id = $1 AND w.deleted = 0",
    )
    .bind(&organization_id)
    .fetch_one(&app.db().pool)
    .await?;
    Ok(ok(UserEngagement {
        members,
        workspaces,
        pending_invitations: pending,
        entries_posted,
        events_recorded: events,
        last_activity: last.map(api_core::time::iso_datetime),
    }))
}

/// A step of the set-up checklist.
#[derive(Debug, Serialize, ToSchema)]
pub struct SetupStep {
    pub key: String,
    pub title: String,
    pub description: String,
    /// The books show it done.
    pub completed: bool,
    pub skipped: bool,
}

/// The set-up checklist and the share finished (completed or skipped).
#[derive(Debug, Serialize, ToSchema)]
pub struct SetupProgress {
    pub steps: Vec<SetupStep>,
    pub completed: usize,
    pub total: usize,
    pub percent: usize,
    pub dismissed: bool,
}

/// Engagement figures of an organization.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserEngagement {
    pub members: i64,
    pub workspaces: i64,
    pub pending_invitations: i64,
    pub entries_posted: i64,
    pub events_recorded: i64,
    pub last_activity: Option<String>,
}
