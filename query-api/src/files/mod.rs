//! File reads (spec §7 Files): an image's bytes at its `absolute_url`, a workspace's
//! files (documents and images) by page and by search ([`list`]), and a document's
//! metadata and bytes ([`documents`]).
//!
//! `GET /api/v1/files/images/{id}/` needs no token, so `<img src>` works: ids are random
//! UUID v4 (122 bits), unguessable; the bytes are served with the type sniffed at upload,
//! `nosniff`, and a sandboxing CSP so an image can never run as a page.

use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use identity::files;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

const IMAGE_NOT_FOUND: &str = "No image with this id.";

pub mod documents;
pub mod list;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(image))
        .routes(routes!(list::workspace_files))
        .routes(routes!(list::storage_usage))
        .routes(routes!(documents::document))
        .routes(routes!(documents::download))
}

/// The headers every stored file is served with: its sniffed type, never sniffed again
/// by the browser, and a sandboxing CSP so even a file a browser would render can never
/// run as a page of this origin.
pub(crate) fn served_headers(content_type: &str) -> [(header::HeaderName, String); 3] {
    [
        (header::CONTENT_TYPE, content_type.to_owned()),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff".into()),
        (
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'".into(),
        ),
    ]
}

/// An uploaded image's bytes, with its content type. No token needed (the id is the
/// capability).
#[utoipa::path(get, path = "/api/v1/files/images/{id}/", security(()), tag = "files",
    params(("id" = String, Path)),
    responses((status = 200, description = "The image bytes", content_type = "image/*", body = Vec<u8>), (status = 404)))]
pub async fn image(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let app = &state.app;
    if uuid::Uuid::parse_str(&id).is_err() {
        return Err(ApiError::NotFound(IMAGE_NOT_FOUND.into()));
    }
    let record = files::by_id(app.db(), &id)
        .await?
        .filter(|f| f.kind == files::IMAGES)
        .ok_or_else(|| ApiError::NotFound(IMAGE_NOT_FOUND.into()))?;
    let path = files::blob_path(&app.data_dir, files::IMAGES, &record.id);
    let bytes = match tokio::fs::read(&path).await {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            tracing::error!(file_id = %record.id, "an image's bytes are missing");
            return Err(ApiError::NotFound(IMAGE_NOT_FOUND.into()));
        }
        Err(err) => return Err(ApiError::internal(err)),
    };
    Ok((
        served_headers(&record.content_type),
        [
            // Content never changes under an id.
            (
                header::CACHE_CONTROL,
                "public, max-age=31536000, immutable".to_owned(),
            ),
            (header::ETAG, format!("\"{}\"", record.sha256)),
        ],
        bytes,
    )
        .into_response())
}
