//! What can be asked of a debt.

use chrono::NaiveDate;
use event_schemas::debt::DebtDetails;
use event_schemas::{AccountId, DebtId, JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;

use crate::payroll::settings::ChartFacts;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DebtCommand {
    Create(CreateDebt),
    Update(UpdateDebt),
    RecordRepayment(RecordRepayment),
}

/// Records a debt. With `drawdown_entry_id` the drawdown (or disbursement) of the
/// principal on the start date is posted as that entry in the same append.
/// `chart` holds the chart's facts about its accounts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateDebt {
    pub debt_id: DebtId,
    pub workspace_id: WorkspaceId,
    pub details: DebtDetails,
    pub chart: ChartFacts,
    pub drawdown_entry_id: Option<JournalEntryId>,
    pub created_by: UserId,
}

/// Replaces the record with `details` (the route merges a patch into the record first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateDebt {
    pub details: DebtDetails,
    pub chart: ChartFacts,
    pub updated_by: UserId,
}

/// A repayment of `amount` on `date` through `cash_account`, posted as
/// `journal_entry_id`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordRepayment {
    pub date: NaiveDate,
    pub amount: Decimal,
    pub cash_account: AccountId,
    pub chart: ChartFacts,
    pub journal_entry_id: JournalEntryId,
    pub recorded_by: UserId,
}

impl From<CreateDebt> for DebtCommand {
    fn from(command: CreateDebt) -> Self {
        Self::Create(command)
    }
}

impl From<UpdateDebt> for DebtCommand {
    fn from(command: UpdateDebt) -> Self {
        Self::Update(command)
    }
}

impl From<RecordRepayment> for DebtCommand {
    fn from(command: RecordRepayment) -> Self {
        Self::RecordRepayment(command)
    }
}
