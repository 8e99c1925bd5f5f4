//! The AccountTree aggregate's events: one workspace's chart of accounts (spec §3
//! "Account-tree node"), the budgets set on its accounts, and the workspace's lock date.
//! The stream id is the workspace id: account codes are unique per workspace and a parent
//! must exist, so every rule about the tree is decided against one consistent state.
//!
//! No event carries a wall-clock time: a node's `created_datetime` and
//! `archived_datetime` (spec §3) are the log's `recorded_at` of its `AccountCreated` and
//! `AccountArchived`, which the projector reads from the event's envelope. One clock, the
//! store's, so the two can never disagree.
//!
//! `is_last_level` is not stored either: an account is a leaf exactly when no live
//! (not deleted) account names it as parent, which the projector derives from the
//! `parent_id`s it has already seen.

use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{AccountId, JournalEntryId, UserId, WorkspaceId};

/// cqrs-es's `Aggregate::TYPE` for account trees: the `aggregate_type` column of the log.
pub const AGGREGATE_TYPE: &str = "AccountTree";

/// Longest account name, in characters. Long enough for "Accumulated depreciation -
/// computer equipment and accessories", short enough for a ledger column.
pub const ACCOUNT_NAME_CHARS_MAX: usize = 120;

/// Fewest digits in an account code.
pub const ACCOUNT_CODE_DIGITS_MIN: usize = 1;

/// Most digits in an account code. Ten covers any numbering scheme we have seen (four to
/// six digits are usual; group charts prefix a company or branch number) and keeps codes
/// sortable as fixed-width text in exports.
pub const ACCOUNT_CODE_DIGITS_MAX: usize = 10;

/// The JSON Schema pattern of an account code; see the two bounds above.
pub const ACCOUNT_CODE_PATTERN: &str = r"^[0-9]{1,10}$";

/// The identifier of the default chart written by today's code. Recorded in
/// [`DefaultChartSetUp`] so a later, richer chart can tell which workspaces have which.
pub const DEFAULT_CHART_ID: &str = "ng-sme-2026";

/// The five account types and their normal balances (DESIGN §5): asset and expense are
/// debit-normal; liability, equity and income are credit-normal.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AccountType {
    Asset,
    Liability,
    Equity,
    Income,
    Expense,
}

impl AccountType {
    /// Every type, in chart order.
    pub const ALL: [AccountType; 5] = [
        Self::Asset,
        Self::Liability,
        Self::Equity,
        Self::Income,
        Self::Expense,
    ];

    /// The wire name (`"asset"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Asset => "asset",
            Self::Liability => "liability",
            Self::Equity => "equity",
            Self::Income => "income",
            Self::Expense => "expense",
        }
    }

    /// spec §3's `account_type_display`.
    pub fn display(self) -> &'static str {
        match self {
            Self::Asset => "Asset",
            Self::Liability => "Liability",
            Self::Equity => "Equity",
            Self::Income => "Income",
            Self::Expense => "Expense",
        }
    }

    /// Whether a balance of this type grows with debits (asset, expense).
    pub fn is_debit_normal(self) -> bool {
        matches!(self, Self::Asset | Self::Expense)
    }
}

/// How a fixed-asset account depreciates. Only asset accounts carry one.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DepreciationType {
    /// The same amount every year: `depreciation_value` percent of cost.
    StraightLine,
    /// `depreciation_value` percent of the remaining book value every year.
    DecliningBalance,
}

/// Where an account's balance or movement shows on the financial statements: the section
/// of the balance sheet (assets, liabilities, equity) or of the income statement (revenue
/// down to tax). Each account type allows only its own sections
/// ([`StatementSection::allows`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum StatementSection {
    CurrentAssets,
    NonCurrentAssets,
    CurrentLiabilities,
    NonCurrentLiabilities,
    Equity,
    Revenue,
    CostOfSales,
    OperatingExpenses,
    OtherIncome,
    OtherExpenses,
    Tax,
}

impl StatementSection {
    /// Every section, in statement order.
    pub const ALL: [StatementSection; 11] = [
        Self::CurrentAssets,
        Self::NonCurrentAssets,
        Self::CurrentLiabilities,
        Self::NonCurrentLiabilities,
        Self::Equity,
        Self::Revenue,
        Self::CostOfSales,
        Self::OperatingExpenses,
        Self::OtherIncome,
        Self::OtherExpenses,
        Self::Tax,
    ];

    /// The wire name (`"current_assets"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CurrentAssets => "current_assets",
            Self::NonCurrentAssets => "non_current_assets",
            Self::CurrentLiabilities => "current_liabilities",
            Self::NonCurrentLiabilities => "non_current_liabilities",
            Self::Equity => "equity",
            Self::Revenue => "revenue",
            Self::CostOfSales => "cost_of_sales",
            Self::OperatingExpenses => "operating_expenses",
            Self::OtherIncome => "other_income",
            Self::OtherExpenses => "other_expenses",
            Self::Tax => "tax",
        }
    }

    /// Whether an account of `account_type` may sit in this section: a section never
    /// mixes normal balances, so its subtotal is a plain sum.
    pub fn allows(self, account_type: AccountType) -> bool {
        match account_type {
            AccountType::Asset => matches!(self, Self::CurrentAssets | Self::NonCurrentAssets),
            AccountType::Liability => {
                matches!(self, Self::CurrentLiabilities | Self::NonCurrentLiabilities)
            }
            AccountType::Equity => self == Self::Equity,
            AccountType::Income => matches!(self, Self::Revenue | Self::OtherIncome),
            AccountType::Expense => matches!(
                self,
                Self::CostOfSales | Self::OperatingExpenses | Self::OtherExpenses | Self::Tax
            ),
        }
    }
}

/// Where an account's movement shows on the indirect cash-flow statement. Income and
/// expense accounts reach it through net profit; their category moves an item out of
/// operating activities (a gain on a sale of equipment is investing).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CashFlowCategory {
    /// Operating activities; for balance-sheet accounts, the changes in working capital.
    Operating,
    Investing,
    Financing,
    /// Cash and cash equivalents: the accounts whose movement the statement explains.
    Cash,
    /// A balance-sheet account that moves without cash (accumulated depreciation): its
    /// movement is added back to net profit.
    NonCash,
}

impl CashFlowCategory {
    /// Every category, in statement order.
    pub const ALL: [CashFlowCategory; 5] = [
        Self::Operating,
        Self::Investing,
        Self::Financing,
        Self::Cash,
        Self::NonCash,
    ];

    /// The wire name (`"non_cash"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Operating => "operating",
            Self::Investing => "investing",
            Self::Financing => "financing",
            Self::Cash => "cash",
            Self::NonCash => "non_cash",
        }
    }

    /// Cash is an asset; non-cash items are balance-sheet accounts (income and expense
    /// already sit in net profit, so adding them back again would count them twice).
    pub fn allows(self, account_type: AccountType) -> bool {
        match self {
            Self::Cash => account_type == AccountType::Asset,
            Self::NonCash => matches!(account_type, AccountType::Asset | AccountType::Liability),
            Self::Operating | Self::Investing | Self::Financing => true,
        }
    }
}

/// An AccountTree event, stored as its payload struct's fields plus a `type` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AccountTreeEvent {
    DefaultChartSetUp(DefaultChartSetUp),
    AccountCreated(AccountCreated),
    AccountUpdated(AccountUpdated),
    AccountArchived(AccountArchived),
    AccountDeleted(AccountDeleted),
    BudgetAmountSet(BudgetAmountSet),
    LockDateSet(LockDateSet),
    AccountClassified(AccountClassified),
    FiscalYearStartSet(FiscalYearStartSet),
    FiscalYearClosed(FiscalYearClosed),
    FiscalYearReopened(FiscalYearReopened),
}

/// The default chart was set up in a workspace. Written once per workspace, first in the
/// command whose following events are the chart's `AccountCreated`s; a second setup
/// decides no event, so the UI may ask on every layout load (spec §7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DefaultChartSetUp {
    pub workspace_id: WorkspaceId,
    /// Which default chart ([`DEFAULT_CHART_ID`] today).
    pub chart_id: String,
    /// How many `AccountCreated` events of the same command follow: a projector or an
    /// auditor can check the chart arrived whole.
    pub account_count: u32,
}

impl EventPayload for DefaultChartSetUp {
    const EVENT_TYPE: &'static str = "DefaultChartSetUp";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account was added to the tree, by the default chart or by a user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountCreated {
    pub workspace_id: WorkspaceId,
    /// The new account. Client-generated (UUID v7) for user accounts; derived from the
    /// workspace and the code for default-chart accounts, so a retried setup is the same.
    pub account_id: AccountId,
    /// Display name, trimmed.
    #[schemars(length(min = 1, max = ACCOUNT_NAME_CHARS_MAX))]
    pub name: String,
    /// Fixed for the account's life: postings already made assume its normal balance.
    pub account_type: AccountType,
    /// Digits only, unique among the workspace's accounts that are not deleted.
    #[schemars(pattern(r"^[0-9]{1,10}$"))]
    pub account_code: String,
    /// The parent node, of the same type; `null` for a top-level node.
    pub parent_id: Option<AccountId>,
    /// `false` for the default chart's system roots (Assets, Liabilities, …): they cannot
    /// be renamed, moved, archived or deleted.
    pub is_editable: bool,
    /// Asset accounts only; `null` otherwise, or when the asset does not depreciate.
    pub depreciation_type: Option<DepreciationType>,
    /// Annual rate in percent, `0 < value <= 100`, two decimals; set with
    /// `depreciation_type` and only with it.
    #[schemars(with = "Option<String>", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub depreciation_value: Option<Decimal>,
}

impl EventPayload for AccountCreated {
    const EVENT_TYPE: &'static str = "AccountCreated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account's editable fields changed. Carries every editable field after the change,
/// not a patch, so a projector overwrites instead of merging.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountUpdated {
    pub workspace_id: WorkspaceId,
    pub account_id: AccountId,
    #[schemars(length(min = 1, max = ACCOUNT_NAME_CHARS_MAX))]
    pub name: String,
    #[schemars(pattern(r"^[0-9]{1,10}$"))]
    pub account_code: String,
    /// The parent after the change (the old one no longer counts this child).
    pub parent_id: Option<AccountId>,
    pub depreciation_type: Option<DepreciationType>,
    #[schemars(with = "Option<String>", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub depreciation_value: Option<Decimal>,
}

impl EventPayload for AccountUpdated {
    const EVENT_TYPE: &'static str = "AccountUpdated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account was archived: hidden from the active tree and closed to new postings, its
/// history and balance kept (DESIGN §5: archiving hides, never deletes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountArchived {
    pub workspace_id: WorkspaceId,
    pub account_id: AccountId,
}

impl EventPayload for AccountArchived {
    const EVENT_TYPE: &'static str = "AccountArchived";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account that was never posted to was deleted: it leaves the tree and its code is
/// free again. Its events stay in the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountDeleted {
    pub workspace_id: WorkspaceId,
    pub account_id: AccountId,
}

impl EventPayload for AccountDeleted {
    const EVENT_TYPE: &'static str = "AccountDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account's budget for one month, or its standing budget amount (spec §3: "an
/// account can carry a budget amount"). The amount replaces any earlier one for the same
/// account and month. A yearly budget is twelve of these, one per month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BudgetAmountSet {
    pub workspace_id: WorkspaceId,
    pub account_id: AccountId,
    /// `YYYY-MM`; `null` for the account's standing budget amount, with no period.
    #[schemars(pattern(r"^[0-9]{4}-(0[1-9]|1[0-2])$"))]
    pub month: Option<String>,
    /// Not negative, exactly two decimals, in the workspace's base currency.
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
}

impl EventPayload for BudgetAmountSet {
    const EVENT_TYPE: &'static str = "BudgetAmountSet";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The workspace's lock date was set, moved or cleared. No entry may be posted or
/// reversed with an effective date on or before it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct LockDateSet {
    pub workspace_id: WorkspaceId,
    /// The last locked day (`YYYY-MM-DD`); `null` when the books are open again.
    pub lock_date: Option<chrono::NaiveDate>,
}

impl EventPayload for LockDateSet {
    const EVENT_TYPE: &'static str = "LockDateSet";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An account's place on the financial statements was chosen, or handed back to the
/// default (`null`: derived from the default chart, the parent, or the account type).
/// Carries both fields after the change, not a patch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct AccountClassified {
    pub workspace_id: WorkspaceId,
    pub account_id: AccountId,
    /// One of the sections the account's type allows, or `null` for the default.
    pub statement_section: Option<StatementSection>,
    /// `null` for the default.
    pub cash_flow_category: Option<CashFlowCategory>,
}

impl EventPayload for AccountClassified {
    const EVENT_TYPE: &'static str = "AccountClassified";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The month the workspace's fiscal years start in changed (January when never set).
/// Fiscal year `Y` runs from the first of `start_month` in `Y` to the day before the
/// first of `start_month` in `Y + 1`: a year starting in April 2025 is fiscal year 2025.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FiscalYearStartSet {
    pub workspace_id: WorkspaceId,
    /// 1 (January) to 12 (December).
    #[schemars(range(min = 1, max = 12))]
    pub start_month: u32,
}

impl EventPayload for FiscalYearStartSet {
    const EVENT_TYPE: &'static str = "FiscalYearStartSet";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A fiscal year was closed: its income and expense balances were moved to retained
/// earnings by the closing entry posted in the same append, and the lock date moved to
/// the year's last day (a `LockDateSet` in the same append).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FiscalYearClosed {
    pub workspace_id: WorkspaceId,
    /// The fiscal year, named by the calendar year it starts in.
    pub year: i32,
    pub first_day: chrono::NaiveDate,
    pub last_day: chrono::NaiveDate,
    /// The closing entry; `null` when every income and expense account was already at
    /// zero for the year (nothing to move, so nothing posted).
    pub closing_entry_id: Option<JournalEntryId>,
    /// The retained-earnings account the result was moved to.
    pub retained_earnings_account_id: AccountId,
    pub closed_by: UserId,
    /// The lock date before the close: reopening the year puts it back.
    pub lock_date_before: Option<chrono::NaiveDate>,
}

impl EventPayload for FiscalYearClosed {
    const EVENT_TYPE: &'static str = "FiscalYearClosed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A closed fiscal year was opened again: its closing entry was reversed by the entry
/// posted in the same append and the lock date moved back (a `LockDateSet` before it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FiscalYearReopened {
    pub workspace_id: WorkspaceId,
    pub year: i32,
    /// The entry reversing the closing entry; `null` when the close posted none.
    pub reversal_entry_id: Option<JournalEntryId>,
    pub reopened_by: UserId,
}

impl EventPayload for FiscalYearReopened {
    const EVENT_TYPE: &'static str = "FiscalYearReopened";
    const EVENT_VERSION: &'static str = "1.0";
}

impl AccountTreeEvent {
    /// The workspace whose stream holds the event; its metadata's `workspace_id`.
    pub fn workspace_id(&self) -> WorkspaceId {
        match self {
            Self::DefaultChartSetUp(e) => e.workspace_id,
            Self::AccountCreated(e) => e.workspace_id,
            Self::AccountUpdated(e) => e.workspace_id,
            Self::AccountArchived(e) => e.workspace_id,
            Self::AccountDeleted(e) => e.workspace_id,
            Self::BudgetAmountSet(e) => e.workspace_id,
            Self::LockDateSet(e) => e.workspace_id,
            Self::AccountClassified(e) => e.workspace_id,
            Self::FiscalYearStartSet(e) => e.workspace_id,
            Self::FiscalYearClosed(e) => e.workspace_id,
            Self::FiscalYearReopened(e) => e.workspace_id,
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::DefaultChartSetUp(e) => of(e),
            Self::AccountCreated(e) => of(e),
            Self::AccountUpdated(e) => of(e),
            Self::AccountArchived(e) => of(e),
            Self::AccountDeleted(e) => of(e),
            Self::BudgetAmountSet(e) => of(e),
            Self::LockDateSet(e) => of(e),
            Self::AccountClassified(e) => of(e),
            Self::FiscalYearStartSet(e) => of(e),
            Self::FiscalYearClosed(e) => of(e),
            Self::FiscalYearReopened(e) => of(e),
        }
    }
}

impl DomainEvent for AccountTreeEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every AccountTree event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<DefaultChartSetUp>(),
        EventVersion::current::<AccountCreated>(),
        EventVersion::current::<AccountUpdated>(),
        EventVersion::current::<AccountArchived>(),
        EventVersion::current::<AccountDeleted>(),
        EventVersion::current::<BudgetAmountSet>(),
        EventVersion::current::<LockDateSet>(),
        EventVersion::current::<AccountClassified>(),
        EventVersion::current::<FiscalYearStartSet>(),
        EventVersion::current::<FiscalYearClosed>(),
        EventVersion::current::<FiscalYearReopened>(),
    ]
}

/// No AccountTree event has been reshaped yet; the first new version adds its step here.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

/// The AccountTree entry of the contract catalogue.
pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "account_tree",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<AccountTreeEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<AccountTreeEvent>()
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_account_code_pattern_constant_matches_the_digit_bounds() {
        assert_eq!(
            ACCOUNT_CODE_PATTERN,
            format!("^[0-9]{{{ACCOUNT_CODE_DIGITS_MIN},{ACCOUNT_CODE_DIGITS_MAX}}}$")
        );
    }

    #[test]
    fn account_types_are_written_in_snake_case() {
        let json = serde_json::to_value(AccountType::Liability).expect("serialize");

        assert_eq!(json, serde_json::json!("liability"));
        assert_eq!(AccountType::Liability.as_str(), "liability");
    }

    #[test]
    fn asset_and_expense_are_debit_normal_and_the_rest_credit_normal() {
        let debit_normal: Vec<AccountType> = AccountType::ALL
            .into_iter()
            .filter(|t| t.is_debit_normal())
            .collect();

        assert_eq!(debit_normal, vec![AccountType::Asset, AccountType::Expense]);
    }
}
