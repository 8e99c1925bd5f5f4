//! A workspace's chart of accounts and the fiscal settings derived from it, kept in memory
//! while the `accounts` read model says nothing about them has changed.
//!
//! Every balance report starts from the chart (names, codes, the tree to roll up) and
//! the fiscal settings (start month, retained earnings, which accounts close). Read per
//! request they were hundreds of rows and most of a trial balance's fixed cost, for a
//! chart that changes a few times a year. The `accounts` projector writes the log position
//! of the last chart event it applied on the workspace's `read_books` row, in the same
//! transaction as the change; a read asks for that one row and reads the chart again only
//! when the position has moved. The position lives in the read model, not in this process,
//! so an API node keeps its chart current whichever node the change came through.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use api_core::ApiError;
use store::Db;

use super::fiscal::{start_month_of, FiscalSettings};
use super::read::{Columns, FromColumns};
use super::tree::{read_accounts, AccountRow};
use super::Sql;

/// Account rows every workspace together may keep (~200 bytes each); past it, the
/// workspaces read least recently are let go.
const KEPT_ACCOUNTS_MAX: usize = 200_000;

/// A workspace's accounts (by code) and the fiscal settings they give.
#[derive(Debug)]
pub(crate) struct Chart {
    pub accounts: Vec<AccountRow>,
    pub fiscal: FiscalSettings,
}

/// The workspace's chart: the one kept if the read model's chart position has not moved
/// since, else read now (and kept).
pub(crate) async fn chart(db: &Db, workspace_id: &str) -> Result<Arc<Chart>, ApiError> {
    let books = BooksRow::read(db, workspace_id).await?;
    let kept = db.kept::<KeptCharts>();
    if let Some(position) = books.chart_position {
        if let Some(chart) = kept.get(workspace_id, position) {
            return Ok(chart);
        }
    }
    // Read after the position: a chart event applied in between leaves a newer chart
    // under the older position, which only makes the next read miss.
    let accounts = read_accounts(db, workspace_id).await?;
    let fiscal = FiscalSettings::from_rows(workspace_id, books.start_month(), &accounts);
    let chart = Arc::new(Chart { accounts, fiscal });
    if let Some(position) = books.chart_position {
        kept.keep(workspace_id, position, chart.clone());
    }
    Ok(chart)
}

/// What `read_books` says about the chart; both `None` for a workspace without the row.
struct BooksRow {
    chart_position: Option<i64>,
    fiscal_year_start_month: Option<i64>,
}

impl BooksRow {
    async fn read(db: &Db, workspace_id: &str) -> Result<Self, ApiError> {
        let mut sql = Sql::new(
            "SELECT chart_position, fiscal_year_start_month FROM read_books WHERE workspace_id = ",
        );
        sql.text(workspace_id);
        Ok(sql.fetch::<Self>(db).await?.pop().unwrap_or(Self {
            chart_position: None,
            fiscal_year_start_month: None,
        }))
    }

    /// The month the fiscal years start in (January when never set).
    fn start_month(&self) -> u32 {
        start_month_of(self.fiscal_year_start_month)
    }
}

impl FromColumns for BooksRow {
    fn from_columns(row: &impl Columns) -> Result<Self, ApiError> {
        Ok(Self {
            chart_position: row.opt_int(0)?,
            fiscal_year_start_month: row.opt_int(1)?,
        })
    }
}

struct KeptChart {
    position: i64,
    chart: Arc<Chart>,
    used: Instant,
}

/// The kept charts of one database (`Db::kept`).
#[derive(Default)]
struct KeptCharts {
    workspaces: Mutex<HashMap<String, KeptChart>>,
}

impl KeptCharts {
    fn get(&self, workspace_id: &str, position: i64) -> Option<Arc<Chart>> {
        let mut workspaces = self.workspaces.lock().unwrap_or_else(|p| p.into_inner());
        let kept = workspaces
            .get_mut(workspace_id)
            .filter(|k| k.position == position)?;
        kept.used = Instant::now();
        Some(kept.chart.clone())
    }

    fn keep(&self, workspace_id: &str, position: i64, chart: Arc<Chart>) {
        if chart.accounts.len() > KEPT_ACCOUNTS_MAX {
            return;
        }
        let mut workspaces = self.workspaces.lock().unwrap_or_else(|p| p.into_inner());
        workspaces.insert(
            workspace_id.to_owned(),
            KeptChart {
                position,
                chart,
                used: Instant::now(),
            },
        );
        let mut total: usize = workspaces.values().map(|k| k.chart.accounts.len()).sum();
        while total > KEPT_ACCOUNTS_MAX {
            let Some(oldest) = workspaces
                .iter()
                .min_by_key(|(_, k)| k.used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            if let Some(gone) = workspaces.remove(&oldest) {
                total -= gone.chart.accounts.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart_of(accounts: usize) -> Arc<Chart> {
        let row = AccountRow::unknown(String::new());
        Arc::new(Chart {
            accounts: vec![row; accounts],
            fiscal: FiscalSettings::default(),
        })
    }

    #[test]
    fn a_kept_chart_answers_only_at_the_position_it_was_read_at() {
        let kept = KeptCharts::default();
        kept.keep("w", 7, chart_of(3));
        assert!(kept.get("w", 7).is_some());
        assert!(kept.get("w", 8).is_none());
        assert!(kept.get("v", 7).is_none());
    }

    #[test]
    fn past_the_bound_the_workspace_read_least_recently_is_let_go() {
        let kept = KeptCharts::default();
        kept.keep("old", 1, chart_of(KEPT_ACCOUNTS_MAX / 2));
        kept.keep("idle", 1, chart_of(KEPT_ACCOUNTS_MAX / 2));
        assert!(kept.get("old", 1).is_some());
        kept.keep("new", 1, chart_of(1));
        assert!(kept.get("old", 1).is_some());
        assert!(kept.get("idle", 1).is_none());
        assert!(kept.get("new", 1).is_some());
    }
}
