//! A posted run's journal entry: Dr salaries and wages (gross), employer pension, NSITF
//! and ITF expense; Cr PAYE, pension (both shares), NHF, NSITF, ITF and net salaries
//! payable (net pay plus the other deductions held for their payees). Zero lines are left
//! out (an employer outside ITF posts no ITF lines).

use event_schemas::payroll::pay_run::PayRunDrafted;
use event_schemas::payroll::settings::PayrollAccounts;
use event_schemas::AccountId;
use rust_decimal::Decimal;

use crate::journal_entry::{EntryInput, LineInput};

/// The entry posting `run` to `accounts`, dated its pay date.
pub fn pay_run_entry(run: &PayRunDrafted, accounts: &PayrollAccounts) -> EntryInput {
    let t = &run.totals;
    let debits = [
        (accounts.salaries_and_wages, "Gross pay", t.gross),
        (
            accounts.employer_pension,
            "Employer pension contribution",
            t.pension_employer,
        ),
        (accounts.nsitf_expense, "NSITF (1% of gross)", t.nsitf),
        (accounts.itf_expense, "ITF (1% of gross)", t.itf),
    ];
    let credits = [
        (accounts.paye_payable, "PAYE withheld", t.paye),
        (
            accounts.pension_payable,
            "Pension, employee and employer",
            t.pension_employee + t.pension_employer,
        ),
        (accounts.nhf_payable, "NHF withheld", t.nhf),
        (accounts.nsitf_payable, "NSITF payable", t.nsitf),
        (accounts.itf_payable, "ITF payable", t.itf),
        (
            accounts.net_salaries_payable,
            "Net pay and other deductions",
            t.net_pay + t.other_deductions,
        ),
    ];
    let line = |(account_id, text, amount): (AccountId, &str, Decimal), debit: bool| LineInput {
        account_id,
        description: text.to_owned(),
        debit: debit.then_some(amount),
        credit: (!debit).then_some(amount),
    };
    let lines = debits
        .into_iter()
        .filter(|(_, _, amount)| !amount.is_zero())
        .map(|l| line(l, true))
        .chain(
            credits
                .into_iter()
                .filter(|(_, _, amount)| !amount.is_zero())
                .map(|l| line(l, false)),
        )
        .collect();
    EntryInput {
        date: run.pay_date,
        memo: format!("Payroll for {}", run.period),
        reference: format!("PAYROLL-{}", run.period),
        lines,
    }
}
