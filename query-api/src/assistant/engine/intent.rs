//! What a question asks: its intent and its slots (account, periods, date, entry number,
//! how many), read from keywords accountants use. Pure: the caller gives today, the
//! fiscal year's first month and the chart.

use std::sync::LazyLock;

use chrono::NaiveDate;
use regex::Regex;

use super::accounts::{asked_words, match_account, AccountMatch, ChartAccount};
use super::period::{as_of, periods_in, Period};

/// Which side of the income statement a question is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    Revenue,
    Expenses,
    Profit,
}

/// The account a question names, as far as the words tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountSlot {
    None,
    One(ChartAccount),
    Several(Vec<ChartAccount>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// An account's (or group's) balance at a date (`None`: today).
    Balance {
        account: AccountSlot,
        as_of: Option<NaiveDate>,
    },
    /// Revenue, expenses or profit over periods (two: a comparison), for the whole
    /// statement or one income or expense account.
    Results {
        measure: Measure,
        account: AccountSlot,
        periods: Vec<Period>,
    },
    /// The largest expense or revenue accounts of a period.
    Top {
        measure: Measure,
        count: usize,
        period: Option<Period>,
    },
    /// Budget against actual over a period, for one account or the whole type.
    BudgetVsActual {
        measure: Measure,
        account: AccountSlot,
        period: Option<Period>,
    },
    /// Who posted an entry, or the entries of an account or period, and when.
    WhoPosted {
        number: Option<String>,
        account: AccountSlot,
        period: Option<Period>,
    },
    /// An entry's lines, history and audit flags.
    ExplainEntry { number: String },
    /// Why an entry scored as risky; without a number, the riskiest entries.
    WhyRisky { number: Option<String> },
    /// Posting accounts without a posting in a period.
    Inactive { period: Option<Period> },
    /// Payroll cost of a period.
    PayrollCost { period: Option<Period> },
    /// A suggested journal entry from a sentence.
    Draft,
    /// Asks the assistant to change the books itself: it never does.
    ChangeBooks,
    /// Nothing it answers.
    Unknown,
}

/// The most accounts a "top N" lists.
pub const TOP_MAX: usize = 20;
/// How many a "top" lists when no number is given.
pub const TOP_DEFAULT: usize = 5;

static ENTRY_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bje[-\s]?0*(\d{1,9})\b|\bentry\s+(?:no\.?\s*|number\s+|#\s*)?0*(\d{1,9})\b")
        .expect("pattern")
});
static TOP_COUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:top|largest|biggest|highest|main)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)\b")
        .expect("pattern")
});
static CHANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:please\s+|can you\s+|could you\s+)?(?:post|delete|remove|reverse|approve|void|lock|edit|update|change|modify|pay)\b")
        .expect("pattern")
});

/// `JE-000012` from "JE-12", "je 000012", "entry 12", "entry #12".
pub fn entry_number(question: &str) -> Option<String> {
    let c = ENTRY_NUMBER.captures(question)?;
    let digits = c.get(1).or_else(|| c.get(2))?.as_str();
    let sequence: u64 = digits.parse().ok()?;
    Some(event_schemas::journal_entry::entry_number(sequence))
}

fn has(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| text.contains(w))
}

fn top_count(question: &str) -> usize {
    let Some(c) = TOP_COUNT.captures(question) else {
        return TOP_DEFAULT;
    };
    let word = c.get(1).map_or("", |m| m.as_str()).to_lowercase();
    let named = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let n = named
        .iter()
        .position(|w| *w == word)
        .map(|i| i + 1)
        .or_else(|| word.parse().ok())
        .unwrap_or(TOP_DEFAULT);
    n.clamp(1, TOP_MAX)
}

fn slot(question: &str, chart: &[ChartAccount]) -> AccountSlot {
    match match_account(question, chart) {
        AccountMatch::None => AccountSlot::None,
        AccountMatch::One(a) => AccountSlot::One(a.clone()),
        AccountMatch::Several(list) => AccountSlot::Several(list.into_iter().cloned().collect()),
    }
}

/// Only income and expense accounts answer "how much did we spend on …".
fn results_slot(slot: AccountSlot) -> AccountSlot {
    let fits = |a: &ChartAccount| a.account_type == "income" || a.account_type == "expense";
    match slot {
        AccountSlot::One(a) if fits(&a) => AccountSlot::One(a),
        AccountSlot::Several(list) => {
            let list: Vec<ChartAccount> = list.into_iter().filter(fits).collect();
            match list.len() {
                0 => AccountSlot::None,
                1 => AccountSlot::One(list.into_iter().next().expect("one")),
                _ => AccountSlot::Several(list),
            }
        }
        _ => AccountSlot::None,
    }
}

/// Words that name a measure, not an account: "sales in Q1" asks for revenue, not for the
/// "Cost of sales" account.
const MEASURE_WORDS: &[&str] = &[
    "sales", "sale", "revenue", "income", "turnover", "expenses", "expense", "cost", "costs",
];

/// The account slot, without accounts named only by measure words.
fn named_beyond_measure(question: &str, slot: AccountSlot) -> AccountSlot {
    let beyond = |a: &ChartAccount| {
        asked_words(question, a)
            .iter()
            .any(|w| !MEASURE_WORDS.contains(&w.as_str()))
    };
    match slot {
        AccountSlot::One(a) if beyond(&a) => AccountSlot::One(a),
        AccountSlot::Several(list) => {
            let list: Vec<ChartAccount> = list.into_iter().filter(beyond).collect();
            match list.len() {
                0 => AccountSlot::None,
                1 => AccountSlot::One(list.into_iter().next().expect("one")),
                _ => AccountSlot::Several(list),
            }
        }
        _ => AccountSlot::None,
    }
}

/// The measure a question's words name, if any.
fn measure(lower: &str) -> Option<Measure> {
    if has(
        lower,
        &[
            "profit",
            "loss",
            "net income",
            "bottom line",
            "earn",
            "make money",
            "margin",
        ],
    ) {
        Some(Measure::Profit)
    } else if has(
        lower,
        &["revenue", "income", "sales", "turnover", "sold", "takings"],
    ) {
        Some(Measure::Revenue)
    } else if has(
        lower,
        &["expense", "spend", "spent", "cost", "paid for", "outgoings"],
    ) {
        Some(Measure::Expenses)
    } else {
        None
    }
}

/// Reads `question`.
pub fn parse(
    question: &str,
    today: NaiveDate,
    fiscal_start_month: u32,
    chart: &[ChartAccount],
) -> Intent {
    let lower = question.to_lowercase();
    let periods = periods_in(question, today, fiscal_start_month);
    let period = periods.first().cloned();
    let number = entry_number(question);
    if has(
        &lower,
        &[
            "draft",
            "prepare an entry",
            "suggest an entry",
            "book an entry",
        ],
    ) {
        return Intent::Draft;
    }
    if CHANGE.is_match(question) {
        return Intent::ChangeBooks;
    }
    if has(
        &lower,
        &["risk", "flagged", "suspicious", "red flag", "unusual"],
    ) {
        return Intent::WhyRisky { number };
    }
    if has(
        &lower,
        &[
            "who posted",
            "who entered",
            "who created",
            "who recorded",
            "posted by",
            "who booked",
            "when was",
        ],
    ) {
        return Intent::WhoPosted {
            number,
            account: slot(question, chart),
            period,
        };
    }
    if let Some(number) = number.clone() {
        return Intent::ExplainEntry { number };
    }
    if has(
        &lower,
        &[
            "no activity",
            "without activity",
            "inactive",
            "dormant",
            "unused",
            "not used",
            "no postings",
            "without postings",
            "never used",
        ],
    ) {
        return Intent::Inactive { period };
    }
    if has(
        &lower,
        &[
            "payroll",
            "pay run",
            "payrun",
            "staff cost",
            "employee cost",
            "paye",
            "salaries",
            "salary",
            "wages",
        ],
    ) && !lower.contains("balance")
        && !lower.contains("budget")
    {
        return Intent::PayrollCost { period };
    }
    if lower.contains("budget") {
        let m = measure(&lower).unwrap_or(Measure::Expenses);
        return Intent::BudgetVsActual {
            measure: if m == Measure::Profit {
                Measure::Expenses
            } else {
                m
            },
            account: results_slot(slot(question, chart)),
            period,
        };
    }
    if TOP_COUNT.is_match(question)
        || has(&lower, &["top ", "largest", "biggest", "highest", "main "])
    {
        if let Some(m) = measure(&lower) {
            return Intent::Top {
                measure: if m == Measure::Profit {
                    Measure::Expenses
                } else {
                    m
                },
                count: top_count(question),
                period,
            };
        }
    }
    let account = slot(question, chart);
    let asks_balance = has(
        &lower,
        &[
            "balance",
            "how much is in",
            "how much do we have",
            "how much cash",
            "what's in",
            "owe",
            "owed",
            "position",
            "stand",
        ],
    );
    if asks_balance && account != AccountSlot::None {
        return Intent::Balance {
            account,
            as_of: as_of(question, today, fiscal_start_month),
        };
    }
    if let Some(m) = measure(&lower) {
        let for_account = results_slot(named_beyond_measure(question, account.clone()));
        // An account named decides the side: "cost of sales" is an expense.
        let m = match &for_account {
            AccountSlot::One(a) if m != Measure::Profit => {
                if a.account_type == "income" {
                    Measure::Revenue
                } else {
                    Measure::Expenses
                }
            }
            _ => m,
        };
        return Intent::Results {
            measure: m,
            account: if m == Measure::Profit {
                AccountSlot::None
            } else {
                for_account
            },
            periods,
        };
    }
    if asks_balance || account != AccountSlot::None {
        return Intent::Balance {
            account,
            as_of: as_of(question, today, fiscal_start_month),
        };
    }
    Intent::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> Vec<ChartAccount> {
        let a = |code: &str, name: &str, account_type: &str| ChartAccount {
            id: format!("id-{code}"),
            code: code.into(),
            name: name.into(),
            account_type: account_type.into(),
            parent_id: None,
            is_leaf: true,
            archived: false,
        };
        vec![
            a("1110", "Cash on hand", "asset"),
            a("1120", "Bank - current account", "asset"),
            a("2210", "Bank loans", "liability"),
            a("4100", "Sales of goods", "income"),
            a("6210", "Rent and rates", "expense"),
        ]
    }

    fn read(question: &str) -> Intent {
        parse(
            question,
            NaiveDate::from_ymd_opt(2026, 6, 17).expect("date"),
            1,
            &chart(),
        )
    }

    #[test]
    fn entry_numbers_are_read_in_their_usual_spellings() {
        for q in [
            "explain JE-12",
            "explain je 000012",
            "tell me about entry #12",
            "entry no. 12",
        ] {
            assert_eq!(entry_number(q).as_deref(), Some("JE-000012"), "{q}");
        }
    }

    #[test]
    fn each_intent_is_recognised() {
        assert!(matches!(
            read("cash balance as of 31 Dec 2025"),
            Intent::Balance { as_of: Some(_), .. }
        ));
        assert!(
            matches!(read("revenue this quarter vs last"), Intent::Results { measure: Measure::Revenue, periods, .. } if periods.len() == 2)
        );
        assert!(matches!(
            read("how much did we spend on rent in March"),
            Intent::Results {
                measure: Measure::Expenses,
                account: AccountSlot::One(_),
                ..
            }
        ));
        assert!(matches!(
            read("top 3 expenses YTD"),
            Intent::Top { count: 3, .. }
        ));
        assert!(matches!(
            read("budget vs actual for expenses last month"),
            Intent::BudgetVsActual { .. }
        ));
        assert!(matches!(
            read("who posted JE-000004"),
            Intent::WhoPosted {
                number: Some(_),
                ..
            }
        ));
        assert!(matches!(read("explain JE-4"), Intent::ExplainEntry { .. }));
        assert!(matches!(
            read("why is JE-4 risky"),
            Intent::WhyRisky { number: Some(_) }
        ));
        assert!(matches!(
            read("which accounts had no activity last month"),
            Intent::Inactive { period: Some(_) }
        ));
        assert!(matches!(
            read("payroll cost last quarter"),
            Intent::PayrollCost { period: Some(_) }
        ));
        assert!(matches!(
            read("draft an entry: paid rent 200,000 from the bank on 1 December"),
            Intent::Draft
        ));
        assert!(matches!(read("post JE-000004"), Intent::ChangeBooks));
        assert!(matches!(
            read("what's the weather in Lagos"),
            Intent::Unknown
        ));
    }

    #[test]
    fn a_liability_balance_is_not_a_revenue_question() {
        assert!(
            matches!(read("how much do we owe on bank loans"), Intent::Balance { account: AccountSlot::One(a), .. } if a.code == "2210")
        );
    }
}
