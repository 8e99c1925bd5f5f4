//! Debts (loans payable and receivable): the pure computations a debt, its repayments
//! and its aging need, and the Debt aggregate (created, changed, drawn down, repaid —
//! each posting through the books' posting service in one append with its entry).
//!
//! - [`debt`](mod@debt) — [`Debt`]: its record, the drawdown posted, the repayments recorded.
//! - [`commands`] — what can be asked of a debt; [`debt_errors`] — what a command refuses.
//! - [`entry`] — the journal entries of a drawdown and of a repayment.
//! - [`schedule`](mod@schedule) — terms and their checks, due dates, the amortization schedule
//!   (annuity, equal principal, interest only with a balloon).
//! - [`repayment`] — how a repayment splits into interest and principal, and the
//!   schedule as it stands after the repayments recorded.
//! - [`aging`](mod@aging) — outstanding and overdue amounts by days past due on a date.
//! - [`errors`] — what the computations refuse, each naming its field.
//!
//! # Debt conventions
//!
//! - **Instalments.** `term_months` monthly instalments, the first on `first_due_date`,
//!   each next one on the same day of the following month (the month's last day when it
//!   is shorter: 31 January, 28 February, 31 March). The first due date must be after
//!   the start date and at most twelve months after it.
//! - **Interest ("monthly rests").** An instalment's interest is the annual rate / 12 of
//!   the balance at the start of its period, half-up to the kobo. The one exception is a
//!   first period that is not exactly one calendar month (start 10 January, first due 1
//!   February): it is charged by its days, balance × annual rate × days / 365
//!   (Actual/365 Fixed). A rate of 0 is an interest-free debt.
//! - **Repayment types.** *Annuity*: a level payment of balance × r / (1 − (1 + r)^−n),
//!   r the monthly rate, half-up to the kobo (₦1,000,000 at 12 % over 12 months:
//!   88,848.79); each instalment's principal is that payment less its interest.
//!   *Equal principal*: principal / n each month, half-up, plus the month's interest.
//!   *Interest only*: the month's interest each month and the whole principal with the
//!   last instalment (the balloon). Under every type the last instalment repays whatever
//!   principal is left, so the schedule closes at exactly zero.
//! - **What "due" means.** An instalment's interest and principal fall due on its due
//!   date and are overdue from the next day. Interest is earned by instalment, not day by
//!   day: the interest due on a date is the unpaid interest of the instalments due on or
//!   before it.
//! - **How a repayment splits**, in this order: (1) the unpaid interest of the
//!   instalments due, oldest first; (2) their unpaid principal, oldest first; (3) the
//!   next instalment, ahead of its date — its interest (the whole month's, as scheduled),
//!   then its principal; (4) anything left is a prepayment of principal.
//! - **Late payments** pay the oldest instalment first. Overdue amounts stay due until
//!   paid and bear no further interest here (interest runs on the principal not yet
//!   due); default interest or a penalty a lender charges is a separate entry.
//! - **Partial payments** pay interest before principal; the rest of the instalment
//!   stays due (and ages once past its date).
//! - **Early payments.** Paying an instalment before its due date pays it as scheduled,
//!   the month's interest included: no interest is given back for paying a few days
//!   early. Only a prepayment (principal beyond the next instalment) saves interest: it
//!   is recorded in the next instalment's period and lowers the balance from the
//!   instalment after, and the later instalments are re-planned on the lower balance
//!   with the same due dates and repayment type (annuity: a lower level payment; equal
//!   principal: a lower level principal; interest only: lower interest and balloon). A
//!   debt prepaid in full ends with that instalment.
//! - **Settling early.** The amount that settles a debt on a date is the principal
//!   outstanding plus the unpaid interest of the instalments due and of the next one.
//!   A repayment above it is refused, as is one dated before the start or before the
//!   last repayment recorded (a recorded split never changes afterwards).
//! - **Aging** on a date counts the repayments dated on or before it. Outstanding =
//!   principal not yet repaid + unpaid interest of instalments due on or before the date.
//!   Each instalment due before the date with something unpaid is past due by (date −
//!   due date) days and its unpaid amount goes to 1–30, 31–60, 61–90 or over 90 days;
//!   `current` is the rest of the outstanding (principal not yet due, and anything due
//!   on the day itself).
//! - **Bounds.** Principal above zero with at most two decimals; annual rate 0 to 100
//!   percent with at most four decimals; term 1 to 600 months; at most 5,000 repayments;
//!   no instalment after 2199.

pub mod aging;
pub mod commands;
#[allow(clippy::module_inception)]
pub mod debt;
pub mod debt_errors;
pub mod entry;
pub mod errors;
pub mod repayment;
pub mod schedule;

#[cfg(test)]
mod aggregate_tests;
#[cfg(test)]
mod repayment_tests;
#[cfg(test)]
mod schedule_tests;

pub use aging::{aging, AgingBuckets, DebtAging, NextDue};
pub use commands::{CreateDebt, DebtCommand, RecordRepayment, UpdateDebt};
pub use debt::{checked_details, repayments_of, terms_of, Debt};
pub use debt_errors::DebtCommandError;
pub use entry::{drawdown_entry, repayment_entry};
pub use errors::DebtError;
pub use event_schemas::debt::{
    DebtCreated, DebtDetails, DebtDirection, DebtDrawdownPosted, DebtEvent, DebtRepaymentRecorded,
    DebtRepaymentType, DebtUpdated,
};
pub use repayment::{
    allocate, position, AllocationLine, DebtPosition, InstalmentStatus, Repayment,
    RepaymentAllocation, REPAYMENTS_MAX,
};
pub use schedule::{
    schedule, DebtTerms, RepaymentType, ScheduleRow, ANNUAL_INTEREST_RATE_MAX, TERM_MONTHS_MAX,
};
