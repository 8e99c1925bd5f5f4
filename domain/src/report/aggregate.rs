//! One report as its events left it: asked for, then generated or failed (once), then
//! perhaps deleted.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::report::{ReportDeleted, ReportEvent, AGGREGATE_TYPE};
use event_schemas::{UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::{DeleteReport, RecordOutcome, ReportCommand, RequestReport};
use super::errors::ReportError;

/// Where a report stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReportStatus {
    Generating,
    Ready,
    Failed,
}

impl ReportStatus {
    pub const fn id(self) -> &'static str {
        match self {
            ReportStatus::Generating => "generating",
            ReportStatus::Ready => "ready",
            ReportStatus::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    report_id: Option<Uuid>,
    workspace_id: Option<WorkspaceId>,
    requested_by: Option<UserId>,
    status: Option<ReportStatus>,
    deleted: bool,
}

impl Report {
    pub fn status(&self) -> Option<ReportStatus> {
        self.status
    }

    /// A report that exists in `workspace_id` and was not deleted.
    pub fn live_in(&self, workspace_id: WorkspaceId) -> Result<Uuid, ReportError> {
        match self.report_id {
            Some(id) if !self.deleted && self.workspace_id == Some(workspace_id) => Ok(id),
            _ => Err(ReportError::NotFound),
        }
    }

    /// The generator records an outcome only once, and not for a deleted report.
    pub fn may_finish(&self) -> Result<(), ReportError> {
        match self.status {
            None => Err(ReportError::NotFound),
            Some(_) if self.deleted => Err(ReportError::NotFound),
            Some(ReportStatus::Generating) => Ok(()),
            Some(done) => Err(ReportError::AlreadyFinished(done.id())),
        }
    }

    pub fn decide(&self, command: ReportCommand) -> Result<Vec<ReportEvent>, ReportError> {
        let event = match command {
            ReportCommand::Request(RequestReport { requested }) => {
                if self.report_id.is_some() {
                    return Err(ReportError::AlreadyRequested);
                }
                ReportEvent::ReportRequested(requested)
            }
            ReportCommand::RecordOutcome(outcome) => {
                self.may_finish()?;
                match outcome {
                    RecordOutcome::Generated(e) => ReportEvent::ReportGenerated(e),
                    RecordOutcome::Failed(e) => ReportEvent::ReportFailed(e),
                }
            }
            ReportCommand::Delete(DeleteReport { workspace_id, by }) => {
                let report_id = self.live_in(workspace_id)?;
                ReportEvent::ReportDeleted(ReportDeleted {
                    report_id,
                    workspace_id,
                    deleted_by: by,
                })
            }
        };
        Ok(vec![event])
    }
}

impl crate::decider::Decider for Report {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Report::decide(self, command)
    }
}

impl Aggregate for Report {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = ReportCommand;
    type Event = ReportEvent;
    type Error = ReportError;
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
            ReportEvent::ReportRequested(e) => {
                self.report_id = Some(e.report_id);
                self.workspace_id = Some(e.workspace_id);
                self.requested_by = Some(e.requested_by);
                self.status = Some(ReportStatus::Generating);
            }
            ReportEvent::ReportGenerated(_) => self.status = Some(ReportStatus::Ready),
            ReportEvent::ReportFailed(_) => self.status = Some(ReportStatus::Failed),
            ReportEvent::ReportDeleted(_) => self.deleted = true,
        }
    }
}
