//! Cut-off tests around the period end, where earnings are managed: entries recorded
//! after the period closed but dated inside it (backdating), reversals shortly after the
//! period end of entries inside it (window dressing undone), and entries crowding into
//! the period's last days.

use chrono::Days;
use serde::{Deserialize, Serialize};

use crate::context::SessionContext;
use crate::error::{ensure_param, AuditError};
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Parameters of the cut-off tests.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct CutoffParams {
    /// Days after the period end during which recording entries dated in the period is
    /// not flagged. Default 0: any entry the log recorded after the period ended with
    /// an effective date inside it is flagged; set the closing window (say 10) to leave
    /// out the routine closing entries.
    pub backdating_grace_days: u32,
    /// A reversal effective within this many days after the period end is "shortly
    /// after". Default 15: the first half of the next month, when accruals and
    /// window-dressing entries are typically undone.
    pub reversal_window_days: u32,
    /// The period's last days examined for clustering. Default 5: the last working week.
    pub cluster_window_days: u32,
    /// The window clusters when it holds at least this multiple of its even share of
    /// the period's entries. Default 2.0: twice what an even spread would put there.
    pub cluster_ratio_min: f64,
    /// Fewest entries in the window to call it a cluster. Default 20, so a handful of
    /// routine month-end entries in a small population is not a finding.
    pub cluster_entries_min: usize,
}

impl Default for CutoffParams {
    fn default() -> Self {
        Self {
            backdating_grace_days: 0,
            reversal_window_days: 15,
            cluster_window_days: 5,
            cluster_ratio_min: 2.0,
            cluster_entries_min: 20,
        }
    }
}

impl CutoffParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        ensure_param(
            self.reversal_window_days >= 1,
            "cutoff.reversal_window_days",
            self.reversal_window_days,
            "at least 1",
        )?;
        ensure_param(
            self.cluster_window_days >= 1,
            "cutoff.cluster_window_days",
            self.cluster_window_days,
            "at least 1",
        )?;
        ensure_param(
            self.cluster_ratio_min > 1.0,
            "cutoff.cluster_ratio_min",
            self.cluster_ratio_min,
            "above 1",
        )
    }
}

#[cfg(test)]
pub(crate) fn run(
    population: &Population,
    context: &SessionContext,
    params: &CutoffParams,
) -> Vec<RawFinding> {
    let mut findings = backdating(population, context, params);
    findings.extend(reversals_after_period_end(population, context, params));
    findings.extend(period_end_cluster(population, context, params));
    findings
}

pub(crate) fn backdating(
    population: &Population,
    context: &SessionContext,
    params: &CutoffParams,
) -> Vec<RawFinding> {
    let recorded_after = context
        .period_end
        .checked_add_days(Days::new(u64::from(params.backdating_grace_days)))
        .unwrap_or(context.period_end);
    let mut findings = Vec::new();
    for (index, entry) in population.entries().iter().enumerate() {
        let recorded = context.local(entry.recorded_at);
        if recorded.date() > recorded_after && context.in_period(entry.effective_date) {
            findings.push(RawFinding::one(
                TestKind::Backdated,
                index,
                format!(
                    "recorded {} ({} days after the period ended {}) with effective date {} inside the period",
                    recorded.format("%Y-%m-%d %H:%M"),
                    (recorded.date() - context.period_end).num_days(),
                    context.period_end,
                    entry.effective_date
                ),
            ));
        }
    }
    findings
}

pub(crate) fn reversals_after_period_end(
    population: &Population,
    context: &SessionContext,
    params: &CutoffParams,
) -> Vec<RawFinding> {
    let window_end = context
        .period_end
        .checked_add_days(Days::new(u64::from(params.reversal_window_days)))
        .unwrap_or(context.period_end);
    let mut findings = Vec::new();
    for (index, entry) in population.entries().iter().enumerate() {
        let Some(original_id) = entry.reverses else {
            continue;
        };
        if entry.effective_date <= context.period_end || entry.effective_date > window_end {
            continue;
        }
        let days_after = (entry.effective_date - context.period_end).num_days();
        match population.index_of(original_id) {
            Some(original) if context.in_period(population.entry(original).effective_date) => {
                findings.push(RawFinding::new(
                    TestKind::ReversalAfterPeriodEnd,
                    vec![index, original],
                    format!(
                        "{} reverses {} (effective {}, inside the period) {days_after} days after the period end",
                        entry.number,
                        population.entry(original).number,
                        population.entry(original).effective_date
                    ),
                ));
            }
            Some(_) => {}
            // The original is outside the population: the reversal still undoes
            // something right after the close, and the auditor should find out what.
            None => findings.push(RawFinding::one(
                TestKind::ReversalAfterPeriodEnd,
                index,
                format!(
                    "{} is a reversal {days_after} days after the period end of an entry outside the population",
                    entry.number
                ),
            )),
        }
    }
    findings
}

pub(crate) fn period_end_cluster(
    population: &Population,
    context: &SessionContext,
    params: &CutoffParams,
) -> Vec<RawFinding> {
    let period_days = (context.period_end - context.period_start).num_days() + 1;
    let window_days = i64::from(params.cluster_window_days).min(period_days);
    if window_days >= period_days {
        return Vec::new();
    }
    let window_start = context.period_end - chrono::Duration::days(window_days - 1);
    let mut in_period = 0usize;
    let mut in_window = Vec::new();
    for (index, entry) in population.entries().iter().enumerate() {
        if context.in_period(entry.effective_date) {
            in_period += 1;
            if entry.effective_date >= window_start {
                in_window.push(index);
            }
        }
    }
    let expected = in_period as f64 * window_days as f64 / period_days as f64;
    let ratio = in_window.len() as f64 / expected.max(f64::MIN_POSITIVE);
    if in_window.len() < params.cluster_entries_min || ratio < params.cluster_ratio_min {
        return Vec::new();
    }
    let reason = format!(
        "{} of the period's {in_period} entries are effective in its last {window_days} days ({window_start} to {}), {ratio:.1}× an even spread ({expected:.1})",
        in_window.len(),
        context.period_end
    );
    vec![RawFinding::new(
        TestKind::PeriodEndCluster,
        in_window,
        reason,
    )]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{context, date, entry, entry_id, population, utc, EntryExt};

    fn of_kind(findings: &[RawFinding], kind: TestKind) -> Vec<&RawFinding> {
        findings
            .iter()
            .filter(|finding| finding.test == kind)
            .collect()
    }

    #[test]
    fn an_entry_recorded_after_period_end_with_an_effective_date_inside_is_backdated() {
        let entries = vec![entry(1)
            .effective(date(2026, 3, 30))
            .recorded(utc(2026, 4, 3, 9, 0))];

        let findings = run(&population(entries), &context(), &CutoffParams::default());

        let backdated = of_kind(&findings, TestKind::Backdated);
        assert_eq!(backdated.len(), 1);
        assert_eq!(
            backdated[0].reason,
            "recorded 2026-04-03 10:00 (3 days after the period ended 2026-03-31) with effective date 2026-03-30 inside the period"
        );
    }

    #[test]
    fn an_entry_recorded_after_period_end_and_dated_after_it_is_not_backdated() {
        let entries = vec![entry(1)
            .effective(date(2026, 4, 2))
            .recorded(utc(2026, 4, 3, 9, 0))];

        assert!(of_kind(
            &run(&population(entries), &context(), &CutoffParams::default()),
            TestKind::Backdated
        )
        .is_empty());
    }

    #[test]
    fn recording_in_the_local_evening_of_the_last_day_is_not_backdating() {
        // 31 March 22:30 UTC is 23:30 in Lagos: still inside the period.
        let entries = vec![entry(1)
            .effective(date(2026, 3, 31))
            .recorded(utc(2026, 3, 31, 22, 30))];

        assert!(of_kind(
            &run(&population(entries), &context(), &CutoffParams::default()),
            TestKind::Backdated
        )
        .is_empty());
    }

    #[test]
    fn the_grace_days_leave_out_the_closing_window() {
        let entries = vec![entry(1)
            .effective(date(2026, 3, 30))
            .recorded(utc(2026, 4, 3, 9, 0))];
        let params = CutoffParams {
            backdating_grace_days: 5,
            ..CutoffParams::default()
        };

        assert!(of_kind(
            &run(&population(entries), &context(), &params),
            TestKind::Backdated
        )
        .is_empty());
    }

    #[test]
    fn a_reversal_shortly_after_period_end_links_both_entries() {
        let entries = vec![
            entry(1).effective(date(2026, 3, 31)),
            entry(2).effective(date(2026, 4, 2)).reversing(entry_id(1)),
        ];

        let findings = run(&population(entries), &context(), &CutoffParams::default());

        let reversals = of_kind(&findings, TestKind::ReversalAfterPeriodEnd);
        assert_eq!(reversals.len(), 1);
        assert_eq!(reversals[0].entries, vec![0, 1]);
        assert_eq!(
            reversals[0].reason,
            "JE-000002 reverses JE-000001 (effective 2026-03-31, inside the period) 2 days after the period end"
        );
    }

    #[test]
    fn a_reversal_after_the_window_is_not_flagged() {
        let entries = vec![
            entry(1).effective(date(2026, 3, 31)),
            entry(2).effective(date(2026, 4, 16)).reversing(entry_id(1)),
        ];

        assert!(of_kind(
            &run(&population(entries), &context(), &CutoffParams::default()),
            TestKind::ReversalAfterPeriodEnd
        )
        .is_empty());
    }

    #[test]
    fn entries_crowding_the_last_days_are_a_period_end_cluster() {
        // 60 entries spread over the quarter, then 30 in its last five days.
        let mut entries: Vec<_> = (1..=60)
            .map(|i| {
                entry(i).effective(date(2026, 1, 1) + chrono::Duration::days(((i - 1) % 80) as i64))
            })
            .collect();
        entries.extend((61..=90).map(|i| entry(i).effective(date(2026, 3, 27 + (i % 5) as u32))));

        let findings = run(&population(entries), &context(), &CutoffParams::default());

        let cluster = of_kind(&findings, TestKind::PeriodEndCluster);
        assert_eq!(cluster.len(), 1);
        assert_eq!(cluster[0].entries.len(), 30);
    }

    #[test]
    fn an_even_spread_is_not_a_cluster() {
        let entries = (1..=900)
            .map(|i| entry(i).effective(date(2026, 1, 1) + chrono::Duration::days((i % 90) as i64)))
            .collect();

        assert!(of_kind(
            &run(&population(entries), &context(), &CutoffParams::default()),
            TestKind::PeriodEndCluster
        )
        .is_empty());
    }
}
