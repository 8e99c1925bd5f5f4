//! What can be asked of a fixed asset and of a month's depreciation run.

use chrono::NaiveDate;
use event_schemas::fixed_asset::asset::AssetDetails;
use event_schemas::fixed_asset::run::RunCharge;
use event_schemas::{
    AccountId, DepreciationRunId, FixedAssetId, JournalEntryId, UserId, WorkspaceId,
};
use rust_decimal::Decimal;

use crate::calendar::Month;
use crate::payroll::settings::ChartFacts;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FixedAssetCommand {
    Register(RegisterAsset),
    Update(UpdateAsset),
    Depreciate(Depreciate),
    ReverseDepreciation(ReverseDepreciation),
    Dispose(DisposeAsset),
}

/// Puts an asset on the register. `chart` holds the chart's facts about its accounts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisterAsset {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    pub details: AssetDetails,
    pub chart: ChartFacts,
    pub registered_by: UserId,
}

/// Replaces the record with `details` (the route merges a patch into the record first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateAsset {
    pub details: AssetDetails,
    pub chart: ChartFacts,
    pub updated_by: UserId,
}

/// Charges the asset its schedule's charge for `period` (nothing when it has none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Depreciate {
    pub period: Month,
    pub depreciation_run_id: DepreciationRunId,
    pub journal_entry_id: JournalEntryId,
}

/// Takes back the asset's charge for `period` as its run is reversed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReverseDepreciation {
    pub period: Month,
    pub depreciation_run_id: DepreciationRunId,
    pub reversal_entry_id: JournalEntryId,
    pub reversal_date: NaiveDate,
}

/// Disposes of the asset on `date` for `proceeds`, posted as `journal_entry_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisposeAsset {
    pub date: NaiveDate,
    pub proceeds: Decimal,
    pub proceeds_account: AccountId,
    pub gain_loss_account: AccountId,
    pub chart: ChartFacts,
    pub journal_entry_id: JournalEntryId,
    pub disposed_by: UserId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DepreciationRunCommand {
    Post(PostRun),
    Reverse(ReverseRun),
}

/// Posts the month's run: the charges the assets decided, as `journal_entry_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostRun {
    pub depreciation_run_id: DepreciationRunId,
    pub workspace_id: WorkspaceId,
    pub period: Month,
    pub journal_entry_id: JournalEntryId,
    pub charges: Vec<RunCharge>,
    pub posted_by: UserId,
}

/// Reverses the posted run by `reversal_entry_id` dated `date`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReverseRun {
    pub reversal_entry_id: JournalEntryId,
    pub date: NaiveDate,
    pub reversed_by: UserId,
}

macro_rules! into_command {
    ($enum:ident { $($variant:ident($command:ident)),+ $(,)? }) => {
        $(impl From<$command> for $enum {
            fn from(command: $command) -> Self {
                Self::$variant(command)
            }
        })+
    };
}

into_command!(FixedAssetCommand {
    Register(RegisterAsset),
    Update(UpdateAsset),
    Depreciate(Depreciate),
    ReverseDepreciation(ReverseDepreciation),
    Dispose(DisposeAsset),
});
into_command!(DepreciationRunCommand {
    Post(PostRun),
    Reverse(ReverseRun)
});
