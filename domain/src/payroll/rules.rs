//! The Nigerian payroll rules as dated data: which rule set a pay date falls under, its
//! tax bands, reliefs and minimum tax, the statutory contribution rates, and the national
//! minimum wage on a date. Each constant names its source; a new law is a new entry in
//! [`RULE_SETS`] or [`MINIMUM_WAGES`], not a new code path.

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::errors::PayrollError;

/// A decimal constant `mantissa × 10^-scale` (`dec(25, 3)` is 0.025), usable in consts.
const fn dec(mantissa: u32, scale: u32) -> Decimal {
    Decimal::from_parts(mantissa, 0, 0, false, scale)
}

const fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    match NaiveDate::from_ymd_opt(year, month, day) {
        Some(date) => date,
        None => panic!("a rule's date is a calendar day"),
    }
}

/// Employee pension contribution: 8% of basic + housing + transport (and allowances the
/// employer declares pensionable). Pension Reform Act 2014, s.4(1)(b).
pub const PENSION_EMPLOYEE_RATE: Decimal = dec(8, 2);
/// Employer pension contribution: 10% of the same base. Pension Reform Act 2014, s.4(1)(a).
pub const PENSION_EMPLOYER_RATE: Decimal = dec(10, 2);
/// National Housing Fund: 2.5% of basic salary, for employees who contribute.
/// National Housing Fund Act (Cap N45 LFN 2004), s.4.
pub const NHF_RATE: Decimal = dec(25, 3);
/// NSITF employees' compensation: 1% of the month's total emoluments, paid by the
/// employer. Employees' Compensation Act 2010, s.33.
pub const NSITF_RATE: Decimal = dec(1, 2);
/// Industrial Training Fund: 1% of the annual payroll, paid by employers the ITF Act
/// covers (five or more employees, or turnover of ₦50m or more). ITF (Amendment) Act 2011.
pub const ITF_RATE: Decimal = dec(1, 2);

/// The earliest pay date with rules in [`RULE_SETS`]: the Finance Act 2020's amendments to
/// PITA (CRA on gross income less pension and NHF, minimum tax at 1% of gross income, the
/// minimum-wage exemption) took effect on 2021-01-01. Earlier pay runs would need the
/// older reading, which this product does not hold, so they are refused.
pub const RULES_START: NaiveDate = date(2021, 1, 1);

/// The day the Nigeria Tax Act 2025 takes effect (its commencement date, 1 January 2026).
pub const NTA_2025_START: NaiveDate = date(2026, 1, 1);

pub use event_schemas::payroll::RuleSet;

/// One band of a graduated scale: `width` of taxable income taxed at `rate`; `None` is
/// the open top band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxBand {
    pub width: Option<Decimal>,
    pub rate: Decimal,
}

/// The relief a rule set grants before the bands apply (besides pension and NHF, which
/// both rule sets deduct).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Relief {
    /// Consolidated relief allowance: the higher of `floor` and `gross_rate` × gross
    /// income, plus `net_rate` × (gross income − pension − NHF). PITA s.33(1) as amended
    /// by the Finance Act 2020 (which makes the 20% apply to gross income less the
    /// tax-exempt contributions).
    Consolidated {
        floor: Decimal,
        gross_rate: Decimal,
        net_rate: Decimal,
    },
    /// Rent relief: `rate` × annual rent paid, at most `cap`. NTA 2025 s.30(2)(a)(vi).
    Rent { rate: Decimal, cap: Decimal },
}

/// One dated rule set: everything the annual PAYE computation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaxRules {
    pub rule_set: RuleSet,
    /// The first pay date the rules apply to; they apply until the next set's date.
    pub effective_from: NaiveDate,
    pub bands: &'static [TaxBand],
    pub relief: Relief,
    /// Minimum tax as a share of gross income, payable when the banded tax is lower;
    /// `None` where the law has none.
    pub minimum_tax_rate: Option<Decimal>,
    /// Whether an employee whose gross pay is at or below the national minimum wage pays
    /// no PAYE.
    pub minimum_wage_exempt: bool,
}

/// PITA Sixth Schedule: 7/11/15/19/21/24% on 300k/300k/500k/500k/1.6m/above 3.2m.
const PITA_BANDS: [TaxBand; 6] = [
    TaxBand {
        width: Some(dec(300_000, 0)),
        rate: dec(7, 2),
    },
    TaxBand {
        width: Some(dec(300_000, 0)),
        rate: dec(11, 2),
    },
    TaxBand {
        width: Some(dec(500_000, 0)),
        rate: dec(15, 2),
    },
    TaxBand {
        width: Some(dec(500_000, 0)),
        rate: dec(19, 2),
    },
    TaxBand {
        width: Some(dec(1_600_000, 0)),
        rate: dec(21, 2),
    },
    TaxBand {
        width: None,
        rate: dec(24, 2),
    },
];

/// NTA 2025 Fourth Schedule: 0% on the first 800k, then 15% on 2.2m, 18% on 9m, 21% on
/// 13m, 23% on 25m and 25% above 50m.
const NTA_2025_BANDS: [TaxBand; 6] = [
    TaxBand {
        width: Some(dec(800_000, 0)),
        rate: Decimal::ZERO,
    },
    TaxBand {
        width: Some(dec(2_200_000, 0)),
        rate: dec(15, 2),
    },
    TaxBand {
        width: Some(dec(9_000_000, 0)),
        rate: dec(18, 2),
    },
    TaxBand {
        width: Some(dec(13_000_000, 0)),
        rate: dec(21, 2),
    },
    TaxBand {
        width: Some(dec(25_000_000, 0)),
        rate: dec(23, 2),
    },
    TaxBand {
        width: None,
        rate: dec(25, 2),
    },
];

/// The rule sets, oldest first; a pay date takes the last one in force on it.
pub const RULE_SETS: [TaxRules; 2] = [
    TaxRules {
        rule_set: RuleSet::Pita,
        effective_from: RULES_START,
        bands: &PITA_BANDS,
        // PITA s.33(1) as amended: ₦200,000 or 1% of gross income, plus 20%.
        relief: Relief::Consolidated {
            floor: dec(200_000, 0),
            gross_rate: dec(1, 2),
            net_rate: dec(20, 2),
        },
        // PITA s.37 as amended by the Finance Act 2020: 1% of gross income.
        minimum_tax_rate: Some(dec(1, 2)),
        // The Finance Act 2020's proviso to PITA s.37 exempts minimum-wage earners.
        minimum_wage_exempt: true,
    },
    TaxRules {
        rule_set: RuleSet::Nta2025,
        effective_from: NTA_2025_START,
        bands: &NTA_2025_BANDS,
        // NTA 2025 s.30(2)(a)(vi): 20% of annual rent paid, at most ₦500,000.
        relief: Relief::Rent {
            rate: dec(20, 2),
            cap: dec(500_000, 0),
        },
        // The NTA 2025 carries no individual minimum tax.
        minimum_tax_rate: None,
        // The NTA 2025 exempts the employment income of minimum-wage earners.
        minimum_wage_exempt: true,
    },
];

/// The national minimum wage a month, from the date each Act took effect, oldest first.
/// National Minimum Wage Act 2019 (signed 2019-04-18): ₦30,000; National Minimum Wage
/// (Amendment) Act 2024 (signed 2024-07-29): ₦70,000, that is ₦840,000 a year.
pub const MINIMUM_WAGES: [(NaiveDate, Decimal); 2] = [
    (date(2019, 4, 18), dec(30_000, 0)),
    (date(2024, 7, 29), dec(70_000, 0)),
];

/// The rules a pay date falls under: PITA before 2026-01-01, the NTA 2025 from then on.
pub fn rules_for(pay_date: NaiveDate) -> Result<&'static TaxRules, PayrollError> {
    RULE_SETS
        .iter()
        .rev()
        .find(|rules| rules.effective_from <= pay_date)
        .ok_or(PayrollError::PayDateBeforeRules {
            pay_date,
            earliest: RULES_START,
        })
}

/// The national minimum wage for a year of pay (twelve times the monthly wage in force
/// on the pay date). Every pay date [`rules_for`] accepts has one.
pub fn minimum_wage_annual(pay_date: NaiveDate) -> Result<Decimal, PayrollError> {
    MINIMUM_WAGES
        .iter()
        .rev()
        .find(|(from, _)| *from <= pay_date)
        .map(|(_, monthly)| monthly * Decimal::from(12))
        .ok_or(PayrollError::PayDateBeforeRules {
            pay_date,
            earliest: RULES_START,
        })
}

/// Tax on `taxable` under a graduated scale: each band's width taxed at its rate, the
/// open band taking the rest. Exact (no rounding): the caller rounds the annual total.
pub fn banded_tax(bands: &[TaxBand], taxable: Decimal) -> Decimal {
    let mut rest = taxable.max(Decimal::ZERO);
    let mut tax = Decimal::ZERO;
    for band in bands {
        if rest.is_zero() {
            break;
        }
        let slice = band.width.map_or(rest, |width| rest.min(width));
        tax += slice * band.rate;
        rest -= slice;
    }
    tax
}
