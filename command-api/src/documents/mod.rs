//! Documents, write side: upload into a workspace ([`upload`]), rename and retag, delete
//! (softly: the log keeps the history and the activity log shows it), and attach to or
//! detach from a journal entry, fixed asset or debt of the same workspace; and the
//! sweeper that frees bytes no live document names ([`sweep`]).
//!
//! A document the caller cannot reach — another organization's, or an unknown id — is
//! 404 on every route, so its existence is never confirmed.

mod storage;
pub mod sweep;
pub mod upload;

use api_core::access::{authorize, organization_of};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::documents::{stored_documents, StoredFile};
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::document::{
    AttachDocument, ChangeDocument, DeleteDocument, DetachDocument, Document, DocumentCommand,
    DocumentError,
};
use domain::document_storage::{FreeStorage, StorageCommand};
use domain::permissions::Action;
use event_schemas::document::AttachedTo;
use event_schemas::document_storage::StoredDocument;
use event_schemas::{DocumentId, OrganizationId, UserId, WorkspaceId};
use projections::documents::DocumentRow;
use serde::Deserialize;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::ids::parse_id;
use crate::runner::{execute, sentence, IntoApiError};
use crate::CommandState;
use storage::Changer;

const NOT_FOUND: &str = "No document with this id.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        // Each file is bounded by the plan's file-upload limit as it streams to disk.
        .routes(routes!(upload::upload_documents))
        .layer(DefaultBodyLimit::disable())
        .merge(
            OpenApiRouter::new()
                .routes(routes!(change_document, delete_document))
                .routes(routes!(attach_document))
                .routes(routes!(detach_document)),
        )
}

impl IntoApiError for DocumentError {
    fn into_api_error(self) -> ApiError {
        match self {
            DocumentError::NotFound => ApiError::NotFound(NOT_FOUND.into()),
            DocumentError::InvalidName => ApiError::field("name", sentence(&self)),
            DocumentError::InvalidTags => ApiError::field("tags", sentence(&self)),
            DocumentError::AlreadyUploaded
            | DocumentError::AlreadyAttached
            | DocumentError::NotAttached
            | DocumentError::StillAttached(_) => ApiError::Conflict(sentence(&self)),
        }
    }
}

/// Document `raw_id` when the caller is a member of its workspace; 404 otherwise.
async fn reachable(app: &AppState, user: &AuthUser, raw_id: &str) -> Result<DocumentRow, ApiError> {
    let not_found = || ApiError::NotFound(NOT_FOUND.into());
    let id: DocumentId = raw_id.parse().map_err(|_| not_found())?;
    let row = projections::documents::find(&app.db().pool, &id.to_string())
        .await?
        .ok_or_else(not_found)?;
    match app.access.access(&user.user_id, &row.workspace_id).await? {
        Some(_) => Ok(row),
        None => Err(not_found()),
    }
}

/// Document `raw_id`, which the caller may change (`write` in its workspace).
async fn changeable(
    app: &AppState,
    user: &AuthUser,
    raw_id: &str,
) -> Result<(DocumentRow, WorkspaceId, UserId), ApiError> {
    let row = reachable(app, user, raw_id).await?;
    authorize(app, user, &row.workspace_id, Action::StoreDocuments, None).await?;
    let workspace: WorkspaceId = parse_id(&row.workspace_id)?;
    let by: UserId = parse_id(&user.user_id)?;
    Ok((row, workspace, by))
}

/// The document as answered after a change.
async fn answer(app: &AppState, id: &str) -> Result<Json<Data<StoredFile>>, ApiError> {
    let row = projections::documents::find(&app.db().pool, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))?;
    let mut documents = stored_documents(app, &[row]).await?;
    let document = documents
        .pop()
        .ok_or_else(|| ApiError::internal("a document without its answer"))?;
    Ok(ok(document))
}

/// What a PATCH changes; an absent field stays as it is.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct ChangeBody {
    /// The new name (sanitized: folders and characters that break headers are dropped).
    #[serde(default)]
    pub name: Option<String>,
    /// The complete new set of tags.
    #[serde(default)]
    pub tags: Option<Vec<String>>,
}

/// Renames and/or retags a document.
#[utoipa::path(patch, path = "/api/v1/files/documents/{document_id}/", tag = "files",
    params(("document_id" = String, Path)), request_body = ChangeBody,
    responses((status = 200, body = Data<StoredFile>), (status = 400), (status = 403), (status = 404)))]
pub async fn change_document(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(document_id): Path<String>,
    Body(body): Body<ChangeBody>,
) -> Result<Json<Data<StoredFile>>, ApiError> {
    let (row, workspace_id, by) = changeable(&state.app, &user, &document_id).await?;
    let change = ChangeDocument {
        workspace_id,
        name: body.name,
        tags: body.tags,
        by,
    };
    run(&state, &user, request_id, &row, change.into()).await?;
    answer(&state.app, &row.id).await
}

/// Deletes a document: it leaves the lists and searches, its history stays in the log. A
/// document still attached to something is refused (409) until it is detached.
#[utoipa::path(delete, path = "/api/v1/files/documents/{document_id}/", tag = "files",
    params(("document_id" = String, Path)),
    responses((status = 204), (status = 403), (status = 404), (status = 409)))]
pub async fn delete_document(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(document_id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let (row, workspace_id, by) = changeable(&state.app, &user, &document_id).await?;
    let document_id: DocumentId = parse_id(&row.id)?;
    let organization_id: OrganizationId = parse_id(&row.organization_id)?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: Some(row.organization_id.clone()),
        workspace_id: Some(row.workspace_id.clone()),
        request_id,
        ..Default::default()
    };
    let changer = Changer {
        user: &user,
        workspace_id: &row.workspace_id,
        metadata: &metadata,
    };
    let free = |counted_before| {
        StorageCommand::from(FreeStorage {
            organization_id,
            document: StoredDocument {
                document_id,
                size: row.size,
            },
            counted_before,
        })
    };
    let delete = DeleteDocument { workspace_id, by };
    storage::commit(
        &state,
        &changer,
        organization_id,
        free,
        &[(document_id, delete.into())],
    )
    .await?;
    read_your_writes(&state.app, "documents").await?;
    Ok(StatusCode::NO_CONTENT)
}

/// What a document is attached to.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct AttachBody {
    /// `journal_entry`, `fixed_asset` or `debt`.
    pub kind: String,
    /// The entry's, asset's or debt's id (in the document's workspace).
    pub id: String,
}

/// The read model holding each kind of attachment target, and its id column.
fn target_table(kind: &str) -> Option<(&'static str, &'static str)> {
    match kind {
        "journal_entry" => Some(("read_journal_entries", "entry_id")),
        "fixed_asset" => Some(("read_fixed_assets", "fixed_asset_id")),
        "debt" => Some(("read_debts", "debt_id")),
        _ => None,
    }
}

/// `kind`/`id` as a target in `workspace_id`, or the field error naming what is wrong.
async fn target_in(
    app: &AppState,
    workspace_id: &str,
    kind: &str,
    id: &str,
    missing: impl Fn(&'static str, &'static str) -> ApiError,
) -> Result<AttachedTo, ApiError> {
    let (table, column) = target_table(kind)
        .ok_or_else(|| missing("kind", "Attach to a journal_entry, fixed_asset or debt."))?;
    let uuid = uuid::Uuid::parse_str(id.trim())
        .map_err(|_| missing("id", "No such record in this workspace."))?;
    let found: Option<String> = sqlx::query_scalar(&format!(
        "SELECT {column} FROM {table} WHERE {column} = $1 AND workspace_id = $2"
    ))
    .bind(uuid.to_string())
    .bind(workspace_id)
    .fetch_optional(&app.db().pool)
    .await?;
    if found.is_none() {
        return Err(missing("id", "No such record in this workspace."));
    }
    Ok(match kind {
        "journal_entry" => AttachedTo::JournalEntry(uuid.into()),
        "fixed_asset" => AttachedTo::FixedAsset(uuid.into()),
        _ => AttachedTo::Debt(uuid.into()),
    })
}

/// Attaches a document to a journal entry (draft or posted), fixed asset or debt of its
/// workspace. The entry itself does not change: the attachment is the document's event.
#[utoipa::path(post, path = "/api/v1/files/documents/{document_id}/attachments/", tag = "files",
    params(("document_id" = String, Path)), request_body = AttachBody,
    responses((status = 201, body = Data<StoredFile>), (status = 400), (status = 403),
        (status = 404), (status = 409)))]
pub async fn attach_document(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(document_id): Path<String>,
    Body(body): Body<AttachBody>,
) -> Result<(StatusCode, Json<Data<StoredFile>>), ApiError> {
    let (row, workspace_id, by) = changeable(&state.app, &user, &document_id).await?;
    let to = target_in(
        &state.app,
        &row.workspace_id,
        &body.kind,
        &body.id,
        ApiError::field,
    )
    .await?;
    let attach = AttachDocument {
        workspace_id,
        to,
        by,
    };
    run(&state, &user, request_id, &row, attach.into()).await?;
    Ok((StatusCode::CREATED, answer(&state.app, &row.id).await?))
}

/// Takes a document off the entry, asset or debt it was attached to.
#[utoipa::path(delete, path = "/api/v1/files/documents/{document_id}/attachments/{kind}/{target_id}/", tag = "files",
    params(("document_id" = String, Path), ("kind" = String, Path), ("target_id" = String, Path)),
    responses((status = 204), (status = 403), (status = 404), (status = 409)))]
pub async fn detach_document(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((document_id, kind, target_id)): Path<(String, String, String)>,
) -> Result<StatusCode, ApiError> {
    let (row, workspace_id, by) = changeable(&state.app, &user, &document_id).await?;
    let from = target_in(&state.app, &row.workspace_id, &kind, &target_id, |_, _| {
        ApiError::NotFound("No such attachment.".into())
    })
    .await?;
    let detach = DetachDocument {
        workspace_id,
        from,
        by,
    };
    run(&state, &user, request_id, &row, detach.into()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Runs `command` on `row`'s document.
async fn run(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    row: &DocumentRow,
    command: DocumentCommand,
) -> Result<(), ApiError> {
    let workspace: WorkspaceId = parse_id(&row.workspace_id)?;
    let document: DocumentId = parse_id(&row.id)?;
    let organization_id = organization_of(&state.app, &row.workspace_id).await?;
    append(
        state,
        user,
        request_id,
        organization_id,
        workspace,
        document,
        command,
    )
    .await?;
    read_your_writes(&state.app, "documents").await
}

/// Runs `command` on document `document_id`. Its events join the workspace's hash chain:
/// which file backs which entry is part of the record.
pub(crate) async fn append(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    organization_id: Option<String>,
    workspace_id: WorkspaceId,
    document_id: DocumentId,
    command: DocumentCommand,
) -> Result<(), ApiError> {
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        workspace_id: Some(workspace_id.to_string()),
        request_id,
        ..Default::default()
    };
    execute::<Document>(
        state.runner(),
        &document_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await?;
    Ok(())
}
