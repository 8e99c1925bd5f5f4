//! The entries a debt posts: its drawdown (or disbursement) and each repayment. Zero
//! lines are left out.

use event_schemas::debt::{DebtDetails, DebtDirection, DebtDrawdownPosted, DebtRepaymentRecorded};
use event_schemas::AccountId;
use rust_decimal::Decimal;

use crate::journal_entry::{EntryInput, LineInput};

fn line(account_id: AccountId, description: String, amount: Decimal, debit: bool) -> LineInput {
    LineInput {
        account_id,
        description,
        debit: debit.then_some(amount),
        credit: (!debit).then_some(amount),
    }
}

fn reference(details: &DebtDetails) -> String {
    if details.reference.is_empty() {
        "LOAN".to_owned()
    } else {
        details.reference.clone()
    }
}

/// The drawdown's entry, dated the start: borrowed, Dr cash / Cr the loan (liability);
/// lent, Dr the loan (asset) / Cr cash.
pub fn drawdown_entry(details: &DebtDetails, drawdown: &DebtDrawdownPosted) -> EntryInput {
    let who = &details.counterparty;
    let payable = details.direction == DebtDirection::Payable;
    let (memo, cash_debit) = if payable {
        (format!("Loan drawdown from {who}"), true)
    } else {
        (format!("Loan disbursed to {who}"), false)
    };
    EntryInput {
        date: drawdown.date,
        memo: memo.clone(),
        reference: reference(details),
        lines: vec![
            line(
                drawdown.cash_account,
                memo.clone(),
                drawdown.amount,
                cash_debit,
            ),
            line(
                details.principal_account,
                memo,
                drawdown.amount,
                !cash_debit,
            ),
        ],
    }
}

/// A repayment's entry, dated the repayment: paid, Dr interest expense and Dr the loan
/// (liability) / Cr cash; received, Dr cash / Cr interest income and Cr the loan (asset).
pub fn repayment_entry(details: &DebtDetails, repaid: &DebtRepaymentRecorded) -> EntryInput {
    let who = &details.counterparty;
    let payable = details.direction == DebtDirection::Payable;
    let memo = if payable {
        format!("Loan repayment to {who}")
    } else {
        format!("Loan repayment from {who}")
    };
    let lines = [
        (
            details.interest_account,
            format!("Interest: {who}"),
            repaid.interest,
            payable,
        ),
        (
            details.principal_account,
            format!("Principal: {who}"),
            repaid.principal,
            payable,
        ),
        (repaid.cash_account, memo.clone(), repaid.amount, !payable),
    ]
    .into_iter()
    .filter(|(_, _, amount, _)| !amount.is_zero())
    .map(|(account, text, amount, debit)| line(account, text, amount, debit))
    .collect();
    EntryInput {
        date: repaid.date,
        memo,
        reference: reference(details),
        lines,
    }
}
