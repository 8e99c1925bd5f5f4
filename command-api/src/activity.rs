//! The activity log's write side: security facts the identity routes record (sign-ins,
//! failures, password and two-factor changes) and `POST /activity-log/`, the activities
//! only the client sees.
//!
//! Facts go to the log as one-event UserActivity streams (see
//! `event_schemas::user_activity`); the `activity_log` projector lists them with every
//! other event.

use std::net::SocketAddr;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::permissions::Action;
use event_schemas::user_activity::{
    ActivityRecorded, UserActivityEvent, ACTIVITY_TYPE_CHARS_MAX, DESCRIPTION_CHARS_MAX,
};
use event_schemas::{UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::Problems;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(record_activity))
}

/// Appends `fact` about `user_id` to the log. A fact that cannot be recorded fails the
/// request: a sign-in that leaves no trace in the activity log is worse than one retried.
pub(crate) async fn record(
    app: &AppState,
    fact: UserActivityEvent,
    scope: Scope,
) -> Result<(), ApiError> {
    let metadata = EventMetadata {
        actor_id: scope.actor.map(|a| a.to_string()),
        organization_id: scope.organization_id,
        workspace_id: scope.workspace_id.map(|w| w.to_string()),
        request_id: scope.request_id,
        ..Default::default()
    };
    let stream = uuid::Uuid::now_v7().to_string();
    commands::Runner::new(app.store.clone())
        .record_new_fact(&stream, fact, &metadata)
        .await
        .map_err(crate::runner::IntoApiError::into_api_error)
}

/// Where a fact belongs: who acted (none for a failed sign-in) and, for client-reported
/// activities, the organization and workspace it happened in.
#[derive(Default)]
pub(crate) struct Scope {
    pub actor: Option<UserId>,
    pub organization_id: Option<String>,
    pub workspace_id: Option<WorkspaceId>,
    pub request_id: Option<String>,
}

impl Scope {
    pub(crate) fn actor(user_id: &str) -> Self {
        Self {
            actor: user_id.parse().ok(),
            ..Self::default()
        }
    }
}

/// The client's IP address as text, for sign-in facts.
pub(crate) fn ip_text(address: Option<SocketAddr>) -> Option<String> {
    address.map(|a| a.ip().to_string())
}

/// `user_id` as a typed id; ids come from our own tables, so a bad one is a server fault.
pub(crate) fn user_id(raw: &str) -> Result<UserId, ApiError> {
    raw.parse()
        .map_err(|_| ApiError::internal(format!("stored user id {raw:?} is not a UUID")))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ActivityBody {
    /// snake_case, letters, digits and `_`, at most 64 characters (`report_downloaded`).
    pub activity_type: String,
    #[serde(default)]
    pub description: String,
    /// The workspace it happened in; the caller must be a member with `activity_logs`.
    pub workspace_id: String,
}

/// Records an activity the server cannot see (a download opened, a report printed). It is
/// always attributed to the signed-in caller: the body names no user, and a `user_id` in
/// it is refused rather than trusted.
#[utoipa::path(post, path = "/api/v1/activity-log/", tag = "activity-log",
    request_body = ActivityBody,
    responses((status = 201, description = "`data`: the recorded activity", body = Data<RecordedActivity>), (status = 400), (status = 401), (status = 403)))]
pub async fn record_activity(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<Value>,
) -> Result<(StatusCode, Json<Data<RecordedActivity>>), ApiError> {
    if body.get("user_id").is_some() || body.get("user_name").is_some() {
        return Err(ApiError::field(
            "user_id",
            "An activity is always recorded as the signed-in user; leave user_id out.",
        ));
    }
    let body: ActivityBody = serde_json::from_value(body).map_err(|e| {
        let message = e.to_string();
        let field = ["activity_type", "description", "workspace_id"]
            .into_iter()
            .find(|f| message.contains(f))
            .unwrap_or("non_field_errors");
        ApiError::field(field, "This field is required and must be text.")
    })?;
    let mut problems = Problems::default();
    let activity_type = body.activity_type.trim().to_owned();
    let well_formed = !activity_type.is_empty()
        && activity_type.chars().count() <= ACTIVITY_TYPE_CHARS_MAX
        && activity_type
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !well_formed {
        problems.add(
            "activity_type",
            format!("Use 1 to {ACTIVITY_TYPE_CHARS_MAX} lowercase letters, digits or underscores."),
        );
    }
    let description = body.description.trim().to_owned();
    if description.chars().count() > DESCRIPTION_CHARS_MAX {
        problems.add(
            "description",
            format!("Must be at most {DESCRIPTION_CHARS_MAX} characters."),
        );
    }
    let workspace_id: Option<WorkspaceId> = body.workspace_id.trim().parse().ok();
    if workspace_id.is_none() {
        problems.add("workspace_id", "Must be a workspace id.");
    }
    problems.into_result()?;
    let workspace_id = workspace_id.ok_or_else(|| ApiError::internal("checked above"))?;
    let app = &state.app;
    authorize(
        app,
        &user,
        &workspace_id.to_string(),
        Action::ActivityLog,
        None,
    )
    .await?;
    let organization_id: Option<String> =
        api_core::access::organization_of(app, &workspace_id.to_string()).await?;
    let caller = user_id(&user.user_id)?;
    let fact = ActivityRecorded {
        user_id: caller,
        activity_type,
        description,
        organization_id: organization_id.as_deref().and_then(|o| o.parse().ok()),
        workspace_id: Some(workspace_id),
    };
    let answer = RecordedActivity {
        user_id: fact.user_id.to_string(),
        activity_type: fact.activity_type.clone(),
        description: fact.description.clone(),
        workspace_id: workspace_id.to_string(),
    };
    record(
        app,
        UserActivityEvent::ActivityRecorded(fact),
        Scope {
            actor: Some(caller),
            organization_id,
            workspace_id: Some(workspace_id),
            request_id,
        },
    )
    .await?;
    read_your_writes(app, "activity_log").await?;
    Ok((StatusCode::CREATED, ok(answer)))
}

/// The activity as recorded, always as the signed-in user.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RecordedActivity {
    pub user_id: String,
    pub activity_type: String,
    pub description: String,
    pub workspace_id: String,
}
