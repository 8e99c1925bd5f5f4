//! The `ledgerline` binary's library: configuration and wiring only. Everything with rules
//! lives in the crates it wires together.
//!
//! - [`config`]: flags and environment, validated before anything starts.
//! - [`server`]: [`server::Application`] — the HTTP server, projectors and relay of one
//!   node, startable on port 0 by tests.
//! - [`security`]: security headers and the CORS policy on every response.
//! - [`ui_files`]: the built UI: cached hashed assets, gzip, the app for every other path.
//! - [`cli`]: the subcommands.
//! - [`demo`]: `ledgerline demo seed`, a demo organization with a year of books.

pub mod cli;
pub mod config;
pub mod demo;
pub mod security;
pub mod server;
pub mod ui_files;

use std::sync::Arc;

use projections::Projector;

/// Every read model this build maintains.
pub fn projectors() -> Vec<Arc<dyn Projector>> {
    vec![
        Arc::new(projections::log_stats::LogStats),
        Arc::new(projections::organizations::Organizations),
        Arc::new(projections::accounts::Accounts),
        Arc::new(projections::ledger::Ledger),
        Arc::new(projections::journal_imports::JournalImports),
        Arc::new(projections::payroll::Payroll),
        Arc::new(projections::fixed_assets::FixedAssets),
        Arc::new(projections::debts::Debts),
        Arc::new(projections::notifications::Notifications),
        Arc::new(projections::activity_log::ActivityLog),
        Arc::new(projections::audit_sessions::AuditSessions),
        Arc::new(projections::subscriptions::Subscriptions),
        Arc::new(projections::wallets::Wallets),
        Arc::new(projections::reports::Reports),
        Arc::new(projections::documents::Documents),
        Arc::new(projections::assistant::Assistant),
    ]
}

/// Migrates the plain-state tables (idempotency keys, identity) beside the log and the
/// read models, which migrate themselves when opened.
pub async fn migrate_plain_state(db: &store::Db) -> Result<(), store::StoreError> {
    store::migrate::run(db, "api-core", api_core::idempotency::MIGRATIONS).await?;
    store::migrate::run(db, "identity", identity::MIGRATIONS).await?;
    store::migrate::run(
        db,
        "identity-invitations",
        identity::invitation_tokens::MIGRATIONS,
    )
    .await?;
    store::migrate::run(db, "files", identity::FILES_MIGRATIONS).await?;
    store::migrate::run(
        db,
        "sandbox-payments",
        command_api::payments::gateway::MIGRATIONS,
    )
    .await?;
    store::migrate::run(
        db,
        "payment-webhooks",
        command_api::payments::webhooks::MIGRATIONS,
    )
    .await
}
