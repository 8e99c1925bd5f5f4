//! A sheet as CSV.

use super::Sheet;

/// The sheet as CSV: the facts as `# key: value` comment lines would confuse
/// spreadsheets, so a CSV holds the header row, the rows and the totals row only; amounts
/// stay plain decimals for re-use.
pub fn csv(sheet: &Sheet) -> Vec<u8> {
    let mut out = String::new();
    let mut line = |cells: &mut dyn Iterator<Item = &str>| crate::csv::row(&mut out, cells);
    line(&mut sheet.columns.iter().map(|c| c.heading.as_str()));
    for row in &sheet.rows {
        line(&mut row.iter().map(String::as_str));
    }
    if let Some(totals) = &sheet.totals {
        line(&mut totals.iter().map(String::as_str));
    }
    out.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::super::tests::sheet;
    use super::*;

    #[test]
    fn a_csv_quotes_what_it_must_and_keeps_amounts_plain() {
        let text = String::from_utf8(csv(&sheet())).expect("CSV is UTF-8");
        assert_eq!(
            text,
            "Account,Debit\r\n\"Cash, at bank\",1234567.50\r\n\"Say \"\"hi\"\"\",0.00\r\nTotal,1234567.50\r\n"
        );
    }
}
