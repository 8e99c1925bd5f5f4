//! Running the tests: one family at a time (so a benchmark can time each) or all at
//! once, and assembling the report — findings in a stable order, every entry scored.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::benford::DigitTest;
use crate::context::SessionContext;
use crate::error::AuditError;
use crate::finding::{finalize, Finding, RawFinding, TestKind};
use crate::params::AuditParams;
use crate::population::Population;
use crate::risk_score::{score, EntryScore, RiskDistribution};
use crate::{
    amounts, benford, cutoff, duplicates, memos, numbering, outliers, rarity, timing, users,
};

/// One step of a run: a test, or several control points computed in one pass over the
/// data (the digit tests, the amount tests, the timing tests, the outlier methods).
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
pub enum TestFamily {
    Benford,
    Amounts,
    Duplicates,
    Numbering,
    Timing,
    Backdating,
    ReversalsAfterPeriodEnd,
    PeriodEndCluster,
    RareAccountPairs,
    SeldomUsedAccounts,
    InfrequentUsers,
    FirstPostingsToAccountClass,
    Outliers,
    Memos,
}

impl TestFamily {
    pub const ALL: [TestFamily; 14] = [
        Self::Benford,
        Self::Amounts,
        Self::Duplicates,
        Self::Numbering,
        Self::Timing,
        Self::Backdating,
        Self::ReversalsAfterPeriodEnd,
        Self::PeriodEndCluster,
        Self::RareAccountPairs,
        Self::SeldomUsedAccounts,
        Self::InfrequentUsers,
        Self::FirstPostingsToAccountClass,
        Self::Outliers,
        Self::Memos,
    ];

    /// The step's name in reports and benchmarks (its serde name).
    pub fn name(self) -> &'static str {
        match self {
            Self::Benford => "benford",
            Self::Amounts => "amounts",
            Self::Duplicates => "duplicates",
            Self::Numbering => "numbering",
            Self::Timing => "timing",
            Self::Backdating => "backdating",
            Self::ReversalsAfterPeriodEnd => "reversals_after_period_end",
            Self::PeriodEndCluster => "period_end_cluster",
            Self::RareAccountPairs => "rare_account_pairs",
            Self::SeldomUsedAccounts => "seldom_used_accounts",
            Self::InfrequentUsers => "infrequent_users",
            Self::FirstPostingsToAccountClass => "first_postings_to_account_class",
            Self::Outliers => "outliers",
            Self::Memos => "memos",
        }
    }
}

/// What one family produced, before assembly.
#[derive(Debug, Clone)]
pub struct FamilyOutput {
    pub family: TestFamily,
    digit_tests: Vec<DigitTest>,
    findings: Vec<RawFinding>,
    limitation: Option<String>,
}

/// A step that did not run, or ran on part of the population: said out loud, so "no
/// findings" is never mistaken for "tested and clean".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Limitation {
    pub step: TestFamily,
    pub reason: String,
}

impl FamilyOutput {
    pub fn finding_count(&self) -> usize {
        self.findings.len()
    }
}

/// A session's complete, serializable result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct AuditReport {
    pub context: SessionContext,
    pub params: AuditParams,
    pub population: PopulationSummary,
    /// The four digit tests, in [`crate::benford::DigitTestKind::ALL`] order.
    pub digit_tests: Vec<DigitTest>,
    /// Every finding, ordered by control point, then entries, then reason.
    pub findings: Vec<Finding>,
    /// Findings and distinct entries per control point, in [`TestKind::ALL`] order
    /// (zero counts included, so "ran and found nothing" shows).
    pub counts: Vec<TestCount>,
    /// Steps that did not run or covered only part of the population, in step order.
    /// (Digit tests say "insufficient data" in [`Self::digit_tests`] instead.)
    pub limitations: Vec<Limitation>,
    /// Every entry's score, highest first, then by entry number.
    pub scores: Vec<EntryScore>,
    pub distribution: RiskDistribution,
}

/// Totals of the population, to tie it to the trial balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct PopulationSummary {
    pub entries: usize,
    pub lines: usize,
    pub total_debits: Decimal,
    pub total_credits: Decimal,
}

/// How often a control point fired.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TestCount {
    pub test: TestKind,
    pub findings: usize,
    pub entries: usize,
}

/// A population, its session context and parameters, checked and ready to run.
#[derive(Debug, Clone, Copy)]
pub struct Audit<'a> {
    population: &'a Population,
    context: &'a SessionContext,
    params: &'a AuditParams,
}

impl<'a> Audit<'a> {
    pub fn new(
        population: &'a Population,
        context: &'a SessionContext,
        params: &'a AuditParams,
    ) -> Result<Self, AuditError> {
        context.validate()?;
        params.validate()?;
        Ok(Self {
            population,
            context,
            params,
        })
    }

    /// Runs every family and assembles the report.
    pub fn run(&self) -> AuditReport {
        let outputs = TestFamily::ALL
            .iter()
            .map(|family| self.run_family(*family))
            .collect();
        self.report(outputs)
    }

    pub fn run_family(&self, family: TestFamily) -> FamilyOutput {
        let (population, context, params) = (self.population, self.context, self.params);
        let mut digit_tests = Vec::new();
        let mut limitation = None;
        let too_small = |entries_min: usize| {
            (population.len() < entries_min).then(|| {
                format!(
                    "not run: the population has {} entries, fewer than the {entries_min} the test needs",
                    population.len()
                )
            })
        };
        let findings = match family {
            TestFamily::Benford => {
                let output = benford::run(population, &params.benford);
                digit_tests = output.tests;
                output.findings
            }
            TestFamily::Amounts => amounts::run(population, context, &params.amounts),
            TestFamily::Duplicates => duplicates::run(population, &params.duplicates),
            TestFamily::Numbering => numbering::run(population, &params.numbering),
            TestFamily::Timing => timing::run(population, context, &params.timing),
            TestFamily::Backdating => cutoff::backdating(population, context, &params.cutoff),
            TestFamily::ReversalsAfterPeriodEnd => {
                cutoff::reversals_after_period_end(population, context, &params.cutoff)
            }
            TestFamily::PeriodEndCluster => {
                cutoff::period_end_cluster(population, context, &params.cutoff)
            }
            TestFamily::RareAccountPairs => {
                limitation = too_small(params.rarity.population_entries_min);
                rarity::rare_pairs(population, &params.rarity)
            }
            TestFamily::SeldomUsedAccounts => {
                limitation = too_small(params.rarity.population_entries_min);
                rarity::seldom_used_accounts(population, &params.rarity)
            }
            TestFamily::InfrequentUsers => {
                limitation = too_small(params.users.population_entries_min);
                users::infrequent_users(population, &params.users)
            }
            TestFamily::FirstPostingsToAccountClass => {
                users::first_postings_to_class(population, &params.users)
            }
            TestFamily::Outliers => {
                let (findings, coverage) =
                    outliers::run_with_coverage(population, &params.outliers);
                if coverage.accounts_skipped > 0 {
                    limitation = Some(format!(
                        "{} of {} accounts have fewer than {} lines and were not tested ({} lines)",
                        coverage.accounts_skipped,
                        coverage.accounts_tested + coverage.accounts_skipped,
                        params.outliers.lines_min,
                        coverage.lines_skipped
                    ));
                }
                findings
            }
            TestFamily::Memos => memos::run(population, &params.memos),
        };
        FamilyOutput {
            family,
            digit_tests,
            findings,
            limitation,
        }
    }

    /// Orders the findings, scores every entry and totals the population. The result
    /// depends only on the outputs' content, not on the order they come in.
    pub fn report(&self, outputs: Vec<FamilyOutput>) -> AuditReport {
        let mut digit_tests = Vec::new();
        let mut raw = Vec::new();
        let mut limitations = Vec::new();
        for output in outputs {
            digit_tests.extend(output.digit_tests);
            raw.extend(output.findings);
            if let Some(reason) = output.limitation {
                limitations.push(Limitation {
                    step: output.family,
                    reason,
                });
            }
        }
        digit_tests.sort_by_key(|test| test.test);
        limitations.sort_by_key(|limitation| limitation.step);
        let resolved = finalize(raw, self.population);
        let (scores, distribution) = score(self.population, &resolved, &self.params.risk);
        let counts = counts(&resolved);
        AuditReport {
            context: self.context.clone(),
            params: self.params.clone(),
            population: summary(self.population),
            digit_tests,
            findings: resolved.into_iter().map(|(finding, _)| finding).collect(),
            counts,
            limitations,
            scores,
            distribution,
        }
    }
}

fn counts(findings: &[(Finding, Vec<usize>)]) -> Vec<TestCount> {
    TestKind::ALL
        .iter()
        .map(|kind| {
            let mut entries: Vec<usize> = findings
                .iter()
                .filter(|(finding, _)| finding.test == *kind)
                .flat_map(|(_, entries)| entries.iter().copied())
                .collect();
            entries.sort_unstable();
            entries.dedup();
            TestCount {
                test: *kind,
                findings: findings
                    .iter()
                    .filter(|(finding, _)| finding.test == *kind)
                    .count(),
                entries: entries.len(),
            }
        })
        .collect()
}

fn summary(population: &Population) -> PopulationSummary {
    let (mut total_debits, mut total_credits) = (Decimal::ZERO, Decimal::ZERO);
    for entry in population.entries() {
        for line in &entry.lines {
            total_debits += line.debit;
            total_credits += line.credit;
        }
    }
    PopulationSummary {
        entries: population.len(),
        lines: population.line_count(),
        total_debits,
        total_credits,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::population::JournalEntry;
    use crate::risk_score::RiskBand;
    use crate::testing::{context, date, entry, population, utc, EntryExt};

    /// A small book with one entry that is both backdated and a duplicate of another.
    fn entries() -> Vec<JournalEntry> {
        let mut entries: Vec<JournalEntry> = (1..=30).map(entry).collect();
        // Spread the routine entries so they are not duplicates of each other.
        for (i, entry) in entries.iter_mut().enumerate() {
            *entry = entry.clone().amount(&format!("{}.45", 100 + i));
        }
        entries.push(entry(31).amount("129.99").effective(date(2026, 3, 30)));
        entries.push(
            entry(32)
                .amount("129.99")
                .effective(date(2026, 3, 31))
                .recorded(utc(2026, 4, 2, 9, 0)),
        );
        entries
    }

    fn run(entries: Vec<JournalEntry>) -> AuditReport {
        let population = population(entries);
        let (context, params) = (context(), AuditParams::default());
        Audit::new(&population, &context, &params)
            .expect("valid session")
            .run()
    }

    #[test]
    fn a_backdated_duplicate_is_high_risk_with_both_reasons_in_its_breakdown() {
        let report = run(entries());

        let top = &report.scores[0];
        assert_eq!(top.number, "JE-000032");
        assert_eq!(top.score, 70.0);
        assert_eq!(top.band, RiskBand::High);
        let tests: Vec<TestKind> = top.breakdown.iter().map(|part| part.test).collect();
        assert_eq!(tests, vec![TestKind::Backdated, TestKind::Duplicate]);
        let backdated = &report.findings[top.breakdown[0].findings[0]];
        assert_eq!(backdated.test, TestKind::Backdated);
        assert!(backdated.entries.contains(&top.entry_id));
    }

    #[test]
    fn every_entry_is_scored_and_counted_in_a_band() {
        let report = run(entries());

        assert_eq!(report.scores.len(), 32);
        let distribution = report.distribution;
        assert_eq!(
            distribution.low + distribution.medium + distribution.high,
            32
        );
        assert_eq!(distribution.high, 1);
    }

    #[test]
    fn the_input_order_does_not_change_the_report() {
        let mut reversed = entries();
        reversed.reverse();

        let forward = serde_json::to_string(&run(entries())).expect("serialize");
        let backward = serde_json::to_string(&run(reversed)).expect("serialize");

        assert_eq!(forward, backward);
    }

    #[test]
    fn the_report_survives_a_json_round_trip() {
        let report = run(entries());

        let json = serde_json::to_string(&report).expect("serialize");
        let back: AuditReport = serde_json::from_str(&json).expect("deserialize");

        // Statistics are compared in the JSON test above: serde_json's default float
        // parser may land one ulp off a 17-digit value; everything else is exact.
        assert_eq!(back.findings, report.findings);
        assert_eq!(back.scores, report.scores);
        assert_eq!(back.counts, report.counts);
        assert_eq!(back.params, report.params);
        assert_eq!(back.context, report.context);
    }

    #[test]
    fn the_population_totals_tie_out() {
        let report = run(entries());

        assert_eq!(report.population.entries, 32);
        assert_eq!(report.population.lines, 64);
        assert_eq!(
            report.population.total_debits,
            report.population.total_credits
        );
    }

    #[test]
    fn every_control_point_is_counted_even_at_zero() {
        let report = run(entries());

        assert_eq!(report.counts.len(), TestKind::ALL.len());
        let duplicates = report
            .counts
            .iter()
            .find(|count| count.test == TestKind::Duplicate)
            .expect("duplicate count");
        assert_eq!((duplicates.findings, duplicates.entries), (1, 2));
    }

    #[test]
    fn tests_that_could_not_run_are_listed_as_limitations() {
        let report = run(entries());

        let steps: Vec<TestFamily> = report
            .limitations
            .iter()
            .map(|limitation| limitation.step)
            .collect();
        assert_eq!(
            steps,
            vec![
                TestFamily::RareAccountPairs,
                TestFamily::SeldomUsedAccounts,
                TestFamily::InfrequentUsers
            ]
        );
        assert_eq!(
            report.limitations[0].reason,
            "not run: the population has 32 entries, fewer than the 200 the test needs"
        );
    }

    #[test]
    fn a_period_ending_before_it_starts_is_rejected() {
        let population = population(entries());
        let mut context = context();
        context.period_end = date(2025, 12, 31);

        let error =
            Audit::new(&population, &context, &AuditParams::default()).expect_err("invalid");

        assert_eq!(
            error,
            AuditError::PeriodEndsBeforeStart {
                start: date(2026, 1, 1),
                end: date(2025, 12, 31)
            }
        );
    }

    #[test]
    fn an_out_of_range_parameter_is_rejected_with_its_path() {
        let population = population(entries());
        let mut params = AuditParams::default();
        params.outliers.z_max = 0.0;

        let error = Audit::new(&population, &context(), &params).expect_err("invalid");

        assert!(matches!(
            error,
            AuditError::ParameterOutOfRange {
                parameter: "outliers.z_max",
                ..
            }
        ));
    }

    #[test]
    fn parameters_missing_from_stored_json_take_their_defaults() {
        let params: AuditParams =
            serde_json::from_str(r#"{"duplicates": {"window_days": 5}}"#).expect("deserialize");

        assert_eq!(params.duplicates.window_days, 5);
        assert!(params.duplicates.compare_memo);
        assert_eq!(params.benford, crate::benford::BenfordParams::default());
    }
}
