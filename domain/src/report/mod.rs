//! Financial reports (spec "financial report generation and downloads"): which reports
//! exist, what each needs, and the life of one report — asked for, then generated or
//! failed (once), then perhaps deleted.
//!
//! - [`aggregate`] — [`Report`]: one report's life and its pure decisions.
//! - [`commands`] — [`ReportCommand`]; [`errors`] — [`ReportError`].
//! - events — in `event_schemas::report`.
//!
//! A report is rendered by the report generator, a reactor, not by the request: a
//! ledger over a big range takes longer than a request should wait, and the generator
//! tells its requester when it is ready (a notification).

use std::fmt;
use std::str::FromStr;

use chrono::{Months, NaiveDate};
use event_schemas::report::ReportParameters;

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod aggregate_tests;

pub use aggregate::{Report, ReportStatus};
pub use commands::{DeleteReport, RecordOutcome, ReportCommand, RequestReport};
pub use errors::ReportError;

/// The reports an Admin can generate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportKind {
    TrialBalance,
    GeneralLedger,
    IncomeSummary,
    ExpenseSummary,
    BalanceSheet,
    IncomeStatement,
    CashFlow,
}

impl ReportKind {
    pub const ALL: [ReportKind; 7] = [
        ReportKind::TrialBalance,
        ReportKind::GeneralLedger,
        ReportKind::IncomeSummary,
        ReportKind::ExpenseSummary,
        ReportKind::BalanceSheet,
        ReportKind::IncomeStatement,
        ReportKind::CashFlow,
    ];

    /// The wire id.
    pub const fn id(self) -> &'static str {
        match self {
            ReportKind::TrialBalance => "trial_balance",
            ReportKind::GeneralLedger => "general_ledger",
            ReportKind::IncomeSummary => "income_summary",
            ReportKind::ExpenseSummary => "expense_summary",
            ReportKind::BalanceSheet => "balance_sheet",
            ReportKind::IncomeStatement => "income_statement",
            ReportKind::CashFlow => "cash_flow",
        }
    }

    /// The report's title, as printed on it and listed in downloads.
    pub const fn title(self) -> &'static str {
        match self {
            ReportKind::TrialBalance => "Trial balance",
            ReportKind::GeneralLedger => "General ledger",
            ReportKind::IncomeSummary => "Income summary",
            ReportKind::ExpenseSummary => "Expense summary",
            ReportKind::BalanceSheet => "Balance sheet",
            ReportKind::IncomeStatement => "Income statement",
            ReportKind::CashFlow => "Cash flow statement",
        }
    }

    /// The start of its file name: `trial-balance`.
    pub fn slug(self) -> String {
        self.id().replace('_', "-")
    }
}

impl FromStr for ReportKind {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        ReportKind::ALL.into_iter().find(|k| k.id() == s).ok_or(())
    }
}

impl fmt::Display for ReportKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The file a report is rendered as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportFormat {
    Pdf,
    Csv,
    /// An Excel workbook: amounts as numbers in the money format, totals as formulas.
    Xlsx,
}

impl ReportFormat {
    pub const ALL: [ReportFormat; 3] = [ReportFormat::Pdf, ReportFormat::Csv, ReportFormat::Xlsx];

    pub const fn id(self) -> &'static str {
        match self {
            ReportFormat::Pdf => "pdf",
            ReportFormat::Csv => "csv",
            ReportFormat::Xlsx => "xlsx",
        }
    }

    pub const fn content_type(self) -> &'static str {
        match self {
            ReportFormat::Pdf => "application/pdf",
            ReportFormat::Csv => "text/csv; charset=utf-8",
            ReportFormat::Xlsx => {
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        }
    }
}

impl FromStr for ReportFormat {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        ReportFormat::ALL
            .into_iter()
            .find(|f| f.id() == s)
            .ok_or(())
    }
}

/// The longest range a ledger or summary report covers.
pub const RANGE_YEARS_MAX: u32 = 10;
/// The most postings a general ledger PDF prints (about 400 pages); a CSV has no limit
/// beyond [`LEDGER_ROWS_MAX`].
pub const LEDGER_PDF_ROWS_MAX: i64 = 20_000;
/// The most postings one general ledger report holds, in any format.
pub const LEDGER_ROWS_MAX: i64 = 1_000_000;

/// A request's problems, each naming its field.
pub type Problems = Vec<(&'static str, String)>;

/// Checks what a report of `kind` needs and drops what it does not use, so the stored
/// request says exactly what was rendered. `today` fills an absent end date.
pub fn validate_parameters(
    kind: ReportKind,
    given: &ReportParameters,
    today: NaiveDate,
) -> Result<ReportParameters, Problems> {
    let mut problems = Problems::new();
    let mut out = ReportParameters::default();
    match kind {
        ReportKind::TrialBalance | ReportKind::BalanceSheet => {
            let as_of = given.as_of.unwrap_or(today);
            if let Some(compare) = given.compare_to {
                if compare >= as_of {
                    problems.push((
                        "compare_to",
                        "The comparison date must be before the as-of date.".into(),
                    ));
                }
            }
            out.as_of = Some(as_of);
            out.compare_to = given.compare_to;
        }
        ReportKind::IncomeStatement | ReportKind::CashFlow => {
            // As the statements' read routes: `from` defaults to the start of `to`'s
            // fiscal year, which the generator knows; the request keeps what was given.
            let to = given.to.unwrap_or(today);
            if given.from.is_some_and(|from| from > to) {
                problems.push(("from", format!("The start must be on or before {to}.")));
            }
            out.from = given.from;
            out.to = Some(to);
            if kind == ReportKind::IncomeStatement {
                match (given.compare_from, given.compare_to) {
                    (None, None) => {}
                    (Some(_), None) => problems.push((
                        "compare_to",
                        "Give the end of the comparison period too.".into(),
                    )),
                    (from, Some(compare_to)) => {
                        if from.is_some_and(|f| f > compare_to) {
                            problems.push((
                                "compare_from",
                                format!("The start must be on or before {compare_to}."),
                            ));
                        }
                        out.compare_from = from;
                        out.compare_to = Some(compare_to);
                    }
                }
            }
        }
        ReportKind::GeneralLedger | ReportKind::IncomeSummary | ReportKind::ExpenseSummary => {
            let to = given.to.unwrap_or(today);
            let Some(from) = given.from else {
                problems.push(("from", "Choose the first day the report covers.".into()));
                return Err(problems);
            };
            if to < from {
                problems.push(("to", "The last day must be on or after the first.".into()));
            } else if from
                .checked_add_months(Months::new(12 * RANGE_YEARS_MAX))
                .is_some_and(|limit| to >= limit)
            {
                problems.push((
                    "to",
                    format!("A report covers at most {RANGE_YEARS_MAX} years."),
                ));
            }
            out.from = Some(from);
            out.to = Some(to);
            if kind == ReportKind::GeneralLedger {
                out.account_id = given.account_id;
            } else {
                let granularity = given.granularity.as_deref().unwrap_or("month");
                if !matches!(granularity, "month" | "quarter" | "year") {
                    problems.push((
                        "granularity",
                        "Granularity must be month, quarter or year.".into(),
                    ));
                }
                out.granularity = Some(granularity.to_owned());
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(problems)
    }
}

/// The file name a report is downloaded as: kind, dates, format.
pub fn file_name(kind: ReportKind, format: ReportFormat, parameters: &ReportParameters) -> String {
    let dates = match (parameters.as_of, parameters.from, parameters.to) {
        (Some(as_of), _, _) => as_of.to_string(),
        (None, Some(from), Some(to)) => format!("{from}-to-{to}"),
        (None, None, Some(to)) => format!("to-{to}"),
        _ => String::new(),
    };
    let mut name = kind.slug();
    if !dates.is_empty() {
        name.push('-');
        name.push_str(&dates);
    }
    format!("{name}.{}", format.id())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        s.parse().expect("a date")
    }

    fn today() -> NaiveDate {
        day("2026-11-23")
    }

    #[test]
    fn a_trial_balance_defaults_to_today_and_keeps_only_its_dates() {
        let given = ReportParameters {
            from: Some(day("2026-01-01")),
            granularity: Some("year".into()),
            ..Default::default()
        };
        let out = validate_parameters(ReportKind::TrialBalance, &given, today()).expect("valid");
        assert_eq!(
            out,
            ReportParameters {
                as_of: Some(today()),
                ..Default::default()
            }
        );
    }

    #[test]
    fn a_comparison_date_must_come_before_the_as_of_date() {
        let given = ReportParameters {
            as_of: Some(day("2026-06-30")),
            compare_to: Some(day("2026-06-30")),
            ..Default::default()
        };
        let problems =
            validate_parameters(ReportKind::TrialBalance, &given, today()).expect_err("invalid");
        assert_eq!(problems[0].0, "compare_to");
    }

    #[test]
    fn a_ranged_report_needs_its_first_day() {
        let problems = validate_parameters(
            ReportKind::GeneralLedger,
            &ReportParameters::default(),
            today(),
        )
        .expect_err("invalid");
        assert_eq!(
            problems,
            vec![("from", "Choose the first day the report covers.".into())]
        );
    }

    #[test]
    fn a_range_ends_on_or_after_it_starts_and_spans_at_most_ten_years() {
        let backwards = ReportParameters {
            from: Some(day("2026-02-01")),
            to: Some(day("2026-01-31")),
            ..Default::default()
        };
        let problems = validate_parameters(ReportKind::IncomeSummary, &backwards, today())
            .expect_err("invalid");
        assert_eq!(problems[0].0, "to");
        let long = ReportParameters {
            from: Some(day("2016-01-01")),
            to: Some(day("2026-01-01")),
            ..Default::default()
        };
        let problems =
            validate_parameters(ReportKind::IncomeSummary, &long, today()).expect_err("invalid");
        assert_eq!(problems[0].1, "A report covers at most 10 years.");
        let ten_years = ReportParameters {
            from: Some(day("2016-01-01")),
            to: Some(day("2025-12-31")),
            ..Default::default()
        };
        assert!(validate_parameters(ReportKind::IncomeSummary, &ten_years, today()).is_ok());
    }

    #[test]
    fn a_summary_granularity_is_month_quarter_or_year_and_defaults_to_month() {
        let given = ReportParameters {
            from: Some(day("2026-01-01")),
            ..Default::default()
        };
        let out = validate_parameters(ReportKind::ExpenseSummary, &given, today()).expect("valid");
        assert_eq!(out.granularity.as_deref(), Some("month"));
        assert_eq!(out.to, Some(today()));
        let weekly = ReportParameters {
            granularity: Some("week".into()),
            ..given
        };
        let problems =
            validate_parameters(ReportKind::ExpenseSummary, &weekly, today()).expect_err("invalid");
        assert_eq!(problems[0].0, "granularity");
    }

    #[test]
    fn a_period_statement_keeps_its_dates_and_leaves_an_absent_start_to_the_fiscal_year() {
        let given = ReportParameters {
            compare_to: Some(day("2025-06-30")),
            as_of: Some(day("2026-06-30")),
            ..Default::default()
        };
        let out = validate_parameters(ReportKind::IncomeStatement, &given, today()).expect("valid");
        assert_eq!(
            out,
            ReportParameters {
                to: Some(today()),
                compare_to: Some(day("2025-06-30")),
                ..Default::default()
            }
        );
        let cash_flow = validate_parameters(ReportKind::CashFlow, &given, today()).expect("valid");
        assert_eq!(cash_flow.compare_to, None);
    }

    #[test]
    fn a_statement_period_starts_on_or_before_it_ends() {
        let backwards = ReportParameters {
            from: Some(day("2026-07-01")),
            to: Some(day("2026-06-30")),
            ..Default::default()
        };
        let problems =
            validate_parameters(ReportKind::CashFlow, &backwards, today()).expect_err("invalid");
        assert_eq!(problems[0].0, "from");
    }

    #[test]
    fn file_names_carry_the_kind_the_dates_and_the_format() {
        let tb = ReportParameters {
            as_of: Some(day("2026-06-30")),
            ..Default::default()
        };
        assert_eq!(
            file_name(ReportKind::TrialBalance, ReportFormat::Pdf, &tb),
            "trial-balance-2026-06-30.pdf"
        );
        let gl = ReportParameters {
            from: Some(day("2026-01-01")),
            to: Some(day("2026-03-31")),
            ..Default::default()
        };
        assert_eq!(
            file_name(ReportKind::GeneralLedger, ReportFormat::Csv, &gl),
            "general-ledger-2026-01-01-to-2026-03-31.csv"
        );
    }
}
