//! Journal entries (DESIGN §5): drafts are created, changed and deleted by editors;
//! posting and reversal need `journal_entries:post` and go through the books' posting
//! service (`commands::books`), which numbers postings gaplessly as they commit. Posted
//! entries never change: a reversal is a new entry with the lines swapped, linked both
//! ways, appended with the mark on the original in one append.
//!
//! - [`input`]: request bodies to the domain's raw input.
//! - [`errors`]: the domain's errors as HTTP answers.
//! - [`import`]: entries from a CSV file, all or nothing, with the import's record.

mod errors;
pub mod import;
pub mod input;

use api_core::access::{authorize, organization_of};
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::books::PostedEntry;
use commands::{Committed, Loaded, Unit};
use domain::journal_entry::{CreateDraft, DeleteDraft, JournalEntry, UpdateDraft};
use domain::permissions::Action;
use event_schemas::{JournalEntryId, WorkspaceId};
use serde::Serialize;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::ids::parse_id;
use crate::runner::IntoApiError;
use crate::CommandState;
use input::{entry_input, EntryBody, ReverseBody};

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(create_entry))
        .routes(routes!(update_entry, delete_entry))
        .routes(routes!(post_entry))
        .routes(routes!(reverse_entry))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(import::import_entries))
                .layer(DefaultBodyLimit::max(crate::UPLOAD_BODY_BYTES_MAX)),
        )
}

/// The entry a command left: its id, status and number (`null` for drafts).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntryOutcome {
    pub id: String,
    /// `draft` or `posted`.
    pub status: String,
    pub entry_number: Option<String>,
}

impl EntryOutcome {
    /// The entry as it stands (the answer to a replayed command).
    fn of(id: JournalEntryId, entry: &JournalEntry) -> Self {
        let (status, entry_number) = match entry.posted() {
            Some(posted) => ("posted", Some(posted.entry_number.clone())),
            None => ("draft", None),
        };
        Self {
            id: id.to_string(),
            status: status.to_owned(),
            entry_number,
        }
    }

    fn posted(entry: &PostedEntry) -> Self {
        Self {
            id: entry.id.to_string(),
            status: "posted".into(),
            entry_number: entry.entry_number.clone(),
        }
    }
}

/// The metadata of the caller's events in `workspace_id`.
pub(crate) async fn workspace_metadata(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
) -> Result<EventMetadata, ApiError> {
    let organization_id = organization_of(&state.app, workspace_id).await?;
    Ok(caller.metadata(organization_id, Some(workspace_id.to_owned())))
}

/// An entry of this workspace, or 404 (an id of another workspace is not found here).
async fn entry_of(
    state: &CommandState,
    workspace_id: &str,
    entry_id: &str,
) -> Result<(JournalEntryId, Loaded<JournalEntry>), ApiError> {
    let id: JournalEntryId = parse_id(entry_id)?;
    let entry: Loaded<JournalEntry> = state
        .runner()
        .load(entry_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let workspace = entry
        .state
        .draft()
        .map(|d| d.workspace_id)
        .or_else(|| entry.state.posted().map(|p| p.workspace_id));
    if workspace.map(|w| w.to_string()).as_deref() != Some(workspace_id) {
        return Err(ApiError::NotFound("Not found.".into()));
    }
    Ok((id, entry))
}

/// The answer once the ledger shows the command: for a posting, the entry with the number
/// the store gave it; for a replay, the entry as it stands.
async fn answer(
    state: &CommandState,
    id: JournalEntryId,
    committed: &Committed,
    posted: Option<&PostedEntry>,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    read_your_writes(&state.app, "ledger").await?;
    let outcome = match (committed, posted) {
        (Committed::Applied(_), Some(posted)) => EntryOutcome::posted(posted),
        _ => {
            let entry: Loaded<JournalEntry> = state
                .runner()
                .load(&id.to_string())
                .await
                .map_err(IntoApiError::into_api_error)?;
            EntryOutcome::of(id, &entry.state)
        }
    };
    Ok(ok(outcome))
}

/// Creates a draft, or with `"post": true` creates and posts at once.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/", tag = "accounting",
    params(("workspace_id" = String, Path)), request_body = EntryBody,
    responses((status = 201, body = Data<EntryOutcome>), (status = 400), (status = 403)))]
pub async fn create_entry(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<EntryBody>,
) -> Result<(StatusCode, Json<Data<EntryOutcome>>), ApiError> {
    let app = &state.app;
    authorize(
        app,
        &caller.user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    if body.post {
        authorize(app, &caller.user, &workspace_id, Action::PostEntries, None).await?;
    }
    let entry = entry_input(&body)?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let id: JournalEntryId = caller.mint("entry");
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    if body.post {
        let posted = state
            .books
            .post(
                &workspace_id,
                &metadata,
                caller.command_key.as_deref(),
                |p| p.post_new(id, entry.clone(), caller.user_id),
            )
            .await
            .map_err(IntoApiError::into_api_error)?;
        let answer = answer(&state, id, &posted.committed, posted.entries.first()).await?;
        return Ok((StatusCode::CREATED, answer));
    }
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(
        &Loaded::<JournalEntry>::fresh(id.to_string()),
        CreateDraft {
            journal_entry_id: id,
            workspace_id: workspace,
            entry,
            created_by: caller.user_id,
        }
        .into(),
    )
    .map_err(IntoApiError::into_api_error)?;
    let committed = unit
        .commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok((
        StatusCode::CREATED,
        answer(&state, id, &committed, None).await?,
    ))
}

/// Replaces a draft's content. Posted entries never change.
#[utoipa::path(patch, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = EntryBody,
    responses((status = 200, body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_entry(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, entry_id)): Path<(String, String)>,
    Body(body): Body<EntryBody>,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    let (id, draft) = entry_of(&state, &workspace_id, &entry_id).await?;
    let entry = entry_input(&body)?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(&draft, UpdateDraft { entry }.into())
        .map_err(IntoApiError::into_api_error)?;
    let committed = unit
        .commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    answer(&state, id, &committed, None).await
}

/// Deletes a draft. Posted entries are never deleted; they are reversed.
#[utoipa::path(delete, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 204), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_entry(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    let (_, draft) = entry_of(&state, &workspace_id, &entry_id).await?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(&draft, DeleteDraft.into())
        .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, "ledger").await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Posts a draft as it stands, with the workspace's next gapless number.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/post/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn post_entry(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        &workspace_id,
        Action::PostEntries,
        None,
    )
    .await?;
    let (id, draft) = entry_of(&state, &workspace_id, &entry_id).await?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let posted = state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| p.post_draft(&draft, caller.user_id),
        )
        .await
        .map_err(IntoApiError::into_api_error)?;
    answer(&state, id, &posted.committed, posted.entries.first()).await
}

/// Reverses a posted entry: a new posted entry with the lines swapped, numbered next,
/// linked both ways — one append. An entry is reversed once.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/reverse/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ReverseBody,
    responses((status = 201, description = "The reversing entry", body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn reverse_entry(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, entry_id)): Path<(String, String)>,
    Body(body): Body<ReverseBody>,
) -> Result<(StatusCode, Json<Data<EntryOutcome>>), ApiError> {
    authorize(
        &state.app,
        &caller.user,
        &workspace_id,
        Action::PostEntries,
        None,
    )
    .await?;
    let date = api_core::time::date("date", &body.date)?;
    let (_, original) = entry_of(&state, &workspace_id, &entry_id).await?;
    let reversal: JournalEntryId = caller.mint("reversal");
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let posted = state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| p.reverse(&original, reversal, date, caller.user_id),
        )
        .await
        .map_err(IntoApiError::into_api_error)?;
    let answer = answer(&state, reversal, &posted.committed, posted.entries.first()).await?;
    Ok((StatusCode::CREATED, answer))
}
