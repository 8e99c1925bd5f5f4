//! The payroll rules against the worked examples and published figures, one rule per
//! test.

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::*;
use crate::calendar::Month;
use crate::money::AmountProblem;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn month(raw: &str) -> Month {
    Month::parse(raw).expect("month")
}

/// The pay structure: basic 50%, housing 30%, transport 20% of gross; NHF on.
fn salary(gross: &str, rent: &str) -> EmployeePay {
    let gross = d(gross);
    EmployeePay {
        basic: gross * d("0.5"),
        housing: gross * d("0.3"),
        transport: gross * d("0.2"),
        other_allowances: vec![],
        annual_rent: d(rent),
        nhf: true,
        other_deductions: vec![],
    }
}

fn allowance(amount: &str, taxable: bool, pensionable: bool) -> Allowance {
    Allowance {
        name: "Meal".into(),
        amount: d(amount),
        taxable,
        pensionable,
    }
}

fn employed_from(start: NaiveDate) -> Employment {
    Employment {
        start_date: start,
        end_date: None,
    }
}

const PITA_DATE: (i32, u32, u32) = (2025, 1, 31);
const NTA_DATE: (i32, u32, u32) = (2026, 1, 31);

fn pita_date() -> NaiveDate {
    ymd(PITA_DATE.0, PITA_DATE.1, PITA_DATE.2)
}

fn nta_date() -> NaiveDate {
    ymd(NTA_DATE.0, NTA_DATE.1, NTA_DATE.2)
}

/// The payslip of an employer that pays ITF.
fn slip(
    pay: &EmployeePay,
    employment: &Employment,
    period: Month,
    pay_date: NaiveDate,
) -> Result<Payslip, PayrollError> {
    compute_payslip(pay, employment, period, pay_date, true)
}

fn annual(pay: &EmployeePay, pay_date: NaiveDate) -> AnnualComputation {
    compute_annual(pay, pay_date, true).expect("annual computation")
}

fn january(pay: &EmployeePay, pay_date: NaiveDate) -> Payslip {
    let period = Month::of(pay_date);
    slip(pay, &employed_from(ymd(2020, 1, 1)), period, pay_date).expect("payslip")
}

#[test]
fn pita_on_three_million_matches_the_worked_example() {
    let pay = salary("3000000", "0");
    let year = annual(&pay, pita_date());
    assert_eq!(year.rule_set, RuleSet::Pita);
    assert_eq!(year.pension_employee, d("240000"));
    assert_eq!(year.nhf, d("37500"));
    assert_eq!(year.cra, Some(d("744500")));
    assert_eq!(year.taxable_income, d("1978000"));
    assert_eq!(year.paye, d("303380"));
    assert_eq!(year.net_pay, d("2419120"));
    assert_eq!(january(&pay, pita_date()).paye.to_string(), "25281.67");
}

#[test]
fn pita_on_twelve_million_matches_the_worked_example() {
    let pay = salary("12000000", "0");
    let year = annual(&pay, pita_date());
    assert_eq!(year.pension_employee, d("960000"));
    assert_eq!(year.nhf, d("150000"));
    assert_eq!(year.cra, Some(d("2378000")));
    assert_eq!(year.taxable_income, d("8512000"));
    assert_eq!(year.paye, d("1834880"));
    assert_eq!(year.net_pay, d("9055120"));
    assert_eq!(january(&pay, pita_date()).paye.to_string(), "152906.67");
}

#[test]
fn nta_on_three_million_with_rent_matches_the_worked_example() {
    let pay = salary("3000000", "1200000");
    let year = annual(&pay, nta_date());
    assert_eq!(year.rule_set, RuleSet::Nta2025);
    assert_eq!(year.pension_employee, d("240000"));
    assert_eq!(year.nhf, d("37500"));
    assert_eq!(year.cra, None);
    assert_eq!(year.rent_relief, d("240000"));
    assert_eq!(year.taxable_income, d("2482500"));
    assert_eq!(year.paye, d("252375"));
    assert_eq!(year.net_pay, d("2470125"));
    assert_eq!(january(&pay, nta_date()).paye.to_string(), "21031.25");
}

#[test]
fn nta_on_twelve_million_with_rent_matches_the_worked_example() {
    let pay = salary("12000000", "1200000");
    let year = annual(&pay, nta_date());
    assert_eq!(year.pension_employee, d("960000"));
    assert_eq!(year.nhf, d("150000"));
    assert_eq!(year.rent_relief, d("240000"));
    assert_eq!(year.taxable_income, d("10650000"));
    assert_eq!(year.paye, d("1707000"));
    assert_eq!(year.net_pay, d("9183000"));
    assert_eq!(january(&pay, nta_date()).paye.to_string(), "142250.00");
}

#[test]
fn pwc_four_million_sample_gives_its_published_paye() {
    // PwC's sample: pension 8% of gross income, no NHF.
    let pay = EmployeePay {
        nhf: false,
        ..salary("4000000", "0")
    };
    let year = annual(&pay, pita_date());
    assert_eq!(year.cra, Some(d("936000")));
    assert_eq!(year.taxable_income, d("2744000"));
    assert_eq!(year.paye, d("464240"));
}

#[test]
fn rent_relief_is_a_fifth_of_rent_capped_at_five_hundred_thousand() {
    let capped = annual(&salary("12000000", "3000000"), nta_date());
    assert_eq!(capped.rent_relief, d("500000"));
    assert_eq!(capped.taxable_income, d("10390000"));
    let at_cap = annual(&salary("12000000", "2500000"), nta_date());
    assert_eq!(at_cap.rent_relief, d("500000"));
    let none = annual(&salary("12000000", "0"), nta_date());
    assert_eq!(none.rent_relief, d("0"));
}

#[test]
fn pita_ignores_rent() {
    let year = annual(&salary("3000000", "3000000"), pita_date());
    assert_eq!(year.rent_relief, d("0"));
    assert_eq!(year.paye, d("303380"));
}

/// Gross of `gross` with a small pension base, so the bands would tax it: basic
/// 100,000 and the rest a taxable, non-pensionable allowance; no NHF.
fn low_earner(gross: &str) -> EmployeePay {
    EmployeePay {
        basic: d("100000"),
        housing: d("0"),
        transport: d("0"),
        other_allowances: vec![allowance(
            &(d(gross) - d("100000")).to_string(),
            true,
            false,
        )],
        annual_rent: d("0"),
        nhf: false,
        other_deductions: vec![],
    }
}

#[test]
fn nta_exempts_gross_pay_at_the_minimum_wage() {
    let at_wage = annual(&low_earner("840000"), nta_date());
    assert!(at_wage.minimum_wage_exempt);
    assert_eq!(at_wage.banded_tax, d("4800"));
    assert_eq!(at_wage.paye, d("0"));

    let above = annual(&low_earner("840000.01"), nta_date());
    assert!(!above.minimum_wage_exempt);
    assert_eq!(above.paye, d("4800.00"));
}

#[test]
fn pita_exempts_minimum_wage_earners_by_the_wage_in_force_on_the_pay_date() {
    // ₦70,000 a month from 2024-07-29; ₦30,000 the day before.
    let after = annual(&low_earner("840000"), ymd(2024, 7, 29));
    assert!(after.minimum_wage_exempt);
    assert_eq!(after.paye, d("0"));

    let before = annual(&low_earner("840000"), ymd(2024, 7, 28));
    assert!(!before.minimum_wage_exempt);
    assert!(before.paye > d("0"));
}

#[test]
fn pita_charges_minimum_tax_of_one_percent_of_gross_income_when_higher() {
    // A large pensionable, non-taxable allowance leaves no taxable income, yet gross
    // pay is above the minimum wage: the minimum tax is due.
    let pay = EmployeePay {
        basic: d("300000"),
        housing: d("0"),
        transport: d("0"),
        other_allowances: vec![allowance("600000", false, true)],
        annual_rent: d("0"),
        nhf: false,
        other_deductions: vec![],
    };
    let year = annual(&pay, pita_date());
    assert_eq!(year.gross_income, d("300000"));
    assert_eq!(year.pension_employee, d("72000"));
    assert_eq!(year.taxable_income, d("0"));
    assert_eq!(year.banded_tax, d("0"));
    assert_eq!(year.minimum_tax, Some(d("3000")));
    assert_eq!(year.paye, d("3000"));
}

#[test]
fn nta_has_no_minimum_tax() {
    let pay = EmployeePay {
        basic: d("300000"),
        housing: d("0"),
        transport: d("0"),
        other_allowances: vec![allowance("600000", false, true)],
        annual_rent: d("0"),
        nhf: false,
        other_deductions: vec![],
    };
    let year = annual(&pay, nta_date());
    assert_eq!(year.minimum_tax, None);
    assert_eq!(year.paye, d("0"));
}

#[test]
fn the_rule_set_switches_exactly_on_the_first_of_january_2026() {
    let pay = salary("3000000", "1200000");
    let period = month("2025-12");
    let employed = employed_from(ymd(2020, 1, 1));
    let old = slip(&pay, &employed, period, ymd(2025, 12, 31)).expect("payslip");
    let new = slip(&pay, &employed, period, ymd(2026, 1, 1)).expect("payslip");
    assert_eq!(old.rule_set, RuleSet::Pita);
    assert!(old.cra.is_some());
    assert_eq!(new.rule_set, RuleSet::Nta2025);
    assert_eq!(new.cra, None);
    assert_eq!(
        serde_json::to_value(new.rule_set).expect("json"),
        serde_json::json!("NTA2025")
    );
}

#[test]
fn a_pay_date_before_the_rules_held_is_refused_on_pay_date() {
    let error = compute_annual(&salary("3000000", "0"), ymd(2020, 12, 31), true)
        .expect_err("no rules before 2021");
    assert_eq!(
        error,
        PayrollError::PayDateBeforeRules {
            pay_date: ymd(2020, 12, 31),
            earliest: ymd(2021, 1, 1),
        }
    );
    assert_eq!(error.field().as_deref(), Some("pay_date"));
}

#[test]
fn every_month_of_an_unchanged_salary_is_the_rounded_twelfth() {
    let pay = salary("3000000", "0");
    let employed = employed_from(ymd(2020, 1, 1));
    for m in 1..=12 {
        let period = month(&format!("2025-{m:02}"));
        let slip = slip(&pay, &employed, period, period.last_day()).expect("payslip");
        assert_eq!(slip.paye, d("25281.67"), "month {m}");
        assert_eq!(slip.gross, d("250000.00"), "month {m}");
    }
}

#[test]
fn a_month_share_is_the_twelfth_rounded_half_up_to_the_kobo() {
    assert_eq!(payslip::month_share(d("1834880")), d("152906.67"));
    assert_eq!(payslip::month_share(d("252375")), d("21031.25"));
    // 0.005 rounds up: 0.06 / 12 = 0.005.
    assert_eq!(payslip::month_share(d("0.06")), d("0.01"));
}

#[test]
fn a_payslip_balances_and_carries_the_employer_costs() {
    let slip = january(&salary("3000000", "1200000"), nta_date());
    assert_eq!(slip.gross, d("250000.00"));
    assert_eq!(slip.basic, d("125000.00"));
    assert_eq!(slip.housing, d("75000.00"));
    assert_eq!(slip.transport, d("50000.00"));
    assert_eq!(slip.pension_employee, d("20000.00"));
    assert_eq!(slip.nhf, d("3125.00"));
    assert_eq!(slip.rent_relief, d("20000.00"));
    assert_eq!(slip.net_pay, d("205843.75"));
    assert_eq!(slip.pension_employer, d("25000.00"));
    assert_eq!(slip.nsitf, d("2500.00"));
    assert_eq!(slip.itf, d("2500.00"));
    assert_eq!(slip.employer_cost, d("280000.00"));
    assert_eq!(slip.gross.to_string(), "250000.00");
}

#[test]
fn an_employer_outside_itf_pays_no_itf() {
    let pay = salary("3000000", "0");
    let slip = compute_payslip(
        &pay,
        &employed_from(ymd(2020, 1, 1)),
        month("2026-01"),
        nta_date(),
        false,
    )
    .expect("payslip");
    assert_eq!(slip.itf, d("0"));
    assert_eq!(slip.employer_cost, d("277500.00"));
}

#[test]
fn an_employee_outside_the_nhf_pays_no_nhf() {
    let pay = EmployeePay {
        nhf: false,
        ..salary("3000000", "1200000")
    };
    let year = annual(&pay, nta_date());
    assert_eq!(year.nhf, d("0"));
    assert_eq!(year.taxable_income, d("2520000"));
}

#[test]
fn a_starter_is_paid_for_the_calendar_days_employed_in_the_month() {
    // Starts on 17 March: 15 of 31 days.
    let mut pay = salary("3000000", "1200000");
    pay.other_deductions = vec![Deduction {
        name: "Union dues".into(),
        amount: d("1000"),
    }];
    let slip = slip(
        &pay,
        &employed_from(ymd(2026, 3, 17)),
        month("2026-03"),
        ymd(2026, 3, 31),
    )
    .expect("payslip");
    assert_eq!((slip.days_paid, slip.days_in_month), (15, 31));
    assert_eq!(slip.basic, d("60483.87"));
    assert_eq!(slip.housing, d("36290.32"));
    assert_eq!(slip.transport, d("24193.55"));
    assert_eq!(slip.gross, d("120967.74"));
    assert_eq!(slip.pension_employee, d("9677.42"));
    assert_eq!(slip.paye, d("10176.41"));
    // Other deductions are monthly agreements: taken in full.
    assert_eq!(slip.other_deductions, d("1000.00"));
    assert_eq!(
        slip.net_pay,
        slip.gross - slip.pension_employee - slip.nhf - slip.paye - slip.other_deductions
    );
}

#[test]
fn a_leaver_is_paid_up_to_and_including_the_last_day() {
    // Leaves on 10 April: 10 of 30 days.
    let pay = salary("3000000", "1200000");
    let employment = Employment {
        start_date: ymd(2020, 1, 1),
        end_date: Some(ymd(2026, 4, 10)),
    };
    let slip = slip(&pay, &employment, month("2026-04"), ymd(2026, 4, 30)).expect("payslip");
    assert_eq!((slip.days_paid, slip.days_in_month), (10, 30));
    assert_eq!(slip.basic, d("41666.67"));
    assert_eq!(slip.nsitf, d("833.33"));
}

#[test]
fn a_start_and_an_end_in_one_month_pay_the_days_between() {
    let pay = salary("3000000", "1200000");
    let employment = Employment {
        start_date: ymd(2026, 2, 10),
        end_date: Some(ymd(2026, 2, 19)),
    };
    let slip = slip(&pay, &employment, month("2026-02"), ymd(2026, 2, 28)).expect("payslip");
    assert_eq!((slip.days_paid, slip.days_in_month), (10, 28));
    assert_eq!(slip.basic, d("44642.86"));
}

#[test]
fn a_month_outside_the_employment_is_refused() {
    let pay = salary("3000000", "0");
    let error = slip(
        &pay,
        &employed_from(ymd(2026, 4, 1)),
        month("2026-03"),
        ymd(2026, 3, 31),
    )
    .expect_err("not yet employed");
    assert_eq!(
        error,
        PayrollError::NotEmployedInPeriod {
            period: month("2026-03")
        }
    );
}

#[test]
fn an_end_date_before_the_start_date_is_refused_on_end_date() {
    let employment = Employment {
        start_date: ymd(2026, 4, 1),
        end_date: Some(ymd(2026, 3, 31)),
    };
    let error = slip(
        &salary("3000000", "0"),
        &employment,
        month("2026-03"),
        ymd(2026, 3, 31),
    )
    .expect_err("ends before it starts");
    assert_eq!(error.field().as_deref(), Some("end_date"));
}

#[test]
fn a_non_taxable_non_pensionable_allowance_is_paid_but_neither_taxed_nor_pensioned() {
    let mut pay = salary("3000000", "1200000");
    pay.other_allowances = vec![allowance("600000", false, false)];
    let year = annual(&pay, nta_date());
    assert_eq!(year.gross, d("3600000"));
    assert_eq!(year.pension_employee, d("240000"));
    assert_eq!(year.taxable_income, d("2482500"));
    assert_eq!(year.paye, d("252375"));
    assert_eq!(year.nsitf, d("36000"));
}

#[test]
fn a_taxable_non_pensionable_allowance_is_taxed_but_not_pensioned() {
    let mut pay = salary("3000000", "1200000");
    pay.other_allowances = vec![allowance("600000", true, false)];
    let year = annual(&pay, nta_date());
    assert_eq!(year.pension_employee, d("240000"));
    assert_eq!(year.taxable_income, d("3082500"));
    assert_eq!(year.paye, d("344850"));
}

#[test]
fn a_taxable_pensionable_allowance_is_taxed_and_pensioned() {
    let mut pay = salary("3000000", "1200000");
    pay.other_allowances = vec![allowance("600000", true, true)];
    let year = annual(&pay, nta_date());
    assert_eq!(year.pension_employee, d("288000"));
    assert_eq!(year.pension_employer, d("360000"));
    assert_eq!(year.taxable_income, d("3034500"));
    assert_eq!(year.paye, d("336210"));
    let slip = january(&pay, nta_date());
    assert_eq!(slip.other, d("50000.00"));
    assert_eq!(slip.allowances[0].name, "Meal");
    assert_eq!(slip.gross, d("300000.00"));
}

#[test]
fn a_negative_or_too_precise_amount_is_refused_naming_its_field() {
    let mut pay = salary("3000000", "0");
    pay.basic = d("-1");
    let error = compute_annual(&pay, nta_date(), true).expect_err("negative");
    assert_eq!(
        error,
        PayrollError::Amount {
            field: "basic".into(),
            problem: AmountProblem::Negative
        }
    );
    assert_eq!(error.to_string(), "basic must not be negative");

    let mut pay = salary("3000000", "0");
    pay.other_allowances = vec![allowance("10.001", true, true)];
    let error = compute_annual(&pay, nta_date(), true).expect_err("too precise");
    assert_eq!(error.field().as_deref(), Some("other_allowances[0].amount"));
}

#[test]
fn an_allowance_or_deduction_needs_a_name() {
    let mut pay = salary("3000000", "0");
    pay.other_deductions = vec![Deduction {
        name: "  ".into(),
        amount: d("10"),
    }];
    let error = compute_annual(&pay, nta_date(), true).expect_err("nameless");
    assert_eq!(error.field().as_deref(), Some("other_deductions[0].name"));
}

#[test]
fn more_allowances_than_the_bound_are_refused() {
    let mut pay = salary("3000000", "0");
    pay.other_allowances = vec![allowance("1", true, true); annual::ALLOWANCES_MAX + 1];
    let error = compute_annual(&pay, nta_date(), true).expect_err("too many");
    assert_eq!(
        error,
        PayrollError::TooManyAllowances {
            count: annual::ALLOWANCES_MAX + 1,
            max: annual::ALLOWANCES_MAX
        }
    );
}

#[test]
fn other_deductions_beyond_net_pay_are_refused() {
    let mut pay = salary("3000000", "0");
    pay.other_deductions = vec![Deduction {
        name: "Loan".into(),
        amount: d("250000"),
    }];
    let error = slip(
        &pay,
        &employed_from(ymd(2020, 1, 1)),
        month("2026-01"),
        nta_date(),
    )
    .expect_err("deductions exceed pay");
    assert_eq!(error.field().as_deref(), Some("other_deductions"));
}

fn run_employee(id: u32, pay: EmployeePay) -> RunEmployee<u32> {
    RunEmployee {
        employee_id: id,
        pay,
        employment: employed_from(ymd(2020, 1, 1)),
    }
}

#[test]
fn a_pay_run_totals_its_payslips_and_its_entry_balances() {
    let employees = vec![
        run_employee(1, salary("3000000", "1200000")),
        run_employee(2, salary("12000000", "1200000")),
    ];
    let run = compute_pay_run(month("2026-01"), nta_date(), true, &employees).expect("run");
    assert_eq!(run.rule_set, RuleSet::Nta2025);
    assert_eq!(run.payslips.len(), 2);
    assert_eq!(run.payslips[1].employee_id, 2);
    assert_eq!(run.totals.gross, d("1250000.00"));
    assert_eq!(run.totals.paye, d("163281.25"));
    assert_eq!(run.totals.pension_employer, d("125000.00"));
    assert_eq!(run.totals.debits(), run.totals.credits());
    assert_eq!(run.totals.employer_cost, run.totals.debits());
}

#[test]
fn an_empty_pay_run_totals_zero_at_two_places() {
    let run = compute_pay_run::<u32>(month("2026-01"), nta_date(), true, &[]).expect("run");
    assert_eq!(run.totals.gross.to_string(), "0.00");
}

#[test]
fn a_pay_run_names_the_employee_whose_pay_is_refused() {
    let mut bad = salary("3000000", "0");
    bad.housing = d("-5");
    let employees = vec![
        run_employee(1, salary("3000000", "0")),
        run_employee(2, bad),
    ];
    let error =
        compute_pay_run(month("2026-01"), nta_date(), true, &employees).expect_err("refused");
    assert_eq!(error.field().as_deref(), Some("employees[1].housing"));
}

#[test]
fn a_pay_run_above_the_employee_bound_is_refused() {
    let employees = vec![run_employee(1, salary("1000000", "0")); EMPLOYEES_PER_RUN_MAX + 1];
    let error =
        compute_pay_run(month("2026-01"), nta_date(), true, &employees).expect_err("too many");
    assert_eq!(error.field().as_deref(), Some("employees"));
}
