//! Answers about entries: who posted what and when, an entry explained (its lines, its
//! history in the log, its audit flags), and why an entry scored as risky — from the
//! journal-entry routes' functions and the audit session's report.

use api_core::pagination::Page;
use api_core::ApiError;
use audit::risk_score::{EntryScore, RiskBand};
use chrono::NaiveDate;
use rust_decimal::prelude::FromPrimitive;
use rust_decimal::Decimal;

use super::accounts::ChartAccount;
use super::period::Period;
use super::reply::{day, decimal, span, At, Reply};
use super::tools::{Books, AUDIT_SESSIONS, LEDGER};
use crate::accounting::routes::entry_history;
use crate::accounting::{journal_entries, journal_entry, JournalEntryFilters, JournalEntrySummary};

/// Entries listed at most in one answer.
pub const ENTRIES_LISTED_MAX: u32 = 5;
/// Control points named at most for one entry.
const REASONS_MAX: usize = 5;

/// The entry numbered `number`, if the workspace has it.
async fn find(books: &Books<'_>, number: &str) -> Result<Option<JournalEntrySummary>, ApiError> {
    let filters = JournalEntryFilters {
        number: Some(number.to_owned()),
        ..JournalEntryFilters::default()
    };
    let page = Page {
        page: 1,
        page_size: 1,
    };
    let list = journal_entries(books.state.db(), books.workspace_id, &filters, page).await?;
    Ok(list.data.into_iter().next())
}

/// A member's name, or "someone" when the account is gone.
async fn name_of(books: &Books<'_>, user_id: Option<&str>) -> Result<String, ApiError> {
    let Some(id) = user_id else {
        return Ok("the system".into());
    };
    Ok(identity::users::by_id(books.state.db(), id)
        .await?
        .map(|u| {
            format!("{} {}", u.first_name, u.last_name)
                .trim()
                .to_owned()
        })
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "a former member".into()))
}

fn not_found(reply: &mut Reply, number: &str) {
    reply.say(format!("There is no entry {number} in these books."));
}

/// Who posted entry `number`, and when.
pub async fn who_posted(
    books: &Books<'_>,
    reply: &mut Reply,
    number: &str,
) -> Result<(), ApiError> {
    let Some(entry) = find(books, number).await? else {
        not_found(reply, number);
        return Ok(());
    };
    let position = books.position(LEDGER).await?;
    reply.source("journal_entry", &entry.id, &[], position);
    let author = name_of(books, Some(&entry.author_id)).await?;
    let amount = reply.money(
        &format!("{number} total"),
        decimal(&entry.amount)?,
        At::Date(entry.date),
    );
    let created = day(entry.created_datetime.date_naive());
    match (&entry.posted_by, entry.posted_datetime) {
        (Some(poster), Some(at)) => {
            let poster = name_of(books, Some(poster)).await?;
            reply.say(format!(
                "{number} ({amount}, dated {}) was created by {author} on {created} and posted by {poster} on {}.",
                day(entry.date),
                day(at.date_naive())
            ));
        }
        _ => reply.say(format!(
            "{number} is still a draft ({amount}, dated {}), created by {author} on {created}.",
            day(entry.date)
        )),
    }
    Ok(())
}

/// The latest posted entries, of one account and/or a period, with who posted them.
pub async fn latest_postings(
    books: &Books<'_>,
    reply: &mut Reply,
    account: Option<&ChartAccount>,
    period: Option<Period>,
) -> Result<(), ApiError> {
    let filters = JournalEntryFilters {
        status: Some("posted".into()),
        account_id: account.map(|a| a.id.clone()),
        date_from: period.as_ref().map(|p| p.from),
        date_to: period.as_ref().map(|p| p.to),
        ..JournalEntryFilters::default()
    };
    let page = Page {
        page: 1,
        page_size: ENTRIES_LISTED_MAX,
    };
    let list = journal_entries(books.state.db(), books.workspace_id, &filters, page).await?;
    let position = books.position(LEDGER).await?;
    let mut params = Vec::new();
    if let Some(a) = account {
        params.push(("account_id", a.id.clone()));
    }
    if let Some(p) = &period {
        params.push(("date_from", p.from.to_string()));
        params.push(("date_to", p.to.to_string()));
    }
    params.push(("status", "posted".to_owned()));
    reply.source("journal_entries", "", &params, position);
    let scope = match (account, &period) {
        (Some(a), Some(p)) => format!(
            " to {} from {}",
            reply.account(&a.code, &a.name),
            span(p.from, p.to)
        ),
        (Some(a), None) => format!(" to {}", reply.account(&a.code, &a.name)),
        (None, Some(p)) => format!(" from {}", span(p.from, p.to)),
        (None, None) => String::new(),
    };
    if list.data.is_empty() {
        reply.say(format!("Nothing was posted{scope}."));
        return Ok(());
    }
    let mut parts = Vec::new();
    for entry in &list.data {
        let number = entry.entry_number.clone().unwrap_or_default();
        let poster = name_of(books, entry.posted_by.as_deref()).await?;
        let amount = reply.money(
            &format!("{number} total"),
            decimal(&entry.amount)?,
            At::Date(entry.date),
        );
        let posted = entry
            .posted_datetime
            .map(|t| day(t.date_naive()))
            .unwrap_or_default();
        parts.push(format!(
            "{number} dated {} for {amount}, posted by {poster} on {posted}",
            day(entry.date)
        ));
    }
    reply.say(format!(
        "The latest entries posted{scope}: {}.",
        parts.join("; ")
    ));
    Ok(())
}

/// An entry: its lines, its history in the log, and what the audit flagged on it.
pub async fn explain(books: &Books<'_>, reply: &mut Reply, number: &str) -> Result<(), ApiError> {
    let Some(summary) = find(books, number).await? else {
        not_found(reply, number);
        return Ok(());
    };
    let Some(entry) = journal_entry(books.state.db(), books.workspace_id, &summary.id).await?
    else {
        not_found(reply, number);
        return Ok(());
    };
    let position = books.position(LEDGER).await?;
    reply.source("journal_entry", &summary.id, &[], position);
    let at = At::Date(summary.date);
    let mut lines = Vec::new();
    for line in &entry.lines {
        let account = reply.account(
            line.account_code.as_deref().unwrap_or(""),
            line.account_name.as_deref().unwrap_or("an unnamed account"),
        );
        let (side, amount) = if decimal(&line.debit)?.is_zero() {
            ("credit", decimal(&line.credit)?)
        } else {
            ("debit", decimal(&line.debit)?)
        };
        let money = reply.money(&format!("{number} {side} {account}"), amount, at);
        lines.push(format!("{side} {account} {money}"));
    }
    let memo = if summary.memo.trim().is_empty() {
        String::new()
    } else {
        format!(" \"{}\"", reply.quote(summary.memo.trim()))
    };
    reply.say(format!(
        "{number}{memo}, dated {}, is {}: {}.",
        day(summary.date),
        summary.status,
        lines.join("; ")
    ));
    if let Some(reverses) = &entry.reverses_number {
        reply.say(format!("It reverses {reverses}."));
    }
    if let Some(by) = &entry.reversed_by_number {
        reply.say(format!("It was reversed by {by}."));
    }
    let history = entry_history(books.state, books.workspace_id, &summary.id).await?;
    reply.source(
        "journal_entry_history",
        &summary.id,
        &[],
        history.events.last().map_or(position, |e| e.position),
    );
    let steps: Vec<String> = history
        .events
        .iter()
        .map(|e| {
            let when = e
                .recorded_at
                .get(..10)
                .and_then(|d| d.parse::<NaiveDate>().ok());
            format!(
                "{} by {} on {}",
                e.event_type,
                e.actor_name.clone().unwrap_or_else(|| "the system".into()),
                when.map(day).unwrap_or_default()
            )
        })
        .collect();
    if !steps.is_empty() {
        reply.say(format!("Its history: {}.", steps.join("; ")));
    }
    if books.reach.audit.is_ok() {
        match score_of(books, reply, &summary).await? {
            Some(score) if score.band != RiskBand::Low => {
                say_score(reply, number, &score, &summary)
            }
            Some(_) => reply.say("The audit tests raised no flag on it."),
            None => {}
        }
    }
    Ok(())
}

/// The entry's score in the newest audit session covering its date, citing the session.
async fn score_of(
    books: &Books<'_>,
    reply: &mut Reply,
    entry: &JournalEntrySummary,
) -> Result<Option<EntryScore>, ApiError> {
    let rows = crate::audit::session_rows(books.state, books.workspace_id).await?;
    for row in &rows {
        let opened = crate::audit::definition(row)?;
        // A session's population starts at its period and keeps later entries (for its
        // cut-off tests), so only entries dated before the period are surely outside it.
        if entry.date < opened.period_start {
            continue;
        }
        let report = crate::audit::report::session_report(&books.state.store, &opened).await?;
        let Some(score) = report
            .scores
            .iter()
            .find(|s| s.entry_id.to_string() == entry.id)
            .cloned()
        else {
            continue;
        };
        let score = Some(score);
        let position = books.position(AUDIT_SESSIONS).await?;
        let session_id = opened.session_id.to_string();
        reply.source(
            "audit_session",
            &session_id,
            &[("entry_id", entry.id.clone())],
            position,
        );
        // Why, in the findings' words, for whoever opens the session.
        if let Some(score) = &score {
            for contribution in &score.breakdown {
                for index in &contribution.findings {
                    if let Some(finding) = report.findings.get(*index) {
                        reply.source(
                            "audit_finding",
                            &session_id,
                            &[
                                ("entry_id", entry.id.clone()),
                                ("test", test_name(&finding.test)),
                                ("reason", finding.reason.clone()),
                            ],
                            position,
                        );
                    }
                }
            }
        }
        return Ok(score);
    }
    Ok(None)
}

/// A control point's name in words (`weekend posting`).
fn test_name(test: &audit::finding::TestKind) -> String {
    serde_json::to_value(test)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
        .unwrap_or_default()
}

fn say_score(reply: &mut Reply, number: &str, score: &EntryScore, entry: &JournalEntrySummary) {
    let value = Decimal::from_f64(score.score)
        .unwrap_or_default()
        .round_dp(1);
    let text = reply.score(&format!("{number} risk score"), value, At::Date(entry.date));
    let band = match score.band {
        RiskBand::High => "high",
        RiskBand::Medium => "medium",
        RiskBand::Low => "low",
    };
    let tests: Vec<String> = score
        .breakdown
        .iter()
        .take(REASONS_MAX)
        .map(|c| test_name(&c.test))
        .collect();
    reply.say(format!(
        "The audit scores {number} at {text} ({band} risk); the tests that fired, strongest first: {}. The sources give each finding's reason.",
        tests.join(", ")
    ));
}

/// Why an entry is risky; without a number, the riskiest entries of the newest session.
pub async fn risk(
    books: &Books<'_>,
    reply: &mut Reply,
    number: Option<&str>,
) -> Result<(), ApiError> {
    if let Some(number) = number {
        let Some(entry) = find(books, number).await? else {
            not_found(reply, number);
            return Ok(());
        };
        match score_of(books, reply, &entry).await? {
            None => reply.say(format!(
                "No audit session has scored {number} yet; open one on its period to score it."
            )),
            Some(score) if score.band == RiskBand::Low => {
                let value = Decimal::from_f64(score.score)
                    .unwrap_or_default()
                    .round_dp(1);
                let text =
                    reply.score(&format!("{number} risk score"), value, At::Date(entry.date));
                reply.say(format!(
                    "{number} is low risk: the audit scores it at {text}."
                ));
            }
            Some(score) => say_score(reply, number, &score, &entry),
        }
        return Ok(());
    }
    let rows = crate::audit::session_rows(books.state, books.workspace_id).await?;
    let Some(row) = rows.first() else {
        reply.say("No audit session has been opened on these books yet, so no entry is scored.");
        return Ok(());
    };
    let opened = crate::audit::definition(row)?;
    let report = crate::audit::report::session_report(&books.state.store, &opened).await?;
    let position = books.position(AUDIT_SESSIONS).await?;
    reply.source(
        "audit_session",
        &opened.session_id.to_string(),
        &[],
        position,
    );
    let flagged: Vec<&EntryScore> = report
        .scores
        .iter()
        .filter(|s| s.band != RiskBand::Low)
        .take(ENTRIES_LISTED_MAX as usize)
        .collect();
    if flagged.is_empty() {
        reply.say("The newest audit session flagged no entry.");
        return Ok(());
    }
    let mut parts = Vec::new();
    for score in flagged {
        let value = Decimal::from_f64(score.score)
            .unwrap_or_default()
            .round_dp(1);
        let text = reply.score(&format!("{} risk score", score.number), value, At::Timeless);
        parts.push(format!("{} ({text})", score.number));
    }
    reply.say(format!(
        "The riskiest entries in the newest audit session: {}. Ask why one of them is risky to see its breakdown.",
        parts.join(", ")
    ));
    Ok(())
}
