//! The composite risk score: every entry gets a score from 0 to 100 out of the control
//! points that fired on it, with the breakdown of why.
//!
//! Each control point has a weight w in [0, 1], read as "how strongly this alone
//! suggests the entry needs a look". Weights combine like independent pieces of
//! evidence: score = 100 × (1 − Π(1 − wᵢ)) over the control points that fired (each
//! counted once, however many findings it has on the entry). The score is bounded
//! by construction, grows with every extra signal, never double-counts, and one strong
//! signal outweighs several trivial ones — unlike a capped sum, which saturates, or a
//! share of all weights, which dilutes a strong signal as tests are added.

use std::collections::BTreeMap;

use event_schemas::JournalEntryId;
use serde::{Deserialize, Serialize};

use crate::error::{ensure_param, AuditError};
use crate::finding::{Finding, TestKind};
use crate::population::Population;

/// Parameters of the risk score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct RiskParams {
    /// Weight per control point, 0–1. A control point missing from the map keeps its
    /// default weight ([`default_weight`]), so an auditor overrides only what they mean
    /// to; set a weight to 0 to ignore a control point in the score.
    pub weights: BTreeMap<TestKind, f64>,
    /// Scores from this up are medium. Default 30: any one moderate signal (a rare
    /// account pair, 25, with a weekend posting, 15 → 36) or one strong one.
    pub medium_from: f64,
    /// Scores from this up are high. Default 60: a strong signal corroborated by
    /// another (backdated 50 + duplicate 40 → 70), or several moderate ones.
    pub high_from: f64,
}

impl Default for RiskParams {
    fn default() -> Self {
        Self {
            weights: TestKind::ALL
                .iter()
                .map(|kind| (*kind, default_weight(*kind)))
                .collect(),
            medium_from: 30.0,
            high_from: 60.0,
        }
    }
}

impl RiskParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        for weight in self.weights.values() {
            ensure_param(
                (0.0..=1.0).contains(weight),
                "risk.weights",
                weight,
                "between 0 and 1",
            )?;
        }
        ensure_param(
            self.medium_from > 0.0 && self.medium_from < self.high_from,
            "risk.medium_from",
            self.medium_from,
            "above 0 and below high_from",
        )?;
        ensure_param(
            self.high_from <= 100.0,
            "risk.high_from",
            self.high_from,
            "at most 100",
        )
    }

    pub fn weight(&self, kind: TestKind) -> f64 {
        self.weights
            .get(&kind)
            .copied()
            .unwrap_or_else(|| default_weight(kind))
    }

    pub fn band(&self, score: f64) -> RiskBand {
        if score >= self.high_from {
            RiskBand::High
        } else if score >= self.medium_from {
            RiskBand::Medium
        } else {
            RiskBand::Low
        }
    }
}

/// The default weight of each control point, and why.
pub fn default_weight(kind: TestKind) -> f64 {
    match kind {
        // Digit spikes say "look at this population", weakly about one entry.
        TestKind::BenfordFirstDigit | TestKind::BenfordSecondDigit => 0.05,
        // Two-digit spikes pin amounts more precisely (invented or capped figures).
        TestKind::BenfordFirstTwoDigits | TestKind::BenfordLastTwoDigits => 0.10,
        // Common for genuine estimates and transfers; a signal only with others.
        TestKind::RoundAmount => 0.10,
        // Threshold avoidance is a classic override of a control.
        TestKind::JustBelowApprovalThreshold => 0.35,
        // Size alone is not suspicious, but it makes any error material.
        TestKind::AtOrAbovePerformanceMateriality => 0.20,
        // A double payment or a double revenue posting.
        TestKind::Duplicate => 0.40,
        // The neighbours of a gap are only pointers to what is missing.
        TestKind::NumberGap => 0.10,
        // The sequence was bypassed: should be impossible in Ledgerline.
        TestKind::DuplicateNumber => 0.30,
        TestKind::WeekendPosting | TestKind::HolidayPosting => 0.15,
        // Late work is common at month end; weaker than a weekend.
        TestKind::AfterHoursPosting => 0.10,
        // The strongest cut-off signal: the books were changed after they closed.
        TestKind::Backdated => 0.50,
        // Window dressing undone right after the close.
        TestKind::ReversalAfterPeriodEnd => 0.40,
        // A population-level pattern; weak for one entry.
        TestKind::PeriodEndCluster => 0.10,
        TestKind::RareAccountPair => 0.25,
        TestKind::SeldomUsedAccount => 0.15,
        TestKind::InfrequentUser | TestKind::FirstPostingToAccountClass => 0.20,
        // The robust method is the most trustworthy of the three.
        TestKind::OutlierModifiedZScore => 0.20,
        TestKind::OutlierZScore => 0.15,
        TestKind::OutlierIqr => 0.10,
        TestKind::EmptyMemo => 0.20,
        TestKind::WeakMemo => 0.10,
    }
}

/// Low, medium or high.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RiskBand {
    Low,
    Medium,
    High,
}

/// One entry's score and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct EntryScore {
    #[schema(value_type = String)]
    pub entry_id: JournalEntryId,
    pub number: String,
    /// 0–100, one decimal.
    pub score: f64,
    pub band: RiskBand,
    /// The control points that fired, strongest first.
    pub breakdown: Vec<Contribution>,
}

/// One control point's part in a score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Contribution {
    pub test: TestKind,
    pub weight: f64,
    /// Indices into the report's findings: the findings of this control point that
    /// name the entry (their reasons say why).
    pub findings: Vec<usize>,
}

/// How many entries fall in each band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RiskDistribution {
    pub low: usize,
    pub medium: usize,
    pub high: usize,
}

/// 100 × (1 − Π(1 − wᵢ)), rounded to one decimal so stored scores compare exactly.
pub fn combine(weights: impl IntoIterator<Item = f64>) -> f64 {
    let clear = weights
        .into_iter()
        .fold(1.0, |clear, weight| clear * (1.0 - weight));
    (1000.0 * (1.0 - clear)).round() / 10.0
}

/// Scores every entry of the population from the (sorted) findings with their entry
/// indices; returns the scores ordered by score (highest first), then entry number.
pub(crate) fn score(
    population: &Population,
    findings: &[(Finding, Vec<usize>)],
    params: &RiskParams,
) -> (Vec<EntryScore>, RiskDistribution) {
    let mut fired: Vec<Vec<(TestKind, usize)>> = vec![Vec::new(); population.len()];
    for (position, (finding, entries)) in findings.iter().enumerate() {
        for index in entries {
            fired[*index].push((finding.test, position));
        }
    }
    let mut distribution = RiskDistribution::default();
    let mut scored: Vec<(usize, EntryScore)> = fired
        .into_iter()
        .enumerate()
        .map(|(index, hits)| {
            let mut by_kind: BTreeMap<TestKind, Vec<usize>> = BTreeMap::new();
            for (kind, position) in hits {
                by_kind.entry(kind).or_default().push(position);
            }
            let mut breakdown: Vec<Contribution> = by_kind
                .into_iter()
                .map(|(test, findings)| Contribution {
                    test,
                    weight: params.weight(test),
                    findings,
                })
                .filter(|contribution| contribution.weight > 0.0)
                .collect();
            breakdown.sort_by(|a, b| b.weight.total_cmp(&a.weight).then(a.test.cmp(&b.test)));
            let score = combine(breakdown.iter().map(|contribution| contribution.weight));
            let band = params.band(score);
            match band {
                RiskBand::Low => distribution.low += 1,
                RiskBand::Medium => distribution.medium += 1,
                RiskBand::High => distribution.high += 1,
            }
            let entry = population.entry(index);
            (
                index,
                EntryScore {
                    entry_id: entry.id,
                    number: entry.number.clone(),
                    score,
                    band,
                    breakdown,
                },
            )
        })
        .collect();
    scored.sort_by(|(a_index, a), (b_index, b)| {
        b.score.total_cmp(&a.score).then(a_index.cmp(b_index))
    });
    (
        scored.into_iter().map(|(_, score)| score).collect(),
        distribution,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{entry, population};

    #[test]
    fn no_control_point_scores_zero_and_is_low() {
        let params = RiskParams::default();
        assert_eq!(combine([]), 0.0);
        assert_eq!(params.band(0.0), RiskBand::Low);
    }

    #[test]
    fn one_weekend_posting_scores_fifteen_and_is_low() {
        let score = combine([default_weight(TestKind::WeekendPosting)]);
        assert_eq!(score, 15.0);
        assert_eq!(RiskParams::default().band(score), RiskBand::Low);
    }

    #[test]
    fn backdating_alone_scores_fifty_and_is_medium() {
        let score = combine([default_weight(TestKind::Backdated)]);
        assert_eq!(score, 50.0);
        assert_eq!(RiskParams::default().band(score), RiskBand::Medium);
    }

    #[test]
    fn backdating_with_a_duplicate_scores_seventy_and_is_high() {
        // 1 − (1 − 0.5)(1 − 0.4) = 0.7
        let score = combine([0.5, 0.4]);
        assert_eq!(score, 70.0);
        assert_eq!(RiskParams::default().band(score), RiskBand::High);
    }

    #[test]
    fn the_score_never_exceeds_one_hundred() {
        let score = combine(TestKind::ALL.iter().map(|kind| default_weight(*kind)));
        assert!(score <= 100.0 && score > 95.0, "{score}");
    }

    #[test]
    fn band_boundaries_belong_to_the_higher_band() {
        let params = RiskParams::default();
        assert_eq!(params.band(29.9), RiskBand::Low);
        assert_eq!(params.band(30.0), RiskBand::Medium);
        assert_eq!(params.band(59.9), RiskBand::Medium);
        assert_eq!(params.band(60.0), RiskBand::High);
    }

    #[test]
    fn a_weight_missing_from_the_map_keeps_its_default() {
        let params = RiskParams {
            weights: BTreeMap::from([(TestKind::Backdated, 0.9)]),
            ..RiskParams::default()
        };
        assert_eq!(params.weight(TestKind::Backdated), 0.9);
        assert_eq!(params.weight(TestKind::Duplicate), 0.40);
    }

    fn finding(
        test: TestKind,
        entries: Vec<usize>,
        population: &Population,
    ) -> (Finding, Vec<usize>) {
        let ids = entries
            .iter()
            .map(|index| population.entry(*index).id)
            .collect();
        (
            Finding {
                test,
                entries: ids,
                reason: String::new(),
            },
            entries,
        )
    }

    #[test]
    fn two_findings_of_one_control_point_count_once_and_both_are_listed() {
        let population = population(vec![entry(1), entry(2)]);
        let findings = vec![
            finding(TestKind::OutlierZScore, vec![0], &population),
            finding(TestKind::OutlierZScore, vec![0, 1], &population),
        ];

        let (scores, _) = score(&population, &findings, &RiskParams::default());

        let first = scores
            .iter()
            .find(|score| score.number == "JE-000001")
            .expect("scored");
        assert_eq!(first.score, 15.0);
        assert_eq!(first.breakdown.len(), 1);
        assert_eq!(first.breakdown[0].findings, vec![0, 1]);
    }

    #[test]
    fn a_control_point_weighted_zero_is_left_out_of_the_breakdown() {
        let population = population(vec![entry(1)]);
        let findings = vec![finding(TestKind::WeakMemo, vec![0], &population)];
        let params = RiskParams {
            weights: BTreeMap::from([(TestKind::WeakMemo, 0.0)]),
            ..RiskParams::default()
        };

        let (scores, distribution) = score(&population, &findings, &params);

        assert_eq!(scores[0].score, 0.0);
        assert!(scores[0].breakdown.is_empty());
        assert_eq!(distribution.low, 1);
    }

    #[test]
    fn scores_are_ordered_highest_first_then_by_entry_number() {
        let population = population(vec![entry(1), entry(2), entry(3)]);
        let findings = vec![
            finding(TestKind::Backdated, vec![2], &population),
            finding(TestKind::WeakMemo, vec![0, 1], &population),
        ];

        let (scores, _) = score(&population, &findings, &RiskParams::default());

        let numbers: Vec<&str> = scores.iter().map(|score| score.number.as_str()).collect();
        assert_eq!(numbers, vec!["JE-000003", "JE-000001", "JE-000002"]);
    }
}
