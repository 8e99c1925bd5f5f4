//! A sheet as a PDF: the entity, the facts and where in the log the books were read,
//! then the table (headings and subtotals in bold) with the totals last.

use super::{Entity, Sheet, Stamp};
use crate::pdf::{dates_in_text, grouped, table_date, Column, Document, PdfError};

/// The sheet as a PDF.
pub fn pdf(sheet: &Sheet, entity: &Entity, stamp: &Stamp) -> Result<Vec<u8>, PdfError> {
    let mut document = Document::new(&format!("{} — {}", sheet.title, entity.workspace));
    document.heading(&sheet.title, 1);
    let mut facts: Vec<(&str, String)> = vec![
        ("Organization", entity.organization.clone()),
        ("Workspace", entity.workspace.clone()),
    ];
    facts.extend(
        sheet
            .facts
            .iter()
            .map(|(k, v)| (k.as_str(), dates_in_text(&grouped(v)))),
    );
    facts.push(("Amounts in", entity.currency.clone()));
    facts.push(("Generated", stamp.generated.clone()));
    facts.push(("Books as of log position", stamp.data_position.to_string()));
    facts.push((
        "Hash-chain head",
        format!("{} events, {}", stamp.chain_events, stamp.chain_head),
    ));
    document.fields(&facts);
    document.gap(8.0);
    let columns: Vec<Column> = sheet
        .columns
        .iter()
        .map(|c| {
            if c.amount {
                Column::number(&c.heading, c.share)
            } else {
                Column::text(&c.heading, c.share)
            }
        })
        .collect();
    let format_row = |row: &Vec<String>| -> Vec<String> {
        row.iter()
            .zip(&sheet.columns)
            .map(|(cell, column)| {
                if column.amount {
                    grouped(cell)
                } else {
                    table_date(cell)
                }
            })
            .collect()
    };
    let mut rows: Vec<Vec<String>> = sheet.rows.iter().map(format_row).collect();
    let mut strong = sheet.strong.clone();
    if let Some(totals) = &sheet.totals {
        strong.push(rows.len());
        rows.push(format_row(totals));
    }
    document.table_marked(&columns, &rows, &strong);
    document.finish()
}

#[cfg(test)]
mod tests {
    use super::super::tests::{entity, sheet, stamp};
    use super::*;

    #[test]
    fn a_pdf_prints_the_entity_the_facts_the_log_position_and_grouped_amounts() {
        let bytes = pdf(&sheet(), &entity(), &stamp()).expect("a PDF");
        assert!(bytes.starts_with(b"%PDF-"));
        let text = crate::pdf::extracted_text(&bytes);
        for expected in [
            "Lagos Head Office",
            "Acme Ltd",
            "1,234,567.50",
            "NGN",
            "30 Jun 2026",
            "Books as of log position",
            "17 events",
            "page 1 of 1",
        ] {
            assert!(text.contains(expected), "{expected} missing from the PDF");
        }
        assert!(text.replace([' ', '\n'], "").contains(&"ab".repeat(32)));
    }
}
