//! The Report aggregate's events: one stream per generated financial report (the id is
//! the report's). An Admin asks for a report; the report generator (a reactor on the log)
//! renders it from the read models and records the file it made — or why it could not —
//! and any member who reads the books may download it until someone deletes it.
//!
//! Reports are documents about the books, not the books: they stay out of the
//! workspace's hash chain, so asking for one never moves a head an audit pinned.

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion, UpcastStep};
use crate::{AccountId, OrganizationId, UserId, WorkspaceId};

pub mod legacy;

/// The `aggregate_type` of reports.
pub const AGGREGATE_TYPE: &str = "Report";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ReportEvent {
    ReportRequested(ReportRequested),
    ReportGenerated(ReportGenerated),
    ReportFailed(ReportFailed),
    ReportDeleted(ReportDeleted),
}

/// An Admin asked for a report of `kind` in `format` over `parameters`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportRequested {
    pub report_id: Uuid,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// `trial_balance`, `general_ledger`, `income_summary`, `expense_summary`,
    /// `balance_sheet`, `income_statement` or `cash_flow`.
    pub kind: String,
    /// `pdf`, `csv` or `xlsx`.
    pub format: String,
    pub parameters: ReportParameters,
    pub requested_by: UserId,
}

/// What the report covers; which fields apply depends on the kind.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct ReportParameters {
    /// Trial balance and balance sheet: balances at the end of this day.
    pub as_of: Option<NaiveDate>,
    /// Trial balance and balance sheet: a second column of balances at this day. Income
    /// statement: the comparison period's last day.
    pub compare_to: Option<NaiveDate>,
    /// Ledger, summaries, income statement and cash flow: the first day covered.
    pub from: Option<NaiveDate>,
    /// Ledger, summaries, income statement and cash flow: the last day covered.
    pub to: Option<NaiveDate>,
    /// Income statement: the comparison period's first day.
    pub compare_from: Option<NaiveDate>,
    /// Summaries: `month`, `quarter` or `year`.
    pub granularity: Option<String>,
    /// General ledger: one account (and its sub-accounts' postings are not included);
    /// every account when absent.
    pub account_id: Option<AccountId>,
}

impl EventPayload for ReportRequested {
    const EVENT_TYPE: &'static str = "ReportRequested";
    /// 2.0 added `parameters.compare_from` (the income statement's comparison period).
    const EVENT_VERSION: &'static str = "2.0";
}

/// The generator rendered the report: the file's name, type, size and digest, and the
/// log position the read models it read had reached (the data is as of that point).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportGenerated {
    pub report_id: Uuid,
    pub workspace_id: WorkspaceId,
    pub file_name: String,
    pub content_type: String,
    pub size: i64,
    /// Hex SHA-256 of the file's bytes.
    pub sha256: String,
    /// Rows of the report's main table.
    pub rows: i64,
    /// The global log position the books were read at.
    pub data_position: i64,
}

impl EventPayload for ReportGenerated {
    const EVENT_TYPE: &'static str = "ReportGenerated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The generator could not render the report; `reason` says why in words for its reader.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportFailed {
    pub report_id: Uuid,
    pub workspace_id: WorkspaceId,
    pub reason: String,
}

impl EventPayload for ReportFailed {
    const EVENT_TYPE: &'static str = "ReportFailed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A member removed the report from the workspace's downloads (its file goes with it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ReportDeleted {
    pub report_id: Uuid,
    pub workspace_id: WorkspaceId,
    pub deleted_by: UserId,
}

impl EventPayload for ReportDeleted {
    const EVENT_TYPE: &'static str = "ReportDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

impl ReportEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::ReportRequested(e) => of(e),
            Self::ReportGenerated(e) => of(e),
            Self::ReportFailed(e) => of(e),
            Self::ReportDeleted(e) => of(e),
        }
    }
}

impl DomainEvent for ReportEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Report event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::superseded::<legacy::ReportRequestedV1>(),
        EventVersion::current::<ReportRequested>(),
        EventVersion::current::<ReportGenerated>(),
        EventVersion::current::<ReportFailed>(),
        EventVersion::current::<ReportDeleted>(),
    ]
}

/// Every Report upcaster, oldest version first.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    vec![Box::new(UpcastStep {
        event_type: ReportRequested::EVENT_TYPE,
        from: legacy::ReportRequestedV1::EVENT_VERSION,
        to: ReportRequested::EVENT_VERSION,
        lift: report_requested_v1_to_v2,
    })]
}

/// `ReportRequested` 1.0 → 2.0: a 1.0 request had no comparison period start (no kind
/// then used one), so `parameters.compare_from` is `null`. Every other field is unchanged.
pub fn report_requested_v1_to_v2(mut payload: serde_json::Value) -> serde_json::Value {
    if let Some(serde_json::Value::Object(parameters)) = payload.get_mut("parameters") {
        parameters
            .entry("compare_from")
            .or_insert(serde_json::Value::Null);
    }
    payload
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "report",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<ReportEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<ReportEvent>()
        },
    }
}
