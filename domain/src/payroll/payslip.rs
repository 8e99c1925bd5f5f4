//! A month's payslip: the month's share of the annual computation, prorated for a
//! starter or a leaver, with net pay and the employer's cost. See the module docs of
//! [`crate::payroll`] for the rounding and proration rules.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::annual::{compute_annual, EmployeePay};
use super::errors::PayrollError;
use super::rules::RuleSet;
use crate::calendar::Month;
use crate::money::round_money;

/// When the employee works for the employer: the days a month pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Employment {
    /// The first day employed.
    pub start_date: NaiveDate,
    /// The last day employed (inclusive), once terminated.
    pub end_date: Option<NaiveDate>,
}

impl Employment {
    /// Calendar days employed in `period` (both ends inclusive): 0 when not employed in it.
    pub fn days_in(&self, period: Month) -> Result<u32, PayrollError> {
        if let Some(end_date) = self.end_date {
            if end_date < self.start_date {
                return Err(PayrollError::EndBeforeStart {
                    start_date: self.start_date,
                    end_date,
                });
            }
        }
        let from = self.start_date.max(period.first_day());
        let to = self
            .end_date
            .map_or(period.last_day(), |end| end.min(period.last_day()));
        if to < from {
            return Ok(0);
        }
        let days = (to - from).num_days() + 1;
        Ok(u32::try_from(days).unwrap_or(0))
    }
}

/// A named amount on a payslip (an other allowance or an other deduction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayslipLine {
    pub name: String,
    pub amount: Decimal,
}

/// One employee's payslip for one month. Every amount is monthly, at two places.
/// Invariants (asserted): `gross = basic + housing + transport + other`;
/// `net_pay = gross − pension_employee − nhf − paye − other_deductions ≥ 0`;
/// `employer_cost = gross + pension_employer + nsitf + itf`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payslip {
    pub period: Month,
    pub pay_date: NaiveDate,
    pub rule_set: RuleSet,
    /// Calendar days employed in the month; equal to `days_in_month` for a full month.
    pub days_paid: u32,
    pub days_in_month: u32,
    pub gross: Decimal,
    pub basic: Decimal,
    pub housing: Decimal,
    pub transport: Decimal,
    /// The other allowances together.
    pub other: Decimal,
    /// Each other allowance this month, in the employee record's order.
    pub allowances: Vec<PayslipLine>,
    pub pension_employee: Decimal,
    pub nhf: Decimal,
    /// The month's share of the annual rent relief (zero under PITA).
    pub rent_relief: Decimal,
    /// The month's share of the consolidated relief allowance (PITA only).
    pub cra: Option<Decimal>,
    pub taxable_income: Decimal,
    pub paye: Decimal,
    /// The other deductions together.
    pub other_deductions: Decimal,
    /// Each other deduction this month.
    pub deductions: Vec<PayslipLine>,
    pub net_pay: Decimal,
    pub pension_employer: Decimal,
    pub nsitf: Decimal,
    pub itf: Decimal,
    /// What the month costs the employer: gross + employer pension + NSITF + ITF.
    pub employer_cost: Decimal,
}

/// The payslip of `period` paid on `pay_date` (whose rules apply) for an employee with
/// `pay` and `employment`; `itf_applies` when the employer pays ITF.
pub fn compute_payslip(
    pay: &EmployeePay,
    employment: &Employment,
    period: Month,
    pay_date: NaiveDate,
    itf_applies: bool,
) -> Result<Payslip, PayrollError> {
    let days_paid = employment.days_in(period)?;
    if days_paid == 0 {
        return Err(PayrollError::NotEmployedInPeriod { period });
    }
    let pay = pay.checked()?;
    let annual = compute_annual(&pay, pay_date, itf_applies)?;
    let days_in_month = period.days();
    // The month's share of an annual amount, then its prorated part.
    let monthly =
        |annual_amount: Decimal| prorate(month_share(annual_amount), days_paid, days_in_month);

    let basic = monthly(pay.basic);
    let housing = monthly(pay.housing);
    let transport = monthly(pay.transport);
    let allowances: Vec<PayslipLine> = pay
        .other_allowances
        .iter()
        .map(|a| PayslipLine {
            name: a.name.clone(),
            amount: monthly(a.amount),
        })
        .collect();
    let other: Decimal = allowances.iter().map(|a| a.amount).sum();
    let gross = basic + housing + transport + other;

    let pension_employee = monthly(annual.pension_employee);
    let nhf = monthly(annual.nhf);
    let paye = monthly(annual.paye);
    let deductions: Vec<PayslipLine> = pay
        .other_deductions
        .iter()
        .map(|d| PayslipLine {
            name: d.name.clone(),
            amount: d.amount,
        })
        .collect();
    let other_deductions: Decimal = deductions.iter().map(|d| d.amount).sum();
    let available = gross - pension_employee - nhf - paye;
    if other_deductions > available {
        return Err(PayrollError::DeductionsExceedPay {
            other_deductions: round_money(other_deductions),
            available: round_money(available),
        });
    }
    let net_pay = available - other_deductions;

    let pension_employer = monthly(annual.pension_employer);
    let nsitf = monthly(annual.nsitf);
    let itf = monthly(annual.itf);
    let employer_cost = gross + pension_employer + nsitf + itf;

    assert!(
        net_pay >= Decimal::ZERO
            && gross == pension_employee + nhf + paye + other_deductions + net_pay,
        "a payslip's gross pay is its deductions plus its net pay"
    );
    Ok(Payslip {
        period,
        pay_date,
        rule_set: annual.rule_set,
        days_paid,
        days_in_month,
        gross: round_money(gross),
        basic,
        housing,
        transport,
        other: round_money(other),
        allowances,
        pension_employee,
        nhf,
        rent_relief: monthly(annual.rent_relief),
        cra: annual.cra.map(monthly),
        taxable_income: monthly(annual.taxable_income),
        paye,
        other_deductions: round_money(other_deductions),
        deductions,
        net_pay: round_money(net_pay),
        pension_employer,
        nsitf,
        itf,
        employer_cost: round_money(employer_cost),
    })
}

/// The month's amount of an annual amount: one twelfth, half-up to the kobo. Every month
/// of an unchanged salary is the same figure (PAYE on ₦3,000,000 under PITA is 25,281.67
/// in each month), so a payslip reads the same as the published monthly figure; twelve
/// months may differ from the annual amount by a few kobo, which is what the rule gives.
pub fn month_share(annual: Decimal) -> Decimal {
    round_money(annual / Decimal::from(12))
}

/// `amount` for `days_paid` of `days_in_month` calendar days, half-up to the kobo; the
/// whole amount for a full month.
pub fn prorate(amount: Decimal, days_paid: u32, days_in_month: u32) -> Decimal {
    if days_paid >= days_in_month {
        return round_money(amount);
    }
    round_money(amount * Decimal::from(days_paid) / Decimal::from(days_in_month))
}
