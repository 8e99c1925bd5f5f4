//! The financial statements as sheets, from the same functions as their read routes
//! (`accounting::statements`): this module only lays their figures out — headings, the
//! account trees indented, subtotals and the computed lines (gross profit, net change in
//! cash) as sums of the rows they add up, and the statement's check as a fact.
//!
//! Columns: code, line, the figure, and with a comparison the compared figure and the
//! change.

use chrono::NaiveDate;
use domain::report::ReportKind;
use event_schemas::report::ReportParameters;
use store::Db;

use super::{At, RenderError, Sheet, SheetColumn, Sum};
use crate::accounting::statements::{
    balance_sheet, cash_flow, comparison_start, fiscal_year_start, income_statement, Books,
    CashFlowSection, Figure, SectionBlock,
};

/// The sheet of one of the statements.
pub async fn sheet(
    db: &Db,
    workspace_id: &str,
    kind: ReportKind,
    parameters: &ReportParameters,
) -> Result<Sheet, RenderError> {
    let books = Books::present(db, workspace_id).await?;
    let missing = |what: &str| RenderError::Refused(format!("The report's {what} is missing."));
    match kind {
        ReportKind::BalanceSheet => {
            let as_of = parameters.as_of.ok_or_else(|| missing("as-of date"))?;
            let statement = balance_sheet(&books, as_of, parameters.compare_to).await?;
            Ok(balance_sheet_sheet(&statement))
        }
        ReportKind::IncomeStatement => {
            let (from, to) = period(&books, parameters)?;
            let compare = parameters.compare_to.map(|compare_to| {
                let from = parameters
                    .compare_from
                    .unwrap_or_else(|| comparison_start(compare_to));
                (from, compare_to)
            });
            let statement = income_statement(&books, from, to, compare).await?;
            Ok(income_statement_sheet(&statement))
        }
        _ => {
            let (from, to) = period(&books, parameters)?;
            let statement = cash_flow(&books, from, to).await?;
            Ok(cash_flow_sheet(&statement))
        }
    }
}

/// The period asked for; its start defaults to the start of the end's fiscal year, as on
/// the read routes.
fn period(
    books: &Books<'_>,
    parameters: &ReportParameters,
) -> Result<(NaiveDate, NaiveDate), RenderError> {
    let to = parameters
        .to
        .ok_or_else(|| RenderError::Refused("The report's last day is missing.".into()))?;
    let from = parameters
        .from
        .unwrap_or_else(|| fiscal_year_start(to, books.fiscal.start_month));
    Ok((from, to))
}

/// A sheet being filled row by row.
struct Builder {
    columns: Vec<SheetColumn>,
    compare: bool,
    rows: Vec<Vec<String>>,
    strong: Vec<usize>,
    sums: Vec<Sum>,
}

impl Builder {
    fn new(now: &str, then: Option<&str>) -> Self {
        let mut columns = vec![
            SheetColumn::text("Code", 0.1),
            SheetColumn::text("Line", 0.5),
            SheetColumn::amount(now, 0.2),
        ];
        if let Some(then) = then {
            for column in &mut columns {
                column.share *= 0.75;
            }
            columns.push(SheetColumn::amount(then, 0.15));
            columns.push(SheetColumn::amount("Change", 0.15));
        }
        Self {
            compare: then.is_some(),
            columns,
            rows: Vec::new(),
            strong: Vec::new(),
            sums: Vec::new(),
        }
    }

    fn amount_columns(&self) -> Vec<usize> {
        Sheet::amount_columns(&self.columns)
    }

    /// A row; answers its index.
    fn row(&mut self, code: &str, label: String, figure: Option<&Figure>) -> usize {
        let mut cells = vec![code.to_owned(), label];
        match figure {
            Some(f) => {
                cells.push(f.amount.clone());
                if self.compare {
                    cells.push(f.compare.clone().unwrap_or_default());
                    cells.push(f.change.clone().unwrap_or_default());
                }
            }
            None => cells.extend(std::iter::repeat_n(String::new(), self.columns.len() - 2)),
        }
        self.rows.push(cells);
        self.rows.len() - 1
    }

    fn heading(&mut self, label: &str) {
        let row = self.row("", label.to_owned(), None);
        self.strong.push(row);
    }

    /// A subtotal or computed line: `figure`, the signed sum of `terms`.
    fn total(&mut self, label: &str, figure: &Figure, terms: Vec<(bool, usize)>) -> usize {
        let row = self.row("", label.to_owned(), Some(figure));
        self.strong.push(row);
        self.sums.push(Sum {
            at: At::Row(row),
            columns: self.amount_columns(),
            terms,
        });
        row
    }

    /// A section's heading, its account tree and its total (the sum of its top rows, each
    /// of which rolls up the rows below it). Answers the total's row.
    fn section(&mut self, block: &SectionBlock, total_label: &str) -> usize {
        self.heading(&block.label);
        let mut tops = Vec::new();
        for line in &block.lines {
            let row = self.row(
                &line.account_code,
                format!("{}{}", "  ".repeat(line.depth + 1), line.name),
                Some(&line.amount),
            );
            if line.depth == 0 {
                tops.push((true, row));
            }
        }
        self.total(total_label, &block.total, tops)
    }

    fn finish(self, title: &str, facts: Vec<(String, String)>) -> Sheet {
        Sheet {
            title: title.to_owned(),
            facts,
            columns: self.columns,
            rows: self.rows,
            totals: None,
            strong: self.strong,
            sums: self.sums,
        }
    }
}

fn lower_first(label: &str) -> String {
    let mut chars = label.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

fn balance_sheet_sheet(bs: &crate::accounting::statements::BalanceSheet) -> Sheet {
    let now = format!("As of {}", bs.as_of);
    let then = bs.compare_to.map(|d| format!("As of {d}"));
    let mut b = Builder::new(&now, then.as_deref());

    b.heading("Assets");
    let asset_totals: Vec<(bool, usize)> = bs
        .assets
        .iter()
        .map(|block| {
            let label = format!("Total {}", lower_first(&block.label));
            (true, b.section(block, &label))
        })
        .collect();
    b.total("Total assets", &bs.total_assets, asset_totals);

    b.heading("Liabilities");
    let liability_totals: Vec<(bool, usize)> = bs
        .liabilities
        .iter()
        .map(|block| {
            let label = format!("Total {}", lower_first(&block.label));
            (true, b.section(block, &label))
        })
        .collect();
    let total_liabilities = b.total("Total liabilities", &bs.total_liabilities, liability_totals);

    let equity = b.section(&bs.equity, "Equity accounts");
    let mut equity_terms = vec![(true, equity)];
    if bs.retained_earnings_account_id.is_none() {
        let row = b.row(
            "",
            "  Retained earnings (earlier fiscal years)".to_owned(),
            Some(&bs.retained_earnings),
        );
        equity_terms.push((true, row));
    }
    let profit = b.row(
        "",
        format!("  Profit for the fiscal year from {}", bs.fiscal_year_start),
        Some(&bs.current_period_profit),
    );
    equity_terms.push((true, profit));
    let total_equity = b.total("Total equity", &bs.total_equity, equity_terms);
    b.total(
        "Total liabilities and equity",
        &bs.total_liabilities_and_equity,
        vec![(true, total_liabilities), (true, total_equity)],
    );

    let mut facts = vec![("As of".to_owned(), bs.as_of.to_string())];
    if let Some(compare) = bs.compare_to {
        facts.push(("Compared with".to_owned(), compare.to_string()));
    }
    facts.push((
        "Fiscal year from".to_owned(),
        bs.fiscal_year_start.to_string(),
    ));
    facts.push((
        "Check".to_owned(),
        if bs.balanced {
            "Balanced: assets equal liabilities plus equity.".to_owned()
        } else {
            "NOT BALANCED: assets differ from liabilities plus equity.".to_owned()
        },
    ));
    b.finish(ReportKind::BalanceSheet.title(), facts)
}

fn income_statement_sheet(is: &crate::accounting::statements::IncomeStatement) -> Sheet {
    let now = format!("{} to {}", is.from, is.to);
    let then = match (is.compare_from, is.compare_to) {
        (Some(from), Some(to)) => Some(format!("{from} to {to}")),
        _ => None,
    };
    let mut b = Builder::new(&now, then.as_deref());
    let mut totals = std::collections::HashMap::new();
    for block in &is.sections {
        let label = format!("Total {}", lower_first(&block.label));
        let row = b.section(block, &label);
        totals.insert(block.section.as_str(), row);
        let of = |section: &str| totals.get(section).copied();
        let computed = match block.section.as_str() {
            "cost_of_sales" => Some((
                "Gross profit",
                &is.gross_profit,
                vec![(true, of("revenue")), (false, of("cost_of_sales"))],
                "gross_profit",
            )),
            "operating_expenses" => Some((
                "Operating profit",
                &is.operating_profit,
                vec![
                    (true, of("gross_profit")),
                    (false, of("operating_expenses")),
                ],
                "operating_profit",
            )),
            "other_expenses" => Some((
                "Profit before tax",
                &is.profit_before_tax,
                vec![
                    (true, of("operating_profit")),
                    (true, of("other_income")),
                    (false, of("other_expenses")),
                ],
                "profit_before_tax",
            )),
            "tax" => Some((
                "Net profit",
                &is.net_profit,
                vec![(true, of("profit_before_tax")), (false, of("tax"))],
                "net_profit",
            )),
            _ => None,
        };
        if let Some((label, figure, terms, key)) = computed {
            // Every term is a row already written; one missing (a section the statement
            // did not return) leaves the line as a figure rather than a wrong formula.
            let terms: Option<Vec<(bool, usize)>> = terms
                .into_iter()
                .map(|(adds, row)| row.map(|r| (adds, r)))
                .collect();
            let row = b.total(label, figure, terms.unwrap_or_default());
            totals.insert(key, row);
        }
    }
    let mut facts = vec![("Period".to_owned(), now.clone())];
    if let Some(then) = &then {
        facts.push(("Compared with".to_owned(), then.clone()));
    }
    facts.push((
        "Check".to_owned(),
        "Net profit is every income account less every expense account over the period.".to_owned(),
    ));
    b.finish(ReportKind::IncomeStatement.title(), facts)
}

fn cash_flow_sheet(cf: &crate::accounting::statements::CashFlow) -> Sheet {
    let now = format!("{} to {}", cf.from, cf.to);
    let mut b = Builder::new(&now, None);
    let plain = |amount: &str| Figure {
        amount: amount.to_owned(),
        compare: None,
        change: None,
    };
    let lines = |b: &mut Builder, section: &CashFlowSection| -> Vec<(bool, usize)> {
        section
            .lines
            .iter()
            .map(|line| {
                let row = b.row(
                    line.account_code.as_deref().unwrap_or(""),
                    format!("    {}", line.label),
                    Some(&plain(&line.amount)),
                );
                (true, row)
            })
            .collect()
    };

    b.heading("Operating activities");
    let profit = b.row("", "  Net profit".to_owned(), Some(&plain(&cf.net_profit)));
    b.heading("  Adjustments for non-cash items");
    let non_cash = lines(&mut b, &cf.non_cash_items);
    b.heading("  Changes in working capital");
    let working = lines(&mut b, &cf.working_capital);
    let mut operating_terms = vec![(true, profit)];
    operating_terms.extend(non_cash);
    operating_terms.extend(working);
    let operating = b.total(
        "Net cash from operating activities",
        &plain(&cf.operating_total),
        operating_terms,
    );

    b.heading("Investing activities");
    let investing_lines = lines(&mut b, &cf.investing);
    let investing = b.total(
        "Net cash from investing activities",
        &plain(&cf.investing.total),
        investing_lines,
    );

    b.heading("Financing activities");
    let financing_lines = lines(&mut b, &cf.financing);
    let financing = b.total(
        "Net cash from financing activities",
        &plain(&cf.financing.total),
        financing_lines,
    );

    b.total(
        "Net change in cash",
        &plain(&cf.net_change_in_cash),
        vec![(true, operating), (true, investing), (true, financing)],
    );
    b.row(
        "",
        "Cash at the start of the period".to_owned(),
        Some(&plain(&cf.opening_cash)),
    );
    b.row(
        "",
        "Cash at the end of the period".to_owned(),
        Some(&plain(&cf.closing_cash)),
    );

    let facts = vec![
        ("Period".to_owned(), now.clone()),
        (
            "Cash accounts' movement".to_owned(),
            cf.cash_accounts_movement.clone(),
        ),
        (
            "Check".to_owned(),
            if cf.reconciles {
                "Reconciled: the net change in cash equals the movement of the cash accounts."
                    .to_owned()
            } else {
                "NOT RECONCILED: the net change in cash differs from the movement of the cash accounts."
                    .to_owned()
            },
        ),
    ];
    b.finish(ReportKind::CashFlow.title(), facts)
}
