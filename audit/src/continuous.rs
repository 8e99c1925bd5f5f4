//! Continuous mode: the service runs the journal-entry tests as a projector on new
//! entries, and admins are told about entries that became risky — once, not on every
//! re-run. This module is the pure part of that: the context a run between audits uses
//! ([`MonitoringContext`]), what one run flags ([`Flag`]), and which entries escalated
//! between two results ([`escalations`]).
//!
//! Scores can move for entries that did not change: a new duplicate makes its twin
//! risky, a new entry on a seldom-used account makes the account less rare. Comparing
//! bands (not raw scores) keeps notifications to changes an admin can act on.

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use event_schemas::JournalEntryId;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::context::{wall_clock, SessionContext};
use crate::error::AuditError;
use crate::finding::TestKind;
use crate::params::AuditParams;
use crate::population::Population;
use crate::report::{Audit, AuditReport};
use crate::risk_score::{EntryScore, RiskBand};

/// What a workspace's monitoring settings give the tests besides the entries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonitoringContext {
    /// Overall materiality; `None` turns the performance-materiality control point off.
    pub materiality: Option<Decimal>,
    pub performance_materiality: Option<Decimal>,
    pub approval_thresholds: Vec<Decimal>,
    /// For settings without a zone (written before workspaces had one).
    pub utc_offset_seconds: i32,
    /// The workspace's zone: posting times are read in it, daylight saving included.
    pub time_zone: Option<chrono_tz::Tz>,
}

impl MonitoringContext {
    /// The session context of a run over `population`, and the parameters to run with.
    ///
    /// Between audits there is no engagement period, so the run takes the period being
    /// closed: the last complete month before the month (local time) in which the latest
    /// entry was recorded, starting at the population's earliest effective date. So an
    /// entry recorded in March and dated in February is backdated, a reversal early in
    /// March of a February entry is "shortly after the period end", and crowding into
    /// February's last days clusters — each judged from the log alone, so a re-run over
    /// the same entries gives the same context. Without materiality the
    /// performance-materiality control point is off (materiality is then set out of reach).
    pub fn session(
        &self,
        population: &Population,
        params: &AuditParams,
    ) -> Option<(SessionContext, AuditParams)> {
        let latest = population.entries().iter().map(|e| e.recorded_at).max()?;
        let earliest = population
            .entries()
            .iter()
            .map(|e| e.effective_date)
            .min()?;
        let period_end = self.month_before(latest);
        let mut params = params.clone();
        let (materiality, performance) = match (self.materiality, self.performance_materiality) {
            (Some(m), Some(p)) => (m, p),
            (Some(m), None) => (m, m),
            _ => {
                params.amounts.flag_performance_materiality = false;
                (Decimal::MAX, Decimal::MAX)
            }
        };
        let context = SessionContext {
            period_start: earliest.min(period_end),
            period_end,
            materiality,
            performance_materiality: performance,
            approval_thresholds: self.approval_thresholds.clone(),
            holidays: params.calendar.holidays.clone(),
            business_hours: params.calendar.business_hours,
            utc_offset_seconds: self.utc_offset_seconds,
            time_zone: self.time_zone,
        };
        Some((context, params))
    }

    /// The last day of the month before the one `instant` falls in, on the workspace's
    /// clock.
    fn month_before(&self, instant: DateTime<Utc>) -> NaiveDate {
        let local = wall_clock(instant, self.time_zone, self.utc_offset_seconds).date();
        let first = local.with_day(1).unwrap_or(local);
        first.checked_sub_days(Days::new(1)).unwrap_or(first)
    }

    /// Runs every test over `population` in this context; `None` for no entries.
    pub fn run(
        &self,
        population: &Population,
        params: &AuditParams,
    ) -> Result<Option<AuditReport>, AuditError> {
        let Some((context, params)) = self.session(population, params) else {
            return Ok(None);
        };
        Ok(Some(Audit::new(population, &context, &params)?.run()))
    }
}

/// One flagged entry of a run, with why: what a monitor keeps and shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Flag {
    pub entry_id: JournalEntryId,
    pub number: String,
    pub score: f64,
    pub band: RiskBand,
    /// The control points that fired, strongest first, each with its findings' reasons.
    pub reasons: Vec<FlagReason>,
}

/// One control point behind a flag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlagReason {
    pub test: TestKind,
    pub weight: f64,
    /// The reasons of its findings that name the entry.
    pub reasons: Vec<String>,
}

impl Flag {
    /// The flag of `score`, with the reasons read from the report it belongs to.
    pub fn of(report: &AuditReport, score: &EntryScore) -> Self {
        Self {
            entry_id: score.entry_id,
            number: score.number.clone(),
            score: score.score,
            band: score.band,
            reasons: score
                .breakdown
                .iter()
                .map(|part| FlagReason {
                    test: part.test,
                    weight: part.weight,
                    reasons: part
                        .findings
                        .iter()
                        .filter_map(|index| report.findings.get(*index))
                        .map(|finding| finding.reason.clone())
                        .collect(),
                })
                .collect(),
        }
    }
}

/// An entry whose band rose to at least the notification band.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Escalation {
    #[schema(value_type = String)]
    pub entry_id: JournalEntryId,
    pub number: String,
    /// Its band in the previous result; `None` for an entry new since then.
    pub from: Option<RiskBand>,
    pub to: RiskBand,
    pub score: f64,
}

/// Entries of `current` at or above `notify_from` whose band is higher than in
/// `previous` (or that are new), in `current`'s order (highest score first).
pub fn escalations(
    previous: &[EntryScore],
    current: &[EntryScore],
    notify_from: RiskBand,
) -> Vec<Escalation> {
    let before: HashMap<JournalEntryId, RiskBand> = previous
        .iter()
        .map(|score| (score.entry_id, score.band))
        .collect();
    current
        .iter()
        .filter(|score| score.band >= notify_from)
        .filter_map(|score| {
            let from = before.get(&score.entry_id).copied();
            let escalated = from.is_none_or(|band| band < score.band);
            escalated.then(|| Escalation {
                entry_id: score.entry_id,
                number: score.number.clone(),
                from,
                to: score.band,
                score: score.score,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{date, dec, entry, entry_id, population, utc, EntryExt};

    fn scored(sequence: u64, band: RiskBand) -> EntryScore {
        EntryScore {
            entry_id: entry_id(sequence),
            number: format!("JE-{sequence:06}"),
            score: match band {
                RiskBand::Low => 10.0,
                RiskBand::Medium => 40.0,
                RiskBand::High => 70.0,
            },
            band,
            breakdown: Vec::new(),
        }
    }

    #[test]
    fn an_entry_rising_to_high_is_an_escalation() {
        let previous = [scored(1, RiskBand::Medium)];
        let current = [scored(1, RiskBand::High)];

        let escalations = escalations(&previous, &current, RiskBand::High);

        assert_eq!(escalations.len(), 1);
        assert_eq!(escalations[0].from, Some(RiskBand::Medium));
        assert_eq!(escalations[0].to, RiskBand::High);
    }

    #[test]
    fn an_entry_already_high_is_not_notified_again() {
        let previous = [scored(1, RiskBand::High)];
        let current = [scored(1, RiskBand::High)];

        assert!(escalations(&previous, &current, RiskBand::Medium).is_empty());
    }

    #[test]
    fn a_new_risky_entry_is_an_escalation_from_nothing() {
        let current = [scored(2, RiskBand::Medium)];

        let escalations = escalations(&[], &current, RiskBand::Medium);

        assert_eq!(escalations[0].from, None);
    }

    fn monitoring() -> MonitoringContext {
        MonitoringContext {
            materiality: None,
            performance_materiality: None,
            approval_thresholds: Vec::new(),
            utc_offset_seconds: 3600,
            time_zone: None,
        }
    }

    fn in_zone(zone: chrono_tz::Tz) -> MonitoringContext {
        MonitoringContext {
            utc_offset_seconds: 0,
            time_zone: Some(zone),
            ..monitoring()
        }
    }

    #[test]
    fn the_month_under_review_is_judged_on_the_workspace_clock() {
        // 23:30 UTC on 31 March is already 1 April in Lagos: March is the month closed.
        let population = population(vec![
            entry(1).effective(date(2026, 1, 20)),
            entry(2)
                .effective(date(2026, 3, 31))
                .recorded(utc(2026, 3, 31, 23, 30)),
        ]);

        let (in_lagos, _) = in_zone(chrono_tz::Africa::Lagos)
            .session(&population, &AuditParams::default())
            .expect("entries");
        let (in_utc, _) = in_zone(chrono_tz::UTC)
            .session(&population, &AuditParams::default())
            .expect("entries");

        assert_eq!(in_lagos.period_end, date(2026, 3, 31));
        assert_eq!(in_utc.period_end, date(2026, 2, 28));
    }

    #[test]
    fn posting_times_are_read_in_the_workspace_zone() {
        // 07:30 UTC on a Tuesday is 08:30 in Lagos, inside business hours there.
        let population = population(vec![
            entry(1),
            entry(2)
                .effective(date(2026, 3, 3))
                .recorded(utc(2026, 3, 3, 7, 30)),
        ]);

        let (context, _) = in_zone(chrono_tz::Africa::Lagos)
            .session(&population, &AuditParams::default())
            .expect("entries");

        assert_eq!(context.time_zone, Some(chrono_tz::Africa::Lagos));
        assert_eq!(
            context.local(utc(2026, 3, 3, 7, 30)).time(),
            chrono::NaiveTime::from_hms_opt(8, 30, 0).expect("time")
        );
    }

    #[test]
    fn the_period_under_review_is_the_month_before_the_latest_recording() {
        let population = population(vec![
            entry(1).effective(date(2026, 1, 20)),
            entry(2)
                .effective(date(2026, 2, 25))
                .recorded(utc(2026, 3, 3, 9, 0)),
        ]);

        let (context, _) = monitoring()
            .session(&population, &AuditParams::default())
            .expect("entries");

        assert_eq!(context.period_start, date(2026, 1, 20));
        assert_eq!(context.period_end, date(2026, 2, 28));
    }

    #[test]
    fn an_entry_recorded_in_march_and_dated_in_february_is_backdated() {
        let population = population(vec![
            entry(1),
            entry(2)
                .effective(date(2026, 2, 25))
                .recorded(utc(2026, 3, 3, 9, 0)),
        ]);

        let report = monitoring()
            .run(&population, &AuditParams::default())
            .expect("valid")
            .expect("entries");

        let flagged = report
            .scores
            .iter()
            .find(|s| s.number == "JE-000002")
            .expect("scored");
        let flag = Flag::of(&report, flagged);
        assert_eq!(flag.reasons[0].test, TestKind::Backdated);
        assert!(
            flag.reasons[0].reasons[0].contains("2026-02-25"),
            "{flag:?}"
        );
    }

    #[test]
    fn without_materiality_no_entry_is_flagged_for_its_size() {
        let population = population(vec![entry(1).amount("90000000.00"), entry(2)]);

        let report = monitoring()
            .run(&population, &AuditParams::default())
            .expect("valid")
            .expect("entries");

        assert!(report
            .findings
            .iter()
            .all(|f| f.test != TestKind::AtOrAbovePerformanceMateriality));
    }

    #[test]
    fn with_materiality_a_large_entry_is_flagged_for_its_size() {
        let population = population(vec![entry(1).amount("90000.00"), entry(2)]);
        let context = MonitoringContext {
            materiality: Some(dec("100000")),
            performance_materiality: Some(dec("75000")),
            ..monitoring()
        };

        let report = context
            .run(&population, &AuditParams::default())
            .expect("valid")
            .expect("entries");

        assert!(report
            .findings
            .iter()
            .any(|f| f.test == TestKind::AtOrAbovePerformanceMateriality));
    }

    #[test]
    fn an_empty_population_is_not_run() {
        let empty = Population::new(Vec::new()).expect("empty");
        assert_eq!(monitoring().run(&empty, &AuditParams::default()), Ok(None));
    }

    #[test]
    fn a_rise_below_the_notification_band_is_not_notified() {
        let previous = [scored(1, RiskBand::Low)];
        let current = [scored(1, RiskBand::Medium)];

        assert!(escalations(&previous, &current, RiskBand::High).is_empty());
    }
}
