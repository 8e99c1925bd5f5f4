//! The virtual close: at any date, income and expense accounts show the current fiscal
//! year only, and every earlier fiscal year's result sits in the retained-earnings
//! account. Exact at any date, with nothing posted: the ledger totals before the fiscal
//! year's first day are moved, in the answer only, from each income and expense account
//! to retained earnings.
//!
//! A real close (`FiscalYearClosed`) posts the same move as an entry dated the year's last
//! day. It needs no special case here: afterwards the income and expense accounts are at
//! zero before the next year's first day, so the virtual close moves nothing more for that
//! year, and retained earnings carries the result through its own postings. The period
//! statements, which show a year's income and expense, leave closing entries (and their
//! reversals) out instead — see [`closing_movements`].

use std::collections::{HashMap, HashSet};

use api_core::ApiError;
use chrono::NaiveDate;
use domain::account_tree::fiscal_year::DEFAULT_START_MONTH;
use domain::account_tree::{retained_earnings_of, AccountType, EquityCandidate};
use event_schemas::WorkspaceId;
use sqlx::Row;
use store::Db;

use super::balances::{sums_as_of, Tally};
use super::statements::fiscal_year_start;
use super::tree::AccountRow;
use super::{account_type, int, Sql};

/// One account as [`FiscalSettings::of`] reads it.
#[derive(Debug, Clone)]
pub struct FiscalAccount {
    pub id: String,
    pub name: String,
    pub account_type: Option<AccountType>,
    pub archived: bool,
}

/// What the virtual close needs to know about a workspace.
#[derive(Debug, Clone, Default)]
pub struct FiscalSettings {
    pub start_month: u32,
    /// The retained-earnings account; without one, the trial balance and the ledger show
    /// cumulative income and expense (there is nowhere to move them to), and the balance
    /// sheet shows earlier years' result as its own line.
    pub retained_earnings: Option<String>,
    /// Income and expense accounts.
    pub profit_and_loss: HashSet<String>,
}

impl FiscalSettings {
    /// From a start month and the accounts (in code order).
    pub fn of(workspace_id: &str, start_month: u32, accounts: &[FiscalAccount]) -> Self {
        let workspace: Option<WorkspaceId> = workspace_id.parse().ok();
        let candidates: Vec<EquityCandidate<'_>> = accounts
            .iter()
            .filter(|a| !a.archived)
            .filter_map(|a| {
                Some(EquityCandidate {
                    account_id: a.id.parse().ok()?,
                    name: &a.name,
                    account_type: a.account_type?,
                })
            })
            .collect();
        let retained_earnings = workspace
            .and_then(|w| retained_earnings_of(w, candidates.iter().copied()))
            .map(|id| id.to_string());
        let profit_and_loss = accounts
            .iter()
            .filter(|a| {
                matches!(
                    a.account_type,
                    Some(AccountType::Income | AccountType::Expense)
                )
            })
            .map(|a| a.id.clone())
            .collect();
        Self {
            start_month,
            retained_earnings,
            profit_and_loss,
        }
    }

    /// From a start month and the read model's accounts.
    pub(crate) fn from_rows(workspace_id: &str, start_month: u32, accounts: &[AccountRow]) -> Self {
        let accounts: Vec<FiscalAccount> = accounts
            .iter()
            .map(|a| FiscalAccount {
                id: a.id.clone(),
                name: a.name.clone(),
                account_type: account_type(&a.account_type),
                archived: a.archived_at.is_some(),
            })
            .collect();
        Self::of(workspace_id, start_month, &accounts)
    }

    /// The first day of the fiscal year `date` falls in.
    pub fn year_start(&self, date: NaiveDate) -> NaiveDate {
        fiscal_year_start(date, self.start_month)
    }

    /// Moves `before` — each account's totals dated before the fiscal year's first day —
    /// off the income and expense accounts of `sums` and onto retained earnings, as one
    /// net debit or credit. The debit and credit grand totals change by the same amount,
    /// so a balanced trial balance stays balanced.
    pub(crate) fn close_into(
        &self,
        sums: &mut HashMap<String, Tally>,
        before: &HashMap<String, Tally>,
    ) {
        let Some(retained) = &self.retained_earnings else {
            return;
        };
        let mut moved = Tally::default();
        for (account, tally) in before {
            if !self.profit_and_loss.contains(account) {
                continue;
            }
            let entry = sums.entry(account.clone()).or_default();
            entry.debit -= tally.debit;
            entry.credit -= tally.credit;
            entry.postings -= tally.postings;
            moved.debit += tally.debit;
            moved.credit += tally.credit;
            moved.postings += tally.postings;
        }
        let result = moved.credit - moved.debit;
        let entry = sums.entry(retained.clone()).or_default();
        if result >= 0 {
            entry.credit += result;
        } else {
            entry.debit -= result;
        }
        // Counted so the row shows (an archived account with earlier years' result).
        entry.postings += moved.postings;
    }

    /// `sums` (every posting dated on or before `as_of`) after the virtual close at
    /// `as_of`.
    pub(crate) async fn closed_as_of(
        &self,
        db: &Db,
        workspace_id: &str,
        as_of: NaiveDate,
        mut sums: HashMap<String, Tally>,
    ) -> Result<HashMap<String, Tally>, ApiError> {
        if self.retained_earnings.is_none() {
            return Ok(sums);
        }
        let before = sums_as_of(db, workspace_id, self.year_start(as_of).pred_opt(), None).await?;
        self.close_into(&mut sums, &before);
        Ok(sums)
    }
}

/// The month the workspace's fiscal years start in (January when never set).
pub async fn start_month(db: &Db, workspace_id: &str) -> Result<u32, ApiError> {
    let mut sql = Sql::new("SELECT fiscal_year_start_month FROM read_books WHERE workspace_id = ");
    sql.text(workspace_id);
    Ok(start_month_of(sql.fetch_int(db).await?))
}

/// The start month as `read_books` holds it (`NULL` when never set), January when never
/// set or out of range.
pub(crate) fn start_month_of(stored: Option<i64>) -> u32 {
    stored
        .and_then(|m| u32::try_from(m).ok())
        .filter(|m| (1..=12).contains(m))
        .unwrap_or(DEFAULT_START_MONTH)
}

/// Per account, the totals of the closing entries (and of the entries reversing them)
/// dated from `from` to `to`: what a period statement takes out of its movements.
pub(crate) async fn closing_movements(
    db: &Db,
    workspace_id: &str,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<HashMap<String, Tally>, ApiError> {
    let mut sql = Sql::new(
        "SELECT p.account_id, CAST(SUM(p.debit_cents) AS BIGINT), CAST(SUM(p.credit_cents) AS BIGINT), \
         COUNT(*) FROM read_postings p JOIN read_closing_entries c \
         ON c.workspace_id = p.workspace_id AND c.entry_id = p.entry_id WHERE p.workspace_id = ",
    );
    sql.text(workspace_id)
        .push(" AND p.date >= ")
        .text(super::day(from))
        .push(" AND p.date <= ")
        .text(super::day(to))
        .push(" GROUP BY p.account_id");
    let mut out = HashMap::new();
    for row in sql.fetch_all(db).await? {
        out.insert(
            row.try_get::<String, _>(0)?,
            Tally {
                debit: int(&row, 1)?,
                credit: int(&row, 2)?,
                postings: int(&row, 3)?,
            },
        );
    }
    Ok(out)
}

/// The lines of closing entries (and of their reversals) dated from `from` to `to`:
/// account, day, debit and credit cents. The summaries take them out per month.
pub(crate) async fn closing_lines(
    db: &Db,
    workspace_id: &str,
    from: NaiveDate,
    to: NaiveDate,
) -> Result<Vec<(String, String, i64, i64)>, ApiError> {
    let mut sql = Sql::new(
        "SELECT p.account_id, p.date, p.debit_cents, p.credit_cents FROM read_postings p \
         JOIN read_closing_entries c ON c.workspace_id = p.workspace_id AND c.entry_id = p.entry_id \
         WHERE p.workspace_id = ",
    );
    sql.text(workspace_id)
        .push(" AND p.date >= ")
        .text(super::day(from))
        .push(" AND p.date <= ")
        .text(super::day(to));
    sql.fetch_all(db)
        .await?
        .iter()
        .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, int(r, 2)?, int(r, 3)?)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> FiscalSettings {
        FiscalSettings {
            start_month: 1,
            retained_earnings: Some("re".into()),
            profit_and_loss: ["sales".to_owned(), "rent".to_owned()].into(),
        }
    }

    fn tally(debit: i64, credit: i64) -> Tally {
        Tally {
            debit,
            credit,
            postings: 1,
        }
    }

    #[test]
    fn earlier_years_move_to_retained_earnings_and_the_totals_stay_balanced() {
        let mut now: HashMap<String, Tally> = [
            ("sales".to_owned(), tally(0, 500)),
            ("rent".to_owned(), tally(300, 0)),
            ("bank".to_owned(), tally(500, 300)),
        ]
        .into();
        let before: HashMap<String, Tally> = [
            ("sales".to_owned(), tally(0, 400)),
            ("rent".to_owned(), tally(100, 0)),
            ("bank".to_owned(), tally(400, 100)),
        ]
        .into();

        settings().close_into(&mut now, &before);

        assert_eq!((now["sales"].debit, now["sales"].credit), (0, 100));
        assert_eq!((now["rent"].debit, now["rent"].credit), (200, 0));
        assert_eq!((now["re"].debit, now["re"].credit), (0, 300));
        assert_eq!((now["bank"].debit, now["bank"].credit), (500, 300));
        let debit: i64 = now.values().map(|t| t.debit).sum();
        let credit: i64 = now.values().map(|t| t.credit).sum();
        assert_eq!(debit, credit);
    }

    #[test]
    fn an_earlier_loss_is_a_debit_on_retained_earnings() {
        let before: HashMap<String, Tally> = [("rent".to_owned(), tally(250, 0))].into();
        let mut now = before.clone();

        settings().close_into(&mut now, &before);

        assert_eq!((now["re"].debit, now["re"].credit), (250, 0));
        assert_eq!((now["rent"].debit, now["rent"].credit), (0, 0));
    }
}
