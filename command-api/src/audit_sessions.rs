//! Audit sessions, write side: open a session pinned to the workspace chain's current
//! head, sign it off (performer, then another reviewer), archive it, share its result by
//! a public link and revoke the link, note and conclude on its findings. Needs
//! `audit_service_access`.
//!
//! Every command runs on the AuditSession aggregate (`domain::audit_session`) through
//! the command runner.

use api_core::access::{authorize, authorize_owned};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{NaiveDate, NaiveTime, Utc};
use commands::{Loaded, Unit};
use domain::audit_session::{
    ArchiveSession, AuditSession, AuditSessionCommand, AuditSessionError, ConcludeFinding,
    NoteFinding, OpenSession, RevokeShare, ShareSession, SignOffSession,
};
use domain::permissions::Action;
use event_schemas::audit_session::{
    AuditSessionOpened, Cutoff, FindingConclusion, FindingTarget, SignOffRole, NAME_CHARS_MAX,
    NOTE_CHARS_MAX, RATIONALE_CHARS_MAX,
};
use event_schemas::{UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{required_text, Problems};
use crate::audit_time_zone::timing_zone;
use crate::ids::parse_id;
use crate::runner::{execute, IntoApiError};
use crate::CommandState;

/// How long a shared link lives unless the auditor says otherwise, and at most.
pub const SHARE_DAYS_DEFAULT: i64 = 30;
pub const SHARE_DAYS_MAX: i64 = 365;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(open_session))
        .routes(routes!(sign_off))
        .routes(routes!(archive))
        .routes(routes!(share))
        .routes(routes!(revoke_share))
        .routes(routes!(note_finding))
        .routes(routes!(conclude_finding))
}

impl IntoApiError for AuditSessionError {
    fn into_api_error(self) -> ApiError {
        match self {
            AuditSessionError::NotFound | AuditSessionError::NoSuchShare => {
                ApiError::NotFound(self.to_string())
            }
            AuditSessionError::FindingsClosed(_) | AuditSessionError::AlreadyOpen => {
                ApiError::Conflict(self.to_string())
            }
            _ => ApiError::NonField(vec![self.to_string()]),
        }
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct OpenBody {
    pub name: String,
    /// `YYYY-MM-DD`.
    pub period_start: String,
    pub period_end: String,
    /// Decimal strings, in the workspace currency.
    #[schema(value_type = api_core::openapi::Money)]
    pub materiality: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub performance_materiality: String,
    #[serde(default)]
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub approval_thresholds: Vec<String>,
    /// The IANA zone (`Africa/Lagos`) the timing tests read posting times in; the
    /// workspace's zone when absent (and no `utc_offset_seconds` is given).
    #[serde(default)]
    pub time_zone: Option<String>,
    /// A fixed offset from UTC in seconds (Lagos 3600) instead of a zone, for clients
    /// that predate zones; ignored when `time_zone` is given.
    #[serde(default)]
    pub utc_offset_seconds: Option<i32>,
    /// The tests' parameters; every one left out keeps its documented default.
    #[serde(default)]
    pub params: Option<Value>,
    /// Public holidays, local dates `YYYY-MM-DD`: postings on them are flagged. Stored in
    /// the parameters' `calendar`; none when absent.
    #[serde(default)]
    pub holidays: Vec<String>,
    /// Working hours, local to the session's zone: postings outside them on working
    /// days are flagged. 08:00–18:00 when absent.
    #[serde(default)]
    pub business_hours: Option<BusinessHoursBody>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct BusinessHoursBody {
    /// `HH:MM`, 24-hour.
    pub start: String,
    pub end: String,
}

fn time(problems: &mut Problems, field: &str, raw: &str) -> Option<NaiveTime> {
    let parsed = NaiveTime::parse_from_str(raw.trim(), "%H:%M").ok();
    if parsed.is_none() {
        problems.add(field, "Enter a time as HH:MM, e.g. 08:00.");
    }
    parsed
}

/// The session's calendar from the form: each holiday a date (ascending, once), the
/// business hours a non-empty day. Problems name the field (`holidays[2]`,
/// `business_hours.end`).
fn calendar(
    problems: &mut Problems,
    holidays: &[String],
    hours: Option<&BusinessHoursBody>,
) -> audit::CalendarParams {
    let mut calendar = audit::CalendarParams::default();
    if holidays.len() > audit::context::HOLIDAYS_MAX {
        problems.add(
            "holidays",
            format!("List at most {} holidays.", audit::context::HOLIDAYS_MAX),
        );
    }
    for (i, raw) in holidays.iter().enumerate() {
        match domain::calendar::parse_date(raw) {
            Ok(day) => calendar.holidays.push(day),
            Err(domain::calendar::DateError::Format) => problems.add(
                &format!("holidays[{i}]"),
                format!("“{}” is not a date; enter YYYY-MM-DD.", raw.trim()),
            ),
            Err(err) => problems.add(&format!("holidays[{i}]"), err.to_string()),
        }
    }
    calendar.holidays.sort_unstable();
    calendar.holidays.dedup();
    if let Some(hours) = hours {
        let start = time(problems, "business_hours.start", &hours.start);
        let end = time(problems, "business_hours.end", &hours.end);
        if let (Some(start), Some(end)) = (start, end) {
            if end <= start {
                problems.add(
                    "business_hours.end",
                    "Business hours must end after they start.",
                );
            }
            calendar.business_hours = audit::BusinessHours { start, end };
        }
    }
    calendar
}

fn date(problems: &mut Problems, field: &str, raw: &str) -> Option<NaiveDate> {
    domain::calendar::parse_date(raw)
        .map_err(|err| problems.add(field, err.to_string()))
        .ok()
}

pub(crate) fn amount(problems: &mut Problems, field: &str, raw: &str) -> Option<Decimal> {
    let parsed = domain::money::parse_decimal(raw).filter(|d| *d > Decimal::ZERO);
    if parsed.is_none() {
        problems.add(field, "Enter an amount above zero, such as 50000.00.");
    }
    parsed
}

/// Opens a session on the workspace for a period. Its population is pinned now: the
/// workspace chain's head (event count, hash, log position) is recorded, and every later
/// run reads the log up to exactly there.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/", tag = "audit",
    params(("workspace_id" = String, Path)), request_body = OpenBody,
    responses((status = 201, description = "The session opened", body = Data<SessionStatus>), (status = 400), (status = 403)))]
pub async fn open_session(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<OpenBody>,
) -> Result<(StatusCode, Json<Data<SessionStatus>>), ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let mut problems = Problems::default();
    let name = body.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > NAME_CHARS_MAX {
        problems.add(
            "name",
            format!("Name the session (1 to {NAME_CHARS_MAX} characters)."),
        );
    }
    let start = date(&mut problems, "period_start", &body.period_start);
    let end = date(&mut problems, "period_end", &body.period_end);
    if let (Some(start), Some(end)) = (start, end) {
        if end < start {
            problems.add("period_end", "The period must end on or after its start.");
        }
    }
    let materiality = amount(&mut problems, "materiality", &body.materiality);
    let performance = amount(
        &mut problems,
        "performance_materiality",
        &body.performance_materiality,
    );
    if let (Some(m), Some(p)) = (materiality, performance) {
        if p > m {
            problems.add(
                "performance_materiality",
                "Performance materiality cannot exceed materiality.",
            );
        }
    }
    let mut thresholds = Vec::new();
    for (i, raw) in body.approval_thresholds.iter().enumerate() {
        if let Some(t) = amount(&mut problems, &format!("approval_thresholds[{i}]"), raw) {
            thresholds.push(t);
        }
    }
    let timing = timing_zone(
        app,
        &workspace_id,
        body.time_zone.as_deref(),
        body.utc_offset_seconds,
        &mut problems,
    )
    .await?;
    let mut params = body.params.clone().unwrap_or_else(|| json!({}));
    let set_calendar = !body.holidays.is_empty() || body.business_hours.is_some();
    let calendar = calendar(&mut problems, &body.holidays, body.business_hours.as_ref());
    match params.as_object_mut() {
        Some(object) if set_calendar => {
            object.insert(
                "calendar".into(),
                serde_json::to_value(&calendar).map_err(ApiError::internal)?,
            );
        }
        Some(_) => {}
        None => problems.add("params", "The test parameters are an object."),
    }
    match serde_json::from_value::<audit::AuditParams>(params.clone()) {
        Err(err) => problems.add(
            "params",
            format!("The test parameters are not valid: {err}"),
        ),
        // Checked once the fields are: a field's own problem is not told twice.
        Ok(parsed) if problems.is_empty() => {
            if let Err(err) = parsed.validate() {
                problems.add(
                    "params",
                    format!("The test parameters are not valid: {err}"),
                );
            }
        }
        Ok(_) => {}
    }
    problems.into_result()?;
    let (Some(period_start), Some(period_end), Some(materiality), Some(performance)) =
        (start, end, materiality, performance)
    else {
        return Err(ApiError::internal("checked above"));
    };
    let head = app.store.chain_head(&workspace_id).await?;
    let cutoff = match head {
        Some(h) => Cutoff {
            chain_seq: h.event_count,
            head_hash: h.head_hash,
            position: h.last_position,
        },
        None => Cutoff {
            chain_seq: 0,
            head_hash: store::hash::GENESIS_HASH.to_owned(),
            position: 0,
        },
    };
    let session_id = uuid::Uuid::now_v7();
    let opened_by: UserId = parse_id(&user.user_id)?;
    let opened = AuditSessionOpened {
        session_id,
        workspace_id: workspace,
        name,
        period_start,
        period_end,
        materiality,
        performance_materiality: performance,
        approval_thresholds: thresholds,
        utc_offset_seconds: timing.utc_offset_seconds,
        time_zone: timing.zone_name(),
        cutoff,
        params,
        opened_by,
    };
    let metadata = session_metadata(app, &user, request_id, &workspace_id).await?;
    execute::<AuditSession>(
        state.runner(),
        &session_id.to_string(),
        OpenSession { opened }.into(),
        &metadata,
        None,
    )
    .await?;
    read_your_writes(app, "audit_sessions").await?;
    Ok((
        StatusCode::CREATED,
        ok(SessionStatus {
            id: session_id.to_string(),
            status: "open".into(),
        }),
    ))
}

/// The metadata of a session's events. Sessions are audit work about the books, not the
/// books: they stay out of the workspace's chain, so opening one never moves the head
/// another session pinned.
async fn session_metadata(
    app: &AppState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: &str,
) -> Result<EventMetadata, ApiError> {
    Ok(EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: api_core::access::organization_of(app, workspace_id).await?,
        workspace_id: None,
        request_id,
        ..Default::default()
    })
}

/// Runs the command `command(caller)` on the workspace's session `session_id` (another
/// workspace's session is not found): the shape of every command after opening. A
/// concurrent command on the same session meets a conflict (409), never a lost update.
async fn run_on_session(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: &str,
    session_id: &str,
    command: impl FnOnce(UserId) -> AuditSessionCommand,
) -> Result<uuid::Uuid, ApiError> {
    let session = load_session(state, workspace_id, session_id).await?;
    run_on_loaded(state, user, request_id, workspace_id, session, command).await
}

/// Runs `command(caller)` on `session`, loaded (and checked to be the workspace's) by the
/// caller; answers the session's id.
async fn run_on_loaded(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: &str,
    session: Loaded<AuditSession>,
    command: impl FnOnce(UserId) -> AuditSessionCommand,
) -> Result<uuid::Uuid, ApiError> {
    let by: UserId = parse_id(&user.user_id)?;
    let metadata = session_metadata(&state.app, user, request_id, workspace_id).await?;
    let mut unit = Unit::new(&metadata, None);
    unit.decide(&session, command(by))
        .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, "audit_sessions").await?;
    session.id.parse().map_err(ApiError::internal)
}

/// The workspace's session `session_id`; another workspace's session is not found.
async fn load_session(
    state: &CommandState,
    workspace_id: &str,
    session_id: &str,
) -> Result<Loaded<AuditSession>, ApiError> {
    let id: uuid::Uuid = parse_id(session_id)?;
    let session = state
        .runner()
        .load::<AuditSession>(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    if session
        .state
        .workspace_id()
        .map(|w| w.to_string())
        .as_deref()
        != Some(workspace_id)
    {
        return Err(AuditSessionError::NotFound.into_api_error());
    }
    Ok(session)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SignOffBody {
    /// `performer` or `reviewer`.
    pub role: String,
    #[serde(default)]
    pub conclusion: String,
}

/// Signs the session off: the performer first, then a reviewer who is someone else.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/sign-off/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = SignOffBody,
    responses((status = 200, body = Data<SignedOff>), (status = 400), (status = 403), (status = 404)))]
pub async fn sign_off(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id)): Path<(String, String)>,
    Body(body): Body<SignOffBody>,
) -> Result<Json<Data<SignedOff>>, ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    let role = match body.role.trim() {
        "performer" => SignOffRole::Performer,
        "reviewer" => SignOffRole::Reviewer,
        _ => {
            return Err(ApiError::field(
                "role",
                "Role must be performer or reviewer.",
            ))
        }
    };
    if body.conclusion.chars().count() > 2000 {
        return Err(ApiError::field(
            "conclusion",
            "Must be at most 2000 characters.",
        ));
    }
    let conclusion = body.conclusion.trim().to_owned();
    let id = run_on_session(
        &state,
        &user,
        request_id,
        &workspace_id,
        &session_id,
        |by| {
            SignOffSession {
                role,
                by,
                on: Utc::now().date_naive(),
                conclusion,
            }
            .into()
        },
    )
    .await?;
    Ok(ok(SignedOff {
        id: id.to_string(),
        signed: body.role.trim().to_owned(),
    }))
}

/// Archives the session: it stays readable and never changes again.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/archive/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<SessionStatus>), (status = 400), (status = 403), (status = 404)))]
pub async fn archive(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<SessionStatus>>, ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    let id = run_on_session(
        &state,
        &user,
        request_id,
        &workspace_id,
        &session_id,
        |by| ArchiveSession { by }.into(),
    )
    .await?;
    Ok(ok(SessionStatus {
        id: id.to_string(),
        status: "archived".into(),
    }))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct ShareBody {
    /// Days the link works, 1 to 365 (30 when absent).
    #[serde(default)]
    pub expires_in_days: Option<i64>,
}

/// Publishes the session's result at a public, unguessable link. The link's secret is
/// answered once and only its SHA-256 is kept.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/shares/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ShareBody,
    responses((status = 201, body = Data<ShareLink>), (status = 400), (status = 403), (status = 404)))]
pub async fn share(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id)): Path<(String, String)>,
    Body(body): Body<ShareBody>,
) -> Result<(StatusCode, Json<Data<ShareLink>>), ApiError> {
    let app = &state.app;
    let session = authorize_publishing(&state, &user, &workspace_id, &session_id).await?;
    let days = body.expires_in_days.unwrap_or(SHARE_DAYS_DEFAULT);
    if !(1..=SHARE_DAYS_MAX).contains(&days) {
        return Err(ApiError::field(
            "expires_in_days",
            format!("A link lasts 1 to {SHARE_DAYS_MAX} days."),
        ));
    }
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    let secret_sha256 = hex::encode(Sha256::digest(token.as_bytes()));
    let expires_at = Utc::now().timestamp_micros() + days * 86_400 * 1_000_000;
    let share_id = uuid::Uuid::now_v7();
    run_on_loaded(&state, &user, request_id, &workspace_id, session, |by| {
        ShareSession {
            share_id,
            secret_sha256,
            expires_at,
            by,
        }
        .into()
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(ShareLink {
            share_id: share_id.to_string(),
            url: format!("{}/audit-shared/{token}", app.public_url),
            token,
            expires_at: api_core::time::iso_datetime(expires_at),
        }),
    ))
}

/// Publishing a session's result (or revoking a link to it) takes the audit service and
/// [`Action::PublishAuditResults`]: a role that writes, and Admin unless the caller opened
/// the session.
async fn authorize_publishing(
    state: &CommandState,
    user: &AuthUser,
    workspace_id: &str,
    session_id: &str,
) -> Result<Loaded<AuditSession>, ApiError> {
    authorize(&state.app, user, workspace_id, Action::AuditSessions, None).await?;
    let session = load_session(state, workspace_id, session_id).await?;
    let owner =
        session.state.opened_by().map(|u| u.to_string()).as_deref() == Some(user.user_id.as_str());
    authorize_owned(
        &state.app,
        user,
        workspace_id,
        Action::PublishAuditResults,
        owner,
    )
    .await?;
    Ok(session)
}

/// A session and its status (`open`, `archived`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SessionStatus {
    pub id: String,
    pub status: String,
}

/// Which sign-off was recorded (`performer` or `reviewer`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SignedOff {
    pub id: String,
    pub signed: String,
}

/// A public link to the signed session; the token is shown once (only its hash is kept).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ShareLink {
    pub share_id: String,
    pub token: String,
    pub url: String,
    pub expires_at: String,
}

/// Revokes a shared link: it stops working at once.
#[utoipa::path(delete, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/shares/{share_id}/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path), ("share_id" = String, Path)),
    responses((status = 204), (status = 403), (status = 404)))]
pub async fn revoke_share(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id, share_id)): Path<(String, String, String)>,
) -> Result<StatusCode, ApiError> {
    let session = authorize_publishing(&state, &user, &workspace_id, &session_id).await?;
    let share_id: uuid::Uuid = parse_id(&share_id)?;
    run_on_loaded(&state, &user, request_id, &workspace_id, session, |by| {
        RevokeShare { share_id, by }.into()
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What a note or a conclusion is about, as a request names it.
#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct TargetBody {
    /// `entry` (a scored journal entry) or `test` (a control point's result).
    #[serde(default)]
    pub kind: String,
    /// With `entry`: the journal entry's id.
    #[serde(default)]
    pub entry_id: Option<String>,
    /// With `test`: the control point, e.g. `weekend_posting`.
    #[serde(default)]
    pub test: Option<String>,
}

/// The finding a request names: a posted entry of this workspace, or a control point the
/// tests know. Problems go under `target.*`.
async fn finding_target(
    app: &AppState,
    problems: &mut Problems,
    workspace_id: &str,
    body: &TargetBody,
) -> Result<Option<FindingTarget>, ApiError> {
    match body.kind.trim() {
        "entry" => {
            let raw = body.entry_id.as_deref().unwrap_or_default().trim();
            let entry: Option<String> = sqlx::query_scalar(
                "SELECT entry_id FROM read_journal_entries \
                 WHERE entry_id = $1 AND workspace_id = $2 AND status <> 'draft'",
            )
            .bind(raw)
            .bind(workspace_id)
            .fetch_optional(&app.db().pool)
            .await?;
            match entry.and_then(|id| id.parse().ok()) {
                Some(entry_id) => Ok(Some(FindingTarget::Entry { entry_id })),
                None => {
                    problems.add(
                        "target.entry_id",
                        "Name a posted journal entry of this workspace.",
                    );
                    Ok(None)
                }
            }
        }
        "test" => {
            let test = body.test.as_deref().unwrap_or_default().trim().to_owned();
            if serde_json::from_value::<audit::TestKind>(json!(test)).is_ok() {
                Ok(Some(FindingTarget::Test { test }))
            } else {
                problems.add("target.test", "Name a control point the tests run.");
                Ok(None)
            }
        }
        _ => {
            problems.add("target.kind", "The target is an entry or a test.");
            Ok(None)
        }
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NoteBody {
    #[serde(default)]
    pub target: TargetBody,
    #[serde(default)]
    pub text: String,
}

/// Adds a note to a finding (a flagged entry or a control point's result) while the
/// session is open or in review; a signed-off or archived session answers 409.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/notes/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = NoteBody,
    responses((status = 201, description = "The note added", body = Data<NoteAdded>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn note_finding(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id)): Path<(String, String)>,
    Body(body): Body<NoteBody>,
) -> Result<(StatusCode, Json<Data<NoteAdded>>), ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    let mut problems = Problems::default();
    let target = finding_target(app, &mut problems, &workspace_id, &body.target).await?;
    let text = required_text(
        &mut problems,
        "text",
        &body.text,
        "Write the note.",
        NOTE_CHARS_MAX,
    );
    problems.into_result()?;
    let target = target.ok_or_else(|| ApiError::internal("checked above"))?;
    let note_id = uuid::Uuid::now_v7();
    run_on_session(
        &state,
        &user,
        request_id,
        &workspace_id,
        &session_id,
        |by| {
            NoteFinding {
                note_id,
                target,
                text,
                by,
            }
            .into()
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(NoteAdded {
            note_id: note_id.to_string(),
        }),
    ))
}

/// The note just added to a finding.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NoteAdded {
    pub note_id: String,
}

/// The conclusion just recorded on a finding.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ConclusionRecorded {
    /// Its snake_case name, e.g. `no_exception`.
    pub conclusion: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ConcludeBody {
    #[serde(default)]
    pub target: TargetBody,
    /// `no_exception`, `exception_adjusted`, `exception_not_material`,
    /// `control_deficiency` or `needs_follow_up`.
    #[serde(default)]
    pub conclusion: String,
    /// Why: the evidence and reasoning behind the conclusion.
    #[serde(default)]
    pub rationale: String,
}

/// Concludes on a finding. Concluding again records a new conclusion; the earlier ones
/// stay in the finding's history. Refused (409) once the session is signed off or
/// archived.
#[utoipa::path(post, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/conclusions/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ConcludeBody,
    responses((status = 201, description = "The conclusion recorded", body = Data<ConclusionRecorded>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn conclude_finding(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, session_id)): Path<(String, String)>,
    Body(body): Body<ConcludeBody>,
) -> Result<(StatusCode, Json<Data<ConclusionRecorded>>), ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::AuditSessions, None).await?;
    let mut problems = Problems::default();
    let target = finding_target(app, &mut problems, &workspace_id, &body.target).await?;
    let conclusion = FindingConclusion::parse(body.conclusion.trim());
    if conclusion.is_none() {
        let names: Vec<_> = FindingConclusion::ALL.iter().map(|c| c.as_str()).collect();
        problems.add(
            "conclusion",
            format!("Choose one of: {}.", names.join(", ")),
        );
    }
    let rationale = required_text(
        &mut problems,
        "rationale",
        &body.rationale,
        "Say why: the evidence behind the conclusion.",
        RATIONALE_CHARS_MAX,
    );
    problems.into_result()?;
    let (Some(target), Some(conclusion)) = (target, conclusion) else {
        return Err(ApiError::internal("checked above"));
    };
    run_on_session(
        &state,
        &user,
        request_id,
        &workspace_id,
        &session_id,
        |by| {
            ConcludeFinding {
                target,
                conclusion,
                rationale,
                by,
            }
            .into()
        },
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(ConclusionRecorded {
            conclusion: conclusion.as_str().to_owned(),
        }),
    ))
}
