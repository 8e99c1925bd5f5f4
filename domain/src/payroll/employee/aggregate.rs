//! One employee's state: the record, and the last day employed once terminated.

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::payroll::employee::{
    EmployeeDetails, EmployeeEvent, EmployeeHired, EmployeeTerminated, EmployeeUpdated,
    AGGREGATE_TYPE,
};
use event_schemas::{EmployeeId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::commands::{EmployeeCommand, HireEmployee, TerminateEmployee, UpdateEmployee};
use super::details::{checked_details, pay_of};
use super::errors::EmployeeError;
use crate::payroll::{EmployeePay, Employment};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Employee {
    record: Option<EmployeeRecord>,
}

/// A hired employee.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmployeeRecord {
    pub employee_id: EmployeeId,
    pub workspace_id: WorkspaceId,
    pub details: EmployeeDetails,
    /// The last day employed, once terminated.
    pub end_date: Option<NaiveDate>,
}

impl EmployeeRecord {
    pub fn name(&self) -> String {
        format!("{} {}", self.details.first_name, self.details.last_name)
    }

    pub fn pay(&self) -> EmployeePay {
        pay_of(&self.details)
    }

    pub fn employment(&self) -> Employment {
        Employment {
            start_date: self.details.start_date,
            end_date: self.end_date,
        }
    }
}

impl Employee {
    /// The record, once hired.
    pub fn record(&self) -> Option<&EmployeeRecord> {
        self.record.as_ref()
    }

    pub fn decide(&self, command: EmployeeCommand) -> Result<Vec<EmployeeEvent>, EmployeeError> {
        match command {
            EmployeeCommand::Hire(c) => self.hire(c),
            EmployeeCommand::Update(c) => self.update(c),
            EmployeeCommand::Terminate(c) => self.terminate(c),
        }
    }

    fn hire(&self, command: HireEmployee) -> Result<Vec<EmployeeEvent>, EmployeeError> {
        if self.record.is_some() {
            return Err(EmployeeError::AlreadyHired);
        }
        let details = checked_details(&command.details)?;
        Ok(vec![EmployeeEvent::EmployeeHired(EmployeeHired {
            employee_id: command.employee_id,
            workspace_id: command.workspace_id,
            details,
            hired_by: command.hired_by,
        })])
    }

    fn update(&self, command: UpdateEmployee) -> Result<Vec<EmployeeEvent>, EmployeeError> {
        let record = self.record.as_ref().ok_or(EmployeeError::NotFound)?;
        let details = checked_details(&command.details)?;
        if let Some(end_date) = record.end_date {
            if end_date < details.start_date {
                return Err(EmployeeError::EndBeforeStart {
                    start_date: details.start_date,
                    end_date,
                });
            }
        }
        if details == record.details {
            return Ok(vec![]);
        }
        Ok(vec![EmployeeEvent::EmployeeUpdated(EmployeeUpdated {
            employee_id: record.employee_id,
            workspace_id: record.workspace_id,
            details,
            updated_by: command.updated_by,
        })])
    }

    fn terminate(&self, command: TerminateEmployee) -> Result<Vec<EmployeeEvent>, EmployeeError> {
        let record = self.record.as_ref().ok_or(EmployeeError::NotFound)?;
        if let Some(end_date) = record.end_date {
            return Err(EmployeeError::AlreadyTerminated { end_date });
        }
        crate::calendar::in_range(command.end_date).map_err(|e| EmployeeError::DateOutOfRange {
            field: "end_date",
            problem: e.to_string(),
        })?;
        if command.end_date < record.details.start_date {
            return Err(EmployeeError::EndBeforeStart {
                start_date: record.details.start_date,
                end_date: command.end_date,
            });
        }
        Ok(vec![EmployeeEvent::EmployeeTerminated(
            EmployeeTerminated {
                employee_id: record.employee_id,
                workspace_id: record.workspace_id,
                end_date: command.end_date,
                terminated_by: command.terminated_by,
            },
        )])
    }
}

impl crate::decider::Decider for Employee {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Employee::decide(self, command)
    }
}

impl Aggregate for Employee {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = EmployeeCommand;
    type Event = EmployeeEvent;
    type Error = EmployeeError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            EmployeeEvent::EmployeeHired(e) => {
                self.record = Some(EmployeeRecord {
                    employee_id: e.employee_id,
                    workspace_id: e.workspace_id,
                    details: e.details,
                    end_date: None,
                });
            }
            EmployeeEvent::EmployeeUpdated(e) => {
                if let Some(record) = self.record.as_mut() {
                    record.details = e.details;
                }
            }
            EmployeeEvent::EmployeeTerminated(e) => {
                if let Some(record) = self.record.as_mut() {
                    record.end_date = Some(e.end_date);
                }
            }
        }
    }
}
