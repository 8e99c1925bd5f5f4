//! Why a conversation command was refused.

use super::aggregate::{MESSAGES_MAX, QUESTION_CHARS_MAX};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConversationError {
    /// Unknown, deleted, in another workspace, or someone else's: all look alike, so a
    /// conversation's existence is never confirmed to anyone but its owner.
    #[error("No conversation with this id.")]
    NotFound,
    #[error("This conversation was already started.")]
    AlreadyStarted,
    #[error("Ask a question of 1 to {QUESTION_CHARS_MAX} characters.")]
    InvalidQuestion,
    #[error("This conversation holds {MESSAGES_MAX} questions; start a new one.")]
    TooManyMessages,
}

impl ConversationError {
    /// The request field the error is about, if any.
    pub const fn field(&self) -> Option<&'static str> {
        match self {
            Self::InvalidQuestion => Some("text"),
            _ => None,
        }
    }
}
