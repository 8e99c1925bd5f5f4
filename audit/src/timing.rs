//! When entries were posted: on a weekend, on a public holiday, or outside business
//! hours on a working day, read from `recorded_at` in the workspace's time zone (the
//! moment the log recorded the posting, which the author cannot choose, unlike the
//! effective date).

use chrono::{Datelike, Weekday};
use serde::{Deserialize, Serialize};

use crate::context::SessionContext;
use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Parameters of the timing tests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct TimingParams {
    /// The days that are the weekend. Default Saturday and Sunday (Nigeria and most of
    /// the world); set Friday and Saturday for a Gulf workspace.
    /// Days as `Mon` … `Sun`.
    #[schema(value_type = Vec<String>)]
    pub weekend_days: Vec<Weekday>,
    /// What the tests read: when the log recorded the posting (default), or only the
    /// entry's business date, for books keyed in bulk after the fact (a migration, a
    /// seeded demo), whose recorded times say when they were loaded, not when the
    /// business acted.
    pub judge_by: TimingBasis,
}

/// Which time of an entry the timing tests judge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TimingBasis {
    /// `recorded_at` in the workspace's zone: weekends, holidays and after hours.
    #[default]
    RecordedAt,
    /// The effective date: weekends and holidays only, as a date has no hour.
    EntryDate,
}

impl Default for TimingParams {
    fn default() -> Self {
        Self {
            weekend_days: vec![Weekday::Sat, Weekday::Sun],
            judge_by: TimingBasis::RecordedAt,
        }
    }
}

pub(crate) fn run(
    population: &Population,
    context: &SessionContext,
    params: &TimingParams,
) -> Vec<RawFinding> {
    let mut holidays = context.holidays.clone();
    holidays.sort_unstable();
    let zone = context.zone_name();
    let mut findings = Vec::new();
    let by_date = params.judge_by == TimingBasis::EntryDate;
    for (index, entry) in population.entries().iter().enumerate() {
        let local = context.local(entry.recorded_at);
        let (date, time) = if by_date {
            (entry.effective_date, None)
        } else {
            (local.date(), Some(local.time()))
        };
        // Built only for a finding: most entries are posted in office hours.
        let when = || match time {
            Some(time) => format!("{} {} ({zone})", date, time.format("%H:%M")),
            None => format!("dated {date}"),
        };
        let weekend = params.weekend_days.contains(&date.weekday());
        let holiday = holidays.binary_search(&date).is_ok();
        if weekend {
            findings.push(RawFinding::one(
                TestKind::WeekendPosting,
                index,
                format!("posted on a {} ({})", date.weekday(), when()),
            ));
        }
        if holiday {
            findings.push(RawFinding::one(
                TestKind::HolidayPosting,
                index,
                format!("posted on the public holiday {date} ({})", when()),
            ));
        }
        // Weekends and holidays are findings of their own; after-hours concerns the
        // working days, so one late Sunday posting is not counted twice.
        let Some(time) = time else { continue };
        if !weekend && !holiday && !context.business_hours.contains(time) {
            findings.push(RawFinding::one(
                TestKind::AfterHoursPosting,
                index,
                format!(
                    "posted at {}, outside business hours {}–{}",
                    when(),
                    context.business_hours.start.format("%H:%M"),
                    context.business_hours.end.format("%H:%M")
                ),
            ));
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{context, entry, population, utc, EntryExt};

    fn kinds(findings: &[RawFinding]) -> Vec<TestKind> {
        findings.iter().map(|finding| finding.test).collect()
    }

    #[test]
    fn a_posting_during_business_hours_on_a_weekday_is_not_flagged() {
        assert!(run(
            &population(vec![entry(1)]),
            &context(),
            &TimingParams::default()
        )
        .is_empty());
    }

    #[test]
    fn a_saturday_posting_is_a_weekend_posting() {
        // Saturday 14 February 2026, 11:00 in Lagos.
        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 2, 14, 10, 0))]),
            &context(),
            &TimingParams::default(),
        );

        assert_eq!(kinds(&findings), vec![TestKind::WeekendPosting]);
        assert_eq!(
            findings[0].reason,
            "posted on a Sat (2026-02-14 11:00 (UTC+01:00))"
        );
    }

    #[test]
    fn a_late_evening_posting_on_a_weekday_is_after_hours() {
        // Tuesday 10 February 2026, 18:30 in Lagos (17:30 UTC).
        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 2, 10, 17, 30))]),
            &context(),
            &TimingParams::default(),
        );

        assert_eq!(kinds(&findings), vec![TestKind::AfterHoursPosting]);
    }

    #[test]
    fn the_local_offset_decides_the_hour() {
        // 07:30 UTC is 08:30 in Lagos: inside business hours there, not in UTC.
        let entries = vec![entry(1).recorded(utc(2026, 2, 10, 7, 30))];
        let mut utc_context = context();
        utc_context.utc_offset_seconds = 0;

        assert!(run(
            &population(entries.clone()),
            &context(),
            &TimingParams::default()
        )
        .is_empty());
        assert_eq!(
            kinds(&run(
                &population(entries),
                &utc_context,
                &TimingParams::default()
            )),
            vec![TestKind::AfterHoursPosting]
        );
    }

    #[test]
    fn the_local_offset_decides_the_day() {
        // Friday 13 February 23:30 UTC is Saturday 00:30 in Lagos.
        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 2, 13, 23, 30))]),
            &context(),
            &TimingParams::default(),
        );

        assert_eq!(kinds(&findings), vec![TestKind::WeekendPosting]);
    }

    #[test]
    fn a_posting_on_a_public_holiday_is_flagged() {
        // Thursday 1 January 2026, 10:00 in Lagos.
        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 1, 1, 9, 0))]),
            &context(),
            &TimingParams::default(),
        );

        assert_eq!(kinds(&findings), vec![TestKind::HolidayPosting]);
    }

    #[test]
    fn the_weekend_days_are_a_parameter() {
        // Friday 13 February 2026, 11:00 in Lagos: a weekend day in the Gulf.
        let entries = vec![entry(1).recorded(utc(2026, 2, 13, 10, 0))];
        let gulf = TimingParams {
            weekend_days: vec![Weekday::Fri, Weekday::Sat],
            ..TimingParams::default()
        };

        assert!(run(
            &population(entries.clone()),
            &context(),
            &TimingParams::default()
        )
        .is_empty());
        assert_eq!(
            kinds(&run(&population(entries), &context(), &gulf)),
            vec![TestKind::WeekendPosting]
        );
    }

    #[test]
    fn a_holiday_on_a_weekend_is_both() {
        let mut context = context();
        context.holidays.push(crate::testing::date(2026, 2, 14));

        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 2, 14, 10, 0))]),
            &context,
            &TimingParams::default(),
        );

        assert_eq!(
            kinds(&findings),
            vec![TestKind::WeekendPosting, TestKind::HolidayPosting]
        );
    }

    #[test]
    fn after_hours_is_judged_in_the_workspaces_time_zone() {
        // 07:30 UTC on Tuesday 10 February: 08:30 in Lagos (open), 07:30 in London.
        let entries = vec![entry(1).recorded(utc(2026, 2, 10, 7, 30))];
        let in_zone = |zone| {
            let mut context = context();
            context.utc_offset_seconds = 0;
            context.time_zone = Some(zone);
            kinds(&run(
                &population(entries.clone()),
                &context,
                &TimingParams::default(),
            ))
        };

        assert!(in_zone(chrono_tz::Tz::Africa__Lagos).is_empty());
        assert_eq!(
            in_zone(chrono_tz::Tz::Europe__London),
            vec![TestKind::AfterHoursPosting]
        );
    }

    #[test]
    fn a_zone_with_daylight_saving_moves_the_office_day_with_the_clocks() {
        // 17:30 UTC on Wednesday 10 June is 18:30 in London's summer time: after hours,
        // though a fixed UTC+00:00 would call it 17:30, in hours.
        let mut context = context();
        context.time_zone = Some(chrono_tz::Tz::Europe__London);
        let findings = run(
            &population(vec![entry(1).recorded(utc(2026, 6, 10, 17, 30))]),
            &context,
            &TimingParams::default(),
        );

        assert_eq!(kinds(&findings), vec![TestKind::AfterHoursPosting]);
        assert_eq!(
            findings[0].reason,
            "posted at 2026-06-10 18:30 (Europe/London), outside business hours 08:00–18:00"
        );
    }

    #[test]
    fn judged_by_entry_date_a_sunday_dated_entry_is_a_weekend_posting_whenever_keyed() {
        // Dated Sunday 15 February, keyed at 03:00 on a Tuesday.
        let entries = vec![entry(1)
            .effective(crate::testing::date(2026, 2, 15))
            .recorded(utc(2026, 2, 17, 2, 0))];
        let params = TimingParams {
            judge_by: TimingBasis::EntryDate,
            ..TimingParams::default()
        };

        let findings = run(&population(entries), &context(), &params);

        assert_eq!(kinds(&findings), vec![TestKind::WeekendPosting]);
        assert_eq!(findings[0].reason, "posted on a Sun (dated 2026-02-15)");
    }

    #[test]
    fn judged_by_entry_date_no_entry_is_after_hours() {
        // Dated on a Tuesday, keyed at 03:00 that night.
        let entries = vec![entry(1).recorded(utc(2026, 2, 10, 2, 0))];
        let params = TimingParams {
            judge_by: TimingBasis::EntryDate,
            ..TimingParams::default()
        };

        assert!(run(&population(entries), &context(), &params).is_empty());
    }
}
