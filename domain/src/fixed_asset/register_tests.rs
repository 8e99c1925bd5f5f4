//! The period's fixed-asset schedule, figure by figure.

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::register::{asset_schedule, HeldAsset, HeldCharge};

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn van() -> HeldAsset {
    HeldAsset {
        category: "Motor vehicles".into(),
        cost: d("1200000"),
        available_for_use: ymd(2025, 12, 10),
        disposed: None,
    }
}

fn charge(amount: &str, date: NaiveDate, reversed_on: Option<NaiveDate>) -> HeldCharge {
    HeldCharge {
        category: "Motor vehicles".into(),
        amount: d(amount),
        date,
        reversed_on,
    }
}

#[test]
fn an_asset_held_all_period_is_brought_and_carried_forward_with_its_charges() {
    let charges = [
        charge("20000", ymd(2025, 12, 31), None),
        charge("20000", ymd(2026, 1, 31), None),
        charge("20000", ymd(2026, 2, 28), None),
    ];

    let schedule = asset_schedule(&[van()], &charges, ymd(2026, 1, 1), ymd(2026, 2, 28));

    let line = &schedule.categories["Motor vehicles"];
    assert_eq!(line.cost_brought_forward, d("1200000"));
    assert_eq!(line.additions, Decimal::ZERO);
    assert_eq!(line.cost_carried_forward, d("1200000"));
    assert_eq!(line.depreciation_brought_forward, d("20000"));
    assert_eq!(line.charge, d("40000"));
    assert_eq!(line.depreciation_carried_forward, d("60000"));
    assert_eq!(line.nbv_carried_forward, d("1140000"));
    assert_eq!(schedule.total, *line);
}

#[test]
fn an_asset_available_in_the_period_is_an_addition() {
    let schedule = asset_schedule(&[van()], &[], ymd(2025, 12, 1), ymd(2025, 12, 31));

    let line = &schedule.total;
    assert_eq!(line.cost_brought_forward, Decimal::ZERO);
    assert_eq!(line.additions, d("1200000"));
    assert_eq!(line.cost_carried_forward, d("1200000"));
}

#[test]
fn a_disposal_removes_its_cost_and_the_depreciation_accumulated_through_it() {
    let asset = HeldAsset {
        disposed: Some((ymd(2026, 2, 15), d("60000"))),
        ..van()
    };
    let charges = [
        charge("20000", ymd(2025, 12, 31), None),
        charge("20000", ymd(2026, 1, 31), None),
        charge("20000", ymd(2026, 2, 15), None),
    ];

    let schedule = asset_schedule(&[asset], &charges, ymd(2026, 1, 1), ymd(2026, 12, 31));

    let line = &schedule.total;
    assert_eq!(line.disposals, d("1200000"));
    assert_eq!(line.cost_carried_forward, Decimal::ZERO);
    assert_eq!(line.depreciation_brought_forward, d("20000"));
    assert_eq!(line.charge, d("40000"));
    assert_eq!(line.depreciation_on_disposals, d("60000"));
    assert_eq!(line.depreciation_carried_forward, Decimal::ZERO);
}

#[test]
fn a_charge_counts_until_the_day_it_was_reversed() {
    let charges = [charge("20000", ymd(2026, 1, 31), Some(ymd(2026, 2, 3)))];

    let january = asset_schedule(&[van()], &charges, ymd(2026, 1, 1), ymd(2026, 1, 31));
    let february = asset_schedule(&[van()], &charges, ymd(2026, 2, 1), ymd(2026, 2, 28));

    assert_eq!(january.total.charge, d("20000"));
    assert_eq!(february.total.depreciation_brought_forward, d("20000"));
    assert_eq!(february.total.charge, d("-20000"));
    assert_eq!(february.total.depreciation_carried_forward, Decimal::ZERO);
}

#[test]
fn categories_add_up_to_the_total() {
    let computer = HeldAsset {
        category: "Computer equipment".into(),
        cost: d("900000"),
        ..van()
    };

    let schedule = asset_schedule(&[van(), computer], &[], ymd(2026, 1, 1), ymd(2026, 1, 31));

    assert_eq!(schedule.categories.len(), 2);
    assert_eq!(schedule.total.cost_carried_forward, d("2100000"));
}
