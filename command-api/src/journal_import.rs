//! `POST journal-entries/import/`: journal entries from a CSV file (the template of
//! `domain::journal_entry::import`), previewed or imported — all or nothing.
//!
//! The whole batch is decided at once against one state of the chart of accounts
//! (`domain::journal_entry::new_entries`) and appended as one request spanning every new
//! entry's stream, so an import either lands whole, with consecutive entry numbers, or not
//! at all. A preview (`dry_run`) runs the same checks and writes nothing.

use std::collections::{BTreeMap, HashMap};

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::ApiError;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::NaiveDate;
use domain::account_tree::AccountTree;
use domain::journal_entry::import::{self, FileProblem, ImportedEntry, RowErrors};
use domain::journal_entry::{new_entries, BooksSnapshot};
use domain::permissions::Action;
use event_schemas::journal_entry::AGGREGATE_TYPE;
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde::Serialize;
use store::backend::AppendRequest;
use store::{EventMetadata, NewEvent};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::organizations::parse_id;
use crate::runner::load;
use crate::CommandState;

/// Largest file accepted: 20,000 rows of a generous 250 bytes.
pub const FILE_BYTES_MAX: usize = 5 * 1024 * 1024;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(import_entries))
}

/// The form: `file` (CSV, UTF-8), `dry_run` (`true` previews), `post` (`false` imports
/// drafts instead of posting).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    #[schema(format = Binary)]
    file: String,
    dry_run: Option<bool>,
    post: Option<bool>,
}

struct Upload {
    text: String,
    dry_run: bool,
    post: bool,
}

fn malformed(err: impl std::fmt::Display) -> ApiError {
    ApiError::field("file", format!("The upload could not be read: {err}"))
}

fn flag(raw: &[u8], field: &str, default: bool) -> Result<bool, ApiError> {
    match String::from_utf8_lossy(raw).trim() {
        "" => Ok(default),
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(ApiError::field(field, "Must be true or false.")),
    }
}

async fn read_upload(multipart: Result<Multipart, MultipartRejection>) -> Result<Upload, ApiError> {
    let mut multipart = multipart.map_err(malformed)?;
    let mut text = None;
    let (mut dry_run, mut post) = (false, true);
    while let Some(field) = multipart.next_field().await.map_err(malformed)? {
        let name = field.name().unwrap_or_default().to_owned();
        let bytes = field.bytes().await.map_err(malformed)?;
        match name.as_str() {
            "file" => {
                if bytes.len() > FILE_BYTES_MAX {
                    return Err(ApiError::PayloadTooLarge(format!(
                        "The file is larger than {} MB.",
                        FILE_BYTES_MAX / 1024 / 1024
                    )));
                }
                let decoded = String::from_utf8(bytes.to_vec())
                    .map_err(|_| ApiError::field("file", "Save the file as UTF-8 CSV."))?;
                text = Some(decoded);
            }
            "dry_run" => dry_run = flag(&bytes, "dry_run", false)?,
            "post" => post = flag(&bytes, "post", true)?,
            _ => {}
        }
    }
    let text = text.ok_or_else(|| ApiError::field("file", "Choose a CSV file to import."))?;
    Ok(Upload {
        text,
        dry_run,
        post,
    })
}

fn file_problem(problem: FileProblem) -> ApiError {
    ApiError::field("file", problem.to_string())
}

/// Every row's problems, as field errors keyed by row (`rows[5].debit`).
fn rejected(errors: RowErrors) -> ApiError {
    ApiError::Fields(errors)
}

/// Previews or imports journal entries from a CSV file. A preview answers 200 with
/// `valid`, the entries and every row's `errors`; an import with errors answers 400 with
/// the same row keys and writes nothing; a clean import answers 201 with the entries
/// created (posted with consecutive numbers, or drafts with `post=false`).
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/import/", tag = "accounting",
    params(("workspace_id" = String, Path)),
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses((status = 200, description = "A preview (`dry_run`): nothing written", body = Data<ImportPreview>),
        (status = 201, description = "Imported", body = Data<ImportResult>),
        (status = 400), (status = 403), (status = 413)))]
pub async fn import_entries(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Data<ImportAnswer>>), ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::ImportEntries, None).await?;
    let upload = read_upload(multipart).await?;
    if upload.post {
        authorize(app, &user, &workspace_id, Action::PostEntries, None).await?;
    }
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let author: UserId = parse_id(&user.user_id)?;
    let tree: AccountTree = load(&state.aggregates.tree_state, &workspace_id).await?;
    let by_code: HashMap<String, _> = tree
        .accounts()
        .map(|a| (a.account_code.clone(), a.account_id))
        .collect();
    let (entries, mut errors) =
        import::read_entries(&upload.text, &by_code).map_err(file_problem)?;
    let batch: Vec<(JournalEntryId, _)> = entries
        .iter()
        .map(|e| (JournalEntryId::new_v7(), e.input.clone()))
        .collect();
    let books = BooksSnapshot::of(
        &tree,
        batch
            .iter()
            .flat_map(|(_, e)| e.lines.iter().map(|l| l.account_id)),
    );
    // The numbering lock is taken only to post: it serializes posting per workspace.
    let numbering = if upload.post && !upload.dry_run && errors.is_empty() {
        Some(
            state
                .aggregates
                .numbering
                .lock(app.db(), &workspace_id)
                .await?,
        )
    } else {
        None
    };
    let first_sequence = match (&numbering, upload.post) {
        (Some(n), _) => Some(n.next),
        // A preview of a posting import checks the posting rules with a stand-in number.
        (None, true) => Some(1),
        (None, false) => None,
    };
    let decided = new_entries(&batch, workspace, first_sequence, &books, author);
    if let Err(rejection) = &decided {
        for (key, messages) in import::row_errors(&entries, rejection) {
            errors.entry(key).or_default().extend(messages);
        }
    }
    if upload.dry_run {
        return Ok((
            StatusCode::OK,
            ok(ImportAnswer::Preview(preview(&entries, &errors))),
        ));
    }
    if !errors.is_empty() {
        return Err(rejected(errors));
    }
    let events = decided.map_err(|_| ApiError::internal("checked above"))?;
    let organization_id: Option<String> =
        api_core::access::organization_of(app, &workspace_id).await?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        workspace_id: Some(workspace_id.clone()),
        request_id,
        ..Default::default()
    };
    let rows = batch
        .iter()
        .zip(&events)
        .map(|((id, _), event)| NewEvent::of(AGGREGATE_TYPE, &id.to_string(), 1, event, &metadata))
        .collect::<Result<Vec<_>, _>>()
        .map_err(ApiError::internal)?;
    app.store.append(AppendRequest::new(rows)).await?;
    drop(numbering);
    read_your_writes(app, "ledger").await?;
    let imported: Vec<ImportedRef> = batch
        .iter()
        .zip(&entries)
        .zip(&events)
        .map(|(((id, _), entry), event)| {
            let number = match event {
                event_schemas::journal_entry::JournalEntryEvent::JournalEntryPosted(p) => {
                    Some(p.entry_number.clone())
                }
                _ => None,
            };
            ImportedRef {
                id: id.to_string(),
                key: entry.key.clone(),
                entry_number: number,
            }
        })
        .collect();
    tracing::info!(workspace_id = %workspace_id, entries = imported.len(), "journal entries imported");
    Ok((
        StatusCode::CREATED,
        ok(ImportAnswer::Imported(ImportResult {
            imported: imported.len(),
            status: if upload.post { "posted" } else { "draft" }.to_owned(),
            entries: imported,
        })),
    ))
}

/// A preview or an import.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum ImportAnswer {
    Preview(ImportPreview),
    Imported(ImportResult),
}

/// An entry of the file as previewed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PreviewEntry {
    /// The file's `entry` key.
    pub key: String,
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    /// File line numbers (header = 1) of the entry's lines.
    pub rows: Vec<usize>,
    pub lines: usize,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
}

/// What an import would do, and every row's problems (`rows[5].debit` → messages).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    pub valid: bool,
    pub entries: usize,
    pub lines: usize,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
    pub errors: BTreeMap<String, Vec<String>>,
    pub preview: Vec<PreviewEntry>,
}

/// An entry created by an import.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportedRef {
    pub id: String,
    pub key: String,
    /// `null` for drafts.
    pub entry_number: Option<String>,
}

/// The entries an import created, all posted or all drafts.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportResult {
    pub imported: usize,
    /// `posted` or `draft`.
    pub status: String,
    pub entries: Vec<ImportedRef>,
}

/// What a preview shows: each entry with its rows and totals, and every row's errors.
fn preview(entries: &[ImportedEntry], errors: &RowErrors) -> ImportPreview {
    let mut total = Decimal::ZERO;
    let listed: Vec<PreviewEntry> = entries
        .iter()
        .map(|e| {
            let debits: Decimal = e.input.lines.iter().filter_map(|l| l.debit).sum();
            let credits: Decimal = e.input.lines.iter().filter_map(|l| l.credit).sum();
            total += debits;
            PreviewEntry {
                key: e.key.clone(),
                date: e.input.date,
                memo: e.input.memo.clone(),
                reference: e.input.reference.clone(),
                rows: e.rows.clone(),
                lines: e.input.lines.len(),
                debit: format!("{:.2}", debits),
                credit: format!("{:.2}", credits),
            }
        })
        .collect();
    ImportPreview {
        valid: errors.is_empty(),
        entries: listed.len(),
        lines: entries.iter().map(|e| e.input.lines.len()).sum::<usize>(),
        total: format!("{:.2}", total),
        errors: errors.clone(),
        preview: listed,
    }
}
