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
}
