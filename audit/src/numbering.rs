//! Entry numbering: numbers are gapless per workspace (DESIGN §5), so a missing number
//! means an entry that was numbered and then vanished, and a number used twice means
//! the sequence was bypassed. Both are findings; so is a number outside any sequence.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{ensure_param, AuditError};
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Most missing numbers spelt out in one gap's reason; longer gaps give the range.
const MISSING_NUMBERS_LISTED_MAX: u64 = 5;

/// Parameters of the numbering test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct NumberingParams {
    /// Fewest missing numbers that make a gap a finding. Default 1: Ledgerline numbers
    /// entries without gaps, so any missing number is unexplained. Raise it for books
    /// imported from a system that skipped numbers by design (voided vouchers).
    pub gap_numbers_min: u64,
    /// Whether entry numbers that do not end in digits are findings. Default true: an
    /// entry outside the sequence escaped the numbering control.
    pub flag_unsequenced: bool,
}

impl Default for NumberingParams {
    fn default() -> Self {
        Self {
            gap_numbers_min: 1,
            flag_unsequenced: true,
        }
    }
}

impl NumberingParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        ensure_param(
            self.gap_numbers_min >= 1,
            "numbering.gap_numbers_min",
            self.gap_numbers_min,
            "at least 1",
        )
    }
}

pub(crate) fn run(population: &Population, params: &NumberingParams) -> Vec<RawFinding> {
    // Series prefix → (sequence → entries), ordered for a deterministic walk.
    let mut series: BTreeMap<&str, BTreeMap<u64, Vec<usize>>> = BTreeMap::new();
    let mut findings = Vec::new();
    for index in 0..population.len() {
        match population.number(index) {
            Some(number) => series
                .entry(number.prefix.as_str())
                .or_default()
                .entry(number.sequence)
                .or_default()
                .push(index),
            None if params.flag_unsequenced => findings.push(RawFinding::one(
                TestKind::NumberGap,
                index,
                format!(
                    "entry number {:?} is not part of a numbered sequence",
                    population.entry(index).number
                ),
            )),
            None => {}
        }
    }
    for sequences in series.values() {
        for entries in sequences.values() {
            if entries.len() > 1 {
                findings.push(RawFinding::new(
                    TestKind::DuplicateNumber,
                    entries.clone(),
                    format!(
                        "{} entries share the number {}",
                        entries.len(),
                        population.entry(entries[0]).number
                    ),
                ));
            }
        }
        let ordered: Vec<(&u64, &Vec<usize>)> = sequences.iter().collect();
        for pair in ordered.windows(2) {
            let (before, before_entries) = pair[0];
            let (after, after_entries) = pair[1];
            if after - before <= params.gap_numbers_min {
                continue;
            }
            let before_number = &population.entry(before_entries[0]).number;
            let after_number = &population.entry(after_entries[0]).number;
            let missing = after - before - 1;
            let shown = |sequence: u64| renumber(before_number, sequence);
            let what = if missing <= MISSING_NUMBERS_LISTED_MAX {
                ((before + 1)..*after)
                    .map(shown)
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                format!("{} to {}", shown(before + 1), shown(after - 1))
            };
            let verb = if missing == 1 { "is" } else { "are" };
            findings.push(RawFinding::new(
                TestKind::NumberGap,
                vec![before_entries[0], after_entries[0]],
                format!(
                    "{what} {verb} missing between {before_number} and {after_number} ({missing} number{})",
                    if missing == 1 { "" } else { "s" }
                ),
            ));
        }
    }
    findings
}

/// `template`'s number with its trailing digits replaced by `sequence`, zero-padded to
/// the same width: ("JE-000002", 3) → "JE-000003".
fn renumber(template: &str, sequence: u64) -> String {
    let trimmed = template.trim();
    let prefix = trimmed.trim_end_matches(|c: char| c.is_ascii_digit());
    let width = trimmed.len() - prefix.len();
    format!("{prefix}{sequence:0width$}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{entry, population};

    fn run_default(population: &Population) -> Vec<RawFinding> {
        run(population, &NumberingParams::default())
    }

    #[test]
    fn gaps_smaller_than_the_minimum_are_not_findings() {
        let params = NumberingParams {
            gap_numbers_min: 3,
            ..NumberingParams::default()
        };

        assert!(run(&population(vec![entry(1), entry(4)]), &params).is_empty());
        assert_eq!(run(&population(vec![entry(1), entry(5)]), &params).len(), 1);
    }

    #[test]
    fn a_number_without_digits_is_outside_the_sequence() {
        let mut odd = entry(2);
        odd.number = "MANUAL".into();

        let findings = run_default(&population(vec![entry(1), odd]));

        assert_eq!(findings.len(), 1);
        assert_eq!(
            findings[0].reason,
            "entry number \"MANUAL\" is not part of a numbered sequence"
        );
    }

    #[test]
    fn a_missing_number_between_two_entries_is_a_gap() {
        let findings = run_default(&population(vec![entry(1), entry(2), entry(4)]));

        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].test, TestKind::NumberGap);
        assert_eq!(findings[0].entries, vec![1, 2]);
        assert_eq!(
            findings[0].reason,
            "JE-000003 is missing between JE-000002 and JE-000004 (1 number)"
        );
    }

    #[test]
    fn a_long_gap_is_reported_as_a_range() {
        let findings = run_default(&population(vec![entry(1), entry(20)]));

        assert_eq!(
            findings[0].reason,
            "JE-000002 to JE-000019 are missing between JE-000001 and JE-000020 (18 numbers)"
        );
    }

    #[test]
    fn a_complete_sequence_has_no_gap() {
        assert!(run_default(&population((1..=50).map(entry).collect())).is_empty());
    }

    #[test]
    fn a_number_used_twice_is_a_duplicate_number() {
        let mut twin = entry(3);
        twin.number = "JE-000002".into();

        let findings = run_default(&population(vec![entry(1), entry(2), twin]));

        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].test, TestKind::DuplicateNumber);
        assert_eq!(findings[0].reason, "2 entries share the number JE-000002");
    }

    #[test]
    fn bare_numeric_sequences_are_checked_too() {
        let mut entries = vec![entry(1), entry(2), entry(5)];
        for entry in &mut entries {
            entry.number = entry
                .number
                .trim_start_matches("JE-")
                .trim_start_matches('0')
                .to_owned();
        }

        let findings = run_default(&population(entries));

        assert_eq!(
            findings[0].reason,
            "3, 4 are missing between 2 and 5 (2 numbers)"
        );
    }
}
