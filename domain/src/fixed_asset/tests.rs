//! Depreciation schedules, charges and disposals, one convention per test.

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

fn straight_line(cost: &str, residual: &str, life: u32) -> DepreciationTerms {
    DepreciationTerms {
        cost: d(cost),
        residual_value: d(residual),
        useful_life_months: life,
        available_for_use: ymd(2026, 1, 15),
        method: DepreciationMethod::StraightLine,
    }
}

fn declining(cost: &str, residual: &str, life: u32, rate: &str) -> DepreciationTerms {
    DepreciationTerms {
        method: DepreciationMethod::DecliningBalance {
            annual_rate: d(rate),
        },
        ..straight_line(cost, residual, life)
    }
}

fn total_charges(rows: &[ScheduleRow]) -> Decimal {
    rows.iter().map(|row| row.charge).sum()
}

#[test]
fn straight_line_charges_twenty_thousand_a_month_on_1_2_million_over_60_months() {
    let rows = schedule(&straight_line("1200000", "0", 60)).expect("schedule");
    assert_eq!(rows.len(), 60);
    assert!(rows.iter().all(|row| row.charge.to_string() == "20000.00"));
    assert_eq!(total_charges(&rows), d("1200000"));
    let last = rows.last().expect("a last row");
    assert_eq!(last.accumulated, d("1200000"));
    assert_eq!(last.closing_nbv.to_string(), "0.00");
}

#[test]
fn straight_line_rounding_is_absorbed_by_the_last_month() {
    let rows = schedule(&straight_line("1000000", "0", 36)).expect("schedule");
    assert_eq!(rows.len(), 36);
    assert!(rows[..35].iter().all(|row| row.charge == d("27777.78")));
    assert_eq!(rows[35].charge, d("27777.70"));
    assert_eq!(total_charges(&rows), d("1000000"));
}

#[test]
fn straight_line_stops_at_the_residual_value() {
    let rows = schedule(&straight_line("100000", "10000", 7)).expect("schedule");
    // 90,000 / 7 = 12,857.142… → 12,857.14 for six months, 12,857.16 in the last.
    assert_eq!(rows[0].charge, d("12857.14"));
    assert_eq!(rows[6].charge, d("12857.16"));
    assert_eq!(total_charges(&rows), d("90000"));
    assert_eq!(rows[6].closing_nbv, d("10000"));
}

#[test]
fn each_row_chains_opening_charge_accumulated_and_closing() {
    let rows = schedule(&declining("500000", "50000", 48, "30")).expect("schedule");
    let mut accumulated = Decimal::ZERO;
    let mut opening = d("500000");
    for row in &rows {
        accumulated += row.charge;
        assert_eq!(row.opening_nbv, opening);
        assert_eq!(row.closing_nbv, row.opening_nbv - row.charge);
        assert_eq!(row.accumulated, accumulated);
        opening = row.closing_nbv;
    }
}

#[test]
fn declining_balance_charges_a_twelfth_of_the_rate_on_the_opening_value() {
    let rows = schedule(&declining("1000000", "100000", 60, "25")).expect("schedule");
    // 25% / 12 of 1,000,000 = 20,833.33; of 979,166.67 = 20,399.31.
    assert_eq!(rows[0].charge, d("20833.33"));
    assert_eq!(rows[1].opening_nbv, d("979166.67"));
    assert_eq!(rows[1].charge, d("20399.31"));
}

#[test]
fn declining_balance_ends_its_life_at_exactly_the_residual_value() {
    let rows = schedule(&declining("1000000", "100000", 60, "25")).expect("schedule");
    assert_eq!(rows.len(), 60);
    assert!(rows.iter().all(|row| row.closing_nbv >= d("100000")));
    assert_eq!(rows[59].closing_nbv, d("100000"));
    assert_eq!(total_charges(&rows), d("900000"));
}

#[test]
fn declining_balance_never_charges_below_the_residual_value() {
    // 100% a year reaches the residual value long before 120 months.
    let rows = schedule(&declining("1000000", "400000", 120, "100")).expect("schedule");
    assert!(rows.len() < 120);
    assert!(rows.iter().all(|row| row.closing_nbv >= d("400000")));
    let last = rows.last().expect("a last row");
    assert_eq!(last.closing_nbv, d("400000"));
    // The last charge stopped at the residual value: less than the rate would give.
    assert!(last.charge < last.opening_nbv * d("100") / d("1200"));
}

#[test]
fn an_asset_available_mid_month_is_first_charged_the_month_after() {
    let rows = schedule(&straight_line("1200000", "0", 60)).expect("schedule");
    assert_eq!(rows[0].period, month("2026-02"));
    assert_eq!(rows[59].period, month("2031-01"));
}

#[test]
fn an_asset_available_on_the_first_is_also_first_charged_the_month_after() {
    let terms = DepreciationTerms {
        available_for_use: ymd(2026, 3, 1),
        ..straight_line("1200000", "0", 60)
    };
    assert_eq!(
        schedule(&terms).expect("schedule")[0].period,
        month("2026-04")
    );
}

#[test]
fn an_asset_whose_residual_value_is_its_cost_has_no_charges() {
    assert!(schedule(&straight_line("500000", "500000", 12))
        .expect("schedule")
        .is_empty());
}

#[test]
fn a_month_outside_the_schedule_charges_nothing() {
    let terms = straight_line("1200000", "0", 60);
    assert_eq!(
        charge_for(&terms, month("2026-01")).expect("charge"),
        d("0")
    );
    assert_eq!(
        charge_for(&terms, month("2026-02")).expect("charge"),
        d("20000")
    );
    assert_eq!(
        charge_for(&terms, month("2031-02")).expect("charge"),
        d("0")
    );
}

#[test]
fn depreciation_to_a_month_adds_the_charges_through_it() {
    let terms = straight_line("1200000", "0", 60);
    assert_eq!(
        accumulated_through(&terms, month("2026-01"))
            .expect("accumulated")
            .to_string(),
        "0.00"
    );
    assert_eq!(
        accumulated_through(&terms, month("2026-06")).expect("accumulated"),
        d("100000")
    );
    assert_eq!(
        accumulated_through(&terms, month("2040-01")).expect("accumulated"),
        d("1200000")
    );
}

#[test]
fn a_disposal_above_net_book_value_books_a_gain() {
    // Charged February to June 2026: 5 × 20,000.
    let figures = disposal(
        &straight_line("1200000", "0", 60),
        ymd(2026, 6, 10),
        d("1150000"),
    )
    .expect("disposal");
    assert_eq!(figures.period, month("2026-06"));
    assert_eq!(figures.cost, d("1200000"));
    assert_eq!(figures.accumulated_depreciation, d("100000"));
    assert_eq!(figures.net_book_value, d("1100000"));
    assert_eq!(figures.gain, d("50000"));
    assert_eq!(figures.loss, d("0"));
}

#[test]
fn a_disposal_below_net_book_value_books_a_loss() {
    let figures = disposal(
        &straight_line("1200000", "0", 60),
        ymd(2026, 6, 30),
        d("900000"),
    )
    .expect("disposal");
    assert_eq!(figures.net_book_value, d("1100000"));
    assert_eq!(figures.gain, d("0"));
    assert_eq!(figures.loss, d("200000"));
}

#[test]
fn a_disposal_in_the_month_of_availability_removes_no_depreciation() {
    let figures = disposal(
        &straight_line("1200000", "0", 60),
        ymd(2026, 1, 20),
        d("1200000"),
    )
    .expect("disposal");
    assert_eq!(figures.accumulated_depreciation, d("0"));
    assert_eq!((figures.gain, figures.loss), (d("0"), d("0")));
}

#[test]
fn a_disposal_before_availability_is_refused_on_date() {
    let error = disposal(&straight_line("1200000", "0", 60), ymd(2026, 1, 14), d("0"))
        .expect_err("before available");
    assert_eq!(error.field(), "date");
}

#[test]
fn negative_proceeds_are_refused() {
    let error = disposal(&straight_line("1200000", "0", 60), ymd(2026, 3, 1), d("-1"))
        .expect_err("negative proceeds");
    assert_eq!(
        error,
        FixedAssetError::Amount {
            field: "proceeds",
            problem: AmountProblem::Negative
        }
    );
}

#[test]
fn a_zero_life_is_refused_on_useful_life_months() {
    let error = schedule(&straight_line("1000", "0", 0)).expect_err("zero life");
    assert_eq!(error, FixedAssetError::UsefulLifeZero);
    assert_eq!(error.field(), "useful_life_months");
}

#[test]
fn a_life_above_the_bound_is_refused() {
    let error =
        schedule(&straight_line("1000", "0", USEFUL_LIFE_MONTHS_MAX + 1)).expect_err("too long");
    assert_eq!(error.field(), "useful_life_months");
    assert!(schedule(&straight_line("1000", "0", USEFUL_LIFE_MONTHS_MAX)).is_ok());
}

#[test]
fn a_residual_value_above_cost_is_refused() {
    let error = schedule(&straight_line("1000", "1000.01", 12)).expect_err("residual");
    assert_eq!(error, FixedAssetError::ResidualAboveCost);
    assert_eq!(error.field(), "residual_value");
}

#[test]
fn a_negative_or_zero_cost_is_refused() {
    assert_eq!(
        schedule(&straight_line("-1", "0", 12)).expect_err("negative"),
        FixedAssetError::Amount {
            field: "cost",
            problem: AmountProblem::Negative
        }
    );
    assert_eq!(
        schedule(&straight_line("0", "0", 12)).expect_err("zero"),
        FixedAssetError::CostNotPositive
    );
}

#[test]
fn a_rate_out_of_range_is_refused_on_annual_rate() {
    for rate in ["0", "-5", "100.01", "12.345"] {
        let error = schedule(&declining("1000", "0", 12, rate)).expect_err(rate);
        assert_eq!(error.field(), "annual_rate", "{rate}");
    }
    assert!(schedule(&declining("1000", "0", 12, "100")).is_ok());
}

#[test]
fn a_schedule_past_the_last_year_of_the_books_is_refused() {
    let terms = DepreciationTerms {
        available_for_use: ymd(2190, 1, 1),
        ..straight_line("1000", "0", 240)
    };
    let error = schedule(&terms).expect_err("too late");
    assert_eq!(error.field(), "useful_life_months");
}

#[test]
fn a_tiny_depreciable_amount_never_charges_past_it() {
    // One naira over 60 months rounds to 0.02 a month: fully charged after 50 months.
    let rows = schedule(&straight_line("1", "0", 60)).expect("schedule");
    assert_eq!(rows.len(), 50);
    assert_eq!(total_charges(&rows), d("1"));
    assert!(rows.iter().all(|row| row.charge > Decimal::ZERO));
}
