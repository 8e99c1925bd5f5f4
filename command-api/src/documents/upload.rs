//! `POST /api/v1/files/workspaces/{id}/`: one or more documents in a multipart body
//! (`file`, repeatable). Each file streams to a staging file while it is hashed, so a
//! large upload never sits in memory; the plan's per-file limit stops a file at its first
//! byte over. Only when every file is read, has an accepted type and the organization's
//! storage has room for them all are the bytes moved into the content-addressed store and
//! the documents recorded — a refused upload leaves no bytes and no record.

use std::path::PathBuf;

use api_core::access::{authorize, organization_of};
use api_core::auth::AuthUser;
use api_core::consistency::read_your_writes;
use api_core::documents::{stored_documents, StoredFile};
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::ApiError;
use axum::extract::multipart::{Field, Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::document::rules::sanitize_name;
use domain::document::{DocumentCommand, UploadDocument};
use domain::document_storage::{StorageCommand, StoreDocuments};
use domain::permissions::{Action, Resource, Usage};
use event_schemas::document::DocumentUploaded;
use event_schemas::document_storage::StoredDocument;
use event_schemas::{DocumentId, OrganizationId, UserId, WorkspaceId};
use identity::files::sniff::{sniff_document, SNIFF_BYTES};
use sha2::{Digest, Sha256};
use store::EventMetadata;
use tokio::io::AsyncWriteExt;

use super::storage::{self, Changer};
use crate::ids::parse_id;
use crate::CommandState;

/// The most files one request carries.
pub const FILES_PER_UPLOAD_MAX: usize = 20;

const NO_FILE: &str = "Choose at least one file to upload.";
const EMPTY: &str = "is empty.";
const NOT_ACCEPTED: &str = "is not a file type kept here: only PDF, images (PNG, JPEG, GIF, WebP), CSV, Excel (XLSX, XLS), Word (DOCX) and plain-text files are accepted. The type is read from the file's content, not its name.";

/// Multipart form: `file`, once per file.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct DocumentUpload {
    #[schema(value_type = Vec<String>, format = Binary)]
    pub file: Vec<Vec<u8>>,
}

/// A file read into staging, not yet kept.
struct Staged {
    path: PathBuf,
    name: String,
    size: u64,
    sha256: String,
    head: Vec<u8>,
}

/// Staged files, removed unless they were kept.
#[derive(Default)]
struct Staging(Vec<Staged>);

impl Drop for Staging {
    fn drop(&mut self) {
        for staged in &self.0 {
            let _ = std::fs::remove_file(&staged.path);
        }
    }
}

fn malformed(err: impl std::fmt::Display) -> ApiError {
    ApiError::field(
        "file",
        format!("The upload could not be read as multipart form data: {err}"),
    )
}

/// Uploads documents into a workspace (the caller needs `write` there). Each file is
/// bounded by the plan's file-upload limit and all of them together by what is left of
/// the organization's document storage. Answers 201 with the documents kept.
#[utoipa::path(post, path = "/api/v1/files/workspaces/{workspace_id}/", tag = "files",
    params(("workspace_id" = String, Path)),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = Data<Vec<StoredFile>>),
        (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn upload_documents(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Data<Vec<StoredFile>>>), ApiError> {
    let app = &state.app;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let access = authorize(app, &user, &workspace_id, Action::StoreDocuments, None).await?;
    let organization_id = organization_of(app, &workspace_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such workspace.".into()))?;
    let per_file = access.plan.limit(Resource::FileUpload).value();
    let blobs = &app.blobs;

    let mut staging = Staging::default();
    let mut multipart = multipart.map_err(malformed)?;
    while let Some(mut field) = multipart.next_field().await.map_err(malformed)? {
        if field.name() != Some("file") {
            continue;
        }
        if staging.0.len() == FILES_PER_UPLOAD_MAX {
            return Err(ApiError::field(
                "file",
                format!("Upload at most {FILES_PER_UPLOAD_MAX} files at once."),
            ));
        }
        let name = field
            .file_name()
            .and_then(sanitize_name)
            .unwrap_or_else(|| "document".to_owned());
        let path = blobs.staging_file().await.map_err(ApiError::internal)?;
        let staged = stage(&mut field, path.clone(), name, per_file).await;
        match staged {
            Ok(staged) => staging.0.push(staged),
            Err(Refusal::TooLarge(size)) => {
                let _ = tokio::fs::remove_file(&path).await;
                // The plan's own answer for a file over its limit.
                authorize(
                    app,
                    &user,
                    &workspace_id,
                    Action::UploadFiles,
                    Some(Usage::new(0, size)),
                )
                .await?;
                return Err(ApiError::internal("a file over the limit was allowed"));
            }
            Err(Refusal::Failed(err)) => {
                let _ = tokio::fs::remove_file(&path).await;
                return Err(err);
            }
        }
    }
    if staging.0.is_empty() {
        return Err(ApiError::field("file", NO_FILE));
    }
    let mut content_types = Vec::new();
    for staged in &staging.0 {
        if staged.size == 0 {
            return Err(ApiError::field("file", format!("{} {EMPTY}", staged.name)));
        }
        let content_type = sniff_document(&staged.head)
            .ok_or_else(|| ApiError::field("file", format!("{} {NOT_ACCEPTED}", staged.name)))?;
        content_types.push(content_type);
    }
    let organization: OrganizationId = parse_id(&organization_id)?;
    let uploaded_by: UserId = parse_id(&user.user_id)?;
    let uploads: Vec<DocumentUploaded> = staging
        .0
        .iter()
        .zip(content_types)
        .map(|(staged, content_type)| DocumentUploaded {
            document_id: DocumentId::new_v7(),
            organization_id: organization,
            workspace_id: workspace,
            name: staged.name.clone(),
            content_type: content_type.to_owned(),
            size: i64::try_from(staged.size).unwrap_or(i64::MAX),
            sha256: staged.sha256.clone(),
            uploaded_by,
        })
        .collect();
    let limit = access.plan.limit(Resource::DocumentStorage).value();
    let store = |counted_before| {
        StorageCommand::from(StoreDocuments {
            organization_id: organization,
            documents: uploads
                .iter()
                .map(|u| StoredDocument {
                    document_id: u.document_id,
                    size: u.size,
                })
                .collect(),
            limit,
            counted_before,
        })
    };
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: Some(organization_id.clone()),
        workspace_id: Some(workspace_id.clone()),
        request_id,
        ..Default::default()
    };
    let changer = Changer {
        user: &user,
        workspace_id: &workspace_id,
        metadata: &metadata,
    };
    storage::check(&state, &changer, organization, store).await?;

    // Staged files moved into the store are gone from staging; dropping it later removes
    // only what was not kept.
    for staged in &staging.0 {
        blobs
            .keep(&staged.path, &staged.sha256)
            .await
            .map_err(ApiError::internal)?;
    }
    let documents: Vec<(DocumentId, DocumentCommand)> = uploads
        .iter()
        .map(|uploaded| {
            let upload = UploadDocument {
                uploaded: uploaded.clone(),
            };
            (uploaded.document_id, upload.into())
        })
        .collect();
    storage::commit(&state, &changer, organization, store, &documents).await?;
    let ids: Vec<String> = uploads.iter().map(|u| u.document_id.to_string()).collect();
    for id in &ids {
        tracing::info!(document_id = %id, workspace_id = %workspace_id, "document uploaded");
    }
    read_your_writes(app, "documents").await?;
    let mut rows = Vec::new();
    for id in &ids {
        if let Some(row) = projections::documents::find(&app.db().pool, id).await? {
            rows.push(row);
        }
    }
    Ok((StatusCode::CREATED, ok(stored_documents(app, &rows).await?)))
}

enum Refusal {
    /// The file passed the per-file limit; it had at least this many bytes.
    TooLarge(u64),
    Failed(ApiError),
}

/// Streams one file into `path`, hashing it and keeping its first bytes for sniffing;
/// stops at the first byte past `max`.
async fn stage(
    field: &mut Field<'_>,
    path: PathBuf,
    name: String,
    max: Option<u64>,
) -> Result<Staged, Refusal> {
    let failed = |err: std::io::Error| Refusal::Failed(ApiError::internal(err));
    let mut file = tokio::fs::File::create(&path).await.map_err(failed)?;
    let mut hasher = Sha256::new();
    let mut head = Vec::new();
    let mut size: u64 = 0;
    while let Some(chunk) = field
        .chunk()
        .await
        .map_err(|e| Refusal::Failed(malformed(e)))?
    {
        size = size.saturating_add(u64::try_from(chunk.len()).unwrap_or(u64::MAX));
        if max.is_some_and(|max| size > max) {
            return Err(Refusal::TooLarge(size));
        }
        if head.len() < SNIFF_BYTES {
            let take = (SNIFF_BYTES - head.len()).min(chunk.len());
            head.extend_from_slice(&chunk[..take]);
        }
        hasher.update(&chunk);
        file.write_all(&chunk).await.map_err(failed)?;
    }
    file.flush().await.map_err(failed)?;
    file.sync_all().await.map_err(failed)?;
    Ok(Staged {
        path,
        name,
        size,
        sha256: hex::encode(hasher.finalize()),
        head,
    })
}
