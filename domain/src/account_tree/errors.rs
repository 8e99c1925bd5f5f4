//! The business rules an AccountTree command can break. Variants are facts with the data a
//! client needs to explain them; the HTTP layer maps each to a status and a code in one
//! place, and [`AccountTreeError::field`] names the request field to highlight.

use event_schemas::account_tree::{AccountType, CashFlowCategory, StatementSection};
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AccountTreeError {
    #[error("the command is for workspace {command}, this tree belongs to {tree}")]
    WrongWorkspace {
        tree: WorkspaceId,
        command: WorkspaceId,
    },

    #[error("account {account_id} already exists")]
    AccountAlreadyExists { account_id: AccountId },

    #[error("account {account_id} does not exist in this workspace")]
    AccountNotFound { account_id: AccountId },

    #[error("a workspace may have at most {max} accounts")]
    TooManyAccounts { max: usize },

    #[error("a name is required")]
    NameRequired,

    #[error("a name may have at most {max} characters; this one has {length}")]
    NameTooLong { length: usize, max: usize },

    #[error("'{code}' is not an account code: {min} to {max} digits")]
    InvalidAccountCode {
        code: String,
        min: usize,
        max: usize,
    },

    #[error("account code {code} is already used in this workspace")]
    AccountCodeTaken { code: String },

    #[error("parent account {parent_id} does not exist in this workspace")]
    ParentNotFound { parent_id: AccountId },

    #[error("a {account_type:?} account cannot sit under a {parent_type:?} account")]
    ParentTypeMismatch {
        parent_type: AccountType,
        account_type: AccountType,
    },

    #[error("parent account {parent_id} is archived")]
    ParentArchived { parent_id: AccountId },

    #[error("parent account {parent_id} has postings, so it must stay a last-level account")]
    ParentHasPostings { parent_id: AccountId },

    #[error("an account cannot be moved under itself or one of its own sub-accounts")]
    ParentIsDescendant { parent_id: AccountId },

    #[error("account {account_id} is a system account and cannot be changed")]
    AccountNotEditable { account_id: AccountId },

    #[error("account {account_id} is archived")]
    AccountArchived { account_id: AccountId },

    #[error("account {account_id} has {children} active sub-accounts; archive them first")]
    HasActiveChildren {
        account_id: AccountId,
        children: usize,
    },

    #[error("account {account_id} has sub-accounts and cannot be deleted")]
    HasChildren { account_id: AccountId },

    #[error("account {account_id} has postings; archive it instead of deleting it")]
    AccountHasPostings { account_id: AccountId },

    #[error("only asset accounts depreciate; this is a {account_type:?} account")]
    DepreciationOnlyForAssets { account_type: AccountType },

    #[error("a depreciation value needs a depreciation type")]
    DepreciationTypeRequired,

    #[error("a depreciation type needs a depreciation value")]
    DepreciationValueRequired,

    #[error("a depreciation value is a yearly percentage above 0 and at most 100, with at most 2 decimals; got {value}")]
    InvalidDepreciationValue { value: Decimal },

    #[error("a budget amount cannot be negative; got {amount}")]
    NegativeBudgetAmount { amount: Decimal },

    #[error("a budget amount has at most {max_decimals} decimals; got {amount}")]
    BudgetAmountTooPrecise { amount: Decimal, max_decimals: u32 },

    #[error("a budget amount may be at most {max}; got {amount}")]
    BudgetAmountTooLarge { amount: Decimal, max: Decimal },

    #[error("'{month}' is not a month: YYYY-MM")]
    InvalidBudgetMonth { month: String },

    #[error("{year} is not a budget year ({min} to {max})")]
    InvalidBudgetYear { year: i32, min: i32, max: i32 },

    #[error(
        "account {account_id} has sub-accounts; budgets are set on last-level accounts and roll up"
    )]
    BudgetOnParentAccount { account_id: AccountId },

    #[error("an account of type {} cannot show under {} on the statements", account_type.as_str(), section.as_str())]
    SectionNotForType {
        section: StatementSection,
        account_type: AccountType,
    },

    #[error("an account of type {} cannot have the cash-flow category {}", account_type.as_str(), category.as_str())]
    CashFlowCategoryNotForType {
        category: CashFlowCategory,
        account_type: AccountType,
    },

    #[error("a fiscal year starts in a month from 1 (January) to 12 (December); got {month}")]
    InvalidFiscalYearStartMonth { month: i64 },

    #[error(
        "fiscal year {year} is closed; reopen it before changing the month fiscal years start in"
    )]
    FiscalYearStartFixedByClose { year: i32 },

    #[error("{year} is not a fiscal year ({min} to {max})")]
    InvalidFiscalYear { year: i32, min: i32, max: i32 },

    #[error("fiscal year {year} is already closed")]
    FiscalYearAlreadyClosed { year: i32 },

    #[error("fiscal year {year} is not closed")]
    FiscalYearNotClosed { year: i32 },

    #[error(
        "fiscal year {later} is closed; reopen it before closing or reopening fiscal year {year}"
    )]
    LaterFiscalYearClosed { year: i32, later: i32 },

    #[error("fiscal year {earlier} is still open; close it before fiscal year {year}")]
    EarlierFiscalYearOpen { year: i32, earlier: i32 },

    #[error("the chart has no retained-earnings account (an equity account named \"Retained earnings\") to close the year into")]
    NoRetainedEarningsAccount,
}

impl AccountTreeError {
    /// The request body field at fault, for `{"field": ["message"]}` answers; `None` when
    /// the error is about the resource (the account in the path), not one input.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::NameRequired | Self::NameTooLong { .. } => Some("name"),
            Self::InvalidAccountCode { .. } | Self::AccountCodeTaken { .. } => Some("account_code"),
            Self::ParentNotFound { .. }
            | Self::ParentTypeMismatch { .. }
            | Self::ParentArchived { .. }
            | Self::ParentHasPostings { .. }
            | Self::ParentIsDescendant { .. } => Some("parent_id"),
            Self::DepreciationOnlyForAssets { .. } | Self::DepreciationTypeRequired => {
                Some("depreciation_type")
            }
            Self::DepreciationValueRequired | Self::InvalidDepreciationValue { .. } => {
                Some("depreciation_value")
            }
            Self::NegativeBudgetAmount { .. }
            | Self::BudgetAmountTooPrecise { .. }
            | Self::BudgetAmountTooLarge { .. } => Some("amount"),
            Self::InvalidBudgetMonth { .. } => Some("month"),
            Self::InvalidBudgetYear { .. } => Some("year"),
            Self::SectionNotForType { .. } => Some("statement_section"),
            Self::CashFlowCategoryNotForType { .. } => Some("cash_flow_category"),
            Self::InvalidFiscalYearStartMonth { .. } | Self::FiscalYearStartFixedByClose { .. } => {
                Some("fiscal_year_start_month")
            }
            Self::WrongWorkspace { .. }
            | Self::AccountAlreadyExists { .. }
            | Self::AccountNotFound { .. }
            | Self::TooManyAccounts { .. }
            | Self::AccountNotEditable { .. }
            | Self::AccountArchived { .. }
            | Self::HasActiveChildren { .. }
            | Self::HasChildren { .. }
            | Self::AccountHasPostings { .. }
            | Self::BudgetOnParentAccount { .. }
            | Self::InvalidFiscalYear { .. }
            | Self::FiscalYearAlreadyClosed { .. }
            | Self::FiscalYearNotClosed { .. }
            | Self::LaterFiscalYearClosed { .. }
            | Self::EarlierFiscalYearOpen { .. }
            | Self::NoRetainedEarningsAccount => None,
        }
    }
}
