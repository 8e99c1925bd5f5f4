//! Answers made of figures: balances, results for periods, the largest accounts, budget
//! against actual, accounts without activity, payroll cost. Each reads the function the
//! matching read route answers with.

use std::collections::HashMap;

use api_core::ApiError;
use chrono::{Datelike, NaiveDate};
use rust_decimal::Decimal;

use super::accounts::ChartAccount;
use super::intent::Measure;
use super::period::{Period, PeriodKind};
use super::reply::{decimal, span, At, Reply};
use super::tools::{Books, LEDGER, PAYROLL};
use crate::accounting::balances::sums_as_of;
use crate::accounting::summaries::{expense_summary, income_summary, Granularity, PeriodSummary};
use crate::accounting::trial_balance;

/// The period a question without one means: this month so far.
fn this_month(today: NaiveDate) -> Period {
    Period {
        from: today.with_day(1).unwrap_or(today),
        to: today,
        kind: PeriodKind::Month,
    }
}

/// `params` of a summary source.
fn range(period: &Period) -> Vec<(&'static str, String)> {
    vec![
        ("from", period.from.to_string()),
        ("to", period.to.to_string()),
    ]
}

/// An account's balance (its sub-accounts rolled up) at a date, from the trial balance.
pub async fn balance(
    books: &Books<'_>,
    reply: &mut Reply,
    account: &ChartAccount,
    as_of: Option<NaiveDate>,
) -> Result<(), ApiError> {
    let as_of = as_of.unwrap_or(books.today);
    let tb = trial_balance(books.state.db(), books.workspace_id, as_of, None).await?;
    let position = books.position(LEDGER).await?;
    let row = tb.rows.iter().find(|r| r.account_id == account.id);
    let amount = match row {
        Some(row) => decimal(&row.balance)?,
        None => Decimal::ZERO,
    };
    let name = reply.account(&account.code, &account.name);
    let money = reply.money(
        &format!("{} balance", account.name),
        amount,
        At::Date(as_of),
    );
    let side = match (account.account_type.as_str(), amount.is_sign_negative()) {
        ("asset" | "expense", false) => " (debit)",
        ("asset" | "expense", true) => " (credit: against its normal side)",
        (_, false) => " (credit)",
        (_, true) => " (debit: against its normal side)",
    };
    reply.say(format!(
        "{name} stood at {money}{side} on {}.",
        super::reply::day(as_of)
    ));
    reply.source(
        "trial_balance",
        &account.id,
        &[("as_of", as_of.to_string())],
        position,
    );
    Ok(())
}

/// The summary of `measure`'s side over `period` (both sides for profit).
async fn summaries(
    books: &Books<'_>,
    period: &Period,
) -> Result<(PeriodSummary, PeriodSummary), ApiError> {
    let db = books.state.db();
    let income = income_summary(
        db,
        books.workspace_id,
        period.from,
        period.to,
        Granularity::Month,
    )
    .await?;
    let expense = expense_summary(
        db,
        books.workspace_id,
        period.from,
        period.to,
        Granularity::Month,
    )
    .await?;
    Ok((income, expense))
}

/// Revenue, expenses or profit over one period (or one account's), with its sources.
async fn result_of(
    books: &Books<'_>,
    reply: &mut Reply,
    measure: Measure,
    account: Option<&ChartAccount>,
    period: &Period,
) -> Result<Decimal, ApiError> {
    let (income, expense) = summaries(books, period).await?;
    let position = books.position(LEDGER).await?;
    let total = |summary: &PeriodSummary| -> Result<Decimal, ApiError> {
        match account {
            Some(a) => summary
                .rows
                .iter()
                .find(|r| r.account_id == a.id)
                .map_or(Ok(Decimal::ZERO), |r| decimal(&r.total)),
            None => decimal(&summary.totals.total),
        }
    };
    let (revenue, expenses) = (total(&income)?, total(&expense)?);
    let mut cite = |kind: &str| {
        reply.source(
            kind,
            account.map_or("", |a| a.id.as_str()),
            &range(period),
            position,
        )
    };
    Ok(match measure {
        Measure::Revenue => {
            cite("income_summary");
            revenue
        }
        Measure::Expenses => {
            cite("expense_summary");
            expenses
        }
        Measure::Profit => {
            cite("income_summary");
            cite("expense_summary");
            revenue - expenses
        }
    })
}

fn measure_name(measure: Measure) -> &'static str {
    match measure {
        Measure::Revenue => "revenue",
        Measure::Expenses => "expenses",
        Measure::Profit => "profit",
    }
}

/// Revenue, expenses or profit for a period, or compared with a second one.
pub async fn results(
    books: &Books<'_>,
    reply: &mut Reply,
    measure: Measure,
    account: Option<&ChartAccount>,
    periods: &[Period],
) -> Result<(), ApiError> {
    let first = periods
        .first()
        .cloned()
        .unwrap_or_else(|| this_month(books.today));
    let what = match account {
        Some(a) => reply.account(&a.code, &a.name),
        None => measure_name(measure).to_owned(),
    };
    let label = |p: &Period| format!("{what} {}", span(p.from, p.to));
    let now = result_of(books, reply, measure, account, &first).await?;
    let now_text = reply.money(&label(&first), now, At::Span(first.from, first.to));
    let Some(second) = periods.get(1) else {
        let lead = capitalized(&what);
        let verb = if measure == Measure::Profit && now.is_sign_negative() {
            format!("{lead} was a loss: {now_text}")
        } else {
            format!("{lead} came to {now_text}")
        };
        reply.say(format!("{verb} from {}.", span(first.from, first.to)));
        return Ok(());
    };
    let then = result_of(books, reply, measure, account, second).await?;
    let then_text = reply.money(&label(second), then, At::Span(second.from, second.to));
    let change = now - then;
    let change_text = reply.money(
        &format!("change in {what}"),
        change,
        At::Span(second.from, first.to),
    );
    let direction = if change.is_sign_negative() && !change.is_zero() {
        "down"
    } else {
        "up"
    };
    let mut sentence = format!(
        "{} came to {now_text} from {}, against {then_text} from {}: {direction} {change_text}",
        capitalized(&what),
        span(first.from, first.to),
        span(second.from, second.to),
    );
    if !then.is_zero() {
        let percent = (change * Decimal::from(100) / then.abs()).round_dp(1);
        let percent_text = reply.score(
            &format!("change in {what}, percent"),
            percent.abs(),
            At::Span(second.from, first.to),
        );
        sentence.push_str(&format!(" ({percent_text}%)"));
    }
    sentence.push('.');
    reply.say(sentence);
    Ok(())
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The posting accounts of the side, largest total first, without zero totals.
fn ranked(summary: &PeriodSummary) -> Result<Vec<(String, String, String, Decimal)>, ApiError> {
    let mut rows = Vec::new();
    for row in summary.rows.iter().filter(|r| r.is_last_level) {
        let total = decimal(&row.total)?;
        if !total.is_zero() {
            rows.push((
                row.account_id.clone(),
                row.account_code.clone(),
                row.name.clone(),
                total,
            ));
        }
    }
    rows.sort_by(|a, b| b.3.cmp(&a.3).then(a.1.cmp(&b.1)));
    Ok(rows)
}

/// The largest expense or revenue accounts of a period.
pub async fn top(
    books: &Books<'_>,
    reply: &mut Reply,
    measure: Measure,
    count: usize,
    period: Option<Period>,
) -> Result<(), ApiError> {
    let period = period.unwrap_or_else(|| this_month(books.today));
    let (income, expense) = summaries(books, &period).await?;
    let position = books.position(LEDGER).await?;
    let (summary, kind, side) = if measure == Measure::Revenue {
        (&income, "income_summary", "revenue")
    } else {
        (&expense, "expense_summary", "expense")
    };
    reply.source(kind, "", &range(&period), position);
    let ranked = ranked(summary)?;
    if ranked.is_empty() {
        reply.say(format!(
            "No {side} account had any activity from {}.",
            span(period.from, period.to)
        ));
        return Ok(());
    }
    let mut parts = Vec::new();
    for (_, code, name, total) in ranked.iter().take(count) {
        let account = reply.account(code, name);
        let money = reply.money(name, *total, At::Span(period.from, period.to));
        parts.push(format!("{account} {money}"));
    }
    reply.say(format!(
        "The largest {side} accounts from {}: {}.",
        span(period.from, period.to),
        parts.join("; ")
    ));
    Ok(())
}

/// Budget against actual for a period, for one account or the whole side.
pub async fn budget(
    books: &Books<'_>,
    reply: &mut Reply,
    measure: Measure,
    account: Option<&ChartAccount>,
    period: Option<Period>,
) -> Result<(), ApiError> {
    let period = period.unwrap_or_else(|| this_month(books.today));
    let (income, expense) = summaries(books, &period).await?;
    let position = books.position(LEDGER).await?;
    let use_income = match account {
        Some(a) => a.account_type == "income",
        None => measure == Measure::Revenue,
    };
    let (summary, kind) = if use_income {
        (&income, "income_summary")
    } else {
        (&expense, "expense_summary")
    };
    reply.source(
        kind,
        account.map_or("", |a| a.id.as_str()),
        &range(&period),
        position,
    );
    let (row, what) = match account {
        Some(a) => match summary.rows.iter().find(|r| r.account_id == a.id) {
            Some(row) => (row, reply.account(&a.code, &a.name)),
            None => {
                let name = reply.account(&a.code, &a.name);
                reply.say(format!(
                    "{name} has no budget or activity from {}.",
                    span(period.from, period.to)
                ));
                return Ok(());
            }
        },
        None => (
            &summary.totals,
            if use_income { "Revenue" } else { "Expenses" }.to_owned(),
        ),
    };
    let at = At::Span(period.from, period.to);
    let actual = decimal(&row.total)?;
    let budget = decimal(&row.budget_total)?;
    let variance = decimal(&row.variance_total)?;
    let actual_text = reply.money(&format!("{what} actual"), actual, at);
    if budget.is_zero() {
        reply.say(format!(
            "{what} came to {actual_text} from {}, with no budget set.",
            span(period.from, period.to)
        ));
        return Ok(());
    }
    let budget_text = reply.money(&format!("{what} budget"), budget, at);
    let variance_text = reply.money(&format!("{what} variance"), variance, at);
    let over = if variance.is_sign_negative() {
        "under"
    } else {
        "over"
    };
    let mut sentence = format!(
        "{what} came to {actual_text} against a budget of {budget_text} from {}: {variance_text} {over} budget",
        span(period.from, period.to)
    );
    if let Some(percent) = &row.variance_percent_total {
        let percent = decimal(percent)?;
        let text = reply.score(&format!("{what} variance, percent"), percent.abs(), at);
        sentence.push_str(&format!(" ({text}%)"));
    }
    sentence.push('.');
    reply.say(sentence);
    Ok(())
}

/// Active posting accounts with no posting dated in the period, from the same totals the
/// trial balance sums.
pub async fn inactive(
    books: &Books<'_>,
    reply: &mut Reply,
    period: Option<Period>,
) -> Result<(), ApiError> {
    let period = period.unwrap_or_else(|| this_month(books.today));
    let db = books.state.db();
    let through_end = sums_as_of(db, books.workspace_id, Some(period.to), None).await?;
    let before = sums_as_of(db, books.workspace_id, period.from.pred_opt(), None).await?;
    let position = books.position(LEDGER).await?;
    let postings = |map: &HashMap<String, crate::accounting::balances::Tally>, id: &str| {
        map.get(id).map_or(0, |t| t.postings)
    };
    let quiet: Vec<&ChartAccount> = books
        .chart
        .iter()
        .filter(|a| a.is_leaf && !a.archived)
        .filter(|a| postings(&through_end, &a.id) == postings(&before, &a.id))
        .collect();
    reply.source("general_ledger", "", &range(&period), position);
    let at = At::Span(period.from, period.to);
    if quiet.is_empty() {
        reply.say(format!(
            "Every active posting account had activity from {}.",
            span(period.from, period.to)
        ));
        return Ok(());
    }
    let n = reply.count("accounts without activity", quiet.len(), at);
    let names: Vec<String> = quiet
        .iter()
        .map(|a| reply.account(&a.code, &a.name))
        .collect();
    reply.say(format!(
        "{n} active posting accounts had no postings from {}: {}.",
        span(period.from, period.to),
        names.join(", ")
    ));
    Ok(())
}

/// Payroll cost (gross pay and the employer's contributions) of the posted pay runs whose
/// month falls in the period, from the payroll summary.
pub async fn payroll(
    books: &Books<'_>,
    reply: &mut Reply,
    period: Option<Period>,
) -> Result<(), ApiError> {
    let period = period.unwrap_or_else(|| this_month(books.today));
    let first = format!("{:04}-{:02}", period.from.year(), period.from.month());
    let last = format!("{:04}-{:02}", period.to.year(), period.to.month());
    let (mut gross, mut cost, mut months) = (Decimal::ZERO, Decimal::ZERO, 0usize);
    let position = books.position(PAYROLL).await?;
    for year in period.from.year()..=period.to.year() {
        let summary =
            crate::payroll::payroll_year(books.state.db(), books.workspace_id, year).await?;
        reply.source(
            "payroll_summary",
            "",
            &[("year", year.to_string())],
            position,
        );
        for month in summary
            .months
            .iter()
            .filter(|m| m.period >= first && m.period <= last)
        {
            gross += month.totals.gross;
            cost += month.totals.employer_cost;
            months += 1;
        }
    }
    let at = At::Span(period.from, period.to);
    if months == 0 {
        reply.say(format!(
            "No pay run was posted for a month from {}.",
            span(period.from, period.to)
        ));
        return Ok(());
    }
    let cost_text = reply.money("payroll cost", cost, at);
    let gross_text = reply.money("gross pay", gross, at);
    let n = reply.count("months with a posted pay run", months, at);
    reply.say(format!(
        "Payroll cost {cost_text} from {} (gross pay {gross_text} and the employer's contributions), over {n} months of posted pay runs.",
        span(period.from, period.to)
    ));
    Ok(())
}
