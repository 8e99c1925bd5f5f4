//! An employee's year of pay under one rule set: the inputs as the employee record holds
//! them (annual amounts; other deductions monthly), their checks, and the annual
//! computation every monthly payslip is a share of.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::errors::PayrollError;
use super::rules::{
    banded_tax, minimum_wage_annual, rules_for, Relief, RuleSet, ITF_RATE, NHF_RATE, NSITF_RATE,
    PENSION_EMPLOYEE_RATE, PENSION_EMPLOYER_RATE,
};
use crate::money::{check_amount, round_money};

/// Most other allowances on one employee: a pay structure has a handful (meal, utility,
/// leave, hazard…); twenty leaves room and keeps a payslip printable on one page.
pub const ALLOWANCES_MAX: usize = 20;
/// Most other deductions on one employee, for the same reason.
pub const DEDUCTIONS_MAX: usize = 20;
/// Longest name of an allowance or deduction: a payslip line's label.
pub const LINE_NAME_CHARS_MAX: usize = 100;

/// An employee's pay as the employee record holds it. Earnings are annual; other
/// deductions are monthly (a loan repayment or union dues is agreed by the month).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmployeePay {
    /// Annual basic salary: the NHF base and part of the pension base.
    pub basic: Decimal,
    /// Annual housing allowance (taxable, pensionable).
    pub housing: Decimal,
    /// Annual transport allowance (taxable, pensionable).
    pub transport: Decimal,
    pub other_allowances: Vec<Allowance>,
    /// Annual rent the employee pays, for rent relief (NTA 2025 only; PITA ignores it).
    pub annual_rent: Decimal,
    /// Whether the employee contributes to the National Housing Fund.
    pub nhf: bool,
    pub other_deductions: Vec<Deduction>,
}

/// An allowance beyond basic, housing and transport.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Allowance {
    pub name: String,
    /// Annual amount.
    pub amount: Decimal,
    /// Part of gross income for tax (a non-taxable allowance is paid but not taxed).
    pub taxable: bool,
    /// Part of the pension base.
    pub pensionable: bool,
}

/// A deduction from net pay after tax (loan repayment, union dues, cooperative savings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deduction {
    pub name: String,
    /// Monthly amount, deducted in full in every month paid (never prorated).
    pub amount: Decimal,
}

impl EmployeePay {
    /// The pay with every amount checked (not negative, two decimals, within the books'
    /// maximum) and written at two places, names trimmed and present, lists bounded.
    pub fn checked(&self) -> Result<EmployeePay, PayrollError> {
        let amount = |field: &str, value: Decimal| {
            check_amount(value).map_err(|problem| PayrollError::amount(field, problem))
        };
        if self.other_allowances.len() > ALLOWANCES_MAX {
            return Err(PayrollError::TooManyAllowances {
                count: self.other_allowances.len(),
                max: ALLOWANCES_MAX,
            });
        }
        if self.other_deductions.len() > DEDUCTIONS_MAX {
            return Err(PayrollError::TooManyDeductions {
                count: self.other_deductions.len(),
                max: DEDUCTIONS_MAX,
            });
        }
        let other_allowances = self
            .other_allowances
            .iter()
            .enumerate()
            .map(|(i, allowance)| {
                let field = format!("other_allowances[{i}]");
                Ok(Allowance {
                    name: line_name(&field, &allowance.name)?,
                    amount: amount(&format!("{field}.amount"), allowance.amount)?,
                    taxable: allowance.taxable,
                    pensionable: allowance.pensionable,
                })
            })
            .collect::<Result<Vec<_>, PayrollError>>()?;
        let other_deductions = self
            .other_deductions
            .iter()
            .enumerate()
            .map(|(i, deduction)| {
                let field = format!("other_deductions[{i}]");
                Ok(Deduction {
                    name: line_name(&field, &deduction.name)?,
                    amount: amount(&format!("{field}.amount"), deduction.amount)?,
                })
            })
            .collect::<Result<Vec<_>, PayrollError>>()?;
        Ok(EmployeePay {
            basic: amount("basic", self.basic)?,
            housing: amount("housing", self.housing)?,
            transport: amount("transport", self.transport)?,
            other_allowances,
            annual_rent: amount("annual_rent", self.annual_rent)?,
            nhf: self.nhf,
            other_deductions,
        })
    }

    /// Every earning: basic + housing + transport + every other allowance.
    pub fn gross(&self) -> Decimal {
        self.basic + self.housing + self.transport + self.allowances(|_| true)
    }

    /// Gross income for tax: gross less the non-taxable allowances.
    pub fn gross_income(&self) -> Decimal {
        self.basic + self.housing + self.transport + self.allowances(|a| a.taxable)
    }

    /// The pension base: basic + housing + transport + pensionable allowances.
    pub fn pension_base(&self) -> Decimal {
        self.basic + self.housing + self.transport + self.allowances(|a| a.pensionable)
    }

    /// The monthly total of other deductions.
    pub fn other_deductions_monthly(&self) -> Decimal {
        self.other_deductions.iter().map(|d| d.amount).sum()
    }

    fn allowances(&self, included: impl Fn(&Allowance) -> bool) -> Decimal {
        self.other_allowances
            .iter()
            .filter(|a| included(a))
            .map(|a| a.amount)
            .sum()
    }
}

fn line_name(field: &str, raw: &str) -> Result<String, PayrollError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(PayrollError::NameMissing {
            field: format!("{field}.name"),
        });
    }
    if name.chars().count() > LINE_NAME_CHARS_MAX {
        return Err(PayrollError::NameTooLong {
            field: format!("{field}.name"),
            max: LINE_NAME_CHARS_MAX,
        });
    }
    Ok(name.to_string())
}

/// A year of pay under one rule set. Every amount is rounded half-up to the kobo as it
/// is computed, and later steps use the rounded figures (so the steps add up on paper).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnualComputation {
    pub rule_set: RuleSet,
    /// Every earning.
    pub gross: Decimal,
    /// Gross income for tax: gross less non-taxable allowances.
    pub gross_income: Decimal,
    pub pension_base: Decimal,
    pub pension_employee: Decimal,
    pub nhf: Decimal,
    /// Consolidated relief allowance (PITA only).
    pub cra: Option<Decimal>,
    /// Rent relief (NTA 2025; zero under PITA).
    pub rent_relief: Decimal,
    /// Taxable (PITA) or chargeable (NTA 2025) income: never below zero.
    pub taxable_income: Decimal,
    /// Tax on the taxable income by the bands.
    pub banded_tax: Decimal,
    /// Minimum tax where the rule set has one (PITA: 1% of gross income).
    pub minimum_tax: Option<Decimal>,
    /// Whether gross pay is at or below the national minimum wage, so no PAYE is due.
    pub minimum_wage_exempt: bool,
    /// The PAYE of the year: the banded tax, or the minimum tax when higher, or nothing
    /// for a minimum-wage earner.
    pub paye: Decimal,
    /// Gross less pension, NHF and PAYE (before other deductions).
    pub net_pay: Decimal,
    pub pension_employer: Decimal,
    pub nsitf: Decimal,
    /// ITF, when the employer is covered (else zero).
    pub itf: Decimal,
}

/// The annual computation of `pay` under the rules in force on `pay_date`.
pub fn compute_annual(
    pay: &EmployeePay,
    pay_date: NaiveDate,
    itf_applies: bool,
) -> Result<AnnualComputation, PayrollError> {
    let rules = rules_for(pay_date)?;
    let pay = pay.checked()?;
    let gross = pay.gross();
    let gross_income = pay.gross_income();
    let pension_base = pay.pension_base();
    let pension_employee = round_money(pension_base * PENSION_EMPLOYEE_RATE);
    let nhf = if pay.nhf {
        round_money(pay.basic * NHF_RATE)
    } else {
        Decimal::ZERO
    };
    let contributions = pension_employee + nhf;

    let (cra, rent_relief) = match rules.relief {
        Relief::Consolidated {
            floor,
            gross_rate,
            net_rate,
        } => {
            let net_income = (gross_income - contributions).max(Decimal::ZERO);
            let cra = round_money(floor.max(gross_income * gross_rate) + net_income * net_rate);
            (Some(cra), Decimal::ZERO)
        }
        Relief::Rent { rate, cap } => (None, round_money((pay.annual_rent * rate).min(cap))),
    };
    let reliefs = contributions + cra.unwrap_or(Decimal::ZERO) + rent_relief;
    let taxable_income = round_money((gross_income - reliefs).max(Decimal::ZERO));
    let banded = round_money(banded_tax(rules.bands, taxable_income));
    let minimum_tax = rules
        .minimum_tax_rate
        .map(|rate| round_money(gross_income * rate));
    let minimum_wage_exempt = rules.minimum_wage_exempt && gross <= minimum_wage_annual(pay_date)?;
    let paye = if minimum_wage_exempt {
        Decimal::ZERO
    } else {
        banded.max(minimum_tax.unwrap_or(Decimal::ZERO))
    };
    let itf = if itf_applies {
        round_money(gross * ITF_RATE)
    } else {
        Decimal::ZERO
    };
    Ok(AnnualComputation {
        rule_set: rules.rule_set,
        gross: round_money(gross),
        gross_income: round_money(gross_income),
        pension_base: round_money(pension_base),
        pension_employee,
        nhf,
        cra,
        rent_relief,
        taxable_income,
        banded_tax: banded,
        minimum_tax,
        minimum_wage_exempt,
        paye,
        net_pay: round_money(gross - contributions - paye),
        pension_employer: round_money(pension_base * PENSION_EMPLOYER_RATE),
        nsitf: round_money(gross * NSITF_RATE),
        itf,
    })
}
