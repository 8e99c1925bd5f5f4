//! Payroll under Nigerian law: the rules as dated data, the pure computations of a pay
//! run — an employee's annual figures, the month's payslip, a run's totals — and the
//! aggregates that keep payroll's state.
//!
//! - [`employee`] — the Employee aggregate (hired, updated, terminated).
//! - [`settings`] — the Payroll aggregate of a workspace: the accounts runs post to
//!   (defaults created in the chart when first needed), ITF, the run holding each period.
//! - [`pay_run`] — the PayRun aggregate (drafted, approved, posted, reversed) and its
//!   journal entry.
//! - [`rules`] — the rule sets (`PITA` before 2026-01-01, `NTA2025` from then, chosen by
//!   the pay date), bands, reliefs, minimum tax, contribution rates, minimum wage.
//! - [`annual`] — an employee's pay (annual amounts) and the annual computation.
//! - [`payslip`] — a month's payslip: the month's share, proration, net pay.
//! - [`run`] — every employee's payslip for a period and the run's totals.
//! - [`errors`] — what the computations refuse, each naming its field.
//!
//! # Payroll rules
//!
//! **Rule set by pay date.** A pay date before 2026-01-01 is computed under PITA as
//! amended by the Finance Act 2020 (`PITA`); from 2026-01-01 under the Nigeria Tax Act
//! 2025 (`NTA2025`). Pay dates before 2021-01-01 are refused: the rules held start with
//! the Finance Act 2020. The payslip names its rule set.
//!
//! **The annual computation** (amounts are annual; each step is rounded half-up to the
//! kobo and later steps use the rounded figures):
//! - gross = basic + housing + transport + every other allowance; gross income (for
//!   tax) = gross less the allowances marked non-taxable;
//! - pension (employee) = 8% and pension (employer) = 10% of basic + housing +
//!   transport + the allowances marked pensionable (Pension Reform Act 2014);
//! - NHF = 2.5% of basic, for employees who contribute (NHF Act);
//! - PITA: CRA = max(₦200,000; 1% of gross income) + 20% × (gross income − pension −
//!   NHF); taxable income = gross income − CRA − pension − NHF (never below zero); tax
//!   by the bands 7/11/15/19/21/24% on 300k/300k/500k/500k/1.6m/the rest; PAYE = the
//!   higher of that tax and the minimum tax of 1% of gross income;
//! - NTA 2025: rent relief = min(20% of annual rent, ₦500,000); chargeable income =
//!   gross income − pension − NHF − rent relief (never below zero); tax by the bands
//!   0% on the first ₦800,000, then 15% on 2.2m, 18% on 9m, 21% on 13m, 23% on 25m and
//!   25% on the rest; no minimum tax;
//! - under both, an employee whose gross pay is at or below the national minimum wage
//!   for a year (12 × the monthly wage in force on the pay date: ₦70,000 from
//!   2024-07-29, ₦30,000 before) pays no PAYE;
//! - NSITF = 1% of gross, ITF = 1% of gross when the employer pays ITF (a workspace
//!   setting); both are the employer's, like its pension share.
//!
//! **Monthly amounts and rounding.** A payslip's amounts are one twelfth of the annual
//! figures, each rounded half-up to the kobo: every month of an unchanged salary is the
//! same figure (PAYE on ₦3,000,000 under PITA: 25,281.67 each month, so twelve months
//! are 303,380.04 against an annual 303,380.00 — the rule as published, not a running
//! correction). Each earning (basic, housing, transport, each allowance), pension, NHF,
//! PAYE, employer pension, NSITF and ITF is taken this way; gross is the sum of the
//! month's earnings, and net pay = gross − pension − NHF − PAYE − other deductions, so
//! every payslip balances exactly and so does the run's entry.
//!
//! **Starters and leavers.** A month in which the employee starts or leaves is paid for
//! the calendar days employed in it (start and end dates inclusive): every monthly
//! amount above — earnings, pension, NHF, PAYE, the employer's contributions, and the
//! informational CRA, rent relief and taxable income — is its full-month amount × days
//! employed / days in the month, half-up to the kobo, and gross and net are then summed
//! from the prorated amounts. Not prorated: other deductions (agreed monthly amounts,
//! taken in full in any month paid; a month whose net pay cannot cover them is refused
//! rather than paid negative) and the minimum-wage test (made on the full-time annual
//! gross, not on the part month).
//!
//! **Other deductions** are monthly amounts taken from net pay after tax; they reduce
//! neither taxable income nor contributions.

pub mod annual;
pub mod employee;
pub mod errors;
pub mod pay_run;
pub mod payslip;
pub mod rules;
pub mod run;
pub mod settings;

#[cfg(test)]
mod tests;

pub use annual::{compute_annual, Allowance, AnnualComputation, Deduction, EmployeePay};
pub use errors::PayrollError;
pub use payslip::{compute_payslip, Employment, Payslip, PayslipLine};
pub use rules::{rules_for, RuleSet, TaxRules};
pub use run::{
    compute_pay_run, PayRunTotals, RunEmployee, RunFigures, RunPayslip, EMPLOYEES_PER_RUN_MAX,
};
