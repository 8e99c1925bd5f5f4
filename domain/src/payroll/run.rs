//! A pay run's figures: one payslip per employee for one period and pay date, and the
//! run's totals per component — the amounts its journal entry posts.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::annual::EmployeePay;
use super::errors::PayrollError;
use super::payslip::{compute_payslip, Employment, Payslip};
use super::rules::{rules_for, RuleSet};
use crate::calendar::Month;
use crate::money::MONEY_ZERO;

/// Most employees in one pay run. A run is one event carrying every payslip (about a
/// kilobyte of JSON each) appended with its journal entry in one transaction; 2,000
/// keeps that event near two megabytes, and is ten times the largest medium-sized
/// enterprise (under 200 employees) the product is built for.
pub const EMPLOYEES_PER_RUN_MAX: usize = 2_000;

/// One employee as a run sees them. `K` is the caller's employee id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunEmployee<K> {
    pub employee_id: K,
    pub pay: EmployeePay,
    pub employment: Employment,
}

/// One employee's payslip in a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunPayslip<K> {
    pub employee_id: K,
    pub payslip: Payslip,
}

/// The totals of a run, per payslip component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayRunTotals {
    pub gross: Decimal,
    pub basic: Decimal,
    pub housing: Decimal,
    pub transport: Decimal,
    pub other: Decimal,
    pub pension_employee: Decimal,
    pub nhf: Decimal,
    pub paye: Decimal,
    pub other_deductions: Decimal,
    pub net_pay: Decimal,
    pub pension_employer: Decimal,
    pub nsitf: Decimal,
    pub itf: Decimal,
    pub employer_cost: Decimal,
}

impl PayRunTotals {
    /// All zero, written at two places (`"0.00"`) like every amount.
    fn zero() -> Self {
        let zero = MONEY_ZERO;
        Self {
            gross: zero,
            basic: zero,
            housing: zero,
            transport: zero,
            other: zero,
            pension_employee: zero,
            nhf: zero,
            paye: zero,
            other_deductions: zero,
            net_pay: zero,
            pension_employer: zero,
            nsitf: zero,
            itf: zero,
            employer_cost: zero,
        }
    }

    fn add(&mut self, slip: &Payslip) {
        self.gross += slip.gross;
        self.basic += slip.basic;
        self.housing += slip.housing;
        self.transport += slip.transport;
        self.other += slip.other;
        self.pension_employee += slip.pension_employee;
        self.nhf += slip.nhf;
        self.paye += slip.paye;
        self.other_deductions += slip.other_deductions;
        self.net_pay += slip.net_pay;
        self.pension_employer += slip.pension_employer;
        self.nsitf += slip.nsitf;
        self.itf += slip.itf;
        self.employer_cost += slip.employer_cost;
    }

    /// Debits of the run's entry: gross pay and the employer's contributions.
    pub fn debits(&self) -> Decimal {
        self.gross + self.pension_employer + self.nsitf + self.itf
    }

    /// Credits of the run's entry: what is owed to the tax office, the pension fund
    /// (both shares), the NHF, NSITF, ITF, the employees (net) and the other deductions'
    /// payees.
    pub fn credits(&self) -> Decimal {
        self.paye
            + self.pension_employee
            + self.pension_employer
            + self.nhf
            + self.nsitf
            + self.itf
            + self.net_pay
            + self.other_deductions
    }
}

/// A run's payslips and totals.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunFigures<K> {
    pub period: Month,
    pub pay_date: NaiveDate,
    pub rule_set: RuleSet,
    pub payslips: Vec<RunPayslip<K>>,
    pub totals: PayRunTotals,
}

/// Every employee's payslip for `period` paid on `pay_date`, and the totals. The first
/// employee whose pay is refused stops the run, named by index (`employees[3].basic`).
pub fn compute_pay_run<K: Clone>(
    period: Month,
    pay_date: NaiveDate,
    itf_applies: bool,
    employees: &[RunEmployee<K>],
) -> Result<RunFigures<K>, PayrollError> {
    if employees.len() > EMPLOYEES_PER_RUN_MAX {
        return Err(PayrollError::TooManyEmployees {
            count: employees.len(),
            max: EMPLOYEES_PER_RUN_MAX,
        });
    }
    let rules = rules_for(pay_date)?;
    let mut totals = PayRunTotals::zero();
    let payslips = employees
        .iter()
        .enumerate()
        .map(|(index, employee)| {
            let payslip = compute_payslip(
                &employee.pay,
                &employee.employment,
                period,
                pay_date,
                itf_applies,
            )
            .map_err(|error| PayrollError::Employee {
                index,
                error: Box::new(error),
            })?;
            totals.add(&payslip);
            Ok(RunPayslip {
                employee_id: employee.employee_id.clone(),
                payslip,
            })
        })
        .collect::<Result<Vec<_>, PayrollError>>()?;
    assert_eq!(
        totals.debits(),
        totals.credits(),
        "a pay run's entry balances"
    );
    Ok(RunFigures {
        period,
        pay_date,
        rule_set: rules.rule_set,
        payslips,
        totals,
    })
}
