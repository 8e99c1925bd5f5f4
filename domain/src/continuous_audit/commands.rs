//! What can be asked of a workspace's monitoring.

use event_schemas::{UserId, WorkspaceId};

use super::Settings;

#[derive(Debug, Clone, PartialEq)]
pub enum ContinuousAuditCommand {
    Configure(Configure),
}

/// Puts `settings` in force for the workspace.
#[derive(Debug, Clone, PartialEq)]
pub struct Configure {
    pub workspace_id: WorkspaceId,
    pub settings: Settings,
    pub by: UserId,
}

impl From<Configure> for ContinuousAuditCommand {
    fn from(command: Configure) -> Self {
        Self::Configure(command)
    }
}
