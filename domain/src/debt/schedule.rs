//! A debt's terms, their checks, and its amortization schedule: a row per monthly
//! instalment from the first due date, the last closing at exactly zero. The conventions
//! are in the module docs of [`crate::debt`].

use chrono::{Datelike, Months, NaiveDate};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::errors::DebtError;
use crate::calendar::YEAR_MAX;
use crate::money::{check_amount, round_money};

/// The longest term: fifty years of monthly instalments, past the longest mortgage; it
/// bounds a schedule to 600 rows.
pub const TERM_MONTHS_MAX: u32 = 600;

/// The highest annual interest rate, in percent. The dearest lawful lending (microfinance,
/// consumer credit) stays below it; a higher figure is almost surely a monthly rate typed
/// as a yearly one.
pub const ANNUAL_INTEREST_RATE_MAX: Decimal = Decimal::ONE_HUNDRED;

/// Decimal places an interest rate may carry (12.125 %, 18.0625 %).
pub const RATE_DECIMALS_MAX: u32 = 4;

/// How many months after the start the first instalment may fall: a year of grace at
/// most.
const FIRST_DUE_MONTHS_MAX: u32 = 12;

/// Days of the year in the irregular first period's interest (Actual/365 Fixed, the
/// Nigerian money-market convention).
const DAYS_IN_YEAR: u32 = 365;

/// How the principal is repaid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepaymentType {
    /// Level instalments of interest and principal.
    Annuity,
    /// The same principal every month, plus that month's interest.
    EqualPrincipal,
    /// Interest every month; the whole principal with the last instalment (a balloon).
    InterestOnly,
}

/// What a schedule depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtTerms {
    pub principal: Decimal,
    /// Percent a year (12 is 12 %); 0 for an interest-free debt.
    pub annual_interest_rate: Decimal,
    pub term_months: u32,
    pub repayment_type: RepaymentType,
    /// The drawdown date: interest runs from it.
    pub start_date: NaiveDate,
    /// The first instalment's due date; the others fall monthly after it.
    pub first_due_date: NaiveDate,
}

/// One instalment of a schedule. `closing_balance = opening_balance − principal` and
/// `payment = interest + principal`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleRow {
    /// 1 for the first instalment.
    pub number: u32,
    pub due_date: NaiveDate,
    pub opening_balance: Decimal,
    pub interest: Decimal,
    pub principal: Decimal,
    pub payment: Decimal,
    pub closing_balance: Decimal,
}

impl DebtTerms {
    /// The terms with every bound checked and amounts at two places.
    pub fn checked(&self) -> Result<DebtTerms, DebtError> {
        let principal =
            check_amount(self.principal).map_err(|p| DebtError::amount("principal", p))?;
        if principal.is_zero() {
            return Err(DebtError::PrincipalNotPositive);
        }
        let rate = self.annual_interest_rate;
        if rate.is_sign_negative()
            || rate > ANNUAL_INTEREST_RATE_MAX
            || rate.normalize().scale() > RATE_DECIMALS_MAX
        {
            return Err(DebtError::InterestRateOutOfRange {
                max: ANNUAL_INTEREST_RATE_MAX,
                decimals: RATE_DECIMALS_MAX,
            });
        }
        if self.term_months == 0 {
            return Err(DebtError::TermZero);
        }
        if self.term_months > TERM_MONTHS_MAX {
            return Err(DebtError::TermTooLong {
                max: TERM_MONTHS_MAX,
            });
        }
        if self.first_due_date <= self.start_date {
            return Err(DebtError::FirstDueNotAfterStart);
        }
        let latest = self
            .start_date
            .checked_add_months(Months::new(FIRST_DUE_MONTHS_MAX))
            .unwrap_or(NaiveDate::MAX);
        if self.first_due_date > latest {
            return Err(DebtError::FirstDueTooLate { latest });
        }
        let last_due_date = self.due_date(self.term_months);
        if last_due_date.year() > YEAR_MAX {
            return Err(DebtError::ScheduleTooLate { last_due_date });
        }
        Ok(DebtTerms {
            principal,
            annual_interest_rate: rate.normalize(),
            ..*self
        })
    }

    /// The due date of instalment `number` (1-based): the first due date plus
    /// `number − 1` months, on the same day of the month or the month's last day when
    /// it is shorter (31 January, 28 February, 31 March…).
    pub fn due_date(&self, number: u32) -> NaiveDate {
        self.first_due_date
            .checked_add_months(Months::new(number.saturating_sub(1)))
            .unwrap_or(NaiveDate::MAX)
    }

    /// The interest rate of one regular month: the annual rate / 12.
    fn monthly_rate(&self) -> Decimal {
        self.annual_interest_rate / Decimal::from(1200)
    }

    /// The interest rate of instalment `number`'s period. Every period is a month but the
    /// first when its due date is not a month after the start: that one is charged by
    /// its days, Actual/365.
    pub(super) fn period_rate(&self, number: u32) -> Decimal {
        let regular_first = self
            .start_date
            .checked_add_months(Months::new(1))
            .is_some_and(|a_month_on| a_month_on == self.first_due_date);
        if number > 1 || regular_first {
            return self.monthly_rate();
        }
        let days = (self.first_due_date - self.start_date).num_days();
        self.annual_interest_rate * Decimal::from(days) / Decimal::from(100 * DAYS_IN_YEAR)
    }
}

/// The schedule of `terms` with no repayment recorded: the contract.
pub fn schedule(terms: &DebtTerms) -> Result<Vec<ScheduleRow>, DebtError> {
    let terms = terms.checked()?;
    Ok(plan(&terms, 1, terms.principal))
}

/// The instalments `from..=term_months` for a balance of `opening` before instalment
/// `from`, by the repayment type: annuity at the level payment of `opening` over the
/// instalments left, equal principal at `opening` / instalments left, interest only
/// with the balance in the last. The last instalment takes what is left, so the
/// schedule closes at exactly zero; it ends early if the balance reaches zero first.
pub(super) fn plan(terms: &DebtTerms, from: u32, opening: Decimal) -> Vec<ScheduleRow> {
    let n = terms.term_months;
    if from > n {
        return Vec::new();
    }
    let left = Decimal::from(n + 1 - from);
    let rate = terms.monthly_rate();
    let level_payment = round_money(level_payment(opening, rate, n + 1 - from));
    let level_principal = round_money(opening / left);
    let mut rows = Vec::new();
    let mut balance = opening;
    for number in from..=n {
        if balance <= Decimal::ZERO {
            break;
        }
        let interest = round_money(balance * terms.period_rate(number));
        let principal = if number == n {
            balance
        } else {
            match terms.repayment_type {
                RepaymentType::Annuity => (level_payment - interest).max(Decimal::ZERO),
                RepaymentType::EqualPrincipal => level_principal,
                RepaymentType::InterestOnly => Decimal::ZERO,
            }
            .min(balance)
        };
        let closing = balance - principal;
        rows.push(ScheduleRow {
            number,
            due_date: terms.due_date(number),
            opening_balance: round_money(balance),
            interest,
            principal: round_money(principal),
            payment: round_money(interest + principal),
            closing_balance: round_money(closing),
        });
        balance = closing;
    }
    assert!(
        rows.last().is_none_or(|row| row.closing_balance.is_zero()),
        "a schedule closes at zero"
    );
    rows
}

/// The level payment repaying `balance` over `instalments` months at `rate` a month:
/// balance × rate / (1 − (1 + rate)^−instalments), or balance / instalments without
/// interest. Computed through the discount factor 1 / (1 + rate), whose powers shrink, so
/// no term overflows whatever the rate and term.
fn level_payment(balance: Decimal, rate: Decimal, instalments: u32) -> Decimal {
    if rate.is_zero() {
        return balance / Decimal::from(instalments);
    }
    let discount = Decimal::ONE / (Decimal::ONE + rate);
    let mut discounted = Decimal::ONE;
    for _ in 0..instalments {
        discounted *= discount;
    }
    balance * rate / (Decimal::ONE - discounted)
}
