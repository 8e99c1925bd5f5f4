//! The PayRun aggregate: one period's pay run (the stream id is the run id) — drafted
//! with every payslip, approved, posted through the books' posting service in one append
//! with its journal entry, reversed by the reversing entry.
//!
//! - [`aggregate`] — [`PayRun`], its [`PayRunStatus`] and its pure decision.
//! - [`commands`] — [`DraftPayRun`], [`ApprovePayRun`], [`PostPayRun`], [`ReversePayRun`].
//! - [`entry`] — the run's journal entry, from its totals and the settings' accounts.
//! - [`errors`] — [`PayRunError`].
//! - events — in `event_schemas::payroll::pay_run`.
//!
//! The rules it keeps: a run moves draft → approved → posted → reversed and never back;
//! a posted run is immutable (its payslips were computed once, at drafting); one run per
//! period (the workspace's `Payroll` aggregate holds the period in the same append).

pub mod aggregate;
pub mod commands;
pub mod entry;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::{PayRun, PayRunStatus};
pub use commands::{
    ApprovePayRun, DraftEmployee, DraftPayRun, PayRunCommand, PostPayRun, ReversePayRun,
};
pub use entry::pay_run_entry;
pub use errors::PayRunError;
pub use event_schemas::payroll::pay_run::{
    PayRunDrafted, PayRunEvent, PayRunTotalsRecord, PayslipRecord, AGGREGATE_TYPE,
};
