//! The FixedAsset events: one stream per asset (the stream id is the asset id). The cost
//! fields change only until a run first charges the asset; every charge and its reversal
//! are recorded here in the same append as the run's entry, so the asset always knows
//! what the books hold of its depreciation.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::DepreciationBasis;
use crate::payroll::{payroll_contract, payroll_events};
use crate::{AccountId, DepreciationRunId, FixedAssetId, JournalEntryId, UserId, WorkspaceId};

/// The `aggregate_type` of fixed assets.
pub const AGGREGATE_TYPE: &str = "FixedAsset";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FixedAssetEvent {
    FixedAssetRegistered(FixedAssetRegistered),
    FixedAssetUpdated(FixedAssetUpdated),
    FixedAssetDepreciated(FixedAssetDepreciated),
    FixedAssetDepreciationReversed(FixedAssetDepreciationReversed),
    FixedAssetDisposed(FixedAssetDisposed),
}

/// What the register holds of an asset.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AssetDetails {
    pub name: String,
    /// The asset's label or serial number (may be empty).
    pub tag: String,
    /// The group the asset schedule totals it under (`Motor vehicles`).
    pub category: String,
    /// Holds the cost (debit balance).
    pub asset_account: AccountId,
    /// Holds the depreciation charged (credit balance).
    pub accumulated_depreciation_account: AccountId,
    /// Charged with each month's depreciation.
    pub depreciation_expense_account: AccountId,
    /// Depreciation starts the month after.
    pub available_for_use: NaiveDate,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub cost: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub residual_value: Decimal,
    pub useful_life_months: u32,
    pub method: DepreciationBasis,
    /// Percent a year, with `declining_balance` only.
    #[schemars(with = "Option<String>")]
    pub annual_rate: Option<Decimal>,
}

/// An asset was put on the register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixedAssetRegistered {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    pub details: AssetDetails,
    pub registered_by: UserId,
}

/// The asset's record was changed; `details` is the whole record as it now stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixedAssetUpdated {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    pub details: AssetDetails,
    pub updated_by: UserId,
}

/// A depreciation run charged the asset `charge` for `period`, posted as `journal_entry_id`
/// dated `date` (the month's last day).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixedAssetDepreciated {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub date: NaiveDate,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub charge: Decimal,
    pub depreciation_run_id: DepreciationRunId,
    pub journal_entry_id: JournalEntryId,
}

/// The run's reversal took back the asset's charge for `period`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixedAssetDepreciationReversed {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub period: String,
    pub depreciation_run_id: DepreciationRunId,
    pub reversal_entry_id: JournalEntryId,
    pub reversal_date: NaiveDate,
}

/// The asset was disposed of on `date` for `proceeds`, posted as `journal_entry_id`: the
/// months not yet charged through the disposal month (`catch_up_charge`), then its cost and
/// accumulated depreciation removed and the gain or loss booked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FixedAssetDisposed {
    pub fixed_asset_id: FixedAssetId,
    pub workspace_id: WorkspaceId,
    pub date: NaiveDate,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub proceeds: Decimal,
    /// Debited with the proceeds.
    pub proceeds_account: AccountId,
    /// Credited with a gain, debited with a loss.
    pub gain_loss_account: AccountId,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub cost: Decimal,
    /// Every charge through the disposal month, the catch-up included.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub accumulated_depreciation: Decimal,
    /// The charges of the months through the disposal month no run had posted.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub catch_up_charge: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub net_book_value: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub gain: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub loss: Decimal,
    pub journal_entry_id: JournalEntryId,
    pub disposed_by: UserId,
}

payroll_events!(FixedAssetEvent {
    FixedAssetRegistered,
    FixedAssetUpdated,
    FixedAssetDepreciated,
    FixedAssetDepreciationReversed,
    FixedAssetDisposed
});
payroll_contract!("fixed_asset", FixedAssetEvent);
