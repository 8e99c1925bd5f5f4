//! What can be asked of an employee. Details arrive raw (untrimmed, amounts as given);
//! the decision checks them.

use chrono::NaiveDate;
use event_schemas::payroll::employee::EmployeeDetails;
use event_schemas::{EmployeeId, UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmployeeCommand {
    Hire(HireEmployee),
    Update(UpdateEmployee),
    Terminate(TerminateEmployee),
}

/// Puts an employee on the payroll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HireEmployee {
    pub employee_id: EmployeeId,
    pub workspace_id: WorkspaceId,
    pub details: EmployeeDetails,
    pub hired_by: UserId,
}

/// Replaces the record (the route merges a PATCH into the record as it stands).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpdateEmployee {
    pub details: EmployeeDetails,
    pub updated_by: UserId,
}

/// Ends the employment on `end_date` (the last day paid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerminateEmployee {
    pub end_date: NaiveDate,
    pub terminated_by: UserId,
}

impl From<HireEmployee> for EmployeeCommand {
    fn from(command: HireEmployee) -> Self {
        Self::Hire(command)
    }
}

impl From<UpdateEmployee> for EmployeeCommand {
    fn from(command: UpdateEmployee) -> Self {
        Self::Update(command)
    }
}

impl From<TerminateEmployee> for EmployeeCommand {
    fn from(command: TerminateEmployee) -> Self {
        Self::Terminate(command)
    }
}
