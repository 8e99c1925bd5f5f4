//! The read side's engine: projectors tail the global log and keep read models.
//!
//! - [`projector`]: the [`Projector`] trait a read model implements.
//! - [`applied`]: each projector's progress in this process, as a channel (what
//!   read-your-writes waits on, and what in-process caches of read models watch).
//! - [`read_cache`]: answers read from read models, kept in memory until one of their
//!   projectors applies a change.
//! - [`checkpoint`]: per-projector checkpoints, stored beside the read models so that a
//!   batch of events and the checkpoint past them commit in one transaction.
//! - [`runtime`]: catch-up, live processing (woken by the store's notifier), failure
//!   isolation, status and rebuild.
//! - [`quarantine`]: workspaces a projector has set aside after an event of theirs it
//!   could not apply, so one tenant's bad event never stops every tenant's read models.
//! - [`log_stats`]: a built-in read model — events per workspace, aggregate and type.
//! - [`organizations`]: organizations, workspaces and memberships (the account service).
//! - [`accounts`]: the chart of accounts, budgets and lock date of each workspace.
//! - [`journal_imports`]: CSV imports per workspace (file hash, entries created).
//! - [`payroll`]: employees, payroll settings, pay runs with payslips, and posted runs
//!   per month for the yearly summary.
//! - [`debts`]: debts (loans payable and receivable) and every repayment with its split.
//! - [`debt_notices`]: the reactor that tells Admins and Editors of an instalment due in
//!   three days and of one overdue, once each.
//! - [`fixed_assets`]: the fixed-asset register, every depreciation charge posted (with
//!   the dates the books held it) and the depreciation runs.
//! - [`ledger`]: postings, per-account year/month/day totals and the journal list.
//! - [`notifications`]: each user's inbox.
//! - [`reactor`]: the loop every reactor runs (step, then wait for commits or a poll).
//! - [`notification_rules`]: the reactor that raises notifications for what happened.
//! - [`audit_sessions`]: audit sessions per workspace and their live shares.
//! - [`assistant`]: each member's conversations with the assistant and the answers given.
//! - [`documents`]: documents per workspace (their hashes, tags, uploaders) and what
//!   each is attached to.
//! - [`reports`]: generated financial reports per workspace (the downloads list).
//! - [`continuous_audit`]: the reactor that scores new entries of monitored workspaces,
//!   keeps the flagged ones and notifies the workspace's Admins.
//! - [`subscriptions`]: organizations' subscriptions (the plan in force) and payments.
//! - [`wallets`]: organizations' wallets, their saved cards and their transactions.
//! - [`activity_log`]: one row per event, for the activity log.
//! - [`cents`]: money in read models (BIGINT hundredths) and back to decimals.
//! - [`decode`]: payload decoding through the upcasters, shared by the projectors.

pub mod accounts;
mod accounts_fiscal;
pub mod activity_log;
pub mod applied;
pub mod assistant;
pub mod audit_sessions;
pub mod cents;
pub mod checkpoint;
pub mod continuous_audit;
pub mod debt_notices;
pub mod debts;
pub mod decode;
pub mod documents;
pub mod fixed_assets;
pub mod journal_imports;
pub mod ledger;
pub mod log_stats;
pub mod notification_rules;
pub mod notifications;
pub mod organizations;
pub mod payroll;
pub mod projector;
pub mod quarantine;
pub mod reactor;
pub mod read_cache;
pub mod reports;
mod rows;
pub mod runtime;
pub mod subscriptions;
pub mod wallets;

pub use applied::{Applied, Progress};
pub use checkpoint::{Checkpoint, ProjectorState};
pub use projector::{DeferredIndex, ProjectionError, Projector};
pub use read_cache::{Freshness, ReadCache};
pub use runtime::{ProjectionRuntime, ProjectorStatus};
