//! Dates as the books accept them: exactly `YYYY-MM-DD`, in a range of years a business
//! can have books for. One parser for every date a request carries (entry dates, lock
//! dates, reversal dates, audit periods, report ranges), so no date the read models
//! cannot index ever reaches the log.

use chrono::{Datelike, NaiveDate};

/// The earliest year a date of the books may carry: nothing older is a business record
/// kept in this product, and far-past dates are a typo or an attack.
pub const YEAR_MIN: i32 = 1900;
/// The latest year a date of the books may carry.
pub const YEAR_MAX: i32 = 2199;

/// Why a date was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("Enter a date as YYYY-MM-DD.")]
    Format,
    #[error("The year must be between {YEAR_MIN} and {YEAR_MAX}.")]
    OutOfRange,
}

/// A date written exactly `YYYY-MM-DD` (four-digit year, two-digit month and day; no
/// sign, no spaces inside, no time), a real calendar day, within [`YEAR_MIN`]..=[`YEAR_MAX`].
/// Surrounding whitespace is forgiven.
pub fn parse_date(raw: &str) -> Result<NaiveDate, DateError> {
    let text = raw.trim();
    let bytes = text.as_bytes();
    let shape_ok = bytes.len() == 10
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes
            .iter()
            .enumerate()
            .all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit());
    if !shape_ok {
        return Err(DateError::Format);
    }
    let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| DateError::Format)?;
    in_range(date)?;
    Ok(date)
}

/// Whether `date` lies in the years the books accept (for dates that did not come from
/// text, e.g. computed ones).
pub fn in_range(date: NaiveDate) -> Result<NaiveDate, DateError> {
    if (YEAR_MIN..=YEAR_MAX).contains(&date.year()) {
        Ok(date)
    } else {
        Err(DateError::OutOfRange)
    }
}

/// A period written `YYYY-MM` (a month of the books, e.g. a pay run's), as its first day.
pub fn parse_month(raw: &str) -> Result<NaiveDate, DateError> {
    let text = raw.trim();
    if text.len() != 7 {
        return Err(DateError::Format);
    }
    parse_date(&format!("{text}-01"))
}

/// A month of the books (`YYYY-MM`): a pay run's period, a month of a depreciation
/// schedule. Ordered by time; written and read as `YYYY-MM`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    // Year before month, so the derived order is the calendar's.
    year: i32,
    month: u32,
}

impl Month {
    /// The month `YYYY-MM` written as text (see [`parse_month`]).
    pub fn parse(raw: &str) -> Result<Self, DateError> {
        parse_month(raw).map(Self::of)
    }

    /// The month a date falls in.
    pub fn of(date: NaiveDate) -> Self {
        Self {
            year: date.year(),
            month: date.month(),
        }
    }

    pub fn year(self) -> i32 {
        self.year
    }

    /// 1 (January) to 12 (December).
    pub fn number(self) -> u32 {
        self.month
    }

    /// The first day of the month.
    pub fn first_day(self) -> NaiveDate {
        NaiveDate::from_ymd_opt(self.year, self.month, 1).unwrap_or(NaiveDate::MIN)
    }

    /// The last day of the month.
    pub fn last_day(self) -> NaiveDate {
        self.next().first_day().pred_opt().unwrap_or(NaiveDate::MAX)
    }

    /// How many calendar days the month has (28 to 31).
    pub fn days(self) -> u32 {
        self.last_day().day()
    }

    /// The month after this one.
    pub fn next(self) -> Self {
        if self.month == 12 {
            Self {
                year: self.year + 1,
                month: 1,
            }
        } else {
            Self {
                year: self.year,
                month: self.month + 1,
            }
        }
    }

    /// Months from `self` to `later` (0 for the same month; negative when `later` is
    /// earlier).
    pub fn months_until(self, later: Self) -> i64 {
        (i64::from(later.year) - i64::from(self.year)) * 12 + i64::from(later.month)
            - i64::from(self.month)
    }
}

impl std::fmt::Display for Month {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl serde::Serialize for Month {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Month {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(deserializer)?;
        Self::parse(&raw).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn a_date_is_exactly_four_two_and_two_digits() {
        assert_eq!(parse_date("2026-01-31"), Ok(ymd(2026, 1, 31)));
        assert_eq!(parse_date(" 2026-01-31 "), Ok(ymd(2026, 1, 31)));
        for bad in [
            "2026-1-1",
            "2026-01-1",
            "26-01-01",
            "+2026-01-01",
            "02026-01-01",
            "2026/01/01",
            "2026-01-01T00:00:00",
            "",
            "2026-13-01",
            "2026-02-30",
            "٢٠٢٦-٠١-٠١",
        ] {
            assert_eq!(parse_date(bad), Err(DateError::Format), "{bad:?}");
        }
    }

    #[test]
    fn a_negative_or_far_year_is_refused() {
        assert_eq!(parse_date("-0001-01-01"), Err(DateError::Format));
        assert_eq!(parse_date("0000-01-01"), Err(DateError::OutOfRange));
        assert_eq!(parse_date("1899-12-31"), Err(DateError::OutOfRange));
        assert_eq!(parse_date("1900-01-01"), Ok(ymd(1900, 1, 1)));
        assert_eq!(parse_date("2199-12-31"), Ok(ymd(2199, 12, 31)));
        assert_eq!(parse_date("2200-01-01"), Err(DateError::OutOfRange));
        assert_eq!(parse_date("9999-12-31"), Err(DateError::OutOfRange));
    }

    #[test]
    fn a_computed_date_outside_the_years_is_out_of_range() {
        assert_eq!(in_range(ymd(2026, 5, 1)), Ok(ymd(2026, 5, 1)));
        assert_eq!(in_range(ymd(-1, 1, 1)), Err(DateError::OutOfRange));
    }

    #[test]
    fn a_month_is_exactly_four_and_two_digits() {
        assert_eq!(parse_month("2026-03"), Ok(ymd(2026, 3, 1)));
        assert_eq!(parse_month("2026-3"), Err(DateError::Format));
        assert_eq!(parse_month("2026-13"), Err(DateError::Format));
        assert_eq!(parse_month("1800-01"), Err(DateError::OutOfRange));
    }

    #[test]
    fn a_month_knows_its_days_and_the_next_month() {
        let february = Month::parse("2028-02").expect("month");
        assert_eq!(february.days(), 29);
        assert_eq!(february.first_day(), ymd(2028, 2, 1));
        assert_eq!(february.last_day(), ymd(2028, 2, 29));
        assert_eq!(
            Month::parse("2026-12").expect("month").next().to_string(),
            "2027-01"
        );
        assert_eq!(Month::of(ymd(2026, 3, 17)).to_string(), "2026-03");
    }

    #[test]
    fn months_are_counted_across_years_and_ordered_by_time() {
        let start = Month::parse("2025-11").expect("month");
        let later = Month::parse("2027-02").expect("month");
        assert_eq!(start.months_until(later), 15);
        assert_eq!(later.months_until(start), -15);
        assert!(start < later);
    }

    #[test]
    fn a_month_is_written_and_read_as_yyyy_mm() {
        let month = Month::parse("2026-03").expect("month");
        assert_eq!(
            serde_json::to_value(month).expect("json"),
            serde_json::json!("2026-03")
        );
        assert_eq!(
            serde_json::from_value::<Month>(serde_json::json!("2026-03")).expect("month"),
            month
        );
        assert!(serde_json::from_value::<Month>(serde_json::json!("2026-3")).is_err());
    }
}
