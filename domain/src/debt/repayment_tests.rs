//! Repayment splits, the schedule after repayments, and aging, one convention per test.
//! The loan of the worked check: ₦1,000,000 at 12 % over 12 monthly annuity instalments
//! from 2026-01-01, due on the 1st from 2026-02-01 (88,848.79 each).

use std::str::FromStr;

use chrono::NaiveDate;
use rust_decimal::Decimal;

use super::schedule_tests::loan;
use super::*;

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn worked_loan() -> DebtTerms {
    loan("1000000", "12", 12, RepaymentType::Annuity)
}

fn paid(date: NaiveDate, amount: &str) -> Repayment {
    Repayment {
        date,
        amount: d(amount),
    }
}

fn line(number: u32, interest: &str, principal: &str) -> AllocationLine {
    AllocationLine {
        number,
        interest: d(interest),
        principal: d(principal),
    }
}

#[test]
fn an_instalment_paid_on_its_due_date_splits_as_scheduled() {
    let split = allocate(&worked_loan(), &[], paid(ymd(2026, 2, 1), "88848.79")).expect("split");
    assert_eq!(split.interest, d("10000.00"));
    assert_eq!(split.principal, d("78848.79"));
    assert_eq!(split.prepayment, d("0"));
    assert_eq!(split.lines, vec![line(1, "10000", "78848.79")]);
}

#[test]
fn a_partial_payment_pays_interest_first_and_leaves_the_rest_due() {
    let repayments = [paid(ymd(2026, 2, 1), "50000")];
    let position = position(&worked_loan(), &repayments).expect("position");
    assert_eq!(position.repayments[0].interest, d("10000"));
    assert_eq!(position.repayments[0].principal, d("40000"));
    assert_eq!(position.instalments[0].unpaid(), d("38848.79"));
    assert_eq!(position.principal_outstanding, d("960000"));
    // The schedule itself is unchanged by a partial payment.
    assert_eq!(position.rows(), schedule(&worked_loan()).expect("schedule"));
}

#[test]
fn a_late_payment_pays_the_oldest_interest_then_the_oldest_principal() {
    // Nothing paid on 1 February or 1 March; 100,000 on 10 March.
    let split = allocate(&worked_loan(), &[], paid(ymd(2026, 3, 10), "100000")).expect("split");
    assert_eq!(split.interest, d("19211.51"));
    assert_eq!(split.principal, d("80788.49"));
    assert_eq!(
        split.lines,
        vec![line(1, "10000", "78848.79"), line(2, "9211.51", "1939.70")]
    );
}

#[test]
fn overdue_instalments_bear_no_further_interest() {
    // Paid on 1 May, three months late: the interest due is the four instalments'
    // scheduled interest, no more, and the schedule is unchanged.
    let contract = schedule(&worked_loan()).expect("schedule");
    let scheduled_interest: Decimal = contract[..4].iter().map(|r| r.interest).sum();
    let repayments = [paid(ymd(2026, 5, 1), "88848.79")];
    let position = position(&worked_loan(), &repayments).expect("position");
    assert_eq!(position.repayments[0].interest, scheduled_interest);
    assert_eq!(position.rows(), contract);
}

#[test]
fn a_late_payment_pays_every_due_interest_before_any_principal() {
    let contract = schedule(&worked_loan()).expect("schedule");
    let split = allocate(&worked_loan(), &[], paid(ymd(2026, 5, 1), "88848.79")).expect("split");
    let interest_due: Decimal = contract[..4].iter().map(|r| r.interest).sum();
    assert_eq!(split.lines.len(), 4);
    assert_eq!(split.lines[0].principal, d("88848.79") - interest_due);
    assert!(split.lines[1..].iter().all(|l| l.principal.is_zero()));
}

#[test]
fn an_instalment_paid_early_is_paid_as_scheduled() {
    let split = allocate(&worked_loan(), &[], paid(ymd(2026, 1, 25), "88848.79")).expect("split");
    assert_eq!(split.lines, vec![line(1, "10000", "78848.79")]);
    assert_eq!(split.prepayment, d("0"));
    let position =
        position(&worked_loan(), &[paid(ymd(2026, 1, 25), "88848.79")]).expect("position");
    assert_eq!(position.instalments[0].unpaid(), d("0"));
    assert_eq!(position.rows(), schedule(&worked_loan()).expect("schedule"));
}

#[test]
fn a_prepayment_lowers_the_balance_and_re_plans_the_later_instalments() {
    // The first instalment plus 100,000, paid mid-January.
    let repayments = [paid(ymd(2026, 1, 15), "188848.79")];
    let position = position(&worked_loan(), &repayments).expect("position");
    let split = &position.repayments[0];
    assert_eq!(split.interest, d("10000"));
    assert_eq!(split.principal, d("178848.79"));
    assert_eq!(split.prepayment, d("100000"));
    let rows = position.rows();
    assert_eq!(rows[0].principal, d("178848.79"));
    assert_eq!(rows[0].closing_balance, d("821151.21"));
    assert_eq!(position.instalments[0].prepaid_principal, d("100000"));
    // The eleven instalments left repay 821,151.21 at a lower level payment, same dates.
    assert_eq!(rows.len(), 12);
    assert_eq!(rows[1].due_date, ymd(2026, 3, 1));
    assert_eq!(rows[1].interest, d("8211.51"));
    assert!(rows[1].payment < d("88848.79"));
    assert!(rows[1..11].iter().all(|r| r.payment == rows[1].payment));
    assert_eq!(
        rows.iter().map(|r| r.principal).sum::<Decimal>(),
        d("1000000")
    );
    assert_eq!(rows[11].closing_balance, d("0"));
    assert_eq!(position.principal_outstanding, d("821151.21"));
}

#[test]
fn paying_on_a_due_date_beyond_it_pays_the_next_instalment_ahead() {
    let split = allocate(&worked_loan(), &[], paid(ymd(2026, 2, 1), "177697.58")).expect("split");
    assert_eq!(
        split.lines,
        vec![line(1, "10000", "78848.79"), line(2, "9211.51", "79637.28")]
    );
    assert_eq!(split.prepayment, d("0"));
}

#[test]
fn the_payoff_settles_the_debt_and_ends_its_schedule() {
    let before = position(&worked_loan(), &[]).expect("position");
    assert_eq!(before.payoff_on(ymd(2026, 1, 15)), d("1010000"));
    let repayments = [paid(ymd(2026, 1, 15), "1010000")];
    let after = position(&worked_loan(), &repayments).expect("position");
    assert_eq!(after.principal_outstanding, d("0"));
    assert_eq!(after.rows().len(), 1);
    assert_eq!(after.rows()[0].closing_balance, d("0"));
    assert_eq!(after.payoff_on(ymd(2026, 6, 1)), d("0"));
}

#[test]
fn a_repayment_above_the_payoff_is_refused_on_amount() {
    let error =
        allocate(&worked_loan(), &[], paid(ymd(2026, 1, 15), "1010000.01")).expect_err("too much");
    assert_eq!(
        error,
        DebtError::RepaymentExceedsBalance {
            amount: d("1010000.01"),
            payoff: d("1010000.00"),
        }
    );
    assert_eq!(error.field(), "amount");
}

#[test]
fn a_repayment_of_a_settled_debt_is_refused() {
    let recorded = [paid(ymd(2026, 1, 15), "1010000")];
    let error =
        allocate(&worked_loan(), &recorded, paid(ymd(2026, 2, 1), "1")).expect_err("settled");
    assert_eq!(error.field(), "amount");
}

#[test]
fn a_zero_repayment_is_refused_on_amount() {
    let error = allocate(&worked_loan(), &[], paid(ymd(2026, 2, 1), "0")).expect_err("zero");
    assert_eq!(error, DebtError::RepaymentNotPositive);
}

#[test]
fn a_repayment_before_the_start_or_the_last_one_is_refused_on_date() {
    let before_start =
        allocate(&worked_loan(), &[], paid(ymd(2025, 12, 31), "10")).expect_err("early");
    assert_eq!(before_start.field(), "date");
    let recorded = [paid(ymd(2026, 2, 1), "88848.79")];
    let backdated =
        allocate(&worked_loan(), &recorded, paid(ymd(2026, 1, 31), "10")).expect_err("backdated");
    assert_eq!(
        backdated,
        DebtError::RepaymentBeforeLast {
            last: ymd(2026, 2, 1)
        }
    );
}

#[test]
fn a_recorded_repayment_that_breaks_a_rule_is_named_by_its_index() {
    let recorded = [
        paid(ymd(2026, 2, 1), "88848.79"),
        paid(ymd(2026, 3, 1), "-1"),
    ];
    let error = position(&worked_loan(), &recorded).expect_err("negative");
    assert_eq!(error.field(), "repayments[1].amount");
}

#[test]
fn every_repayment_of_every_instalment_on_time_clears_the_debt() {
    let rows = schedule(&worked_loan()).expect("schedule");
    let repayments: Vec<Repayment> = rows
        .iter()
        .map(|r| Repayment {
            date: r.due_date,
            amount: r.payment,
        })
        .collect();
    let position = position(&worked_loan(), &repayments).expect("position");
    assert_eq!(position.principal_outstanding, d("0"));
    let interest: Decimal = position.repayments.iter().map(|r| r.interest).sum();
    assert_eq!(interest, d("66185.45"));
}

#[test]
fn aging_buckets_overdue_instalments_by_days_past_due() {
    // On 15 May nothing has been paid: instalments of 1 Feb (103 days), 1 Mar (75),
    // 1 Apr (44) and 1 May (14 days) are overdue.
    let aging = aging(&worked_loan(), &[], ymd(2026, 5, 15)).expect("aging");
    let instalment = d("88848.79");
    assert_eq!(aging.buckets.days_over_90, instalment);
    assert_eq!(aging.buckets.days_61_90, instalment);
    assert_eq!(aging.buckets.days_31_60, instalment);
    assert_eq!(aging.buckets.days_1_30, instalment);
    assert_eq!(aging.overdue, instalment * d("4"));
    assert_eq!(aging.days_past_due, 103);
    // Owed: all the principal and the four instalments' interest.
    let contract = schedule(&worked_loan()).expect("schedule");
    let interest: Decimal = contract[..4].iter().map(|r| r.interest).sum();
    assert_eq!(aging.outstanding, d("1000000") + interest);
    assert_eq!(aging.buckets.current, aging.outstanding - aging.overdue);
    assert_eq!(aging.buckets.total(), aging.outstanding);
    assert_eq!(aging.next_due.map(|n| n.due_date), Some(ymd(2026, 6, 1)));
}

#[test]
fn aging_bucket_edges_are_30_60_and_90_days() {
    // One instalment, due 1 February: where it sits shows the bucket.
    let single = loan("1000000", "12", 1, RepaymentType::Annuity);
    let due = ymd(2026, 2, 1);
    let bucket_of = |as_of: NaiveDate| {
        let b = aging(&single, &[], as_of).expect("aging").buckets;
        [b.days_1_30, b.days_31_60, b.days_61_90, b.days_over_90]
            .iter()
            .position(|amount| *amount == d("1010000"))
    };
    let days = |n: i64| due + chrono::Duration::days(n);
    assert_eq!(bucket_of(days(0)), None);
    assert_eq!(bucket_of(days(1)), Some(0));
    assert_eq!(bucket_of(days(30)), Some(0));
    assert_eq!(bucket_of(days(31)), Some(1));
    assert_eq!(bucket_of(days(60)), Some(1));
    assert_eq!(bucket_of(days(61)), Some(2));
    assert_eq!(bucket_of(days(90)), Some(2));
    assert_eq!(bucket_of(days(91)), Some(3));
}

#[test]
fn an_instalment_due_today_is_current_not_overdue() {
    let aging = aging(&worked_loan(), &[], ymd(2026, 2, 1)).expect("aging");
    assert_eq!(aging.overdue, d("0"));
    assert_eq!(aging.days_past_due, 0);
    assert_eq!(aging.outstanding, d("1010000"));
    assert_eq!(aging.buckets.current, d("1010000"));
    assert_eq!(
        aging.next_due,
        Some(NextDue {
            due_date: ymd(2026, 2, 1),
            amount: d("88848.79"),
        })
    );
}

#[test]
fn aging_counts_only_repayments_dated_by_its_date() {
    let repayments = [
        paid(ymd(2026, 2, 1), "88848.79"),
        paid(ymd(2026, 3, 20), "88848.79"),
    ];
    let on_10_march = aging(&worked_loan(), &repayments, ymd(2026, 3, 10)).expect("aging");
    assert_eq!(on_10_march.buckets.days_1_30, d("88848.79"));
    assert_eq!(on_10_march.days_past_due, 9);
    let on_25_march = aging(&worked_loan(), &repayments, ymd(2026, 3, 25)).expect("aging");
    assert_eq!(on_25_march.overdue, d("0"));
    assert_eq!(
        on_25_march.outstanding,
        d("1000000") - d("78848.79") - d("79637.28")
    );
}

#[test]
fn a_partly_paid_instalment_ages_only_what_is_left() {
    let repayments = [paid(ymd(2026, 2, 1), "50000")];
    let aging = aging(&worked_loan(), &repayments, ymd(2026, 2, 20)).expect("aging");
    assert_eq!(aging.buckets.days_1_30, d("38848.79"));
    assert_eq!(aging.outstanding, d("960000"));
}

#[test]
fn aging_totals_add_bucket_by_bucket() {
    let one = aging(&worked_loan(), &[], ymd(2026, 3, 15)).expect("aging");
    let total = AgingBuckets::zero().plus(&one.buckets).plus(&one.buckets);
    assert_eq!(total.total(), one.outstanding * d("2"));
}
