//! The assistant's routes, under `/api/v1/assistant/workspaces/{workspace_id}/`:
//! conversations (the caller's own, listed by page; started; read; deleted) and questions
//! asked in them. Another member's conversation is 404 on every route, like a missing one.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::NaiveDate;
use commands::{CommandError, RunError, Runner};
use domain::assistant::{
    Conversation, ConversationError, DeleteConversation, RecordAnswer, StartConversation,
    QUESTION_CHARS_MAX,
};
use domain::permissions::{check, Action, CheckContext};
use event_schemas::{ConversationId, OrganizationId, UserId, WorkspaceId};
use serde::Deserialize;
use store::EventMetadata;

use super::engine::tools::Books;
use super::engine::Reach;
use super::wire::{AnswerView, ConversationDetail, ConversationView, MessageView};
use crate::QueryState;

/// The projector conversations are read from.
const READ_MODEL: &str = "assistant";
const NOT_FOUND: &str = "No conversation with this id.";

/// A conversation's business error as the HTTP contract says it.
fn api_error(err: CommandError<ConversationError>) -> ApiError {
    match err {
        CommandError::Rule(rule) => match rule.field() {
            Some(field) => ApiError::field(field, rule.to_string()),
            None => match rule {
                ConversationError::NotFound => ApiError::NotFound(NOT_FOUND.into()),
                other => ApiError::Conflict(other.to_string()),
            },
        },
        CommandError::Run(RunError::Moved { .. }) => ApiError::Conflict(
            "The conversation was changed by another request at the same moment. Try again.".into(),
        ),
        CommandError::Run(other) => ApiError::internal(other),
    }
}

fn parse<T: std::str::FromStr>(raw: &str, error: impl Fn() -> ApiError) -> Result<T, ApiError> {
    raw.trim().parse().map_err(|_| error())
}

/// The caller in the workspace: who they are, and how far the assistant may go for them.
struct Caller {
    user_id: UserId,
    workspace_id: WorkspaceId,
    reach: Reach,
}

/// Reading the books is what the assistant does, so it asks what reading them asks; full
/// access (`ai_chatbot:full_access`) then decides drafts and payroll, and a caller
/// without it gets read-only answers (`ai_chatbot:limited_access`).
async fn caller(state: &AppState, user: &AuthUser, workspace_id: &str) -> Result<Caller, ApiError> {
    let access = authorize(state, user, workspace_id, Action::ReadBooks, None).await?;
    let allowed = |action: Action| check(CheckContext::new(Some(access.role), access.plan, action));
    let full = allowed(Action::AssistantFull);
    let reach = Reach {
        payroll: full.and_then(|()| allowed(Action::ReadPayroll)),
        drafts: full.and_then(|()| allowed(Action::WriteDraftEntries)),
        audit: allowed(Action::AuditSessions),
        full,
    };
    Ok(Caller {
        user_id: parse(&user.user_id, || {
            ApiError::internal("a caller without a user id")
        })?,
        workspace_id: parse(workspace_id, || ApiError::NotFound(NOT_FOUND.into()))?,
        reach,
    })
}

/// Events of the caller's own conversation: kept out of the workspace's chain and its
/// activity log (both are read by other members), so only the actor is stamped.
fn metadata(user: &AuthUser) -> EventMetadata {
    EventMetadata {
        actor_id: Some(user.user_id.clone()),
        ..Default::default()
    }
}

/// The caller's conversation `id`, or 404.
async fn own(
    state: &AppState,
    user: &AuthUser,
    workspace_id: &str,
    id: &str,
) -> Result<projections::assistant::ConversationRow, ApiError> {
    let id: ConversationId = parse(id, || ApiError::NotFound(NOT_FOUND.into()))?;
    projections::assistant::find(
        &state.db().pool,
        workspace_id,
        &user.user_id,
        &id.to_string(),
    )
    .await?
    .ok_or_else(|| ApiError::NotFound(NOT_FOUND.into()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ListParams {
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// The caller's conversations in the workspace, most recently used first.
#[utoipa::path(get, path = "/api/v1/assistant/workspaces/{workspace_id}/conversations/", tag = "assistant",
    params(("workspace_id" = String, Path), ListParams),
    responses((status = 200, body = Data<Paginated<ConversationView>>), (status = 400), (status = 403)))]
pub async fn list_conversations(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<ListParams>,
) -> Result<Json<PageOf<ConversationView>>, ApiError> {
    caller(&state, &user, &workspace_id).await?;
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .validate()?;
    let (rows, count) = projections::assistant::list(
        &state.db().pool,
        &workspace_id,
        &user.user_id,
        page.limit(),
        page.offset(),
    )
    .await?;
    let data = rows.iter().map(ConversationView::of).collect();
    Ok(ok(Paginated::new(data, count, page)))
}

/// Starts a conversation, the caller's alone.
#[utoipa::path(post, path = "/api/v1/assistant/workspaces/{workspace_id}/conversations/", tag = "assistant",
    params(("workspace_id" = String, Path)),
    responses((status = 201, body = Data<ConversationView>), (status = 403)))]
pub async fn start_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<(StatusCode, Json<Data<ConversationView>>), ApiError> {
    let caller = caller(&state, &user, &workspace_id).await?;
    let organization: OrganizationId = api_core::access::organization_of(&state, &workspace_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such workspace.".into()))
        .and_then(|o| parse(&o, || ApiError::internal("a bad organization id")))?;
    let id = ConversationId::new_v7();
    let start = StartConversation {
        conversation_id: id,
        organization_id: organization,
        workspace_id: caller.workspace_id,
        user_id: caller.user_id,
    };
    Runner::new(state.store.clone())
        .execute::<Conversation>(&id.to_string(), start.into(), &metadata(&user), None)
        .await
        .map_err(api_error)?;
    read_your_writes(&state, READ_MODEL).await?;
    let row = own(&state, &user, &workspace_id, &id.to_string()).await?;
    Ok((StatusCode::CREATED, ok(ConversationView::of(&row))))
}

/// One of the caller's conversations with every question and answer, oldest first.
#[utoipa::path(get, path = "/api/v1/assistant/workspaces/{workspace_id}/conversations/{id}/", tag = "assistant",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<ConversationDetail>), (status = 403), (status = 404)))]
pub async fn get_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, id)): Path<(String, String)>,
) -> Result<Json<Data<ConversationDetail>>, ApiError> {
    caller(&state, &user, &workspace_id).await?;
    let row = own(&state, &user, &workspace_id, &id).await?;
    let thread = projections::assistant::messages(&state.db().pool, &row.id)
        .await?
        .into_iter()
        .map(|m| MessageView {
            question: m.question,
            answer: AnswerView::of(&workspace_id, &m.answer),
            asked_at: api_core::time::iso_datetime(m.asked_at),
            log_position: m.log_position,
        })
        .collect();
    Ok(ok(ConversationDetail {
        conversation: ConversationView::of(&row),
        thread,
    }))
}

/// Deletes one of the caller's conversations (the log keeps it).
#[utoipa::path(delete, path = "/api/v1/assistant/workspaces/{workspace_id}/conversations/{id}/", tag = "assistant",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 204), (status = 403), (status = 404)))]
pub async fn delete_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, id)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let caller = caller(&state, &user, &workspace_id).await?;
    let row = own(&state, &user, &workspace_id, &id).await?;
    let delete = DeleteConversation {
        workspace_id: caller.workspace_id,
        user_id: caller.user_id,
    };
    Runner::new(state.store.clone())
        .execute::<Conversation>(&row.id, delete.into(), &metadata(&user), None)
        .await
        .map_err(api_error)?;
    read_your_writes(&state, READ_MODEL).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A question for the assistant.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QuestionBody {
    /// 1 to 2,000 characters.
    #[serde(default)]
    pub text: String,
}

/// Today in the workspace's time zone: what "this month" and "as of today" mean there.
async fn today(state: &AppState, workspace_id: &str) -> Result<NaiveDate, ApiError> {
    let zone = api_core::time::workspace_time_zone(state.db(), workspace_id).await?;
    Ok(
        chrono::DateTime::from_timestamp_micros(state.clock.now_us())
            .unwrap_or_default()
            .with_timezone(&zone)
            .date_naive(),
    )
}

/// Asks a question in one of the caller's conversations: the answer (its figures, where
/// each came from, choices when the question was ambiguous, a draft entry with full
/// access) is kept in the conversation and returned.
#[utoipa::path(post, path = "/api/v1/assistant/workspaces/{workspace_id}/conversations/{id}/messages/", tag = "assistant",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = QuestionBody,
    responses((status = 201, body = Data<AnswerView>), (status = 400), (status = 403), (status = 404)))]
pub async fn ask(
    State(query): State<QueryState>,
    user: AuthUser,
    Path((workspace_id, id)): Path<(String, String)>,
    Body(body): Body<QuestionBody>,
) -> Result<(StatusCode, Json<Data<AnswerView>>), ApiError> {
    let state = &query.app;
    let caller = caller(state, &user, &workspace_id).await?;
    let row = own(state, &user, &workspace_id, &id).await?;
    let question = body.text.trim().to_owned();
    let chars = question.chars().count();
    if chars == 0 || chars > QUESTION_CHARS_MAX {
        return Err(api_error(CommandError::Rule(
            ConversationError::InvalidQuestion,
        )));
    }
    let today = today(state, &workspace_id).await?;
    let books = Books::open(state, &workspace_id, today, caller.reach).await?;
    let answer = super::answer(query.assistant.as_ref(), &books, &question).await?;
    let record = RecordAnswer {
        workspace_id: caller.workspace_id,
        user_id: caller.user_id,
        question,
        answer: answer.clone(),
    };
    Runner::new(state.store.clone())
        .execute::<Conversation>(&row.id, record.into(), &metadata(&user), None)
        .await
        .map_err(api_error)?;
    read_your_writes(state, READ_MODEL).await?;
    Ok((
        StatusCode::CREATED,
        ok(AnswerView::of(&workspace_id, &answer)),
    ))
}
