//! Audit sessions, read side: a workspace's sessions, one session, its result (rerun from
//! the log up to the pinned cut-off, see [`report`]) and the public shared view.
//!
//! - [`chain`]: the one replay of the workspace chain the others read.
//! - [`report`]: the session's population from the workspace chain and the tests' run.
//! - [`time_travel`]: the trial balance and general ledger as known at a recorded time,
//!   the trial balance compared between two, the changes between two and after a close.
//! - [`findings`]: notes and conclusions on findings, shared links and their access log.
//! - [`shared`]: the public view behind a shared link, and its evidence downloads.
//! - [`workpaper`]: the session's workpaper as a PDF (laid out by [`crate::pdf`]).
//! - [`continuous`]: continuous monitoring's settings and the entries it flagged since
//!   the last close.

pub(crate) mod chain;
pub mod continuous;
pub mod findings;
pub mod report;
pub mod shared;
pub mod time_travel;
pub mod workpaper;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use audit::{AuditReport, RiskBand};
use axum::extract::{Path, State};
use axum::Json;
use domain::permissions::Action;
use event_schemas::audit_session::{AuditSessionEvent, AuditSessionOpened, SignOffRole};
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

/// Scored entries a result lists: every medium and high one, up to this many.
pub const FLAGGED_MAX: usize = 1_000;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_sessions))
        .routes(routes!(get_session))
        .routes(routes!(session_results))
        .routes(routes!(session_findings_csv))
        .routes(routes!(shared::shared_session))
        .routes(routes!(shared::shared_evidence))
        .routes(routes!(findings::list_notes))
        .routes(routes!(findings::list_shares))
        .routes(routes!(findings::list_share_views))
        .routes(routes!(workpaper::session_workpaper))
        .routes(routes!(time_travel::trial_balance_known_at))
        .routes(routes!(time_travel::changes_between))
        .routes(routes!(time_travel::general_ledger_known_at))
        .routes(routes!(time_travel::compare_known_at))
        .routes(routes!(time_travel::changes_after_close))
        .routes(routes!(continuous::settings))
        .routes(routes!(continuous::flagged))
}

const COLUMNS: &str = "id, workspace_id, name, period_start, period_end, materiality, \
    performance_materiality, status, cutoff_seq, cutoff_hash, cutoff_position, opened_by, \
    opened_at, performer_id, performer_on, performer_conclusion, reviewer_id, reviewer_on, \
    reviewer_conclusion, definition";

/// The states a session's `status` takes (as the read model stores them).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Open,
    InReview,
    SignedOff,
    Archived,
}

/// Where the session's population was pinned: the workspace chain's head when it opened.
#[derive(Debug, Serialize, ToSchema)]
pub struct Cutoff {
    pub chain_seq: i64,
    pub head_hash: String,
    pub position: i64,
}

/// A sign-off as the public view shows it: when and what, not who.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSignOff {
    /// `YYYY-MM-DD`; `null` until signed.
    pub signed_on: Option<String>,
    pub conclusion: Option<String>,
}

/// A sign-off (performer or reviewer).
#[derive(Debug, Serialize, ToSchema)]
pub struct SignOff {
    pub user_id: Option<String>,
    #[serde(flatten)]
    pub signed: PublicSignOff,
}

/// What every view of a session shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionSummary {
    pub id: String,
    pub workspace_id: String,
    pub name: String,
    pub period_start: String,
    pub period_end: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub materiality: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub performance_materiality: String,
    #[schema(value_type = SessionState)]
    pub status: String,
    pub cutoff: Cutoff,
    pub opened_at: String,
    /// The calendar the timing tests read; `null` if the definition cannot be read.
    pub calendar: Option<SessionCalendar>,
}

/// An audit session: its definition, cut-off, state and sign-offs.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditSession {
    #[serde(flatten)]
    pub summary: SessionSummary,
    pub opened_by: String,
    pub performer: SignOff,
    pub reviewer: SignOff,
}

/// A session as a shared link shows it: people only by their sign-off role.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicSession {
    #[serde(flatten)]
    pub summary: SessionSummary,
    pub performer: PublicSignOff,
    pub reviewer: PublicSignOff,
}

impl From<AuditSession> for PublicSession {
    fn from(session: AuditSession) -> Self {
        Self {
            summary: session.summary,
            performer: session.performer.signed,
            reviewer: session.reviewer.signed,
        }
    }
}

pub(crate) fn session_json(row: &sqlx::any::AnyRow) -> Result<AuditSession, sqlx::Error> {
    let text = |name: &str| row.try_get::<Option<String>, _>(name);
    let sign_off = |who: &str, on: &str, conclusion: &str| -> Result<SignOff, sqlx::Error> {
        Ok(SignOff {
            user_id: text(who)?,
            signed: PublicSignOff {
                signed_on: text(on)?,
                conclusion: text(conclusion)?,
            },
        })
    };
    Ok(AuditSession {
        summary: SessionSummary {
            id: row.try_get::<String, _>("id")?,
            workspace_id: row.try_get::<String, _>("workspace_id")?,
            name: row.try_get::<String, _>("name")?,
            period_start: row.try_get::<String, _>("period_start")?,
            period_end: row.try_get::<String, _>("period_end")?,
            materiality: row.try_get::<String, _>("materiality")?,
            performance_materiality: row.try_get::<String, _>("performance_materiality")?,
            status: row.try_get::<String, _>("status")?,
            cutoff: Cutoff {
                chain_seq: row.try_get::<i64, _>("cutoff_seq")?,
                head_hash: row.try_get::<String, _>("cutoff_hash")?,
                position: row.try_get::<i64, _>("cutoff_position")?,
            },
            opened_at: api_core::time::iso_datetime(row.try_get("opened_at")?),
            calendar: calendar_of(row)?,
        },
        opened_by: row.try_get::<String, _>("opened_by")?,
        performer: sign_off("performer_id", "performer_on", "performer_conclusion")?,
        reviewer: sign_off("reviewer_id", "reviewer_on", "reviewer_conclusion")?,
    })
}

/// A session's business hours, `HH:MM` local to its UTC offset.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionHours {
    pub start: String,
    pub end: String,
}

/// The calendar the session's timing tests read: its holidays, business hours and the
/// time zone they are local to.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionCalendar {
    /// `YYYY-MM-DD`.
    pub holidays: Vec<chrono::NaiveDate>,
    pub business_hours: SessionHours,
    pub utc_offset_seconds: i32,
    /// The zone by name (`Africa/Lagos`); a session opened before workspaces had zones
    /// names its offset (`UTC+01:00`).
    pub time_zone: String,
}

fn calendar_of(row: &sqlx::any::AnyRow) -> Result<Option<SessionCalendar>, sqlx::Error> {
    let raw: String = row.try_get("definition")?;
    let opened: Option<AuditSessionOpened> = serde_json::from_str(&raw).ok();
    let Some(opened) = opened else {
        return Ok(None);
    };
    let params = report::params_of(&opened);
    let time_zone = report::context_of(&opened, &params).zone_name();
    let calendar = params.calendar;
    Ok(Some(SessionCalendar {
        time_zone,
        holidays: calendar.holidays,
        business_hours: SessionHours {
            start: calendar.business_hours.start.format("%H:%M").to_string(),
            end: calendar.business_hours.end.format("%H:%M").to_string(),
        },
        utc_offset_seconds: opened.utc_offset_seconds,
    }))
}

/// The session row of this workspace, or 404 (another workspace's id is not found here).
pub(crate) async fn session_row(
    state: &AppState,
    workspace_id: &str,
    session_id: &str,
) -> Result<sqlx::any::AnyRow, ApiError> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_audit_sessions WHERE id = $1 AND workspace_id = $2"
    ))
    .bind(session_id.trim())
    .bind(workspace_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("Audit session not found.".into()))
}

pub(crate) fn definition(row: &sqlx::any::AnyRow) -> Result<AuditSessionOpened, ApiError> {
    let raw: String = row.try_get("definition")?;
    serde_json::from_str(&raw).map_err(ApiError::internal)
}

/// The workspace's audit sessions' rows, newest first.
pub(crate) async fn session_rows(
    state: &AppState,
    workspace_id: &str,
) -> Result<Vec<sqlx::any::AnyRow>, ApiError> {
    Ok(sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_audit_sessions WHERE workspace_id = $1 \
         ORDER BY opened_at DESC, id DESC"
    ))
    .bind(workspace_id)
    .fetch_all(&state.db().pool)
    .await?)
}

/// The workspace's audit sessions, newest first.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/", tag = "audit",
    params(("workspace_id" = String, Path)), responses((status = 200, body = Data<Vec<AuditSession>>), (status = 403)))]
pub async fn list_sessions(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<Vec<AuditSession>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let rows = session_rows(&state, &workspace_id).await?;
    let sessions = rows
        .iter()
        .map(session_json)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ok(sessions))
}

/// One session: its definition, cut-off, state and sign-offs, each sign-off with the
/// moment the log recorded it (`signed_at`: the books as known then are what was signed).
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)), responses((status = 200, body = Data<AuditSessionDetail>), (status = 403), (status = 404)))]
pub async fn get_session(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<AuditSessionDetail>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let row = session_row(&state, &workspace_id, &session_id).await?;
    let AuditSession {
        summary,
        opened_by,
        performer,
        reviewer,
    } = session_json(&row)?;
    let mut session = AuditSessionDetail {
        summary,
        opened_by,
        performer: SignOffDetail {
            sign_off: performer,
            signed_at: None,
        },
        reviewer: SignOffDetail {
            sign_off: reviewer,
            signed_at: None,
        },
    };
    let id: String = row.try_get("id")?;
    let events = state
        .store
        .read_stream(event_schemas::audit_session::AGGREGATE_TYPE, &id, 0)
        .await?;
    for event in &events {
        let Ok(AuditSessionEvent::AuditSessionSignedOff(signed_off)) =
            event.payload.decode::<AuditSessionEvent>()
        else {
            continue;
        };
        let signed = match signed_off.role {
            SignOffRole::Performer => &mut session.performer,
            SignOffRole::Reviewer => &mut session.reviewer,
        };
        signed.signed_at = Some(
            event
                .recorded_at_utc()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        );
    }
    Ok(ok(session))
}

/// A sign-off with the moment the log recorded it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignOffDetail {
    #[serde(flatten)]
    pub sign_off: SignOff,
    /// RFC 3339; `null` until signed.
    pub signed_at: Option<String>,
}

/// One session as its own page shows it: each sign-off with when the log recorded it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditSessionDetail {
    #[serde(flatten)]
    pub summary: SessionSummary,
    pub opened_by: String,
    pub performer: SignOffDetail,
    pub reviewer: SignOffDetail,
}

/// What a result shows: totals, the digit tests, counts per control point, limitations,
/// the risk distribution, every finding, and the flagged (medium and high) entries with
/// their breakdown.
pub(crate) fn result_json(report: &AuditReport) -> AuditResult {
    AuditResult {
        population: report.population.clone(),
        params: report.params.clone(),
        digit_tests: report.digit_tests.clone(),
        counts: report.counts.clone(),
        limitations: report.limitations.clone(),
        distribution: report.distribution,
        findings: report.findings.clone(),
        flagged: report
            .scores
            .iter()
            .filter(|s| s.band != RiskBand::Low)
            .take(FLAGGED_MAX)
            .cloned()
            .collect(),
    }
}

/// A session's result: every test rerun over the log up to the cut-off.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditResult {
    pub population: audit::report::PopulationSummary,
    pub params: audit::AuditParams,
    pub digit_tests: Vec<audit::benford::DigitTest>,
    pub counts: Vec<audit::report::TestCount>,
    pub limitations: Vec<audit::report::Limitation>,
    pub distribution: audit::risk_score::RiskDistribution,
    pub findings: Vec<audit::finding::Finding>,
    /// Medium- and high-risk entries with their breakdown, highest first (at most 1,000).
    pub flagged: Vec<audit::risk_score::EntryScore>,
}

/// The session's result: every test rerun over the log up to the session's cut-off, so
/// it is the same whenever it is asked for.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/results/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<AuditResult>), (status = 403), (status = 404)))]
pub async fn session_results(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<AuditResult>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let row = session_row(&state, &workspace_id, &session_id).await?;
    let opened = definition(&row)?;
    let report = report::session_report(&state.store, &opened).await?;
    Ok(ok(result_json(&report)))
}

/// The session's findings as CSV, one row per finding: the control point, the entries it
/// names (by number), their highest risk score, and why — the workpaper's schedule.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/findings/export/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, description = "One row per finding", content_type = "text/csv", body = String), (status = 403), (status = 404)))]
pub async fn session_findings_csv(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<axum::response::Response, ApiError> {
    use axum::response::IntoResponse;
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let row = session_row(&state, &workspace_id, &session_id).await?;
    let opened = definition(&row)?;
    let report = report::session_report(&state.store, &opened).await?;
    let scores: std::collections::HashMap<_, _> = report
        .scores
        .iter()
        .map(|s| (s.entry_id, (s.number.as_str(), s.score, s.band)))
        .collect();
    let notes = findings::session_notes(&state, session_id.trim()).await?;
    let concluded = findings::current_conclusions(&notes);
    let conclusion_of = |kind: &str, reference: &str| {
        concluded
            .get(&(kind, reference))
            .and_then(|n| n.conclusion.clone())
            .unwrap_or_default()
    };
    let mut out = String::from(
        "control_point,entries,entry_count,highest_score,band,reason,conclusion,entry_conclusions\r\n",
    );
    for finding in &report.findings {
        let test = serde_json::to_value(finding.test)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let named: Vec<_> = finding
            .entries
            .iter()
            .filter_map(|id| scores.get(id))
            .collect();
        let numbers: Vec<&str> = named.iter().map(|(n, _, _)| *n).collect();
        let highest = named.iter().map(|(_, s, _)| *s).fold(0.0_f64, f64::max);
        let band = named
            .iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .and_then(|(_, _, band)| serde_json::to_value(band).ok())
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        // The entries of the finding concluded on one by one: "JE-000001: no_exception".
        let entry_conclusions: Vec<String> = finding
            .entries
            .iter()
            .filter_map(|id| {
                let conclusion = conclusion_of("entry", &id.to_string());
                let number = scores.get(id).map(|(n, _, _)| *n)?;
                (!conclusion.is_empty()).then(|| format!("{number}: {conclusion}"))
            })
            .collect();
        let test_conclusion = conclusion_of("test", &test);
        let cells = [
            test,
            numbers.join(" "),
            finding.entries.len().to_string(),
            format!("{highest:.1}"),
            band,
            finding.reason.clone(),
            test_conclusion,
            entry_conclusions.join("; "),
        ];
        crate::csv::row(&mut out, cells.iter().map(String::as_str));
    }
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                "attachment; filename=\"audit-findings.csv\"".to_owned(),
            ),
        ],
        out,
    )
        .into_response())
}
