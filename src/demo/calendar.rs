//! Business days of the demo company: Monday to Friday, less Nigeria's fixed-date public
//! holidays, so no routine entry is dated when the office is shut.

use chrono::{Datelike, Days, NaiveDate, Weekday};

/// New Year, Workers' Day, Democracy Day, Independence Day, Christmas and Boxing Day
/// (month, day). The moving feasts (Easter, the Eids) are left out: their dates are
/// announced each year.
const FIXED_HOLIDAYS: [(u32, u32); 6] = [(1, 1), (5, 1), (6, 12), (10, 1), (12, 25), (12, 26)];

pub fn is_business_day(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
        && !FIXED_HOLIDAYS.contains(&(date.month(), date.day()))
}

/// `date` or the nearest business day before it.
pub fn on_or_before(mut date: NaiveDate) -> NaiveDate {
    while !is_business_day(date) {
        match date.checked_sub_days(Days::new(1)) {
            Some(earlier) => date = earlier,
            None => break,
        }
    }
    date
}

/// `date` or the next business day of the same month; the last business day before it
/// when the month has none left.
pub fn on_or_after_in_month(date: NaiveDate) -> NaiveDate {
    let mut day = date;
    while !is_business_day(day) {
        match day.checked_add_days(Days::new(1)) {
            Some(next) if next.month() == date.month() => day = next,
            _ => return on_or_before(date),
        }
    }
    day
}

/// The first Sunday of `month` on or after its `day`.
pub fn sunday_from(month: NaiveDate, day: u32) -> NaiveDate {
    let mut date = month.with_day(day).unwrap_or(month);
    while date.weekday() != Weekday::Sun {
        date = date.succ_opt().unwrap_or(date);
    }
    date
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn weekends_and_fixed_holidays_move_to_a_business_day() {
        // Sunday 28 December 2025: Saturday, then Boxing Day and Christmas are skipped.
        assert_eq!(on_or_before(day(2025, 12, 28)), day(2025, 12, 24));
        // Saturday 31 January 2026 has no business day after it in January.
        assert_eq!(on_or_after_in_month(day(2026, 1, 31)), day(2026, 1, 30));
        assert_eq!(on_or_after_in_month(day(2026, 6, 13)), day(2026, 6, 15));
        assert_eq!(sunday_from(day(2026, 3, 1), 14), day(2026, 3, 15));
    }
}
