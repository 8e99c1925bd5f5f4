//! The public, read-only view of an audit session behind a shared link (no sign-in), and
//! the evidence it lists: the documents attached to the flagged entries, which the
//! reviewer outside the workspace downloads through the same link.
//!
//! A revoked, expired or unknown link answers 404 alike, on every route.

use std::collections::BTreeMap;

use api_core::client::ClientAddress;
use api_core::documents::AttachedDocument;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use event_schemas::audit_session::AuditSessionOpened;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use utoipa::ToSchema;

use super::{
    definition, findings, report, result_json, session_json, AuditResult, PublicSession, COLUMNS,
};

const GONE: &str = "This shared audit is not available.";

/// The public view of a signed session.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedAudit {
    /// The workspace's name.
    pub entity: String,
    pub session: PublicSession,
    pub result: AuditResult,
    /// The notes and conclusions on findings, without their authors.
    pub notes: Vec<findings::PublicFindingNote>,
    /// The documents attached to each flagged entry (by entry id), with their hashes: the
    /// evidence behind the entries the tests flagged, as attached now. Each `url` is its
    /// download through this link.
    pub evidence: BTreeMap<String, Vec<AttachedDocument>>,
    pub expires_at: String,
}

/// A live shared link and the session it shows.
struct Share {
    share_id: String,
    session_id: String,
    session: sqlx::any::AnyRow,
    opened: AuditSessionOpened,
    expires_at: i64,
}

/// The session shared under `token`, unless the link is unknown, revoked or expired.
async fn open_share(state: &AppState, token: &str) -> Result<Share, ApiError> {
    let gone = || ApiError::NotFound(GONE.into());
    let digest = hex::encode(Sha256::digest(token.trim().as_bytes()));
    let now = chrono::Utc::now().timestamp_micros();
    let share = sqlx::query(
        "SELECT share_id, session_id, expires_at FROM read_audit_shares \
         WHERE secret_sha256 = $1 AND revoked_at IS NULL",
    )
    .bind(&digest)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(gone)?;
    let expires_at: i64 = share.try_get("expires_at")?;
    if expires_at <= now {
        return Err(gone());
    }
    let session_id: String = share.try_get("session_id")?;
    let session = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_audit_sessions WHERE id = $1"
    ))
    .bind(&session_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(gone)?;
    Ok(Share {
        share_id: share.try_get("share_id")?,
        opened: definition(&session)?,
        session_id,
        session,
        expires_at,
    })
}

/// Where a document of the shared evidence downloads through link `token`.
fn evidence_path(token: &str, document_id: &str) -> String {
    format!(
        "/api/v1/audit-shared/{}/documents/{document_id}/",
        token.trim()
    )
}

/// The documents attached to `result`'s flagged entries, by entry id.
async fn evidence_of(
    state: &AppState,
    result: &AuditResult,
) -> Result<BTreeMap<String, Vec<AttachedDocument>>, ApiError> {
    let flagged: Vec<String> = result
        .flagged
        .iter()
        .map(|s| s.entry_id.to_string())
        .collect();
    api_core::documents::attached_documents(state, "journal_entry", &flagged).await
}

/// The shared session: the entity, period, materiality, cut-off, result, notes and
/// conclusions on findings, sign-offs and evidence of that one session — nothing else.
/// Every answered view is recorded in the log (see [`findings::record_view`]).
#[utoipa::path(get, path = "/api/v1/audit-shared/{token}/", security(()), tag = "audit",
    params(("token" = String, Path)), responses((status = 200, body = Data<SharedAudit>), (status = 404)))]
pub async fn shared_session(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(token): Path<String>,
) -> Result<Json<Data<SharedAudit>>, ApiError> {
    let share = open_share(&state, &token).await?;
    let workspace: Option<String> =
        sqlx::query_scalar("SELECT name FROM read_workspaces WHERE id = $1")
            .bind(share.opened.workspace_id.to_string())
            .fetch_optional(&state.db().pool)
            .await?;
    let report = report::session_report(&state.store, &share.opened).await?;
    let notes = findings::session_notes(&state, &share.session_id).await?;
    findings::record_view(
        &state,
        &share.opened.workspace_id.to_string(),
        share.opened.session_id,
        share.share_id.parse().map_err(ApiError::internal)?,
        findings::Viewer::of(&address, &headers),
        request_id,
    )
    .await?;
    // The public view names people by their sign-off role only.
    let session = PublicSession::from(session_json(&share.session)?);
    let result = result_json(&report);
    let mut evidence = evidence_of(&state, &result).await?;
    for document in evidence.values_mut().flatten() {
        document.url = evidence_path(&token, &document.id);
    }
    Ok(ok(SharedAudit {
        entity: workspace.unwrap_or_default(),
        session,
        evidence,
        result,
        notes: notes.iter().map(findings::FindingNote::public).collect(),
        expires_at: api_core::time::iso_datetime(share.expires_at),
    }))
}

/// A document of the shared evidence, as a download: only one attached to an entry the
/// shared session flagged; any other id answers 404 as an unknown one does.
#[utoipa::path(get, path = "/api/v1/audit-shared/{token}/documents/{document_id}/", security(()), tag = "audit",
    params(("token" = String, Path), ("document_id" = String, Path)),
    responses((status = 200, description = "The document's bytes", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 404)))]
pub async fn shared_evidence(
    State(state): State<AppState>,
    Path((token, document_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let not_listed = || ApiError::NotFound("No such document in this shared audit.".into());
    let share = open_share(&state, &token).await?;
    let report = report::session_report(&state.store, &share.opened).await?;
    let evidence = evidence_of(&state, &result_json(&report)).await?;
    if !evidence.values().flatten().any(|d| d.id == document_id) {
        return Err(not_listed());
    }
    let row = projections::documents::find(&state.db().pool, &document_id)
        .await?
        .ok_or_else(not_listed)?;
    crate::files::documents::serve(&state, &row).await
}
