//! Write routes: each turns a request into a command on one aggregate (cqrs-es over the
//! global log), or a change of identity's plain state, and answers with what it decided.
//! Every route here passes the idempotency layer (`api_core::idempotency`).
//!
//! - [`runner`]: running a command on one aggregate, and the one mapping of each
//!   aggregate's errors to the HTTP contract.
//! - [`accounting`]: the chart of accounts (default set-up) and, with the accounting
//!   read side, the books.
//! - [`journal_entry`]: journal entries — drafts, posting, reversal, CSV import — through
//!   the books' posting service.
//! - [`caller`]: who runs a command, with its request id and idempotency key.
//! - [`ids`]: ids from paths (404) and bodies (400).
//! - [`accounts`]: sign-up, sign-in, tokens, verification, password reset, profile.
//! - [`invitations`]: invitations by e-mail and link, and the invitee's answers.
//! - [`transfers`]: moving a workspace between organizations.
//! - [`two_factor`]: TOTP setup, enable, disable and the second sign-in step.
//! - [`security`]: the caller's password change and the ending of their sessions.
//! - [`files`]: image upload.
//! - [`organizations`]: organization profile, workspaces, memberships.
//! - [`audit_sessions`]: audit sessions — open on a pinned cut-off, sign off, share.
//! - [`continuous_audit`]: a workspace's continuous audit settings (on/off, the band
//!   that notifies, the tests' parameters).
//! - [`activity`]: security facts for the activity log and client-reported activities.
//! - [`notifications`]: announcements, read marks, deletion, mark-all-read.
//! - [`payroll`]: employees, payroll settings and pay runs (posted and reversed through
//!   the books' posting service).
//! - [`fixed_assets`]: the fixed-asset register (register, change, dispose of) and the
//!   monthly depreciation runs (posted and reversed through the books' posting service).
//! - [`debts`]: loans payable and receivable (record, change, repay; the drawdown and
//!   repayments posted through the books' posting service).
//! - [`reports`]: financial reports asked for (rendered by the report generator) and deleted.

pub mod accounting;
pub mod accounts;
pub mod activity;
pub mod audit_sessions;
mod audit_time_zone;
pub mod caller;
pub mod continuous_audit;
pub mod debts;
pub mod documents;
pub mod files;
pub mod fiscal_years;
pub mod fixed_assets;
pub mod ids;
pub mod invitations;
pub mod journal_entry;
pub mod notifications;
pub mod organizations;
pub mod payments;
pub mod payroll;
pub mod reports;
pub mod runner;
pub mod security;
mod sign_in_throttle;
pub mod transfers;
pub mod two_factor;

use std::sync::Arc;

use api_core::AppState;
use commands::books::Books;
use commands::Runner;
use utoipa_axum::router::OpenApiRouter;

/// What write routes get: the shared state and the books' posting service (which holds
/// the command runner).
#[derive(Clone)]
pub struct CommandState {
    pub app: AppState,
    pub books: Arc<Books>,
    /// The payment providers live on this server.
    pub providers: Arc<payments::providers::Providers>,
}

impl CommandState {
    pub fn new(app: AppState, payments: &payments::providers::ProviderConfig) -> Self {
        Self {
            books: Arc::new(Books::new(Runner::new(app.store.clone()))),
            providers: Arc::new(payments::providers::Providers::new(payments)),
            app,
        }
    }

    /// The command runner (loads aggregates; units commit through it).
    pub fn runner(&self) -> &Runner {
        self.books.runner()
    }
}

/// The body limit of sign-in, registration, verification, password reset and 2FA
/// routes: their bodies are a few short fields, and they are open to anyone.
pub const CREDENTIALS_BODY_BYTES_MAX: usize = 8 * 1024;
/// The body limit of every other JSON route: far above any form or entry of a thousand
/// lines.
pub const JSON_BODY_BYTES_MAX: usize = 1024 * 1024;
/// The body limit of file uploads and CSV imports, which check their own, smaller
/// per-file limits as they read (so the answer names the file's limit).
pub const UPLOAD_BODY_BYTES_MAX: usize = 32 * 1024 * 1024;

/// The write routes with their state.
pub fn router(app: AppState, payments: &payments::providers::ProviderConfig) -> OpenApiRouter {
    routes().with_state(CommandState::new(app, payments))
}

/// Every write route, before its state is given: also what the OpenAPI document is
/// built from, so the document lists exactly what is mounted.
pub fn routes() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .merge(accounts::router())
        .merge(two_factor::router())
        .merge(security::router())
        .merge(files::router())
        .merge(documents::router())
        .merge(organizations::router())
        .merge(invitations::router())
        .merge(transfers::router())
        .merge(accounting::router())
        .merge(fiscal_years::router())
        .merge(journal_entry::router())
        .merge(activity::router())
        .merge(audit_sessions::router())
        .merge(continuous_audit::router())
        .merge(notifications::router())
        .merge(payments::router())
        .merge(payroll::router())
        .merge(fixed_assets::router())
        .merge(debts::router())
        .merge(reports::router())
        // Outermost, so the routes' own limits above, set later on the request, win.
        .layer(axum::extract::DefaultBodyLimit::max(JSON_BODY_BYTES_MAX))
}
