//! The clock an audit's timing tests read posting times on (weekends, holidays, after
//! hours), as a request names it. One rule for audit sessions and continuous monitoring:
//! a named IANA zone decides; a fixed offset is honoured for clients that predate zones;
//! a request naming neither takes the workspace's own zone, so a Lagos workspace is never
//! judged on UTC by default.

use chrono::{Offset, Utc};
use chrono_tz::Tz;

use crate::accounts::Problems;
use api_core::{ApiError, AppState};

/// An offset from UTC lies strictly within a day.
const DAY_SECONDS: i32 = 86_400;

/// The zone a request asked for, resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimingZone {
    /// `None` only when the request gave a fixed offset and no zone.
    pub zone: Option<Tz>,
    /// The fixed offset, or the zone's offset now — kept beside the zone for readers of
    /// the events that know only offsets.
    pub utc_offset_seconds: i32,
}

impl TimingZone {
    /// The zone's name as events store it.
    pub fn zone_name(&self) -> Option<String> {
        self.zone.map(|zone| zone.name().to_owned())
    }
}

/// Resolves `time_zone` / `utc_offset_seconds` of a request on `workspace_id`; problems
/// (an unknown zone, an offset of a day or more) are added under their field.
pub async fn timing_zone(
    app: &AppState,
    workspace_id: &str,
    time_zone: Option<&str>,
    utc_offset_seconds: Option<i32>,
    problems: &mut Problems,
) -> Result<TimingZone, ApiError> {
    if utc_offset_seconds.is_some_and(|offset| offset.abs() >= DAY_SECONDS) {
        problems.add(
            "utc_offset_seconds",
            "An offset lies within ±86399 seconds.",
        );
    }
    let zone = match (time_zone, utc_offset_seconds) {
        (Some(raw), _) => match domain::time_zone::parse_time_zone(raw) {
            Ok(zone) => Some(zone),
            Err(err) => {
                problems.add("time_zone", err.to_string());
                None
            }
        },
        (None, Some(_)) => None,
        (None, None) => Some(api_core::time::workspace_time_zone(app.db(), workspace_id).await?),
    };
    let utc_offset_seconds = match zone {
        Some(zone) => Utc::now()
            .with_timezone(&zone)
            .offset()
            .fix()
            .local_minus_utc(),
        None => utc_offset_seconds.unwrap_or(0),
    };
    Ok(TimingZone {
        zone,
        utc_offset_seconds,
    })
}
