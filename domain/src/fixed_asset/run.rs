//! A workspace's depreciation run of one month: posted as one entry, reversed by the
//! reversing entry, posted again after a reversal. The stream id derives from the
//! workspace and the month ([`run_id`]), so a second request for a month meets the run
//! the first one posted.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::fixed_asset::run::{
    DepreciationRunEvent, DepreciationRunPosted, DepreciationRunReversed, AGGREGATE_TYPE,
};
use event_schemas::{DepreciationRunId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Builder;

use super::commands::{DepreciationRunCommand, PostRun, ReverseRun};
use crate::calendar::Month;

/// The most assets one run charges: each is a stream of the run's one append.
pub const ASSETS_PER_RUN_MAX: usize = 2_000;

/// The run of `period` in `workspace_id`: a UUID v8 from a SHA-256 of both, the same
/// every time it is asked for.
pub fn run_id(workspace_id: WorkspaceId, period: Month) -> DepreciationRunId {
    let digest = Sha256::new()
        .chain_update(b"ledgerline/depreciation-run/")
        .chain_update(workspace_id.as_uuid().as_bytes())
        .chain_update(period.to_string().as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    DepreciationRunId::from_uuid(Builder::from_custom_bytes(bytes).into_uuid())
}

/// The rules a run command can break.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DepreciationRunError {
    #[error("the depreciation of {period} is posted already")]
    AlreadyPosted { period: Month },

    #[error("no asset has a depreciation charge in {period}")]
    NothingToCharge { period: Month },

    #[error("a run charges at most {max} assets")]
    TooManyAssets { max: usize },

    #[error("the run is not posted, so there is nothing to reverse")]
    NotPosted,
}

impl DepreciationRunError {
    /// The request field at fault, or `None` (the run's state).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::NothingToCharge { .. } | Self::TooManyAssets { .. } => Some("period"),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepreciationRun {
    /// Known from the first posting on.
    workspace_id: Option<WorkspaceId>,
    /// The run standing now (posted and not reversed).
    posted: Option<DepreciationRunPosted>,
    /// The entries of earlier postings, reversed since.
    reversed: Vec<DepreciationRunReversed>,
}

impl DepreciationRun {
    /// The run standing now, if posted and not reversed.
    pub fn posted(&self) -> Option<&DepreciationRunPosted> {
        self.posted.as_ref()
    }

    /// The workspace, once ever posted.
    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        self.workspace_id
    }

    /// The reversals of earlier postings, oldest first.
    pub fn reversed(&self) -> &[DepreciationRunReversed] {
        &self.reversed
    }

    pub fn decide(
        &self,
        command: DepreciationRunCommand,
    ) -> Result<Vec<DepreciationRunEvent>, DepreciationRunError> {
        match command {
            DepreciationRunCommand::Post(c) => self.post(c),
            DepreciationRunCommand::Reverse(c) => self.reverse(c),
        }
    }

    fn post(&self, command: PostRun) -> Result<Vec<DepreciationRunEvent>, DepreciationRunError> {
        if self.posted.is_some() {
            return Err(DepreciationRunError::AlreadyPosted {
                period: command.period,
            });
        }
        if command.charges.is_empty() {
            return Err(DepreciationRunError::NothingToCharge {
                period: command.period,
            });
        }
        if command.charges.len() > ASSETS_PER_RUN_MAX {
            return Err(DepreciationRunError::TooManyAssets {
                max: ASSETS_PER_RUN_MAX,
            });
        }
        let total: Decimal = command.charges.iter().map(|c| c.charge).sum();
        Ok(vec![DepreciationRunEvent::DepreciationRunPosted(
            DepreciationRunPosted {
                depreciation_run_id: command.depreciation_run_id,
                workspace_id: command.workspace_id,
                period: command.period.to_string(),
                date: command.period.last_day(),
                journal_entry_id: command.journal_entry_id,
                charges: command.charges,
                total,
                posted_by: command.posted_by,
            },
        )])
    }

    fn reverse(
        &self,
        command: ReverseRun,
    ) -> Result<Vec<DepreciationRunEvent>, DepreciationRunError> {
        let posted = self
            .posted
            .as_ref()
            .ok_or(DepreciationRunError::NotPosted)?;
        Ok(vec![DepreciationRunEvent::DepreciationRunReversed(
            DepreciationRunReversed {
                depreciation_run_id: posted.depreciation_run_id,
                workspace_id: posted.workspace_id,
                period: posted.period.clone(),
                journal_entry_id: posted.journal_entry_id,
                reversal_entry_id: command.reversal_entry_id,
                reversal_date: command.date,
                reversed_by: command.reversed_by,
            },
        )])
    }
}

impl crate::decider::Decider for DepreciationRun {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        DepreciationRun::decide(self, command)
    }
}

impl Aggregate for DepreciationRun {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = DepreciationRunCommand;
    type Event = DepreciationRunEvent;
    type Error = DepreciationRunError;
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
            DepreciationRunEvent::DepreciationRunPosted(e) => {
                self.workspace_id = Some(e.workspace_id);
                self.posted = Some(e);
            }
            DepreciationRunEvent::DepreciationRunReversed(e) => {
                self.posted = None;
                self.reversed.push(e);
            }
        }
    }
}
