//! The Payroll aggregate: one per workspace (the stream id is the workspace id) — the
//! accounts its pay runs post to, whether it pays ITF, and which run holds each period.
//!
//! - [`aggregate`] — [`Payroll`] and its pure decision.
//! - [`commands`] — [`ChangeSettings`], [`ClaimPeriod`], [`ReleasePeriod`].
//! - [`accounts`] — each account's role, the facts of the chart it is checked against,
//!   and the default accounts (created in the chart when first needed).
//! - [`errors`] — [`PayrollSettingsError`].
//! - events — in `event_schemas::payroll::settings`.

pub mod accounts;
pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use accounts::{
    chart_facts, default_accounts, AccountFact, ChartFacts, DefaultAccounts, Role, ROLES,
};
pub use aggregate::{Payroll, PayrollSettings};
pub use commands::{ChangeSettings, ClaimPeriod, PayrollCommand, ReleasePeriod};
pub use errors::PayrollSettingsError;
pub use event_schemas::payroll::settings::{PayrollAccounts, PayrollEvent, AGGREGATE_TYPE};
