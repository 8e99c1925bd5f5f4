//! The DepreciationRun events: one stream per workspace and month (the stream id derives
//! from both, so a second request for a month meets the first run). A run is posted as
//! one entry — Dr depreciation expense, Cr accumulated depreciation, per asset — and may
//! be reversed by the reversing entry; after a reversal the month may be run again.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::payroll::{payroll_contract, payroll_events};
use crate::{AccountId, DepreciationRunId, FixedAssetId, JournalEntryId, UserId, WorkspaceId};

/// The `aggregate_type` of depreciation runs.
pub const AGGREGATE_TYPE: &str = "DepreciationRun";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DepreciationRunEvent {
    DepreciationRunPosted(DepreciationRunPosted),
    DepreciationRunReversed(DepreciationRunReversed),
}

/// One asset's charge in a run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RunCharge {
    pub fixed_asset_id: FixedAssetId,
    /// The asset's name when the run was posted.
    pub name: String,
    pub category: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub charge: Decimal,
    pub depreciation_expense_account: AccountId,
    pub accumulated_depreciation_account: AccountId,
}

/// The month's depreciation was posted as `journal_entry_id`, dated the month's last day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DepreciationRunPosted {
    pub depreciation_run_id: DepreciationRunId,
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub date: NaiveDate,
    pub journal_entry_id: JournalEntryId,
    pub charges: Vec<RunCharge>,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub total: Decimal,
    pub posted_by: UserId,
}

/// The run's entry `journal_entry_id` was reversed by `reversal_entry_id`; the month is
/// free to run again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DepreciationRunReversed {
    pub depreciation_run_id: DepreciationRunId,
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub journal_entry_id: JournalEntryId,
    pub reversal_entry_id: JournalEntryId,
    pub reversal_date: NaiveDate,
    pub reversed_by: UserId,
}

payroll_events!(DepreciationRunEvent {
    DepreciationRunPosted,
    DepreciationRunReversed
});
payroll_contract!("depreciation_run", DepreciationRunEvent);
