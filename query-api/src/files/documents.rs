//! One document: its metadata (`GET /api/v1/files/documents/{id}/`) and its bytes
//! (`…/download/`), for members of its workspace. Any other caller gets the 404 an unknown
//! id gets, so a document's existence is never confirmed outside its workspace.
//!
//! The bytes are always a download (`Content-Disposition: attachment`), served with the
//! type sniffed at upload, `nosniff` and a sandboxing CSP; they stream from the store and
//! are checked against the recorded SHA-256 on the way, so a tampered file is never
//! served as the evidence it replaced.

use api_core::auth::AuthUser;
use api_core::documents::{stored_documents, StoredFile};
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use identity::files::blobs::ByteStream;
use projections::documents::DocumentRow;
use sha2::{Digest, Sha256};

use super::served_headers;
use crate::QueryState;

const NOT_FOUND: &str = "No document with this id.";

/// Document `raw_id` when the caller is a member of its workspace; 404 otherwise.
async fn reachable(app: &AppState, user: &AuthUser, raw_id: &str) -> Result<DocumentRow, ApiError> {
    let not_found = || ApiError::NotFound(NOT_FOUND.into());
    let id = uuid::Uuid::parse_str(raw_id).map_err(|_| not_found())?;
    let row = projections::documents::find(&app.db().pool, &id.to_string())
        .await?
        .ok_or_else(not_found)?;
    match app.access.access(&user.user_id, &row.workspace_id).await? {
        Some(_) => Ok(row),
        None => Err(not_found()),
    }
}

/// A document's metadata: name, type, size, hash, tags, uploader and what it backs.
#[utoipa::path(get, path = "/api/v1/files/documents/{document_id}/", tag = "files",
    params(("document_id" = String, Path)),
    responses((status = 200, body = Data<StoredFile>), (status = 401), (status = 404)))]
pub async fn document(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(document_id): Path<String>,
) -> Result<Json<Data<StoredFile>>, ApiError> {
    let row = reachable(&state.app, &user, &document_id).await?;
    let mut shaped = stored_documents(&state.app, &[row]).await?;
    shaped
        .pop()
        .map(ok)
        .ok_or_else(|| ApiError::internal("a document without its answer"))
}

/// `filename` (ASCII, quotes and backslashes replaced) and `filename*` (UTF-8) of a
/// `Content-Disposition`, so every browser saves the file under its name.
fn disposition(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() && c != '"' && c != '\\' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// A document's bytes, as a download.
#[utoipa::path(get, path = "/api/v1/files/documents/{document_id}/download/", tag = "files",
    params(("document_id" = String, Path)),
    responses((status = 200, description = "The document's bytes", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 401), (status = 404)))]
pub async fn download(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(document_id): Path<String>,
) -> Result<Response, ApiError> {
    let row = reachable(&state.app, &user, &document_id).await?;
    serve(&state.app, &row).await
}

/// `row`'s bytes as a download, checked against its hash as they stream.
pub(crate) async fn serve(app: &AppState, row: &DocumentRow) -> Result<Response, ApiError> {
    let file = app
        .blobs
        .open(&row.sha256)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| {
            tracing::error!(document_id = %row.id, "a document's bytes are missing");
            ApiError::NotFound(NOT_FOUND.into())
        })?;
    let body = Body::from_stream(checked_stream(file, row.sha256.clone(), row.id.clone()));
    Ok((
        served_headers(&row.content_type),
        [
            (header::CONTENT_DISPOSITION, disposition(&row.name)),
            (header::CONTENT_LENGTH, row.size.to_string()),
            (header::CACHE_CONTROL, "private, no-store".to_owned()),
            (header::ETAG, format!("\"{}\"", row.sha256)),
        ],
        body,
    )
        .into_response())
}

/// The stored bytes, hashed as they pass; when they do not hash to `sha256` the stream
/// ends in an error, so the client sees a failed download, never a complete one.
fn checked_stream(
    bytes: ByteStream,
    sha256: String,
    document_id: String,
) -> impl futures::Stream<Item = Result<Vec<u8>, std::io::Error>> {
    use futures::StreamExt;
    struct Reading {
        bytes: ByteStream,
        hasher: Option<Sha256>,
    }
    let start = Reading {
        bytes,
        hasher: Some(Sha256::new()),
    };
    futures::stream::unfold(start, move |mut state| {
        let sha256 = sha256.clone();
        let document_id = document_id.clone();
        async move {
            let hasher = state.hasher.as_mut()?;
            match state.bytes.next().await {
                Some(Ok(chunk)) => {
                    hasher.update(&chunk);
                    Some((Ok(chunk), state))
                }
                Some(Err(err)) => {
                    state.hasher = None;
                    Some((Err(err), state))
                }
                None => {
                    let found = hex::encode(state.hasher.take()?.finalize());
                    if found == sha256 {
                        return None;
                    }
                    tracing::error!(%document_id, "a document's bytes no longer match their hash");
                    let err = std::io::Error::other("the stored bytes do not match their hash");
                    Some((Err(err), state))
                }
            }
        }
    })
}
