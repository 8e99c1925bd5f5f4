//! Read routes. They read read models only — never aggregates, never the log — except the
//! audit routes, which look at the log on purpose (the chain head auditors pin to).
//!
//! - [`health`]: `GET /api/v1/health/` — database reachable, projector lag.
//! - [`accounting`]: the books' read side — account tree, trial balance, general ledger,
//!   journal entries, income and expense summaries — as data-access functions.
//! - [`chain`]: `GET /api/v1/audit/workspaces/{workspace_id}/chain-head/`.

pub mod accounting;
pub mod chain;
pub mod health;

use api_core::AppState;
use projections::ProjectionRuntime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The state read routes need beyond [`AppState`].
#[derive(Clone)]
pub struct QueryState {
    pub app: AppState,
    pub projections: ProjectionRuntime,
}

impl axum::extract::FromRef<QueryState> for AppState {
    fn from_ref(state: &QueryState) -> Self {
        state.app.clone()
    }
}

pub fn router(state: QueryState) -> OpenApiRouter {
    OpenApiRouter::new()
        .routes(routes!(health::health))
        .routes(routes!(chain::chain_head))
        .with_state(state)
}
