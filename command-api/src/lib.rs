//! Write routes: each turns a request into a command on one aggregate (cqrs-es over the
//! global log) and answers with what the command decided. One module per aggregate, each
//! with its own router merged in [`router`]; they arrive with the identity and accounting
//! services. Every route here passes the idempotency layer (`api_core::idempotency`).

use api_core::AppState;
use utoipa_axum::router::OpenApiRouter;

pub fn router(state: AppState) -> OpenApiRouter {
    OpenApiRouter::new().with_state(state)
}
