//! The Employee aggregate: one employee on a workspace's payroll (the stream id is the
//! employee id) — hired, updated, terminated.
//!
//! - [`aggregate`] — [`Employee`] and its pure decision.
//! - [`commands`] — [`HireEmployee`], [`UpdateEmployee`], [`TerminateEmployee`].
//! - [`details`] — the record's checks: names present, texts bounded, the pay checked.
//! - [`errors`] — [`EmployeeError`], each naming its field.
//! - events — in `event_schemas::payroll::employee`.

pub mod aggregate;
pub mod commands;
pub mod details;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::{Employee, EmployeeRecord};
pub use commands::{EmployeeCommand, HireEmployee, TerminateEmployee, UpdateEmployee};
pub use details::{checked_details, pay_of};
pub use errors::EmployeeError;
pub use event_schemas::payroll::employee::{
    AllowanceRecord, DeductionRecord, EmployeeDetails, EmployeeEvent, AGGREGATE_TYPE,
};
