//! Write routes: each turns a request into a command on one aggregate (cqrs-es over the
//! global log), or a change of identity's plain state, and answers with what it decided.
//! Every route here passes the idempotency layer (`api_core::idempotency`).
//!
//! - [`runner`]: the aggregates' cqrs-es frameworks and the one mapping of each
//!   aggregate's errors to the HTTP contract.
//! - [`accounting`]: the chart of accounts (default set-up) and, with the accounting
//!   read side, the books.
//! - [`journal`]: journal entries — drafts, posting, reversal.
//! - [`journal_import`]: journal entries from a CSV file, previewed or imported whole.
//! - [`numbering`]: gapless entry numbers per workspace.
//! - [`accounts`]: sign-up, sign-in, tokens, verification, password reset, profile.
//! - [`invitations`]: invitations by e-mail and link, and the invitee's answers.
//! - [`transfers`]: moving a workspace between organizations.
//! - [`two_factor`]: TOTP setup, enable, disable and the second sign-in step.
//! - [`files`]: image upload.
//! - [`organizations`]: organization profile, workspaces, memberships.
//! - [`audit_sessions`]: audit sessions — open on a pinned cut-off, sign off, share.
//! - [`continuous_audit`]: a workspace's continuous audit settings (on/off, the band
//!   that notifies, the tests' parameters).
//! - [`activity`]: security facts for the activity log and client-reported activities.
//! - [`notifications`]: announcements, read marks, deletion, mark-all-read.
//! - [`reports`]: financial reports asked for (rendered by the report generator) and deleted.

pub mod accounting;
pub mod accounts;
pub mod activity;
pub mod audit_sessions;
pub mod continuous_audit;
pub mod files;
pub mod invitations;
pub mod journal;
pub mod journal_import;
pub mod notifications;
pub mod numbering;
pub mod organizations;
pub mod payments;
pub mod reports;
pub mod runner;
pub mod transfers;
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

/// The write routes with their state.
pub fn router(app: AppState) -> OpenApiRouter {
    let state = CommandState {
        aggregates: Aggregates::new(&app.store),
        app,
    };
    routes().with_state(state)
}

/// Every write route, before its state is given: also what the OpenAPI document is
/// built from, so the document lists exactly what is mounted.
pub fn routes() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(two_factor::router())
        .merge(files::router())
        .merge(organizations::router())
        .merge(invitations::router())
        .merge(transfers::router())
        .merge(accounting::router())
        .merge(journal::router())
        .merge(journal_import::router())
        .merge(activity::router())
        .merge(audit_sessions::router())
        .merge(continuous_audit::router())
        .merge(notifications::router())
        .merge(payments::router())
        .merge(reports::router())
}
