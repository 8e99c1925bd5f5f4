//! Journal entries from a CSV file: the template, the parsing of its rows into entries,
//! and every problem named by the row it is on (`rows[5].debit` is the debit cell of the
//! file's 5th line, the header being line 1), so a preview shows each row's errors
//! before anything is written.
//!
//! One row per line; rows with the same `entry` key form one entry (their date, memo and
//! reference come from the entry's first row). Accounts are named by code, as people
//! write them. The batch posting rules themselves are [`super::rules::check_batch`].

use std::collections::{BTreeMap, HashMap};

use rust_decimal::Decimal;

use super::rules::{BatchRejection, EntryInput, EntryProblem, LineInput};
use event_schemas::AccountId;

/// The template's columns, in order; a file must have exactly these headers (any order).
pub const COLUMNS: [&str; 8] = [
    "entry",
    "date",
    "memo",
    "reference",
    "account_code",
    "description",
    "debit",
    "credit",
];

/// Most data rows one file may hold (each row is one line of an entry).
pub const ROWS_MAX: usize = 20_000;

/// The downloadable template: the header and one balanced two-line entry.
pub fn template() -> String {
    let mut text = COLUMNS.join(",");
    text.push_str("\r\n1,2026-01-31,January rent,INV-1001,6210,Office rent,1500.00,\r\n");
    text.push_str("1,2026-01-31,January rent,INV-1001,1120,Paid from bank,,1500.00\r\n");
    text
}

/// Problems by cell (`rows[5].debit`) or row (`rows[5]`), each with its messages.
pub type RowErrors = BTreeMap<String, Vec<String>>;

/// One entry of the file and the file lines its entry lines came from.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedEntry {
    pub key: String,
    /// File line numbers (header = 1) of the entry's lines, in order.
    pub rows: Vec<usize>,
    /// The account code each line was given, so problems name codes, not ids.
    pub codes: Vec<String>,
    pub input: EntryInput,
}

/// Why a whole file was refused before its rows were read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileProblem {
    #[error("The file is empty; download the template to start from.")]
    Empty,
    #[error("The file is not valid CSV: {0}")]
    Malformed(String),
    #[error("The header must be: {}", COLUMNS.join(","))]
    Header,
    #[error("The file has {count} rows; at most {max} can be imported at once.")]
    TooManyRows { count: usize, max: usize },
}

/// Reads the file into entries. Cells that cannot be read (a date, an amount, an account
/// code this workspace lacks) are all reported at once with their row.
pub fn read_entries(
    text: &str,
    account_by_code: &HashMap<String, AccountId>,
) -> Result<(Vec<ImportedEntry>, RowErrors), FileProblem> {
    let records = parse_csv(text.trim_start_matches('\u{feff}'))?;
    let mut records = records.into_iter().enumerate();
    let Some((_, header)) = records.next() else {
        return Err(FileProblem::Empty);
    };
    let header: Vec<String> = header.iter().map(|h| h.trim().to_lowercase()).collect();
    let position = |name: &str| header.iter().position(|h| h == name);
    let indices: Option<Vec<usize>> = COLUMNS.iter().map(|c| position(c)).collect();
    let Some(indices) = indices else {
        return Err(FileProblem::Header);
    };
    let rows: Vec<(usize, Vec<String>)> = records
        .filter(|(_, r)| r.iter().any(|cell| !cell.trim().is_empty()))
        .collect();
    if rows.is_empty() {
        return Err(FileProblem::Empty);
    }
    if rows.len() > ROWS_MAX {
        return Err(FileProblem::TooManyRows {
            count: rows.len(),
            max: ROWS_MAX,
        });
    }
    let mut errors = RowErrors::new();
    let mut entries: Vec<ImportedEntry> = Vec::new();
    let mut by_key: HashMap<String, usize> = HashMap::new();
    for (index, record) in rows {
        // The record's number in the file, the header being 1.
        let line = index + 1;
        let cell = |column: usize| {
            record
                .get(indices[column])
                .map(|c| c.trim().to_owned())
                .unwrap_or_default()
        };
        let mut problem = |column: &str, message: String| {
            errors
                .entry(format!("rows[{line}].{column}"))
                .or_default()
                .push(message);
        };
        let key = cell(0);
        if key.is_empty() {
            problem(
                "entry",
                "Give the entry a key; rows with the same key form one entry.".into(),
            );
        }
        let date = crate::calendar::parse_date(&cell(1))
            .map_err(|err| problem("date", err.to_string()))
            .ok();
        let code = cell(4);
        let account_id = account_by_code.get(&code).copied();
        if account_id.is_none() {
            problem(
                "account_code",
                if code.is_empty() {
                    "Enter an account code.".into()
                } else {
                    format!("No account has the code {code} in this workspace.")
                },
            );
        }
        let mut amount = |column: usize, name: &str| {
            let raw = cell(column).replace(',', "");
            if raw.is_empty() {
                return None;
            }
            let parsed = raw.parse::<Decimal>().ok();
            if parsed.is_none() {
                problem(name, "Enter an amount such as 1250.00.".into());
            }
            parsed
        };
        let debit = amount(6, "debit");
        let credit = amount(7, "credit");
        let (Some(date), Some(account_id)) = (date, account_id) else {
            continue;
        };
        let slot = *by_key.entry(key.clone()).or_insert_with(|| {
            entries.push(ImportedEntry {
                key: key.clone(),
                rows: Vec::new(),
                codes: Vec::new(),
                input: EntryInput {
                    date,
                    memo: cell(2),
                    reference: cell(3),
                    lines: Vec::new(),
                },
            });
            entries.len() - 1
        });
        let entry = &mut entries[slot];
        entry.rows.push(line);
        entry.codes.push(code);
        entry.input.lines.push(LineInput {
            account_id,
            description: cell(5),
            debit,
            credit,
        });
    }
    Ok((entries, errors))
}

/// Names each failing entry's problems by the file row they come from: a line's problem
/// on its row's cell, an entry's (unbalanced, locked date) on the entry's first row.
pub fn row_errors(entries: &[ImportedEntry], rejection: &BatchRejection) -> RowErrors {
    let mut errors = RowErrors::new();
    match rejection {
        BatchRejection::TooManyLines { count, max } => {
            errors.insert(
                "file".into(),
                vec![format!(
                    "The file has {count} lines; at most {max} can be imported at once."
                )],
            );
        }
        BatchRejection::Entries(failures) => {
            for (index, problems) in failures {
                let Some(entry) = entries.get(*index) else {
                    continue;
                };
                for problem in problems {
                    let (key, message) = locate(entry, problem);
                    errors.entry(key).or_default().push(message);
                }
            }
        }
    }
    errors
}

fn locate(entry: &ImportedEntry, problem: &EntryProblem) -> (String, String) {
    let first = entry.rows.first().copied().unwrap_or(2);
    let mut text = problem.to_string();
    if let EntryProblem::AccountNotFound { line, account_id }
    | EntryProblem::AccountArchived { line, account_id }
    | EntryProblem::AccountNotLastLevel { line, account_id } = problem
    {
        if let Some(code) = entry.codes.get(*line) {
            text = text.replace(&account_id.to_string(), code);
        }
    }
    let message = format!("Entry {}: {}", entry.key, sentence(&text));
    match problem.field() {
        Some(field) if field.starts_with("lines[") => {
            // `lines[2].debit` → the row of line 2, cell `debit`; `lines[2]` → the row.
            let rest = &field["lines[".len()..];
            let (index, cell) = rest.split_once(']').unwrap_or((rest, ""));
            let row = index
                .parse::<usize>()
                .ok()
                .and_then(|i| entry.rows.get(i).copied())
                .unwrap_or(first);
            let cell = cell.trim_start_matches('.');
            let cell = if cell == "account_id" {
                "account_code"
            } else {
                cell
            };
            let key = if cell.is_empty() {
                format!("rows[{row}]")
            } else {
                format!("rows[{row}].{cell}")
            };
            (key, message)
        }
        Some(field) if field == "lines" => (format!("rows[{first}]"), message),
        Some(field) => (format!("rows[{first}].{field}"), message),
        None => (format!("rows[{first}]"), message),
    }
}

fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// RFC 4180: fields separated by commas, records by CRLF or LF, quoted fields may hold
/// commas, line breaks and doubled quotes.
pub fn parse_csv(text: &str) -> Result<Vec<Vec<String>>, FileProblem> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut line = 1;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => quoted = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                line += 1;
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(FileProblem::Malformed(format!(
            "a quoted field opened before line {line} is never closed"
        )));
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn accounts() -> HashMap<String, AccountId> {
        ["1120", "6210", "4100"]
            .into_iter()
            .map(|code| (code.to_owned(), AccountId::new_v7()))
            .collect()
    }

    #[test]
    fn the_template_reads_back_as_one_balanced_entry() {
        let (entries, errors) = read_entries(&template(), &accounts()).expect("template");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].rows, [2, 3]);
        assert_eq!(entries[0].input.lines.len(), 2);
        assert_eq!(entries[0].input.memo, "January rent");
    }

    #[test]
    fn each_bad_cell_is_named_by_its_row() {
        let text = "entry,date,memo,reference,account_code,description,debit,credit\n\
                    1,2026-02-30,x,,1120,,10.00,\n\
                    1,2026-02-01,x,,9999,,,ten\n";
        let (_, errors) = read_entries(text, &accounts()).expect("read");
        assert!(errors.contains_key("rows[2].date"), "{errors:?}");
        assert!(errors.contains_key("rows[3].account_code"));
        assert!(errors.contains_key("rows[3].credit"));
    }

    #[test]
    fn a_header_without_the_template_columns_is_refused() {
        assert_eq!(
            read_entries("date,amount\n2026-01-01,1\n", &accounts()),
            Err(FileProblem::Header)
        );
    }

    #[test]
    fn quoted_fields_keep_commas_quotes_and_line_breaks() {
        let records = parse_csv("a,\"b, \"\"c\"\"\nd\",e\r\nf,g").expect("csv");
        assert_eq!(
            records,
            vec![
                vec!["a".to_owned(), "b, \"c\"\nd".to_owned(), "e".to_owned()],
                vec!["f".to_owned(), "g".to_owned()]
            ]
        );
    }

    #[test]
    fn an_unclosed_quote_is_malformed() {
        assert!(matches!(
            parse_csv("a,\"b\n"),
            Err(FileProblem::Malformed(_))
        ));
    }

    #[test]
    fn an_unbalanced_entry_is_named_on_its_first_row() {
        let entry = ImportedEntry {
            key: "7".into(),
            rows: vec![4, 5],
            codes: vec!["6210".into(), "1120".into()],
            input: EntryInput {
                date: NaiveDate::from_ymd_opt(2026, 1, 1).expect("date"),
                memo: String::new(),
                reference: String::new(),
                lines: Vec::new(),
            },
        };
        let rejection = BatchRejection::Entries(vec![(
            0,
            vec![
                EntryProblem::Unbalanced {
                    debits: Decimal::new(1000, 2),
                    credits: Decimal::new(900, 2),
                },
                EntryProblem::NoAmount { line: 1 },
            ],
        )]);
        let errors = row_errors(std::slice::from_ref(&entry), &rejection);
        assert!(
            errors["rows[4]"][0].starts_with("Entry 7: Debits (10.00)"),
            "{errors:?}"
        );
        assert!(errors.contains_key("rows[5]"));
    }
}
