//! Read routes. They read read models only — never aggregates, never the log — except the
//! audit routes, which look at the log on purpose (the chain head auditors pin to).
//!
//! - [`health`]: `GET /api/v1/health/` — database reachable, projector lag.
//! - [`accounting`]: the books' read side — account tree, trial balance, general ledger,
//!   journal entries, income and expense summaries — as data-access functions.
//! - [`audit`]: audit sessions, their results rerun from the pinned cut-off, shared views.
//! - [`chain`]: `GET /api/v1/audit/workspaces/{workspace_id}/chain-head/`.
//! - [`access`]: the access policy over the memberships read model.
//! - [`accounts`]: `/accounts/me/`, `/me/workspaces/`, `/services/`, `/choices/description/`.
//! - [`invitations`]: an organization's invitations.
//! - [`files`]: uploaded images (served without a token) and a workspace's files.
//! - [`organizations`]: organizations, their workspaces and memberships.
//! - [`engagement`]: set-up progress and engagement figures.
//! - [`notifications`]: the caller's notifications and their live stream ([`live`]).
//! - [`activity_log`]: the workspace's activity log and the event behind a row.
//! - [`security`]: the caller's signed-in sessions and recent sign-ins.
//! - [`fixed_assets`]: the fixed-asset register, asset schedules, depreciation runs and
//!   the period's fixed-asset schedule checked against the general ledger.
//! - [`debts`]: debts with what is outstanding and next due, their schedules and
//!   repayments, and the aging report.
//! - [`reports`]: generated financial reports (downloads) and the report generator.
//! - [`assistant`]: the assistant's conversations and its answers from the books, every
//!   number read through the read routes' own functions.
//! - [`dev`]: the dev-only mail outbox of embedded installs.
//! - [`pdf`]: the one PDF layout (reports, workpapers, payslips), set in an embedded font.

pub mod access;
pub mod accounting;
pub mod accounts;
pub mod activity_log;
pub mod assistant;
pub mod audit;
pub mod chain;
pub mod csv;
pub mod debts;
pub mod dev;
pub mod engagement;
pub mod files;
pub mod fixed_assets;
pub mod health;
pub mod invitations;
pub mod live;
pub mod notifications;
pub mod organizations;
pub mod payments;
pub mod payroll;
pub mod pdf;
pub mod reports;
pub mod security;
pub mod wallets;

use api_core::AppState;
use projections::ProjectionRuntime;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The state read routes need beyond [`AppState`].
#[derive(Clone)]
pub struct QueryState {
    pub app: AppState,
    pub projections: ProjectionRuntime,
    /// This node's feed of inbox changes, for the notification stream.
    pub live: live::LiveFeed,
    /// The assistant's model endpoint; `None` answers with the built-in engine only.
    pub assistant: Option<assistant::model::ModelEndpoint>,
}

impl axum::extract::FromRef<QueryState> for AppState {
    fn from_ref(state: &QueryState) -> Self {
        state.app.clone()
    }
}

/// The read routes with their state; `dev_outbox` mounts the dev-only mail outbox.
pub fn router(state: QueryState, dev_outbox: bool) -> OpenApiRouter {
    routes(dev_outbox).with_state(state)
}

/// Every read route, before its state is given: also what the OpenAPI document is built
/// from, so the document lists exactly what is mounted.
pub fn routes(dev_outbox: bool) -> OpenApiRouter<QueryState> {
    let mut router = OpenApiRouter::new()
        .routes(routes!(health::health))
        .routes(routes!(chain::chain_head))
        .merge(accounts::router())
        .merge(organizations::router())
        .merge(invitations::router())
        .merge(engagement::router())
        .merge(files::router())
        .merge(accounting::routes::router())
        .merge(accounting::statements::routes::router())
        .merge(accounting::fiscal_years::router())
        .merge(notifications::router())
        .merge(activity_log::router())
        .merge(security::router())
        .merge(audit::router())
        .merge(payments::router())
        .merge(wallets::router())
        .merge(payroll::router())
        .merge(fixed_assets::router())
        .merge(debts::router())
        .merge(reports::router())
        .merge(assistant::router());
    if dev_outbox {
        router = router.merge(dev::router());
    }
    router
}
