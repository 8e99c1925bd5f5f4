//! Per-account statistical outliers among line amounts, by three methods that fail
//! differently: the z-score (sensitive, but the outliers themselves inflate the mean
//! and deviation), the modified z-score on the median and MAD (Iglewicz & Hoaglin,
//! robust to the outliers it looks for), and Tukey's interquartile fences (no
//! distribution assumed). An amount flagged by several methods stands out on all.
//!
//! By default the methods run on log10 of the amounts: amounts are multiplicative
//! (roughly log-normal), and on raw amounts an account's whole upper tail sits "many
//! deviations" above a median of small invoices — on a year of books that flags a
//! third of all entries. On the log scale distance is in orders of magnitude, and an
//! amount is an outlier when it is out of scale for its account. Reasons show the
//! figures back in currency (geometric mean, median, fences).

use std::collections::HashMap;

use event_schemas::AccountId;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Serialize};

use crate::error::{ensure_param, AuditError};
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;
use crate::stats::{
    mean, median_absolute_deviation, median_sorted, quantile_sorted, sample_std_dev,
};

/// Scale that makes the MAD estimate the standard deviation of a normal distribution
/// (Φ⁻¹(0.75) ≈ 0.6745), from Iglewicz & Hoaglin's modified z-score.
const MODIFIED_Z_SCALE: f64 = 0.6745;

/// The scale the statistics are computed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AmountScale {
    /// The amounts as they are.
    Linear,
    /// log10 of the amounts; zero amounts are left out (they have no order of
    /// magnitude, and a zero line carries no money to misstate).
    Logarithmic,
}

impl AmountScale {
    fn to_scale(self, amount: f64) -> Option<f64> {
        match self {
            Self::Linear => Some(amount),
            Self::Logarithmic => (amount > 0.0).then(|| amount.log10()),
        }
    }

    /// A location (mean, median, fence) back in currency, for reasons.
    fn to_amount(self, value: f64) -> f64 {
        match self {
            Self::Linear => value,
            Self::Logarithmic => 10f64.powf(value),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Linear => "linear scale",
            Self::Logarithmic => "log10 scale",
        }
    }
}

/// Parameters of the outlier tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct OutlierParams {
    /// The scale of the statistics. Default logarithmic (see the module comment).
    pub scale: AmountScale,
    /// Fewest lines on an account for its statistics to mean anything. Default 30, the
    /// usual rule of thumb for a stable mean and deviation.
    pub lines_min: usize,
    /// |z| above this is an outlier. Default 3.0: under normality 0.27 % of amounts.
    pub z_max: f64,
    /// |modified z| above this is an outlier. Default 3.5, Iglewicz & Hoaglin's
    /// recommendation.
    pub modified_z_max: f64,
    /// Fences at Q1 − k·IQR and Q3 + k·IQR. Default 3.0, Tukey's "far out" fence:
    /// amounts are right-skewed, so the 1.5 inner fence flags every large invoice.
    pub iqr_multiplier: f64,
}

impl Default for OutlierParams {
    fn default() -> Self {
        Self {
            scale: AmountScale::Logarithmic,
            lines_min: 30,
            z_max: 3.0,
            modified_z_max: 3.5,
            iqr_multiplier: 3.0,
        }
    }
}

impl OutlierParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        ensure_param(
            self.lines_min >= 3,
            "outliers.lines_min",
            self.lines_min,
            "at least 3",
        )?;
        ensure_param(self.z_max > 0.0, "outliers.z_max", self.z_max, "above 0")?;
        ensure_param(
            self.modified_z_max > 0.0,
            "outliers.modified_z_max",
            self.modified_z_max,
            "above 0",
        )?;
        ensure_param(
            self.iqr_multiplier > 0.0,
            "outliers.iqr_multiplier",
            self.iqr_multiplier,
            "above 0",
        )
    }
}

/// What the outlier test could not examine: accounts with too few lines for statistics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct OutlierCoverage {
    pub accounts_tested: usize,
    pub accounts_skipped: usize,
    pub lines_skipped: usize,
}

#[cfg(test)]
pub(crate) fn run(population: &Population, params: &OutlierParams) -> Vec<RawFinding> {
    run_with_coverage(population, params).0
}

pub(crate) fn run_with_coverage(
    population: &Population,
    params: &OutlierParams,
) -> (Vec<RawFinding>, OutlierCoverage) {
    // Per account: (value on the scale, entry index) of every line, in population order.
    let mut lines_by_account: HashMap<AccountId, Vec<(f64, usize)>> = HashMap::new();
    for (index, entry) in population.entries().iter().enumerate() {
        for line in &entry.lines {
            let amount = line.amount().to_f64().unwrap_or(0.0);
            if let Some(value) = params.scale.to_scale(amount) {
                lines_by_account
                    .entry(line.account_id)
                    .or_default()
                    .push((value, index));
            }
        }
    }
    let mut findings = Vec::new();
    let mut coverage = OutlierCoverage::default();
    for (account, lines) in &lines_by_account {
        if lines.len() >= params.lines_min {
            coverage.accounts_tested += 1;
            account_outliers(*account, lines, params, &mut findings);
        } else {
            coverage.accounts_skipped += 1;
            coverage.lines_skipped += lines.len();
        }
    }
    (findings, coverage)
}

fn account_outliers(
    account: AccountId,
    lines: &[(f64, usize)],
    params: &OutlierParams,
    findings: &mut Vec<RawFinding>,
) {
    let amounts: Vec<f64> = lines.iter().map(|(amount, _)| *amount).collect();
    let mut sorted = amounts.clone();
    sorted.sort_by(f64::total_cmp);
    let count = amounts.len();
    let (Some(mean), Some(median), Some(q1), Some(q3)) = (
        mean(&amounts),
        median_sorted(&sorted),
        quantile_sorted(&sorted, 0.25),
        quantile_sorted(&sorted, 0.75),
    ) else {
        return;
    };
    let std_dev = sample_std_dev(&amounts, mean).unwrap_or(0.0);
    let mad = median_absolute_deviation(&amounts, median).unwrap_or(0.0);
    let iqr = q3 - q1;
    let (lower_fence, upper_fence) = (
        q1 - params.iqr_multiplier * iqr,
        q3 + params.iqr_multiplier * iqr,
    );

    let scale = params.scale;
    let shown = |value: f64| scale.to_amount(value);
    let (centre, spread) = match scale {
        AmountScale::Linear => ("mean", "sd"),
        AmountScale::Logarithmic => ("geometric mean", "sd of log10"),
    };
    for (value, index) in lines {
        let amount = shown(*value);
        // A zero spread means most amounts are identical: any other amount would be
        // "infinitely" far, which says nothing; the method is skipped for the account.
        if std_dev > 0.0 {
            let z = (value - mean) / std_dev;
            if z.abs() > params.z_max {
                findings.push(RawFinding::one(
                    TestKind::OutlierZScore,
                    *index,
                    format!(
                        "{amount:.2} on account {account}: z = {z:.2} on the {} ({centre} {:.2}, {spread} {std_dev:.4}, n = {count})",
                        scale.describe(),
                        shown(mean)
                    ),
                ));
            }
        }
        if mad > 0.0 {
            let modified_z = MODIFIED_Z_SCALE * (value - median) / mad;
            if modified_z.abs() > params.modified_z_max {
                findings.push(RawFinding::one(
                    TestKind::OutlierModifiedZScore,
                    *index,
                    format!(
                        "{amount:.2} on account {account}: modified z = {modified_z:.2} on the {} (median {:.2}, MAD {mad:.4}, n = {count})",
                        scale.describe(),
                        shown(median)
                    ),
                ));
            }
        }
        if iqr > 0.0 && (*value < lower_fence || *value > upper_fence) {
            findings.push(RawFinding::one(
                TestKind::OutlierIqr,
                *index,
                format!(
                    "{amount:.2} on account {account} is outside the fences {:.2} to {:.2} (Q1 {:.2}, Q3 {:.2}, k = {} on the {}, n = {count})",
                    shown(lower_fence),
                    shown(upper_fence),
                    shown(q1),
                    shown(q3),
                    params.iqr_multiplier,
                    scale.describe()
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{entry, population, EntryExt};

    /// 40 entries between 100 and 139 on the same two accounts, and one of `amount`.
    fn with_one(amount: &str) -> Population {
        let mut entries: Vec<_> = (1..=40)
            .map(|i| entry(i).amount(&format!("{}.00", 99 + i)))
            .collect();
        entries.push(entry(41).amount(amount));
        population(entries)
    }

    fn flagged(findings: &[RawFinding], kind: TestKind) -> Vec<usize> {
        let mut entries: Vec<usize> = findings
            .iter()
            .filter(|finding| finding.test == kind)
            .flat_map(|finding| finding.entries.clone())
            .collect();
        entries.sort_unstable();
        entries.dedup();
        entries
    }

    #[test]
    fn a_far_amount_is_an_outlier_by_every_method() {
        let findings = run(&with_one("5000.00"), &OutlierParams::default());

        assert_eq!(flagged(&findings, TestKind::OutlierZScore), vec![40]);
        assert_eq!(
            flagged(&findings, TestKind::OutlierModifiedZScore),
            vec![40]
        );
        assert_eq!(flagged(&findings, TestKind::OutlierIqr), vec![40]);
    }

    #[test]
    fn an_amount_inside_the_spread_is_not_an_outlier() {
        assert!(run(&with_one("120.00"), &OutlierParams::default()).is_empty());
    }

    fn linear() -> OutlierParams {
        OutlierParams {
            scale: AmountScale::Linear,
            ..OutlierParams::default()
        }
    }

    #[test]
    fn on_the_linear_scale_the_modified_z_score_uses_the_median_and_mad() {
        // Amounts 100–139 and 5000: median 120, MAD 10 (|x − 120| sorted, middle of 41).
        let findings = run(&with_one("5000.00"), &linear());

        let reason = &findings
            .iter()
            .find(|finding| finding.test == TestKind::OutlierModifiedZScore)
            .expect("modified z finding")
            .reason;
        let expected = MODIFIED_Z_SCALE * (5000.0 - 120.0) / 10.0;
        assert!(
            reason.contains(&format!(
                "modified z = {expected:.2} on the linear scale (median 120.00, MAD 10.0000, n = 41)"
            )),
            "{reason}"
        );
    }

    #[test]
    fn an_account_with_too_few_lines_is_not_tested_and_is_counted_as_skipped() {
        let entries = vec![entry(1), entry(2), entry(3).amount("99999.00")];

        let (findings, coverage) =
            run_with_coverage(&population(entries), &OutlierParams::default());

        assert!(findings.is_empty());
        assert_eq!(
            coverage,
            OutlierCoverage {
                accounts_tested: 0,
                accounts_skipped: 2,
                lines_skipped: 6
            }
        );
    }

    #[test]
    fn on_the_log_scale_the_modified_z_score_uses_the_median_and_mad_of_log_amounts() {
        let findings = run(&with_one("5000.00"), &OutlierParams::default());

        // The 41 log amounts: 100–139 and 5000.
        let mut logs: Vec<f64> = (100..=140)
            .map(|amount| f64::from(amount).log10())
            .collect();
        logs[40] = 5000f64.log10();
        logs.sort_by(f64::total_cmp);
        let median = logs[20];
        let mut deviations: Vec<f64> = logs.iter().map(|value| (value - median).abs()).collect();
        deviations.sort_by(f64::total_cmp);
        let expected = MODIFIED_Z_SCALE * (5000f64.log10() - median) / deviations[20];
        let reason = &findings
            .iter()
            .find(|finding| finding.test == TestKind::OutlierModifiedZScore)
            .expect("modified z finding")
            .reason;
        assert!(
            reason.contains(&format!(
                "modified z = {expected:.2} on the log10 scale (median 120.00"
            )),
            "{reason}"
        );
    }

    /// 100 amounts from 10 to 1,000,000, evenly spread in orders of magnitude.
    fn log_uniform() -> Population {
        population(
            (1..=100)
                .map(|i| {
                    entry(i).amount(&format!("{:.2}", 10f64.powf(1.0 + 5.0 * i as f64 / 100.0)))
                })
                .collect(),
        )
    }

    #[test]
    fn a_skewed_but_smooth_account_has_no_outliers_on_the_log_scale() {
        assert!(run(&log_uniform(), &OutlierParams::default()).is_empty());
    }

    #[test]
    fn a_skewed_account_flags_its_upper_tail_on_the_linear_scale() {
        assert!(!run(&log_uniform(), &linear()).is_empty());
    }
}
