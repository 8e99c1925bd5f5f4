//! Benford's law and digit tests (Nigrini, *Benford's Law*, 2012): first digit, first
//! two digits, second digit and last two digits of line amounts of at least 10 (1,000
//! for the last two digits).
//!
//! Each entry contributes the lines of its itemised side: the side with more lines
//! (debits on a tie). A balanced entry carries every amount on both sides, so reading
//! both would count a two-line entry twice and inflate chi-square and the z-scores as
//! if the sample were twice as large; the itemised side keeps the detail of split
//! entries (one bank credit against ten expense debits gives ten amounts).
//!
//! Each test reports expected and observed proportions, a z-score per digit with
//! Nigrini's continuity correction, the chi-square statistic with its degrees of freedom
//! and p-value, and the mean absolute deviation (MAD) with Nigrini's conformity verdict.
//! Under [`BenfordParams::amounts_min`] amounts the test answers "insufficient data":
//! a silent pass on thirty amounts would tell the auditor nothing.
//!
//! When a test does not conform, the entries behind each significantly over-represented
//! digit become a finding, so the auditor reads the entries, not only the chart.

mod digits;

pub use digits::{amount_digits, AmountDigits, DigitTestKind};

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{ensure_param, AuditError};
use crate::finding::{RawFinding, TestKind};
use crate::population::{JournalEntry, Population, PostingLine, Side};
use crate::stats::chi_square_p_value;

/// Parameters of the digit tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct BenfordParams {
    /// Line amounts below this are left out. Default 10: Nigrini excludes them because
    /// they have no second digit before the decimal point and are dominated by fees and
    /// small reimbursements that follow no law.
    pub amount_min: Decimal,
    /// Line amounts below this are left out of the last-two-digits test only. Default
    /// 1,000: below 100 the last two digits are the first two, and in the hundreds
    /// Benford's law itself skews them (amounts are twice as dense at 100 as at 199, so
    /// 00 is far likelier than 99); from 1,000 up the skew across a block of 100 is
    /// under 10 % and the uniform expectation holds.
    pub last_two_amount_min: Decimal,
    /// Fewest amounts for a verdict. Default 500, below which the MAD thresholds are not
    /// meaningful (Nigrini suggests 1,000+ for the two-digit tests).
    pub amounts_min: u64,
    /// A digit's z-score above this is significant. Default 1.96: 5 % two-sided.
    pub z_critical: f64,
    /// The chi-square p-value below which the last-two-digits test (which has no MAD
    /// thresholds) rejects uniformity. Default 0.05.
    pub chi_square_alpha: f64,
    /// Whether to list entries behind significant digits even when the test conforms.
    /// Default false: at large N almost any deviation has a large z-score (the reason
    /// Nigrini judges conformity by MAD), so spikes in a conforming population are
    /// mostly noise and would bury the real findings.
    pub flag_when_conforming: bool,
}

impl Default for BenfordParams {
    fn default() -> Self {
        Self {
            amount_min: Decimal::TEN,
            last_two_amount_min: Decimal::ONE_THOUSAND,
            amounts_min: 500,
            z_critical: 1.96,
            chi_square_alpha: 0.05,
            flag_when_conforming: false,
        }
    }
}

impl BenfordParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        ensure_param(
            self.amount_min >= Decimal::TEN,
            "benford.amount_min",
            self.amount_min,
            "at least 10 (two significant digits)",
        )?;
        ensure_param(
            self.last_two_amount_min >= Decimal::ONE_HUNDRED,
            "benford.last_two_amount_min",
            self.last_two_amount_min,
            "at least 100 (first and last two digits apart)",
        )?;
        ensure_param(
            self.amounts_min >= 1,
            "benford.amounts_min",
            self.amounts_min,
            "at least 1",
        )?;
        ensure_param(
            self.z_critical > 0.0,
            "benford.z_critical",
            self.z_critical,
            "above 0",
        )?;
        ensure_param(
            self.chi_square_alpha > 0.0 && self.chi_square_alpha < 1.0,
            "benford.chi_square_alpha",
            self.chi_square_alpha,
            "between 0 and 1",
        )
    }
}

/// Nigrini's MAD conformity verdict.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Conformity {
    Close,
    Acceptable,
    Marginal,
    Nonconformity,
}

/// Nigrini's MAD upper bounds for close, acceptable and marginal conformity; above the
/// last, nonconformity. The last-two-digits test has none (`None`): it is judged by
/// chi-square.
pub fn mad_thresholds(test: DigitTestKind) -> Option<[f64; 3]> {
    match test {
        DigitTestKind::FirstDigit => Some([0.006, 0.012, 0.015]),
        DigitTestKind::FirstTwoDigits => Some([0.0012, 0.0018, 0.0022]),
        DigitTestKind::SecondDigit => Some([0.008, 0.010, 0.012]),
        DigitTestKind::LastTwoDigits => None,
    }
}

/// The verdict for a MAD under the test's thresholds.
pub fn conformity(test: DigitTestKind, mad: f64) -> Option<Conformity> {
    let [close, acceptable, marginal] = mad_thresholds(test)?;
    Some(if mad <= close {
        Conformity::Close
    } else if mad <= acceptable {
        Conformity::Acceptable
    } else if mad <= marginal {
        Conformity::Marginal
    } else {
        Conformity::Nonconformity
    })
}

/// One digit test's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DigitTest {
    pub test: DigitTestKind,
    /// Line amounts in the sample (at or above the test's minimum amount).
    pub amounts_analysed: u64,
    /// Line amounts above zero left out for being below the test's minimum amount.
    pub amounts_below_min: u64,
    pub outcome: DigitOutcome,
}

/// Either too few amounts to judge, or the analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum DigitOutcome {
    InsufficientData { amounts: u64, amounts_min: u64 },
    Analysed(DigitAnalysis),
}

/// The statistics of one digit test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DigitAnalysis {
    /// One row per digit value, ascending.
    pub rows: Vec<DigitRow>,
    pub chi_square: f64,
    pub degrees_of_freedom: u32,
    /// P(χ² ≥ statistic) under the expected distribution.
    pub chi_square_p_value: f64,
    /// Mean absolute deviation between observed and expected proportions.
    pub mad: f64,
    /// The MAD thresholds used (close, acceptable, marginal), when the test has them.
    #[schema(value_type = Option<Vec<f64>>, min_items = 3, max_items = 3)]
    pub mad_thresholds: Option<[f64; 3]>,
    /// Nigrini's verdict, when the test has MAD thresholds.
    pub conformity: Option<Conformity>,
    /// Whether the test, as a whole, departs from its expected distribution: MAD
    /// verdict marginal or worse, or (last two digits) chi-square p-value below alpha.
    pub departs: bool,
}

/// One digit value's counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct DigitRow {
    /// The digit value as reports show it (`"1"`, `"48"`, `"07"`).
    pub digits: String,
    pub expected: f64,
    pub observed: f64,
    pub count: u64,
    /// Nigrini's z-score (continuity-corrected), always ≥ 0.
    pub z: f64,
    /// z above the critical value.
    pub significant: bool,
}

/// Nigrini's z-score for one digit: the continuity correction 1/(2N) is subtracted only
/// when it is smaller than the absolute difference, so the score never goes negative.
pub fn z_score(observed: f64, expected: f64, sample: u64) -> f64 {
    let sample = sample as f64;
    let difference = (observed - expected).abs();
    let correction = 1.0 / (2.0 * sample);
    let numerator = if correction < difference {
        difference - correction
    } else {
        difference
    };
    numerator / (expected * (1.0 - expected) / sample).sqrt()
}

/// Result of the family: the four tests and their findings.
pub(crate) struct BenfordOutput {
    pub tests: Vec<DigitTest>,
    pub findings: Vec<RawFinding>,
}

pub(crate) fn run(population: &Population, params: &BenfordParams) -> BenfordOutput {
    let mut counts: Vec<Vec<u64>> = DigitTestKind::ALL
        .iter()
        .map(|test| vec![0; test.buckets().count()])
        .collect();
    let mut samples = [0u64; DigitTestKind::ALL.len()];
    let nonzero_amounts = population
        .entries()
        .iter()
        .map(|entry| {
            itemised_lines(entry)
                .filter(|line| line.amount() > Decimal::ZERO)
                .count() as u64
        })
        .sum::<u64>();
    for_each_digits(population, params, |_, test, value| {
        let position = test.index();
        samples[position] += 1;
        counts[position][test.slot(value)] += 1;
    });

    let tests: Vec<DigitTest> = DigitTestKind::ALL
        .iter()
        .zip(&counts)
        .map(|(test, counts)| {
            let sample = samples[test.index()];
            DigitTest {
                test: *test,
                amounts_analysed: sample,
                amounts_below_min: nonzero_amounts - sample,
                outcome: if sample < params.amounts_min {
                    DigitOutcome::InsufficientData {
                        amounts: sample,
                        amounts_min: params.amounts_min,
                    }
                } else {
                    DigitOutcome::Analysed(analyse(*test, counts, sample, params))
                },
            }
        })
        .collect();

    let findings = spike_findings(population, params, &tests);
    BenfordOutput { tests, findings }
}

/// Calls `visit` with (entry index, test, digit value) for every line amount in each
/// test's sample.
fn for_each_digits(
    population: &Population,
    params: &BenfordParams,
    mut visit: impl FnMut(usize, DigitTestKind, u8),
) {
    for (index, entry) in population.entries().iter().enumerate() {
        for line in itemised_lines(entry) {
            let amount = line.amount();
            if amount < params.amount_min {
                continue;
            }
            let Some(digits) = amount_digits(amount) else {
                continue;
            };
            for test in DigitTestKind::ALL {
                if test == DigitTestKind::LastTwoDigits && amount < params.last_two_amount_min {
                    continue;
                }
                visit(index, test, test.value(digits));
            }
        }
    }
}

/// The lines of the entry's itemised side: the side with more lines, debits on a tie.
fn itemised_lines(entry: &JournalEntry) -> impl Iterator<Item = &PostingLine> {
    let debits = entry
        .lines
        .iter()
        .filter(|line| line.side() == Side::Debit)
        .count();
    let side = if debits * 2 >= entry.lines.len() {
        Side::Debit
    } else {
        Side::Credit
    };
    entry.lines.iter().filter(move |line| line.side() == side)
}

fn analyse(
    test: DigitTestKind,
    counts: &[u64],
    sample: u64,
    params: &BenfordParams,
) -> DigitAnalysis {
    let total = sample as f64;
    let mut chi_square = 0.0;
    let mut absolute_deviations = 0.0;
    let rows: Vec<DigitRow> = test
        .buckets()
        .zip(counts)
        .map(|(value, count)| {
            let expected = test.expected(value);
            let observed = *count as f64 / total;
            let expected_count = expected * total;
            chi_square += (*count as f64 - expected_count).powi(2) / expected_count;
            absolute_deviations += (observed - expected).abs();
            let z = z_score(observed, expected, sample);
            DigitRow {
                digits: test.label(value),
                expected,
                observed,
                count: *count,
                z,
                significant: z > params.z_critical,
            }
        })
        .collect();
    let mad = absolute_deviations / rows.len() as f64;
    let degrees_of_freedom = test.degrees_of_freedom();
    let chi_square_p_value = chi_square_p_value(chi_square, degrees_of_freedom);
    let conformity = conformity(test, mad);
    let departs = match conformity {
        Some(verdict) => verdict >= Conformity::Marginal,
        None => chi_square_p_value < params.chi_square_alpha,
    };
    DigitAnalysis {
        rows,
        chi_square,
        degrees_of_freedom,
        chi_square_p_value,
        mad,
        mad_thresholds: mad_thresholds(test),
        conformity,
        departs,
    }
}

fn test_kind(test: DigitTestKind) -> TestKind {
    match test {
        DigitTestKind::FirstDigit => TestKind::BenfordFirstDigit,
        DigitTestKind::FirstTwoDigits => TestKind::BenfordFirstTwoDigits,
        DigitTestKind::SecondDigit => TestKind::BenfordSecondDigit,
        DigitTestKind::LastTwoDigits => TestKind::BenfordLastTwoDigits,
    }
}

/// One finding per significantly over-represented digit of a departing test, listing
/// the entries with an amount carrying that digit.
fn spike_findings(
    population: &Population,
    params: &BenfordParams,
    tests: &[DigitTest],
) -> Vec<RawFinding> {
    // spikes[test][slot] = the row, when that digit is to be flagged.
    let spikes: Vec<Vec<Option<&DigitRow>>> = tests
        .iter()
        .map(|test| match &test.outcome {
            DigitOutcome::Analysed(analysis) if analysis.departs || params.flag_when_conforming => {
                analysis
                    .rows
                    .iter()
                    .map(|row| (row.significant && row.observed > row.expected).then_some(row))
                    .collect()
            }
            _ => Vec::new(),
        })
        .collect();
    if spikes.iter().all(|rows| rows.iter().all(Option::is_none)) {
        return Vec::new();
    }
    let mut entries: Vec<Vec<Vec<usize>>> = spikes
        .iter()
        .map(|rows| vec![Vec::new(); rows.len()])
        .collect();
    for_each_digits(population, params, |index, test, value| {
        let (position, slot) = (test.index(), test.slot(value));
        if spikes[position].get(slot).copied().flatten().is_some() {
            entries[position][slot].push(index);
        }
    });
    let mut findings = Vec::new();
    for (position, test) in DigitTestKind::ALL.iter().enumerate() {
        for (slot, row) in spikes[position].iter().enumerate() {
            if let Some(row) = row {
                findings.push(RawFinding::new(
                    test_kind(*test),
                    std::mem::take(&mut entries[position][slot]),
                    format!(
                        "{} {}: {} amounts, {:.2}% of the sample against {:.2}% expected (z = {:.2})",
                        test.describe(),
                        row.digits,
                        row.count,
                        row.observed * 100.0,
                        row.expected * 100.0,
                        row.z
                    ),
                ));
            }
        }
    }
    findings
}

#[cfg(test)]
mod tests;
