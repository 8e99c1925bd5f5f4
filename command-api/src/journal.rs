//! Journal entries (issue 4's contract, DESIGN §5): drafts are created, changed and
//! deleted by editors; posting (with a gapless number) and reversal need
//! `journal_entries:post`. Posted entries never change: a reversal is a new entry with
//! the lines swapped, linked both ways.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, FieldErrors};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::account_tree::AccountTree;
use domain::journal_entry::{
    BooksSnapshot, CreateDraft, DeleteDraft, EntryInput, JournalEntry, JournalEntryCommand,
    LineInput, PostDraft, PostNewEntry, PostReversal, ReverseEntry, UpdateDraft,
};
use domain::permissions::Action;
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::organizations::parse_id;
use crate::runner::{execute, load};
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(create_entry))
        .routes(routes!(update_entry, delete_entry))
        .routes(routes!(post_entry))
        .routes(routes!(reverse_entry))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LineBody {
    pub account_id: String,
    #[serde(default)]
    pub description: Option<String>,
    /// Decimal string; empty or absent on a credit line.
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub debit: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub credit: Option<Value>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EntryBody {
    /// Effective date, `YYYY-MM-DD`.
    pub date: String,
    #[serde(default)]
    pub memo: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
    pub lines: Vec<LineBody>,
    /// Create and post at once.
    #[serde(default)]
    pub post: bool,
}

fn amount(problems: &mut FieldErrors, field: String, value: Option<&Value>) -> Option<Decimal> {
    let parsed = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(s)) if s.trim().is_empty() => return None,
        Some(Value::String(s)) => s.trim().parse::<Decimal>().ok(),
        Some(Value::Number(n)) => n.to_string().parse::<Decimal>().ok(),
        Some(_) => None,
    };
    if parsed.is_none() {
        problems
            .entry(field)
            .or_default()
            .push("Enter an amount such as 1250.00.".into());
    }
    parsed
}

/// The body as the domain's raw input; every unreadable value is named at once.
fn entry_input(body: &EntryBody) -> Result<EntryInput, ApiError> {
    let mut problems = FieldErrors::new();
    let date = domain::calendar::parse_date(&body.date)
        .map_err(|err| {
            problems
                .entry("date".into())
                .or_default()
                .push(err.to_string())
        })
        .ok();
    let mut lines = Vec::with_capacity(body.lines.len());
    for (i, line) in body.lines.iter().enumerate() {
        let account_id = line.account_id.trim().parse().ok();
        if account_id.is_none() {
            problems
                .entry(format!("lines[{i}].account_id"))
                .or_default()
                .push("Choose an account.".into());
        }
        let debit = amount(
            &mut problems,
            format!("lines[{i}].debit"),
            line.debit.as_ref(),
        );
        let credit = amount(
            &mut problems,
            format!("lines[{i}].credit"),
            line.credit.as_ref(),
        );
        if let Some(account_id) = account_id {
            lines.push(LineInput {
                account_id,
                description: line.description.clone().unwrap_or_default(),
                debit,
                credit,
            });
        }
    }
    match date {
        Some(date) if problems.is_empty() => Ok(EntryInput {
            date,
            memo: body.memo.clone().unwrap_or_default(),
            reference: body.reference.clone().unwrap_or_default(),
            lines,
        }),
        _ => Err(ApiError::Fields(problems)),
    }
}

async fn run_on_entry(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: &str,
    entry_id: JournalEntryId,
    command: JournalEntryCommand,
) -> Result<(), ApiError> {
    let organization_id: Option<String> =
        api_core::access::organization_of(&state.app, workspace_id).await?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        workspace_id: Some(workspace_id.to_owned()),
        request_id,
        ..Default::default()
    };
    execute(
        &state.aggregates.journal_entries,
        &entry_id.to_string(),
        command,
        &metadata,
    )
    .await
}

async fn tree_of(state: &CommandState, workspace_id: &str) -> Result<AccountTree, ApiError> {
    load(&state.aggregates.tree_state, workspace_id).await
}

/// An entry of this workspace, or 404 (an id of another workspace is not found here).
async fn entry_of(
    state: &CommandState,
    workspace_id: &str,
    entry_id: &str,
) -> Result<(JournalEntryId, JournalEntry), ApiError> {
    let id: JournalEntryId = parse_id(entry_id)?;
    let entry: JournalEntry = load(&state.aggregates.entry_state, entry_id).await?;
    let workspace = entry
        .draft()
        .map(|d| d.workspace_id)
        .or_else(|| entry.posted().map(|p| p.workspace_id));
    if workspace.map(|w| w.to_string()).as_deref() != Some(workspace_id) {
        return Err(ApiError::NotFound("Not found.".into()));
    }
    Ok((id, entry))
}

async fn done(
    state: &CommandState,
    id: JournalEntryId,
    status: &str,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    api_core::consistency::read_your_writes(&state.app, "ledger").await?;
    let number: Option<String> =
        sqlx::query_scalar("SELECT entry_number FROM read_journal_entries WHERE entry_id = $1")
            .bind(id.to_string())
            .fetch_optional(&state.app.db().pool)
            .await?
            .flatten();
    Ok(ok(EntryOutcome {
        id: id.to_string(),
        status: status.to_owned(),
        entry_number: number,
    }))
}

/// The entry a command left: its id, status and number (`null` for drafts).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntryOutcome {
    pub id: String,
    /// `draft` or `posted`.
    pub status: String,
    pub entry_number: Option<String>,
}

/// Creates a draft, or with `"post": true` creates and posts at once.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/", tag = "accounting",
    params(("workspace_id" = String, Path)), request_body = EntryBody,
    responses((status = 201, body = Data<EntryOutcome>), (status = 400), (status = 403)))]
pub async fn create_entry(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<EntryBody>,
) -> Result<(StatusCode, Json<Data<EntryOutcome>>), ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    if body.post {
        authorize(&state.app, &user, &workspace_id, Action::PostEntries, None).await?;
    }
    let entry = entry_input(&body)?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let user_id: UserId = parse_id(&user.user_id)?;
    let id = JournalEntryId::new_v7();
    if body.post {
        let tree = tree_of(&state, &workspace_id).await?;
        let books = BooksSnapshot::for_entry(&tree, &entry);
        let numbering = state
            .aggregates
            .numbering
            .lock(state.app.db(), &workspace_id)
            .await?;
        let command = PostNewEntry {
            journal_entry_id: id,
            workspace_id: workspace,
            entry,
            entry_sequence: numbering.next,
            books,
            posted_by: user_id,
        };
        run_on_entry(&state, &user, request_id, &workspace_id, id, command.into()).await?;
        drop(numbering);
        return Ok((StatusCode::CREATED, done(&state, id, "posted").await?));
    }
    let command = CreateDraft {
        journal_entry_id: id,
        workspace_id: workspace,
        entry,
        created_by: user_id,
    };
    run_on_entry(&state, &user, request_id, &workspace_id, id, command.into()).await?;
    Ok((StatusCode::CREATED, done(&state, id, "draft").await?))
}

/// Replaces a draft's content. Posted entries never change.
#[utoipa::path(patch, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = EntryBody,
    responses((status = 200, body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_entry(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, entry_id)): Path<(String, String)>,
    Body(body): Body<EntryBody>,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    let (id, _) = entry_of(&state, &workspace_id, &entry_id).await?;
    let entry = entry_input(&body)?;
    run_on_entry(
        &state,
        &user,
        request_id,
        &workspace_id,
        id,
        UpdateDraft { entry }.into(),
    )
    .await?;
    done(&state, id, "draft").await
}

/// Deletes a draft. Posted entries are never deleted; they are reversed.
#[utoipa::path(delete, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 204), (status = 400), (status = 403), (status = 404)))]
pub async fn delete_entry(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::WriteDraftEntries,
        None,
    )
    .await?;
    let (id, _) = entry_of(&state, &workspace_id, &entry_id).await?;
    run_on_entry(
        &state,
        &user,
        request_id,
        &workspace_id,
        id,
        DeleteDraft.into(),
    )
    .await?;
    api_core::consistency::read_your_writes(&state.app, "ledger").await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Posts a draft as it stands, with the workspace's next gapless number.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/post/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn post_entry(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<Json<Data<EntryOutcome>>, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::PostEntries, None).await?;
    let (id, entry) = entry_of(&state, &workspace_id, &entry_id).await?;
    let tree = tree_of(&state, &workspace_id).await?;
    let accounts: Vec<_> = entry
        .draft()
        .map(|d| d.content.lines.iter().map(|l| l.account_id).collect())
        .unwrap_or_default();
    let books = BooksSnapshot::for_lines(&tree, accounts.iter());
    let numbering = state
        .aggregates
        .numbering
        .lock(state.app.db(), &workspace_id)
        .await?;
    let command = PostDraft {
        entry_sequence: numbering.next,
        books,
        posted_by: parse_id(&user.user_id)?,
    };
    run_on_entry(&state, &user, request_id, &workspace_id, id, command.into()).await?;
    drop(numbering);
    done(&state, id, "posted").await
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReverseBody {
    /// The reversal's effective date, `YYYY-MM-DD`; after the lock date.
    pub date: String,
}

/// Reverses a posted entry: a new posted entry with the lines swapped, numbered next,
/// linked both ways. An entry is reversed once.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/reverse/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ReverseBody,
    responses((status = 201, description = "The reversing entry", body = Data<EntryOutcome>), (status = 400), (status = 403), (status = 404)))]
pub async fn reverse_entry(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, entry_id)): Path<(String, String)>,
    Body(body): Body<ReverseBody>,
) -> Result<(StatusCode, Json<Data<EntryOutcome>>), ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::PostEntries, None).await?;
    let date = api_core::time::date("date", &body.date)?;
    let (original_id, original) = entry_of(&state, &workspace_id, &entry_id).await?;
    let posted = original
        .posted()
        .cloned()
        .ok_or_else(|| ApiError::NonField(vec!["Only a posted entry can be reversed.".into()]))?;
    let tree = tree_of(&state, &workspace_id).await?;
    let books = BooksSnapshot::for_lines(&tree, posted.content.lines.iter().map(|l| &l.account_id));
    let user_id: UserId = parse_id(&user.user_id)?;
    let reversal_id = JournalEntryId::new_v7();
    let numbering = state
        .aggregates
        .numbering
        .lock(state.app.db(), &workspace_id)
        .await?;
    let post = PostReversal {
        journal_entry_id: reversal_id,
        original: posted,
        date,
        entry_sequence: numbering.next,
        books: books.clone(),
        posted_by: user_id,
    };
    // Decide the reversing entry first (nothing written), so a reversal that cannot be
    // posted never marks the original as reversed.
    JournalEntry::default()
        .decide(post.clone().into())
        .map_err(crate::runner::IntoApiError::into_api_error)?;
    let mark = ReverseEntry {
        reversed_by: reversal_id,
        reversal_date: date,
        books,
        reversed_by_user: user_id,
    };
    run_on_entry(
        &state,
        &user,
        request_id.clone(),
        &workspace_id,
        original_id,
        mark.into(),
    )
    .await?;
    run_on_entry(
        &state,
        &user,
        request_id,
        &workspace_id,
        reversal_id,
        post.into(),
    )
    .await?;
    drop(numbering);
    Ok((
        StatusCode::CREATED,
        done(&state, reversal_id, "posted").await?,
    ))
}
