//! Amortization schedules and the checks of a debt's terms, one convention per test.

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::*;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

pub(super) fn loan(principal: &str, rate: &str, term: u32, kind: RepaymentType) -> DebtTerms {
    DebtTerms {
        principal: d(principal),
        annual_interest_rate: d(rate),
        term_months: term,
        repayment_type: kind,
        start_date: ymd(2026, 1, 1),
        first_due_date: ymd(2026, 2, 1),
    }
}

fn rows(terms: &DebtTerms) -> Vec<ScheduleRow> {
    schedule(terms).expect("schedule")
}

fn assert_closes_at_zero(rows: &[ScheduleRow], principal: &str) {
    let last = rows.last().expect("a last row");
    assert_eq!(last.closing_balance.to_string(), "0.00");
    assert_eq!(
        rows.iter().map(|r| r.principal).sum::<Decimal>(),
        d(principal)
    );
    for pair in rows.windows(2) {
        assert_eq!(pair[0].closing_balance, pair[1].opening_balance);
    }
    for row in rows {
        assert_eq!(row.payment, row.interest + row.principal);
        assert_eq!(row.closing_balance, row.opening_balance - row.principal);
    }
}

#[test]
fn the_worked_annuity_pays_88_848_79_a_month() {
    let rows = rows(&loan("1000000", "12", 12, RepaymentType::Annuity));
    assert_eq!(rows.len(), 12);
    assert!(rows[..11]
        .iter()
        .all(|r| r.payment.to_string() == "88848.79"));
    assert_eq!(
        (rows[0].interest, rows[0].principal),
        (d("10000.00"), d("78848.79"))
    );
    assert_eq!(
        (rows[1].interest, rows[1].principal),
        (d("9211.51"), d("79637.28"))
    );
    assert_eq!(
        rows.iter().map(|r| r.interest).sum::<Decimal>(),
        d("66185.45")
    );
    assert_closes_at_zero(&rows, "1000000");
}

#[test]
fn an_equal_principal_schedule_repays_the_same_principal_and_closes_at_zero() {
    let rows = rows(&loan("1200000", "12", 12, RepaymentType::EqualPrincipal));
    assert!(rows.iter().all(|r| r.principal == d("100000")));
    assert_eq!(rows[0].interest, d("12000"));
    assert_eq!(rows[1].interest, d("11000"));
    assert_eq!(rows[11].interest, d("1000"));
    assert_eq!(rows.iter().map(|r| r.interest).sum::<Decimal>(), d("78000"));
    assert_closes_at_zero(&rows, "1200000");
}

#[test]
fn equal_principal_rounding_is_absorbed_by_the_last_instalment() {
    let rows = rows(&loan("1000000", "10", 12, RepaymentType::EqualPrincipal));
    assert!(rows[..11].iter().all(|r| r.principal == d("83333.33")));
    assert_eq!(rows[11].principal, d("83333.37"));
    assert_closes_at_zero(&rows, "1000000");
}

#[test]
fn an_interest_only_schedule_pays_interest_then_the_balloon() {
    let rows = rows(&loan("1000000", "12", 12, RepaymentType::InterestOnly));
    assert!(rows[..11]
        .iter()
        .all(|r| r.interest == d("10000") && r.principal.is_zero()));
    assert_eq!(rows[11].principal, d("1000000"));
    assert_eq!(rows[11].payment, d("1010000"));
    assert_closes_at_zero(&rows, "1000000");
}

#[test]
fn an_interest_free_annuity_repays_equal_instalments() {
    let rows = rows(&loan("1200000", "0", 12, RepaymentType::Annuity));
    assert!(rows
        .iter()
        .all(|r| r.interest.is_zero() && r.payment == d("100000")));
    assert_closes_at_zero(&rows, "1200000");
}

#[test]
fn instalments_fall_monthly_on_the_day_or_the_last_day_of_a_shorter_month() {
    let terms = DebtTerms {
        start_date: ymd(2025, 12, 31),
        first_due_date: ymd(2026, 1, 31),
        ..loan("1000000", "12", 4, RepaymentType::Annuity)
    };
    let dates: Vec<NaiveDate> = rows(&terms).iter().map(|r| r.due_date).collect();
    assert_eq!(
        dates,
        vec![
            ymd(2026, 1, 31),
            ymd(2026, 2, 28),
            ymd(2026, 3, 31),
            ymd(2026, 4, 30)
        ]
    );
}

#[test]
fn a_first_period_of_one_month_ending_on_a_shorter_month_is_a_regular_month() {
    let terms = DebtTerms {
        start_date: ymd(2026, 1, 31),
        first_due_date: ymd(2026, 2, 28),
        ..loan("1000000", "12", 12, RepaymentType::Annuity)
    };
    assert_eq!(rows(&terms)[0].interest, d("10000"));
}

#[test]
fn an_irregular_first_period_is_charged_by_its_days() {
    // 15 days: 1,000,000 × 12% × 15 / 365 = 4,931.506…
    let terms = DebtTerms {
        first_due_date: ymd(2026, 1, 16),
        ..loan("1000000", "12", 12, RepaymentType::Annuity)
    };
    let rows = rows(&terms);
    assert_eq!(rows[0].interest, d("4931.51"));
    assert_eq!(rows[0].principal, d("88848.79") - d("4931.51"));
    assert_eq!(rows[1].interest, d("9160.83"));
    assert_closes_at_zero(&rows, "1000000");
}

#[test]
fn the_longest_term_at_the_highest_rate_still_closes_at_zero() {
    let rows = rows(&loan(
        "999999999999999.99",
        "100",
        TERM_MONTHS_MAX,
        RepaymentType::Annuity,
    ));
    assert_eq!(rows.len(), 600);
    assert_closes_at_zero(&rows, "999999999999999.99");
}

#[test]
fn a_zero_or_too_long_term_is_refused_on_term_months() {
    let zero = schedule(&loan("1000", "12", 0, RepaymentType::Annuity)).expect_err("zero");
    assert_eq!(zero, DebtError::TermZero);
    assert_eq!(zero.field(), "term_months");
    let long = schedule(&loan(
        "1000",
        "12",
        TERM_MONTHS_MAX + 1,
        RepaymentType::Annuity,
    ))
    .expect_err("long");
    assert_eq!(long.field(), "term_months");
}

#[test]
fn a_rate_out_of_range_is_refused_on_annual_interest_rate() {
    for rate in ["-1", "100.0001", "12.12345"] {
        let error = schedule(&loan("1000", rate, 12, RepaymentType::Annuity)).expect_err(rate);
        assert_eq!(error.field(), "annual_interest_rate", "{rate}");
    }
    assert!(schedule(&loan("1000", "12.1234", 12, RepaymentType::Annuity)).is_ok());
}

#[test]
fn a_zero_or_negative_principal_is_refused_on_principal() {
    assert_eq!(
        schedule(&loan("0", "12", 12, RepaymentType::Annuity)).expect_err("zero"),
        DebtError::PrincipalNotPositive
    );
    assert_eq!(
        schedule(&loan("-5", "12", 12, RepaymentType::Annuity))
            .expect_err("negative")
            .field(),
        "principal"
    );
}

#[test]
fn a_first_due_date_not_after_the_start_or_over_a_year_later_is_refused() {
    let same_day = DebtTerms {
        first_due_date: ymd(2026, 1, 1),
        ..loan("1000", "12", 12, RepaymentType::Annuity)
    };
    assert_eq!(
        schedule(&same_day).expect_err("same day"),
        DebtError::FirstDueNotAfterStart
    );
    let late = DebtTerms {
        first_due_date: ymd(2027, 1, 2),
        ..loan("1000", "12", 12, RepaymentType::Annuity)
    };
    assert_eq!(schedule(&late).expect_err("late").field(), "first_due_date");
}
