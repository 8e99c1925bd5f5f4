//! Fiscal years: the month they start in, and closing and reopening them.
//!
//! Fiscal year `Y` runs from the first of the start month in `Y` to the day before the
//! first of the start month in `Y + 1`, so with the default January start it is the
//! calendar year. The state lives on the AccountTree, beside the lock date, because a
//! close moves the lock date and posts to the chart's accounts: both are decided against
//! the one state a posting is checked against.
//!
//! Closing is strictly in order — the earliest open year with postings first — so the
//! closed years are always one unbroken run, and reopening goes back from the latest.
//! That keeps "closed" meaning "every year up to here is final", which is what a lock
//! date at the last closed day says too.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use event_schemas::account_tree::{
    AccountTreeEvent, AccountType, FiscalYearClosed, FiscalYearReopened, FiscalYearStartSet,
    LockDateSet,
};
use event_schemas::{AccountId, JournalEntryId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::aggregate::{AccountTree, BUDGET_YEAR_MAX, BUDGET_YEAR_MIN};
use super::default_chart::default_account_id;
use super::errors::AccountTreeError;

/// The default chart's retained-earnings account code.
pub const RETAINED_EARNINGS_CODE: &str = "3200";
/// The name that marks an equity account as retained earnings in a hand-built chart.
pub const RETAINED_EARNINGS_NAME: &str = "retained earnings";

/// The month fiscal years start in when the workspace never chose one: January.
pub const DEFAULT_START_MONTH: u32 = 1;

/// A closed fiscal year as the tree remembers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClosedYear {
    pub closing_entry_id: Option<JournalEntryId>,
    pub lock_date_before: Option<NaiveDate>,
}

/// The workspace's fiscal-year settings and closed years.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FiscalYears {
    pub start_month: u32,
    pub closed: BTreeMap<i32, ClosedYear>,
}

impl Default for FiscalYears {
    fn default() -> Self {
        Self {
            start_month: DEFAULT_START_MONTH,
            closed: BTreeMap::new(),
        }
    }
}

/// The fiscal year (named by the year it starts in) that `date` falls in.
pub fn fiscal_year_of(date: NaiveDate, start_month: u32) -> i32 {
    if date.month() >= start_month.clamp(1, 12) {
        date.year()
    } else {
        date.year() - 1
    }
}

/// The first and last day of fiscal year `year`. `None` only for years chrono cannot
/// represent, which [`BUDGET_YEAR_MIN`]..[`BUDGET_YEAR_MAX`] keeps out.
pub fn fiscal_year_bounds(year: i32, start_month: u32) -> Option<(NaiveDate, NaiveDate)> {
    let month = start_month.clamp(1, 12);
    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = NaiveDate::from_ymd_opt(year + 1, month, 1)?;
    Some((first, next.pred_opt()?))
}

/// One account as the retained-earnings rule reads it (from the tree or a read model).
#[derive(Debug, Clone, Copy)]
pub struct EquityCandidate<'a> {
    pub account_id: AccountId,
    pub name: &'a str,
    pub account_type: AccountType,
}

/// The chart's retained-earnings account: the default chart's 3200 when it is there,
/// else the first equity account (in the order given) named "Retained earnings".
pub fn retained_earnings_of<'a>(
    workspace_id: WorkspaceId,
    accounts: impl IntoIterator<Item = EquityCandidate<'a>> + Clone,
) -> Option<AccountId> {
    let default = default_account_id(workspace_id, RETAINED_EARNINGS_CODE);
    let equity = |c: &EquityCandidate<'_>| c.account_type == AccountType::Equity;
    accounts
        .clone()
        .into_iter()
        .find(|c| equity(c) && c.account_id == default)
        .or_else(|| {
            accounts
                .into_iter()
                .find(|c| equity(c) && c.name.trim().eq_ignore_ascii_case(RETAINED_EARNINGS_NAME))
        })
        .map(|c| c.account_id)
}

/// `PUT accounting-settings/`: the month fiscal years start in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetFiscalYearStart {
    pub workspace_id: WorkspaceId,
    /// As sent: 1 to 12.
    pub start_month: i64,
}

/// `POST fiscal-years/{year}/close/`, decided after the closing entry was recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CloseFiscalYear {
    pub workspace_id: WorkspaceId,
    pub year: i32,
    /// The closing entry recorded in the same posting; `None` when there was nothing to
    /// move.
    pub closing_entry_id: Option<JournalEntryId>,
    pub closed_by: UserId,
    /// The earliest posting date in the books, from the ledger read model: the fiscal
    /// years from its year on must be closed in order.
    pub earliest_posting: Option<NaiveDate>,
}

/// `POST fiscal-years/{year}/reopen/`, decided before the closing entry is reversed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReopenFiscalYear {
    pub workspace_id: WorkspaceId,
    pub year: i32,
    /// The id the reversing entry gets, if the close posted an entry.
    pub reversal_entry_id: JournalEntryId,
    pub reopened_by: UserId,
}

impl AccountTree {
    /// The workspace's retained-earnings account, if its chart has one.
    pub fn retained_earnings_account(&self) -> Option<AccountId> {
        let workspace_id = self.workspace_id()?;
        let mut accounts: Vec<_> = self.accounts().filter(|a| !a.archived).collect();
        accounts.sort_by(|a, b| a.account_code.cmp(&b.account_code));
        retained_earnings_of(
            workspace_id,
            accounts.iter().map(|a| EquityCandidate {
                account_id: a.account_id,
                name: &a.name,
                account_type: a.account_type,
            }),
        )
    }

    /// The first and last day of fiscal year `year` under the current start month, or
    /// the error for a year out of range.
    pub fn fiscal_year(&self, year: i32) -> Result<(NaiveDate, NaiveDate), AccountTreeError> {
        let invalid = AccountTreeError::InvalidFiscalYear {
            year,
            min: BUDGET_YEAR_MIN,
            max: BUDGET_YEAR_MAX,
        };
        if !(BUDGET_YEAR_MIN..=BUDGET_YEAR_MAX).contains(&year) {
            return Err(invalid);
        }
        fiscal_year_bounds(year, self.fiscal_years.start_month).ok_or(invalid)
    }

    pub(super) fn set_fiscal_year_start(
        &self,
        command: SetFiscalYearStart,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let start_month = u32::try_from(command.start_month)
            .ok()
            .filter(|m| (1..=12).contains(m))
            .ok_or(AccountTreeError::InvalidFiscalYearStartMonth {
                month: command.start_month,
            })?;
        if start_month == self.fiscal_years.start_month {
            return Ok(Vec::new());
        }
        // A closed year's bounds are written into its closing entry's date and the lock
        // date: moving the start month under it would leave both pointing at a year that
        // no longer exists.
        if let Some((&year, _)) = self.fiscal_years.closed.iter().next_back() {
            return Err(AccountTreeError::FiscalYearStartFixedByClose { year });
        }
        Ok(vec![AccountTreeEvent::FiscalYearStartSet(
            FiscalYearStartSet {
                workspace_id: command.workspace_id,
                start_month,
            },
        )])
    }

    pub(super) fn close_fiscal_year(
        &self,
        command: CloseFiscalYear,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let year = command.year;
        let (first_day, last_day) = self.fiscal_year(year)?;
        if self.fiscal_years.closed.contains_key(&year) {
            return Err(AccountTreeError::FiscalYearAlreadyClosed { year });
        }
        if let Some((&later, _)) = self.fiscal_years.closed.range(year + 1..).next() {
            return Err(AccountTreeError::LaterFiscalYearClosed { year, later });
        }
        let start_month = self.fiscal_years.start_month;
        if let Some(earliest) = command.earliest_posting {
            let open = (fiscal_year_of(earliest, start_month)..year)
                .find(|y| !self.fiscal_years.closed.contains_key(y));
            if let Some(earlier) = open {
                return Err(AccountTreeError::EarlierFiscalYearOpen { year, earlier });
            }
        }
        let retained = self
            .retained_earnings_account()
            .ok_or(AccountTreeError::NoRetainedEarningsAccount)?;
        let lock_date_before = self.lock_date();
        let mut events = vec![AccountTreeEvent::FiscalYearClosed(FiscalYearClosed {
            workspace_id: command.workspace_id,
            year,
            first_day,
            last_day,
            closing_entry_id: command.closing_entry_id,
            retained_earnings_account_id: retained,
            closed_by: command.closed_by,
            lock_date_before,
        })];
        if lock_date_before.is_none_or(|lock| lock < last_day) {
            events.push(AccountTreeEvent::LockDateSet(LockDateSet {
                workspace_id: command.workspace_id,
                lock_date: Some(last_day),
            }));
        }
        Ok(events)
    }

    pub(super) fn reopen_fiscal_year(
        &self,
        command: ReopenFiscalYear,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let year = command.year;
        self.fiscal_year(year)?;
        let Some(closed) = self.fiscal_years.closed.get(&year) else {
            return Err(AccountTreeError::FiscalYearNotClosed { year });
        };
        if let Some((&later, _)) = self.fiscal_years.closed.range(year + 1..).next() {
            return Err(AccountTreeError::LaterFiscalYearClosed { year, later });
        }
        let mut events = vec![AccountTreeEvent::FiscalYearReopened(FiscalYearReopened {
            workspace_id: command.workspace_id,
            year,
            reversal_entry_id: closed.closing_entry_id.map(|_| command.reversal_entry_id),
            reopened_by: command.reopened_by,
        })];
        if self.lock_date() != closed.lock_date_before {
            events.push(AccountTreeEvent::LockDateSet(LockDateSet {
                workspace_id: command.workspace_id,
                lock_date: closed.lock_date_before,
            }));
        }
        Ok(events)
    }

    /// The month fiscal years start in.
    pub fn fiscal_year_start_month(&self) -> u32 {
        self.fiscal_years.start_month
    }

    /// The closed fiscal years, by year.
    pub fn closed_fiscal_years(&self) -> &BTreeMap<i32, ClosedYear> {
        &self.fiscal_years.closed
    }

    pub(super) fn apply_fiscal_year(&mut self, event: &AccountTreeEvent) {
        match event {
            AccountTreeEvent::FiscalYearStartSet(e) => {
                self.fiscal_years.start_month = e.start_month
            }
            AccountTreeEvent::FiscalYearClosed(e) => {
                self.fiscal_years.closed.insert(
                    e.year,
                    ClosedYear {
                        closing_entry_id: e.closing_entry_id,
                        lock_date_before: e.lock_date_before,
                    },
                );
            }
            AccountTreeEvent::FiscalYearReopened(e) => {
                self.fiscal_years.closed.remove(&e.year);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    #[test]
    fn a_fiscal_year_starting_in_april_is_named_by_the_year_it_starts_in() {
        assert_eq!(fiscal_year_of(d("2026-03-31"), 4), 2025);
        assert_eq!(fiscal_year_of(d("2026-04-01"), 4), 2026);
        assert_eq!(
            fiscal_year_bounds(2025, 4),
            Some((d("2025-04-01"), d("2026-03-31")))
        );
    }

    #[test]
    fn a_january_fiscal_year_is_the_calendar_year() {
        assert_eq!(fiscal_year_of(d("2026-12-31"), 1), 2026);
        assert_eq!(
            fiscal_year_bounds(2024, 1),
            Some((d("2024-01-01"), d("2024-12-31")))
        );
    }
}

#[cfg(test)]
mod rule_tests {
    use event_schemas::account_tree::{AccountTreeEvent, LockDateSet};
    use event_schemas::{JournalEntryId, UserId, WorkspaceId};
    use uuid::Uuid;

    use super::super::{AccountTree, AccountTreeError, SetUpDefaultChart};
    use super::*;

    const WS: WorkspaceId =
        WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0003));
    const USER: UserId = UserId::from_uuid(Uuid::from_u128(7));

    fn d(s: &str) -> NaiveDate {
        s.parse().expect("date")
    }

    fn tree() -> AccountTree {
        let mut tree = AccountTree::default();
        for event in tree
            .decide(SetUpDefaultChart { workspace_id: WS }.into())
            .expect("chart")
        {
            cqrs_es::Aggregate::apply(&mut tree, event);
        }
        tree
    }

    fn apply(tree: &mut AccountTree, events: Vec<AccountTreeEvent>) {
        for event in events {
            cqrs_es::Aggregate::apply(tree, event);
        }
    }

    fn close(year: i32, earliest: &str) -> CloseFiscalYear {
        CloseFiscalYear {
            workspace_id: WS,
            year,
            closing_entry_id: Some(JournalEntryId::from_uuid(Uuid::from_u128(year as u128))),
            closed_by: USER,
            earliest_posting: Some(d(earliest)),
        }
    }

    fn reopen(year: i32) -> ReopenFiscalYear {
        ReopenFiscalYear {
            workspace_id: WS,
            year,
            reversal_entry_id: JournalEntryId::from_uuid(Uuid::from_u128(99)),
            reopened_by: USER,
        }
    }

    #[test]
    fn a_close_moves_the_lock_date_to_the_last_day_and_a_reopen_puts_it_back() {
        let mut tree = tree();
        let events = tree
            .decide(close(2024, "2024-03-01").into())
            .expect("close");
        assert!(matches!(&events[0], AccountTreeEvent::FiscalYearClosed(e)
            if e.last_day == d("2024-12-31") && e.lock_date_before.is_none()));
        assert_eq!(
            events[1],
            AccountTreeEvent::LockDateSet(LockDateSet {
                workspace_id: WS,
                lock_date: Some(d("2024-12-31")),
            })
        );
        apply(&mut tree, events);
        assert_eq!(
            tree.decide(close(2024, "2024-03-01").into()),
            Err(AccountTreeError::FiscalYearAlreadyClosed { year: 2024 })
        );

        let events = tree.decide(reopen(2024).into()).expect("reopen");
        assert_eq!(
            events[1],
            AccountTreeEvent::LockDateSet(LockDateSet {
                workspace_id: WS,
                lock_date: None,
            })
        );
        apply(&mut tree, events);
        assert_eq!(tree.lock_date(), None);
        assert!(tree.closed_fiscal_years().is_empty());
    }

    #[test]
    fn years_close_in_order_and_reopen_from_the_latest() {
        let mut tree = tree();
        assert_eq!(
            tree.decide(close(2025, "2024-03-01").into()),
            Err(AccountTreeError::EarlierFiscalYearOpen {
                year: 2025,
                earlier: 2024
            })
        );
        let events = tree.decide(close(2024, "2024-03-01").into()).expect("2024");
        apply(&mut tree, events);
        let events = tree.decide(close(2025, "2024-03-01").into()).expect("2025");
        apply(&mut tree, events);
        assert_eq!(
            tree.decide(reopen(2024).into()),
            Err(AccountTreeError::LaterFiscalYearClosed {
                year: 2024,
                later: 2025
            })
        );
        assert_eq!(
            tree.decide(reopen(2023).into()),
            Err(AccountTreeError::FiscalYearNotClosed { year: 2023 })
        );
    }

    #[test]
    fn the_start_month_is_one_to_twelve_and_fixed_while_a_year_is_closed() {
        let mut tree = tree();
        let set = |month| SetFiscalYearStart {
            workspace_id: WS,
            start_month: month,
        };
        assert_eq!(
            tree.decide(set(13).into()),
            Err(AccountTreeError::InvalidFiscalYearStartMonth { month: 13 })
        );
        assert_eq!(tree.decide(set(1).into()), Ok(Vec::new()));
        let events = tree.decide(set(4).into()).expect("april");
        apply(&mut tree, events);
        assert_eq!(
            tree.fiscal_year(2025),
            Ok((d("2025-04-01"), d("2026-03-31")))
        );
        let events = tree
            .decide(close(2024, "2025-03-01").into())
            .expect("close");
        apply(&mut tree, events);
        assert_eq!(
            tree.decide(set(7).into()),
            Err(AccountTreeError::FiscalYearStartFixedByClose { year: 2024 })
        );
    }
}
