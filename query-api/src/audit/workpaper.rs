//! The session's workpaper as a PDF, the document an audit file keeps: the cover (entity,
//! period, materiality, the pinned cut-off), the population tied to the trial balance,
//! every test with its parameters and result, the risk distribution, the flagged entries
//! with their breakdown and conclusion, the notes and conclusions on findings, and the
//! sign-offs. It is rerun from the log up to the cut-off like the result, so it reads the
//! same whenever it is printed.

use std::collections::HashMap;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::documents::attached_documents;
use api_core::time::iso_datetime;
use api_core::{ApiError, AppState};
use audit::RiskBand;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use domain::permissions::Action;
use event_schemas::audit_session::AuditSessionOpened;
use rust_decimal::Decimal;
use serde::Serialize;
use serde_json::Value;
use sqlx::Row;

use super::findings::{current_conclusions, session_notes, FindingNote};
use super::report::{session_run, SessionRun};
use super::{definition, session_row, FLAGGED_MAX};
use crate::pdf::{money, money_in, Column, Document, PdfError, Weight};

/// The session's workpaper, a multi-page PDF.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/workpaper.pdf", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, description = "The workpaper", content_type = "application/pdf", body = Vec<u8>), (status = 403), (status = 404)))]
pub async fn session_workpaper(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let row = session_row(&state, &workspace_id, &session_id).await?;
    let opened = definition(&row)?;
    let run = session_run(&state.store, &opened).await?;
    let notes = session_notes(&state, session_id.trim()).await?;
    let workspace: Option<(String, String)> =
        sqlx::query_as("SELECT name, base_currency FROM read_workspaces WHERE id = $1")
            .bind(&workspace_id)
            .fetch_optional(&state.db().pool)
            .await?;
    let (entity, currency) = workspace.unzip();
    let signed = |role: &str| -> Result<Signature, sqlx::Error> {
        Ok(Signature {
            user_id: row.try_get(format!("{role}_id").as_str())?,
            on: row.try_get(format!("{role}_on").as_str())?,
            conclusion: row.try_get(format!("{role}_conclusion").as_str())?,
        })
    };
    let header = Header {
        entity: entity.unwrap_or_default(),
        currency: currency.unwrap_or_else(|| "NGN".into()),
        status: row.try_get("status")?,
        opened_at: row.try_get("opened_at")?,
        performer: signed("performer")?,
        reviewer: signed("reviewer")?,
    };
    let mut people: Vec<String> = vec![opened.opened_by.to_string()];
    people.extend(header.performer.user_id.clone());
    people.extend(header.reviewer.user_id.clone());
    let names = user_names(&state, &people).await?;
    let scored = run.report.scores.iter().filter(|s| s.band != RiskBand::Low);
    let flagged: Vec<String> = scored
        .take(FLAGGED_MAX)
        .map(|s| s.entry_id.to_string())
        .collect();
    let evidence = attached_documents(&state, "journal_entry", &flagged).await?;
    let bytes = render(&opened, &header, &run, &notes, &names, &evidence)?;
    let filename = format!("workpaper-{}.pdf", opened.session_id);
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/pdf".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

/// The documents attached to flagged entries, by entry id.
type Evidence = std::collections::BTreeMap<String, Vec<api_core::documents::AttachedDocument>>;

/// A sign-off as the session row holds it.
struct Signature {
    user_id: Option<String>,
    on: Option<String>,
    conclusion: Option<String>,
}

/// What the workpaper says of the session beyond its definition.
struct Header {
    entity: String,
    /// The workspace's ISO 4217 currency: amounts print as "NGN 1,234.00", the code
    /// auditors file by, whatever the currency's sign.
    currency: String,
    status: String,
    opened_at: i64,
    performer: Signature,
    reviewer: Signature,
}

/// Names of users by id ("First Last"), for sign-offs and notes.
async fn user_names(state: &AppState, ids: &[String]) -> Result<HashMap<String, String>, ApiError> {
    let mut names = HashMap::new();
    for id in ids {
        if names.contains_key(id) {
            continue;
        }
        let row = sqlx::query("SELECT first_name, last_name, email FROM users WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.db().pool)
            .await?;
        if let Some(row) = row {
            let first: String = row.try_get("first_name")?;
            let last: String = row.try_get("last_name")?;
            let email: String = row.try_get("email")?;
            let name = format!("{first} {last}").trim().to_owned();
            names.insert(
                id.clone(),
                if name.is_empty() {
                    email
                } else {
                    format!("{name} ({email})")
                },
            );
        }
    }
    Ok(names)
}

/// A value's serde name (`weekend_posting`, `high`).
fn serde_name<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// `weekend_posting` as "Weekend posting".
fn readable(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The test parameters as `path = value` lines (`benford.amount_min = 10`).
fn flatten(prefix: &str, value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                flatten(&path, inner, out);
            }
        }
        Value::String(text) => out.push((prefix.to_owned(), text.clone())),
        other => out.push((prefix.to_owned(), other.to_string())),
    }
}

fn render(
    opened: &AuditSessionOpened,
    header: &Header,
    run: &SessionRun,
    notes: &[FindingNote],
    names: &HashMap<String, String>,
    evidence: &Evidence,
) -> Result<Vec<u8>, PdfError> {
    let report = &run.report;
    let name_of = |id: &str| names.get(id).cloned().unwrap_or_else(|| id.to_owned());
    let numbers: HashMap<String, &str> = report
        .scores
        .iter()
        .map(|s| (s.entry_id.to_string(), s.number.as_str()))
        .collect();
    let target_name = |kind: &str, reference: &str| match kind {
        "entry" => numbers
            .get(reference)
            .map(|n| (*n).to_owned())
            .unwrap_or_else(|| format!("Entry {reference}")),
        _ => readable(reference),
    };
    let concluded = current_conclusions(notes);
    let conclusion_of = |kind: &str, reference: &str| {
        concluded
            .get(&(kind, reference))
            .and_then(|n| n.conclusion_label())
            .unwrap_or("Not concluded")
            .to_owned()
    };

    let mut doc = Document::new(&format!("Audit workpaper: {}", opened.name));

    // Cover.
    doc.gap(60.0);
    doc.text("Audit workpaper", 24.0, Weight::Bold);
    doc.text(&opened.name, 16.0, Weight::Regular);
    doc.gap(16.0);
    doc.fields(&[
        ("Entity", header.entity.clone()),
        (
            "Period",
            format!("{} to {}", opened.period_start, opened.period_end),
        ),
        (
            "Materiality",
            money_in(&header.currency, opened.materiality),
        ),
        (
            "Performance materiality",
            money_in(&header.currency, opened.performance_materiality),
        ),
        (
            "Approval thresholds",
            if opened.approval_thresholds.is_empty() {
                "None".to_owned()
            } else {
                opened
                    .approval_thresholds
                    .iter()
                    .map(|t| money_in(&header.currency, *t))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        ),
        (
            "Time zone",
            super::report::context_of(opened, &super::report::params_of(opened)).zone_name(),
        ),
        ("Status", readable(&header.status)),
        ("Opened by", name_of(&opened.opened_by.to_string())),
    ]);
    doc.heading("Cut-off", 3);
    doc.paragraph(
        "The population is the workspace's hash chain up to this event, pinned when the \
         session opened: any later verification of the log must reproduce this head.",
    );
    doc.fields(&[
        ("Chain events", opened.cutoff.chain_seq.to_string()),
        ("Head hash", opened.cutoff.head_hash.clone()),
        ("Log position", opened.cutoff.position.to_string()),
        ("Pinned at", iso_datetime(header.opened_at)),
        ("Session", opened.session_id.to_string()),
    ]);

    // Population, tied to the trial balance.
    doc.new_page();
    doc.heading("Population and trial balance", 2);
    doc.paragraph(
        "The population holds the entries posted by the cut-off and dated on or after the \
         period start; entries dated after the period end stay in for the cut-off tests. \
         It ties to the trial balance's movements for the period as the log held them at \
         the cut-off.",
    );
    let population = &report.population;
    let tied_debits = run.period.debits + run.after_period.debits;
    let tied_credits = run.period.credits + run.after_period.credits;
    let (debits_heading, credits_heading) = (
        format!("Debits ({})", header.currency),
        format!("Credits ({})", header.currency),
    );
    let row = |label: &str, entries: String, debits: Decimal, credits: Decimal| {
        vec![label.to_owned(), entries, money(debits), money(credits)]
    };
    doc.table(
        &[
            Column::text("", 3.0),
            Column::number("Entries", 1.0),
            Column::number(&debits_heading, 1.5),
            Column::number(&credits_heading, 1.5),
        ],
        &[
            row(
                "Trial balance movements for the period",
                run.period.entries.to_string(),
                run.period.debits,
                run.period.credits,
            ),
            row(
                "Add: entries dated after the period end",
                run.after_period.entries.to_string(),
                run.after_period.debits,
                run.after_period.credits,
            ),
            row(
                "Expected population",
                (run.period.entries + run.after_period.entries).to_string(),
                tied_debits,
                tied_credits,
            ),
            row(
                "Population tested",
                population.entries.to_string(),
                population.total_debits,
                population.total_credits,
            ),
            row(
                "Difference",
                (population.entries as i64
                    - (run.period.entries + run.after_period.entries) as i64)
                    .to_string(),
                population.total_debits - tied_debits,
                population.total_credits - tied_credits,
            ),
        ],
    );
    let ties = population.total_debits == tied_debits
        && population.total_credits == tied_credits
        && run.period.debits == run.period.credits;
    doc.text(
        if ties {
            "The population ties to the trial balance, and the period's movements balance."
        } else {
            "The population does NOT tie to the trial balance: investigate the difference."
        },
        9.5,
        Weight::Bold,
    );
    doc.paragraph(&format!("Lines in the population: {}.", population.lines));

    // Tests.
    doc.heading("Tests and results", 2);
    let test_rows: Vec<Vec<String>> = report
        .counts
        .iter()
        .map(|count| {
            let name = serde_name(&count.test);
            vec![
                readable(&name),
                count.findings.to_string(),
                count.entries.to_string(),
                conclusion_of("test", &name),
            ]
        })
        .collect();
    doc.table(
        &[
            Column::text("Control point", 3.0),
            Column::number("Findings", 1.0),
            Column::number("Entries", 1.0),
            Column::text("Conclusion", 2.0),
        ],
        &test_rows,
    );
    doc.heading("Digit tests", 3);
    let digit_rows: Vec<Vec<String>> = report
        .digit_tests
        .iter()
        .map(|test| {
            let name = readable(&serde_name(&test.test));
            match &test.outcome {
                audit::benford::DigitOutcome::InsufficientData {
                    amounts,
                    amounts_min,
                } => vec![
                    name,
                    test.amounts_analysed.to_string(),
                    "-".into(),
                    "-".into(),
                    format!("Insufficient data ({amounts} of {amounts_min} amounts)"),
                ],
                audit::benford::DigitOutcome::Analysed(a) => vec![
                    name,
                    test.amounts_analysed.to_string(),
                    format!("{:.4}", a.mad),
                    format!("{:.3}", a.chi_square_p_value),
                    format!(
                        "{}{}",
                        a.conformity
                            .map(|c| readable(&serde_name(&c)))
                            .unwrap_or_else(|| "Judged by chi-square".into()),
                        if a.departs { " - departs" } else { "" }
                    ),
                ],
            }
        })
        .collect();
    doc.table(
        &[
            Column::text("Test", 2.0),
            Column::number("Amounts", 1.0),
            Column::number("MAD", 1.0),
            Column::number("p (chi-sq.)", 1.0),
            Column::text("Verdict", 2.5),
        ],
        &digit_rows,
    );
    if !report.limitations.is_empty() {
        doc.heading("Limitations", 3);
        for limitation in &report.limitations {
            doc.paragraph(&format!(
                "{}: {}",
                readable(limitation.step.name()),
                limitation.reason
            ));
        }
    }
    doc.heading("Parameters", 3);
    let mut params = Vec::new();
    flatten(
        "",
        &serde_json::to_value(&report.params).unwrap_or_default(),
        &mut params,
    );
    let param_rows: Vec<Vec<String>> = params.into_iter().map(|(k, v)| vec![k, v]).collect();
    doc.table(
        &[Column::text("Parameter", 3.0), Column::text("Value", 2.0)],
        &param_rows,
    );

    // Risk.
    doc.heading("Risk distribution", 2);
    let distribution = &report.distribution;
    doc.table(
        &[Column::text("Band", 2.0), Column::number("Entries", 1.0)],
        &[
            vec!["High".into(), distribution.high.to_string()],
            vec!["Medium".into(), distribution.medium.to_string()],
            vec!["Low".into(), distribution.low.to_string()],
        ],
    );

    // Flagged entries.
    doc.heading("Flagged entries", 2);
    let flagged: Vec<_> = report
        .scores
        .iter()
        .filter(|s| s.band != RiskBand::Low)
        .take(FLAGGED_MAX)
        .collect();
    if flagged.is_empty() {
        doc.paragraph("No entry scored medium or high.");
    } else {
        let rows: Vec<Vec<String>> = flagged
            .iter()
            .map(|score| {
                let breakdown = score
                    .breakdown
                    .iter()
                    .map(|c| format!("{} ({:.2})", readable(&serde_name(&c.test)), c.weight))
                    .collect::<Vec<_>>()
                    .join("; ");
                vec![
                    score.number.clone(),
                    format!("{:.1}", score.score),
                    readable(&serde_name(&score.band)),
                    breakdown,
                    conclusion_of("entry", &score.entry_id.to_string()),
                ]
            })
            .collect();
        doc.table(
            &[
                Column::text("Entry", 1.3),
                Column::number("Score", 0.8),
                Column::text("Band", 0.9),
                Column::text("Breakdown", 4.0),
                Column::text("Conclusion", 2.0),
            ],
            &rows,
        );
    }

    // The documents behind the flagged entries, with the hashes that identify them.
    doc.heading("Evidence on flagged entries", 2);
    let rows: Vec<Vec<String>> = flagged
        .iter()
        .flat_map(|score| {
            let documents = evidence.get(&score.entry_id.to_string());
            documents.into_iter().flatten().map(|d| {
                let size = format!("{} bytes", d.size);
                vec![score.number.clone(), d.name.clone(), size, d.sha256.clone()]
            })
        })
        .collect();
    if rows.is_empty() {
        doc.paragraph("No document is attached to the flagged entries.");
    } else {
        let columns = [
            Column::text("Entry", 1.2),
            Column::text("Document", 2.4),
            Column::number("Size", 1.0),
            Column::text("SHA-256", 4.4),
        ];
        doc.table(&columns, &rows);
    }

    // Notes and conclusions.
    doc.heading("Notes and conclusions", 2);
    if notes.is_empty() {
        doc.paragraph("No notes or conclusions were recorded on the findings.");
    } else {
        let rows: Vec<Vec<String>> = notes
            .iter()
            .map(|note| {
                vec![
                    iso_datetime(note.recorded_at),
                    target_name(&note.target_kind, &note.target_ref),
                    note.conclusion_label().unwrap_or("Note").to_owned(),
                    note.text.clone(),
                    if note.author_name.is_empty() {
                        name_of(&note.author_id)
                    } else {
                        note.author_name.clone()
                    },
                ]
            })
            .collect();
        doc.table(
            &[
                Column::text("When", 1.6),
                Column::text("Finding", 1.5),
                Column::text("Conclusion", 1.5),
                Column::text("Text", 4.0),
                Column::text("By", 1.5),
            ],
            &rows,
        );
    }

    // Sign-offs.
    doc.heading("Sign-offs", 2);
    for (role, signature) in [
        ("Performer", &header.performer),
        ("Reviewer", &header.reviewer),
    ] {
        doc.heading(role, 3);
        match (&signature.user_id, &signature.on) {
            (Some(user), Some(on)) => doc.fields(&[
                ("Signed by", name_of(user)),
                ("Signed on", on.clone()),
                (
                    "Conclusion",
                    signature
                        .conclusion
                        .clone()
                        .filter(|c| !c.is_empty())
                        .unwrap_or_else(|| "None given".into()),
                ),
            ]),
            _ => doc.paragraph("Not signed off."),
        }
    }
    doc.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_groups_thousands_and_keeps_two_places() {
        assert_eq!(money(Decimal::new(123456750, 2)), "1,234,567.50");
        assert_eq!(money(Decimal::new(-5, 0)), "(5.00)");
        assert_eq!(money(Decimal::ZERO), "0.00");
        assert_eq!(money(Decimal::new(100000, 2)), "1,000.00");
    }

    #[test]
    fn an_amount_prints_with_its_currency_code_not_a_sign() {
        assert_eq!(money_in("NGN", Decimal::new(123400, 2)), "NGN 1,234.00");
    }
}
