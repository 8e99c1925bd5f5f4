//! The AccountTree aggregate: one workspace's chart of accounts (spec §3 "Account-tree
//! node"), the budgets on its accounts and the workspace's lock date. Its stream id is the
//! workspace id, so "codes are unique", "a parent exists and has the same type" and "a
//! parent with active children cannot be archived" are decided against one state.
//!
//! - [`aggregate`] — [`AccountTree`], its state, the pure [`AccountTree::decide`], the
//!   cqrs-es `Aggregate` impl and the [`spread_yearly`] budget helper.
//! - [`commands`] — [`AccountTreeCommand`] and one struct per command.
//! - [`errors`] — [`AccountTreeError`], the rules a command can break, and the request
//!   field each names.
//! - [`default_chart`] — the chart `POST accounts/default/setup/` writes.
//! - [`fiscal_year`] — the month fiscal years start in, closing and reopening years, and
//!   which account is retained earnings.
//! - [`classification`] — each account's place on the financial statements: its own
//!   choice, else derived from the default chart, its parent or its type.
//! - events — in `event_schemas::account_tree` (re-exported here): they are contracts.
//!
//! The tree does not see postings. Where a rule needs them ("an account with postings
//! cannot be deleted", "a leaf with postings cannot get children") the command carries
//! the fact, read by the caller from the ledger read model.
//!
//! To run it on the log, the caller (command-api) builds
//! `PersistedEventStore::new_snapshot_store(LogRepository::new(store, n), n)
//! .with_upcasters(upcasters())`, sends commands to the workspace id and passes `()` as
//! services.

pub mod aggregate;
pub mod classification;
pub mod commands;
pub mod default_chart;
pub mod errors;
pub mod fiscal_year;

#[cfg(test)]
mod tests;

pub use aggregate::{
    spread_yearly, Account, AccountTree, ACCOUNTS_MAX, BUDGET_YEAR_MAX, BUDGET_YEAR_MIN,
};
pub use commands::{
    AccountTreeCommand, ArchiveAccount, BudgetPeriod, Classification, ClassificationPatch,
    CloseFiscalYear, CreateAccount, DeleteAccount, ReopenFiscalYear, SetBudgetAmount,
    SetFiscalYearStart, SetLockDate, SetUpDefaultChart, UpdateAccount,
};
pub use default_chart::{default_account_id, ChartAccount, DEFAULT_CHART};
pub use errors::AccountTreeError;
pub use event_schemas::account_tree::{
    upcasters, AccountArchived, AccountClassified, AccountCreated, AccountDeleted,
    AccountTreeEvent, AccountType, AccountUpdated, BudgetAmountSet, CashFlowCategory,
    DefaultChartSetUp, DepreciationType, FiscalYearClosed, FiscalYearReopened, FiscalYearStartSet,
    LockDateSet, StatementSection, ACCOUNT_CODE_DIGITS_MAX, ACCOUNT_CODE_DIGITS_MIN,
    ACCOUNT_NAME_CHARS_MAX, AGGREGATE_TYPE, DEFAULT_CHART_ID,
};
pub use fiscal_year::{
    fiscal_year_bounds, fiscal_year_of, retained_earnings_of, ClosedYear, EquityCandidate,
};
