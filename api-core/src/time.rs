//! Times on the wire: RFC 3339 in UTC to the second (`2026-11-22T09:30:00Z`).

/// Microseconds since the epoch (how the log and the tables store time) as RFC 3339.
pub fn iso_datetime(us: i64) -> String {
    chrono::DateTime::from_timestamp_micros(us)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
