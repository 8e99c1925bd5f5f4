//! The financial statements — [`balance_sheet`], [`income_statement`], [`cash_flow`] —
//! read from the ledger's year/month/day totals (the trial balance's arithmetic), or,
//! with `as_known_at`, from the log replayed up to that recorded time (the audit time
//! travel's replay), so a statement can be reproduced as it stood when it was signed off.
//!
//! - [`source`]: [`Books`] — the accounts with their place on the statements and the
//!   debit/credit totals at any date, from either source.
//! - [`lines`]: figures (amount, comparison, change) and the account trees of a section.
//! - [`balance_sheet`], [`income_statement`], [`cash_flow`]: one statement each.
//! - [`routes`]: the three HTTP routes.
//!
//! No statement posts anything: income and expense of earlier fiscal years are shown in
//! retained earnings by a virtual close (exact at any date, with no closing entry; see
//! `accounting::fiscal`). The period statements leave closing entries out.

pub mod balance_sheet;
pub mod cash_flow;
pub mod income_statement;
pub mod lines;
pub mod routes;
pub mod source;

pub use balance_sheet::{balance_sheet, BalanceSheet};
pub use cash_flow::{cash_flow, CashFlow, CashFlowLine, CashFlowSection};
pub use income_statement::{income_statement, IncomeStatement};
pub use lines::{Figure, SectionBlock, StatementLine};
pub use source::{Books, KnownAt};

use chrono::{Datelike, NaiveDate};

/// The first day of the fiscal year `date` falls in, for years starting in `start_month`.
pub fn fiscal_year_start(date: NaiveDate, start_month: u32) -> NaiveDate {
    let month = start_month.clamp(1, 12);
    let year = if date.month() >= month {
        date.year()
    } else {
        date.year() - 1
    };
    NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(date)
}

/// The comparison period's first day when only its last is given: the first of that
/// month.
pub fn comparison_start(compare_to: NaiveDate) -> NaiveDate {
    NaiveDate::from_ymd_opt(compare_to.year(), compare_to.month(), 1).unwrap_or(compare_to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").expect("date")
    }

    #[test]
    fn a_calendar_fiscal_year_starts_on_the_first_of_january() {
        assert_eq!(fiscal_year_start(d("2026-03-15"), 1), d("2026-01-01"));
        assert_eq!(fiscal_year_start(d("2026-01-01"), 1), d("2026-01-01"));
    }

    #[test]
    fn a_fiscal_year_starting_in_april_holds_the_march_before_it() {
        assert_eq!(fiscal_year_start(d("2026-03-31"), 4), d("2025-04-01"));
        assert_eq!(fiscal_year_start(d("2026-04-01"), 4), d("2026-04-01"));
    }
}
