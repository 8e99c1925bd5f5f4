//! A session's working papers beside its result: the notes and conclusions on its
//! findings (every one, in log order: a finding's conclusion is its latest), its shared
//! links (live and revoked, never their secret) and the access log of those links.
//! Recording a view of a shared link also lives here.

use std::collections::HashMap;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::client::ClientAddress;
use api_core::openapi::{ok, Data};
use api_core::time::iso_datetime;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use domain::permissions::Action;
use event_schemas::audit_shared_view::{
    AuditSharedViewEvent, AuditSharedViewRecorded, USER_AGENT_CHARS_MAX,
};
use serde::Serialize;
use sqlx::Row;
use store::EventMetadata;
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

use super::session_row;

/// One note or conclusion on a finding.
#[derive(Debug, Clone)]
pub struct FindingNote {
    pub position: i64,
    /// `entry` or `test`.
    pub target_kind: String,
    /// The entry id or the control point's name.
    pub target_ref: String,
    /// `note` or `conclusion`.
    pub note_kind: String,
    /// With a conclusion: its snake_case name.
    pub conclusion: Option<String>,
    /// The note, or the conclusion's rationale.
    pub text: String,
    pub author_id: String,
    pub author_name: String,
    pub recorded_at: i64,
}

impl FindingNote {
    /// The conclusion's label as a workpaper prints it.
    pub fn conclusion_label(&self) -> Option<&'static str> {
        self.conclusion
            .as_deref()
            .and_then(event_schemas::audit_session::FindingConclusion::parse)
            .map(|c| c.label())
    }

    /// The note as the public view answers it: without its author.
    pub fn public(&self) -> PublicFindingNote {
        let target = match self.target_kind.as_str() {
            "entry" => NoteTarget::Entry {
                entry_id: self.target_ref.clone(),
            },
            _ => NoteTarget::Test {
                test: self.target_ref.clone(),
            },
        };
        PublicFindingNote {
            id: self.position.to_string(),
            target,
            kind: self.note_kind.clone(),
            conclusion: self.conclusion.clone(),
            text: self.text.clone(),
            recorded_at: iso_datetime(self.recorded_at),
        }
    }

    /// The note as the session's own pages answer it: with its author.
    pub fn with_author(&self) -> FindingNoteView {
        FindingNoteView {
            note: self.public(),
            author_id: self.author_id.clone(),
            author_name: self.author_name.clone(),
        }
    }
}

/// What a note is on: one entry of a finding, or a whole control point.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum NoteTarget {
    Entry { entry_id: String },
    Test { test: String },
}

/// What a finding note is (as the read model stores it).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NoteKind {
    Note,
    Conclusion,
}

/// A conclusion's snake_case name, one of event-schemas' `FindingConclusion::ALL`.
pub struct ConclusionName;

impl PartialSchema for ConclusionName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .enum_values(Some(
                event_schemas::audit_session::FindingConclusion::ALL.map(|c| c.as_str()),
            ))
            .into()
    }
}

impl ToSchema for ConclusionName {}

/// A note or conclusion on a finding, as the public view shows it (no author).
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicFindingNote {
    /// The note's log position, as a string.
    pub id: String,
    pub target: NoteTarget,
    #[schema(value_type = NoteKind)]
    pub kind: String,
    /// With a conclusion: its snake_case name; otherwise `null`.
    #[schema(value_type = Option<ConclusionName>)]
    pub conclusion: Option<String>,
    /// The note, or the conclusion's rationale.
    pub text: String,
    pub recorded_at: String,
}

/// A note or conclusion on a finding with who wrote it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FindingNoteView {
    #[serde(flatten)]
    pub note: PublicFindingNote,
    pub author_id: String,
    pub author_name: String,
}

/// One shared link of a session (never its secret).
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditShare {
    pub id: String,
    pub created_at: String,
    pub expires_at: String,
    pub expired: bool,
    /// `null` while the link is live.
    pub revoked_at: Option<String>,
    pub created_by: Option<String>,
    pub created_by_name: String,
    pub view_count: i64,
    pub last_viewed_at: Option<String>,
}

/// One view of a shared link.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditShareView {
    pub id: String,
    pub share_id: String,
    pub viewed_at: String,
    pub client_address: Option<String>,
    pub user_agent: Option<String>,
}

/// Every note and conclusion of the session, oldest first.
pub async fn session_notes(
    state: &AppState,
    session_id: &str,
) -> Result<Vec<FindingNote>, ApiError> {
    let rows = sqlx::query(
        "SELECT n.position, n.target_kind, n.target_ref, n.note_kind, n.conclusion, n.text, \
         n.author_id, n.recorded_at, u.first_name, u.last_name \
         FROM read_audit_finding_notes n LEFT JOIN users u ON u.id = n.author_id \
         WHERE n.session_id = $1 ORDER BY n.position",
    )
    .bind(session_id)
    .fetch_all(&state.db().pool)
    .await?;
    let mut notes = Vec::with_capacity(rows.len());
    for row in rows {
        let first: Option<String> = row.try_get("first_name")?;
        let last: Option<String> = row.try_get("last_name")?;
        notes.push(FindingNote {
            position: row.try_get("position")?,
            target_kind: row.try_get("target_kind")?,
            target_ref: row.try_get("target_ref")?,
            note_kind: row.try_get("note_kind")?,
            conclusion: row.try_get("conclusion")?,
            text: row.try_get("text")?,
            author_id: row.try_get("author_id")?,
            author_name: format!("{} {}", first.unwrap_or_default(), last.unwrap_or_default())
                .trim()
                .to_owned(),
            recorded_at: row.try_get("recorded_at")?,
        });
    }
    Ok(notes)
}

/// Each finding's current conclusion (its latest), by `(target_kind, target_ref)`.
pub fn current_conclusions(notes: &[FindingNote]) -> HashMap<(&str, &str), &FindingNote> {
    notes
        .iter()
        .filter(|n| n.note_kind == "conclusion")
        .map(|n| ((n.target_kind.as_str(), n.target_ref.as_str()), n))
        .collect()
}

/// The notes and conclusions on the session's findings, oldest first: a finding's
/// conclusion is its latest; the earlier ones are its history.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/notes/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<Vec<FindingNoteView>>), (status = 403), (status = 404)))]
pub async fn list_notes(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<Vec<FindingNoteView>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    session_row(&state, &workspace_id, &session_id).await?;
    let notes = session_notes(&state, session_id.trim()).await?;
    Ok(ok(notes.iter().map(FindingNote::with_author).collect()))
}

/// The session's shared links, newest first: live, expired and revoked ones, who
/// created each, how often and when it was last viewed. Never the link's secret.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/shares/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<Vec<AuditShare>>), (status = 403), (status = 404)))]
pub async fn list_shares(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<Vec<AuditShare>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    session_row(&state, &workspace_id, &session_id).await?;
    let rows = sqlx::query(
        "SELECT s.share_id, s.shared_at, s.expires_at, s.revoked_at, s.shared_by, \
         s.view_count, s.last_viewed_at, u.first_name, u.last_name \
         FROM read_audit_shares s LEFT JOIN users u ON u.id = s.shared_by \
         WHERE s.session_id = $1 ORDER BY s.shared_at DESC, s.share_id DESC",
    )
    .bind(session_id.trim())
    .fetch_all(&state.db().pool)
    .await?;
    let now = chrono::Utc::now().timestamp_micros();
    let mut shares = Vec::with_capacity(rows.len());
    for row in rows {
        let first: Option<String> = row.try_get("first_name")?;
        let last: Option<String> = row.try_get("last_name")?;
        let expires_at: i64 = row.try_get("expires_at")?;
        let revoked_at: Option<i64> = row.try_get("revoked_at")?;
        let last_viewed: Option<i64> = row.try_get("last_viewed_at")?;
        shares.push(AuditShare {
            id: row.try_get("share_id")?,
            created_at: iso_datetime(row.try_get("shared_at")?),
            expires_at: iso_datetime(expires_at),
            expired: expires_at <= now,
            revoked_at: revoked_at.map(iso_datetime),
            created_by: row.try_get("shared_by")?,
            created_by_name: format!("{} {}", first.unwrap_or_default(), last.unwrap_or_default())
                .trim()
                .to_owned(),
            view_count: row.try_get("view_count")?,
            last_viewed_at: last_viewed.map(iso_datetime),
        });
    }
    Ok(ok(shares))
}

/// Every view of the session's shared links, newest first: when, through which link,
/// from which address and browser.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/sessions/{id}/shares/views/", tag = "audit",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<Vec<AuditShareView>>), (status = 403), (status = 404)))]
pub async fn list_share_views(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, session_id)): Path<(String, String)>,
) -> Result<Json<Data<Vec<AuditShareView>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    session_row(&state, &workspace_id, &session_id).await?;
    let rows = sqlx::query(
        "SELECT view_id, share_id, viewed_at, client_address, user_agent \
         FROM read_audit_share_views WHERE session_id = $1 \
         ORDER BY viewed_at DESC, view_id DESC",
    )
    .bind(session_id.trim())
    .fetch_all(&state.db().pool)
    .await?;
    let views = rows
        .iter()
        .map(|row| {
            Ok(AuditShareView {
                id: row.try_get("view_id")?,
                share_id: row.try_get("share_id")?,
                viewed_at: iso_datetime(row.try_get("viewed_at")?),
                client_address: row.try_get("client_address")?,
                user_agent: row.try_get("user_agent")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(ok(views))
}

/// Who opened a shared link, as the request tells: its peer address and user agent.
pub struct Viewer {
    pub client_address: Option<String>,
    pub user_agent: Option<String>,
}

impl Viewer {
    pub fn of(address: &ClientAddress, headers: &HeaderMap) -> Self {
        let user_agent = headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(|v| v.chars().take(USER_AGENT_CHARS_MAX).collect());
        Self {
            client_address: address.0.map(|a| a.ip().to_string()),
            user_agent,
        }
    }
}

/// Appends the view to the log, in a stream of its own (so a public read never meets a
/// conflict with the session's commands), under the session's organization so the
/// activity log shows it, and waits for the read model to hold it.
pub async fn record_view(
    state: &AppState,
    workspace_id: &str,
    session_id: Uuid,
    share_id: Uuid,
    viewer: Viewer,
    request_id: Option<String>,
) -> Result<(), ApiError> {
    let view_id = Uuid::now_v7();
    let event = AuditSharedViewEvent::AuditSharedViewRecorded(AuditSharedViewRecorded {
        view_id,
        session_id,
        share_id,
        client_address: viewer.client_address,
        user_agent: viewer.user_agent,
    });
    let metadata = EventMetadata {
        organization_id: api_core::access::organization_of(state, workspace_id).await?,
        // Like the session's own events, views stay out of the workspace's chain.
        workspace_id: None,
        request_id,
        ..Default::default()
    };
    commands::Runner::new(state.store.clone())
        .record_new_fact(&view_id.to_string(), event, &metadata)
        .await
        .map_err(ApiError::internal)?;
    // The session's page reads the view in its access log and share list right after.
    api_core::consistency::read_your_writes(state, "audit_sessions").await
}
