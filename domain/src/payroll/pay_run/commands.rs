//! What can be asked of a pay run.

use chrono::NaiveDate;
use event_schemas::payroll::settings::PayrollAccounts;
use event_schemas::{EmployeeId, JournalEntryId, PayRunId, UserId, WorkspaceId};

use crate::calendar::Month;
use crate::payroll::{EmployeePay, Employment};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayRunCommand {
    Draft(DraftPayRun),
    Approve(ApprovePayRun),
    Post(PostPayRun),
    Reverse(ReversePayRun),
}

/// An employee as a run drafts them: the record as it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftEmployee {
    pub employee_id: EmployeeId,
    pub name: String,
    pub staff_id: String,
    pub department: String,
    pub pay: EmployeePay,
    pub employment: Employment,
}

/// Drafts the run of `period` paid on `pay_date` for every employee employed in it
/// (employees outside the period are left out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DraftPayRun {
    pub pay_run_id: PayRunId,
    pub workspace_id: WorkspaceId,
    pub period: Month,
    pub pay_date: NaiveDate,
    pub itf_applies: bool,
    pub employees: Vec<DraftEmployee>,
    pub drafted_by: UserId,
}

/// Approves a draft's payslips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovePayRun {
    pub approved_by: UserId,
}

/// Records the posting of an approved run as `journal_entry_id` (posted in the same
/// append by the posting service) to `accounts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PostPayRun {
    pub journal_entry_id: JournalEntryId,
    pub accounts: PayrollAccounts,
    pub posted_by: UserId,
}

/// Reverses the run: a posted run by `reversal_entry_id` dated `date` (posted in the same
/// append), a run not yet posted by setting it aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReversePayRun {
    pub reversal_entry_id: JournalEntryId,
    pub date: NaiveDate,
    pub reversed_by: UserId,
}

impl From<DraftPayRun> for PayRunCommand {
    fn from(command: DraftPayRun) -> Self {
        Self::Draft(command)
    }
}

impl From<ApprovePayRun> for PayRunCommand {
    fn from(command: ApprovePayRun) -> Self {
        Self::Approve(command)
    }
}

impl From<PostPayRun> for PayRunCommand {
    fn from(command: PostPayRun) -> Self {
        Self::Post(command)
    }
}

impl From<ReversePayRun> for PayRunCommand {
    fn from(command: ReversePayRun) -> Self {
        Self::Reverse(command)
    }
}
