//! Superseded versions of Report events, frozen exactly as they were first written.
//! Never edit these: they are what the log holds. They exist for their committed JSON
//! Schemas; reading goes through [`super::upcasters`], never through these types.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::contract::EventPayload;
use crate::{AccountId, OrganizationId, UserId, WorkspaceId};

// `ReportRequested` v1.0, written before the income statement's comparison period. Its
// doc comment is the one it was written with: the committed schema carries it.
/// An Admin asked for a report of `kind` in `format` over `parameters`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "ReportRequested")]
pub struct ReportRequestedV1 {
    pub report_id: Uuid,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// `trial_balance`, `general_ledger`, `income_summary` or `expense_summary`.
    pub kind: String,
    /// `pdf` or `csv`.
    pub format: String,
    pub parameters: ReportParametersV1,
    pub requested_by: UserId,
}

/// What the report covers; which fields apply depends on the kind.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[schemars(rename = "ReportParameters")]
pub struct ReportParametersV1 {
    /// Trial balance: balances at the end of this day.
    pub as_of: Option<NaiveDate>,
    /// Trial balance: a second column of balances at this day.
    pub compare_to: Option<NaiveDate>,
    /// Ledger and summaries: the first day covered.
    pub from: Option<NaiveDate>,
    /// Ledger and summaries: the last day covered.
    pub to: Option<NaiveDate>,
    /// Summaries: `month`, `quarter` or `year`.
    pub granularity: Option<String>,
    /// General ledger: one account (and its sub-accounts' postings are not included);
    /// every account when absent.
    pub account_id: Option<AccountId>,
}

impl EventPayload for ReportRequestedV1 {
    const EVENT_TYPE: &'static str = "ReportRequested";
    const EVENT_VERSION: &'static str = "1.0";
}
