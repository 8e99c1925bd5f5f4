//! A sheet as an Excel workbook: one worksheet named after the report, its facts on top,
//! then the table under a frozen header row. Amounts are numbers in the money format;
//! totals and subtotals are formulas over the rows they add up (with the figure as the
//! cached result, so a viewer that does not recalculate still shows it), so an accountant
//! who edits a line sees the totals follow.

use rust_xlsxwriter::utility::row_col_to_cell;
use rust_xlsxwriter::{Format, Formula, Workbook, Worksheet, XlsxError};

use super::{At, Entity, Sheet, Stamp, Sum};

/// Thousands separated, two decimals, negatives with a minus sign.
// Negatives in brackets, as on the screens and in the PDFs.
const MONEY_FORMAT: &str = "#,##0.00;(#,##0.00)";
/// Column widths in characters.
const TEXT_WIDTH_PER_SHARE: f64 = 120.0;
const AMOUNT_WIDTH: f64 = 16.0;
/// A worksheet name holds at most this many characters (Excel's limit).
const SHEET_NAME_MAX: usize = 31;

/// The sheet as an XLSX workbook.
pub fn xlsx(sheet: &Sheet, entity: &Entity, stamp: &Stamp) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let worksheet = workbook.add_worksheet();
    let name: String = sheet
        .title
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(SHEET_NAME_MAX)
        .collect();
    worksheet.set_name(name)?;
    write(worksheet, sheet, entity, stamp)?;
    workbook.save_to_buffer()
}

/// The worksheet row (0-based) of the header row, from the facts above it.
fn header_row(sheet: &Sheet) -> u32 {
    // Title, organization, workspace, the sheet's facts, currency, generated, position,
    // chain head, then a blank row.
    u32::try_from(sheet.facts.len()).unwrap_or(u32::MAX - 16) + 8
}

fn write(
    worksheet: &mut Worksheet,
    sheet: &Sheet,
    entity: &Entity,
    stamp: &Stamp,
) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format(MONEY_FORMAT);
    let money_bold = Format::new().set_num_format(MONEY_FORMAT).set_bold();

    worksheet.write_string_with_format(0, 0, &sheet.title, &bold)?;
    let mut facts: Vec<(&str, String)> = vec![
        ("Organization", entity.organization.clone()),
        ("Workspace", entity.workspace.clone()),
    ];
    facts.extend(sheet.facts.iter().map(|(k, v)| (k.as_str(), v.clone())));
    facts.push(("Amounts in", entity.currency.clone()));
    facts.push(("Generated", stamp.generated.clone()));
    facts.push(("Books as of log position", stamp.data_position.to_string()));
    facts.push((
        "Hash-chain head",
        format!("{} events, {}", stamp.chain_events, stamp.chain_head),
    ));
    for (i, (label, value)) in facts.iter().enumerate() {
        let row = u32::try_from(i + 1).unwrap_or(u32::MAX);
        worksheet.write_string_with_format(row, 0, *label, &bold)?;
        worksheet.write_string(row, 1, value)?;
    }

    let header = header_row(sheet);
    for (c, column) in sheet.columns.iter().enumerate() {
        let col = u16::try_from(c).unwrap_or(u16::MAX);
        worksheet.write_string_with_format(header, col, &column.heading, &bold)?;
        let width = if column.amount {
            AMOUNT_WIDTH
        } else {
            (f64::from(column.share) * TEXT_WIDTH_PER_SHARE).clamp(8.0, 60.0)
        };
        worksheet.set_column_width(col, width)?;
    }
    worksheet.set_freeze_panes(header + 1, 0)?;

    let first = header + 1;
    let row_of = |at: At| -> u32 {
        let index = match at {
            At::Row(i) => i,
            At::Totals => sheet.rows.len(),
        };
        first + u32::try_from(index).unwrap_or(u32::MAX - first)
    };
    let lines = sheet
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| (At::Row(i), row))
        .chain(sheet.totals.iter().map(|row| (At::Totals, row)));
    for (at, cells) in lines {
        let row = row_of(at);
        let strong = at == At::Totals || matches!(at, At::Row(i) if sheet.strong.contains(&i));
        let sum = sheet.sums.iter().find(|s| s.at == at);
        for (c, (cell, column)) in cells.iter().zip(&sheet.columns).enumerate() {
            let col = u16::try_from(c).unwrap_or(u16::MAX);
            if cell.is_empty() {
                continue;
            }
            if !column.amount {
                if strong {
                    worksheet.write_string_with_format(row, col, cell, &bold)?;
                } else {
                    worksheet.write_string(row, col, cell)?;
                }
                continue;
            }
            let format = if strong { &money_bold } else { &money };
            match sum.filter(|s| s.columns.contains(&c) && !s.terms.is_empty()) {
                Some(sum) => {
                    let formula = Formula::new(expression(sum, col, &row_of)).set_result(cell);
                    worksheet.write_formula_with_format(row, col, formula, format)?;
                }
                None => match cell.parse::<f64>() {
                    Ok(number) => {
                        worksheet.write_number_with_format(row, col, number, format)?;
                    }
                    Err(_) => {
                        worksheet.write_string(row, col, cell)?;
                    }
                },
            }
        }
    }
    Ok(())
}

/// The formula of `sum` in column `col`: `=SUM(C12:C15,C20)` when every term adds (runs of
/// consecutive rows as ranges), `=C12-C20+C24` otherwise.
fn expression(sum: &Sum, col: u16, row_of: &dyn Fn(At) -> u32) -> String {
    let cell = |index: usize| row_col_to_cell(row_of(At::Row(index)), col);
    if sum.terms.iter().all(|(adds, _)| *adds) {
        let mut rows: Vec<usize> = sum.terms.iter().map(|(_, r)| *r).collect();
        rows.sort_unstable();
        rows.dedup();
        let mut parts = Vec::new();
        let mut i = 0;
        while i < rows.len() {
            let start = rows[i];
            let mut end = start;
            while i + 1 < rows.len() && rows[i + 1] == end + 1 {
                i += 1;
                end = rows[i];
            }
            parts.push(if start == end {
                cell(start)
            } else {
                format!("{}:{}", cell(start), cell(end))
            });
            i += 1;
        }
        return format!("=SUM({})", parts.join(","));
    }
    let mut out = String::from("=");
    for (n, (adds, r)) in sum.terms.iter().enumerate() {
        if !adds {
            out.push('-');
        } else if n > 0 {
            out.push('+');
        }
        out.push_str(&cell(*r));
    }
    out
}

#[cfg(test)]
mod tests {
    use calamine::{Data, Reader, Xlsx};

    use super::super::tests::{entity, sheet, stamp};
    use super::*;

    #[test]
    fn amounts_are_numbers_and_the_total_is_a_sum_formula_below_the_header() {
        let bytes = xlsx(&sheet(), &entity(), &stamp()).expect("a workbook");

        let mut book = Xlsx::new(std::io::Cursor::new(bytes)).expect("opens");
        assert_eq!(book.sheet_names(), vec!["Trial balance".to_owned()]);
        let range = book.worksheet_range("Trial balance").expect("the sheet");
        let header = header_row(&sheet());
        assert_eq!(
            range.get_value((header, 0)),
            Some(&Data::String("Account".into()))
        );
        assert_eq!(
            range.get_value((header + 1, 1)),
            Some(&Data::Float(1_234_567.5))
        );
        let formulas = book.worksheet_formula("Trial balance").expect("formulas");
        let total_row = header + 3;
        let formula = formulas
            .get_value((total_row, 1))
            .map(ToString::to_string)
            .unwrap_or_default();
        assert_eq!(formula, format!("SUM(B{}:B{})", header + 2, header + 3));
        assert_eq!(
            range.get_value((total_row, 1)),
            Some(&Data::Float(1_234_567.5))
        );
    }

    #[test]
    fn a_signed_sum_is_written_as_additions_and_subtractions() {
        let sum = Sum {
            at: At::Totals,
            columns: vec![2],
            terms: vec![(true, 0), (false, 3), (true, 5)],
        };
        let row_of = |at: At| match at {
            At::Row(i) => 10 + u32::try_from(i).unwrap_or(0),
            At::Totals => 99,
        };
        assert_eq!(expression(&sum, 2, &row_of), "=C11-C14+C16");
    }
}
