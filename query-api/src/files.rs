//! File reads (spec §7 Files): an image's bytes at its `absolute_url`, and a workspace's
//! files by page.
//!
//! `GET /api/v1/files/images/{id}/` needs no token, so `<img src>` works: ids are random
//! UUID v4 (122 bits), unguessable; the bytes are served with the type sniffed at upload,
//! `nosniff`, and a sandboxing CSP so an image can never run as a page.

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use identity::files::{self, FileRecord};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

const IMAGE_NOT_FOUND: &str = "No image with this id.";

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(image))
        .routes(routes!(workspace_files))
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
        [
            (header::CONTENT_TYPE, record.content_type.clone()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".into()),
            (header::CONTENT_SECURITY_POLICY, "sandbox".into()),
            // Content never changes under an id.
            (
                header::CACHE_CONTROL,
                "public, max-age=31536000, immutable".into(),
            ),
            (header::ETAG, format!("\"{}\"", record.sha256)),
        ],
        bytes,
    )
        .into_response())
}

/// A file of a workspace.
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkspaceFile {
    pub id: String,
    pub workspace_id: String,
    pub uploaded_by: String,
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    pub sha256: String,
    pub created_at: String,
    pub absolute_url: String,
}

fn file_json(app: &AppState, file: &FileRecord) -> WorkspaceFile {
    WorkspaceFile {
        id: file.id.clone(),
        workspace_id: file.workspace_id.clone(),
        uploaded_by: file.uploaded_by.clone(),
        content_type: file.content_type.clone(),
        size: file.size,
        sha256: file.sha256.clone(),
        created_at: api_core::time::iso_datetime(file.created_at),
        absolute_url: api_core::me::image_url(app, &file.id),
    }
}

/// A workspace's files, newest first, paginated. Members of the workspace only.
#[utoipa::path(get, path = "/api/v1/files/workspaces/{workspace_id}/", tag = "files",
    params(("workspace_id" = String, Path), PageParams),
    responses((status = 200, body = Data<Paginated<WorkspaceFile>>),
        (status = 400), (status = 401), (status = 403)))]
pub async fn workspace_files(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<WorkspaceFile>>, ApiError> {
    let app = &state.app;
    let page = params.validate()?;
    if app
        .access
        .access(&user.user_id, &workspace_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ));
    }
    let (records, count) =
        files::of_workspace(app.db(), &workspace_id, page.offset(), page.limit()).await?;
    let items: Vec<WorkspaceFile> = records.iter().map(|f| file_json(app, f)).collect();
    Ok(ok(Paginated::new(items, count, page)))
}
