//! One conversation as its events left it.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::assistant::{
    ConversationDeleted, ConversationEvent, ConversationStarted, QuestionAnswered, AGGREGATE_TYPE,
};
use event_schemas::{ConversationId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::commands::{ConversationCommand, DeleteConversation, RecordAnswer, StartConversation};
use super::errors::ConversationError;

/// The longest question kept: a question is a sentence or two, never a document.
pub const QUESTION_CHARS_MAX: usize = 2_000;
/// Questions per conversation: the stream stays short enough to load without snapshots.
pub const MESSAGES_MAX: usize = 500;
/// A conversation's title is its first question, cut to this many characters.
pub const TITLE_CHARS_MAX: usize = 80;
/// The title a conversation starts with.
const NEW_TITLE: &str = "New conversation";

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conversation {
    conversation_id: Option<ConversationId>,
    workspace_id: Option<WorkspaceId>,
    owner: Option<UserId>,
    messages: usize,
    deleted: bool,
}

impl Conversation {
    /// The conversation, when it is `user_id`'s in `workspace_id` and not deleted.
    fn owned_by(
        &self,
        workspace_id: WorkspaceId,
        user_id: UserId,
    ) -> Result<ConversationId, ConversationError> {
        match self.conversation_id {
            Some(id)
                if !self.deleted
                    && self.workspace_id == Some(workspace_id)
                    && self.owner == Some(user_id) =>
            {
                Ok(id)
            }
            _ => Err(ConversationError::NotFound),
        }
    }

    pub fn decide(
        &self,
        command: ConversationCommand,
    ) -> Result<Vec<ConversationEvent>, ConversationError> {
        match command {
            ConversationCommand::Start(StartConversation {
                conversation_id,
                organization_id,
                workspace_id,
                user_id,
            }) => {
                if self.conversation_id.is_some() {
                    return Err(ConversationError::AlreadyStarted);
                }
                Ok(vec![ConversationEvent::ConversationStarted(
                    ConversationStarted {
                        conversation_id,
                        organization_id,
                        workspace_id,
                        user_id,
                        title: NEW_TITLE.to_owned(),
                    },
                )])
            }
            ConversationCommand::Record(RecordAnswer {
                workspace_id,
                user_id,
                question,
                answer,
            }) => {
                let conversation_id = self.owned_by(workspace_id, user_id)?;
                let question = question.trim().to_owned();
                let chars = question.chars().count();
                if chars == 0 || chars > QUESTION_CHARS_MAX {
                    return Err(ConversationError::InvalidQuestion);
                }
                if self.messages >= MESSAGES_MAX {
                    return Err(ConversationError::TooManyMessages);
                }
                Ok(vec![ConversationEvent::QuestionAnswered(
                    QuestionAnswered {
                        conversation_id,
                        workspace_id,
                        user_id,
                        question,
                        answer,
                    },
                )])
            }
            ConversationCommand::Delete(DeleteConversation {
                workspace_id,
                user_id,
            }) => {
                let conversation_id = self.owned_by(workspace_id, user_id)?;
                Ok(vec![ConversationEvent::ConversationDeleted(
                    ConversationDeleted {
                        conversation_id,
                        workspace_id,
                        user_id,
                    },
                )])
            }
        }
    }
}

/// A conversation's title from its first question: the question cut at
/// [`TITLE_CHARS_MAX`] characters, with an ellipsis when cut.
pub fn title_of(question: &str) -> String {
    let question = question.trim();
    if question.chars().count() <= TITLE_CHARS_MAX {
        return question.to_owned();
    }
    let cut: String = question.chars().take(TITLE_CHARS_MAX - 1).collect();
    format!("{}…", cut.trim_end())
}

impl crate::decider::Decider for Conversation {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Conversation::decide(self, command)
    }
}

impl Aggregate for Conversation {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = ConversationCommand;
    type Event = ConversationEvent;
    type Error = ConversationError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            ConversationEvent::ConversationStarted(e) => {
                self.conversation_id = Some(e.conversation_id);
                self.workspace_id = Some(e.workspace_id);
                self.owner = Some(e.user_id);
            }
            ConversationEvent::QuestionAnswered(_) => self.messages += 1,
            ConversationEvent::ConversationDeleted(_) => self.deleted = true,
        }
    }
}
