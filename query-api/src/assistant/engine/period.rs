//! Periods and dates the way accountants write them: "this month", "last quarter",
//! "YTD", "Q3 2025", "March", "March 2026", "2025", "as of 31 Dec 2025", "2025-12-31",
//! "from 1 Jan 2026 to 31 Mar 2026", and a comparison ("this quarter vs last").
//!
//! Pure: the caller gives today's date and the month the fiscal year starts in.

use std::sync::LazyLock;

use chrono::{Datelike, Months, NaiveDate};
use regex::Regex;

/// What kind of period a phrase named, so "vs last" knows what "last" is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodKind {
    Month,
    Quarter,
    Year,
    /// From the fiscal year's start to a day.
    YearToDate,
    /// Two dates given.
    Custom,
}

/// A span of days, both ends included.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub kind: PeriodKind,
}

impl Period {
    fn month(year: i32, month: u32) -> Option<Period> {
        let from = NaiveDate::from_ymd_opt(year, month, 1)?;
        let to = from.checked_add_months(Months::new(1))?.pred_opt()?;
        Some(Period {
            from,
            to,
            kind: PeriodKind::Month,
        })
    }

    fn quarter(year: i32, quarter: u32) -> Option<Period> {
        let from = NaiveDate::from_ymd_opt(year, (quarter - 1) * 3 + 1, 1)?;
        let to = from.checked_add_months(Months::new(3))?.pred_opt()?;
        Some(Period {
            from,
            to,
            kind: PeriodKind::Quarter,
        })
    }

    fn year(year: i32) -> Option<Period> {
        Some(Period {
            from: NaiveDate::from_ymd_opt(year, 1, 1)?,
            to: NaiveDate::from_ymd_opt(year, 12, 31)?,
            kind: PeriodKind::Year,
        })
    }

    /// The period of the same kind just before this one (a year-to-date compares with
    /// the same days a year earlier; two dates with as many days just before them).
    pub fn previous(&self) -> Option<Period> {
        match self.kind {
            PeriodKind::Month => Period::month(
                self.from.checked_sub_months(Months::new(1))?.year(),
                self.from.checked_sub_months(Months::new(1))?.month(),
            ),
            PeriodKind::Quarter => {
                let start = self.from.checked_sub_months(Months::new(3))?;
                Period::quarter(start.year(), (start.month() - 1) / 3 + 1)
            }
            PeriodKind::Year => Period::year(self.from.year() - 1),
            PeriodKind::YearToDate => Some(Period {
                from: self.from.checked_sub_months(Months::new(12))?,
                to: self.to.checked_sub_months(Months::new(12))?,
                kind: PeriodKind::YearToDate,
            }),
            PeriodKind::Custom => {
                let days = (self.to - self.from).num_days() + 1;
                let to = self.from.pred_opt()?;
                Some(Period {
                    from: to - chrono::Duration::days(days - 1),
                    to,
                    kind: PeriodKind::Custom,
                })
            }
        }
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A month's number from its English name or abbreviation ("sept" too).
fn month_number(word: &str) -> Option<u32> {
    let word = word.trim_end_matches('.');
    if word.len() < 3 {
        return None;
    }
    let full = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    MONTHS
        .iter()
        .zip(full)
        .position(|(short, long)| word == *short || (long.starts_with(word) && word.len() >= 3))
        .map(|i| i as u32 + 1)
}

static MONTH_WORD: &str = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?";

/// `2025-12-31`.
static ISO_DATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b").expect("pattern"));
/// `31/12/2025` (day first, as Nigeria and Britain write it).
static SLASH_DATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b").expect("pattern"));
/// `31 Dec 2025`, `31st December`, `1 December`.
static DAY_MONTH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH_WORD}(?:,?\s+(\d{{4}}))?\b"
    ))
    .expect("pattern")
});
/// `Dec 31, 2025`, `December 31`.
static MONTH_DAY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\b{MONTH_WORD}\s+(\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+(\d{{4}}))?\b"
    ))
    .expect("pattern")
});
/// `March`, `March 2026`, `Mar-26` is not accepted: too easily a code.
static MONTH_YEAR: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"\b{MONTH_WORD}(?:\s+(\d{{4}}))?\b")).expect("pattern"));
/// `Q3 2025`, `Q3`, `2025 Q3`, `third quarter`.
static QUARTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(?:(\d{4})\s+)?q([1-4])(?:\s*(?:of\s+)?(?:fy\s*)?(\d{4}))?\b").expect("pattern")
});
/// A year alone: `2025`, `FY2025`, `FY 2025` — not part of a larger number or amount.
static YEAR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^\d,.])(?:fy\s*)?((?:19|20)\d{2})(?:$|[^\d,.])").expect("pattern")
});
/// Words naming a relative period.
static RELATIVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(this|current|last|previous|prior)\s+(month|quarter|year|fiscal year|financial year)\b|\b(ytd|year[- ]to[- ]date|so far this year|mtd|month[- ]to[- ]date|qtd|quarter[- ]to[- ]date)\b")
        .expect("pattern")
});
/// "vs", "versus", "compared with/to", "against".
static COMPARE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\b(vs\.?|versus|compared (?:with|to)|against|over)\b").expect("pattern")
});

/// Dates written in `text`, in the order they appear, each with its byte span. A date
/// without a year is the latest such day not after `today`.
pub fn dates_in(text: &str, today: NaiveDate) -> Vec<(usize, usize, NaiveDate)> {
    let text = text.to_lowercase();
    let mut found: Vec<(usize, usize, NaiveDate)> = Vec::new();
    let mut push = |start: usize, end: usize, date: Option<NaiveDate>| {
        if let Some(date) = date {
            if !found.iter().any(|(s, e, _)| start < *e && *s < end) {
                found.push((start, end, date));
            }
        }
    };
    for c in ISO_DATE.captures_iter(&text) {
        let m = c.get(0).expect("whole match");
        push(m.start(), m.end(), ymd(num(&c, 1), num(&c, 2), num(&c, 3)));
    }
    for c in SLASH_DATE.captures_iter(&text) {
        let m = c.get(0).expect("whole match");
        push(m.start(), m.end(), ymd(num(&c, 3), num(&c, 2), num(&c, 1)));
    }
    for c in DAY_MONTH.captures_iter(&text) {
        let m = c.get(0).expect("whole match");
        let month = c.get(2).and_then(|w| month_number(w.as_str()));
        let day = num(&c, 1);
        push(m.start(), m.end(), dated(c.get(3), month, day, today));
    }
    for c in MONTH_DAY.captures_iter(&text) {
        let m = c.get(0).expect("whole match");
        let month = c.get(1).and_then(|w| month_number(w.as_str()));
        let day = num(&c, 2);
        push(m.start(), m.end(), dated(c.get(3), month, day, today));
    }
    found.sort_by_key(|(start, _, _)| *start);
    found
}

fn num(c: &regex::Captures<'_>, i: usize) -> Option<i64> {
    c.get(i).and_then(|m| m.as_str().parse().ok())
}

fn ymd(year: Option<i64>, month: Option<i64>, day: Option<i64>) -> Option<NaiveDate> {
    NaiveDate::from_ymd_opt(
        i32::try_from(year?).ok()?,
        u32::try_from(month?).ok()?,
        u32::try_from(day?).ok()?,
    )
}

/// A day and month with an optional year; without one, the latest not after `today`.
fn dated(
    year: Option<regex::Match<'_>>,
    month: Option<u32>,
    day: Option<i64>,
    today: NaiveDate,
) -> Option<NaiveDate> {
    let (month, day) = (month?, u32::try_from(day?).ok()?);
    match year.and_then(|y| y.as_str().parse::<i32>().ok()) {
        Some(year) => NaiveDate::from_ymd_opt(year, month, day),
        None => {
            let this_year = NaiveDate::from_ymd_opt(today.year(), month, day)?;
            if this_year <= today {
                Some(this_year)
            } else {
                NaiveDate::from_ymd_opt(today.year() - 1, month, day)
            }
        }
    }
}

/// The date a balance is asked "as of": a written date ("as of 31 Dec 2025"), the end of
/// a named period ("end of last month", "end of March", "at the end of 2025"), else
/// `None` (the caller answers as of today).
pub fn as_of(text: &str, today: NaiveDate, fiscal_start_month: u32) -> Option<NaiveDate> {
    if let Some((_, _, date)) = dates_in(text, today).first() {
        return Some(*date);
    }
    let lower = text.to_lowercase();
    if lower.contains("today") || lower.contains("now") {
        return Some(today);
    }
    periods_in(text, today, fiscal_start_month)
        .first()
        .map(|p| p.to.min(today))
}

/// The periods named in `text`, in the order they appear (dates given as two days make
/// one custom period). A comparison with one period named ("this quarter vs last",
/// "compared with the prior period") adds the period before it.
pub fn periods_in(text: &str, today: NaiveDate, fiscal_start_month: u32) -> Vec<Period> {
    let lower = text.to_lowercase();
    let mut found: Vec<(usize, usize, Period)> = Vec::new();
    let taken = |found: &[(usize, usize, Period)], s: usize, e: usize| {
        found.iter().any(|(fs, fe, _)| s < *fe && *fs < e)
    };
    let dates = dates_in(&lower, today);
    // Two written dates make a range ("from 1 Jan 2026 to 31 Mar 2026").
    if dates.len() >= 2 {
        let (s, _, from) = dates[0];
        let (_, e, to) = dates[1];
        if from <= to {
            found.push((
                s,
                e,
                Period {
                    from,
                    to,
                    kind: PeriodKind::Custom,
                },
            ));
        }
    }
    let date_spans: Vec<(usize, usize)> = dates.iter().map(|(s, e, _)| (*s, *e)).collect();
    let in_date = |s: usize, e: usize| date_spans.iter().any(|(ds, de)| s < *de && *ds < e);
    let fiscal_start = |date: NaiveDate| -> NaiveDate {
        let year = if date.month() >= fiscal_start_month {
            date.year()
        } else {
            date.year() - 1
        };
        NaiveDate::from_ymd_opt(year, fiscal_start_month, 1).unwrap_or(date)
    };
    for c in RELATIVE.captures_iter(&lower) {
        let m = c.get(0).expect("whole match");
        let period = if let Some(word) = c.get(3) {
            let word = word.as_str();
            if word.starts_with("m") {
                Period::month(today.year(), today.month()).map(|p| Period { to: today, ..p })
            } else if word.starts_with("q") {
                Period::quarter(today.year(), (today.month() - 1) / 3 + 1)
                    .map(|p| Period { to: today, ..p })
            } else {
                Some(Period {
                    from: fiscal_start(today),
                    to: today,
                    kind: PeriodKind::YearToDate,
                })
            }
        } else {
            let last = matches!(
                c.get(1).map(|w| w.as_str()),
                Some("last" | "previous" | "prior")
            );
            let unit = c.get(2).map_or("", |w| w.as_str());
            let this = match unit {
                "month" => Period::month(today.year(), today.month()),
                "quarter" => Period::quarter(today.year(), (today.month() - 1) / 3 + 1),
                _ => {
                    let from = fiscal_start(today);
                    from.checked_add_months(Months::new(12))
                        .and_then(|end| end.pred_opt())
                        .map(|to| Period {
                            from,
                            to,
                            kind: PeriodKind::Year,
                        })
                }
            };
            if last {
                this.and_then(|p| p.previous())
            } else {
                this
            }
        };
        if let Some(p) = period {
            if !taken(&found, m.start(), m.end()) {
                found.push((m.start(), m.end(), p));
            }
        }
    }
    for c in QUARTER.captures_iter(&lower) {
        let m = c.get(0).expect("whole match");
        let quarter = num(&c, 2).and_then(|q| u32::try_from(q).ok());
        let year = num(&c, 1)
            .or_else(|| num(&c, 3))
            .and_then(|y| i32::try_from(y).ok());
        let Some(quarter) = quarter else { continue };
        let period = match year {
            Some(year) => Period::quarter(year, quarter),
            // Without a year: the latest such quarter that has begun.
            None => Period::quarter(today.year(), quarter)
                .filter(|p| p.from <= today)
                .or_else(|| Period::quarter(today.year() - 1, quarter)),
        };
        if let Some(p) = period {
            if !taken(&found, m.start(), m.end()) {
                found.push((m.start(), m.end(), p));
            }
        }
    }
    for c in MONTH_YEAR.captures_iter(&lower) {
        let m = c.get(0).expect("whole match");
        if in_date(m.start(), m.end()) || taken(&found, m.start(), m.end()) {
            continue;
        }
        let word = c.get(1).map_or("", |w| w.as_str());
        // "may" is also a verb: only a month with a year, or after "in"/"for"/"of".
        if word == "may" && c.get(2).is_none() {
            let before = lower[..m.start()].trim_end();
            if !(before.ends_with(" in") || before.ends_with(" for") || before.ends_with(" of")) {
                continue;
            }
        }
        let Some(month) = month_number(word) else {
            continue;
        };
        let period = match num(&c, 2).and_then(|y| i32::try_from(y).ok()) {
            Some(year) => Period::month(year, month),
            None => Period::month(today.year(), month)
                .filter(|p| p.from <= today)
                .or_else(|| Period::month(today.year() - 1, month)),
        };
        if let Some(p) = period {
            found.push((m.start(), m.end(), p));
        }
    }
    for c in YEAR.captures_iter(&lower) {
        let m = c.get(1).expect("the year");
        if in_date(m.start(), m.end()) || taken(&found, m.start(), m.end()) {
            continue;
        }
        if let Some(p) = m.as_str().parse().ok().and_then(Period::year) {
            found.push((m.start(), m.end(), p));
        }
    }
    found.sort_by_key(|(start, _, _)| *start);
    let mut periods: Vec<Period> = found.into_iter().map(|(_, _, p)| p).collect();
    if periods.len() == 1 && COMPARE.is_match(&lower) {
        if let Some(previous) = periods[0].previous() {
            periods.push(previous);
        }
    }
    periods
}

/// Whether the question compares periods.
pub fn compares(text: &str) -> bool {
    COMPARE.is_match(&text.to_lowercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("date")
    }

    const TODAY: (i32, u32, u32) = (2026, 6, 17);

    fn today() -> NaiveDate {
        d(TODAY.0, TODAY.1, TODAY.2)
    }

    fn spans(text: &str) -> Vec<(NaiveDate, NaiveDate)> {
        periods_in(text, today(), 1)
            .into_iter()
            .map(|p| (p.from, p.to))
            .collect()
    }

    #[test]
    fn this_and_last_month_quarter_and_year_are_calendar_spans() {
        assert_eq!(
            spans("revenue this month"),
            [(d(2026, 6, 1), d(2026, 6, 30))]
        );
        assert_eq!(
            spans("revenue last month"),
            [(d(2026, 5, 1), d(2026, 5, 31))]
        );
        assert_eq!(spans("this quarter"), [(d(2026, 4, 1), d(2026, 6, 30))]);
        assert_eq!(spans("previous quarter"), [(d(2026, 1, 1), d(2026, 3, 31))]);
        assert_eq!(spans("last year"), [(d(2025, 1, 1), d(2025, 12, 31))]);
    }

    #[test]
    fn this_quarter_vs_last_compares_with_the_quarter_before() {
        assert_eq!(
            spans("profit this quarter vs last"),
            [
                (d(2026, 4, 1), d(2026, 6, 30)),
                (d(2026, 1, 1), d(2026, 3, 31))
            ]
        );
    }

    #[test]
    fn ytd_runs_from_the_fiscal_year_start_to_today() {
        assert_eq!(spans("expenses YTD"), [(d(2026, 1, 1), today())]);
        let july = periods_in("year to date", today(), 7);
        assert_eq!((july[0].from, july[0].to), (d(2025, 7, 1), today()));
    }

    #[test]
    fn a_quarter_a_month_and_a_year_are_read_with_or_without_a_year() {
        assert_eq!(
            spans("revenue in Q3 2025"),
            [(d(2025, 7, 1), d(2025, 9, 30))]
        );
        // Q3 has not begun in June 2026: the latest Q3 is 2025's.
        assert_eq!(spans("revenue in q3"), [(d(2025, 7, 1), d(2025, 9, 30))]);
        assert_eq!(
            spans("expenses in March"),
            [(d(2026, 3, 1), d(2026, 3, 31))]
        );
        assert_eq!(
            spans("expenses in December"),
            [(d(2025, 12, 1), d(2025, 12, 31))]
        );
        assert_eq!(
            spans("sales for Sept 2025"),
            [(d(2025, 9, 1), d(2025, 9, 30))]
        );
        assert_eq!(spans("profit for 2025"), [(d(2025, 1, 1), d(2025, 12, 31))]);
        assert_eq!(
            spans("March vs February"),
            [
                (d(2026, 3, 1), d(2026, 3, 31)),
                (d(2026, 2, 1), d(2026, 2, 28))
            ]
        );
    }

    #[test]
    fn may_the_verb_is_not_a_month() {
        assert!(spans("may I see the cash balance").is_empty());
        assert_eq!(spans("revenue in may"), [(d(2026, 5, 1), d(2026, 5, 31))]);
    }

    #[test]
    fn an_amount_is_not_a_year() {
        assert!(spans("paid rent 200,000 from the bank").is_empty());
        assert!(spans("entries above 2025.50").is_empty());
    }

    #[test]
    fn dates_are_read_in_the_ways_accountants_write_them() {
        for text in [
            "as of 31 Dec 2025",
            "at 31st December 2025",
            "on Dec 31, 2025",
            "as at 2025-12-31",
            "as at 31/12/2025",
        ] {
            assert_eq!(as_of(text, today(), 1), Some(d(2025, 12, 31)), "{text}");
        }
        assert_eq!(
            as_of("paid rent on 1 December", today(), 1),
            Some(d(2025, 12, 1))
        );
    }

    #[test]
    fn the_end_of_a_named_period_is_its_last_day_but_never_after_today() {
        assert_eq!(
            as_of("cash at the end of last month", today(), 1),
            Some(d(2026, 5, 31))
        );
        assert_eq!(
            as_of("cash at the end of 2025", today(), 1),
            Some(d(2025, 12, 31))
        );
        assert_eq!(as_of("cash this month", today(), 1), Some(today()));
        assert_eq!(as_of("cash balance", today(), 1), None);
    }

    #[test]
    fn two_dates_make_a_range() {
        assert_eq!(
            spans("expenses from 1 Jan 2026 to 31 Mar 2026"),
            [(d(2026, 1, 1), d(2026, 3, 31))]
        );
    }
}
