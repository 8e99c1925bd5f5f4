//! The workspace's accounting settings (lock date, fiscal-year start month) and its
//! fiscal years with their close status, and the read routes over them.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::shapes::AccountingSettings;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use domain::account_tree::{fiscal_year_bounds, fiscal_year_of};
use domain::permissions::Action;
use projections::ledger::GRAIN_DAY;
use serde::Serialize;
use sqlx::Row;
use store::Db;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::fiscal::start_month;
use super::{lock_date, parse_day};
use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(accounting_settings_route))
        .routes(routes!(fiscal_years_route))
}

/// `open`, or `closed` once its closing entry is posted.
pub const STATUS_OPEN: &str = "open";
pub const STATUS_CLOSED: &str = "closed";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FiscalYear {
    /// Named by the calendar year it starts in.
    pub year: i32,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    /// `open` or `closed`.
    pub status: String,
    /// The closing entry of a closed year (`null` when the year had nothing to move).
    pub closing_entry_id: Option<String>,
    pub closing_entry_number: Option<String>,
    pub closed_by: Option<String>,
    pub closed_at: Option<DateTime<Utc>>,
    /// Set when the year was closed and opened again since.
    pub reopened_by: Option<String>,
    pub reopened_at: Option<DateTime<Utc>>,
}

/// The workspace's accounting settings.
pub async fn accounting_settings(
    db: &Db,
    workspace_id: &str,
) -> Result<AccountingSettings, ApiError> {
    Ok(AccountingSettings {
        lock_date: lock_date(db, workspace_id).await?,
        fiscal_year_start_month: start_month(db, workspace_id).await?,
    })
}

/// The first and last day with postings, if any.
pub async fn posting_span(
    db: &Db,
    workspace_id: &str,
) -> Result<Option<(NaiveDate, NaiveDate)>, ApiError> {
    let row = sqlx::query(
        "SELECT MIN(period), MAX(period) FROM read_ledger_totals \
         WHERE workspace_id = $1 AND grain = $2 AND postings > 0",
    )
    .bind(workspace_id)
    .bind(GRAIN_DAY)
    .fetch_one(&db.pool)
    .await?;
    match (
        row.try_get::<Option<String>, _>(0)?,
        row.try_get::<Option<String>, _>(1)?,
    ) {
        (Some(first), Some(last)) => Ok(Some((parse_day(&first)?, parse_day(&last)?))),
        _ => Ok(None),
    }
}

/// Every fiscal year from the first with postings to the current one (or the last with
/// postings, if later), and any year ever closed, newest first.
pub async fn fiscal_years(db: &Db, workspace_id: &str) -> Result<Vec<FiscalYear>, ApiError> {
    let month = start_month(db, workspace_id).await?;
    let today = Utc::now().date_naive();
    let (first, last) = match posting_span(db, workspace_id).await? {
        Some((first, last)) => (first.min(today), last.max(today)),
        None => (today, today),
    };
    let rows = sqlx::query(
        "SELECT f.year, f.status, f.closing_entry_id, f.closed_by, f.closed_at, f.reopened_by, \
         f.reopened_at, (SELECT MIN(e.entry_number) FROM read_postings e \
         WHERE e.workspace_id = f.workspace_id AND e.entry_id = f.closing_entry_id) \
         FROM read_fiscal_years f WHERE f.workspace_id = $1",
    )
    .bind(workspace_id)
    .fetch_all(&db.pool)
    .await?;
    let mut years = std::collections::BTreeMap::new();
    for y in fiscal_year_of(first, month)..=fiscal_year_of(last, month) {
        years.insert(y, blank(y, month));
    }
    for r in rows {
        let year = i32::try_from(r.try_get::<i64, _>(0)?)
            .map_err(|_| ApiError::internal("read model holds a fiscal year out of range"))?;
        let status: String = r.try_get(1)?;
        let at = |i: usize| -> Result<Option<DateTime<Utc>>, ApiError> {
            Ok(r.try_get::<Option<i64>, _>(i)?.map(super::micros))
        };
        let mut row = blank(year, month);
        if status == STATUS_CLOSED {
            row.status = STATUS_CLOSED.to_owned();
            row.closing_entry_id = r.try_get(2)?;
            row.closing_entry_number = r.try_get(7)?;
        }
        row.closed_by = r.try_get(3)?;
        row.closed_at = at(4)?;
        row.reopened_by = r.try_get(5)?;
        row.reopened_at = at(6)?;
        years.insert(year, row);
    }
    Ok(years.into_values().rev().collect())
}

fn blank(year: i32, month: u32) -> FiscalYear {
    let (first_day, last_day) = fiscal_year_bounds(year, month).unwrap_or_default();
    FiscalYear {
        year,
        first_day,
        last_day,
        status: STATUS_OPEN.to_owned(),
        closing_entry_id: None,
        closing_entry_number: None,
        closed_by: None,
        closed_at: None,
        reopened_by: None,
        reopened_at: None,
    }
}

/// The workspace's lock date and the month its fiscal years start in.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/accounting-settings/", tag = "accounting",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<AccountingSettings>), (status = 403)))]
pub async fn accounting_settings_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<AccountingSettings>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    Ok(ok(accounting_settings(state.db(), &workspace_id).await?))
}

/// The fiscal years, newest first, each open or closed with its closing entry.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/fiscal-years/", tag = "accounting",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<Vec<FiscalYear>>), (status = 403)))]
pub async fn fiscal_years_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<Vec<FiscalYear>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    Ok(ok(fiscal_years(state.db(), &workspace_id).await?))
}
