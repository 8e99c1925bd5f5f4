//! Fixed assets: the pure depreciation computations, the FixedAsset aggregate (registered,
//! changed before its first charge, charged by runs, disposed of) and the DepreciationRun
//! aggregate (one per workspace and month, posted through the books' posting service in
//! one append with its entry and every asset's charge, reversible).
//!
//! - [`schedule`](mod@schedule) — depreciation terms and their checks, the monthly schedule, one
//!   month's charge, depreciation to a month, disposal figures.
//! - [`asset`] — [`FixedAsset`]: its record, the charges posted, its disposal.
//! - [`run`] — [`DepreciationRun`] and [`run_id`] (the same id for the same month).
//! - [`commands`] — what can be asked of an asset and of a run.
//! - [`entry`] — the journal entries of a run and of a disposal.
//! - [`register`] — the period's fixed-asset schedule per category, as the books held it.
//! - [`errors`] — what the computations refuse, each naming its field;
//!   [`asset_errors`] — what an asset command refuses.
//!
//! # Depreciation conventions
//!
//! - **Start.** Depreciation starts in the month *after* the asset is available for use,
//!   whatever the day (available on 1 March or on 17 March: the first charge is April's).
//!   Each month's charge is a full month's; there is no day proration.
//! - **Straight line.** Each month charges (cost − residual value) / useful life in
//!   months, rounded half-up to the kobo; the last month of the life charges whatever is
//!   left, so the charges add up to exactly cost − residual value (₦1,000,000 over 36
//!   months: 35 × 27,777.78 and a last charge of 27,777.70).
//! - **Declining balance.** Each month charges `annual_rate` / 12 percent of the month's
//!   opening net book value, half-up to the kobo, but never more than takes the net book
//!   value down to the residual value; the last month of the useful life charges what is
//!   left above the residual value, so the asset ends its life at exactly its residual
//!   value (the rate alone never gets there).
//! - **End.** A schedule stops in the month the net book value reaches the residual
//!   value: at the end of the useful life, or earlier when a high rate gets there first.
//!   An asset whose residual value equals its cost has no charges.
//! - **Disposal.** The month of disposal is charged in full (and is the last charge);
//!   nothing after it. The disposal removes the cost and the depreciation accumulated
//!   through the disposal month; proceeds above the net book value are a gain, below it
//!   a loss. A disposal before the asset was available for use is refused.
//! - **Bounds.** Cost above zero, residual value between zero and the cost, amounts with
//!   at most two decimals; useful life 1 to 1,200 months; a declining-balance rate above
//!   0 and at most 100 percent a year with at most two decimals; a schedule ending after
//!   the last year the books hold (2199) is refused.

pub mod asset;
pub mod asset_errors;
pub mod commands;
pub mod entry;
pub mod errors;
pub mod register;
pub mod run;
pub mod schedule;

#[cfg(test)]
mod aggregate_tests;
#[cfg(test)]
mod register_tests;
#[cfg(test)]
mod tests;

pub use asset::{checked_details, terms_of, FixedAsset};
pub use asset_errors::AssetError;
pub use commands::{
    Depreciate, DepreciationRunCommand, DisposeAsset, FixedAssetCommand, PostRun, RegisterAsset,
    ReverseDepreciation, ReverseRun, UpdateAsset,
};
pub use entry::{disposal_entry, run_entry};
pub use errors::FixedAssetError;
pub use event_schemas::fixed_asset::asset::{AssetDetails, FixedAssetEvent};
pub use event_schemas::fixed_asset::run::{DepreciationRunEvent, RunCharge};
pub use event_schemas::fixed_asset::DepreciationBasis;
pub use run::{run_id, DepreciationRun, DepreciationRunError, ASSETS_PER_RUN_MAX};
pub use schedule::{
    accumulated_through, charge_for, disposal, schedule, DepreciationMethod, DepreciationTerms,
    DisposalFigures, ScheduleRow, USEFUL_LIFE_MONTHS_MAX,
};
