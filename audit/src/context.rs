//! The session context the tests read besides the entries: the period under audit,
//! materiality, approval thresholds and the workspace's calendar (holidays, business
//! hours, time zone). It comes from the audit session; the crate only checks it.

use chrono::{DateTime, FixedOffset, NaiveDate, NaiveDateTime, NaiveTime, Offset, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::AuditError;

/// Seconds in a day: a UTC offset must lie strictly within ±1 day.
const DAY_SECONDS: i32 = 86_400;

/// What the session knows about the engagement and the workspace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SessionContext {
    /// First day of the period under audit (inclusive).
    pub period_start: NaiveDate,
    /// Last day of the period under audit (inclusive).
    pub period_end: NaiveDate,
    /// Overall materiality, in the workspace currency.
    pub materiality: Decimal,
    /// Performance materiality (≤ materiality): entries at or above it are large enough
    /// to matter on their own.
    pub performance_materiality: Decimal,
    /// Amounts above which an entry needs (more senior) approval; entries just below
    /// one of them are a classic sign of splitting or threshold avoidance.
    pub approval_thresholds: Vec<Decimal>,
    /// Public holidays of the workspace's jurisdiction, as local dates.
    pub holidays: Vec<NaiveDate>,
    /// Working hours on business days, local time.
    pub business_hours: BusinessHours,
    /// The workspace's offset from UTC in seconds (Lagos: 3600), for a session with no
    /// `time_zone` (opened before workspaces had one).
    pub utc_offset_seconds: i32,
    /// The workspace's IANA zone: `recorded_at` is read in it for the weekend, holiday
    /// and after-hours tests (daylight saving included). Decides over
    /// `utc_offset_seconds` when set.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "Africa/Lagos")]
    pub time_zone: Option<chrono_tz::Tz>,
}

/// Default start of business hours, 08:00 (checked at compile time).
const OFFICE_OPENS: NaiveTime = match NaiveTime::from_hms_opt(8, 0, 0) {
    Some(time) => time,
    None => panic!("08:00 is a valid time"),
};

/// Default end of business hours, 18:00.
const OFFICE_CLOSES: NaiveTime = match NaiveTime::from_hms_opt(18, 0, 0) {
    Some(time) => time,
    None => panic!("18:00 is a valid time"),
};

/// Local working hours: `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BusinessHours {
    #[schema(value_type = String, example = "09:00:00")]
    pub start: NaiveTime,
    #[schema(value_type = String, example = "09:00:00")]
    pub end: NaiveTime,
}

impl Default for BusinessHours {
    /// 08:00–18:00: a common office day with an hour either side for early and late
    /// staff, so only postings clearly outside the day are flagged.
    fn default() -> Self {
        Self {
            start: OFFICE_OPENS,
            end: OFFICE_CLOSES,
        }
    }
}

impl BusinessHours {
    pub fn contains(&self, time: NaiveTime) -> bool {
        self.start <= time && time < self.end
    }
}

/// Holidays: at most one a day of a year, and a little room for a leap year's.
pub const HOLIDAYS_MAX: usize = 366;

/// The workspace's calendar as the auditor sets it on a session: its public holidays
/// and business hours. Stored in the session's parameters (`calendar`), so a re-run
/// reads the same days; missing fields take their defaults (no holidays, 08:00–18:00).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct CalendarParams {
    /// Public holidays as local dates, ascending, each once.
    #[schema(value_type = Vec<String>, example = json!(["2026-12-25"]))]
    pub holidays: Vec<NaiveDate>,
    pub business_hours: BusinessHours,
}

impl CalendarParams {
    /// Checks the hours make a non-empty day and the holidays a year's worth at most.
    pub fn validate(&self) -> Result<(), AuditError> {
        if self.business_hours.start >= self.business_hours.end {
            return Err(AuditError::BusinessHoursEmpty);
        }
        crate::error::ensure_param(
            self.holidays.len() <= HOLIDAYS_MAX,
            "calendar.holidays",
            self.holidays.len(),
            "at most 366 dates",
        )
    }
}

impl SessionContext {
    /// Checks the context is coherent; the tests assume it afterwards.
    pub fn validate(&self) -> Result<(), AuditError> {
        if self.period_end < self.period_start {
            return Err(AuditError::PeriodEndsBeforeStart {
                start: self.period_start,
                end: self.period_end,
            });
        }
        if self.materiality <= Decimal::ZERO
            || self.performance_materiality <= Decimal::ZERO
            || self.performance_materiality > self.materiality
        {
            return Err(AuditError::MaterialityInconsistent {
                materiality: self.materiality,
                performance_materiality: self.performance_materiality,
            });
        }
        if let Some(threshold) = self
            .approval_thresholds
            .iter()
            .find(|threshold| **threshold <= Decimal::ZERO)
        {
            return Err(AuditError::ApprovalThresholdNotPositive {
                threshold: *threshold,
            });
        }
        if self.utc_offset_seconds.abs() >= DAY_SECONDS {
            return Err(AuditError::UtcOffsetOutOfRange {
                seconds: self.utc_offset_seconds,
            });
        }
        if self.business_hours.start >= self.business_hours.end {
            return Err(AuditError::BusinessHoursEmpty);
        }
        Ok(())
    }

    /// The workspace's offset; UTC if out of range (rejected by [`Self::validate`]).
    pub fn offset(&self) -> FixedOffset {
        fixed_offset(self.utc_offset_seconds)
    }

    /// A UTC instant as the workspace's local wall-clock time.
    pub fn local(&self, instant: DateTime<Utc>) -> NaiveDateTime {
        wall_clock(instant, self.time_zone, self.utc_offset_seconds)
    }

    /// The zone local times are in, as a reader names it: `Africa/Lagos`, or `UTC+01:00`
    /// for a session with only an offset.
    pub fn zone_name(&self) -> String {
        match self.time_zone {
            Some(zone) => zone.name().to_owned(),
            None => format!("UTC{}", self.offset()),
        }
    }

    /// Whether an effective date lies inside the period.
    pub fn in_period(&self, date: NaiveDate) -> bool {
        self.period_start <= date && date <= self.period_end
    }
}

/// `instant` on a workspace's wall clock: in its zone (daylight saving included) when it
/// has one, else at the fixed offset settings kept before workspaces had a zone.
pub(crate) fn wall_clock(
    instant: DateTime<Utc>,
    time_zone: Option<chrono_tz::Tz>,
    utc_offset_seconds: i32,
) -> NaiveDateTime {
    match time_zone {
        Some(zone) => instant.with_timezone(&zone).naive_local(),
        None => instant
            .with_timezone(&fixed_offset(utc_offset_seconds))
            .naive_local(),
    }
}

/// A fixed offset; UTC when out of range (settings validation refuses those).
fn fixed_offset(seconds: i32) -> FixedOffset {
    FixedOffset::east_opt(seconds).unwrap_or_else(|| Utc.fix())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{context, dec};

    #[test]
    fn the_default_test_context_is_valid() {
        assert_eq!(context().validate(), Ok(()));
    }

    #[test]
    fn performance_materiality_above_materiality_is_rejected() {
        let mut context = context();
        context.performance_materiality = dec("100001");

        assert_eq!(
            context.validate(),
            Err(AuditError::MaterialityInconsistent {
                materiality: dec("100000"),
                performance_materiality: dec("100001"),
            })
        );
    }

    #[test]
    fn a_zero_approval_threshold_is_rejected() {
        let mut context = context();
        context.approval_thresholds.push(Decimal::ZERO);

        assert_eq!(
            context.validate(),
            Err(AuditError::ApprovalThresholdNotPositive {
                threshold: Decimal::ZERO
            })
        );
    }

    #[test]
    fn an_offset_of_a_day_or_more_is_rejected() {
        let mut context = context();
        context.utc_offset_seconds = -86_400;

        assert_eq!(
            context.validate(),
            Err(AuditError::UtcOffsetOutOfRange { seconds: -86_400 })
        );
    }

    #[test]
    fn business_hours_that_end_before_they_start_are_rejected() {
        let mut context = context();
        context.business_hours = BusinessHours {
            start: context.business_hours.end,
            end: context.business_hours.start,
        };

        assert_eq!(context.validate(), Err(AuditError::BusinessHoursEmpty));
    }

    #[test]
    fn a_calendar_whose_hours_end_before_they_start_is_rejected() {
        let calendar = CalendarParams {
            holidays: Vec::new(),
            business_hours: BusinessHours {
                start: OFFICE_CLOSES,
                end: OFFICE_OPENS,
            },
        };

        assert_eq!(calendar.validate(), Err(AuditError::BusinessHoursEmpty));
    }

    #[test]
    fn a_calendar_of_more_holidays_than_days_in_a_year_is_rejected() {
        let first = crate::testing::date(2026, 1, 1);
        let calendar = CalendarParams {
            holidays: (0..=HOLIDAYS_MAX as u64)
                .map(|day| first + chrono::Days::new(day))
                .collect(),
            business_hours: BusinessHours::default(),
        };

        assert!(matches!(
            calendar.validate(),
            Err(AuditError::ParameterOutOfRange {
                parameter: "calendar.holidays",
                ..
            })
        ));
    }

    #[test]
    fn a_calendar_reads_hours_as_hh_mm_and_defaults_what_is_missing() {
        let calendar: CalendarParams = serde_json::from_value(serde_json::json!({
            "holidays": ["2026-10-01"],
            "business_hours": {"start": "07:30:00", "end": "17:00:00"}
        }))
        .expect("a calendar");
        let empty: CalendarParams =
            serde_json::from_value(serde_json::json!({})).expect("defaults");

        assert_eq!(calendar.holidays, vec![crate::testing::date(2026, 10, 1)]);
        assert_eq!(calendar.business_hours.start.to_string(), "07:30:00");
        assert_eq!(empty, CalendarParams::default());
    }

    #[test]
    fn recorded_at_is_read_in_the_workspace_offset() {
        let local = context().local(crate::testing::utc(2026, 3, 31, 23, 30));

        assert_eq!(local.to_string(), "2026-04-01 00:30:00");
    }
}
