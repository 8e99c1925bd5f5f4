//! A workspace's payroll state: its settings and the run holding each period.

use std::collections::BTreeMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::payroll::settings::{
    PayPeriodClaimed, PayPeriodReleased, PayrollAccounts, PayrollEvent, PayrollSettingsChanged,
    AGGREGATE_TYPE,
};
use event_schemas::PayRunId;
use serde::{Deserialize, Serialize};

use super::accounts::ROLES;
use super::commands::{ChangeSettings, ClaimPeriod, PayrollCommand, ReleasePeriod};
use super::errors::PayrollSettingsError;
use crate::calendar::Month;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payroll {
    settings: Option<PayrollSettings>,
    /// `2026-01` → the run that holds it.
    periods: BTreeMap<String, PayRunId>,
}

/// The accounts runs post to and whether ITF applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayrollSettings {
    pub accounts: PayrollAccounts,
    pub itf_applies: bool,
}

impl Payroll {
    /// The settings, once set.
    pub fn settings(&self) -> Option<&PayrollSettings> {
        self.settings.as_ref()
    }

    /// The run holding `period`, if any.
    pub fn holder(&self, period: Month) -> Option<PayRunId> {
        self.periods.get(&period.to_string()).copied()
    }

    pub fn decide(
        &self,
        command: PayrollCommand,
    ) -> Result<Vec<PayrollEvent>, PayrollSettingsError> {
        match command {
            PayrollCommand::ChangeSettings(c) => self.change(c),
            PayrollCommand::ClaimPeriod(c) => self.claim(c),
            PayrollCommand::ReleasePeriod(c) => Ok(self.release(c)),
        }
    }

    fn change(&self, command: ChangeSettings) -> Result<Vec<PayrollEvent>, PayrollSettingsError> {
        for role in &ROLES {
            let id = (role.get)(&command.accounts);
            let fact = command
                .chart
                .get(&id)
                .ok_or(PayrollSettingsError::AccountNotFound { field: role.field })?;
            if fact.account_type != role.account_type {
                return Err(PayrollSettingsError::WrongAccountType {
                    field: role.field,
                    expected: role.account_type,
                });
            }
            if !fact.postable {
                return Err(PayrollSettingsError::AccountNotPostable { field: role.field });
            }
        }
        let settings = PayrollSettings {
            accounts: command.accounts,
            itf_applies: command.itf_applies,
        };
        if self.settings == Some(settings) {
            return Ok(vec![]);
        }
        Ok(vec![PayrollEvent::PayrollSettingsChanged(
            PayrollSettingsChanged {
                workspace_id: command.workspace_id,
                accounts: command.accounts,
                itf_applies: command.itf_applies,
                changed_by: command.changed_by,
            },
        )])
    }

    fn claim(&self, command: ClaimPeriod) -> Result<Vec<PayrollEvent>, PayrollSettingsError> {
        if let Some(pay_run_id) = self.holder(command.period) {
            return Err(PayrollSettingsError::PeriodTaken {
                period: command.period,
                pay_run_id,
            });
        }
        Ok(vec![PayrollEvent::PayPeriodClaimed(PayPeriodClaimed {
            workspace_id: command.workspace_id,
            period: command.period.to_string(),
            pay_run_id: command.pay_run_id,
        })])
    }

    /// Frees the period when the run holds it; a period another run holds stays held.
    fn release(&self, command: ReleasePeriod) -> Vec<PayrollEvent> {
        if self.holder(command.period) != Some(command.pay_run_id) {
            return vec![];
        }
        vec![PayrollEvent::PayPeriodReleased(PayPeriodReleased {
            workspace_id: command.workspace_id,
            period: command.period.to_string(),
            pay_run_id: command.pay_run_id,
        })]
    }
}

impl crate::decider::Decider for Payroll {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Payroll::decide(self, command)
    }
}

impl Aggregate for Payroll {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = PayrollCommand;
    type Event = PayrollEvent;
    type Error = PayrollSettingsError;
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
            PayrollEvent::PayrollSettingsChanged(e) => {
                self.settings = Some(PayrollSettings {
                    accounts: e.accounts,
                    itf_applies: e.itf_applies,
                });
            }
            PayrollEvent::PayPeriodClaimed(e) => {
                self.periods.insert(e.period, e.pay_run_id);
            }
            PayrollEvent::PayPeriodReleased(e) => {
                if self.periods.get(&e.period) == Some(&e.pay_run_id) {
                    self.periods.remove(&e.period);
                }
            }
        }
    }
}
