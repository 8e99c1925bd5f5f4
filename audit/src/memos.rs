//! Memos: an entry nobody explained is an entry nobody can review. Empty memos, and
//! weak ones — too short or a stock word like "adjustment" — are findings.

use serde::{Deserialize, Serialize};

use crate::duplicates::normalize_memo;
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Parameters of the memo test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct MemoParams {
    /// A memo with fewer letters than this is weak. Default 6: "adj", "corr", "JV 12"
    /// are weak; "Payroll" and "Rent March" are not.
    pub letters_min: usize,
    /// Memos that are weak whatever their length, compared case- and
    /// spacing-insensitively, without trailing punctuation. Default: the stock phrases
    /// seen on unexplained manual entries (adjustment, correction, misc …).
    pub generic_memos: Vec<String>,
}

impl Default for MemoParams {
    fn default() -> Self {
        Self {
            letters_min: 6,
            generic_memos: [
                "adjustment",
                "adjustments",
                "correction",
                "misc",
                "miscellaneous",
                "various",
                "sundry",
                "reclass",
                "reclassification",
                "journal entry",
                "entry",
                "test",
                "per instruction",
                "as instructed",
                "as discussed",
                "see attached",
                "n/a",
                "none",
                "other",
                "to correct",
            ]
            .map(String::from)
            .to_vec(),
        }
    }
}

pub(crate) fn run(population: &Population, params: &MemoParams) -> Vec<RawFinding> {
    let generic: Vec<String> = params
        .generic_memos
        .iter()
        .map(|memo| comparable(memo))
        .collect();
    let mut findings = Vec::new();
    for (index, entry) in population.entries().iter().enumerate() {
        let memo = entry.memo.trim();
        if memo.is_empty() {
            findings.push(RawFinding::one(
                TestKind::EmptyMemo,
                index,
                "no memo".into(),
            ));
            continue;
        }
        let letters = memo.chars().filter(|c| c.is_alphabetic()).count();
        if generic.contains(&comparable(memo)) {
            findings.push(RawFinding::one(
                TestKind::WeakMemo,
                index,
                format!("memo {memo:?} is a stock phrase that explains nothing"),
            ));
        } else if letters < params.letters_min {
            findings.push(RawFinding::one(
                TestKind::WeakMemo,
                index,
                format!(
                    "memo {memo:?} has {letters} letters, fewer than {}",
                    params.letters_min
                ),
            ));
        }
    }
    findings
}

fn comparable(memo: &str) -> String {
    normalize_memo(memo)
        .trim_end_matches(|c: char| c.is_ascii_punctuation())
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{entry, population, EntryExt};

    fn kinds_for(memo: &str) -> Vec<TestKind> {
        run(
            &population(vec![entry(1).memo(memo)]),
            &MemoParams::default(),
        )
        .iter()
        .map(|finding| finding.test)
        .collect()
    }

    #[test]
    fn a_blank_memo_is_empty() {
        assert_eq!(kinds_for("   "), vec![TestKind::EmptyMemo]);
    }

    #[test]
    fn a_stock_phrase_is_weak_whatever_its_case() {
        assert_eq!(kinds_for("  Adjustment. "), vec![TestKind::WeakMemo]);
    }

    #[test]
    fn a_memo_with_few_letters_is_weak() {
        assert_eq!(kinds_for("JV 12"), vec![TestKind::WeakMemo]);
    }

    #[test]
    fn a_descriptive_memo_passes() {
        assert!(kinds_for("Rent March").is_empty());
        assert!(kinds_for("Payroll").is_empty());
    }
}
