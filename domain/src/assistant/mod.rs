//! The assistant's conversations (spec "AI chatbot"): a member asks questions about a
//! workspace's books and each answer is kept with the question, privately — only the
//! member who started a conversation reads, continues or deletes it.
//!
//! - [`aggregate`] — [`Conversation`]: one conversation's life and its pure decisions.
//! - [`commands`] — [`ConversationCommand`]; [`errors`] — [`ConversationError`].
//! - events — in `event_schemas::assistant`.
//!
//! What the answers say is decided by the read side (it reads the books); this aggregate
//! only keeps what was asked and answered, and who may see it.

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::{title_of, Conversation, MESSAGES_MAX, QUESTION_CHARS_MAX, TITLE_CHARS_MAX};
pub use commands::{ConversationCommand, DeleteConversation, RecordAnswer, StartConversation};
pub use errors::ConversationError;
