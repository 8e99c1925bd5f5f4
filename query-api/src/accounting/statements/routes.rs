//! The statements' read routes under
//! `/api/v1/accounting/workspaces/{workspace_id}/reports/`. Each reads the present books,
//! or with `as_known_at` the books as the log held them then.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::{NaiveDate, Utc};
use domain::permissions::Action;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::source::known_at_param;
use super::{balance_sheet, cash_flow, income_statement, BalanceSheet, Books, CashFlow};
use super::{comparison_start, fiscal_year_start, IncomeStatement};
use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(balance_sheet_route))
        .routes(routes!(income_statement_route))
        .routes(routes!(cash_flow_route))
}

fn date(field: &str, raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    api_core::time::optional_date(field, raw)
}

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// The books to read: the present, or as known at the given time.
async fn books<'a>(
    state: &'a AppState,
    workspace_id: &str,
    as_known_at: Option<&str>,
) -> Result<Books<'a>, ApiError> {
    match known_at_param(as_known_at)? {
        Some(at) => Books::known_at(&state.store, workspace_id, at).await,
        None => Books::present(state.db(), workspace_id).await,
    }
}

/// A period: `from` (default the start of `to`'s fiscal year) to `to` (default today),
/// `from` not after `to`.
fn period(
    from: Option<&str>,
    to: Option<&str>,
    from_field: &str,
    to_field: &str,
    start_month: u32,
) -> Result<(NaiveDate, NaiveDate), ApiError> {
    let to = date(to_field, to)?.unwrap_or_else(today);
    let from = date(from_field, from)?.unwrap_or_else(|| fiscal_year_start(to, start_month));
    if from > to {
        return Err(ApiError::field(
            from_field,
            format!("The start must be on or before {to}."),
        ));
    }
    Ok((from, to))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BalanceSheetParams {
    /// `YYYY-MM-DD`, default today.
    pub as_of: Option<String>,
    /// A second column at this date.
    pub compare_to: Option<String>,
    /// RFC 3339: the books as the log held them at that time.
    pub as_known_at: Option<String>,
}

/// Assets, liabilities and equity at a date, as account trees with subtotals, retained
/// earnings and the fiscal year's profit inside equity, and whether it balances.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/balance-sheet/", tag = "accounting",
    params(("workspace_id" = String, Path), BalanceSheetParams),
    responses((status = 200, body = Data<BalanceSheet>), (status = 400), (status = 403)))]
pub async fn balance_sheet_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<BalanceSheetParams>,
) -> Result<Json<Data<BalanceSheet>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let as_of = date("as_of", params.as_of.as_deref())?.unwrap_or_else(today);
    let compare_to = date("compare_to", params.compare_to.as_deref())?;
    let books = books(&state, &workspace_id, params.as_known_at.as_deref()).await?;
    Ok(ok(balance_sheet(&books, as_of, compare_to).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct IncomeStatementParams {
    /// `YYYY-MM-DD`, default the start of `to`'s fiscal year.
    pub from: Option<String>,
    /// `YYYY-MM-DD`, default today.
    pub to: Option<String>,
    /// The comparison period; both or neither.
    pub compare_from: Option<String>,
    pub compare_to: Option<String>,
    /// RFC 3339: the books as the log held them at that time.
    pub as_known_at: Option<String>,
}

/// Revenue down to net profit for a period, each section's accounts drillable, beside a
/// comparison period and the change.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/income-statement/", tag = "accounting",
    params(("workspace_id" = String, Path), IncomeStatementParams),
    responses((status = 200, body = Data<IncomeStatement>), (status = 400), (status = 403)))]
pub async fn income_statement_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<IncomeStatementParams>,
) -> Result<Json<Data<IncomeStatement>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let books = books(&state, &workspace_id, params.as_known_at.as_deref()).await?;
    let (from, to) = period(
        params.from.as_deref(),
        params.to.as_deref(),
        "from",
        "to",
        books.fiscal.start_month,
    )?;
    let compare = match (params.compare_from.as_deref(), params.compare_to.as_deref()) {
        (None | Some(""), None | Some("")) => None,
        (Some(_), None | Some("")) => {
            return Err(ApiError::field(
                "compare_to",
                "Give the end of the comparison period too.",
            ))
        }
        (compare_from, compare_to) => {
            let to = date("compare_to", compare_to)?.unwrap_or(to);
            let from = date("compare_from", compare_from)?.unwrap_or_else(|| comparison_start(to));
            if from > to {
                return Err(ApiError::field(
                    "compare_from",
                    format!("The start must be on or before {to}."),
                ));
            }
            Some((from, to))
        }
    };
    Ok(ok(income_statement(&books, from, to, compare).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CashFlowParams {
    /// `YYYY-MM-DD`, default the start of `to`'s fiscal year.
    pub from: Option<String>,
    /// `YYYY-MM-DD`, default today.
    pub to: Option<String>,
    /// RFC 3339: the books as the log held them at that time.
    pub as_known_at: Option<String>,
}

/// Cash flow by the indirect method for a period, and the check that its net change
/// equals the cash accounts' movement.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/cash-flow/", tag = "accounting",
    params(("workspace_id" = String, Path), CashFlowParams),
    responses((status = 200, body = Data<CashFlow>), (status = 400), (status = 403)))]
pub async fn cash_flow_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<CashFlowParams>,
) -> Result<Json<Data<CashFlow>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let books = books(&state, &workspace_id, params.as_known_at.as_deref()).await?;
    let (from, to) = period(
        params.from.as_deref(),
        params.to.as_deref(),
        "from",
        "to",
        books.fiscal.start_month,
    )?;
    Ok(ok(cash_flow(&books, from, to).await?))
}
