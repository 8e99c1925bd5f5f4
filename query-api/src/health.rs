use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

use crate::QueryState;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// "ok" when the database answers and no projector has failed, else "degraded".
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
}

/// Liveness and readiness: 200 when healthy, 503 when the database is unreachable or a
/// projector has stopped on an error (its read model is going stale).
#[utoipa::path(get, path = "/api/v1/health/", tag = "operations",
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
        })
        .collect();
    let healthy = projectors.iter().all(|p| p.state == "running");
    let body = Health {
        status: if healthy { "ok" } else { "degraded" },
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
