//! Aging: what a debt owes on a date and how long what is overdue has been overdue, in
//! the buckets current, 1–30, 31–60, 61–90 and over 90 days past due.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::errors::DebtError;
use super::repayment::{position, Repayment};
use super::schedule::DebtTerms;
use crate::money::{round_money, MONEY_ZERO};

/// Amounts by days past due. `current` is what is owed but not past due (principal not
/// yet due, and anything due on the day itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgingBuckets {
    pub current: Decimal,
    pub days_1_30: Decimal,
    pub days_31_60: Decimal,
    pub days_61_90: Decimal,
    pub days_over_90: Decimal,
}

impl AgingBuckets {
    /// All zero, at two places.
    pub fn zero() -> Self {
        Self {
            current: MONEY_ZERO,
            days_1_30: MONEY_ZERO,
            days_31_60: MONEY_ZERO,
            days_61_90: MONEY_ZERO,
            days_over_90: MONEY_ZERO,
        }
    }

    /// Bucket by bucket sum (the totals row of an aging report).
    pub fn plus(&self, other: &AgingBuckets) -> AgingBuckets {
        AgingBuckets {
            current: self.current + other.current,
            days_1_30: self.days_1_30 + other.days_1_30,
            days_31_60: self.days_31_60 + other.days_31_60,
            days_61_90: self.days_61_90 + other.days_61_90,
            days_over_90: self.days_over_90 + other.days_over_90,
        }
    }

    /// Everything owed: the buckets together.
    pub fn total(&self) -> Decimal {
        self.current + self.days_1_30 + self.days_31_60 + self.days_61_90 + self.days_over_90
    }

    fn bucket(&mut self, days_past_due: i64) -> &mut Decimal {
        match days_past_due {
            i64::MIN..=0 => &mut self.current,
            1..=30 => &mut self.days_1_30,
            31..=60 => &mut self.days_31_60,
            61..=90 => &mut self.days_61_90,
            _ => &mut self.days_over_90,
        }
    }
}

/// The next instalment with something left to pay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct NextDue {
    pub due_date: NaiveDate,
    /// What is left to pay of it.
    pub amount: Decimal,
}

/// A debt's aging on a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtAging {
    pub as_of: NaiveDate,
    /// Principal not yet repaid plus unpaid interest of instalments due by `as_of`.
    pub outstanding: Decimal,
    /// Unpaid amounts of instalments due before `as_of`.
    pub overdue: Decimal,
    pub buckets: AgingBuckets,
    /// Days the oldest unpaid instalment is past due (0 when nothing is overdue).
    pub days_past_due: u32,
    /// The first instalment due on or after `as_of` with something left to pay.
    pub next_due: Option<NextDue>,
}

/// The aging of a debt on `as_of`, counting the repayments dated on or before it.
pub fn aging(
    terms: &DebtTerms,
    repayments: &[Repayment],
    as_of: NaiveDate,
) -> Result<DebtAging, DebtError> {
    let counted: Vec<Repayment> = repayments
        .iter()
        .copied()
        .filter(|r| r.date <= as_of)
        .collect();
    let position = position(terms, &counted)?;
    let mut buckets = AgingBuckets::zero();
    let mut overdue = Decimal::ZERO;
    let mut interest_due = Decimal::ZERO;
    let mut days_past_due = 0;
    for instalment in position
        .instalments
        .iter()
        .filter(|i| i.row.due_date <= as_of)
    {
        interest_due += instalment.interest_unpaid();
        let unpaid = instalment.unpaid();
        let days = (as_of - instalment.row.due_date).num_days();
        if days > 0 && unpaid > Decimal::ZERO {
            *buckets.bucket(days) += unpaid;
            overdue += unpaid;
            days_past_due = days_past_due.max(u32::try_from(days).unwrap_or(u32::MAX));
        }
    }
    let outstanding = position.principal_outstanding + interest_due;
    buckets.current = round_money(outstanding - overdue);
    assert_eq!(
        buckets.total(),
        outstanding,
        "the aging buckets add up to what is owed"
    );
    let next_due = position
        .instalments
        .iter()
        .find(|i| i.row.due_date >= as_of && i.unpaid() > Decimal::ZERO)
        .map(|i| NextDue {
            due_date: i.row.due_date,
            amount: round_money(i.unpaid()),
        });
    Ok(DebtAging {
        as_of,
        outstanding: round_money(outstanding),
        overdue: round_money(overdue),
        buckets,
        days_past_due,
        next_due,
    })
}
