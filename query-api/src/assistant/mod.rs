//! The assistant (spec "AI chatbot"): questions about a workspace's books answered from
//! the books. Every number an answer states is a figure read through the read routes' own
//! query functions, every figure names its source (the report or record, with the log
//! position it was read at), and it works offline.
//!
//! - [`routes`] — conversations and questions over HTTP; private to their member.
//! - [`engine`] — the built-in engine: intent and slot parser, the answers it words.
//! - [`model`] — the optional OpenAI-compatible engine: the model picks the same tools
//!   and words the answer; the number check holds it to the tools' figures.
//! - [`check`] — the number check every answer's text passes.
//! - [`wire`] — answers and conversations on the wire.
//!
//! It lives with the read side because answering is reading; keeping the conversation
//! is a command on its own aggregate (`domain::assistant`), run through the one runner.

pub mod check;
pub mod engine;
pub mod model;
pub mod routes;
pub mod wire;

use api_core::ApiError;
use event_schemas::assistant::Answer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(
            routes::list_conversations,
            routes::start_conversation
        ))
        .routes(routes!(
            routes::get_conversation,
            routes::delete_conversation
        ))
        .routes(routes!(routes::ask))
}

/// The answer to `question` from `books`: by the model when one is configured (falling
/// back to the built-in engine), else by the built-in engine.
pub async fn answer(
    model: Option<&model::ModelEndpoint>,
    books: &engine::tools::Books<'_>,
    question: &str,
) -> Result<Answer, ApiError> {
    let (answer, literals) = match model {
        Some(endpoint) => model::answer(endpoint, books, question).await?,
        None => engine::answer(books, question).await?,
    };
    // Every answer passes the number check; the built-in engine words numbers only
    // through figures, so a failure here is a bug, shown loudly.
    let unbacked = check::unbacked_numbers(&answer.text, &answer.figures, &literals);
    if !unbacked.is_empty() {
        tracing::error!(?unbacked, text = %answer.text, "an answer states numbers that are not figures");
        return Err(ApiError::internal(
            "an answer stated a number it did not read",
        ));
    }
    Ok(answer)
}
