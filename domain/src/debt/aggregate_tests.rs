//! The Debt rules, given/when/then, and its entries.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use event_schemas::account_tree::AccountType;
use event_schemas::{AccountId, DebtId, JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;
use crate::payroll::settings::{AccountFact, ChartFacts};

const DEBT: DebtId = DebtId::from_uuid(Uuid::from_u128(0xd0b));
const WORKSPACE: WorkspaceId = WorkspaceId::from_uuid(Uuid::from_u128(0xc33));
const ADMIN: UserId = UserId::from_uuid(Uuid::from_u128(0xc24));
const DRAWDOWN: JournalEntryId = JournalEntryId::from_uuid(Uuid::from_u128(0xe11));
const REPAID: JournalEntryId = JournalEntryId::from_uuid(Uuid::from_u128(0xe12));
const BANK: AccountId = AccountId::from_uuid(Uuid::from_u128(0x1120));
const LOAN: AccountId = AccountId::from_uuid(Uuid::from_u128(0x2300));
const INTEREST: AccountId = AccountId::from_uuid(Uuid::from_u128(0x6600));
const LOAN_RECEIVABLE: AccountId = AccountId::from_uuid(Uuid::from_u128(0x1400));
const INTEREST_INCOME: AccountId = AccountId::from_uuid(Uuid::from_u128(0x4200));

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn chart() -> ChartFacts {
    let fact = |account_type| AccountFact {
        account_type,
        postable: true,
    };
    [
        (BANK, fact(AccountType::Asset)),
        (LOAN, fact(AccountType::Liability)),
        (INTEREST, fact(AccountType::Expense)),
        (LOAN_RECEIVABLE, fact(AccountType::Asset)),
        (INTEREST_INCOME, fact(AccountType::Income)),
    ]
    .into_iter()
    .collect()
}

/// The worked check: 1,000,000 borrowed at 12 % over 12 monthly annuity instalments.
fn bank_loan() -> DebtDetails {
    DebtDetails {
        direction: DebtDirection::Payable,
        counterparty: "First Bank".into(),
        reference: "LN-001".into(),
        principal: d("1000000.00"),
        start_date: ymd(2026, 1, 1),
        annual_interest_rate: d("12"),
        term_months: 12,
        repayment_type: DebtRepaymentType::Annuity,
        first_due_date: ymd(2026, 2, 1),
        principal_account: LOAN,
        interest_account: INTEREST,
        cash_account: BANK,
    }
}

fn created() -> DebtEvent {
    DebtEvent::DebtCreated(DebtCreated {
        debt_id: DEBT,
        workspace_id: WORKSPACE,
        details: bank_loan(),
        created_by: ADMIN,
    })
}

fn drawn() -> DebtEvent {
    DebtEvent::DebtDrawdownPosted(DebtDrawdownPosted {
        debt_id: DEBT,
        workspace_id: WORKSPACE,
        date: ymd(2026, 1, 1),
        amount: d("1000000.00"),
        cash_account: BANK,
        journal_entry_id: DRAWDOWN,
        posted_by: ADMIN,
    })
}

fn create(details: DebtDetails, drawdown: Option<JournalEntryId>) -> DebtCommand {
    CreateDebt {
        debt_id: DEBT,
        workspace_id: WORKSPACE,
        details,
        chart: chart(),
        drawdown_entry_id: drawdown,
        created_by: ADMIN,
    }
    .into()
}

fn repay(date: NaiveDate, amount: &str) -> DebtCommand {
    RecordRepayment {
        date,
        amount: d(amount),
        cash_account: BANK,
        chart: chart(),
        journal_entry_id: REPAID,
        recorded_by: ADMIN,
    }
    .into()
}

fn repaid(date: NaiveDate, amount: &str, interest: &str, principal: &str) -> DebtEvent {
    DebtEvent::DebtRepaymentRecorded(DebtRepaymentRecorded {
        debt_id: DEBT,
        workspace_id: WORKSPACE,
        date,
        amount: d(amount),
        interest: d(interest),
        principal: d(principal),
        prepayment: d("0.00"),
        cash_account: BANK,
        journal_entry_id: REPAID,
        recorded_by: ADMIN,
    })
}

type Loan = TestFramework<Debt>;

#[test]
fn a_debt_with_a_drawdown_is_created_and_drawn_down_in_one_decision() {
    Loan::with(())
        .given_no_previous_events()
        .when(create(bank_loan(), Some(DRAWDOWN)))
        .then_expect_events(vec![created(), drawn()]);
}

#[test]
fn a_debt_without_a_drawdown_records_only_its_terms() {
    Loan::with(())
        .given_no_previous_events()
        .when(create(bank_loan(), None))
        .then_expect_events(vec![created()]);
}

#[test]
fn a_debt_is_created_once() {
    Loan::with(())
        .given(vec![created()])
        .when(create(bank_loan(), None))
        .then_expect_error(DebtCommandError::AlreadyCreated);
}

#[test]
fn a_blank_counterparty_is_refused_by_name() {
    let details = DebtDetails {
        counterparty: "  ".into(),
        ..bank_loan()
    };
    let err = Debt::default()
        .decide(create(details, None))
        .expect_err("refused");
    assert_eq!(err.field().as_deref(), Some("counterparty"));
}

#[test]
fn bad_terms_name_their_field() {
    let details = DebtDetails {
        term_months: 0,
        ..bank_loan()
    };
    let err = Debt::default()
        .decide(create(details, None))
        .expect_err("refused");
    assert_eq!(err, DebtCommandError::Terms(DebtError::TermZero));
    assert_eq!(err.field().as_deref(), Some("term_months"));
}

#[test]
fn a_payable_principal_must_sit_on_a_liability() {
    let details = DebtDetails {
        principal_account: LOAN_RECEIVABLE,
        ..bank_loan()
    };
    Loan::with(())
        .given_no_previous_events()
        .when(create(details, None))
        .then_expect_error(DebtCommandError::WrongAccountType {
            field: "principal_account",
            expected: AccountType::Liability,
        });
}

#[test]
fn a_receivable_earns_interest_income_on_an_asset() {
    let details = DebtDetails {
        direction: DebtDirection::Receivable,
        principal_account: LOAN_RECEIVABLE,
        interest_account: INTEREST,
        ..bank_loan()
    };
    Loan::with(())
        .given_no_previous_events()
        .when(create(details, None))
        .then_expect_error(DebtCommandError::WrongAccountType {
            field: "interest_account",
            expected: AccountType::Income,
        });
}

#[test]
fn the_first_repayment_splits_into_the_worked_interest_and_principal() {
    Loan::with(())
        .given(vec![created(), drawn()])
        .when(repay(ymd(2026, 2, 1), "88848.79"))
        .then_expect_events(vec![repaid(
            ymd(2026, 2, 1),
            "88848.79",
            "10000.00",
            "78848.79",
        )]);
}

#[test]
fn a_repayment_above_the_payoff_names_the_amount() {
    let err = loaded(vec![created()])
        .decide(repay(ymd(2026, 2, 1), "2000000.00"))
        .expect_err("refused");
    assert_eq!(err.field().as_deref(), Some("amount"));
}

#[test]
fn a_settled_debt_takes_no_more_repayments() {
    let debt = loaded(vec![created()]);
    let payoff = debt
        .position()
        .expect("position")
        .payoff_on(ymd(2026, 1, 15));
    let events = debt
        .decide(repay(ymd(2026, 1, 15), &payoff.to_string()))
        .expect("settles");
    let mut history = vec![created()];
    history.extend(events);
    let settled = loaded(history);
    assert_eq!(settled.status(), "settled");
    assert_eq!(
        settled.decide(repay(ymd(2026, 2, 1), "1.00")),
        Err(DebtCommandError::Settled)
    );
}

#[test]
fn the_terms_are_locked_once_anything_is_posted() {
    let details = DebtDetails {
        principal: d("900000.00"),
        ..bank_loan()
    };
    Loan::with(())
        .given(vec![created(), drawn()])
        .when(
            UpdateDebt {
                details,
                chart: chart(),
                updated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_error(DebtCommandError::TermsLocked);
}

#[test]
fn the_counterparty_still_changes_after_a_posting() {
    let details = DebtDetails {
        counterparty: "First Bank plc".into(),
        ..bank_loan()
    };
    Loan::with(())
        .given(vec![created(), drawn()])
        .when(
            UpdateDebt {
                details: details.clone(),
                chart: chart(),
                updated_by: ADMIN,
            }
            .into(),
        )
        .then_expect_events(vec![DebtEvent::DebtUpdated(DebtUpdated {
            debt_id: DEBT,
            workspace_id: WORKSPACE,
            details,
            updated_by: ADMIN,
        })]);
}

#[test]
fn an_unknown_debt_is_not_found() {
    Loan::with(())
        .given_no_previous_events()
        .when(repay(ymd(2026, 2, 1), "100.00"))
        .then_expect_error(DebtCommandError::NotFound);
}

fn loaded(events: Vec<DebtEvent>) -> Debt {
    let mut debt = Debt::default();
    for event in events {
        cqrs_es::Aggregate::apply(&mut debt, event);
    }
    debt
}

fn lines(
    entry: &crate::journal_entry::EntryInput,
) -> Vec<(AccountId, Option<Decimal>, Option<Decimal>)> {
    entry
        .lines
        .iter()
        .map(|l| (l.account_id, l.debit, l.credit))
        .collect()
}

#[test]
fn a_borrowed_drawdown_debits_the_bank_and_credits_the_loan() {
    let DebtEvent::DebtDrawdownPosted(drawdown) = drawn() else {
        unreachable!()
    };
    let entry = drawdown_entry(&bank_loan(), &drawdown);
    let amount = d("1000000.00");
    assert_eq!(
        lines(&entry),
        vec![(BANK, Some(amount), None), (LOAN, None, Some(amount))]
    );
}

#[test]
fn a_repayment_paid_debits_interest_and_the_loan_and_credits_the_bank() {
    let DebtEvent::DebtRepaymentRecorded(r) =
        repaid(ymd(2026, 2, 1), "88848.79", "10000.00", "78848.79")
    else {
        unreachable!()
    };
    let entry = repayment_entry(&bank_loan(), &r);
    assert_eq!(
        lines(&entry),
        vec![
            (INTEREST, Some(d("10000.00")), None),
            (LOAN, Some(d("78848.79")), None),
            (BANK, None, Some(d("88848.79"))),
        ]
    );
}

#[test]
fn a_repayment_received_mirrors_it() {
    let details = DebtDetails {
        direction: DebtDirection::Receivable,
        principal_account: LOAN_RECEIVABLE,
        interest_account: INTEREST_INCOME,
        ..bank_loan()
    };
    let DebtEvent::DebtRepaymentRecorded(r) =
        repaid(ymd(2026, 2, 1), "88848.79", "10000.00", "78848.79")
    else {
        unreachable!()
    };
    let entry = repayment_entry(&details, &r);
    assert_eq!(
        lines(&entry),
        vec![
            (INTEREST_INCOME, None, Some(d("10000.00"))),
            (LOAN_RECEIVABLE, None, Some(d("78848.79"))),
            (BANK, Some(d("88848.79")), None),
        ]
    );
}
