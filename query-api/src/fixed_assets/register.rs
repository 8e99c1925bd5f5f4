//! `asset-schedule/?from=&to=`: the classic fixed-asset schedule of the period per
//! category and in total (`domain::fixed_asset::register`), and its check against the
//! general ledger: cost brought and carried forward beside the balances of the asset
//! accounts the register uses, accumulated depreciation beside its accounts' credit
//! balances, on the day before `from` and on `to`. `agrees_with_ledger` is `false` when
//! anything else was posted to those accounts (a purchase not on the register, an entry
//! by hand) — shown, as the trial balance shows `balanced`.

use std::collections::{BTreeSet, HashMap};

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::NaiveDate;
use domain::fixed_asset::register::{asset_schedule, HeldAsset, HeldCharge, ScheduleLine};
use domain::fixed_asset::AssetDetails;
use event_schemas::fixed_asset::asset::FixedAssetDisposed;
use projections::cents::{cents_string, from_cents};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use super::{may_read, parse};
use crate::accounting::balances::sums_as_of;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ScheduleParams {
    /// `YYYY-MM-DD`, the period's first day.
    pub from: Option<String>,
    /// `YYYY-MM-DD`, its last day.
    pub to: Option<String>,
}

/// One line of the schedule.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ScheduleLineView {
    /// The category; `null` on the total.
    pub category: Option<String>,
    #[schema(value_type = api_core::openapi::Money)]
    pub cost_brought_forward: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub additions: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub disposals: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub cost_carried_forward: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub depreciation_brought_forward: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub charge: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub depreciation_on_disposals: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub depreciation_carried_forward: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub nbv_brought_forward: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub nbv_carried_forward: String,
}

fn view(category: Option<String>, line: &ScheduleLine) -> ScheduleLineView {
    let s = |d: Decimal| {
        let mut d = d;
        d.rescale(2);
        d.to_string()
    };
    ScheduleLineView {
        category,
        cost_brought_forward: s(line.cost_brought_forward),
        additions: s(line.additions),
        disposals: s(line.disposals),
        cost_carried_forward: s(line.cost_carried_forward),
        depreciation_brought_forward: s(line.depreciation_brought_forward),
        charge: s(line.charge),
        depreciation_on_disposals: s(line.depreciation_on_disposals),
        depreciation_carried_forward: s(line.depreciation_carried_forward),
        nbv_brought_forward: s(line.nbv_brought_forward),
        nbv_carried_forward: s(line.nbv_carried_forward),
    }
}

/// One figure of the schedule beside the general ledger.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LedgerCheck {
    /// `cost_brought_forward`, `cost_carried_forward`, `depreciation_brought_forward` or
    /// `depreciation_carried_forward`.
    pub figure: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub schedule: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub ledger: String,
    /// Schedule less ledger.
    #[schema(value_type = api_core::openapi::Money)]
    pub difference: String,
    pub agrees: bool,
}

/// The period's fixed-asset schedule and its check.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AssetScheduleReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub categories: Vec<ScheduleLineView>,
    pub total: ScheduleLineView,
    /// The accounts the register's cost sits on.
    pub asset_accounts: Vec<String>,
    /// The accounts its accumulated depreciation sits on.
    pub accumulated_depreciation_accounts: Vec<String>,
    pub checks: Vec<LedgerCheck>,
    /// Every check agrees.
    pub agrees_with_ledger: bool,
}

fn required_date(field: &str, raw: Option<&str>) -> Result<NaiveDate, ApiError> {
    api_core::time::optional_date(field, raw)?
        .ok_or_else(|| ApiError::field(field, "This field is required."))
}

/// Σ (debit − credit) over `accounts` on `day`, in cents (`sign` −1: credit − debit).
async fn ledger_cents(
    state: &AppState,
    workspace_id: &str,
    day: NaiveDate,
    accounts: &[String],
    sign: i64,
) -> Result<i64, ApiError> {
    let sums = sums_as_of(state.db(), workspace_id, Some(day), Some(accounts)).await?;
    Ok(sums.values().map(|t| sign * (t.debit - t.credit)).sum())
}

#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/asset-schedule/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ScheduleParams),
    responses((status = 200, body = Data<AssetScheduleReport>), (status = 400), (status = 403)))]
pub async fn asset_schedule_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<ScheduleParams>,
) -> Result<Json<Data<AssetScheduleReport>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let from = required_date("from", params.from.as_deref())?;
    let to = required_date("to", params.to.as_deref())?;
    if to < from {
        return Err(ApiError::field("to", "The end is before the start."));
    }
    let pool = &state.db().pool;
    let rows = sqlx::query(
        "SELECT fixed_asset_id, category, details, disposal FROM read_fixed_assets \
         WHERE workspace_id = $1",
    )
    .bind(&workspace_id)
    .fetch_all(pool)
    .await?;
    let mut categories: HashMap<String, String> = HashMap::new();
    let mut assets = Vec::with_capacity(rows.len());
    let (mut cost_accounts, mut accumulated_accounts) = (BTreeSet::new(), BTreeSet::new());
    for row in &rows {
        let details: AssetDetails = parse(&row.try_get::<String, _>("details")?)?;
        let disposal: Option<String> = row.try_get("disposal")?;
        let disposal: Option<FixedAssetDisposed> = disposal.as_deref().map(parse).transpose()?;
        cost_accounts.insert(details.asset_account.to_string());
        accumulated_accounts.insert(details.accumulated_depreciation_account.to_string());
        categories.insert(row.try_get("fixed_asset_id")?, details.category.clone());
        assets.push(HeldAsset {
            category: details.category,
            cost: details.cost,
            available_for_use: details.available_for_use,
            disposed: disposal.map(|d| (d.date, d.accumulated_depreciation)),
        });
    }
    let charge_rows = sqlx::query(
        "SELECT fixed_asset_id, entry_date, charge_cents, reversed_on \
         FROM read_depreciation_charges WHERE workspace_id = $1",
    )
    .bind(&workspace_id)
    .fetch_all(pool)
    .await?;
    let mut charges = Vec::with_capacity(charge_rows.len());
    for row in &charge_rows {
        let asset: String = row.try_get("fixed_asset_id")?;
        let day = |raw: String| raw.parse::<NaiveDate>().map_err(ApiError::internal);
        charges.push(HeldCharge {
            category: categories.get(&asset).cloned().unwrap_or_default(),
            amount: from_cents(row.try_get("charge_cents")?),
            date: day(row.try_get("entry_date")?)?,
            reversed_on: row
                .try_get::<Option<String>, _>("reversed_on")?
                .map(day)
                .transpose()?,
        });
    }
    let schedule = asset_schedule(&assets, &charges, from, to);
    let before = from.pred_opt().unwrap_or(from);
    let cost_accounts: Vec<String> = cost_accounts.into_iter().collect();
    let accumulated_accounts: Vec<String> = accumulated_accounts.into_iter().collect();
    let t = &schedule.total;
    let figures = [
        (
            "cost_brought_forward",
            t.cost_brought_forward,
            &cost_accounts,
            before,
            1,
        ),
        (
            "cost_carried_forward",
            t.cost_carried_forward,
            &cost_accounts,
            to,
            1,
        ),
        (
            "depreciation_brought_forward",
            t.depreciation_brought_forward,
            &accumulated_accounts,
            before,
            -1,
        ),
        (
            "depreciation_carried_forward",
            t.depreciation_carried_forward,
            &accumulated_accounts,
            to,
            -1,
        ),
    ];
    let mut checks = Vec::with_capacity(figures.len());
    for (figure, amount, accounts, day, sign) in figures {
        let ledger = ledger_cents(&state, &workspace_id, day, accounts, sign).await?;
        let schedule_cents = projections::cents::to_cents(amount).unwrap_or(i64::MAX);
        let difference = schedule_cents - ledger;
        checks.push(LedgerCheck {
            figure: figure.into(),
            schedule: cents_string(schedule_cents),
            ledger: cents_string(ledger),
            difference: cents_string(difference),
            agrees: difference == 0,
        });
    }
    Ok(ok(AssetScheduleReport {
        from,
        to,
        categories: schedule
            .categories
            .iter()
            .map(|(name, line)| view(Some(name.clone()), line))
            .collect(),
        total: view(None, &schedule.total),
        asset_accounts: cost_accounts,
        accumulated_depreciation_accounts: accumulated_accounts,
        agrees_with_ledger: checks.iter().all(|c| c.agrees),
        checks,
    }))
}
