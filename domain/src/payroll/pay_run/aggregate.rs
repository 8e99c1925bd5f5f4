//! One pay run's state: what was drafted, and how far it has gone.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::payroll::pay_run::{
    PayRunApproved, PayRunDrafted, PayRunEvent, PayRunPosted, PayRunReversed, PayRunTotalsRecord,
    PayslipLineRecord, PayslipRecord, AGGREGATE_TYPE,
};
use event_schemas::JournalEntryId;
use serde::{Deserialize, Serialize};

use super::commands::{ApprovePayRun, DraftPayRun, PayRunCommand, PostPayRun, ReversePayRun};
use super::errors::PayRunError;
use crate::payroll::{compute_pay_run, PayRunTotals, PayrollError, Payslip, RunEmployee};

/// Where a run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PayRunStatus {
    Draft,
    Approved,
    Posted,
    Reversed,
}

impl PayRunStatus {
    pub fn code(self) -> &'static str {
        match self {
            Self::Draft => "draft",
            Self::Approved => "approved",
            Self::Posted => "posted",
            Self::Reversed => "reversed",
        }
    }
}

impl std::fmt::Display for PayRunStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayRun {
    drafted: Option<PayRunDrafted>,
    status: Option<PayRunStatus>,
    journal_entry_id: Option<JournalEntryId>,
}

impl PayRun {
    /// The run as drafted (its payslips and totals), once drafted.
    pub fn drafted(&self) -> Option<&PayRunDrafted> {
        self.drafted.as_ref()
    }

    pub fn status(&self) -> Option<PayRunStatus> {
        self.status
    }

    /// The entry that posted it, once posted.
    pub fn journal_entry_id(&self) -> Option<JournalEntryId> {
        self.journal_entry_id
    }

    pub fn decide(&self, command: PayRunCommand) -> Result<Vec<PayRunEvent>, PayRunError> {
        match command {
            PayRunCommand::Draft(c) => self.draft(c),
            PayRunCommand::Approve(c) => self.approve(c),
            PayRunCommand::Post(c) => self.post(c),
            PayRunCommand::Reverse(c) => self.reverse(c),
        }
    }

    fn draft(&self, command: DraftPayRun) -> Result<Vec<PayRunEvent>, PayRunError> {
        if self.drafted.is_some() {
            return Err(PayRunError::AlreadyDrafted);
        }
        crate::calendar::in_range(command.pay_date).map_err(|_| {
            PayRunError::Pay(PayrollError::PayDateBeforeRules {
                pay_date: command.pay_date,
                earliest: crate::payroll::rules::RULES_START,
            })
        })?;
        let mut employed = Vec::new();
        for employee in &command.employees {
            let days = employee
                .employment
                .days_in(command.period)
                .map_err(|error| PayRunError::Employee {
                    employee_id: employee.employee_id,
                    name: employee.name.clone(),
                    error,
                })?;
            if days > 0 {
                employed.push(employee);
            }
        }
        if employed.is_empty() {
            return Err(PayRunError::NoEmployees {
                period: command.period,
            });
        }
        let run_employees: Vec<RunEmployee<usize>> = employed
            .iter()
            .enumerate()
            .map(|(i, e)| RunEmployee {
                employee_id: i,
                pay: e.pay.clone(),
                employment: e.employment,
            })
            .collect();
        let figures = compute_pay_run(
            command.period,
            command.pay_date,
            command.itf_applies,
            &run_employees,
        )
        .map_err(|error| match error {
            PayrollError::Employee { index, error } => PayRunError::Employee {
                employee_id: employed[index].employee_id,
                name: employed[index].name.clone(),
                error: *error,
            },
            other => PayRunError::Pay(other),
        })?;
        let payslips = figures
            .payslips
            .iter()
            .map(|slip| record(employed[slip.employee_id], &slip.payslip))
            .collect();
        Ok(vec![PayRunEvent::PayRunDrafted(PayRunDrafted {
            pay_run_id: command.pay_run_id,
            workspace_id: command.workspace_id,
            period: command.period.to_string(),
            pay_date: command.pay_date,
            rule_set: figures.rule_set,
            itf_applies: command.itf_applies,
            payslips,
            totals: totals(&figures.totals),
            drafted_by: command.drafted_by,
        })])
    }

    fn current(&self) -> Result<(&PayRunDrafted, PayRunStatus), PayRunError> {
        match (&self.drafted, self.status) {
            (Some(drafted), Some(status)) => Ok((drafted, status)),
            _ => Err(PayRunError::NotFound),
        }
    }

    fn approve(&self, command: ApprovePayRun) -> Result<Vec<PayRunEvent>, PayRunError> {
        let (run, status) = self.current()?;
        if status != PayRunStatus::Draft {
            return Err(PayRunError::NotDraft { status });
        }
        Ok(vec![PayRunEvent::PayRunApproved(PayRunApproved {
            pay_run_id: run.pay_run_id,
            workspace_id: run.workspace_id,
            approved_by: command.approved_by,
        })])
    }

    fn post(&self, command: PostPayRun) -> Result<Vec<PayRunEvent>, PayRunError> {
        let (run, status) = self.current()?;
        if status != PayRunStatus::Approved {
            return Err(PayRunError::NotApproved { status });
        }
        Ok(vec![PayRunEvent::PayRunPosted(PayRunPosted {
            pay_run_id: run.pay_run_id,
            workspace_id: run.workspace_id,
            journal_entry_id: command.journal_entry_id,
            accounts: command.accounts,
            posted_by: command.posted_by,
        })])
    }

    fn reverse(&self, command: ReversePayRun) -> Result<Vec<PayRunEvent>, PayRunError> {
        let (run, status) = self.current()?;
        let posted = match status {
            PayRunStatus::Reversed => return Err(PayRunError::AlreadyReversed),
            PayRunStatus::Posted => true,
            PayRunStatus::Draft | PayRunStatus::Approved => false,
        };
        Ok(vec![PayRunEvent::PayRunReversed(PayRunReversed {
            pay_run_id: run.pay_run_id,
            workspace_id: run.workspace_id,
            reversal_entry_id: posted.then_some(command.reversal_entry_id),
            reversal_date: posted.then_some(command.date),
            reversed_by: command.reversed_by,
        })])
    }
}

fn record(employee: &super::commands::DraftEmployee, slip: &Payslip) -> PayslipRecord {
    let lines = |lines: &[crate::payroll::PayslipLine]| {
        lines
            .iter()
            .map(|l| PayslipLineRecord {
                name: l.name.clone(),
                amount: l.amount,
            })
            .collect()
    };
    PayslipRecord {
        employee_id: employee.employee_id,
        employee_name: employee.name.clone(),
        staff_id: employee.staff_id.clone(),
        department: employee.department.clone(),
        days_paid: slip.days_paid,
        days_in_month: slip.days_in_month,
        gross: slip.gross,
        basic: slip.basic,
        housing: slip.housing,
        transport: slip.transport,
        other: slip.other,
        allowances: lines(&slip.allowances),
        pension_employee: slip.pension_employee,
        nhf: slip.nhf,
        rent_relief: slip.rent_relief,
        cra: slip.cra,
        taxable_income: slip.taxable_income,
        paye: slip.paye,
        other_deductions: slip.other_deductions,
        deductions: lines(&slip.deductions),
        net_pay: slip.net_pay,
        pension_employer: slip.pension_employer,
        nsitf: slip.nsitf,
        itf: slip.itf,
        employer_cost: slip.employer_cost,
    }
}

fn totals(t: &PayRunTotals) -> PayRunTotalsRecord {
    use crate::money::round_money as r;
    PayRunTotalsRecord {
        gross: r(t.gross),
        basic: r(t.basic),
        housing: r(t.housing),
        transport: r(t.transport),
        other: r(t.other),
        pension_employee: r(t.pension_employee),
        nhf: r(t.nhf),
        paye: r(t.paye),
        other_deductions: r(t.other_deductions),
        net_pay: r(t.net_pay),
        pension_employer: r(t.pension_employer),
        nsitf: r(t.nsitf),
        itf: r(t.itf),
        employer_cost: r(t.employer_cost),
    }
}

impl crate::decider::Decider for PayRun {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        PayRun::decide(self, command)
    }
}

impl Aggregate for PayRun {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = PayRunCommand;
    type Event = PayRunEvent;
    type Error = PayRunError;
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
            PayRunEvent::PayRunDrafted(e) => {
                self.drafted = Some(e);
                self.status = Some(PayRunStatus::Draft);
            }
            PayRunEvent::PayRunApproved(_) => self.status = Some(PayRunStatus::Approved),
            PayRunEvent::PayRunPosted(e) => {
                self.status = Some(PayRunStatus::Posted);
                self.journal_entry_id = Some(e.journal_entry_id);
            }
            PayRunEvent::PayRunReversed(_) => self.status = Some(PayRunStatus::Reversed),
        }
    }
}
