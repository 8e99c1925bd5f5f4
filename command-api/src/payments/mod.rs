//! Subscriptions and their payments, write side (spec §7 payment service, DESIGN §7:
//! `workspace:write` by role). A member asks a provider for a checkout link for a plan;
//! the provider sends the customer back with `tx_ref` and a status, which the product
//! posts to `process-payment`; we then ask the provider how the payment really ended and
//! only a verified success starts the plan. A free plan starts without a payment.
//!
//! Each organization's billing is one stream (the Billing aggregate of `domain::billing`,
//! run through the command runner), so two commands on it never both succeed on the
//! same state.

mod choices;
mod credit;
pub mod gateway;
mod pay_from_wallet;
pub mod providers;
mod sandbox;
pub mod wallets;
pub mod webhooks;

use api_core::access::{authorize_organization, authorize_wallet, billing_organization};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{Loaded, Unit};
use domain::billing::{
    Billing, BillingCommand, BillingError, Cancel, Currency, Initiate, Settle, SubscribeFree,
    VerifiedPayment,
};
use domain::permissions::{Action, Plan};
use event_schemas::subscription::SubscriptionEvent;
use event_schemas::{OrganizationId, UserId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::EventMetadata;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::ids::parse_id;
use crate::runner::IntoApiError;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(transaction_link))
        .routes(routes!(process_payment))
        .routes(routes!(subscribe))
        .routes(routes!(subscribe_from_account_service))
        .routes(routes!(cancel_subscription))
        .merge(sandbox::router())
        .merge(webhooks::router())
        .merge(choices::router())
        .merge(wallets::router())
}

impl IntoApiError for BillingError {
    fn into_api_error(self) -> ApiError {
        match self {
            BillingError::NoSuchPayment | BillingError::NoSuchSubscription => {
                ApiError::NotFound(self.to_string())
            }
            BillingError::PaymentRequired(_) => ApiError::field("plan", self.to_string()),
            BillingError::AlreadyOnPlan { .. } | BillingError::NotInForce => {
                ApiError::Conflict(self.to_string())
            }
        }
    }
}

fn refused(err: BillingError) -> ApiError {
    err.into_api_error()
}

/// The caller's organization for billing, once they may manage its billing.
async fn billing_of(
    app: &AppState,
    user: &AuthUser,
    named: Option<&str>,
) -> Result<String, ApiError> {
    let organization_id = billing_organization(app, user, named).await?;
    authorize_organization(app, user, &organization_id, Action::Billing, None).await?;
    Ok(organization_id)
}

async fn billing_state(
    state: &CommandState,
    organization_id: &str,
) -> Result<Loaded<Billing>, ApiError> {
    state
        .runner()
        .load::<Billing>(organization_id)
        .await
        .map_err(IntoApiError::into_api_error)
}

/// Decides `command` on the organization's billing as loaded and appends its events, all
/// or none (a concurrent command on the same billing meets a conflict); waits for the
/// read model and answers the events.
async fn append(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    organization_id: &str,
    billing: &Loaded<Billing>,
    command: BillingCommand,
) -> Result<Vec<SubscriptionEvent>, ApiError> {
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: Some(organization_id.to_owned()),
        workspace_id: None,
        request_id,
        ..Default::default()
    };
    let mut unit = Unit::new(&metadata, None);
    let events = unit.decide(billing, command).map_err(refused)?;
    if events.is_empty() {
        return Ok(events);
    }
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, "subscriptions").await?;
    Ok(events)
}

pub(crate) fn plan_field(raw: &str) -> Result<Plan, ApiError> {
    raw.trim()
        .to_ascii_lowercase()
        .parse()
        .map_err(|_| ApiError::field("plan", "Choose a plan: basic, professional or enterprise."))
}

/// The e-mail address a provider's checkout names as its customer: the caller's.
pub(crate) async fn customer_email(app: &AppState, user_id: &str) -> Result<String, ApiError> {
    Ok(identity::users::by_id(app.db(), user_id)
        .await?
        .map(|u| u.email)
        .unwrap_or_default())
}

/// A place to send the customer back to: an absolute http(s) address or a path of ours.
pub(crate) fn redirect_field(raw: &str) -> Result<String, ApiError> {
    let raw = raw.trim();
    let host = raw
        .strip_prefix("https://")
        .or_else(|| raw.strip_prefix("http://"))
        .map(|rest| rest.split(['/', '?', '#']).next().unwrap_or_default());
    let ok = !raw.chars().any(char::is_whitespace)
        && (raw.starts_with('/') && !raw.starts_with("//") || host.is_some_and(|h| !h.is_empty()));
    if ok && raw.len() <= 2000 {
        Ok(raw.to_owned())
    } else {
        Err(ApiError::field(
            "redirect_url",
            "Give the address to return to, such as https://app.example.com/license.",
        ))
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TransactionLinkBody {
    /// `basic`, `professional` or `enterprise`.
    pub plan: String,
    /// Where the provider sends the customer back, with `status` and `tx_ref` added.
    pub redirect_url: String,
    /// `0` (NGN, the default) or `1` (USD); ISO codes are accepted too.
    #[serde(default)]
    pub currency: Option<String>,
    #[serde(default)]
    pub organization_id: Option<String>,
}

/// Starts paying for a plan: answers `amount_to_pay`, `error` and the checkout `link`.
/// When nothing can be bought (the plan is already held), `amount_to_pay` is `"0.00"`
/// with the reason in `error` and no link, as the product expects (spec §7).
#[utoipa::path(post, path = "/api/v1/payments/payments/{provider}/transaction-link/", tag = "payments",
    params(("provider" = String, Path, description = "sandbox, flutterwave or paystack (a live one)")),
    request_body = TransactionLinkBody,
    responses((status = 200, body = Data<TransactionLink>),
        (status = 400), (status = 403), (status = 404)))]
pub async fn transaction_link(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(provider): Path<String>,
    Body(body): Body<TransactionLinkBody>,
) -> Result<Json<Data<TransactionLink>>, ApiError> {
    let app = &state.app;
    let (provider, live) = state.providers.named(&provider)?;
    let plan = plan_field(&body.plan)?;
    let redirect_url = redirect_field(&body.redirect_url)?;
    let currency = match body.currency.as_deref() {
        None => Currency::Ngn,
        Some(raw) => Currency::parse(raw)
            .ok_or_else(|| ApiError::field("currency", "Choose 0 (NGN) or 1 (USD)."))?,
    };
    let organization_id = billing_of(app, &user, body.organization_id.as_deref()).await?;
    let organization: OrganizationId = parse_id(&organization_id)?;
    let by: UserId = parse_id(&user.user_id)?;
    let billing = billing_state(&state, &organization_id).await?;
    let tx_ref = format!("LL-{}", &identity::random_secret()[..32]);
    let at = app.clock.now_us();
    let quote = match billing.state.quote(plan, currency, at) {
        Ok(decided) => decided,
        Err(err @ BillingError::AlreadyOnPlan { .. }) => {
            return Ok(ok(TransactionLink {
                amount_to_pay: "0.00".into(),
                price: None,
                credit: None,
                currency: currency.code().to_owned(),
                error: Some(err.to_string()),
                link: None,
                tx_ref: None,
            }));
        }
        Err(err) => return Err(refused(err)),
    };
    let initiate = Initiate {
        organization_id: organization,
        tx_ref: tx_ref.clone(),
        provider: provider.to_owned(),
        plan,
        currency,
        at,
        by,
    };
    append(
        &state,
        &user,
        request_id,
        &organization_id,
        &billing,
        initiate.into(),
    )
    .await?;
    let link = if quote.amount == Decimal::ZERO {
        // Nothing to charge (the credit covers it): straight back, already successful.
        let join = if redirect_url.contains('?') { '&' } else { '?' };
        format!("{redirect_url}{join}status=successful&tx_ref={tx_ref}")
    } else {
        let checkout = gateway::Checkout {
            tx_ref: tx_ref.clone(),
            provider: provider.to_owned(),
            amount: quote.amount.to_string(),
            currency: currency.code().to_owned(),
            description: format!("Ledgerline {} plan, one month", plan.name()),
            status: "pending".into(),
            card_last4: None,
        };
        let email = customer_email(app, &user.user_id).await?;
        live.open_checkout(app, &checkout, &redirect_url, &email)
            .await?
    };
    Ok(ok(TransactionLink {
        amount_to_pay: quote.amount.to_string(),
        price: Some(quote.price.to_string()),
        credit: Some(quote.credit.to_string()),
        currency: currency.code().to_owned(),
        error: None,
        link: Some(link),
        tx_ref: Some(tx_ref),
    }))
}

/// What paying for a plan costs and where to pay it.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransactionLink {
    /// The plan's price less the credit left on the plan it replaces; `"0.00"` when
    /// nothing can be bought.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount_to_pay: String,
    /// The plan's monthly price; `null` when nothing can be bought.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub price: Option<String>,
    /// The unused part of the plan in force; `null` when nothing can be bought.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub credit: Option<String>,
    /// ISO 4217: `NGN` or `USD`.
    pub currency: String,
    /// Why nothing can be bought (the plan is already held); `null` otherwise.
    pub error: Option<String>,
    /// The provider's checkout link; `null` when nothing can be bought.
    pub link: Option<String>,
    /// The payment's reference; `null` when nothing can be bought.
    pub tx_ref: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ProcessPaymentBody {
    pub tx_ref: String,
    /// What the provider's redirect said; only a hint — the provider is asked.
    #[serde(default)]
    pub status: Option<String>,
    /// The provider's id of the transaction, as its redirect carries it (Flutterwave's
    /// `transaction_id`): it is asked by that id, and only an answer about `tx_ref` counts.
    #[serde(default)]
    pub transaction_id: Option<String>,
}

/// Settles a payment after the customer returns: asks the provider how it ended, and a
/// success starts the plan. Posting the same `tx_ref` again changes nothing.
#[utoipa::path(post, path = "/api/v1/payments/payments/{provider}/process-payment/", tag = "payments",
    params(("provider" = String, Path)), request_body = ProcessPaymentBody,
    responses((status = 200, body = Data<ProcessedPayment>),
        (status = 400), (status = 403), (status = 404)))]
pub async fn process_payment(
    State(state): State<CommandState>,
    caller: Caller,
    Path(provider): Path<String>,
    Body(body): Body<ProcessPaymentBody>,
) -> Result<Json<Data<ProcessedPayment>>, ApiError> {
    let app = &state.app;
    let request_id = caller.request_id.clone();
    state.providers.named(&provider)?;
    let tx_ref = body.tx_ref.trim();
    if tx_ref.is_empty() {
        return Err(ApiError::field("tx_ref", "This field is required."));
    }
    read_your_writes(app, "wallets").await?;
    if let Some((wallet_id, _)) =
        projections::wallets::credit_by_tx_ref(&app.db().pool, tx_ref).await?
    {
        return settle_top_up(
            &state,
            caller,
            &wallet_id,
            tx_ref,
            body.transaction_id.as_deref(),
        )
        .await;
    }
    let user = caller.user;
    let organization_id = owner_of_payment(app, tx_ref).await?;
    authorize_organization(app, &user, &organization_id, Action::Billing, None).await?;
    let organization: OrganizationId = parse_id(&organization_id)?;
    let by: UserId = parse_id(&user.user_id)?;
    let billing = billing_state(&state, &organization_id).await?;
    let payment = billing
        .state
        .payment(tx_ref)
        .ok_or_else(|| refused(BillingError::NoSuchPayment))?;
    let verified = if payment.amount == Decimal::ZERO {
        VerifiedPayment::Successful {
            provider_transaction_id: "no-charge".into(),
        }
    } else {
        let (_, live) = state.providers.named(&payment.provider)?;
        live.verify(app, tx_ref, body.transaction_id.as_deref())
            .await?
            .for_payment(payment.amount, &payment.currency)
    };
    let failure_reason = match &verified {
        VerifiedPayment::Failed { reason, .. } => Some(reason.clone()),
        _ => None,
    };
    let settle = Settle {
        organization_id: organization,
        tx_ref: tx_ref.to_owned(),
        verified,
        subscription_id: uuid::Uuid::now_v7(),
        at: app.clock.now_us(),
        by,
    };
    let events = append(
        &state,
        &user,
        request_id,
        &organization_id,
        &billing,
        settle.into(),
    )
    .await?;
    let mut after = billing.state.clone();
    events.iter().for_each(|e| after.apply(e));
    let settled = after.payment(tx_ref).map(|p| p.status.as_str());
    let subscription = after
        .subscriptions
        .iter()
        .find(|s| s.tx_ref.as_deref() == Some(tx_ref));
    Ok(ok(ProcessedPayment {
        tx_ref: tx_ref.to_owned(),
        status: settled.map(str::to_owned),
        plan: subscription.map(|s| s.plan.id().to_owned()),
        subscription_id: subscription.map(|s| s.id.to_string()),
        failure_reason,
        wallet_id: None,
    }))
}

/// `process-payment` for a wallet top-up: asks the provider and credits the wallet
/// once it confirms.
async fn settle_top_up(
    state: &CommandState,
    caller: Caller,
    wallet_id: &str,
    tx_ref: &str,
    transaction_id: Option<&str>,
) -> Result<Json<Data<ProcessedPayment>>, ApiError> {
    let wallet = authorize_wallet(&state.app, &caller.user, wallet_id).await?;
    let settled = credit::settle(
        state,
        Some(&caller),
        &wallet.id,
        &wallet.organization_id,
        tx_ref,
        transaction_id,
    )
    .await?;
    Ok(ok(ProcessedPayment {
        tx_ref: tx_ref.to_owned(),
        status: Some(settled.status),
        plan: None,
        subscription_id: None,
        failure_reason: settled.failure_reason,
        wallet_id: Some(wallet.id),
    }))
}

/// How a payment ended, as the provider confirmed it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProcessedPayment {
    pub tx_ref: String,
    /// `pending`, `successful` or `failed`.
    pub status: Option<String>,
    /// The plan the payment started; `null` unless it succeeded.
    pub plan: Option<String>,
    pub subscription_id: Option<String>,
    /// Why the provider declined it; `null` unless it failed.
    pub failure_reason: Option<String>,
    /// The wallet a top-up credits; `null` for a plan's payment.
    pub wallet_id: Option<String>,
}

/// A subscription just started (on a free plan).
#[derive(Debug, Serialize, ToSchema)]
pub struct StartedSubscription {
    pub id: String,
    /// `basic`, `professional` or `enterprise`.
    pub plan: String,
    /// `active`.
    pub status: String,
}

/// A subscription just cancelled.
#[derive(Debug, Serialize, ToSchema)]
pub struct CancelledSubscription {
    pub id: String,
    /// `cancelled`.
    pub status: String,
}

/// The organization a payment belongs to (its stream), from the read model; an unknown
/// reference is not found.
async fn owner_of_payment(app: &AppState, tx_ref: &str) -> Result<String, ApiError> {
    read_your_writes(app, "subscriptions").await?;
    sqlx::query_scalar("SELECT organization_id FROM read_payment_transactions WHERE tx_ref = $1")
        .bind(tx_ref)
        .fetch_optional(&app.db().pool)
        .await?
        .ok_or_else(|| refused(BillingError::NoSuchPayment))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SubscribeBody {
    pub plan: String,
    #[serde(default)]
    pub organization_id: Option<String>,
}

async fn subscribe_free(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    body: &SubscribeBody,
) -> Result<(StatusCode, Json<Data<StartedSubscription>>), ApiError> {
    let app = &state.app;
    let plan = plan_field(&body.plan)?;
    let organization_id = billing_of(app, user, body.organization_id.as_deref()).await?;
    let organization: OrganizationId = parse_id(&organization_id)?;
    let by: UserId = parse_id(&user.user_id)?;
    let billing = billing_state(state, &organization_id).await?;
    let id = uuid::Uuid::now_v7();
    let subscribe = SubscribeFree {
        organization_id: organization,
        plan,
        subscription_id: id,
        at: app.clock.now_us(),
        by,
    };
    append(
        state,
        user,
        request_id,
        &organization_id,
        &billing,
        subscribe.into(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(StartedSubscription {
            id: id.to_string(),
            plan: plan.id().to_owned(),
            status: "active".into(),
        }),
    ))
}

/// Subscribes the organization to a free plan (Basic); a paid plan needs a payment
/// (`transaction-link`), and the answer says so on `plan`.
#[utoipa::path(post, path = "/api/v1/payments/payments/organization-subscription/", tag = "payments",
    request_body = SubscribeBody,
    responses((status = 201, body = Data<StartedSubscription>), (status = 400),
        (status = 403), (status = 409)))]
pub async fn subscribe(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<SubscribeBody>,
) -> Result<(StatusCode, Json<Data<StartedSubscription>>), ApiError> {
    subscribe_free(&state, &user, request_id, &body).await
}

/// The account service's door to the same command (spec §7 `POST
/// /organizations/subscription/`).
#[utoipa::path(post, path = "/api/v1/accounts/organizations/subscription/", tag = "payments",
    request_body = SubscribeBody,
    responses((status = 201, body = Data<StartedSubscription>), (status = 400),
        (status = 403), (status = 409)))]
pub async fn subscribe_from_account_service(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<SubscribeBody>,
) -> Result<(StatusCode, Json<Data<StartedSubscription>>), ApiError> {
    subscribe_free(&state, &user, request_id, &body).await
}

#[derive(Deserialize, Default, utoipa::IntoParams)]
pub struct OrganizationQuery {
    /// The organization; by default the one of the workspace the caller last opened.
    #[serde(default)]
    pub organization_id: Option<String>,
}

/// Ends the subscription in force now; the organization returns to the default plan.
/// No refund is made for the unused part of a paid month.
#[utoipa::path(post, path = "/api/v1/payments/payments/subcription/organization-subscription/{id}/cancel/",
    tag = "payments", params(("id" = String, Path), OrganizationQuery),
    responses((status = 200, body = Data<CancelledSubscription>), (status = 403),
        (status = 404), (status = 409)))]
pub async fn cancel_subscription(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(id): Path<String>,
    Query(query): Query<OrganizationQuery>,
) -> Result<Json<Data<CancelledSubscription>>, ApiError> {
    let app = &state.app;
    let organization_id = billing_of(app, &user, query.organization_id.as_deref()).await?;
    let organization: OrganizationId = parse_id(&organization_id)?;
    let subscription_id: uuid::Uuid = parse_id(&id)?;
    let by: UserId = parse_id(&user.user_id)?;
    let billing = billing_state(&state, &organization_id).await?;
    let cancel = Cancel {
        organization_id: organization,
        subscription_id,
        at: app.clock.now_us(),
        by,
    };
    append(
        &state,
        &user,
        request_id,
        &organization_id,
        &billing,
        cancel.into(),
    )
    .await?;
    Ok(ok(CancelledSubscription {
        id: subscription_id.to_string(),
        status: "cancelled".into(),
    }))
}
