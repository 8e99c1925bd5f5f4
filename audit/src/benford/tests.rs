use super::*;
use crate::testing::{
    benford_population, dec, entry, population, uniform_digit_population, EntryExt,
};

fn analysis(output: &BenfordOutput, test: DigitTestKind) -> &DigitAnalysis {
    let result = output
        .tests
        .iter()
        .find(|result| result.test == test)
        .expect("test present");
    match &result.outcome {
        DigitOutcome::Analysed(analysis) => analysis,
        DigitOutcome::InsufficientData { .. } => panic!("expected an analysis"),
    }
}

#[test]
fn a_log_uniform_population_is_in_close_conformity_on_every_mad_test() {
    let output = run(&benford_population(5_000), &BenfordParams::default());

    for test in [
        DigitTestKind::FirstDigit,
        DigitTestKind::FirstTwoDigits,
        DigitTestKind::SecondDigit,
    ] {
        let analysis = analysis(&output, test);
        assert_eq!(
            analysis.conformity,
            Some(Conformity::Close),
            "{test:?}: MAD {}",
            analysis.mad
        );
        assert!(!analysis.departs);
    }
    assert!(!analysis(&output, DigitTestKind::LastTwoDigits).departs);
    assert!(output.findings.is_empty());
}

#[test]
fn a_population_with_uniform_digits_is_a_nonconformity() {
    let output = run(&uniform_digit_population(5_000), &BenfordParams::default());

    let first_digit = analysis(&output, DigitTestKind::FirstDigit);
    assert_eq!(first_digit.conformity, Some(Conformity::Nonconformity));
    assert!(first_digit.chi_square_p_value < 1e-10);
    assert!(first_digit.departs);
}

#[test]
fn over_represented_digits_of_a_nonconforming_test_link_to_their_entries() {
    let output = run(&uniform_digit_population(5_000), &BenfordParams::default());

    // Uniform first digits over-represent 9 (11.1 % against 4.6 %); 1 is under-represented.
    let nine = output
        .findings
        .iter()
        .find(|finding| {
            finding.test == TestKind::BenfordFirstDigit
                && finding.reason.starts_with("first digit 9:")
        })
        .expect("a finding for first digit 9");
    assert_eq!(nine.entries.len(), 555);
    assert!(!output
        .findings
        .iter()
        .any(|finding| finding.test == TestKind::BenfordFirstDigit
            && finding.reason.starts_with("first digit 1:")));
}

#[test]
fn fewer_than_500_amounts_is_insufficient_data_not_a_pass() {
    let output = run(&benford_population(499), &BenfordParams::default());

    for result in &output.tests[..3] {
        assert_eq!(result.amounts_analysed, 499);
        assert_eq!(
            result.outcome,
            DigitOutcome::InsufficientData {
                amounts: 499,
                amounts_min: 500
            }
        );
    }
    assert!(output.findings.is_empty());
}

#[test]
fn amounts_below_ten_are_excluded_and_counted() {
    let entries = vec![entry(1).amount("9.99"), entry(2).amount("10.00")];

    let output = run(&population(entries), &BenfordParams::default());

    assert_eq!(output.tests[0].amounts_analysed, 1);
    assert_eq!(output.tests[0].amounts_below_min, 1);
    // Last two digits read only amounts of at least 1,000.
    assert_eq!(output.tests[3].amounts_analysed, 0);
    assert_eq!(output.tests[3].amounts_below_min, 2);
}

#[test]
fn each_entry_contributes_its_itemised_side_once() {
    // One credit of 300 against debits of 100 and 200: the two debits are the sample.
    let mut split = entry(1);
    split.lines = vec![
        PostingLine {
            debit: dec("100"),
            ..split.lines[0].clone()
        },
        PostingLine {
            debit: dec("200"),
            ..split.lines[0].clone()
        },
        PostingLine {
            credit: dec("300"),
            ..split.lines[1].clone()
        },
    ];

    let output = run(&population(vec![split]), &BenfordParams::default());

    assert_eq!(output.tests[0].amounts_analysed, 2);
}

#[test]
fn the_counts_chi_square_and_mad_of_a_known_sample_are_exact() {
    // 1,000 amounts all starting with 1.
    let entries = (1..=1000).map(|i| entry(i).amount("150.00")).collect();
    let output = run(&population(entries), &BenfordParams::default());

    let first_digit = analysis(&output, DigitTestKind::FirstDigit);
    let one = &first_digit.rows[0];
    assert_eq!(one.count, 1_000);
    assert_eq!(one.observed, 1.0);
    // MAD = (|1 − p1| + Σ_{d≥2} p_d) / 9 = 2 (1 − log10 2) / 9.
    let expected_mad = 2.0 * (1.0 - 2f64.log10()) / 9.0;
    assert!((first_digit.mad - expected_mad).abs() < 1e-12);
    // χ² = Σ (O − E)² / E with N = 1000: (1000 − 1000 p1)²/(1000 p1) + Σ_{d≥2} 1000 p_d.
    let p1 = 2f64.log10();
    let expected_chi = (1000.0 - 1000.0 * p1).powi(2) / (1000.0 * p1) + 1000.0 * (1.0 - p1);
    assert!((first_digit.chi_square - expected_chi).abs() < 1e-9);
    assert_eq!(first_digit.degrees_of_freedom, 8);
}

#[test]
fn the_z_score_subtracts_the_continuity_correction() {
    // p_o = 0.35, p_e = log10 2, N = 1000: (|0.35 − 0.30103| − 0.0005) / sqrt(p(1−p)/N).
    let expected = 2f64.log10();
    let z = z_score(0.35, expected, 1_000);
    let by_hand = ((0.35 - expected) - 0.0005) / (expected * (1.0 - expected) / 1000.0).sqrt();
    assert!((z - by_hand).abs() < 1e-12);
}

#[test]
fn the_z_score_skips_a_correction_larger_than_the_difference() {
    let expected = 2f64.log10();
    let z = z_score(expected + 0.0001, expected, 1_000);
    assert!((z - 0.0001 / (expected * (1.0 - expected) / 1000.0).sqrt()).abs() < 1e-9);
}

#[test]
fn mad_thresholds_follow_nigrini() {
    assert_eq!(
        conformity(DigitTestKind::FirstDigit, 0.006),
        Some(Conformity::Close)
    );
    assert_eq!(
        conformity(DigitTestKind::FirstDigit, 0.0061),
        Some(Conformity::Acceptable)
    );
    assert_eq!(
        conformity(DigitTestKind::FirstDigit, 0.015),
        Some(Conformity::Marginal)
    );
    assert_eq!(
        conformity(DigitTestKind::FirstDigit, 0.0151),
        Some(Conformity::Nonconformity)
    );
    assert_eq!(
        conformity(DigitTestKind::FirstTwoDigits, 0.0018),
        Some(Conformity::Acceptable)
    );
    assert_eq!(
        conformity(DigitTestKind::FirstTwoDigits, 0.0023),
        Some(Conformity::Nonconformity)
    );
    assert_eq!(
        conformity(DigitTestKind::SecondDigit, 0.0095),
        Some(Conformity::Acceptable)
    );
    assert_eq!(
        conformity(DigitTestKind::SecondDigit, 0.0125),
        Some(Conformity::Nonconformity)
    );
    assert_eq!(conformity(DigitTestKind::LastTwoDigits, 0.5), None);
}

#[test]
fn identical_last_two_digits_reject_uniformity_by_chi_square() {
    let entries = (1..=1000).map(|i| entry(i).amount("1500.00")).collect();
    let output = run(&population(entries), &BenfordParams::default());

    let last_two = analysis(&output, DigitTestKind::LastTwoDigits);
    assert_eq!(last_two.conformity, None);
    assert!(last_two.departs);
    assert_eq!(last_two.rows[0].digits, "00");
    assert_eq!(last_two.rows[0].count, 1_000);
}
