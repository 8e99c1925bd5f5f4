//! Repayments: how a payment on a date splits into interest and principal, which
//! instalments it settles, and the schedule as it stands after every repayment recorded
//! (prepayments re-plan the instalments after them). The conventions are in the module
//! docs of [`crate::debt`].

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::errors::DebtError;
use super::schedule::{plan, DebtTerms, ScheduleRow};
use crate::money::{check_amount, round_money, MONEY_ZERO};

/// Most repayments on one debt: weekly payments over the longest term are about 2,600;
/// the bound keeps a replay of them small.
pub const REPAYMENTS_MAX: usize = 5_000;

/// A payment towards a debt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repayment {
    pub date: NaiveDate,
    pub amount: Decimal,
}

/// One instalment of the schedule as it stands, with what has been paid of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstalmentStatus {
    /// The row: its `principal` includes any prepayment made in its period.
    pub row: ScheduleRow,
    /// The part of `row.principal` prepaid beyond the instalment's own principal.
    pub prepaid_principal: Decimal,
    pub interest_paid: Decimal,
    pub principal_paid: Decimal,
}

impl InstalmentStatus {
    /// A planned row nothing has been paid of yet.
    fn unpaid_row(row: ScheduleRow) -> Self {
        Self {
            row,
            prepaid_principal: MONEY_ZERO,
            interest_paid: MONEY_ZERO,
            principal_paid: MONEY_ZERO,
        }
    }

    pub fn interest_unpaid(&self) -> Decimal {
        self.row.interest - self.interest_paid
    }

    pub fn principal_unpaid(&self) -> Decimal {
        self.row.principal - self.principal_paid
    }

    /// What is still to be paid of the instalment.
    pub fn unpaid(&self) -> Decimal {
        self.interest_unpaid() + self.principal_unpaid()
    }
}

/// What one repayment paid of one instalment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct AllocationLine {
    pub number: u32,
    pub interest: Decimal,
    /// Including any prepayment recorded on this instalment.
    pub principal: Decimal,
}

/// How a repayment split: `amount = interest + principal`; `prepayment` is the part of
/// `principal` paid beyond the next instalment, which re-planned the later ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepaymentAllocation {
    pub date: NaiveDate,
    pub amount: Decimal,
    pub interest: Decimal,
    pub principal: Decimal,
    pub prepayment: Decimal,
    /// The instalments it paid, oldest first.
    pub lines: Vec<AllocationLine>,
}

/// A debt after its repayments: the schedule as it stands, each repayment's split, and
/// what is owed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DebtPosition {
    pub instalments: Vec<InstalmentStatus>,
    pub repayments: Vec<RepaymentAllocation>,
    /// Principal not yet repaid.
    pub principal_outstanding: Decimal,
}

impl DebtPosition {
    /// The schedule rows as they stand (prepayments included, later rows re-planned).
    pub fn rows(&self) -> Vec<ScheduleRow> {
        self.instalments.iter().map(|i| i.row).collect()
    }

    /// What settles the debt on `date`: the principal outstanding plus the unpaid
    /// interest of the instalments due by then and of the next one.
    pub fn payoff_on(&self, date: NaiveDate) -> Decimal {
        let next = self.next_index(date);
        let interest: Decimal = self
            .instalments
            .iter()
            .enumerate()
            .filter(|(index, i)| i.row.due_date <= date || Some(*index) == next)
            .map(|(_, i)| i.interest_unpaid())
            .sum();
        round_money(self.principal_outstanding + interest)
    }

    /// The index of the instalment running on `date`: the first due after it.
    fn next_index(&self, date: NaiveDate) -> Option<usize> {
        self.instalments.iter().position(|i| i.row.due_date > date)
    }
}

/// The debt after `repayments`, applied in the order given (the order they were
/// recorded; their dates never go back).
pub fn position(terms: &DebtTerms, repayments: &[Repayment]) -> Result<DebtPosition, DebtError> {
    if repayments.len() > REPAYMENTS_MAX {
        return Err(DebtError::TooManyRepayments {
            max: REPAYMENTS_MAX,
        });
    }
    let terms = terms.checked()?;
    let mut position = DebtPosition {
        instalments: plan(&terms, 1, terms.principal)
            .into_iter()
            .map(InstalmentStatus::unpaid_row)
            .collect(),
        repayments: Vec::new(),
        principal_outstanding: terms.principal,
    };
    for (index, repayment) in repayments.iter().enumerate() {
        apply(&terms, &mut position, *repayment).map_err(|error| DebtError::Recorded {
            index,
            error: Box::new(error),
        })?;
    }
    Ok(position)
}

/// How `new` would split after the `recorded` repayments: the split a repayment posts.
pub fn allocate(
    terms: &DebtTerms,
    recorded: &[Repayment],
    new: Repayment,
) -> Result<RepaymentAllocation, DebtError> {
    if recorded.len() >= REPAYMENTS_MAX {
        return Err(DebtError::TooManyRepayments {
            max: REPAYMENTS_MAX,
        });
    }
    let mut position = position(terms, recorded)?;
    let terms = terms.checked()?;
    apply(&terms, &mut position, new)
}

/// Applies one repayment: interest of the instalments due (oldest first), then their
/// principal, then the next instalment ahead of its date (interest, then principal),
/// and what is left prepays principal and re-plans the instalments after the next one.
fn apply(
    terms: &DebtTerms,
    position: &mut DebtPosition,
    repayment: Repayment,
) -> Result<RepaymentAllocation, DebtError> {
    let amount = check_amount(repayment.amount).map_err(|p| DebtError::amount("amount", p))?;
    if amount.is_zero() {
        return Err(DebtError::RepaymentNotPositive);
    }
    let date = repayment.date;
    if date < terms.start_date {
        return Err(DebtError::RepaymentBeforeStart {
            start_date: terms.start_date,
        });
    }
    if let Some(last) = position.repayments.last().map(|r| r.date) {
        if date < last {
            return Err(DebtError::RepaymentBeforeLast { last });
        }
    }
    let payoff = position.payoff_on(date);
    if amount > payoff {
        return Err(DebtError::RepaymentExceedsBalance { amount, payoff });
    }

    let due: Vec<usize> = (0..position.instalments.len())
        .filter(|&i| position.instalments[i].row.due_date <= date)
        .collect();
    let next = position.next_index(date);
    let mut left = amount;
    let mut lines: BTreeMap<u32, (Decimal, Decimal)> = BTreeMap::new();
    let mut pay = |instalment: &mut InstalmentStatus, interest: bool, left: &mut Decimal| {
        let unpaid = if interest {
            instalment.interest_unpaid()
        } else {
            instalment.principal_unpaid()
        };
        let paid = unpaid.min(*left);
        if paid <= Decimal::ZERO {
            return;
        }
        *left -= paid;
        let line = lines.entry(instalment.row.number).or_default();
        if interest {
            instalment.interest_paid += paid;
            line.0 += paid;
        } else {
            instalment.principal_paid += paid;
            line.1 += paid;
        }
    };
    for &i in &due {
        pay(&mut position.instalments[i], true, &mut left);
    }
    for &i in &due {
        pay(&mut position.instalments[i], false, &mut left);
    }
    if let Some(i) = next {
        pay(&mut position.instalments[i], true, &mut left);
        pay(&mut position.instalments[i], false, &mut left);
    }
    let prepayment = left;
    if prepayment > Decimal::ZERO {
        // The payoff check leaves a prepayment only while an instalment is still ahead.
        let i = next.expect("a prepayment has an instalment ahead of it");
        prepay(terms, position, i, prepayment);
        lines
            .entry(position.instalments[i].row.number)
            .or_default()
            .1 += prepayment;
    }

    let lines: Vec<AllocationLine> = lines
        .into_iter()
        .map(|(number, (interest, principal))| AllocationLine {
            number,
            interest: round_money(interest),
            principal: round_money(principal),
        })
        .collect();
    let interest: Decimal = lines.iter().map(|l| l.interest).sum();
    let principal: Decimal = lines.iter().map(|l| l.principal).sum();
    position.principal_outstanding -= principal;
    assert_eq!(interest + principal, amount, "a repayment is split whole");
    assert_eq!(
        position
            .instalments
            .iter()
            .map(|i| i.row.principal)
            .sum::<Decimal>(),
        terms.principal,
        "the schedule repays the principal exactly"
    );
    let allocation = RepaymentAllocation {
        date,
        amount,
        interest: round_money(interest),
        principal: round_money(principal),
        prepayment: round_money(prepayment),
        lines,
    };
    position.repayments.push(allocation.clone());
    Ok(allocation)
}

/// Records `amount` of principal prepaid in instalment `index`'s period and re-plans
/// the instalments after it on the lower balance.
fn prepay(terms: &DebtTerms, position: &mut DebtPosition, index: usize, amount: Decimal) {
    let instalment = &mut position.instalments[index];
    instalment.row.principal += amount;
    instalment.row.payment += amount;
    instalment.row.closing_balance -= amount;
    instalment.prepaid_principal += amount;
    instalment.principal_paid += amount;
    let number = instalment.row.number;
    let balance = instalment.row.closing_balance;
    position.instalments.truncate(index + 1);
    position.instalments.extend(
        plan(terms, number + 1, balance)
            .into_iter()
            .map(InstalmentStatus::unpaid_row),
    );
}
