//! Write routes: each turns a request into a command on one aggregate (cqrs-es over the
//! global log), or a change of identity's plain state, and answers with what it decided.
//! Every route here passes the idempotency layer (`api_core::idempotency`).
//!
//! - [`runner`]: the aggregates' cqrs-es frameworks and the one mapping of each
//!   aggregate's errors to the HTTP contract.
//! - [`accounts`]: sign-up, sign-in, tokens, verification, password reset, profile.
//! - [`two_factor`]: TOTP setup, enable, disable and the second sign-in step.
//! - [`files`]: image upload.
//! - [`organizations`]: organization profile, workspaces, memberships.

pub mod accounts;
pub mod files;
pub mod organizations;
pub mod runner;
pub mod two_factor;

use api_core::AppState;
use utoipa_axum::router::OpenApiRouter;

use crate::runner::Aggregates;

/// What write routes get: the shared state and the aggregates' command side.
#[derive(Clone)]
pub struct CommandState {
    pub app: AppState,
    pub aggregates: Aggregates,
}

pub fn router(app: AppState) -> OpenApiRouter {
    let state = CommandState {
        aggregates: Aggregates::new(&app.store),
        app,
    };
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(two_factor::router())
        .merge(files::router())
        .merge(organizations::router())
        .with_state(state)
}
