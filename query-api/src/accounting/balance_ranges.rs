//! Which rows of `read_ledger_totals` add up to the balance at a date.
//!
//! The balance on day D is every whole year before D's year, the months of D's year
//! before D's month and the days of D's month up to D. Read that way, a date late in a
//! month or a year reads many rows: 31 days on the 31st, 11 months in December. Each part
//! can instead be read from its other end — the whole month less the days after D, the
//! whole year less the months from D's month on — and whichever end is nearer is taken, so
//! no date reads more than the years of history + 7 months + 16 days per account (a
//! year-end, the most common date of all, reads one row per year).

use chrono::{Datelike, NaiveDate};
use projections::ledger::{GRAIN_DAY, GRAIN_MONTH, GRAIN_YEAR};

/// A run of one grain's periods, `from..=to` as the read model writes them, added to the
/// balance (`sign` 1) or taken away from it (`sign` −1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PeriodRange {
    pub grain: &'static str,
    pub from: String,
    pub to: String,
    pub sign: i64,
}

impl PeriodRange {
    fn years(from: i32, to: i32, sign: i64) -> Self {
        Self {
            grain: GRAIN_YEAR,
            from: format!("{from:04}"),
            to: format!("{to:04}"),
            sign,
        }
    }

    fn months(year: i32, from: u32, to: u32, sign: i64) -> Self {
        Self {
            grain: GRAIN_MONTH,
            from: format!("{year:04}-{from:02}"),
            to: format!("{year:04}-{to:02}"),
            sign,
        }
    }

    fn days(year: i32, month: u32, from: u32, to: u32, sign: i64) -> Self {
        Self {
            grain: GRAIN_DAY,
            from: format!("{year:04}-{month:02}-{from:02}"),
            to: format!("{year:04}-{month:02}-{to:02}"),
            sign,
        }
    }
}

/// The ranges whose signed sum is the total of every posting dated on or before `as_of`.
pub(crate) fn ranges_through(as_of: NaiveDate) -> Vec<PeriodRange> {
    let (year, month, day) = (as_of.year(), as_of.month(), as_of.day());
    let last = days_in_month(year, month);
    // The months before `month`: counted up from January (month − 1 rows) or down from
    // the whole year (1 + the months from `month` on).
    let months_down = month - 1 > 14 - month;
    // The days up to `day`: counted up from the first (day rows) or down from the whole
    // month (1 + the days after `day`).
    let days_down = day > 1 + last - day;
    let mut ranges = Vec::with_capacity(4);
    let whole_years_to = if months_down { year } else { year - 1 };
    if whole_years_to >= 1 {
        ranges.push(PeriodRange::years(1, whole_years_to, 1));
    }
    if months_down {
        // Counting the days down adds `month`'s own total back: take away only the months
        // after it then.
        let from = if days_down { month + 1 } else { month };
        if from <= 12 {
            ranges.push(PeriodRange::months(year, from, 12, -1));
        }
    } else if month > 1 {
        ranges.push(PeriodRange::months(year, 1, month - 1, 1));
    }
    if days_down {
        if !months_down {
            ranges.push(PeriodRange::months(year, month, month, 1));
        }
        if day < last {
            ranges.push(PeriodRange::days(year, month, day + 1, last, -1));
        }
    } else {
        ranges.push(PeriodRange::days(year, month, 1, day, 1));
    }
    ranges
}

fn days_in_month(year: i32, month: u32) -> u32 {
    let (next_year, next_month) = if month == 12 {
        (year + 1, 1)
    } else {
        (year, month + 1)
    };
    NaiveDate::from_ymd_opt(next_year, next_month, 1)
        .and_then(|first| first.pred_opt())
        .map_or(31, |last| last.day())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    /// A made-up posting amount for every day: distinct enough that a day counted twice
    /// or missed changes the sum.
    fn amount(date: NaiveDate) -> i64 {
        i64::from(date.num_days_from_ce() % 97) + 1
    }

    /// Year, month and day totals of every day from `first` to `last`, as the `ledger`
    /// projector keeps them.
    fn totals(first: NaiveDate, last: NaiveDate) -> BTreeMap<(&'static str, String), i64> {
        let mut totals = BTreeMap::new();
        for date in first.iter_days().take_while(|d| *d <= last) {
            for (grain, period) in [
                (GRAIN_YEAR, date.format("%Y").to_string()),
                (GRAIN_MONTH, date.format("%Y-%m").to_string()),
                (GRAIN_DAY, date.format("%Y-%m-%d").to_string()),
            ] {
                *totals.entry((grain, period)).or_default() += amount(date);
            }
        }
        totals
    }

    fn summed(totals: &BTreeMap<(&'static str, String), i64>, ranges: &[PeriodRange]) -> i64 {
        ranges
            .iter()
            .map(|r| {
                let from = (r.grain, r.from.clone());
                let to = (r.grain, r.to.clone());
                r.sign * totals.range(from..=to).map(|(_, v)| v).sum::<i64>()
            })
            .sum()
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    #[test]
    fn the_ranges_add_up_to_every_posting_on_or_before_each_date_of_four_years() {
        let (first, last) = (date(2023, 1, 1), date(2026, 12, 31));
        let totals = totals(first, last);
        let mut running = 0;
        for as_of in first.iter_days().take_while(|d| *d <= last) {
            running += amount(as_of);
            assert_eq!(
                summed(&totals, &ranges_through(as_of)),
                running,
                "as of {as_of}"
            );
        }
    }

    #[test]
    fn no_date_reads_more_than_seven_months_and_sixteen_days() {
        let rows = |as_of: NaiveDate| {
            ranges_through(as_of)
                .iter()
                .filter(|r| r.grain != GRAIN_YEAR)
                .map(|r| {
                    let width = |s: &str| s.rsplit('-').next().and_then(|n| n.parse::<u32>().ok());
                    width(&r.to).unwrap_or(0) - width(&r.from).unwrap_or(0) + 1
                })
                .sum::<u32>()
        };
        let worst = date(2024, 1, 1)
            .iter_days()
            .take(366)
            .map(rows)
            .max()
            .unwrap_or(0);
        assert!(worst <= 7 + 16, "a date reads {worst} month and day rows");
    }

    #[test]
    fn a_year_end_reads_the_years_alone() {
        assert_eq!(
            ranges_through(date(2025, 12, 31)),
            vec![PeriodRange::years(1, 2025, 1)]
        );
    }
}
