//! A report's file from the read models: each kind becomes one [`Sheet`] (heading facts,
//! columns, rows, a totals row) and each format renders any sheet, so a new kind is one
//! function and a new format another, never a kind × format table.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::report::{ReportFormat, ReportKind, LEDGER_PDF_ROWS_MAX, LEDGER_ROWS_MAX};
use event_schemas::report::ReportParameters;
use store::Db;

use crate::accounting::balances::trial_balance;
use crate::accounting::general_ledger::general_ledger;
use crate::accounting::summaries::{expense_summary, income_summary, Granularity, PeriodSummary};
use crate::pdf::{grouped, Column, Document, PdfError};
use api_core::pagination::Page;
use api_core::ApiError;

/// Postings read per general-ledger page while rendering.
const LEDGER_PAGE: u32 = 5_000;
/// A summary PDF prints at most this many periods side by side on a portrait page.
pub const PDF_PERIODS_MAX: usize = 6;

/// Who the report is about, printed at its top.
#[derive(Debug, Clone)]
pub struct Entity {
    pub organization: String,
    pub workspace: String,
    pub currency: String,
}

/// One column of a sheet.
#[derive(Debug, Clone)]
pub struct SheetColumn {
    pub heading: String,
    /// Amounts: right-aligned and grouped in thousands in a PDF.
    pub amount: bool,
    /// Its share of a PDF page's width.
    pub share: f32,
}

impl SheetColumn {
    fn text(heading: &str, share: f32) -> Self {
        Self {
            heading: heading.to_owned(),
            amount: false,
            share,
        }
    }

    fn amount(heading: &str, share: f32) -> Self {
        Self {
            heading: heading.to_owned(),
            amount: true,
            share,
        }
    }
}

/// A report's content, before it is a file.
#[derive(Debug, Clone)]
pub struct Sheet {
    pub title: String,
    /// Facts printed above the table (`Period`, `Opening balance`, …).
    pub facts: Vec<(String, String)>,
    pub columns: Vec<SheetColumn>,
    pub rows: Vec<Vec<String>>,
    pub totals: Option<Vec<String>>,
}

/// Why a report could not be made: words for its requester, or a fault of ours.
#[derive(Debug)]
pub enum RenderError {
    /// Recorded as the report's failure reason.
    Refused(String),
    /// Retried: the read models or the database failed.
    Internal(String),
}

impl From<ApiError> for RenderError {
    fn from(err: ApiError) -> Self {
        match err {
            ApiError::Fields(fields) => RenderError::Refused(
                fields
                    .into_iter()
                    .flat_map(|(field, messages)| {
                        messages.into_iter().map(move |m| format!("{field}: {m}"))
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            other => RenderError::Internal(format!("{other:?}")),
        }
    }
}

/// The sheet of `kind` over `parameters`, read from the workspace's read models.
pub async fn sheet(
    db: &Db,
    workspace_id: &str,
    kind: ReportKind,
    format: ReportFormat,
    parameters: &ReportParameters,
) -> Result<Sheet, RenderError> {
    match kind {
        ReportKind::TrialBalance => trial_balance_sheet(db, workspace_id, parameters).await,
        ReportKind::GeneralLedger => {
            let limit = match format {
                ReportFormat::Pdf => LEDGER_PDF_ROWS_MAX,
                ReportFormat::Csv => LEDGER_ROWS_MAX,
            };
            ledger_sheet(db, workspace_id, parameters, limit).await
        }
        ReportKind::IncomeSummary | ReportKind::ExpenseSummary => {
            let (from, to) = range(parameters)?;
            let granularity = match parameters.granularity.as_deref() {
                Some("quarter") => Granularity::Quarter,
                Some("year") => Granularity::Year,
                _ => Granularity::Month,
            };
            let summary = if kind == ReportKind::IncomeSummary {
                income_summary(db, workspace_id, from, to, granularity).await?
            } else {
                expense_summary(db, workspace_id, from, to, granularity).await?
            };
            if format == ReportFormat::Pdf && summary.periods.len() > PDF_PERIODS_MAX {
                return Err(RenderError::Refused(format!(
                    "The range holds {} periods; a PDF prints at most {PDF_PERIODS_MAX} side by side. Choose a coarser granularity, a shorter range, or CSV.",
                    summary.periods.len()
                )));
            }
            Ok(summary_sheet(kind.title(), &summary))
        }
    }
}

/// How many ancestors an account has (its indentation in a printed hierarchy).
fn depth<'a>(parents: &HashMap<&'a str, Option<&'a str>>, mut parent: Option<&'a str>) -> usize {
    let mut depth = 0;
    while let Some(id) = parent {
        depth += 1;
        parent = parents.get(id).copied().flatten();
    }
    depth
}

fn range(parameters: &ReportParameters) -> Result<(NaiveDate, NaiveDate), RenderError> {
    match (parameters.from, parameters.to) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(RenderError::Refused(
            "The report's date range is missing.".into(),
        )),
    }
}

async fn trial_balance_sheet(
    db: &Db,
    workspace_id: &str,
    parameters: &ReportParameters,
) -> Result<Sheet, RenderError> {
    let as_of = parameters
        .as_of
        .ok_or_else(|| RenderError::Refused("The report's as-of date is missing.".into()))?;
    let tb = trial_balance(db, workspace_id, as_of, parameters.compare_to).await?;
    let mut columns = vec![
        SheetColumn::text("Code", 0.1),
        SheetColumn::text("Account", 0.3),
        SheetColumn::text("Type", 0.12),
        SheetColumn::amount("Debit", 0.16),
        SheetColumn::amount("Credit", 0.16),
        SheetColumn::amount("Balance", 0.16),
    ];
    if let Some(compare) = tb.compare_to {
        for column in &mut columns[1..] {
            column.share *= 0.85;
        }
        columns.push(SheetColumn::amount(&format!("Balance {compare}"), 0.16));
    }
    let parents: HashMap<&str, Option<&str>> = tb
        .rows
        .iter()
        .map(|r| (r.account_id.as_str(), r.parent_id.as_deref()))
        .collect();
    let rows = tb
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                row.account_code.clone(),
                format!(
                    "{}{}",
                    "  ".repeat(depth(&parents, row.parent_id.as_deref())),
                    row.name
                ),
                row.account_type.clone(),
                row.debit.clone(),
                row.credit.clone(),
                row.balance.clone(),
            ];
            if tb.compare_to.is_some() {
                cells.push(
                    row.compare
                        .as_ref()
                        .map(|c| c.balance.clone())
                        .unwrap_or_default(),
                );
            }
            cells
        })
        .collect();
    let mut totals = vec![
        String::new(),
        "Total".to_owned(),
        String::new(),
        tb.totals.debit.clone(),
        tb.totals.credit.clone(),
        String::new(),
    ];
    if tb.compare_to.is_some() {
        totals.push(String::new());
    }
    let mut facts = vec![("As of".to_owned(), as_of.to_string())];
    if let Some(compare) = tb.compare_to {
        facts.push(("Compared with".to_owned(), compare.to_string()));
    }
    facts.push((
        "Check".to_owned(),
        if tb.balanced {
            "Balanced: total debits equal total credits.".to_owned()
        } else {
            "NOT BALANCED: total debits differ from total credits.".to_owned()
        },
    ));
    Ok(Sheet {
        title: ReportKind::TrialBalance.title().to_owned(),
        facts,
        columns,
        rows,
        totals: Some(totals),
    })
}

async fn ledger_sheet(
    db: &Db,
    workspace_id: &str,
    parameters: &ReportParameters,
    limit: i64,
) -> Result<Sheet, RenderError> {
    let (from, to) = range(parameters)?;
    let account = parameters.account_id.map(|a| a.to_string());
    let mut page = 1;
    let mut rows = Vec::new();
    let first = loop {
        let ledger = general_ledger(
            db,
            workspace_id,
            account.as_deref(),
            Some(from),
            Some(to),
            Page {
                page,
                page_size: LEDGER_PAGE,
            },
        )
        .await?;
        if page == 1 && ledger.postings.count > limit {
            return Err(RenderError::Refused(format!(
                "The general ledger for this range holds {} postings; this format holds at most {limit}. Narrow the dates or the account{}.",
                ledger.postings.count,
                if limit == LEDGER_PDF_ROWS_MAX { ", or choose CSV" } else { "" }
            )));
        }
        let done = i64::from(page) >= ledger.postings.total_pages;
        rows.extend(ledger.postings.data.iter().map(|p| {
            vec![
                p.date.to_string(),
                p.entry_number.clone(),
                p.account_code.clone(),
                p.account_name.clone(),
                if p.description.is_empty() {
                    p.memo.clone()
                } else {
                    p.description.clone()
                },
                p.debit.clone(),
                p.credit.clone(),
                p.running_balance.clone(),
            ]
        }));
        if done {
            break ledger;
        }
        page += 1;
    };
    let mut facts = vec![("Period".to_owned(), format!("{from} to {to}"))];
    if let Some(account) = &account {
        let name = rows
            .first()
            .map(|r: &Vec<String>| format!("{} {}", r[2], r[3]))
            .unwrap_or_else(|| account.clone());
        facts.push(("Account".to_owned(), name));
    }
    facts.push(("Opening balance".to_owned(), first.opening_balance.clone()));
    facts.push(("Closing balance".to_owned(), first.closing_balance.clone()));
    facts.push((
        "Balances measured as".to_owned(),
        format!("{} balances", first.normal_balance),
    ));
    Ok(Sheet {
        title: ReportKind::GeneralLedger.title().to_owned(),
        facts,
        columns: vec![
            SheetColumn::text("Date", 0.1),
            SheetColumn::text("Entry", 0.08),
            SheetColumn::text("Code", 0.07),
            SheetColumn::text("Account", 0.17),
            SheetColumn::text("Description", 0.22),
            SheetColumn::amount("Debit", 0.12),
            SheetColumn::amount("Credit", 0.12),
            SheetColumn::amount("Balance", 0.12),
        ],
        rows,
        totals: Some(vec![
            String::new(),
            String::new(),
            String::new(),
            "Total".to_owned(),
            String::new(),
            first.total_debit.clone(),
            first.total_credit.clone(),
            first.closing_balance.clone(),
        ]),
    })
}

fn summary_sheet(title: &str, summary: &PeriodSummary) -> Sheet {
    let periods = summary.periods.len();
    // Code and account take 40% of the page; the periods, total, budget and variance
    // share the rest.
    let amount_share = 0.6 / (periods + 3) as f32;
    let mut columns = vec![
        SheetColumn::text("Code", 0.1),
        SheetColumn::text("Account", 0.3),
    ];
    columns.extend(
        summary
            .periods
            .iter()
            .map(|p| SheetColumn::amount(&p.key, amount_share)),
    );
    for heading in ["Total", "Budget", "Variance"] {
        columns.push(SheetColumn::amount(heading, amount_share));
    }
    let line = |code: &str, name: &str, row: &crate::accounting::summaries::SummaryRow| {
        let mut cells = vec![code.to_owned(), name.to_owned()];
        cells.extend(row.amounts.iter().cloned());
        cells.push(row.total.clone());
        cells.push(row.budget_total.clone());
        cells.push(row.variance_total.clone());
        cells
    };
    Sheet {
        title: title.to_owned(),
        facts: vec![
            (
                "Period".to_owned(),
                format!("{} to {}", summary.from, summary.to),
            ),
            (
                "Granularity".to_owned(),
                format!("{:?}", summary.granularity).to_lowercase(),
            ),
            ("Variance".to_owned(), "actual minus budget".to_owned()),
        ],
        columns,
        rows: summary
            .rows
            .iter()
            .map(|r| line(&r.account_code, &r.name, r))
            .collect(),
        totals: Some(line("", "Total", &summary.totals)),
    }
}

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

/// The sheet as a PDF: the entity and facts, then the table with the totals last.
pub fn pdf(
    sheet: &Sheet,
    entity: &Entity,
    data_position: i64,
    generated: &str,
) -> Result<Vec<u8>, PdfError> {
    let mut document = Document::new(&format!("{} — {}", sheet.title, entity.workspace));
    document.heading(&sheet.title, 1);
    let mut facts: Vec<(&str, String)> = vec![
        ("Organization", entity.organization.clone()),
        ("Workspace", entity.workspace.clone()),
    ];
    facts.extend(sheet.facts.iter().map(|(k, v)| (k.as_str(), grouped(v))));
    facts.push(("Amounts in", entity.currency.clone()));
    facts.push(("Generated", generated.to_owned()));
    facts.push(("Books as of log position", data_position.to_string()));
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
                    cell.clone()
                }
            })
            .collect()
    };
    let mut rows: Vec<Vec<String>> = sheet.rows.iter().map(format_row).collect();
    if let Some(totals) = &sheet.totals {
        rows.push(format_row(totals));
    }
    document.table(&columns, &rows);
    document.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet() -> Sheet {
        Sheet {
            title: "Trial balance".into(),
            facts: vec![("As of".into(), "2026-06-30".into())],
            columns: vec![
                SheetColumn::text("Account", 0.6),
                SheetColumn::amount("Debit", 0.4),
            ],
            rows: vec![
                vec!["Cash, at bank".into(), "1234567.50".into()],
                vec!["Say \"hi\"".into(), "0.00".into()],
            ],
            totals: Some(vec!["Total".into(), "1234567.50".into()]),
        }
    }

    #[test]
    fn a_csv_quotes_what_it_must_and_keeps_amounts_plain() {
        let text = String::from_utf8(csv(&sheet())).expect("CSV is UTF-8");
        assert_eq!(
            text,
            "Account,Debit\r\n\"Cash, at bank\",1234567.50\r\n\"Say \"\"hi\"\"\",0.00\r\nTotal,1234567.50\r\n"
        );
    }

    #[test]
    fn a_pdf_prints_the_entity_the_facts_and_grouped_amounts() {
        let entity = Entity {
            organization: "Acme Ltd".into(),
            workspace: "Lagos Head Office".into(),
            currency: "NGN".into(),
        };
        let bytes = pdf(&sheet(), &entity, 42, "2026-11-23T10:00:00Z").expect("a PDF");
        assert!(bytes.starts_with(b"%PDF-"));
        let text = crate::pdf::extracted_text(&bytes);
        for expected in [
            "Lagos Head Office",
            "Acme Ltd",
            "1,234,567.50",
            "NGN",
            "2026-06-30",
        ] {
            assert!(text.contains(expected), "{expected} missing from the PDF");
        }
    }
}
