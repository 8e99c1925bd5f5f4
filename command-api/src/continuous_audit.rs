//! Continuous audit, write side: turn a workspace's monitoring on or off, choose the
//! band that notifies its Admins, and the tests' parameters. Needs the audit service
//! (`audit_service_access`, role and plan) and a role that writes: Viewers may read
//! audits but not change what everyone is told.
//!
//! The settings stream is the workspace's (`domain::continuous_audit`); each `PUT` writes
//! the whole configuration, and the same configuration again writes nothing.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use domain::continuous_audit::{self, Configure, ContinuousAudit, ContinuousAuditError, Settings};
use domain::permissions::Action;
use event_schemas::continuous_audit::{NotifyBand, APPROVAL_THRESHOLDS_MAX};
use event_schemas::{UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::Problems;
use crate::audit_sessions::amount;
use crate::audit_time_zone::timing_zone;
use crate::ids::parse_id;
use crate::runner::{execute, IntoApiError};
use crate::CommandState;

/// The reactor whose tables answer the settings read (read-your-writes waits for it).
const READ_MODEL: &str = "continuous_audit";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(configure))
}

/// The whole configuration; what is left out takes its default.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ConfigureBody {
    /// Whether new entries are scored as they are posted.
    pub enabled: bool,
    /// `medium` or `high` (default): entries scored in it or above are flagged and the
    /// workspace's Admins notified.
    #[serde(default)]
    pub notify_from: Option<String>,
    /// Decimal strings in the workspace currency; without materiality, size is no signal.
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub materiality: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub performance_materiality: Option<String>,
    #[serde(default)]
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub approval_thresholds: Vec<String>,
    /// The IANA zone (`Africa/Lagos`) the timing tests read posting times in; the
    /// workspace's zone when absent (and no `utc_offset_seconds` is given).
    #[serde(default)]
    pub time_zone: Option<String>,
    /// A fixed offset from UTC in seconds (Lagos 3600) instead of a zone, for clients
    /// that predate zones; ignored when `time_zone` is given.
    #[serde(default)]
    pub utc_offset_seconds: Option<i32>,
    /// The tests' parameters, as an audit session takes them.
    #[serde(default)]
    pub params: Option<Value>,
}

/// What was put in force.
#[derive(Serialize, utoipa::ToSchema)]
pub struct ConfiguredView {
    pub workspace_id: String,
    pub enabled: bool,
    pub notify_from: String,
    /// Whether this request changed anything (the same settings again write nothing).
    pub changed: bool,
}

fn optional_amount(
    problems: &mut Problems,
    field: &str,
    raw: Option<&str>,
) -> Option<rust_decimal::Decimal> {
    let raw = raw.filter(|r| !r.trim().is_empty())?;
    amount(problems, field, raw)
}

/// The settings a request asks for; problems name their field.
async fn parse(
    app: &AppState,
    workspace_id: &str,
    body: &ConfigureBody,
) -> Result<Settings, ApiError> {
    let mut problems = Problems::default();
    let timing = timing_zone(
        app,
        workspace_id,
        body.time_zone.as_deref(),
        body.utc_offset_seconds,
        &mut problems,
    )
    .await?;
    let notify_from = match body.notify_from.as_deref().map(str::trim) {
        None | Some("") => continuous_audit::NOTIFY_FROM_DEFAULT,
        Some(raw) => NotifyBand::parse(raw).unwrap_or_else(|| {
            problems.add("notify_from", "Notify from medium or high.");
            continuous_audit::NOTIFY_FROM_DEFAULT
        }),
    };
    let materiality = optional_amount(&mut problems, "materiality", body.materiality.as_deref());
    let performance_materiality = optional_amount(
        &mut problems,
        "performance_materiality",
        body.performance_materiality.as_deref(),
    );
    if body.approval_thresholds.len() > APPROVAL_THRESHOLDS_MAX {
        problems.add(
            "approval_thresholds",
            format!("List at most {APPROVAL_THRESHOLDS_MAX} thresholds."),
        );
    }
    let mut approval_thresholds = Vec::new();
    for (i, raw) in body.approval_thresholds.iter().enumerate() {
        if let Some(t) = amount(&mut problems, &format!("approval_thresholds[{i}]"), raw) {
            approval_thresholds.push(t);
        }
    }
    let params = body
        .params
        .clone()
        .unwrap_or_else(|| Value::Object(Default::default()));
    if !params.is_object() {
        problems.add("params", "The test parameters are an object.");
    } else {
        match serde_json::from_value::<audit::AuditParams>(params.clone()) {
            Err(err) => problems.add(
                "params",
                format!("The test parameters are not valid: {err}"),
            ),
            Ok(parsed) => {
                if let Err(err) = parsed.validate() {
                    problems.add(
                        "params",
                        format!("The test parameters are not valid: {err}"),
                    );
                }
            }
        }
    }
    problems.into_result()?;
    Ok(Settings {
        enabled: body.enabled,
        notify_from,
        materiality,
        performance_materiality,
        approval_thresholds,
        utc_offset_seconds: timing.utc_offset_seconds,
        time_zone: timing.zone_name(),
        params,
    })
}

/// Sets how the workspace is monitored between audits: on or off, the band from which
/// its Admins are notified, materiality, thresholds and the tests' parameters.
#[utoipa::path(put, path = "/api/v1/audit/continuous/{workspace_id}/", tag = "audit",
    params(("workspace_id" = String, Path)), request_body = ConfigureBody,
    responses((status = 200, body = Data<ConfiguredView>, description = "`data`: the settings in force"),
        (status = 400), (status = 403)))]
pub async fn configure(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<ConfigureBody>,
) -> Result<Json<Data<ConfiguredView>>, ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    authorize(
        app,
        &user,
        &workspace_id,
        Action::ConfigureContinuousAudit,
        None,
    )
    .await?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let settings = parse(app, &workspace_id, &body).await?;
    let by: UserId = parse_id(&user.user_id)?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: api_core::access::organization_of(app, &workspace_id).await?,
        // Audit configuration, not the books: it stays out of the workspace's chain, so
        // changing it never moves the head a session pinned.
        workspace_id: None,
        request_id,
        ..Default::default()
    };
    let configure = Configure {
        workspace_id: workspace,
        settings: settings.clone(),
        by,
    };
    let events = execute::<ContinuousAudit>(
        state.runner(),
        &workspace_id,
        configure.into(),
        &metadata,
        None,
    )
    .await?;
    let changed = !events.is_empty();
    if changed {
        read_your_writes(app, READ_MODEL).await?;
    }
    Ok(ok(ConfiguredView {
        workspace_id,
        enabled: settings.enabled,
        notify_from: settings.notify_from.as_str().to_owned(),
        changed,
    }))
}

impl IntoApiError for ContinuousAuditError {
    fn into_api_error(self) -> ApiError {
        ApiError::field(self.field(), self.to_string())
    }
}
