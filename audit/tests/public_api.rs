//! The crate as the audit service uses it: public types only, a whole session run,
//! results stored as JSON and re-run.

use audit::benford::{Conformity, DigitOutcome, DigitTestKind};
use audit::{
    Audit, AuditParams, AuditReport, BusinessHours, JournalEntry, Population, PostingLine,
    RiskBand, SessionContext, TestKind,
};
use chrono::{NaiveDate, TimeZone, Utc};
use event_schemas::account_tree::AccountType;
use event_schemas::{AccountId, JournalEntryId, UserId};
use rust_decimal::Decimal;
use uuid::Uuid;

fn date(month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, month, day).expect("date")
}

fn context() -> SessionContext {
    SessionContext {
        period_start: date(1, 1),
        period_end: date(3, 31),
        materiality: Decimal::from(1_000_000),
        performance_materiality: Decimal::from(750_000),
        approval_thresholds: vec![Decimal::from(10_000)],
        holidays: vec![],
        business_hours: BusinessHours::default(),
        utc_offset_seconds: 3600,
        time_zone: None,
    }
}

/// Entry `i` of a population whose amounts have uniform first digits (1–9 in turn): the
/// way invented figures look.
fn fabricated(i: u64) -> JournalEntry {
    let amount = Decimal::from((1 + i % 9) * 1000 + (i * 37) % 1000);
    let line = |account: u128, class, debit, credit| PostingLine {
        account_id: AccountId::from_uuid(Uuid::from_u128(account)),
        account_class: class,
        debit,
        credit,
    };
    JournalEntry {
        id: JournalEntryId::from_uuid(Uuid::from_u128(u128::from(i))),
        number: format!("JE-{i:06}"),
        effective_date: date(2, 1 + (i % 28) as u32),
        recorded_at: Utc
            .with_ymd_and_hms(2026, 2, 1 + (i % 28) as u32, 9, 0, 0)
            .single()
            .expect("instant"),
        author: UserId::from_uuid(Uuid::from_u128(7)),
        memo: format!("Supplier invoice {i}"),
        reverses: None,
        lines: vec![
            line(1, AccountType::Expense, amount, Decimal::ZERO),
            line(2, AccountType::Liability, Decimal::ZERO, amount),
        ],
    }
}

fn run(entries: Vec<JournalEntry>) -> AuditReport {
    let population = Population::new(entries).expect("population");
    let (context, params) = (context(), AuditParams::default());
    Audit::new(&population, &context, &params)
        .expect("session")
        .run()
}

#[test]
fn a_fabricated_population_fails_benford_and_its_entries_carry_the_finding() {
    let report = run((1..=2_000).map(fabricated).collect());

    let first_digit = &report.digit_tests[DigitTestKind::FirstDigit.index()];
    let DigitOutcome::Analysed(analysis) = &first_digit.outcome else {
        panic!("expected an analysis");
    };
    assert_eq!(analysis.conformity, Some(Conformity::Nonconformity));
    let flagged = report
        .scores
        .iter()
        .find(|score| {
            score
                .breakdown
                .iter()
                .any(|part| part.test == TestKind::BenfordFirstDigit)
        })
        .expect("an entry scored for the first-digit spike");
    assert!(flagged.score > 0.0);
}

#[test]
fn a_stored_result_equals_a_re_run_on_the_same_population() {
    let entries: Vec<JournalEntry> = (1..=600).map(fabricated).collect();
    let stored = serde_json::to_string(&run(entries.clone())).expect("serialize");

    let mut shuffled = entries;
    shuffled.rotate_left(211);
    let rerun = run(shuffled);

    // Compared as JSON text: the stored form is the contract, and serde_json (without
    // its `float_roundtrip` feature) may parse a 17-digit statistic one ulp off.
    assert_eq!(serde_json::to_string(&rerun).expect("serialize"), stored);
    let loaded: AuditReport = serde_json::from_str(&stored).expect("deserialize");
    assert_eq!(loaded.scores, rerun.scores);
    assert_eq!(loaded.findings, rerun.findings);
}

#[test]
fn the_risk_distribution_counts_every_entry_once() {
    let report = run((1..=600).map(fabricated).collect());

    let bands = report.distribution;
    assert_eq!(bands.low + bands.medium + bands.high, 600);
    assert_eq!(
        report
            .scores
            .iter()
            .filter(|score| score.band == RiskBand::High)
            .count(),
        bands.high
    );
}
