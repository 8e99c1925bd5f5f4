//! `POST journal-entries/import/`: journal entries from a CSV file (the template of
//! `domain::journal_entry::import`), previewed or imported — all or nothing.
//!
//! The whole batch is decided at once against one state of the chart of accounts and
//! posted through the books' posting service in one append with the import's own record
//! (`JournalImported`: the file's name and SHA-256, the entries it created). So an import
//! lands whole, with consecutive entry numbers, or not at all; and the same file imported
//! again within a day is refused unless the user confirms it is meant twice — a retry
//! after a lost answer adds nothing. A preview (`dry_run`) runs the same checks and
//! writes nothing.

use std::collections::{BTreeMap, HashMap};

use api_core::access::authorize;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::NaiveDate;
use commands::CommandError;
use commands::{Committed, Loaded};
use domain::journal_entry::import::{self, FileProblem, ImportedEntry, RowErrors};
use domain::journal_entry::{new_entries, BatchRejection};
use domain::journal_import::{JournalImport, JournalImportError, PreviousImport, RecordImport};
use domain::permissions::Action;
use event_schemas::{JournalEntryId, JournalImportId, WorkspaceId};
use rust_decimal::Decimal;
use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::Row;

use super::workspace_metadata;
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::runner::IntoApiError;
use crate::CommandState;

/// Largest file accepted: 20,000 rows of a generous 250 bytes.
pub const FILE_BYTES_MAX: usize = 5 * 1024 * 1024;

/// The form: `file` (CSV, UTF-8), `dry_run` (`true` previews), `post` (`false` imports
/// drafts instead of posting), `confirm_duplicate` (`true` imports a file imported within
/// the last day again).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    #[schema(format = Binary)]
    file: String,
    dry_run: Option<bool>,
    post: Option<bool>,
    confirm_duplicate: Option<bool>,
}

struct Upload {
    text: String,
    file_name: String,
    sha256: String,
    dry_run: bool,
    post: bool,
    confirm_duplicate: bool,
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
    let mut file = None;
    let (mut dry_run, mut post, mut confirm_duplicate) = (false, true, false);
    while let Some(field) = multipart.next_field().await.map_err(malformed)? {
        let name = field.name().unwrap_or_default().to_owned();
        let file_name = field.file_name().unwrap_or_default().to_owned();
        let bytes = field.bytes().await.map_err(malformed)?;
        match name.as_str() {
            "file" => {
                if bytes.len() > FILE_BYTES_MAX {
                    return Err(ApiError::PayloadTooLarge(format!(
                        "The file is larger than {} MB.",
                        FILE_BYTES_MAX / 1024 / 1024
                    )));
                }
                let sha256 = hex::encode(Sha256::digest(&bytes));
                let text = String::from_utf8(bytes.to_vec())
                    .map_err(|_| ApiError::field("file", "Save the file as UTF-8 CSV."))?;
                file = Some((text, file_name, sha256));
            }
            "dry_run" => dry_run = flag(&bytes, "dry_run", false)?,
            "post" => post = flag(&bytes, "post", true)?,
            "confirm_duplicate" => confirm_duplicate = flag(&bytes, "confirm_duplicate", false)?,
            _ => {}
        }
    }
    let (text, file_name, sha256) =
        file.ok_or_else(|| ApiError::field("file", "Choose a CSV file to import."))?;
    Ok(Upload {
        text,
        file_name: file_name
            .chars()
            .take(domain::journal_import::FILE_NAME_CHARS_MAX)
            .collect(),
        sha256,
        dry_run,
        post,
        confirm_duplicate,
    })
}

fn file_problem(problem: FileProblem) -> ApiError {
    ApiError::field("file", problem.to_string())
}

/// The newest import of the same file into the workspace, from the imports read model.
async fn previous_import(
    state: &CommandState,
    workspace_id: &str,
    sha256: &str,
) -> Result<Option<PreviousImport>, ApiError> {
    let row = sqlx::query(
        "SELECT import_id, recorded_at FROM read_journal_imports \
         WHERE workspace_id = $1 AND file_sha256 = $2 ORDER BY recorded_at DESC LIMIT 1",
    )
    .bind(workspace_id)
    .bind(sha256)
    .fetch_optional(&state.app.db().pool)
    .await?;
    row.map(|row| {
        let id: String = row.try_get("import_id")?;
        let at: i64 = row.try_get("recorded_at")?;
        Ok(PreviousImport {
            import_id: parse_id(&id)?,
            imported_at: chrono::DateTime::from_timestamp_micros(at).unwrap_or_default(),
        })
    })
    .transpose()
}

/// Why an import was refused: its rows, or its record.
enum Refusal {
    Rows(BatchRejection),
    Import(JournalImportError),
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
        (status = 400), (status = 403), (status = 409), (status = 413)))]
pub async fn import_entries(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Data<ImportAnswer>>), ApiError> {
    let app = &state.app;
    authorize(
        app,
        &caller.user,
        &workspace_id,
        Action::ImportEntries,
        None,
    )
    .await?;
    let upload = read_upload(multipart).await?;
    if upload.post {
        authorize(app, &caller.user, &workspace_id, Action::PostEntries, None).await?;
    }
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let chart = state
        .books
        .chart(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let by_code: HashMap<String, _> = chart
        .tree
        .state
        .accounts()
        .map(|a| (a.account_code.clone(), a.account_id))
        .collect();
    let (entries, mut errors) =
        import::read_entries(&upload.text, &by_code).map_err(file_problem)?;
    let batch: Vec<(JournalEntryId, _)> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| (caller.mint(&format!("import/entry/{i}")), e.input.clone()))
        .collect();
    let previous = previous_import(&state, &workspace_id, &upload.sha256).await?;
    if upload.dry_run {
        if let Err(rejection) = new_entries(
            &batch,
            workspace,
            upload.post,
            &chart.tree.state,
            caller.user_id,
        ) {
            add_row_errors(&mut errors, &entries, &rejection);
        }
        let mut preview = preview(&entries, &errors);
        preview.imported_before = previous.map(|p| ImportedBefore {
            import_id: p.import_id.to_string(),
            imported_at: api_core::time::iso_datetime(p.imported_at.timestamp_micros()),
        });
        return Ok((StatusCode::OK, ok(ImportAnswer::Preview(preview))));
    }
    if !errors.is_empty() {
        return Err(ApiError::Fields(errors));
    }
    let import_id: JournalImportId = caller.mint("import");
    let lines = batch.iter().map(|(_, e)| e.lines.len() as u64).sum();
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let now = chrono::DateTime::from_timestamp_micros(app.clock.now_us()).unwrap_or_default();
    let posted = state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.post_batch(&batch, upload.post, caller.user_id)
                    .map_err(Refusal::Rows)?;
                p.decide(
                    &Loaded::<JournalImport>::fresh(import_id.to_string()),
                    RecordImport {
                        import_id,
                        workspace_id: workspace,
                        file_name: upload.file_name.clone(),
                        file_sha256: upload.sha256.clone(),
                        entries: batch.iter().map(|(id, _)| *id).collect(),
                        lines,
                        posted: upload.post,
                        imported_by: caller.user_id,
                        previous,
                        confirm_duplicate: upload.confirm_duplicate,
                        now,
                    }
                    .into(),
                )
                .map_err(Refusal::Import)
            },
        )
        .await;
    let posted = match posted {
        Ok(posted) => posted,
        Err(CommandError::Rule(Refusal::Rows(rejection))) => {
            add_row_errors(&mut errors, &entries, &rejection);
            return Err(ApiError::Fields(errors));
        }
        Err(CommandError::Rule(Refusal::Import(err))) => return Err(err.into_api_error()),
        Err(CommandError::Run(err)) => return Err(err.into_api_error()),
    };
    read_your_writes(app, "ledger").await?;
    read_your_writes(app, "journal_imports").await?;
    let numbers: HashMap<JournalEntryId, Option<String>> = match &posted.committed {
        Committed::Applied(_) => posted
            .entries
            .iter()
            .map(|e| (e.id, e.entry_number.clone()))
            .collect(),
        // A replay: the entries are in the ledger already.
        _ => numbers_in_ledger(&state, &batch).await?,
    };
    let imported: Vec<ImportedRef> = batch
        .iter()
        .zip(&entries)
        .map(|((id, _), entry)| ImportedRef {
            id: id.to_string(),
            key: entry.key.clone(),
            entry_number: numbers.get(id).cloned().flatten(),
        })
        .collect();
    tracing::info!(workspace_id = %workspace_id, entries = imported.len(), "journal entries imported");
    Ok((
        StatusCode::CREATED,
        ok(ImportAnswer::Imported(ImportResult {
            import_id: import_id.to_string(),
            imported: imported.len(),
            status: if upload.post { "posted" } else { "draft" }.to_owned(),
            entries: imported,
        })),
    ))
}

fn add_row_errors(errors: &mut RowErrors, entries: &[ImportedEntry], rejection: &BatchRejection) {
    for (key, messages) in import::row_errors(entries, rejection) {
        errors.entry(key).or_default().extend(messages);
    }
}

/// The numbers the ledger shows for `batch`'s entries.
async fn numbers_in_ledger(
    state: &CommandState,
    batch: &[(JournalEntryId, domain::journal_entry::EntryInput)],
) -> Result<HashMap<JournalEntryId, Option<String>>, ApiError> {
    let mut numbers = HashMap::with_capacity(batch.len());
    for (id, _) in batch {
        let number: Option<String> =
            sqlx::query_scalar("SELECT entry_number FROM read_journal_entries WHERE entry_id = $1")
                .bind(id.to_string())
                .fetch_optional(&state.app.db().pool)
                .await?
                .flatten();
        numbers.insert(*id, number);
    }
    Ok(numbers)
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

/// An earlier import of the same file (by content).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportedBefore {
    pub import_id: String,
    pub imported_at: String,
}

/// What an import would do, and every row's problems (`rows[5].debit` → messages).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportPreview {
    pub valid: bool,
    /// The same file's newest earlier import into this workspace: importing it again
    /// within a day needs `confirm_duplicate`.
    pub imported_before: Option<ImportedBefore>,
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
    pub import_id: String,
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
        imported_before: None,
        entries: listed.len(),
        lines: entries.iter().map(|e| e.input.lines.len()).sum::<usize>(),
        total: format!("{:.2}", total),
        errors: errors.clone(),
        preview: listed,
    }
}
