//! The books' reports as sheets: the trial balance, the general ledger and the income and
//! expense summaries. Their totals rows are sums of the top-level rows (each rolls up its
//! sub-accounts), or of every posting in the ledger.

use std::collections::HashMap;

use domain::report::{ReportFormat, ReportKind, LEDGER_PDF_ROWS_MAX, LEDGER_ROWS_MAX};
use event_schemas::report::ReportParameters;
use store::Db;

use super::{range, At, RenderError, Sheet, SheetColumn, Sum};
use crate::accounting::balances::trial_balance;
use crate::accounting::general_ledger::general_ledger;
use crate::accounting::summaries::{expense_summary, income_summary, Granularity, PeriodSummary};
use api_core::pagination::Page;

/// Postings read per general-ledger page while rendering.
const LEDGER_PAGE: u32 = 5_000;
/// A summary PDF prints at most this many periods side by side on a portrait page.
pub const PDF_PERIODS_MAX: usize = 6;

/// The sheet of one of the books' reports.
pub async fn sheet(
    db: &Db,
    workspace_id: &str,
    kind: ReportKind,
    format: ReportFormat,
    parameters: &ReportParameters,
) -> Result<Sheet, RenderError> {
    match kind {
        ReportKind::GeneralLedger => {
            let limit = match format {
                ReportFormat::Pdf => LEDGER_PDF_ROWS_MAX,
                ReportFormat::Csv | ReportFormat::Xlsx => LEDGER_ROWS_MAX,
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
        _ => trial_balance_sheet(db, workspace_id, parameters).await,
    }
}

/// Whether a row heads its own tree in the table: it has no parent, or its parent is not
/// shown. The top rows add up to the totals (every other row is inside one of them).
fn is_root(parents: &HashMap<&str, Option<&str>>, parent: Option<&str>) -> bool {
    parent.is_none_or(|p| !parents.contains_key(p))
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
    let roots: Vec<usize> = tb
        .rows
        .iter()
        .enumerate()
        .filter(|(_, r)| is_root(&parents, r.parent_id.as_deref()))
        .map(|(i, _)| i)
        .collect();
    Ok(Sheet {
        title: ReportKind::TrialBalance.title().to_owned(),
        facts,
        columns,
        rows,
        totals: Some(totals),
        strong: Vec::new(),
        sums: vec![Sum::of(At::Totals, vec![3, 4], roots)],
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
    let postings = rows.len();
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
        strong: Vec::new(),
        sums: vec![Sum::of(At::Totals, vec![5, 6], 0..postings)],
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
    let parents: HashMap<&str, Option<&str>> = summary
        .rows
        .iter()
        .map(|r| (r.account_id.as_str(), r.parent_id.as_deref()))
        .collect();
    let roots: Vec<usize> = summary
        .rows
        .iter()
        .enumerate()
        .filter(|(_, r)| is_root(&parents, r.parent_id.as_deref()))
        .map(|(i, _)| i)
        .collect();
    let amounts = Sheet::amount_columns(&columns);
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
        strong: Vec::new(),
        sums: vec![Sum::of(At::Totals, amounts, roots)],
    }
}
