//! Amount tests on entry totals (total debits): round amounts, amounts just below an
//! approval threshold, and amounts at or above performance materiality.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::context::SessionContext;
use crate::error::{ensure_param, AuditError};
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Parameters of the amount tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct AmountParams {
    /// A total that is a multiple of this is round. Default 1,000: estimates, plugs and
    /// invented figures are typed in thousands, while genuine invoices rarely land on
    /// a multiple of 1,000 (a unit of 100 flags too many real prices).
    pub round_unit: Decimal,
    /// How far below an approval threshold, as a fraction of it, a total is "just
    /// below". Default 0.05 (5 %): 9,500–9,999.99 under a 10,000 limit — close enough to
    /// suggest the limit steered the amount, far enough to catch split invoices.
    pub below_threshold_band: Decimal,
    /// Whether totals at or above performance materiality are flagged. Default true:
    /// an entry that size can misstate the accounts on its own, so it deserves a look
    /// whatever else it shows.
    pub flag_performance_materiality: bool,
}

impl Default for AmountParams {
    fn default() -> Self {
        Self {
            round_unit: Decimal::ONE_THOUSAND,
            below_threshold_band: Decimal::new(5, 2),
            flag_performance_materiality: true,
        }
    }
}

impl AmountParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        ensure_param(
            self.round_unit > Decimal::ZERO,
            "amounts.round_unit",
            self.round_unit,
            "above 0",
        )?;
        ensure_param(
            self.below_threshold_band > Decimal::ZERO && self.below_threshold_band < Decimal::ONE,
            "amounts.below_threshold_band",
            self.below_threshold_band,
            "between 0 and 1",
        )
    }
}

pub(crate) fn run(
    population: &Population,
    context: &SessionContext,
    params: &AmountParams,
) -> Vec<RawFinding> {
    let mut thresholds = context.approval_thresholds.clone();
    thresholds.sort();
    thresholds.dedup();
    let mut findings = Vec::new();
    for index in 0..population.len() {
        let total = population.total(index);
        if total <= Decimal::ZERO {
            continue;
        }
        if let Some(unit) = round_unit_of(total, params.round_unit) {
            findings.push(RawFinding::one(
                TestKind::RoundAmount,
                index,
                format!("total {total} is a multiple of {unit}"),
            ));
        }
        if let Some(threshold) = thresholds
            .iter()
            .find(|threshold| is_just_below(total, **threshold, params.below_threshold_band))
        {
            findings.push(RawFinding::one(
                TestKind::JustBelowApprovalThreshold,
                index,
                format!(
                    "total {total} is {} below the approval threshold {threshold} (band {}%)",
                    threshold - total,
                    (params.below_threshold_band * Decimal::ONE_HUNDRED).normalize()
                ),
            ));
        }
        if params.flag_performance_materiality && total >= context.performance_materiality {
            findings.push(RawFinding::one(
                TestKind::AtOrAbovePerformanceMateriality,
                index,
                format!(
                    "total {total} is at or above performance materiality {}",
                    context.performance_materiality
                ),
            ));
        }
    }
    findings
}

/// The largest power-of-ten multiple of `unit` that divides `total`, when `unit` does:
/// 50,000 with unit 1,000 reports 10,000, which says more than "a multiple of 1,000".
pub fn round_unit_of(total: Decimal, unit: Decimal) -> Option<Decimal> {
    if total.is_zero() || !(total % unit).is_zero() {
        return None;
    }
    let mut largest = unit;
    loop {
        let next = largest * Decimal::TEN;
        if next > total || !(total % next).is_zero() {
            return Some(largest.normalize());
        }
        largest = next;
    }
}

/// Whether `total` lies in [threshold × (1 − band), threshold).
pub fn is_just_below(total: Decimal, threshold: Decimal, band: Decimal) -> bool {
    total < threshold && total >= threshold * (Decimal::ONE - band)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{context, dec, entry, population, EntryExt};

    fn kinds(findings: &[RawFinding]) -> Vec<TestKind> {
        findings.iter().map(|finding| finding.test).collect()
    }

    #[test]
    fn a_multiple_of_a_thousand_is_a_round_amount() {
        let findings = run(
            &population(vec![entry(1).amount("3000.00")]),
            &context(),
            &AmountParams::default(),
        );
        assert_eq!(kinds(&findings), vec![TestKind::RoundAmount]);
        assert_eq!(findings[0].reason, "total 3000.00 is a multiple of 1000");
    }

    #[test]
    fn a_round_amount_reports_its_largest_round_unit() {
        assert_eq!(round_unit_of(dec("50000"), dec("1000")), Some(dec("10000")));
        assert_eq!(round_unit_of(dec("1000"), dec("1000")), Some(dec("1000")));
    }

    #[test]
    fn an_amount_with_cents_is_not_round() {
        assert_eq!(round_unit_of(dec("3000.01"), dec("1000")), None);
        assert_eq!(round_unit_of(dec("2500"), dec("1000")), None);
    }

    #[test]
    fn a_total_within_five_percent_below_a_threshold_is_flagged() {
        let findings = run(
            &population(vec![entry(1).amount("9500.00")]),
            &context(),
            &AmountParams::default(),
        );
        assert_eq!(kinds(&findings), vec![TestKind::JustBelowApprovalThreshold]);
        assert_eq!(
            findings[0].reason,
            "total 9500.00 is 500.00 below the approval threshold 10000 (band 5%)"
        );
    }

    #[test]
    fn a_total_further_below_or_at_the_threshold_is_not_just_below() {
        assert!(!is_just_below(dec("9499.99"), dec("10000"), dec("0.05")));
        assert!(!is_just_below(dec("10000"), dec("10000"), dec("0.05")));
        assert!(is_just_below(dec("9999.99"), dec("10000"), dec("0.05")));
    }

    #[test]
    fn a_total_at_performance_materiality_is_flagged() {
        let findings = run(
            &population(vec![entry(1).amount("75000.50")]),
            &context(),
            &AmountParams::default(),
        );
        assert_eq!(
            kinds(&findings),
            vec![TestKind::AtOrAbovePerformanceMateriality]
        );
    }
}
