//! A report's file from the read models: each kind becomes one [`Sheet`] (heading facts,
//! columns, rows, a totals row, and which totals are sums of which rows) and each format
//! renders any sheet, so a new kind is one function and a new format another, never a
//! kind × format table.
//!
//! - [`books`]: the trial balance, general ledger and the income and expense summaries.
//! - [`statements`]: the balance sheet, income statement and cash flow, from the same
//!   functions as their read routes.
//! - [`csv`], [`pdf`], [`xlsx`]: the formats.

pub mod books;
pub mod csv;
pub mod pdf;
pub mod statements;
pub mod xlsx;

use chrono::NaiveDate;
use domain::report::{ReportFormat, ReportKind};
use event_schemas::report::ReportParameters;
use store::Db;

use api_core::ApiError;

pub use csv::csv;
pub use pdf::pdf;
pub use xlsx::xlsx;

/// Who the report is about, printed at its top.
#[derive(Debug, Clone)]
pub struct Entity {
    pub organization: String,
    pub workspace: String,
    pub currency: String,
}

/// Where in the log the books were read: printed on every PDF and workbook, so a reader
/// can check the figures against the log (`ledgerline events verify`).
#[derive(Debug, Clone)]
pub struct Stamp {
    /// The log position the read models had reached.
    pub data_position: i64,
    /// The workspace's hash chain at that position: events in it, and its head hash.
    pub chain_events: i64,
    pub chain_head: String,
    /// When the file was made, on the workspace's clock with its zone named.
    pub generated: String,
}

/// One column of a sheet.
#[derive(Debug, Clone)]
pub struct SheetColumn {
    pub heading: String,
    /// Amounts: right-aligned and grouped in thousands in a PDF, numbers in a workbook.
    pub amount: bool,
    /// Its share of a PDF page's width.
    pub share: f32,
}

impl SheetColumn {
    pub(crate) fn text(heading: &str, share: f32) -> Self {
        Self {
            heading: heading.to_owned(),
            amount: false,
            share,
        }
    }

    pub(crate) fn amount(heading: &str, share: f32) -> Self {
        Self {
            heading: heading.to_owned(),
            amount: true,
            share,
        }
    }
}

/// A row of the sheet: one of `rows`, or the totals row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Row(usize),
    Totals,
}

/// A figure that is the signed sum of figures in other rows of the same column: a
/// workbook writes it as a formula (with the figure as its cached result), the other
/// formats print the figure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sum {
    pub at: At,
    /// The amount columns it applies to.
    pub columns: Vec<usize>,
    /// The rows added (`true`) or subtracted (`false`).
    pub terms: Vec<(bool, usize)>,
}

impl Sum {
    /// `rows` added up in `columns`.
    pub(crate) fn of(at: At, columns: Vec<usize>, rows: impl IntoIterator<Item = usize>) -> Self {
        Self {
            at,
            columns,
            terms: rows.into_iter().map(|r| (true, r)).collect(),
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
    /// Rows set in bold: headings and subtotals.
    pub strong: Vec<usize>,
    /// Figures that are sums of other rows.
    pub sums: Vec<Sum>,
}

impl Sheet {
    /// The indices of the columns holding amounts.
    pub(crate) fn amount_columns(columns: &[SheetColumn]) -> Vec<usize> {
        columns
            .iter()
            .enumerate()
            .filter(|(_, c)| c.amount)
            .map(|(i, _)| i)
            .collect()
    }
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
        ReportKind::TrialBalance
        | ReportKind::GeneralLedger
        | ReportKind::IncomeSummary
        | ReportKind::ExpenseSummary => {
            books::sheet(db, workspace_id, kind, format, parameters).await
        }
        ReportKind::BalanceSheet | ReportKind::IncomeStatement | ReportKind::CashFlow => {
            statements::sheet(db, workspace_id, kind, parameters).await
        }
    }
}

pub(crate) fn range(parameters: &ReportParameters) -> Result<(NaiveDate, NaiveDate), RenderError> {
    match (parameters.from, parameters.to) {
        (Some(from), Some(to)) => Ok((from, to)),
        _ => Err(RenderError::Refused(
            "The report's date range is missing.".into(),
        )),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A small sheet every format's tests render.
    pub(crate) fn sheet() -> Sheet {
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
            strong: Vec::new(),
            sums: vec![Sum::of(At::Totals, vec![1], [0, 1])],
        }
    }

    pub(crate) fn entity() -> Entity {
        Entity {
            organization: "Acme Ltd".into(),
            workspace: "Lagos Head Office".into(),
            currency: "NGN".into(),
        }
    }

    pub(crate) fn stamp() -> Stamp {
        Stamp {
            data_position: 42,
            chain_events: 17,
            chain_head: "ab".repeat(32),
            generated: "23 Nov 2026 11:00 (Africa/Lagos)".into(),
        }
    }
}
