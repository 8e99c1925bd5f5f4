//! What can be asked of a report.

use event_schemas::report::{ReportFailed, ReportGenerated, ReportRequested};
use event_schemas::{UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq)]
pub enum ReportCommand {
    Request(RequestReport),
    RecordOutcome(RecordOutcome),
    Delete(DeleteReport),
}

/// Asks for the report as described (kind, format and parameters already validated).
#[derive(Debug, Clone, PartialEq)]
pub struct RequestReport {
    pub requested: ReportRequested,
}

/// The generator's outcome: the file it kept, or why it could not.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordOutcome {
    Generated(ReportGenerated),
    Failed(ReportFailed),
}

/// Removes the report from `workspace_id`'s downloads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteReport {
    pub workspace_id: WorkspaceId,
    pub by: UserId,
}

impl From<RequestReport> for ReportCommand {
    fn from(command: RequestReport) -> Self {
        Self::Request(command)
    }
}

impl From<RecordOutcome> for ReportCommand {
    fn from(command: RecordOutcome) -> Self {
        Self::RecordOutcome(command)
    }
}

impl From<DeleteReport> for ReportCommand {
    fn from(command: DeleteReport) -> Self {
        Self::Delete(command)
    }
}
