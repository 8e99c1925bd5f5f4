//! Fiscal years: the month they start in (`PUT accounting-settings/`), and closing and
//! reopening one (`POST fiscal-years/{year}/close/`, `…/reopen/`).
//!
//! A close is one posting through the books: the closing entry — every income and
//! expense account's balance for the year moved to retained earnings, dated the year's
//! last day — and the tree's `FiscalYearClosed` with the lock date moved to that day, in
//! one append. A reopen is the mirror: `FiscalYearReopened` with the lock date put back,
//! then the closing entry reversed on the same day, in one append.
//!
//! The year's balances are read from the ledger's month totals after waiting for the
//! ledger read model to catch up with this process's writes. The virtual close keeps the
//! reports exact even if a posting slipped in between: whatever a closing entry missed
//! is still moved to retained earnings by it.

use std::collections::BTreeMap;

use api_core::access::authorize;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::shapes::AccountingSettings;
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use chrono::NaiveDate;
use commands::{CommandError, Loaded};
use domain::account_tree::{
    AccountTreeError, CloseFiscalYear, ReopenFiscalYear, SetFiscalYearStart,
};
use domain::journal_entry::{EntryInput, JournalEntry, JournalEntryError, LineInput};
use domain::permissions::Action;
use event_schemas::{AccountId, JournalEntryId, WorkspaceId};
use projections::cents::from_cents;
use projections::ledger::{GRAIN_DAY, GRAIN_MONTH};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounting::run_on_tree;
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::{sentence, IntoApiError};
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(set_accounting_settings))
        .routes(routes!(close_fiscal_year))
        .routes(routes!(reopen_fiscal_year))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct AccountingSettingsBody {
    /// 1 (January) to 12 (December).
    #[schema(value_type = i64)]
    pub fiscal_year_start_month: Option<Value>,
}

/// Sets the month the workspace's fiscal years start in. Refused while any year is
/// closed: the closed years' bounds are written into their closing entries.
#[utoipa::path(put, path = "/api/v1/accounting/workspaces/{workspace_id}/accounting-settings/", tag = "accounting",
    params(("workspace_id" = String, Path)), request_body = AccountingSettingsBody,
    responses((status = 200, body = Data<AccountingSettings>), (status = 400), (status = 403)))]
pub async fn set_accounting_settings(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<AccountingSettingsBody>,
) -> Result<Json<Data<AccountingSettings>>, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        &workspace_id,
        Action::PostEntries,
        None,
    )
    .await?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let start_month = body
        .fiscal_year_start_month
        .as_ref()
        .and_then(Value::as_i64)
        .ok_or_else(|| {
            ApiError::field(
                "fiscal_year_start_month",
                "Enter a month number from 1 (January) to 12 (December).",
            )
        })?;
    run_on_tree(
        &state,
        &caller.user,
        caller.request_id.clone(),
        workspace,
        SetFiscalYearStart {
            workspace_id: workspace,
            start_month,
        }
        .into(),
    )
    .await?;
    state.books.forget(&workspace_id);
    read_your_writes(&state.app, "accounts").await?;
    let chart = state
        .books
        .chart(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok(ok(AccountingSettings {
        lock_date: chart.tree.state.lock_date(),
        fiscal_year_start_month: chart.tree.state.fiscal_year_start_month(),
    }))
}

/// What a close or reopen did.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FiscalYearOutcome {
    pub year: i32,
    /// `closed` or `open`.
    pub status: String,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    /// The closing entry posted (close) or reversed (reopen); `null` when the year's
    /// income and expense were all at zero.
    pub closing_entry_id: Option<String>,
    /// The entry reversing the closing entry (reopen only).
    pub reversal_entry_id: Option<String>,
    /// The lock date after the action.
    pub lock_date: Option<NaiveDate>,
}

/// Why a close or reopen was refused.
enum Refusal {
    Tree(AccountTreeError),
    Entry(JournalEntryError),
    /// The fiscal year's bounds or closing entry changed while the action was prepared.
    Moved,
}

impl IntoApiError for Refusal {
    fn into_api_error(self) -> ApiError {
        match self {
            Self::Tree(err @ AccountTreeError::InvalidFiscalYear { .. }) => {
                ApiError::field("year", sentence(&err))
            }
            Self::Tree(
                err @ (AccountTreeError::FiscalYearAlreadyClosed { .. }
                | AccountTreeError::FiscalYearNotClosed { .. }
                | AccountTreeError::LaterFiscalYearClosed { .. }
                | AccountTreeError::EarlierFiscalYearOpen { .. }
                | AccountTreeError::NoRetainedEarningsAccount),
            ) => ApiError::Conflict(sentence(&err)),
            Self::Tree(err) => err.into_api_error(),
            Self::Entry(err) => err.into_api_error(),
            Self::Moved => ApiError::Conflict(
                "The fiscal year changed while it was being closed; try again.".into(),
            ),
        }
    }
}

fn refused(err: CommandError<Refusal>) -> ApiError {
    err.into_api_error()
}

fn parse_year(raw: &str) -> Result<i32, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::field("year", "Enter a fiscal year such as 2025."))
}

/// Per income and expense leaf, the balance (debit minus credit, cents) of the postings
/// dated within the year — whole months, since a fiscal year starts on a month's first.
async fn year_balances(
    state: &CommandState,
    workspace_id: &str,
    first_day: NaiveDate,
    last_day: NaiveDate,
) -> Result<BTreeMap<AccountId, i64>, ApiError> {
    let rows = sqlx::query(
        "SELECT t.account_id, CAST(SUM(t.debit_cents) AS BIGINT), CAST(SUM(t.credit_cents) AS BIGINT) \
         FROM read_ledger_totals t JOIN read_accounts a \
         ON a.workspace_id = t.workspace_id AND a.account_id = t.account_id \
         WHERE t.workspace_id = $1 AND t.grain = $2 AND t.period >= $3 AND t.period <= $4 \
         AND a.account_type IN ('income', 'expense') GROUP BY t.account_id",
    )
    .bind(workspace_id)
    .bind(GRAIN_MONTH)
    .bind(first_day.format("%Y-%m").to_string())
    .bind(last_day.format("%Y-%m").to_string())
    .fetch_all(&state.app.db().pool)
    .await?;
    let mut out = BTreeMap::new();
    for row in rows {
        let debit = row.try_get::<Option<i64>, _>(1)?.unwrap_or(0);
        let credit = row.try_get::<Option<i64>, _>(2)?.unwrap_or(0);
        if debit != credit {
            let account: String = row.try_get(0)?;
            let account = account
                .parse()
                .map_err(|_| ApiError::internal("read model holds a bad account id"))?;
            out.insert(account, debit - credit);
        }
    }
    Ok(out)
}

/// The first day with postings, if any.
async fn earliest_posting(
    state: &CommandState,
    workspace_id: &str,
) -> Result<Option<NaiveDate>, ApiError> {
    let first: Option<String> = sqlx::query_scalar(
        "SELECT MIN(period) FROM read_ledger_totals \
         WHERE workspace_id = $1 AND grain = $2 AND postings > 0",
    )
    .bind(workspace_id)
    .bind(GRAIN_DAY)
    .fetch_one(&state.app.db().pool)
    .await?;
    first
        .map(|day| {
            NaiveDate::parse_from_str(&day, "%Y-%m-%d")
                .map_err(|e| ApiError::internal(format!("read model holds a bad date: {e}")))
        })
        .transpose()
}

/// The closing entry: each balance reversed on its account, the net to retained earnings.
fn closing_entry(
    year: i32,
    last_day: NaiveDate,
    balances: &BTreeMap<AccountId, i64>,
    retained: AccountId,
) -> EntryInput {
    let description = format!("Close fiscal year {year}");
    let line = |account_id: AccountId, debit: i64, credit: i64| LineInput {
        account_id,
        description: description.clone(),
        debit: (debit > 0).then(|| from_cents(debit)),
        credit: (credit > 0).then(|| from_cents(credit)),
    };
    let mut lines = Vec::with_capacity(balances.len() + 1);
    let mut result = 0;
    for (account, balance) in balances {
        // A debit balance (an expense) is credited away; a credit balance is debited.
        lines.push(line(*account, (-balance).max(0), (*balance).max(0)));
        result -= balance;
    }
    if result != 0 {
        lines.push(line(retained, (-result).max(0), result.max(0)));
    }
    EntryInput {
        date: last_day,
        memo: format!("Closing entry: fiscal year {year} income and expense to retained earnings"),
        reference: format!("FY{year}-CLOSE"),
        lines,
    }
}

/// What closing and reopening a year both start from: the caller may post in the
/// workspace, the year parses, and its first and last day under the chart's fiscal year.
struct YearOnChart {
    workspace: WorkspaceId,
    year: i32,
    chart: std::sync::Arc<commands::books::Chart>,
    first_day: NaiveDate,
    last_day: NaiveDate,
}

async fn year_on_chart(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
    year: &str,
) -> Result<YearOnChart, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        workspace_id,
        Action::PostEntries,
        None,
    )
    .await?;
    let workspace: WorkspaceId = parse_id(workspace_id)?;
    let year = parse_year(year)?;
    let chart = state
        .books
        .chart(workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let (first_day, last_day) = chart
        .tree
        .state
        .fiscal_year(year)
        .map_err(|e| Refusal::Tree(e).into_api_error())?;
    Ok(YearOnChart {
        workspace,
        year,
        chart,
        first_day,
        last_day,
    })
}

/// Closes a fiscal year: posts the closing entry (every income and expense balance of
/// the year to retained earnings) and moves the lock date to the year's last day.
/// Years close in order: an earlier year with postings must be closed, no later one may be.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/fiscal-years/{year}/close/", tag = "accounting",
    params(("workspace_id" = String, Path), ("year" = String, Path)),
    responses((status = 200, body = Data<FiscalYearOutcome>), (status = 400), (status = 403), (status = 409)))]
pub async fn close_fiscal_year(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, year)): Path<(String, String)>,
) -> Result<Json<Data<FiscalYearOutcome>>, ApiError> {
    let YearOnChart {
        workspace,
        year,
        chart: _,
        first_day,
        last_day,
    } = year_on_chart(&state, &caller, &workspace_id, &year).await?;
    read_your_writes(&state.app, "ledger").await?;
    read_your_writes(&state.app, "accounts").await?;
    let balances = year_balances(&state, &workspace_id, first_day, last_day).await?;
    let earliest = earliest_posting(&state, &workspace_id).await?;
    let entry_id: JournalEntryId = caller.mint(&format!("fiscal-year/{year}/close"));
    let posts_entry = !balances.is_empty();
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.for_year_end();
                if p.chart().fiscal_year(year).map_err(Refusal::Tree)? != (first_day, last_day) {
                    return Err(Refusal::Moved);
                }
                if posts_entry {
                    let retained = p
                        .chart()
                        .retained_earnings_account()
                        .ok_or(Refusal::Tree(AccountTreeError::NoRetainedEarningsAccount))?;
                    let entry = closing_entry(year, last_day, &balances, retained);
                    p.post_new(entry_id, entry, caller.user_id)
                        .map_err(Refusal::Entry)?;
                }
                p.decide_on_chart(
                    CloseFiscalYear {
                        workspace_id: workspace,
                        year,
                        closing_entry_id: posts_entry.then_some(entry_id),
                        closed_by: caller.user_id,
                        earliest_posting: earliest,
                    }
                    .into(),
                )
                .map_err(Refusal::Tree)?;
                Ok(())
            },
        )
        .await
        .map_err(refused)?;
    finish(&state, &workspace_id).await?;
    Ok(ok(FiscalYearOutcome {
        year,
        status: "closed".into(),
        first_day,
        last_day,
        closing_entry_id: posts_entry.then(|| entry_id.to_string()),
        reversal_entry_id: None,
        lock_date: lock_date(&state, &workspace_id).await?,
    }))
}

/// Reopens the latest closed fiscal year: puts the lock date back where the close found
/// it and reverses the closing entry on the year's last day.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/fiscal-years/{year}/reopen/", tag = "accounting",
    params(("workspace_id" = String, Path), ("year" = String, Path)),
    responses((status = 200, body = Data<FiscalYearOutcome>), (status = 400), (status = 403), (status = 409)))]
pub async fn reopen_fiscal_year(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, year)): Path<(String, String)>,
) -> Result<Json<Data<FiscalYearOutcome>>, ApiError> {
    let YearOnChart {
        workspace,
        year,
        chart,
        first_day,
        last_day,
    } = year_on_chart(&state, &caller, &workspace_id, &year).await?;
    let closing_id = chart
        .tree
        .state
        .closed_fiscal_years()
        .get(&year)
        .and_then(|c| c.closing_entry_id);
    let original: Option<Loaded<JournalEntry>> = match closing_id {
        Some(id) => Some(
            state
                .runner()
                .load(&id.to_string())
                .await
                .map_err(IntoApiError::into_api_error)?,
        ),
        None => None,
    };
    let reversal: JournalEntryId = caller.mint(&format!("fiscal-year/{year}/reopen"));
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.for_year_end();
                let now_closing = p
                    .chart()
                    .closed_fiscal_years()
                    .get(&year)
                    .and_then(|c| c.closing_entry_id);
                if now_closing != closing_id {
                    return Err(Refusal::Moved);
                }
                // The tree first: the lock date moves back before the reversal, dated
                // the year's last day, is checked against it.
                p.decide_on_chart(
                    ReopenFiscalYear {
                        workspace_id: workspace,
                        year,
                        reversal_entry_id: reversal,
                        reopened_by: caller.user_id,
                    }
                    .into(),
                )
                .map_err(Refusal::Tree)?;
                if let Some(original) = &original {
                    p.reverse(original, reversal, last_day, caller.user_id)
                        .map_err(Refusal::Entry)?;
                }
                Ok(())
            },
        )
        .await
        .map_err(refused)?;
    finish(&state, &workspace_id).await?;
    Ok(ok(FiscalYearOutcome {
        year,
        status: "open".into(),
        first_day,
        last_day,
        closing_entry_id: closing_id.map(|id| id.to_string()),
        reversal_entry_id: closing_id.map(|_| reversal.to_string()),
        lock_date: lock_date(&state, &workspace_id).await?,
    }))
}

/// After a close or reopen: this process's chart is stale (its lock date moved) and the
/// reads should show the change.
async fn finish(state: &CommandState, workspace_id: &str) -> Result<(), ApiError> {
    state.books.forget(workspace_id);
    read_your_writes(&state.app, "accounts").await?;
    read_your_writes(&state.app, "ledger").await
}

async fn lock_date(
    state: &CommandState,
    workspace_id: &str,
) -> Result<Option<NaiveDate>, ApiError> {
    let chart = state
        .books
        .chart(workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok(chart.tree.state.lock_date())
}
