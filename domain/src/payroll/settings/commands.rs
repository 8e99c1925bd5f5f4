//! What can be asked of a workspace's payroll.

use event_schemas::payroll::settings::PayrollAccounts;
use event_schemas::{PayRunId, UserId, WorkspaceId};

use super::accounts::ChartFacts;
use crate::calendar::Month;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayrollCommand {
    ChangeSettings(ChangeSettings),
    ClaimPeriod(ClaimPeriod),
    ReleasePeriod(ReleasePeriod),
}

/// Sets the accounts runs post to and whether ITF applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeSettings {
    pub workspace_id: WorkspaceId,
    pub accounts: PayrollAccounts,
    pub itf_applies: bool,
    /// The chart's facts about `accounts` (see `accounts::chart_facts`), with the
    /// accounts the same command creates.
    pub chart: ChartFacts,
    pub changed_by: UserId,
}

/// Holds `period` for the run being drafted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimPeriod {
    pub workspace_id: WorkspaceId,
    pub period: Month,
    pub pay_run_id: PayRunId,
}

/// Frees `period` as its run is reversed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleasePeriod {
    pub workspace_id: WorkspaceId,
    pub period: Month,
    pub pay_run_id: PayRunId,
}

impl From<ChangeSettings> for PayrollCommand {
    fn from(command: ChangeSettings) -> Self {
        Self::ChangeSettings(command)
    }
}

impl From<ClaimPeriod> for PayrollCommand {
    fn from(command: ClaimPeriod) -> Self {
        Self::ClaimPeriod(command)
    }
}

impl From<ReleasePeriod> for PayrollCommand {
    fn from(command: ReleasePeriod) -> Self {
        Self::ReleasePeriod(command)
    }
}
