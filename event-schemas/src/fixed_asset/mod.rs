//! Fixed assets' events, in two aggregates:
//!
//! - [`asset`] — one stream per asset: registered with its cost fields, changed, charged
//!   each month a depreciation run posts (and uncharged when the run is reversed),
//!   disposed of (in the same append as the disposal's entry).
//! - [`run`] — one stream per workspace and month (`DepreciationRun`): the month's
//!   depreciation posted as one entry, perhaps reversed; posted again after a reversal.
//!
//! Amounts are decimal strings at two places.

pub mod asset;
pub mod run;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How an asset's depreciable amount is spread over its months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DepreciationBasis {
    /// (cost − residual value) / useful life each month.
    StraightLine,
    /// `annual_rate` percent a year of the opening net book value, a twelfth each month.
    DecliningBalance,
}

impl DepreciationBasis {
    pub fn code(self) -> &'static str {
        match self {
            Self::StraightLine => "straight_line",
            Self::DecliningBalance => "declining_balance",
        }
    }
}
