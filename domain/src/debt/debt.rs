//! One debt's state: its record, the drawdown posted, and the repayments recorded (each
//! with the split it posted).

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::account_tree::AccountType;
use event_schemas::debt::{
    DebtCreated, DebtDetails, DebtDirection, DebtDrawdownPosted, DebtEvent, DebtRepaymentRecorded,
    DebtRepaymentType, DebtUpdated, AGGREGATE_TYPE,
};
use event_schemas::{AccountId, DebtId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::commands::{CreateDebt, DebtCommand, RecordRepayment, UpdateDebt};
use super::debt_errors::DebtCommandError;
use super::repayment::{allocate, position, DebtPosition, Repayment};
use super::schedule::{DebtTerms, RepaymentType};
use crate::payroll::settings::ChartFacts;

/// The longest counterparty name; references are shorter.
pub const COUNTERPARTY_CHARS_MAX: usize = 200;
pub const REFERENCE_CHARS_MAX: usize = 64;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Debt {
    id: Option<DebtId>,
    workspace_id: Option<WorkspaceId>,
    details: Option<DebtDetails>,
    drawdown: Option<DebtDrawdownPosted>,
    repayments: Vec<DebtRepaymentRecorded>,
}

/// The schedule terms of a record.
pub fn terms_of(details: &DebtDetails) -> DebtTerms {
    DebtTerms {
        principal: details.principal,
        annual_interest_rate: details.annual_interest_rate,
        term_months: details.term_months,
        repayment_type: match details.repayment_type {
            DebtRepaymentType::Annuity => RepaymentType::Annuity,
            DebtRepaymentType::EqualPrincipal => RepaymentType::EqualPrincipal,
            DebtRepaymentType::InterestOnly => RepaymentType::InterestOnly,
        },
        start_date: details.start_date,
        first_due_date: details.first_due_date,
    }
}

/// The repayments of recorded events, as the schedule math takes them.
pub fn repayments_of(recorded: &[DebtRepaymentRecorded]) -> Vec<Repayment> {
    recorded
        .iter()
        .map(|r| Repayment {
            date: r.date,
            amount: r.amount,
        })
        .collect()
}

/// The account types a debt's accounts must have, by direction: the principal sits on a
/// liability (borrowed) or an asset (lent); interest is an expense or income.
fn account_types(direction: DebtDirection) -> [(&'static str, AccountType); 3] {
    match direction {
        DebtDirection::Payable => [
            ("principal_account", AccountType::Liability),
            ("interest_account", AccountType::Expense),
            ("cash_account", AccountType::Asset),
        ],
        DebtDirection::Receivable => [
            ("principal_account", AccountType::Asset),
            ("interest_account", AccountType::Income),
            ("cash_account", AccountType::Asset),
        ],
    }
}

/// `details` with every rule checked and amounts at two places.
pub fn checked_details(
    details: &DebtDetails,
    chart: &ChartFacts,
) -> Result<DebtDetails, DebtCommandError> {
    let counterparty = details.counterparty.trim().to_owned();
    let reference = details.reference.trim().to_owned();
    if counterparty.is_empty() {
        return Err(DebtCommandError::Required {
            field: "counterparty",
        });
    }
    for (field, value, max) in [
        ("counterparty", &counterparty, COUNTERPARTY_CHARS_MAX),
        ("reference", &reference, REFERENCE_CHARS_MAX),
    ] {
        if value.chars().count() > max {
            return Err(DebtCommandError::TooLong { field, max });
        }
    }
    let terms = terms_of(details).checked()?;
    let [principal, interest, cash] = account_types(details.direction);
    for ((field, expected), id) in [
        (principal, details.principal_account),
        (interest, details.interest_account),
        (cash, details.cash_account),
    ] {
        check_account(chart, field, id, Some(expected))?;
    }
    Ok(DebtDetails {
        counterparty,
        reference,
        principal: terms.principal,
        annual_interest_rate: terms.annual_interest_rate,
        ..details.clone()
    })
}

/// The account exists in the chart, can be posted to, and is of `expected` type if given.
pub fn check_account(
    chart: &ChartFacts,
    field: &'static str,
    id: AccountId,
    expected: Option<AccountType>,
) -> Result<(), DebtCommandError> {
    let fact = chart
        .get(&id)
        .ok_or(DebtCommandError::AccountNotFound { field })?;
    if let Some(expected) = expected.filter(|t| *t != fact.account_type) {
        return Err(DebtCommandError::WrongAccountType { field, expected });
    }
    if !fact.postable {
        return Err(DebtCommandError::AccountNotPostable { field });
    }
    Ok(())
}

/// Whether two records differ in what the postings depend on.
fn terms_differ(a: &DebtDetails, b: &DebtDetails) -> bool {
    terms_of(a) != terms_of(b)
        || a.direction != b.direction
        || a.principal_account != b.principal_account
        || a.interest_account != b.interest_account
}

impl Debt {
    pub fn details(&self) -> Option<&DebtDetails> {
        self.details.as_ref()
    }

    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        self.workspace_id
    }

    pub fn drawdown(&self) -> Option<&DebtDrawdownPosted> {
        self.drawdown.as_ref()
    }

    /// The repayments recorded, in the order they were.
    pub fn repayments(&self) -> &[DebtRepaymentRecorded] {
        &self.repayments
    }

    /// The debt after its repayments.
    pub fn position(&self) -> Result<DebtPosition, DebtCommandError> {
        let (_, _, details) = self.current()?;
        Ok(position(
            &terms_of(details),
            &repayments_of(&self.repayments),
        )?)
    }

    pub fn decide(&self, command: DebtCommand) -> Result<Vec<DebtEvent>, DebtCommandError> {
        match command {
            DebtCommand::Create(c) => self.create(c),
            DebtCommand::Update(c) => self.update(c),
            DebtCommand::RecordRepayment(c) => self.record_repayment(c),
        }
    }

    fn create(&self, command: CreateDebt) -> Result<Vec<DebtEvent>, DebtCommandError> {
        if self.details.is_some() {
            return Err(DebtCommandError::AlreadyCreated);
        }
        let details = checked_details(&command.details, &command.chart)?;
        let drawdown = command.drawdown_entry_id.map(|journal_entry_id| {
            DebtEvent::DebtDrawdownPosted(DebtDrawdownPosted {
                debt_id: command.debt_id,
                workspace_id: command.workspace_id,
                date: details.start_date,
                amount: details.principal,
                cash_account: details.cash_account,
                journal_entry_id,
                posted_by: command.created_by,
            })
        });
        let created = DebtEvent::DebtCreated(DebtCreated {
            debt_id: command.debt_id,
            workspace_id: command.workspace_id,
            details,
            created_by: command.created_by,
        });
        Ok(std::iter::once(created).chain(drawdown).collect())
    }

    /// The record and ids, or `NotFound`.
    fn current(&self) -> Result<(DebtId, WorkspaceId, &DebtDetails), DebtCommandError> {
        match (self.id, self.workspace_id, &self.details) {
            (Some(id), Some(ws), Some(details)) => Ok((id, ws, details)),
            _ => Err(DebtCommandError::NotFound),
        }
    }

    fn update(&self, command: UpdateDebt) -> Result<Vec<DebtEvent>, DebtCommandError> {
        let (id, workspace_id, current) = self.current()?;
        let details = checked_details(&command.details, &command.chart)?;
        let posted = self.drawdown.is_some() || !self.repayments.is_empty();
        if posted && terms_differ(current, &details) {
            return Err(DebtCommandError::TermsLocked);
        }
        if &details == current {
            return Ok(vec![]);
        }
        Ok(vec![DebtEvent::DebtUpdated(DebtUpdated {
            debt_id: id,
            workspace_id,
            details,
            updated_by: command.updated_by,
        })])
    }

    fn record_repayment(
        &self,
        command: RecordRepayment,
    ) -> Result<Vec<DebtEvent>, DebtCommandError> {
        let (id, workspace_id, details) = self.current()?;
        check_account(
            &command.chart,
            "cash_account",
            command.cash_account,
            Some(AccountType::Asset),
        )?;
        if self.position()?.principal_outstanding.is_zero() {
            return Err(DebtCommandError::Settled);
        }
        let split = allocate(
            &terms_of(details),
            &repayments_of(&self.repayments),
            Repayment {
                date: command.date,
                amount: command.amount,
            },
        )?;
        Ok(vec![DebtEvent::DebtRepaymentRecorded(
            DebtRepaymentRecorded {
                debt_id: id,
                workspace_id,
                date: split.date,
                amount: split.amount,
                interest: split.interest,
                principal: split.principal,
                prepayment: split.prepayment,
                cash_account: command.cash_account,
                journal_entry_id: command.journal_entry_id,
                recorded_by: command.recorded_by,
            },
        )])
    }

    /// `active` while principal is owed, `settled` once it is all repaid.
    pub fn status(&self) -> &'static str {
        match self.position() {
            Ok(p) if p.principal_outstanding <= Decimal::ZERO => "settled",
            _ => "active",
        }
    }
}

impl crate::decider::Decider for Debt {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Debt::decide(self, command)
    }
}

impl Aggregate for Debt {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = DebtCommand;
    type Event = DebtEvent;
    type Error = DebtCommandError;
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
            DebtEvent::DebtCreated(e) => {
                self.id = Some(e.debt_id);
                self.workspace_id = Some(e.workspace_id);
                self.details = Some(e.details);
            }
            DebtEvent::DebtUpdated(e) => self.details = Some(e.details),
            DebtEvent::DebtDrawdownPosted(e) => self.drawdown = Some(e),
            DebtEvent::DebtRepaymentRecorded(e) => self.repayments.push(e),
        }
    }
}
