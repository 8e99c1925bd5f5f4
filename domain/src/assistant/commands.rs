//! What can be asked of a conversation.

use event_schemas::assistant::Answer;
use event_schemas::{ConversationId, OrganizationId, UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq)]
pub enum ConversationCommand {
    Start(StartConversation),
    Record(RecordAnswer),
    Delete(DeleteConversation),
}

/// Opens a conversation for `user_id` in `workspace_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StartConversation {
    pub conversation_id: ConversationId,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    pub user_id: UserId,
}

/// Keeps a question and the answer the read side gave to it.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordAnswer {
    pub workspace_id: WorkspaceId,
    pub user_id: UserId,
    pub question: String,
    pub answer: Answer,
}

/// Removes the conversation from its owner's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteConversation {
    pub workspace_id: WorkspaceId,
    pub user_id: UserId,
}

impl From<StartConversation> for ConversationCommand {
    fn from(command: StartConversation) -> Self {
        Self::Start(command)
    }
}

impl From<RecordAnswer> for ConversationCommand {
    fn from(command: RecordAnswer) -> Self {
        Self::Record(command)
    }
}

impl From<DeleteConversation> for ConversationCommand {
    fn from(command: DeleteConversation) -> Self {
        Self::Delete(command)
    }
}
