use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::QueryState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// "ok" when the database answers, no projector has failed and none has set a
    /// workspace aside; else "degraded".
    pub status: &'static str,
    pub database: &'static str,
    pub backend: &'static str,
    pub events: i64,
    pub projectors: Vec<ProjectorHealth>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProjectorHealth {
    pub name: String,
    pub lag: i64,
    pub state: String,
    pub error: Option<String>,
    /// Workspaces this projector has set aside after an event it could not apply: their
    /// read models are stale; every other workspace's are current.
    pub quarantined: Vec<QuarantinedWorkspace>,
}

/// A workspace a projector has set aside, and why.
#[derive(Serialize, utoipa::ToSchema)]
pub struct QuarantinedWorkspace {
    pub workspace_id: String,
    /// The log position of the event the projector could not apply.
    pub failed_position: i64,
    pub error: String,
    /// Since when (RFC 3339).
    pub since: String,
}

/// Liveness and readiness: 200 when healthy, 503 when the database is unreachable or a
/// projector has stopped on an error (its read model is going stale for everyone). A
/// workspace set aside by a projector leaves the node ready (every other tenant is
/// served) but "degraded", naming the projector, the workspace, the event and why.
#[utoipa::path(get, path = "/api/v1/health/", security(()), tag = "operations",
    responses((status = 200, body = Health), (status = 503, body = Health)))]
pub async fn health(State(state): State<QueryState>) -> Response {
    let backend = match state.app.db().backend {
        store::Backend::Sqlite => "sqlite",
        store::Backend::Postgres => "postgres",
    };
    let (events, projectors) = match (
        state.app.store.log().event_count().await,
        state.projections.status().await,
    ) {
        (Ok(events), Ok(status)) => (events, status),
        _ => {
            let body = Health {
                status: "degraded",
                database: "unreachable",
                backend,
                events: 0,
                projectors: vec![],
            };
            return (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
        }
    };
    let projectors: Vec<ProjectorHealth> = projectors
        .into_iter()
        .map(|p| ProjectorHealth {
            name: p.name,
            lag: p.lag,
            state: serde_json::to_value(p.state)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default(),
            error: p.error,
            quarantined: p
                .quarantined
                .into_iter()
                .map(|q| QuarantinedWorkspace {
                    workspace_id: q.workspace_id,
                    failed_position: q.failed_position,
                    error: q.error,
                    since: api_core::time::iso_datetime(q.since),
                })
                .collect(),
        })
        .collect();
    let healthy = projectors.iter().all(|p| p.state == "running");
    let whole = healthy && projectors.iter().all(|p| p.quarantined.is_empty());
    let body = Health {
        status: if whole { "ok" } else { "degraded" },
        database: "ok",
        backend,
        events,
        projectors,
    };
    let code = if healthy {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (code, Json(body)).into_response()
}
