//! Wallets, read side (spec §7 payment service): an organization's wallets, one wallet,
//! its saved cards and its transactions with the grid's filters. Readers are those who
//! manage the organization's billing (DESIGN §7); another organization's wallet is not
//! found.

use api_core::access::{authorize_organization, authorize_wallet, billing_organization};
use api_core::auth::AuthUser;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::time::iso_datetime;
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use domain::permissions::Action;
use projections::wallets::{self, CardRow, TransactionFilter, TransactionRow, WalletRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<crate::QueryState> {
    OpenApiRouter::new()
        .routes(routes!(organization_wallets))
        .routes(routes!(my_wallets))
        .routes(routes!(wallet_detail))
        .routes(routes!(wallet_cards))
        .routes(routes!(wallet_transactions))
}

/// An organization's wallet in one currency.
#[derive(Debug, Serialize, ToSchema)]
pub struct Wallet {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// ISO 4217: `NGN` or `USD`.
    pub currency: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub balance: String,
    /// `active` or `frozen`.
    pub status: String,
    pub created_datetime: String,
    pub updated_datetime: String,
}

pub fn wallet_json(row: &WalletRow) -> Wallet {
    Wallet {
        id: row.id.clone(),
        organization_id: row.organization_id.clone(),
        name: row.name.clone(),
        currency: row.currency.clone(),
        balance: row.balance.clone(),
        status: row.status.clone(),
        created_datetime: iso_datetime(row.created_at),
        updated_datetime: iso_datetime(row.updated_at),
    }
}

/// A card saved from a provider payment: what a person recognizes, never its number.
#[derive(Debug, Serialize, ToSchema)]
pub struct Card {
    pub id: String,
    pub wallet_id: String,
    pub provider: String,
    pub brand: String,
    pub first6: String,
    pub last4: String,
    pub exp_month: i32,
    pub exp_year: i32,
    pub bank: String,
    /// The same card saved twice has the same fingerprint.
    pub fingerprint: String,
    pub created_datetime: String,
}

fn card_json(row: &CardRow) -> Card {
    Card {
        id: row.id.clone(),
        wallet_id: row.wallet_id.clone(),
        provider: row.provider.clone(),
        brand: row.brand.clone(),
        first6: row.first6.clone(),
        last4: row.last4.clone(),
        exp_month: row.exp_month,
        exp_year: row.exp_year,
        bank: row.bank.clone(),
        fingerprint: row.fingerprint.clone(),
        created_datetime: iso_datetime(row.created_at),
    }
}

/// One movement of a wallet's balance.
#[derive(Debug, Serialize, ToSchema)]
pub struct WalletTransaction {
    pub id: String,
    pub wallet_id: String,
    /// `credit` or `debit`.
    pub transaction_type: String,
    /// `pending`, `successful` or `failed`.
    pub status: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    pub currency: String,
    /// The provider of a top-up.
    pub provider: Option<String>,
    /// Our reference of a top-up.
    pub tx_ref: Option<String>,
    pub provider_transaction_id: Option<String>,
    /// The saved card a top-up charged.
    pub card_id: Option<String>,
    pub description: String,
    /// What a debit paid (a subscription payment's `tx_ref`).
    pub reference: Option<String>,
    /// The balance once it was settled; `null` while pending or after a failure.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub balance_after: Option<String>,
    /// Who asked for it (`null` for none).
    pub user_id: Option<String>,
    pub failure_reason: Option<String>,
    pub created_datetime: String,
    pub settled_datetime: Option<String>,
}

fn transaction_json(row: &TransactionRow) -> WalletTransaction {
    WalletTransaction {
        id: row.id.clone(),
        wallet_id: row.wallet_id.clone(),
        transaction_type: row.transaction_type.clone(),
        status: row.status.clone(),
        amount: row.amount.clone(),
        currency: row.currency.clone(),
        provider: row.provider.clone(),
        tx_ref: row.tx_ref.clone(),
        provider_transaction_id: row.provider_transaction_id.clone(),
        card_id: row.card_id.clone(),
        description: row.description.clone(),
        reference: row.reference.clone(),
        balance_after: row.balance_after.clone(),
        user_id: row.user_id.clone(),
        failure_reason: row.failure_reason.clone(),
        created_datetime: iso_datetime(row.created_at),
        settled_datetime: row.settled_at.map(iso_datetime),
    }
}

async fn wallet_page(
    app: &AppState,
    user: &AuthUser,
    organization_id: &str,
    params: &PageParams,
) -> Result<Json<PageOf<Wallet>>, ApiError> {
    let page = params.validate()?;
    authorize_organization(app, user, organization_id, Action::Billing, None).await?;
    read_your_writes(app, "wallets").await?;
    let (rows, count) =
        wallets::wallets(&app.db().pool, organization_id, page.limit(), page.offset()).await?;
    let items = rows.iter().map(wallet_json).collect();
    Ok(ok(Paginated::new(items, count, page)))
}

/// The organization's wallets, one per currency.
#[utoipa::path(get, path = "/api/v1/payments/payments/organizations/{organization_id}/wallets/",
    tag = "wallets", params(("organization_id" = String, Path), PageParams),
    responses((status = 200, body = Data<Paginated<Wallet>>), (status = 403)))]
pub async fn organization_wallets(
    State(app): State<AppState>,
    user: AuthUser,
    Path(organization_id): Path<String>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<Wallet>>, ApiError> {
    wallet_page(&app, &user, &organization_id, &params).await
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct OrganizationQuery {
    /// The organization; by default the one of the workspace the caller last opened.
    pub organization_id: Option<String>,
}

/// The wallets of the caller's organization (the one named, else the one of the
/// workspace in front of them).
#[utoipa::path(get, path = "/api/v1/payments/payments/wallet/", tag = "wallets",
    params(OrganizationQuery, PageParams),
    responses((status = 200, body = Data<Paginated<Wallet>>), (status = 403)))]
pub async fn my_wallets(
    State(app): State<AppState>,
    user: AuthUser,
    Query(query): Query<OrganizationQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<Wallet>>, ApiError> {
    let organization_id =
        billing_organization(&app, &user, query.organization_id.as_deref()).await?;
    wallet_page(&app, &user, &organization_id, &params).await
}

/// One wallet with its balance.
#[utoipa::path(get, path = "/api/v1/payments/payments/wallet/{wallet_id}/", tag = "wallets",
    params(("wallet_id" = String, Path)),
    responses((status = 200, body = Data<Wallet>), (status = 403), (status = 404)))]
pub async fn wallet_detail(
    State(app): State<AppState>,
    user: AuthUser,
    Path(wallet_id): Path<String>,
) -> Result<Json<Data<Wallet>>, ApiError> {
    let row = authorize_wallet(&app, &user, &wallet_id).await?;
    Ok(ok(wallet_json(&row)))
}

/// The cards saved on the wallet, oldest first.
#[utoipa::path(get, path = "/api/v1/payments/payments/wallet/{wallet_id}/cards/", tag = "wallets",
    params(("wallet_id" = String, Path)),
    responses((status = 200, body = Data<Vec<Card>>), (status = 403), (status = 404)))]
pub async fn wallet_cards(
    State(app): State<AppState>,
    user: AuthUser,
    Path(wallet_id): Path<String>,
) -> Result<Json<Data<Vec<Card>>>, ApiError> {
    let row = authorize_wallet(&app, &user, &wallet_id).await?;
    let rows = wallets::cards(&app.db().pool, &row.id).await?;
    Ok(ok(rows.iter().map(card_json).collect()))
}

/// The transactions grid's filters (spec §7).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct TransactionQuery {
    pub user_id: Option<String>,
    /// `pending`, `successful` or `failed`.
    pub status: Option<String>,
    /// `credit` or `debit`.
    pub transaction_type: Option<String>,
    /// RFC 3339 (`2026-11-27T09:30:00Z`) or a date: created in that second (or day).
    pub created_datetime: Option<String>,
    #[serde(rename = "created_datetime__lte")]
    pub created_datetime_lte: Option<String>,
    #[serde(rename = "created_datetime__lt")]
    pub created_datetime_lt: Option<String>,
    #[serde(rename = "created_datetime__gte")]
    pub created_datetime_gte: Option<String>,
    #[serde(rename = "created_datetime__gt")]
    pub created_datetime_gt: Option<String>,
    /// `YYYY-MM-DD` (UTC).
    #[serde(rename = "created_datetime__date")]
    pub created_datetime_date: Option<String>,
}

const SECOND: i64 = 1_000_000;
const DAY: i64 = 86_400 * SECOND;

/// A time filter's value in microseconds: RFC 3339, `YYYY-MM-DDTHH:MM:SS` (UTC) or a
/// date (its midnight, UTC).
fn instant(field: &str, raw: &str) -> Result<i64, ApiError> {
    let raw = raw.trim();
    let parsed = DateTime::parse_from_rfc3339(raw)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M:%S")
                .ok()
                .map(|t| t.and_utc())
        })
        .or_else(|| {
            NaiveDate::parse_from_str(raw, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
                .map(|t| t.and_utc())
        });
    parsed.map(|t| t.timestamp_micros()).ok_or_else(|| {
        ApiError::field(
            field,
            "Give a date and time such as 2026-11-27T09:30:00Z, or a date such as 2026-11-27.",
        )
    })
}

fn one_of(field: &str, raw: Option<&str>, allowed: &[&str]) -> Result<Option<String>, ApiError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(value) if allowed.contains(&value) => Ok(Some(value.to_owned())),
        Some(_) => Err(ApiError::field(
            field,
            format!("Choose one of: {}.", allowed.join(", ")),
        )),
    }
}

impl TransactionQuery {
    /// The filters as one half-open time range and exact matches. Times shown to the
    /// second, so `created_datetime=T` is the second T and `__lte T` includes it.
    fn filter(&self) -> Result<TransactionFilter, ApiError> {
        let mut from = i64::MIN;
        let mut to = i64::MAX;
        let mut bound = |field: &str, raw: &Option<String>, f: &dyn Fn(i64) -> (i64, i64)| {
            if let Some(raw) = raw.as_deref().filter(|r| !r.trim().is_empty()) {
                let (lo, hi) = f(instant(field, raw)?);
                from = from.max(lo);
                to = to.min(hi);
            }
            Ok::<_, ApiError>(())
        };
        bound("created_datetime", &self.created_datetime, &|t| {
            (t, t + SECOND)
        })?;
        bound("created_datetime__gte", &self.created_datetime_gte, &|t| {
            (t, i64::MAX)
        })?;
        bound("created_datetime__gt", &self.created_datetime_gt, &|t| {
            (t + SECOND, i64::MAX)
        })?;
        bound("created_datetime__lte", &self.created_datetime_lte, &|t| {
            (i64::MIN, t + SECOND)
        })?;
        bound("created_datetime__lt", &self.created_datetime_lt, &|t| {
            (i64::MIN, t)
        })?;
        if let Some(raw) = self.created_datetime_date.as_deref() {
            let day = api_core::time::date("created_datetime__date", raw.trim())?;
            let start = day
                .and_hms_opt(0, 0, 0)
                .map_or(0, |t| t.and_utc().timestamp_micros());
            from = from.max(start);
            to = to.min(start + DAY);
        }
        let user_id = self
            .user_id
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty())
            .map(|u| {
                uuid::Uuid::parse_str(u)
                    .map(|id| id.to_string())
                    .map_err(|_| ApiError::field("user_id", "Give a user's id."))
            })
            .transpose()?;
        Ok(TransactionFilter {
            user_id,
            status: one_of(
                "status",
                self.status.as_deref(),
                &["pending", "successful", "failed"],
            )?,
            transaction_type: one_of(
                "transaction_type",
                self.transaction_type.as_deref(),
                &["credit", "debit"],
            )?,
            created_from: (from != i64::MIN).then_some(from),
            created_to: (to != i64::MAX).then_some(to),
        })
    }
}

/// The wallet's transactions, newest first, filtered as the grid asks.
#[utoipa::path(get, path = "/api/v1/payments/payments/wallet/{wallet_id}/transactions/",
    tag = "wallets", params(("wallet_id" = String, Path), TransactionQuery, PageParams),
    responses((status = 200, body = Data<Paginated<WalletTransaction>>), (status = 400),
        (status = 403), (status = 404)))]
pub async fn wallet_transactions(
    State(app): State<AppState>,
    user: AuthUser,
    Path(wallet_id): Path<String>,
    Query(query): Query<TransactionQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<WalletTransaction>>, ApiError> {
    let page = params.validate()?;
    let filter = query.filter()?;
    let row = authorize_wallet(&app, &user, &wallet_id).await?;
    let (rows, count) = wallets::transactions(
        &app.db().pool,
        &row.id,
        &filter,
        page.limit(),
        page.offset(),
    )
    .await?;
    let items = rows.iter().map(transaction_json).collect();
    Ok(ok(Paginated::new(items, count, page)))
}
