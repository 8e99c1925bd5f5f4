//! Each workspace's balances by day, kept in memory beside the database: a balance at any
//! date is then one binary search per account, where SQL over the `ledger` read model's
//! year, month and day totals reads ~20 rows per account at a random date (5–7 ms for a
//! trial balance of 500 accounts at a million postings).
//!
//! - **Built in the background** from the day totals, the first time a workspace's
//!   balances are asked for. Until it is ready, and whenever it cannot be brought current
//!   cheaply, the answer comes from SQL as before: no request waits for a build.
//! - **Kept current by entry number.** The log numbers a workspace's posted entries in
//!   commit order without gaps, and the `ledger` projector applies them in that order. So
//!   the entries numbered after the last one held here are exactly what is missing: each
//!   read asks for the workspace's last number (one index lookup) and adds in the postings
//!   of any entries after it. A last number below the one held means the read model was
//!   rebuilt underneath: it starts over.
//! - **Bounded**: at most [`DAYS_KEPT_MAX`] account-days per database; past it the
//!   workspaces used least recently are let go. A workspace larger than that alone is
//!   always answered by SQL.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use api_core::ApiError;
use chrono::{Datelike, NaiveDate};
use projections::ledger::GRAIN_DAY;
use store::Db;

use super::balances::Tally;
use super::read::{Columns, FromColumns};
use super::Sql;

/// Account-days kept per database, all workspaces together (~32 bytes each: ~64 MB).
pub const DAYS_KEPT_MAX: usize = 2_000_000;
/// Entries a kept workspace may be behind and still be brought current by a read; further
/// behind (an import), it is built again in the background.
const CATCH_UP_ENTRIES_MAX: i64 = 5_000;

/// One account's days with postings, ascending, and beside each the total of every
/// posting dated on or before it. Two arrays rather than one of pairs: a balance's binary
/// search then walks 4-byte days (a few cache lines per account) instead of 32-byte rows
/// — with every account searched, that was most of a trial balance's time in memory.
#[derive(Debug, Default)]
struct AccountDays {
    days: Vec<i32>,
    through: Vec<Tally>,
}

impl AccountDays {
    fn add(&mut self, day: i32, tally: Tally) -> bool {
        let at = self.days.partition_point(|d| *d < day);
        let new_day = self.days.get(at) != Some(&day);
        if new_day {
            let before = at
                .checked_sub(1)
                .map(|i| self.through[i])
                .unwrap_or_default();
            self.days.insert(at, day);
            self.through.insert(at, before);
        }
        for later in &mut self.through[at..] {
            *later += tally;
        }
        new_day
    }

    /// The total through `day`, and where `day` falls among this account's days. `near`
    /// is where it fell in the account searched before: accounts of one workspace mostly
    /// have postings on the same days, so it is usually right and saves the binary search
    /// (whose scattered reads were most of a trial balance's time in memory).
    fn through(&self, day: i32, near: usize) -> (Option<Tally>, usize) {
        let falls_at = |at: usize| {
            at <= self.days.len()
                && (at == 0 || self.days[at - 1] <= day)
                && self.days.get(at).is_none_or(|d| *d > day)
        };
        let at = if falls_at(near) {
            near
        } else {
            self.days.partition_point(|d| *d <= day)
        };
        (at.checked_sub(1).map(|i| self.through[i]), at)
    }
}

/// A workspace's running totals per account, on each day it has postings.
#[derive(Debug, Default)]
pub(crate) struct DayBalances {
    /// The last entry number whose postings are counted.
    through_entry: i64,
    accounts: HashMap<String, AccountDays>,
    days: usize,
}

fn day_number(date: NaiveDate) -> i32 {
    date.num_days_from_ce()
}

impl DayBalances {
    /// Adds one account's postings dated `day` (days may come in any order).
    pub(crate) fn add(&mut self, account: &str, day: NaiveDate, tally: Tally) {
        let days = match self.accounts.get_mut(account) {
            Some(days) => days,
            None => self.accounts.entry(account.to_owned()).or_default(),
        };
        if days.add(day_number(day), tally) {
            self.days += 1;
        }
    }

    /// Per account, the totals of every posting dated on or before `as_of`; `accounts`
    /// limits the answer to those. Accounts without postings by then are left out.
    pub(crate) fn sums_as_of(
        &self,
        as_of: NaiveDate,
        accounts: Option<&[String]>,
    ) -> HashMap<String, Tally> {
        let day = day_number(as_of);
        let mut near = 0;
        let mut sum = |account: &String, days: &AccountDays| {
            let (tally, at) = days.through(day, near);
            near = at;
            Some((account.clone(), tally?))
        };
        match accounts {
            None => self
                .accounts
                .iter()
                .filter_map(|(account, days)| sum(account, days))
                .collect(),
            Some(list) => list
                .iter()
                .filter_map(|account| sum(account, self.accounts.get(account)?))
                .collect(),
        }
    }
}

/// One row of the day totals or of the postings: an account, a `YYYY-MM-DD` day and the
/// amounts.
struct DayRow {
    account: String,
    day: NaiveDate,
    tally: Tally,
}

impl FromColumns for DayRow {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        let day = row.text(1)?;
        let day = NaiveDate::parse_from_str(&day, "%Y-%m-%d")
            .map_err(|e| ApiError::internal(format!("day {day:?} in the ledger: {e}")))?;
        Ok(Self {
            account: row.text(0)?,
            day,
            tally: Tally::from_columns_at(row, 2)?,
        })
    }
}

/// A day-totals row with the workspace's last entry number read in the same statement.
struct BuildRow {
    row: DayRow,
    through_entry: i64,
}

impl FromColumns for BuildRow {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        Ok(Self {
            row: DayRow::from_columns(row)?,
            through_entry: row.int(5)?,
        })
    }
}

/// The workspace's balances read from its day totals. The last entry number is read by
/// the same statement, so it is of the same snapshot as the totals: a separate read could
/// see an entry committed in between counted in the totals and then added again.
async fn build(db: &Db, workspace_id: &str) -> Result<DayBalances, ApiError> {
    let mut sql = Sql::new(
        "SELECT t.account_id, t.period, t.debit_cents, t.credit_cents, t.postings, \
         (SELECT COALESCE(MAX(e.entry_sequence), 0) FROM read_journal_entries e \
         WHERE e.workspace_id = ",
    );
    sql.text(workspace_id)
        .push(") FROM read_ledger_totals t WHERE t.workspace_id = ")
        .text(workspace_id)
        .push(" AND t.grain = ")
        .text(GRAIN_DAY)
        // The key's order on SQLite (no sort): each account's days then arrive in order and
        // are appended, where an insert in the middle moves every later day.
        .push(" ORDER BY t.period");
    sql.fold(db, DayBalances::default(), |balances, row: BuildRow| {
        balances.through_entry = row.through_entry;
        balances.add(&row.row.account, row.row.day, row.row.tally);
    })
    .await
}

/// The workspace's last posted entry number (0 before the first).
async fn last_entry(db: &Db, workspace_id: &str) -> Result<i64, ApiError> {
    let mut sql =
        Sql::new("SELECT MAX(entry_sequence) FROM read_journal_entries WHERE workspace_id = ");
    sql.text(workspace_id);
    Ok(sql.fetch_int(db).await?.unwrap_or(0))
}

/// Every posting of the entries numbered `after + 1 ..= through`.
async fn postings_between(
    db: &Db,
    workspace_id: &str,
    after: i64,
    through: i64,
) -> Result<Vec<DayRow>, ApiError> {
    let mut sql = Sql::new(
        "SELECT p.account_id, p.date, p.debit_cents, p.credit_cents, CAST(1 AS BIGINT) \
         FROM read_journal_entries e JOIN read_postings p ON p.entry_id = e.entry_id \
         WHERE e.workspace_id = ",
    );
    sql.text(workspace_id)
        .push(" AND e.entry_sequence > ")
        .int(after)
        .push(" AND e.entry_sequence <= ")
        .int(through);
    sql.fetch(db).await
}

enum Slot {
    Building,
    /// More account-days than every workspace together may keep.
    TooLarge,
    Ready {
        balances: DayBalances,
        used: Instant,
    },
}

/// The kept workspaces of one database (`Db::kept`).
#[derive(Default)]
pub(crate) struct KeptDayBalances {
    workspaces: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Slot>>>>,
    /// Set for a database whose balances must come from SQL (tests comparing the two).
    off: std::sync::atomic::AtomicBool,
}

impl KeptDayBalances {
    pub(crate) fn of(db: &Db) -> Arc<Self> {
        db.kept::<Self>()
    }

    /// The workspace's totals per account at `as_of` if its balances are kept and current
    /// (brought current first when a few entries behind); `None` to read them by SQL.
    pub(crate) async fn sums_as_of(
        self: &Arc<Self>,
        db: &Db,
        workspace_id: &str,
        as_of: NaiveDate,
        accounts: Option<&[String]>,
    ) -> Result<Option<HashMap<String, Tally>>, ApiError> {
        if self.off.load(std::sync::atomic::Ordering::Relaxed) {
            return Ok(None);
        }
        let Some(slot) = self.slot_or_build(db, workspace_id) else {
            return Ok(None);
        };
        let mut slot = slot.lock().await;
        let Slot::Ready { balances, used } = &mut *slot else {
            return Ok(None);
        };
        let last = last_entry(db, workspace_id).await?;
        let behind = last - balances.through_entry;
        if !(0..=CATCH_UP_ENTRIES_MAX).contains(&behind) {
            *slot = Slot::Building;
            self.build_in_background(db, workspace_id);
            return Ok(None);
        }
        if behind > 0 {
            for posting in postings_between(db, workspace_id, balances.through_entry, last).await? {
                balances.add(&posting.account, posting.day, posting.tally);
            }
            balances.through_entry = last;
        }
        *used = Instant::now();
        Ok(Some(balances.sums_as_of(as_of, accounts)))
    }

    /// Builds the workspace's balances now and keeps them (for tests, and to warm a
    /// workspace known to be read next).
    pub(crate) async fn build_now(&self, db: &Db, workspace_id: &str) -> Result<(), ApiError> {
        let (slot, _) = self.slot(workspace_id);
        let balances = build(db, workspace_id).await?;
        self.install(&slot, workspace_id, balances).await;
        Ok(())
    }

    /// The workspace's slot, and whether it was made now (as `Building`).
    fn slot(&self, workspace_id: &str) -> (Arc<tokio::sync::Mutex<Slot>>, bool) {
        let mut workspaces = self.workspaces.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = workspaces.get(workspace_id) {
            return (slot.clone(), false);
        }
        let slot = Arc::new(tokio::sync::Mutex::new(Slot::Building));
        workspaces.insert(workspace_id.to_owned(), slot.clone());
        (slot, true)
    }

    /// The workspace's slot; a first ask starts its build and answers `None`.
    fn slot_or_build(
        self: &Arc<Self>,
        db: &Db,
        workspace_id: &str,
    ) -> Option<Arc<tokio::sync::Mutex<Slot>>> {
        let (slot, made) = self.slot(workspace_id);
        if made {
            self.build_in_background(db, workspace_id);
            return None;
        }
        Some(slot)
    }

    fn build_in_background(self: &Arc<Self>, db: &Db, workspace_id: &str) {
        let (kept, db, workspace_id) = (self.clone(), db.clone(), workspace_id.to_owned());
        tokio::spawn(async move {
            if let Err(e) = kept.build_now(&db, &workspace_id).await {
                tracing::warn!(workspace_id, error = %e, "day balances not built");
                kept.forget(&workspace_id);
            }
        });
    }

    async fn install(
        &self,
        slot: &tokio::sync::Mutex<Slot>,
        workspace_id: &str,
        balances: DayBalances,
    ) {
        let days = balances.days;
        *slot.lock().await = if days > DAYS_KEPT_MAX {
            Slot::TooLarge
        } else {
            Slot::Ready {
                balances,
                used: Instant::now(),
            }
        };
        self.let_go_past_the_bound(workspace_id).await;
    }

    /// Lets go of the workspaces used least recently (never `keep`) until the kept days
    /// are within [`DAYS_KEPT_MAX`].
    async fn let_go_past_the_bound(&self, keep: &str) {
        let slots: Vec<(String, Arc<tokio::sync::Mutex<Slot>>)> = {
            let workspaces = self.workspaces.lock().unwrap_or_else(|p| p.into_inner());
            workspaces
                .iter()
                .map(|(id, slot)| (id.clone(), slot.clone()))
                .collect()
        };
        let mut kept = Vec::new();
        for (id, slot) in slots {
            if let Slot::Ready { balances, used } = &*slot.lock().await {
                kept.push((*used, balances.days, id));
            }
        }
        let mut total: usize = kept.iter().map(|(_, days, _)| days).sum();
        kept.sort();
        for (_, days, id) in kept {
            if total <= DAYS_KEPT_MAX {
                break;
            }
            if id != keep {
                self.forget(&id);
                total -= days;
            }
        }
    }

    fn forget(&self, workspace_id: &str) {
        let mut workspaces = self.workspaces.lock().unwrap_or_else(|p| p.into_inner());
        workspaces.remove(workspace_id);
    }
}

/// Keeps the workspace's balances by day now, so the reads that follow come from memory.
pub async fn keep_day_balances(db: &Db, workspace_id: &str) -> Result<(), ApiError> {
    KeptDayBalances::of(db).build_now(db, workspace_id).await
}

/// Balances at a date on this database come from SQL only: for tests that compare the
/// two ways (`Db` clones share the setting; a second connection to the same database
/// does not).
#[doc(hidden)]
pub fn read_balances_by_sql_only(db: &Db) {
    KeptDayBalances::of(db)
        .off
        .store(true, std::sync::atomic::Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn tally(debit: i64, credit: i64) -> Tally {
        Tally {
            debit,
            credit,
            postings: 1,
        }
    }

    /// The postings added so far, summed the slow way.
    fn expected(
        postings: &[(&str, NaiveDate, Tally)],
        as_of: NaiveDate,
    ) -> BTreeMap<String, Tally> {
        let mut sums = BTreeMap::new();
        for (account, day, t) in postings.iter().filter(|(_, day, _)| *day <= as_of) {
            let _ = day;
            *sums.entry((*account).to_owned()).or_default() += *t;
        }
        sums
    }

    #[test]
    fn a_balance_counts_every_posting_dated_on_or_before_the_day_whatever_order_they_came_in() {
        let postings = [
            ("bank", date(2026, 3, 10), tally(500, 0)),
            ("sales", date(2026, 3, 10), tally(0, 500)),
            ("bank", date(2026, 1, 5), tally(100, 0)),
            ("bank", date(2026, 3, 10), tally(0, 20)),
            ("bank", date(2025, 12, 31), tally(7, 0)),
            ("sales", date(2026, 6, 1), tally(0, 9)),
        ];
        let mut balances = DayBalances::default();
        for (account, day, t) in postings {
            balances.add(account, day, t);
        }
        for as_of in date(2025, 12, 30).iter_days().take(200) {
            let sums: BTreeMap<String, Tally> =
                balances.sums_as_of(as_of, None).into_iter().collect();
            assert_eq!(sums, expected(&postings, as_of), "as of {as_of}");
        }
        assert_eq!(balances.days, 5, "one row per account and day");
    }

    #[test]
    fn a_balance_limited_to_some_accounts_names_only_those_with_postings_by_then() {
        let mut balances = DayBalances::default();
        balances.add("bank", date(2026, 1, 5), tally(100, 0));
        balances.add("rent", date(2026, 2, 1), tally(40, 0));
        let sums = balances.sums_as_of(
            date(2026, 1, 31),
            Some(&["rent".to_owned(), "bank".to_owned(), "none".to_owned()]),
        );
        assert_eq!(sums.len(), 1);
        assert_eq!(sums["bank"], tally(100, 0));
    }
}
