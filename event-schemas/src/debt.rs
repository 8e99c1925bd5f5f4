//! The Debt events: one stream per debt (a loan payable or receivable; the stream id is
//! the debt id). The drawdown and every repayment are recorded here in the same append as
//! their journal entry, so the debt always knows what the books hold of it. Amounts are
//! decimal strings at two places.

use chrono::NaiveDate;
use rust_decimal::Decimal;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::payroll::{payroll_contract, payroll_events};
use crate::{AccountId, DebtId, JournalEntryId, UserId, WorkspaceId};

/// The `aggregate_type` of debts.
pub const AGGREGATE_TYPE: &str = "Debt";

/// Which side of the loan the workspace is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DebtDirection {
    /// The workspace borrowed: it owes the principal (a liability) and pays interest.
    Payable,
    /// The workspace lent: it is owed the principal (an asset) and earns interest.
    Receivable,
}

impl DebtDirection {
    pub fn code(self) -> &'static str {
        match self {
            Self::Payable => "payable",
            Self::Receivable => "receivable",
        }
    }
}

/// How the principal is repaid (the schedule's conventions are in `domain::debt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DebtRepaymentType {
    /// Level instalments of interest and principal.
    Annuity,
    /// The same principal every month, plus that month's interest.
    EqualPrincipal,
    /// Interest every month; the whole principal with the last instalment.
    InterestOnly,
}

impl DebtRepaymentType {
    pub fn code(self) -> &'static str {
        match self {
            Self::Annuity => "annuity",
            Self::EqualPrincipal => "equal_principal",
            Self::InterestOnly => "interest_only",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DebtEvent {
    DebtCreated(DebtCreated),
    DebtUpdated(DebtUpdated),
    DebtDrawdownPosted(DebtDrawdownPosted),
    DebtRepaymentRecorded(DebtRepaymentRecorded),
}

/// What the books hold of a debt's terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DebtDetails {
    pub direction: DebtDirection,
    /// The lender or borrower.
    pub counterparty: String,
    /// The loan's number or contract reference (may be empty).
    pub reference: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub principal: Decimal,
    /// The drawdown date: interest runs from it.
    pub start_date: NaiveDate,
    /// Percent a year (12 is 12 %).
    #[schemars(with = "String")]
    pub annual_interest_rate: Decimal,
    pub term_months: u32,
    pub repayment_type: DebtRepaymentType,
    pub first_due_date: NaiveDate,
    /// Holds the principal: a liability (payable) or an asset (receivable).
    pub principal_account: AccountId,
    /// Interest expense (payable) or interest income (receivable).
    pub interest_account: AccountId,
    /// The bank the drawdown goes through and repayments default to.
    pub cash_account: AccountId,
}

/// A debt was recorded with its terms.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DebtCreated {
    pub debt_id: DebtId,
    pub workspace_id: WorkspaceId,
    pub details: DebtDetails,
    pub created_by: UserId,
}

/// The debt's record was changed; `details` is the whole record as it now stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DebtUpdated {
    pub debt_id: DebtId,
    pub workspace_id: WorkspaceId,
    pub details: DebtDetails,
    pub updated_by: UserId,
}

/// The principal was drawn down (borrowed) or disbursed (lent) on `date` through
/// `cash_account`, posted as `journal_entry_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DebtDrawdownPosted {
    pub debt_id: DebtId,
    pub workspace_id: WorkspaceId,
    pub date: NaiveDate,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
    pub cash_account: AccountId,
    pub journal_entry_id: JournalEntryId,
    pub posted_by: UserId,
}

/// A repayment of `amount` on `date` through `cash_account`, split into `interest` and
/// `principal` (of which `prepayment` was beyond the next instalment), posted as
/// `journal_entry_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DebtRepaymentRecorded {
    pub debt_id: DebtId,
    pub workspace_id: WorkspaceId,
    pub date: NaiveDate,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub amount: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub interest: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub principal: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub prepayment: Decimal,
    pub cash_account: AccountId,
    pub journal_entry_id: JournalEntryId,
    pub recorded_by: UserId,
}

payroll_events!(DebtEvent {
    DebtCreated,
    DebtUpdated,
    DebtDrawdownPosted,
    DebtRepaymentRecorded
});
payroll_contract!("debt", DebtEvent);
