//! Depreciation schedules: a row per month from the month after an asset is available
//! for use until it reaches its residual value, by straight line or declining balance;
//! one month's charge; the depreciation to a month; the figures of a disposal. The
//! conventions are in the module docs of [`crate::fixed_asset`].

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::errors::FixedAssetError;
use crate::calendar::{Month, YEAR_MAX};
use crate::money::{check_amount, round_money, MONEY_DECIMALS, MONEY_ZERO};

/// The longest useful life: a hundred years, past any building's; it bounds a schedule
/// to 1,200 rows.
pub const USEFUL_LIFE_MONTHS_MAX: u32 = 1_200;

/// The highest declining-balance rate: 100 % a year.
const ANNUAL_RATE_MAX: Decimal = Decimal::ONE_HUNDRED;

/// How the depreciable amount is spread over the months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum DepreciationMethod {
    /// (cost − residual) / life each month.
    StraightLine,
    /// `annual_rate` percent a year of the opening net book value, a twelfth each month.
    DecliningBalance { annual_rate: Decimal },
}

/// What depreciation depends on: an asset's cost fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepreciationTerms {
    pub cost: Decimal,
    pub residual_value: Decimal,
    pub useful_life_months: u32,
    /// The day the asset was ready for use; depreciation starts the month after.
    pub available_for_use: NaiveDate,
    pub method: DepreciationMethod,
}

/// One month of a schedule. `closing_nbv = opening_nbv − charge`;
/// `accumulated` is the depreciation to the end of the month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScheduleRow {
    pub period: Month,
    pub opening_nbv: Decimal,
    pub charge: Decimal,
    pub accumulated: Decimal,
    pub closing_nbv: Decimal,
}

impl DepreciationTerms {
    /// The terms with every bound checked and amounts at two places.
    pub fn checked(&self) -> Result<DepreciationTerms, FixedAssetError> {
        let cost = check_amount(self.cost).map_err(|p| FixedAssetError::amount("cost", p))?;
        if cost.is_zero() {
            return Err(FixedAssetError::CostNotPositive);
        }
        let residual_value = check_amount(self.residual_value)
            .map_err(|p| FixedAssetError::amount("residual_value", p))?;
        if residual_value > cost {
            return Err(FixedAssetError::ResidualAboveCost);
        }
        if self.useful_life_months == 0 {
            return Err(FixedAssetError::UsefulLifeZero);
        }
        if self.useful_life_months > USEFUL_LIFE_MONTHS_MAX {
            return Err(FixedAssetError::UsefulLifeTooLong {
                max: USEFUL_LIFE_MONTHS_MAX,
            });
        }
        let last_period = (1..=self.useful_life_months)
            .fold(Month::of(self.available_for_use), |month, _| month.next());
        if last_period.year() > YEAR_MAX {
            return Err(FixedAssetError::ScheduleTooLate { last_period });
        }
        if let DepreciationMethod::DecliningBalance { annual_rate } = self.method {
            let in_range = annual_rate > Decimal::ZERO && annual_rate <= ANNUAL_RATE_MAX;
            if !in_range || annual_rate.normalize().scale() > MONEY_DECIMALS {
                return Err(FixedAssetError::AnnualRateOutOfRange);
            }
        }
        Ok(DepreciationTerms {
            cost,
            residual_value,
            ..*self
        })
    }

    /// The first month charged: the month after the asset is available for use.
    pub fn first_period(&self) -> Month {
        Month::of(self.available_for_use).next()
    }
}

/// The schedule: a row per month from [`DepreciationTerms::first_period`] until the
/// net book value reaches the residual value (at most `useful_life_months` rows; none
/// when residual equals cost).
pub fn schedule(terms: &DepreciationTerms) -> Result<Vec<ScheduleRow>, FixedAssetError> {
    let terms = terms.checked()?;
    let depreciable = terms.cost - terms.residual_value;
    let life = terms.useful_life_months;
    let straight_line_charge = round_money(depreciable / Decimal::from(life));
    let mut rows = Vec::new();
    let mut period = terms.first_period();
    let mut opening_nbv = terms.cost;
    for month_of_life in 1..=life {
        let remaining = opening_nbv - terms.residual_value;
        if remaining <= Decimal::ZERO {
            break;
        }
        let charge = if month_of_life == life {
            // The last month of the life takes the net book value to the residual value:
            // the rounding of straight line, what declining balance has left.
            remaining
        } else {
            match terms.method {
                DepreciationMethod::StraightLine => straight_line_charge,
                DepreciationMethod::DecliningBalance { annual_rate } => {
                    round_money(opening_nbv * annual_rate / Decimal::from(1200))
                }
            }
            .min(remaining)
        };
        let closing_nbv = opening_nbv - charge;
        rows.push(ScheduleRow {
            period,
            opening_nbv: round_money(opening_nbv),
            charge: round_money(charge),
            accumulated: round_money(terms.cost - closing_nbv),
            closing_nbv: round_money(closing_nbv),
        });
        opening_nbv = closing_nbv;
        period = period.next();
    }
    assert!(
        rows.last()
            .is_none_or(|row| row.closing_nbv >= terms.residual_value),
        "depreciation never takes an asset below its residual value"
    );
    Ok(rows)
}

/// The charge of one month (zero before the first month and after the last).
pub fn charge_for(terms: &DepreciationTerms, period: Month) -> Result<Decimal, FixedAssetError> {
    Ok(schedule(terms)?
        .iter()
        .find(|row| row.period == period)
        .map_or(MONEY_ZERO, |row| row.charge))
}

/// The depreciation to the end of `period` (all charges of months up to and including it).
pub fn accumulated_through(
    terms: &DepreciationTerms,
    period: Month,
) -> Result<Decimal, FixedAssetError> {
    Ok(schedule(terms)?
        .iter()
        .take_while(|row| row.period <= period)
        .last()
        .map_or(MONEY_ZERO, |row| row.accumulated))
}

/// What a disposal removes from the books and books as gain or loss.
/// `cost = accumulated_depreciation + net_book_value`, and the disposal entry balances:
/// accumulated depreciation + proceeds + loss = cost + gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisposalFigures {
    /// The month of the disposal: its charge is the last one.
    pub period: Month,
    /// The cost removed from the asset account.
    pub cost: Decimal,
    /// The depreciation removed from accumulated depreciation: every charge through the
    /// disposal month.
    pub accumulated_depreciation: Decimal,
    pub net_book_value: Decimal,
    pub proceeds: Decimal,
    /// Proceeds above the net book value (zero for a loss).
    pub gain: Decimal,
    /// Net book value above the proceeds (zero for a gain).
    pub loss: Decimal,
}

/// The figures of disposing of the asset on `date` for `proceeds`.
pub fn disposal(
    terms: &DepreciationTerms,
    date: NaiveDate,
    proceeds: Decimal,
) -> Result<DisposalFigures, FixedAssetError> {
    let terms = terms.checked()?;
    if date < terms.available_for_use {
        return Err(FixedAssetError::DisposalBeforeAvailable {
            date,
            available_for_use: terms.available_for_use,
        });
    }
    let proceeds = check_amount(proceeds).map_err(|p| FixedAssetError::amount("proceeds", p))?;
    let period = Month::of(date);
    let accumulated_depreciation = accumulated_through(&terms, period)?;
    let net_book_value = terms.cost - accumulated_depreciation;
    let gain = (proceeds - net_book_value).max(MONEY_ZERO);
    let loss = (net_book_value - proceeds).max(MONEY_ZERO);
    assert_eq!(
        accumulated_depreciation + proceeds + loss,
        terms.cost + gain,
        "a disposal entry balances"
    );
    Ok(DisposalFigures {
        period,
        cost: terms.cost,
        accumulated_depreciation,
        net_book_value: round_money(net_book_value),
        proceeds,
        gain: round_money(gain),
        loss: round_money(loss),
    })
}
