//! `debts/aging/?as_of=&direction=`: per debt owing something on `as_of`, what is
//! outstanding and what is overdue by days past due — current, 1–30, 31–60, 61–90 and
//! over 90 days — with the totals of each direction (`domain::debt::aging`). Repayments
//! dated after `as_of` are not counted; debts starting after it are left out.

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use domain::debt::{aging, terms_of, AgingBuckets};
use event_schemas::debt::{DebtDetails, DebtDirection};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::{money, repayments_by_debt, today, NextDueView};
use crate::fixed_assets::{may_read, parse};

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AgingParams {
    /// `YYYY-MM-DD` (default: today).
    pub as_of: Option<String>,
    /// `payable` or `receivable` (default: both).
    pub direction: Option<String>,
}

/// Amounts by days past due; `current` is owed but not past due.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AgingBucketsView {
    #[schema(value_type = api_core::openapi::Money)]
    pub current: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub days_1_30: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub days_31_60: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub days_61_90: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub days_over_90: String,
}

impl From<&AgingBuckets> for AgingBucketsView {
    fn from(b: &AgingBuckets) -> Self {
        Self {
            current: money(b.current),
            days_1_30: money(b.days_1_30),
            days_31_60: money(b.days_31_60),
            days_61_90: money(b.days_61_90),
            days_over_90: money(b.days_over_90),
        }
    }
}

/// One debt's aging.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebtAgingRow {
    pub id: String,
    /// `payable` or `receivable`.
    pub direction: String,
    pub counterparty: String,
    pub reference: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub outstanding: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub overdue: String,
    pub days_past_due: u32,
    pub buckets: AgingBucketsView,
    pub next_due: Option<NextDueView>,
}

/// The sums of one direction's rows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AgingTotals {
    #[schema(value_type = api_core::openapi::Money)]
    pub outstanding: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub overdue: String,
    pub buckets: AgingBucketsView,
}

/// The aging report: rows owing something on `as_of`, payables and receivables totalled
/// apart (they are owed in opposite directions).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebtAgingView {
    pub as_of: String,
    pub rows: Vec<DebtAgingRow>,
    pub payable: AgingTotals,
    pub receivable: AgingTotals,
}

struct Sum {
    outstanding: Decimal,
    overdue: Decimal,
    buckets: AgingBuckets,
}

impl Sum {
    fn new() -> Self {
        Self {
            outstanding: Decimal::ZERO,
            overdue: Decimal::ZERO,
            buckets: AgingBuckets::zero(),
        }
    }

    fn view(&self) -> AgingTotals {
        AgingTotals {
            outstanding: money(self.outstanding),
            overdue: money(self.overdue),
            buckets: (&self.buckets).into(),
        }
    }
}

#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/aging/", tag = "debts",
    params(("workspace_id" = String, Path), AgingParams),
    responses((status = 200, body = Data<DebtAgingView>), (status = 400), (status = 403)))]
pub async fn debt_aging(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<AgingParams>,
) -> Result<Json<Data<DebtAgingView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let as_of = api_core::time::optional_date("as_of", params.as_of.as_deref())?
        .unwrap_or_else(|| today(&state));
    let only = match params.direction.as_deref().map(str::trim).unwrap_or("") {
        "" => None,
        "payable" => Some(DebtDirection::Payable),
        "receivable" => Some(DebtDirection::Receivable),
        _ => {
            return Err(ApiError::field(
                "direction",
                "Must be payable or receivable.",
            ))
        }
    };
    let rows = sqlx::query(
        "SELECT debt_id, details FROM read_debts WHERE workspace_id = $1 AND start_date <= $2 \
         ORDER BY counterparty, start_date, debt_id",
    )
    .bind(&workspace_id)
    .bind(as_of.to_string())
    .fetch_all(&state.db().pool)
    .await?;
    let repayments = repayments_by_debt(&state, &workspace_id, None).await?;
    let (mut payable, mut receivable) = (Sum::new(), Sum::new());
    let mut views = Vec::new();
    for row in rows {
        let id: String = row.try_get("debt_id")?;
        let details: DebtDetails = parse(&row.try_get::<String, _>("details")?)?;
        if only.is_some_and(|d| d != details.direction) {
            continue;
        }
        let paid = repayments.get(&id).map(Vec::as_slice).unwrap_or(&[]);
        let aged = aging(&terms_of(&details), paid, as_of).map_err(ApiError::internal)?;
        if aged.outstanding <= Decimal::ZERO {
            continue;
        }
        let sum = match details.direction {
            DebtDirection::Payable => &mut payable,
            DebtDirection::Receivable => &mut receivable,
        };
        sum.outstanding += aged.outstanding;
        sum.overdue += aged.overdue;
        sum.buckets = sum.buckets.plus(&aged.buckets);
        views.push(DebtAgingRow {
            id,
            direction: details.direction.code().into(),
            counterparty: details.counterparty,
            reference: details.reference,
            outstanding: money(aged.outstanding),
            overdue: money(aged.overdue),
            days_past_due: aged.days_past_due,
            buckets: (&aged.buckets).into(),
            next_due: aged.next_due.map(|n| NextDueView {
                due_date: n.due_date.to_string(),
                amount: money(n.amount),
            }),
        });
    }
    Ok(ok(DebtAgingView {
        as_of: as_of.to_string(),
        rows: views,
        payable: payable.view(),
        receivable: receivable.view(),
    }))
}
