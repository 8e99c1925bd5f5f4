//! The books as the assistant reads them: one workspace's chart, currency, fiscal year
//! and the caller's reach, over the read side's own query functions. Every figure the
//! assistant states comes through here from the function a read route answers with.

use api_core::{ApiError, AppState};
use chrono::NaiveDate;

use super::accounts::ChartAccount;
use super::Reach;
use crate::accounting::chart::chart;

/// The projector whose read models a source reads.
pub const LEDGER: &str = "ledger";
pub const ACCOUNTS: &str = "accounts";
pub const PAYROLL: &str = "payroll";
pub const AUDIT_SESSIONS: &str = "audit_sessions";

/// One workspace's books, read for one question.
pub struct Books<'a> {
    pub state: &'a AppState,
    pub workspace_id: &'a str,
    pub today: NaiveDate,
    pub currency: String,
    pub fiscal_start_month: u32,
    pub chart: Vec<ChartAccount>,
    pub reach: Reach,
}

impl<'a> Books<'a> {
    /// The books of `workspace_id` as of `today`, for a caller with `reach`.
    pub async fn open(
        state: &'a AppState,
        workspace_id: &'a str,
        today: NaiveDate,
        reach: Reach,
    ) -> Result<Books<'a>, ApiError> {
        let db = state.db();
        let books = chart(db, workspace_id).await?;
        let rows = &books.accounts;
        let parents: std::collections::HashSet<&str> =
            rows.iter().filter_map(|a| a.parent_id.as_deref()).collect();
        let chart = rows
            .iter()
            .map(|a| ChartAccount {
                id: a.id.clone(),
                code: a.account_code.clone(),
                name: a.name.clone(),
                account_type: a.account_type.clone(),
                parent_id: a.parent_id.clone(),
                is_leaf: !parents.contains(a.id.as_str()),
                archived: a.archived_at.is_some(),
            })
            .collect();
        let currency: Option<String> =
            sqlx::query_scalar("SELECT base_currency FROM read_workspaces WHERE id = $1")
                .bind(workspace_id)
                .fetch_optional(&db.pool)
                .await?;
        Ok(Books {
            state,
            workspace_id,
            today,
            currency: currency.unwrap_or_else(|| "NGN".into()),
            fiscal_start_month: books.fiscal.start_month,
            chart,
            reach,
        })
    }

    /// How far `projector`'s read models have read the log: the position an answer
    /// read from them rests on.
    pub async fn position(&self, projector: &str) -> Result<i64, ApiError> {
        Ok(projections::checkpoint::load(self.state.db(), projector)
            .await
            .map_err(ApiError::internal)?
            .map_or(0, |cp| cp.cursor.position))
    }

    pub fn account(&self, id: &str) -> Option<&ChartAccount> {
        self.chart.iter().find(|a| a.id == id)
    }
}
