//! Fixed assets' reads under `/api/v1/accounting/workspaces/{workspace_id}/`, from the
//! `fixed_assets` read model: the register (paged, filtered by category and status), an
//! asset with what is posted of its depreciation, its monthly schedule, the depreciation
//! runs, and the period's fixed-asset schedule checked against the general ledger. Every
//! route needs `accounting:read`.
//!
//! - [`register`]: the period's schedule per category and its check against the ledger.

pub mod register;

use std::collections::HashMap;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::documents::{with_documents, Attachable, AttachedDocument};
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use domain::fixed_asset::{schedule, terms_of, AssetDetails};
use domain::permissions::Action;
use event_schemas::fixed_asset::asset::FixedAssetDisposed;
use event_schemas::fixed_asset::run::RunCharge;
use projections::cents::cents_string;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_fixed_assets))
        .routes(routes!(get_fixed_asset))
        .routes(routes!(fixed_asset_schedule))
        .routes(routes!(list_depreciation_runs))
        .routes(routes!(register::asset_schedule_route))
}

pub(crate) async fn may_read(
    state: &AppState,
    user: &AuthUser,
    workspace_id: &str,
) -> Result<(), ApiError> {
    authorize(state, user, workspace_id, Action::ReadBooks, None).await?;
    Ok(())
}

pub(crate) fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    serde_json::from_str(text).map_err(ApiError::internal)
}

/// An asset as listed and shown: the record, `status` (`active` or `disposed`), the
/// depreciation the books hold for it now and its net book value, and the disposal once
/// disposed of.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FixedAssetView {
    pub id: String,
    /// `active` or `disposed`.
    pub status: String,
    #[serde(flatten)]
    #[schema(value_type = AssetRecordDoc)]
    pub details: AssetDetails,
    /// Charges posted and not reversed (before a disposal removed them).
    #[schema(value_type = api_core::openapi::Money)]
    pub depreciation_posted: String,
    /// Cost less the depreciation posted; zero once disposed of.
    #[schema(value_type = api_core::openapi::Money)]
    pub net_book_value: String,
    #[schema(value_type = Option<DisposalDoc>)]
    pub disposal: Option<FixedAssetDisposed>,
    /// The files backing the asset (its invoice, a delivery note).
    pub documents: Vec<AttachedDocument>,
}

impl Attachable for FixedAssetView {
    const KIND: &'static str = "fixed_asset";
    fn attachable_id(&self) -> &str {
        &self.id
    }
    fn set_documents(&mut self, documents: Vec<AttachedDocument>) {
        self.documents = documents;
    }
}

/// The shape of an asset's record on the wire (`AssetDetails` of the events), for the
/// API document.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct AssetRecordDoc {
    name: String,
    tag: String,
    category: String,
    asset_account: String,
    accumulated_depreciation_account: String,
    depreciation_expense_account: String,
    available_for_use: String,
    #[schema(value_type = api_core::openapi::Money)]
    cost: String,
    #[schema(value_type = api_core::openapi::Money)]
    residual_value: String,
    useful_life_months: u32,
    /// `straight_line` or `declining_balance`.
    method: String,
    annual_rate: Option<String>,
}

/// The shape of a disposal on the wire (`FixedAssetDisposed` of the events), for the API
/// document.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct DisposalDoc {
    fixed_asset_id: String,
    workspace_id: String,
    date: String,
    #[schema(value_type = api_core::openapi::Money)]
    proceeds: String,
    proceeds_account: String,
    gain_loss_account: String,
    #[schema(value_type = api_core::openapi::Money)]
    cost: String,
    #[schema(value_type = api_core::openapi::Money)]
    accumulated_depreciation: String,
    #[schema(value_type = api_core::openapi::Money)]
    catch_up_charge: String,
    #[schema(value_type = api_core::openapi::Money)]
    net_book_value: String,
    #[schema(value_type = api_core::openapi::Money)]
    gain: String,
    #[schema(value_type = api_core::openapi::Money)]
    loss: String,
    journal_entry_id: String,
    disposed_by: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AssetParams {
    pub page: Option<String>,
    pub page_size: Option<String>,
    pub category: Option<String>,
    /// `active` or `disposed`.
    pub status: Option<String>,
}

const ASSET_COLUMNS: &str = "fixed_asset_id, cost_cents, details, disposal";

/// Per asset of the workspace, the charges the books hold now, in cents.
async fn posted_cents(
    state: &AppState,
    workspace_id: &str,
    asset: Option<&str>,
) -> Result<HashMap<String, i64>, ApiError> {
    let mut sql = String::from(
        "SELECT fixed_asset_id, CAST(SUM(charge_cents) AS BIGINT) AS posted FROM read_depreciation_charges \
         WHERE workspace_id = $1 AND reversed_on IS NULL",
    );
    if asset.is_some() {
        sql.push_str(" AND fixed_asset_id = $2");
    }
    sql.push_str(" GROUP BY fixed_asset_id");
    let mut query = sqlx::query(&sql).bind(workspace_id);
    if let Some(asset) = asset {
        query = query.bind(asset);
    }
    let rows = query.fetch_all(&state.db().pool).await?;
    let mut map = HashMap::new();
    for row in rows {
        map.insert(row.try_get("fixed_asset_id")?, row.try_get("posted")?);
    }
    Ok(map)
}

fn asset_view(
    row: &sqlx::any::AnyRow,
    posted: &HashMap<String, i64>,
) -> Result<FixedAssetView, ApiError> {
    let id: String = row.try_get("fixed_asset_id")?;
    let cost: i64 = row.try_get("cost_cents")?;
    let details: String = row.try_get("details")?;
    let disposal: Option<String> = row.try_get("disposal")?;
    let disposal: Option<FixedAssetDisposed> = disposal.as_deref().map(parse).transpose()?;
    let posted = posted.get(&id).copied().unwrap_or(0);
    Ok(FixedAssetView {
        status: if disposal.is_some() {
            "disposed"
        } else {
            "active"
        }
        .into(),
        depreciation_posted: cents_string(posted),
        net_book_value: cents_string(if disposal.is_some() { 0 } else { cost - posted }),
        details: parse(&details)?,
        disposal,
        id,
        documents: Vec::new(),
    })
}

/// The workspace's assets by category and name, filtered and paged.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), AssetParams),
    responses((status = 200, body = Data<Paginated<FixedAssetView>>), (status = 400), (status = 403)))]
pub async fn list_fixed_assets(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<AssetParams>,
) -> Result<Json<PageOf<FixedAssetView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let page = PageParams {
        page: params.page.clone(),
        page_size: params.page_size.clone(),
    }
    .validate()?;
    let mut filter = String::from(" FROM read_fixed_assets WHERE workspace_id = $1");
    let mut binds: Vec<String> = vec![workspace_id.clone()];
    match params.status.as_deref().map(str::trim).unwrap_or("") {
        "" => {}
        "active" => filter.push_str(" AND disposed_on IS NULL"),
        "disposed" => filter.push_str(" AND disposed_on IS NOT NULL"),
        _ => return Err(ApiError::field("status", "Must be active or disposed.")),
    }
    if let Some(category) = params
        .category
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        binds.push(category.to_owned());
        filter.push_str(&format!(" AND category = ${}", binds.len()));
    }
    let pool = &state.db().pool;
    let count_sql = format!("SELECT COUNT(*){filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for b in &binds {
        count = count.bind(b);
    }
    let total = count.fetch_one(pool).await?;
    let list_sql = format!(
        "SELECT {ASSET_COLUMNS}{filter} ORDER BY category, name, fixed_asset_id LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    );
    let mut list = sqlx::query(&list_sql);
    for b in &binds {
        list = list.bind(b);
    }
    let rows = list.fetch_all(pool).await?;
    let posted = posted_cents(&state, &workspace_id, None).await?;
    let mut data = rows
        .iter()
        .map(|row| asset_view(row, &posted))
        .collect::<Result<Vec<_>, _>>()?;
    with_documents(&state, &mut data).await?;
    Ok(ok(Paginated::new(data, total, page)))
}

async fn asset_row(
    state: &AppState,
    workspace_id: &str,
    fixed_asset_id: &str,
) -> Result<sqlx::any::AnyRow, ApiError> {
    sqlx::query(&format!(
        "SELECT {ASSET_COLUMNS} FROM read_fixed_assets WHERE workspace_id = $1 AND fixed_asset_id = $2"
    ))
    .bind(workspace_id)
    .bind(fixed_asset_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("No such fixed asset.".into()))
}

/// One asset of the workspace.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/{id}/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<FixedAssetView>), (status = 403), (status = 404)))]
pub async fn get_fixed_asset(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, fixed_asset_id)): Path<(String, String)>,
) -> Result<Json<Data<FixedAssetView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = asset_row(&state, &workspace_id, &fixed_asset_id).await?;
    let posted = posted_cents(&state, &workspace_id, Some(&fixed_asset_id)).await?;
    let mut asset = [asset_view(&row, &posted)?];
    with_documents(&state, &mut asset).await?;
    let [asset] = asset;
    Ok(ok(asset))
}

/// One month of an asset's schedule, and whether the books hold its charge.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScheduleRowView {
    /// `YYYY-MM`.
    pub period: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub opening_nbv: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub charge: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub accumulated: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub closing_nbv: String,
    /// A run (or the disposal) posted this month's charge.
    pub posted: bool,
}

/// An asset's schedule: a row per month from the month after it was available for use
/// until it reaches its residual value, or its disposal month.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AssetScheduleView {
    pub id: String,
    pub rows: Vec<ScheduleRowView>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_charge: String,
}

#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/{id}/schedule/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<AssetScheduleView>), (status = 403), (status = 404)))]
pub async fn fixed_asset_schedule(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, fixed_asset_id)): Path<(String, String)>,
) -> Result<Json<Data<AssetScheduleView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = asset_row(&state, &workspace_id, &fixed_asset_id).await?;
    let details: AssetDetails = parse(&row.try_get::<String, _>("details")?)?;
    let disposal: Option<String> = row.try_get("disposal")?;
    let disposed_in = disposal
        .as_deref()
        .map(parse::<FixedAssetDisposed>)
        .transpose()?
        .map(|d| d.date.format("%Y-%m").to_string());
    let posted: Vec<String> = sqlx::query_scalar(
        "SELECT period FROM read_depreciation_charges \
         WHERE workspace_id = $1 AND fixed_asset_id = $2 AND reversed_on IS NULL",
    )
    .bind(&workspace_id)
    .bind(&fixed_asset_id)
    .fetch_all(&state.db().pool)
    .await?;
    let rows = schedule(&terms_of(&details)).map_err(ApiError::internal)?;
    let mut total = rust_decimal::Decimal::ZERO;
    let mut views = Vec::with_capacity(rows.len());
    for r in rows {
        let period = r.period.to_string();
        if disposed_in.as_ref().is_some_and(|last| &period > last) {
            break;
        }
        total += r.charge;
        views.push(ScheduleRowView {
            // A disposal's catch-up charge covers every earlier month not run.
            posted: posted.contains(&period)
                || disposed_in.as_ref().is_some_and(|last| &period <= last),
            period,
            opening_nbv: r.opening_nbv.to_string(),
            charge: r.charge.to_string(),
            accumulated: r.accumulated.to_string(),
            closing_nbv: r.closing_nbv.to_string(),
        });
    }
    Ok(ok(AssetScheduleView {
        id: fixed_asset_id,
        rows: views,
        total_charge: total.to_string(),
    }))
}

/// A posting of a month's depreciation run.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DepreciationRunView {
    /// The month's run (the same id for every posting of the month).
    pub id: String,
    pub period: String,
    pub date: String,
    /// `posted` or `reversed`.
    pub status: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
    pub assets: i64,
    #[schema(value_type = Vec<Object>)]
    pub charges: Vec<RunCharge>,
    pub journal_entry_id: String,
    pub reversal_entry_id: Option<String>,
    pub reversal_date: Option<String>,
}

/// How many run postings the list answers: a century of months, and reruns.
const RUNS_LISTED_MAX: i64 = 2_400;

/// The workspace's depreciation runs, newest month first.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/depreciation-runs/", tag = "fixed-assets",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<Vec<DepreciationRunView>>), (status = 403)))]
pub async fn list_depreciation_runs(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<Vec<DepreciationRunView>>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let rows = sqlx::query(&format!(
        "SELECT depreciation_run_id, period, entry_date, status, total_cents, assets, charges, \
         journal_entry_id, reversal_entry_id, reversal_date FROM read_depreciation_runs \
         WHERE workspace_id = $1 ORDER BY period DESC, created_at DESC LIMIT {RUNS_LISTED_MAX}"
    ))
    .bind(&workspace_id)
    .fetch_all(&state.db().pool)
    .await?;
    let mut runs = Vec::with_capacity(rows.len());
    for row in rows {
        let charges: String = row.try_get("charges")?;
        runs.push(DepreciationRunView {
            id: row.try_get("depreciation_run_id")?,
            period: row.try_get("period")?,
            date: row.try_get("entry_date")?,
            status: row.try_get("status")?,
            total: cents_string(row.try_get("total_cents")?),
            assets: row.try_get("assets")?,
            charges: parse(&charges)?,
            journal_entry_id: row.try_get("journal_entry_id")?,
            reversal_entry_id: row.try_get("reversal_entry_id")?,
            reversal_date: row.try_get("reversal_date")?,
        });
    }
    Ok(ok(runs))
}
