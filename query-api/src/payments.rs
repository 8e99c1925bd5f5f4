//! Subscriptions and payments, read side (spec §7 payment service): the plans on sale,
//! the organization's subscriptions (the one in force is what permission checks use),
//! and its payment transactions. Any member may read the subscription in force — every
//! screen's permission mirror needs it; lists and transactions are for those who manage
//! billing.

use api_core::access::{authorize_organization, billing_organization, require_member};
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::time::iso_datetime;
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use domain::billing::{monthly_price, Currency};
use domain::permissions::{Action, Plan};
use projections::subscriptions::{self, PaymentRow, SubscriptionRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<crate::QueryState> {
    OpenApiRouter::new()
        .routes(routes!(subscription_plans))
        .routes(routes!(organization_subscriptions))
        .routes(routes!(organization_subscription))
        .routes(routes!(subscriptions_of_organization))
        .routes(routes!(latest_subscription))
        .routes(routes!(transactions))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct OrganizationQuery {
    /// The organization; by default the one of the workspace the caller last opened.
    pub organization_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct PlansQuery {
    /// `0` (NGN, the default) or `1` (USD); ISO codes are accepted too.
    pub currency: Option<String>,
}

/// A plan named by its id and display name.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanName {
    /// `basic`, `professional` or `enterprise`.
    pub id: String,
    pub name: String,
}

fn plan_json(plan_id: &str) -> PlanName {
    match plan_id.parse::<Plan>() {
        Ok(plan) => PlanName {
            id: plan.id().to_owned(),
            name: plan.name().to_owned(),
        },
        Err(_) => PlanName {
            id: plan_id.to_owned(),
            name: plan_id.to_owned(),
        },
    }
}

/// A plan on sale and its price per interval.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanOnSale {
    pub id: String,
    pub name: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub price: String,
    /// ISO 4217: `NGN` or `USD`.
    pub currency: String,
    /// `month`.
    pub interval: String,
    /// The plan an organization without a subscription is on.
    pub is_default: bool,
}

/// One subscription of an organization.
#[derive(Debug, Serialize, ToSchema)]
pub struct Subscription {
    pub id: String,
    pub organization_id: String,
    pub plan: PlanName,
    /// `active`, `scheduled`, `ended` or `cancelled`, as of now.
    pub status: String,
    pub starts_at: String,
    /// `null` for a subscription without an end.
    pub ends_at: Option<String>,
    /// The payment that started it; `null` for a free plan.
    pub tx_ref: Option<String>,
    pub cancelled_at: Option<String>,
    pub created_datetime: String,
}

fn subscription_json(row: &SubscriptionRow, now: i64) -> Subscription {
    Subscription {
        id: row.id.clone(),
        organization_id: row.organization_id.clone(),
        plan: plan_json(&row.plan),
        status: row.status_at(now).to_owned(),
        starts_at: iso_datetime(row.starts_at),
        ends_at: row.ends_at.map(iso_datetime),
        tx_ref: row.tx_ref.clone(),
        cancelled_at: row.cancelled_at.map(iso_datetime),
        created_datetime: iso_datetime(row.created_at),
    }
}

/// The subscription in force (the standard envelope's `data`, `null` when none is) and,
/// beside it, the plan that applies.
#[derive(Debug, Serialize, ToSchema)]
pub struct LatestSubscription {
    pub data: Option<Subscription>,
    /// The subscription's plan, or the default plan when none is in force.
    pub effective_plan: PlanName,
}

/// One payment transaction.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentTransaction {
    pub tx_ref: String,
    pub provider: String,
    pub plan: PlanName,
    /// What was charged.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    /// The unused part of the replaced plan, taken off the price.
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    pub currency: String,
    /// `pending`, `successful` or `failed`.
    pub status: String,
    pub provider_transaction_id: Option<String>,
    pub failure_reason: Option<String>,
    pub initiated_by: String,
    pub created_datetime: String,
    pub settled_datetime: Option<String>,
}

fn payment_json(row: &PaymentRow) -> PaymentTransaction {
    PaymentTransaction {
        tx_ref: row.tx_ref.clone(),
        provider: row.provider.clone(),
        plan: plan_json(&row.plan),
        amount: row.amount.clone(),
        credit: row.credit.clone(),
        currency: row.currency.clone(),
        status: row.status.clone(),
        provider_transaction_id: row.provider_transaction_id.clone(),
        failure_reason: row.failure_reason.clone(),
        initiated_by: row.initiated_by.clone(),
        created_datetime: iso_datetime(row.created_at),
        settled_datetime: row.settled_at.map(iso_datetime),
    }
}

/// The organization whose billing the caller manages (`billing`, by role).
async fn managed_organization(
    app: &AppState,
    user: &AuthUser,
    named: Option<&str>,
) -> Result<String, ApiError> {
    let organization_id = billing_organization(app, user, named).await?;
    authorize_organization(app, user, &organization_id, Action::Billing, None).await?;
    Ok(organization_id)
}

/// The plans on sale with their monthly price in the asked currency (spec §7: the
/// product asks with currency "0", page 1, page size 10).
#[utoipa::path(get, path = "/api/v1/payments/payments/subcription/subscription-plans/", tag = "payments",
    params(PlansQuery, PageParams),
    responses((status = 200, body = Data<Paginated<PlanOnSale>>),
        (status = 400), (status = 401)))]
pub async fn subscription_plans(
    _user: AuthUser,
    Query(query): Query<PlansQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<PlanOnSale>>, ApiError> {
    let page = params.validate()?;
    let currency = match query.currency.as_deref() {
        None | Some("") => Currency::Ngn,
        Some(raw) => Currency::parse(raw)
            .ok_or_else(|| ApiError::field("currency", "Choose 0 (NGN) or 1 (USD)."))?,
    };
    let plans: Vec<PlanOnSale> = Plan::ALL
        .into_iter()
        .map(|plan| PlanOnSale {
            id: plan.id().to_owned(),
            name: plan.name().to_owned(),
            price: monthly_price(plan, currency).to_string(),
            currency: currency.code().to_owned(),
            interval: "month".into(),
            is_default: plan == Plan::DEFAULT_EFFECTIVE,
        })
        .collect();
    let count = i64::try_from(plans.len()).unwrap_or(i64::MAX);
    let start = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let items = plans
        .into_iter()
        .skip(start)
        .take(page.page_size as usize)
        .collect();
    Ok(ok(Paginated::new(items, count, page)))
}

async fn subscription_page(
    app: &AppState,
    user: &AuthUser,
    query: &OrganizationQuery,
    params: &PageParams,
) -> Result<Json<PageOf<Subscription>>, ApiError> {
    let page = params.validate()?;
    let organization_id = managed_organization(app, user, query.organization_id.as_deref()).await?;
    let (rows, count) = subscriptions::list(
        &app.db().pool,
        &organization_id,
        page.limit(),
        page.offset(),
    )
    .await?;
    let now = app.clock.now_us();
    let items = rows.iter().map(|r| subscription_json(r, now)).collect();
    Ok(ok(Paginated::new(items, count, page)))
}

/// The organization's subscriptions, newest first.
#[utoipa::path(get, path = "/api/v1/payments/payments/organization-subscription/", tag = "payments",
    params(OrganizationQuery, PageParams),
    responses((status = 200, body = Data<Paginated<Subscription>>), (status = 403)))]
pub async fn organization_subscriptions(
    State(app): State<AppState>,
    user: AuthUser,
    Query(query): Query<OrganizationQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<Subscription>>, ApiError> {
    subscription_page(&app, &user, &query, &params).await
}

/// The same list under the subscription service's path.
#[utoipa::path(get, path = "/api/v1/payments/payments/subcription/organization-subscription/", tag = "payments",
    params(OrganizationQuery, PageParams),
    responses((status = 200, body = Data<Paginated<Subscription>>), (status = 403)))]
pub async fn subscriptions_of_organization(
    State(app): State<AppState>,
    user: AuthUser,
    Query(query): Query<OrganizationQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<Subscription>>, ApiError> {
    subscription_page(&app, &user, &query, &params).await
}

/// One subscription of the organization; another organization's is not found.
#[utoipa::path(get, path = "/api/v1/payments/payments/organization-subscription/{id}/", tag = "payments",
    params(("id" = String, Path), OrganizationQuery),
    responses((status = 200, body = Data<Subscription>), (status = 403), (status = 404)))]
pub async fn organization_subscription(
    State(app): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
    Query(query): Query<OrganizationQuery>,
) -> Result<Json<Data<Subscription>>, ApiError> {
    let organization_id =
        managed_organization(&app, &user, query.organization_id.as_deref()).await?;
    let row = subscriptions::find(&app.db().pool, &organization_id, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such subscription.".into()))?;
    Ok(ok(subscription_json(&row, app.clock.now_us())))
}

/// The subscription in force now, or `null` when none is (the default plan applies,
/// named in `effective_plan` beside it). Any member may read it.
#[utoipa::path(get, path = "/api/v1/payments/payments/subcription/organization-subscription/latest/", tag = "payments",
    params(OrganizationQuery),
    responses((status = 200, body = LatestSubscription), (status = 403)))]
pub async fn latest_subscription(
    State(app): State<AppState>,
    user: AuthUser,
    Query(query): Query<OrganizationQuery>,
) -> Result<Json<LatestSubscription>, ApiError> {
    let organization_id =
        billing_organization(&app, &user, query.organization_id.as_deref()).await?;
    // No read-your-writes wait here: every billing command waits for this read model
    // before it answers, and this is asked on every page load by every member.
    require_member(&app, &user, &organization_id).await?;
    let now = app.clock.now_us();
    let row = subscriptions::in_force(&app.db().pool, &organization_id, now).await?;
    let effective = Plan::effective(row.as_ref().and_then(|r| r.plan.parse().ok()));
    Ok(Json(LatestSubscription {
        data: row.as_ref().map(|r| subscription_json(r, now)),
        effective_plan: plan_json(effective.id()),
    }))
}

/// The organization's payment transactions, newest first.
#[utoipa::path(get, path = "/api/v1/payments/payments/subcription/transactions/", tag = "payments",
    params(OrganizationQuery, PageParams),
    responses((status = 200, body = Data<Paginated<PaymentTransaction>>), (status = 403)))]
pub async fn transactions(
    State(app): State<AppState>,
    user: AuthUser,
    Query(query): Query<OrganizationQuery>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<PaymentTransaction>>, ApiError> {
    let page = params.validate()?;
    let organization_id =
        managed_organization(&app, &user, query.organization_id.as_deref()).await?;
    let (rows, count) = subscriptions::payments(
        &app.db().pool,
        &organization_id,
        page.limit(),
        page.offset(),
    )
    .await?;
    let items = rows.iter().map(payment_json).collect();
    Ok(ok(Paginated::new(items, count, page)))
}
