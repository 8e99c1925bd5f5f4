//! `assistant`: each member's conversations with the assistant, and every question in
//! them with the answer it was given (kept as answered, JSON). The assistant's routes read
//! it, always filtered on the owner: a conversation is private to who started it.

use async_trait::async_trait;
use event_schemas::assistant::{upcasters, ConversationEvent, AGGREGATE_TYPE};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const CONVERSATIONS: &str = "CREATE TABLE read_assistant_conversations (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    title TEXT NOT NULL,
    messages BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
)";

const CONVERSATIONS_OWNER: &str = "CREATE INDEX read_assistant_conversations_owner \
    ON read_assistant_conversations (workspace_id, user_id, updated_at)";

const MESSAGES: &str = "CREATE TABLE read_assistant_messages (
    conversation_id TEXT NOT NULL,
    seq BIGINT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    log_position BIGINT NOT NULL,
    asked_at BIGINT NOT NULL,
    PRIMARY KEY (conversation_id, seq)
)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

const MIGRATIONS: &[Migration] = &[
    same!(1, "read_assistant_conversations", CONVERSATIONS),
    same!(2, "read_assistant_conversations_owner", CONVERSATIONS_OWNER),
    same!(3, "read_assistant_messages", MESSAGES),
];

pub struct Assistant;

#[async_trait]
impl Projector for Assistant {
    fn name(&self) -> &'static str {
        "assistant"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_assistant_conversations", "read_assistant_messages"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: ConversationEvent = decode(event, &upcasters)?;
            apply(tx, event, &decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: &ConversationEvent,
) -> Result<(), sqlx::Error> {
    let at = event.recorded_at;
    match decoded {
        ConversationEvent::ConversationStarted(e) => {
            sqlx::query(
                "INSERT INTO read_assistant_conversations (id, organization_id, workspace_id, \
                 user_id, title, messages, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, 0, $6, $6)",
            )
            .bind(e.conversation_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(e.user_id.to_string())
            .bind(&e.title)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        ConversationEvent::QuestionAnswered(e) => {
            let id = e.conversation_id.to_string();
            let answer = serde_json::to_string(&e.answer)
                .map_err(|err| sqlx::Error::Protocol(format!("encoding an answer: {err}")))?;
            sqlx::query(
                "INSERT INTO read_assistant_messages (conversation_id, seq, question, answer, \
                 log_position, asked_at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&id)
            .bind(event.sequence)
            .bind(&e.question)
            .bind(answer)
            .bind(event.global_position)
            .bind(at)
            .execute(&mut **tx)
            .await?;
            // The first question names the conversation.
            sqlx::query(
                "UPDATE read_assistant_conversations SET \
                 title = CASE WHEN messages = 0 THEN $1 ELSE title END, \
                 messages = messages + 1, updated_at = $2 WHERE id = $3",
            )
            .bind(domain_title(&e.question))
            .bind(at)
            .bind(&id)
            .execute(&mut **tx)
            .await?;
        }
        ConversationEvent::ConversationDeleted(e) => {
            sqlx::query(
                "UPDATE read_assistant_conversations SET deleted_at = $1, updated_at = $1 \
                 WHERE id = $2",
            )
            .bind(at)
            .bind(e.conversation_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// A conversation's title from its first question (the domain's rule).
fn domain_title(question: &str) -> String {
    domain::assistant::title_of(question)
}

/// A conversation as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationRow {
    pub id: String,
    pub workspace_id: String,
    pub user_id: String,
    pub title: String,
    pub messages: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, workspace_id, user_id, title, messages, created_at, updated_at";

impl ConversationRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            workspace_id: row.try_get("workspace_id")?,
            user_id: row.try_get("user_id")?,
            title: row.try_get("title")?,
            messages: row.try_get("messages")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// `user_id`'s live conversations in `workspace_id`, most recently used first, and how
/// many there are.
pub async fn list(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
    user_id: &str,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ConversationRow>, i64), sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_assistant_conversations \
         WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL",
    )
    .bind(workspace_id)
    .bind(user_id)
    .fetch_one(pool)
    .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_assistant_conversations \
         WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL \
         ORDER BY updated_at DESC, id DESC LIMIT $3 OFFSET $4"
    ))
    .bind(workspace_id)
    .bind(user_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await?;
    let rows = rows
        .iter()
        .map(ConversationRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}

/// Conversation `id` when it is `user_id`'s, live, in `workspace_id`.
pub async fn find(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
    user_id: &str,
    id: &str,
) -> Result<Option<ConversationRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_assistant_conversations \
         WHERE id = $1 AND workspace_id = $2 AND user_id = $3 AND deleted_at IS NULL"
    ))
    .bind(id)
    .bind(workspace_id)
    .bind(user_id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(ConversationRow::from_row).transpose()
}

/// One question and its answer, as the log kept them.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageRow {
    pub seq: i64,
    pub question: String,
    pub answer: event_schemas::assistant::Answer,
    pub log_position: i64,
    pub asked_at: i64,
}

/// The questions of conversation `id`, oldest first.
pub async fn messages(pool: &sqlx::AnyPool, id: &str) -> Result<Vec<MessageRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT seq, question, answer, log_position, asked_at FROM read_assistant_messages \
         WHERE conversation_id = $1 ORDER BY seq",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let answer: String = row.try_get("answer")?;
            Ok(MessageRow {
                seq: row.try_get("seq")?,
                question: row.try_get("question")?,
                answer: serde_json::from_str(&answer)
                    .map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
                log_position: row.try_get("log_position")?,
                asked_at: row.try_get("asked_at")?,
            })
        })
        .collect()
}
