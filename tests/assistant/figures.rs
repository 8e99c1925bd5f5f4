//! Questions answered with figures: balances, results, top accounts, budgets, inactive
//! accounts, payroll cost — each expected answer read from the report it cites.

use chrono::{Datelike, Months, NaiveDate};
use rust_decimal::Decimal;

use super::{
    amounts, d, dec, first, latest_month, month_end, month_start, quarter_start, text, today, Books,
};

use super::shared::{has_source, span_of};

/// A period's first and last day.
type Span = (NaiveDate, NaiveDate);

pub async fn balances(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let t = today();
    let last_month_end = month_start(t).pred_opt().expect("day");
    let cases: Vec<(&str, &str, NaiveDate)> = vec![
        ("What is the cash balance?", "1110", t),
        ("Balance of 1120 as of 31 Dec 2025", "1120", d(2025, 12, 31)),
        (
            "bank current balance at the end of last month",
            "1120",
            last_month_end,
        ),
        ("How much do we owe on bank loans?", "2210", t),
        ("trade receivables as at 30/06/2026", "1210", d(2026, 6, 30)),
        (
            "cash and bank balance on 2026-03-31",
            "1100",
            d(2026, 3, 31),
        ),
        ("trade payables balance", "2110", t),
        (
            "Sales of goods balance as of 31 March 2026",
            "4100",
            d(2026, 3, 31),
        ),
        ("electricty balance", "6220", t),
        ("balance of 1110 at Mar 31, 2026", "1110", d(2026, 3, 31)),
    ];
    for (question, code, as_of) in &cases {
        let answer = b.ask_as(&b.admin, &c, question).await;
        assert_eq!(
            first(&answer),
            b.trial_row(*as_of, code).await,
            "{question}: {answer}"
        );
        assert_eq!(
            answer["figures"][0]["as_of"],
            as_of.to_string(),
            "{question}"
        );
        assert!(has_source(&answer, "trial_balance"), "{question}: {answer}");
        // The source opens the very report the figure is read from.
        let path = answer["sources"][0]["path"].as_str().expect("path");
        assert_eq!(
            path,
            format!("{}trial-balance/?as_of={as_of}", b.accounting())
        );
    }
    // "bank" names several accounts: the member chooses, and the choice answers.
    let ambiguous = b.ask_as(&b.admin, &c, "bank balance").await;
    let choices = ambiguous["clarify"].as_array().expect("clarify");
    let labels: Vec<&str> = choices.iter().filter_map(|c| c["label"].as_str()).collect();
    assert!(labels.iter().any(|l| l.starts_with("1120")), "{ambiguous}");
    assert!(labels.iter().any(|l| l.starts_with("1130")), "{ambiguous}");
    assert!(
        amounts(&ambiguous).is_empty(),
        "no figure before the choice"
    );
    let chosen = choices
        .iter()
        .find(|c| c["label"].as_str().is_some_and(|l| l.starts_with("1120")))
        .expect("1120");
    let answer = b
        .ask_as(&b.admin, &c, chosen["question"].as_str().expect("question"))
        .await;
    assert_eq!(first(&answer), b.trial_row(t, "1120").await, "{answer}");
    cases.len() + 2
}

pub async fn results(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let t = today();
    let this_month = (month_start(t), month_end(t));
    let last = month_start(t) - Months::new(1);
    let last_month = (last, month_end(last));
    let q = quarter_start(t);
    let this_quarter = (q, (q + Months::new(3)).pred_opt().expect("end"));
    let pq = q - Months::new(3);
    let last_quarter = (pq, q.pred_opt().expect("end"));
    let ytd = (d(t.year(), 1, 1), t);
    let march = latest_month(3);
    let february = march - Months::new(1);
    let mut asked = 0;
    // (question, measure, period)
    let single: Vec<(&str, &str, (NaiveDate, NaiveDate))> = vec![
        ("What was revenue this month?", "income", this_month),
        ("revenue last month", "income", last_month),
        ("expenses this quarter", "expense", this_quarter),
        ("revenue YTD", "income", ytd),
        ("expenses year to date", "expense", ytd),
        (
            "revenue in Q3 2025",
            "income",
            (d(2025, 7, 1), d(2025, 9, 30)),
        ),
        ("expenses in March", "expense", (march, month_end(march))),
        (
            "revenue from 1 Jan 2026 to 31 Mar 2026",
            "income",
            (d(2026, 1, 1), d(2026, 3, 31)),
        ),
        (
            "expenses last year",
            "expense",
            (d(t.year() - 1, 1, 1), d(t.year() - 1, 12, 31)),
        ),
        (
            "sales in Q1 2026",
            "income",
            (d(2026, 1, 1), d(2026, 3, 31)),
        ),
    ];
    for (question, kind, (from, to)) in &single {
        let answer = b.ask_as(&b.admin, &c, question).await;
        assert_eq!(
            first(&answer),
            b.total(kind, *from, *to).await,
            "{question}: {answer}"
        );
        assert_eq!(
            span_of(&answer["figures"][0]),
            (from.to_string(), to.to_string()),
            "{question}"
        );
        assert!(
            has_source(&answer, &format!("{kind}_summary")),
            "{question}"
        );
        asked += 1;
    }
    let profits: Vec<(&str, (NaiveDate, NaiveDate))> = vec![
        ("profit for Q1 2026", (d(2026, 1, 1), d(2026, 3, 31))),
        ("net profit last month", last_month),
        (
            "did we make a profit in 2026?",
            (d(2026, 1, 1), d(2026, 12, 31)),
        ),
    ];
    for (question, (from, to)) in &profits {
        let answer = b.ask_as(&b.admin, &c, question).await;
        assert_eq!(
            first(&answer),
            b.profit(*from, *to).await,
            "{question}: {answer}"
        );
        asked += 1;
    }
    // Comparisons: both periods and the change between them.
    let compared: Vec<(&str, &str, Span, Span)> = vec![
        (
            "profit this quarter vs last",
            "profit",
            this_quarter,
            last_quarter,
        ),
        (
            "revenue March vs February",
            "income",
            (march, month_end(march)),
            (february, month_end(february)),
        ),
        (
            "expenses this month compared with last month",
            "expense",
            this_month,
            last_month,
        ),
    ];
    for (question, kind, now, then) in &compared {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let (a, z) = if *kind == "profit" {
            (b.profit(now.0, now.1).await, b.profit(then.0, then.1).await)
        } else {
            (
                b.total(kind, now.0, now.1).await,
                b.total(kind, then.0, then.1).await,
            )
        };
        let figures = amounts(&answer);
        assert_eq!(&figures[..3], &[a, z, a - z], "{question}: {answer}");
        asked += 1;
    }
    // One account's activity over a period, from its summary row.
    let accounts: Vec<(&str, &str, &str, (NaiveDate, NaiveDate))> = vec![
        (
            "how much did we spend on rent in March?",
            "expense",
            "6210",
            (march, month_end(march)),
        ),
        (
            "electricity cost last quarter",
            "expense",
            "6220",
            last_quarter,
        ),
        ("sales of goods revenue YTD", "income", "4100", ytd),
    ];
    for (question, kind, code, (from, to)) in &accounts {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let summary = b.summary(kind, *from, *to).await;
        let row = summary["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["account_code"] == *code)
            .expect("row");
        assert_eq!(first(&answer), dec(&row["total"]), "{question}: {answer}");
        asked += 1;
    }
    asked
}

pub async fn tops_and_budgets(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let t = today();
    let ytd = (d(t.year(), 1, 1), t);
    let last = month_start(t) - Months::new(1);
    let march = latest_month(3);
    let mut asked = 0;
    let tops: Vec<(&str, &str, usize, (NaiveDate, NaiveDate))> = vec![
        ("top 5 expenses YTD", "expense", 5, ytd),
        (
            "top 3 revenue accounts this year",
            "income",
            3,
            (d(t.year(), 1, 1), d(t.year(), 12, 31)),
        ),
        (
            "largest expense accounts last month",
            "expense",
            5,
            (last, month_end(last)),
        ),
        (
            "top two expenses in March",
            "expense",
            2,
            (march, month_end(march)),
        ),
    ];
    for (question, kind, n, (from, to)) in &tops {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let summary = b.summary(kind, *from, *to).await;
        let mut rows: Vec<(Decimal, String)> = summary["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .filter(|r| r["is_last_level"] == true)
            .map(|r| {
                (
                    dec(&r["total"]),
                    r["account_code"].as_str().unwrap_or("").to_owned(),
                )
            })
            .filter(|(total, _)| !total.is_zero())
            .collect();
        rows.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let expected: Vec<Decimal> = rows.iter().take(*n).map(|r| r.0).collect();
        assert_eq!(amounts(&answer), expected, "{question}: {answer}");
        asked += 1;
    }
    let budgets: Vec<(&str, &str, Option<&str>, Span)> = vec![
        (
            "budget vs actual for expenses last month",
            "expense",
            None,
            (last, month_end(last)),
        ),
        ("budget vs actual revenue YTD", "income", None, ytd),
        (
            "are we over budget on expenses in March?",
            "expense",
            None,
            (march, month_end(march)),
        ),
        ("rent budget vs actual YTD", "expense", Some("6210"), ytd),
    ];
    for (question, kind, code, (from, to)) in &budgets {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let summary = b.summary(kind, *from, *to).await;
        let row = match code {
            None => summary["totals"].clone(),
            Some(code) => summary["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .find(|r| r["account_code"] == *code)
                .cloned()
                .expect("row"),
        };
        let figures = amounts(&answer);
        assert_eq!(figures[0], dec(&row["total"]), "{question}: {answer}");
        if !dec(&row["budget_total"]).is_zero() {
            assert_eq!(
                figures[1],
                dec(&row["budget_total"]),
                "{question}: {answer}"
            );
            assert_eq!(
                figures[2],
                dec(&row["variance_total"]),
                "{question}: {answer}"
            );
        }
        asked += 1;
    }
    asked
}

pub async fn inactive_and_payroll(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let t = today();
    let last = month_start(t) - Months::new(1);
    let mut asked = 0;
    let tb = b
        .get(&format!("{}trial-balance/?as_of={t}", b.accounting()))
        .await;
    let leaves: Vec<(String, String)> = tb["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["is_last_level"] == true && r["is_archived"] == false)
        .map(|r| {
            (
                r["account_id"].as_str().unwrap_or("").to_owned(),
                r["account_code"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let periods: Vec<(&str, (NaiveDate, NaiveDate))> = vec![
        (
            "which accounts had no activity last month?",
            (last, month_end(last)),
        ),
        (
            "accounts without activity in Q1 2026",
            (d(2026, 1, 1), d(2026, 3, 31)),
        ),
        (
            "dormant accounts this year",
            (d(t.year(), 1, 1), d(t.year(), 12, 31)),
        ),
    ];
    for (question, (from, to)) in &periods {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let mut quiet = Vec::new();
        for (id, code) in &leaves {
            let ledger = b
                .get(&format!(
                    "{}general-ledger/?account_id={id}&from={from}&to={to}&page_size=1",
                    b.accounting()
                ))
                .await;
            if ledger["count"] == 0 {
                quiet.push(code.clone());
            }
        }
        let said = text(&answer);
        for code in &quiet {
            assert!(
                said.contains(&format!("({code})")),
                "{question}: {code} missing in {said}"
            );
        }
        if !quiet.is_empty() {
            assert_eq!(
                first(&answer),
                Decimal::from(quiet.len()),
                "{question}: {answer}"
            );
        }
        asked += 1;
    }
    let payroll: Vec<(&str, (NaiveDate, NaiveDate))> = vec![
        (
            "payroll cost last quarter",
            (
                quarter_start(t) - Months::new(3),
                quarter_start(t).pred_opt().expect("end"),
            ),
        ),
        ("payroll cost YTD", (d(t.year(), 1, 1), t)),
        (
            "staff cost in March",
            (latest_month(3), month_end(latest_month(3))),
        ),
    ];
    for (question, (from, to)) in &payroll {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let mut cost = Decimal::ZERO;
        for year in from.year()..=to.year() {
            let summary = b
                .get(&format!("{}payroll/summary/?year={year}", b.accounting()))
                .await;
            for month in summary["months"].as_array().expect("months") {
                let period = month["period"].as_str().expect("period");
                let (first_day, last_day) = (&from.to_string()[..7], &to.to_string()[..7]);
                if period >= first_day && period <= last_day {
                    cost += dec(&month["totals"]["employer_cost"]);
                }
            }
        }
        if cost.is_zero() {
            assert!(amounts(&answer).is_empty(), "{question}: {answer}");
        } else {
            assert_eq!(first(&answer), cost, "{question}: {answer}");
            assert!(has_source(&answer, "payroll_summary"), "{question}");
        }
        asked += 1;
    }
    asked
}
