//! Times on the wire: RFC 3339 in UTC to the second (`2026-11-22T09:30:00Z`); dates
//! strictly `YYYY-MM-DD` in the years the books accept (`domain::calendar`).

use chrono::NaiveDate;

use crate::ApiError;

/// A required date field: strict `YYYY-MM-DD`, else a 400 naming `field`.
pub fn date(field: &str, raw: &str) -> Result<NaiveDate, ApiError> {
    domain::calendar::parse_date(raw).map_err(|err| ApiError::field(field, err.to_string()))
}

/// An optional date field: absent or blank is `None`; anything else as [`date`].
pub fn optional_date(field: &str, raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    match raw.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => date(field, text).map(Some),
    }
}

/// Microseconds since the epoch (how the log and the tables store time) as RFC 3339.
pub fn iso_datetime(us: i64) -> String {
    chrono::DateTime::from_timestamp_micros(us)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// Microseconds since the epoch as a reader in `zone` says it, for what is printed on a
/// file (a PDF's or workbook's "Generated"): `27 Nov 2026 14:05 (Africa/Lagos)`.
pub fn local_moment(us: i64, zone: chrono_tz::Tz) -> String {
    let moment = chrono::DateTime::from_timestamp_micros(us)
        .unwrap_or_default()
        .with_timezone(&zone);
    format!("{} ({})", moment.format("%-d %b %Y %H:%M"), zone.name())
}

/// The time commands decide by. The product runs on the system clock; a test moves a
/// running server's clock forward to see what time does (an invitation expiring after its
/// seven days) through the real API, which no other seam allows.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    ahead_us: std::sync::Arc<std::sync::atomic::AtomicI64>,
}

impl Clock {
    /// Microseconds since the epoch, as the log and the tables store time.
    pub fn now_us(&self) -> i64 {
        chrono::Utc::now().timestamp_micros()
            + self.ahead_us.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Moves this clock (and every server sharing it) `by` into the future.
    pub fn advance(&self, by: std::time::Duration) {
        let us = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        self.ahead_us
            .fetch_add(us, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The IANA zone a workspace's times are read in: the one an Admin set, else its
/// organization's country's (`domain::time_zone`). An unknown workspace reads as the
/// default; the caller has checked access already.
pub async fn workspace_time_zone(
    db: &store::Db,
    workspace_id: &str,
) -> Result<chrono_tz::Tz, sqlx::Error> {
    let row: Option<(Option<String>, Option<String>)> = sqlx::query_as(
        "SELECT w.time_zone, o.location FROM read_workspaces w \
         LEFT JOIN read_organizations o ON o.id = w.organization_id WHERE w.id = $1",
    )
    .bind(workspace_id)
    .fetch_optional(&db.pool)
    .await?;
    let (chosen, location) = row.unwrap_or_default();
    Ok(domain::time_zone::effective_time_zone(
        chosen.as_deref(),
        location.as_deref(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_moment_is_printed_on_the_workspace_clock_with_its_zone_named() {
        // 13:05 UTC is 14:05 in Lagos (UTC+1, no daylight saving).
        let us = 1_795_784_700_000_000; // 2026-11-27T13:05:00Z
        assert_eq!(
            local_moment(us, chrono_tz::Africa::Lagos),
            "27 Nov 2026 14:05 (Africa/Lagos)"
        );
        assert_eq!(
            local_moment(us, chrono_tz::America::New_York),
            "27 Nov 2026 08:05 (America/New_York)"
        );
    }
}
