//! Setting a workspace aside when a projector cannot apply one of its events, and catching
//! it up again later (see [`crate::quarantine`]).

use std::collections::HashSet;

use event_schemas::read_model::{
    stream_id, ReadModelEvent, ReadModelQuarantined, ReadModelRestored,
};
use store::{EventMetadata, RecordedEvent};

use super::{ProjectionRuntime, REBUILD_BATCH_EVENTS};
use crate::checkpoint;
use crate::quarantine::{self, Quarantine, QUARANTINES_PER_PROJECTOR_MAX};
use crate::{ProjectionError, Projector};

impl ProjectionRuntime {
    /// Sets aside the workspace of the event `err` names, when it can be set aside (an
    /// event of a workspace, under the limit): whether the page is to be applied again
    /// without that workspace.
    pub(super) async fn set_aside(
        &self,
        projector: &dyn Projector,
        events: &[RecordedEvent],
        already: &HashSet<String>,
        err: &ProjectionError,
    ) -> Result<bool, ProjectionError> {
        let Some(event) = err
            .position
            .and_then(|position| events.iter().find(|e| e.global_position == position))
        else {
            return Ok(false);
        };
        let Some(workspace) = event.workspace_id() else {
            return Ok(false);
        };
        if already.contains(workspace) || already.len() >= QUARANTINES_PER_PROJECTOR_MAX {
            return Ok(false);
        }
        // The page's earlier events of this workspace were rolled back with the failing
        // one: the workspace is passed by from its first event in the page.
        let first = events
            .iter()
            .find(|e| e.workspace_id() == Some(workspace))
            .unwrap_or(event);
        let quarantine = Quarantine {
            projector: projector.name().to_owned(),
            workspace_id: workspace.to_owned(),
            resume_after_seq: first.chain_seq - 1,
            failed_position: event.global_position,
            error: quarantine::reason(&err.message),
            since: chrono::Utc::now().timestamp_micros(),
        };
        quarantine::insert(self.db(), &quarantine).await?;
        tracing::error!(
            projector = projector.name(),
            workspace = workspace,
            position = event.global_position,
            error = %err.message,
            "projector set a workspace aside; its read model is stale until it is caught up"
        );
        self.record(projector.name(), workspace, |workspace_id| {
            ReadModelEvent::ReadModelQuarantined(ReadModelQuarantined {
                projector: projector.name().to_owned(),
                workspace_id,
                failed_position: quarantine.failed_position,
                reason: quarantine.error.clone(),
            })
        })
        .await;
        Ok(true)
    }

    /// Tries to catch up every workspace `projector` has set aside; a workspace whose
    /// events now apply is current again, one that still fails stays aside with the new
    /// reason. Returns how many were caught up.
    pub async fn lift_quarantines(
        &self,
        projector: &dyn Projector,
    ) -> Result<usize, ProjectionError> {
        let mut lifted = 0;
        for quarantine in quarantine::of_projector(self.db(), projector.name()).await? {
            match self.catch_up_workspace(projector, &quarantine).await {
                Ok(applied) => {
                    lifted += 1;
                    tracing::info!(
                        projector = projector.name(),
                        workspace = %quarantine.workspace_id,
                        applied,
                        "projector caught a set-aside workspace up"
                    );
                    self.record(projector.name(), &quarantine.workspace_id, |workspace_id| {
                        ReadModelEvent::ReadModelRestored(ReadModelRestored {
                            projector: projector.name().to_owned(),
                            workspace_id,
                            failed_position: quarantine.failed_position,
                            events_applied: applied,
                        })
                    })
                    .await;
                }
                Err(err) => {
                    tracing::warn!(
                        projector = projector.name(),
                        workspace = %quarantine.workspace_id,
                        error = %err.message,
                        "a set-aside workspace still cannot be applied"
                    );
                    quarantine::still_failing(
                        self.db(),
                        projector.name(),
                        &quarantine.workspace_id,
                        err.position.unwrap_or(quarantine.failed_position),
                        &quarantine::reason(&err.message),
                    )
                    .await?;
                }
            }
        }
        Ok(lifted)
    }

    /// Applies, in one transaction, every event of the set-aside workspace the projector
    /// has passed by (those up to its checkpoint; later ones it applies live once the
    /// quarantine is gone), and lifts the quarantine with them.
    async fn catch_up_workspace(
        &self,
        projector: &dyn Projector,
        quarantine: &Quarantine,
    ) -> Result<i64, ProjectionError> {
        let mut tx = self.db().begin_write().await?;
        let until = checkpoint::hold(tx.transaction(), projector.name())
            .await?
            .ok_or_else(|| ProjectionError {
                position: None,
                message: format!("projector {} has no checkpoint", projector.name()),
            })?;
        let mut after = quarantine.resume_after_seq;
        let mut applied = 0;
        loop {
            let page = self
                .store
                .log()
                .read_chain(&quarantine.workspace_id, after, REBUILD_BATCH_EVENTS)
                .await?;
            let Some(last) = page.last() else {
                break;
            };
            after = last.chain_seq;
            let passed: Vec<RecordedEvent> =
                page.into_iter().filter(|e| e.cursor() <= until).collect();
            if !passed.is_empty() {
                projector.apply_batch(tx.transaction(), &passed).await?;
                applied += passed.len() as i64;
            }
        }
        quarantine::remove(tx.transaction(), projector.name(), &quarantine.workspace_id).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Appends a fact about `workspace`'s read model to its chain, so its activity log
    /// shows it. At most once per fact: a repeat of the stream's last fact is skipped, and
    /// a racing process's append wins the sequence. A failure to record is logged, never
    /// fatal: the quarantine table is what the runtime acts on.
    async fn record(
        &self,
        projector: &str,
        workspace: &str,
        event: impl FnOnce(event_schemas::WorkspaceId) -> ReadModelEvent,
    ) {
        let Ok(workspace_id) = workspace.parse::<uuid::Uuid>() else {
            return;
        };
        let event = event(event_schemas::WorkspaceId::from_uuid(workspace_id));
        let stream = stream_id(projector, workspace);
        let metadata = EventMetadata {
            workspace_id: Some(workspace.to_owned()),
            ..Default::default()
        };
        let appended = commands::Runner::new(self.store.clone())
            .record_fact(&stream, event, &metadata)
            .await
            .err();
        if let Some(err) = appended {
            tracing::warn!(error = %err, "could not record a read-model fact");
        }
    }
}
