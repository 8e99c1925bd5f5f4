//! File upload (spec §7 Files): `POST /api/v1/files/images/`, multipart with `content`
//! (the file) and `workspace_id`. Images only, their type sniffed from the bytes; at most
//! [`IMAGE_BYTES_MAX`], and never more than the plan's file-upload limit for one file.
//! The bytes go under `<data_dir>/files/images/<id>` (`identity::files`), served back by
//! the read side at `absolute_url`.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::multipart::{Field, Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::Json;
use domain::permissions::{Action, Usage};
use identity::files::{self, FileRecord, IMAGES, IMAGE_BYTES_MAX};
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::CommandState;

const NOT_AN_IMAGE: &str =
    "The file is not an image: only PNG, JPEG, GIF and WebP images are accepted (the type is read from the file's content, not its name).";
const NO_FILE: &str = "Choose an image file to upload.";
const NO_WORKSPACE: &str = "workspace_id is required.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(upload_image))
        .layer(DefaultBodyLimit::max(crate::UPLOAD_BODY_BYTES_MAX))
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "The image is larger than {} MB. Choose a smaller one.",
        IMAGE_BYTES_MAX / (1024 * 1024)
    ))
}

fn malformed(err: impl std::fmt::Display) -> ApiError {
    ApiError::field(
        "content",
        format!("The upload could not be read as multipart form data: {err}"),
    )
}

/// A field's bytes, refusing (413) as soon as they pass `max`.
async fn bytes_at_most(field: &mut Field<'_>, max: usize) -> Result<Vec<u8>, ApiError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(malformed)? {
        if bytes.len() + chunk.len() > max {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// Multipart form (`content`: the image file, `workspace_id`: the workspace it belongs
/// to).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ImageUpload {
    #[schema(value_type = String, format = Binary)]
    pub content: Vec<u8>,
    pub workspace_id: String,
}

/// Uploads an image into a workspace (the caller needs `write` there and room under the
/// plan's file-upload limit). Answers 201 `data` id and absolute_url.
#[utoipa::path(post, path = "/api/v1/files/images/", tag = "files",
    request_body(content = ImageUpload, content_type = "multipart/form-data"),
    responses((status = 201, description = "`data`: id, absolute_url, content_type, size, workspace_id", body = Data<UploadedImage>),
        (status = 400), (status = 401), (status = 403), (status = 413)))]
pub async fn upload_image(
    State(state): State<CommandState>,
    user: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Data<UploadedImage>>), ApiError> {
    let app = &state.app;
    let mut multipart = multipart.map_err(malformed)?;
    let mut content: Option<Vec<u8>> = None;
    let mut workspace_id: Option<String> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(malformed)? {
        match field.name() {
            Some("content") => content = Some(bytes_at_most(&mut field, IMAGE_BYTES_MAX).await?),
            Some("workspace_id") => {
                let raw = bytes_at_most(&mut field, 256).await?;
                workspace_id = Some(String::from_utf8_lossy(&raw).trim().to_owned());
            }
            _ => {}
        }
    }
    let workspace_id = workspace_id
        .filter(|w| !w.is_empty())
        .ok_or_else(|| ApiError::field("workspace_id", NO_WORKSPACE))?;
    let content = content
        .filter(|c| !c.is_empty())
        .ok_or_else(|| ApiError::field("content", NO_FILE))?;
    let size = u64::try_from(content.len()).unwrap_or(u64::MAX);
    // The plan's file-upload limit bounds one file, not the workspace's total.
    authorize(
        app,
        &user,
        &workspace_id,
        Action::UploadFiles,
        Some(Usage::new(0, size)),
    )
    .await?;
    let content_type =
        files::sniff_image(&content).ok_or_else(|| ApiError::field("content", NOT_AN_IMAGE))?;

    let id = uuid::Uuid::new_v4().to_string();
    let path = files::blob_path(&app.data_dir, IMAGES, &id);
    let record = FileRecord {
        id: id.clone(),
        workspace_id: workspace_id.clone(),
        uploaded_by: user.user_id.clone(),
        kind: IMAGES.into(),
        content_type: content_type.into(),
        size: i64::try_from(content.len()).unwrap_or(i64::MAX),
        sha256: hex::encode(Sha256::digest(&content)),
        created_at: files::now(),
    };
    files::blobs::write_atomically(&path, &content)
        .await
        .map_err(ApiError::internal)?;
    let turn = app.db().take_write_turn().await?;
    let inserted = files::insert(&app.db().pool, &record).await;
    drop(turn);
    if let Err(err) = inserted {
        let _ = tokio::fs::remove_file(&path).await;
        return Err(err.into());
    }
    tracing::info!(file_id = %id, workspace_id = %workspace_id, size = content.len(), "image uploaded");
    Ok((
        StatusCode::CREATED,
        ok(UploadedImage {
            absolute_url: api_core::me::image_url(app, &id),
            id,
            content_type: content_type.to_owned(),
            size: record.size,
            workspace_id,
        }),
    ))
}

/// The uploaded image and where it is served.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UploadedImage {
    pub id: String,
    pub absolute_url: String,
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    pub workspace_id: String,
}
