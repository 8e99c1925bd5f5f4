//! Wallets, write side (spec §7 payment service): open an organization's wallet in a
//! currency, rename or freeze it, top it up through a provider (a checkout, or a charge
//! of a saved card) credited only once the provider confirms the transaction when asked,
//! spend from it (never below zero), and remove saved cards.
//!
//! Each wallet is one stream (`domain::wallet::Wallet`): two debits racing on it meet at
//! the append, and the loser decides again on the balance the winner left.

use api_core::access::{authorize_wallet, billing_organization};
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::money::money_of;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{CommandError, RunError};
use domain::billing::Currency;
use domain::wallet::{
    wallet_id_of, ChangeWallet, Debit, OpenWallet, RemoveCard, RequestCredit, Wallet,
    WalletCommand, WalletError, WalletStatus,
};
use event_schemas::wallet::WalletEvent;
use event_schemas::{CardId, OrganizationId, WalletTransactionId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::credit::{self, CreditAnswer};
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::runner::{sentence, IntoApiError};
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(open_wallet))
        .routes(routes!(change_wallet))
        .routes(routes!(remove_card))
        .routes(routes!(credit_wallet))
        .routes(routes!(debit_wallet))
}

impl IntoApiError for WalletError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            WalletError::NotFound | WalletError::NoSuchCard | WalletError::NoSuchCredit => {
                ApiError::NotFound(sentence(&self))
            }
            WalletError::AlreadyOpen(_) | WalletError::Frozen | WalletError::ReferenceUsed => {
                ApiError::Conflict(sentence(&self))
            }
            other => ApiError::NonField(vec![sentence(&other)]),
        }
    }
}

/// How many times a wallet command is run again when other commands keep moving the
/// wallet first (each run already decides three times on fresh state): a burst of
/// debits on one wallet all get a definite answer instead of a conflict.
const RUNS_ON_MOVE: u32 = 12;

/// Runs `command` on the wallet `wallet_id` (at most once per the caller's key) and
/// waits for the read model; answers the events.
pub(super) async fn run(
    state: &CommandState,
    caller: &Caller,
    organization_id: &str,
    wallet_id: &str,
    command: WalletCommand,
) -> Result<Vec<WalletEvent>, ApiError> {
    let metadata = caller.metadata(Some(organization_id.to_owned()), None);
    run_with(
        state,
        &metadata,
        caller.command_key.clone(),
        wallet_id,
        command,
    )
    .await
}

/// [`run`] with the events' metadata and the command's key given.
pub(super) async fn run_with(
    state: &CommandState,
    metadata: &store::EventMetadata,
    command_key: Option<String>,
    wallet_id: &str,
    command: WalletCommand,
) -> Result<Vec<WalletEvent>, ApiError> {
    let mut run = 1;
    let events = loop {
        let attempt = state
            .runner()
            .execute::<Wallet>(wallet_id, command.clone(), metadata, command_key.clone())
            .await;
        match attempt {
            Err(CommandError::Run(RunError::Moved { .. })) if run < RUNS_ON_MOVE => {
                run += 1;
                // Spread the retries so the same racers do not meet again at once.
                let jitter = u64::from(uuid::Uuid::new_v4().as_bytes()[0] % 16);
                tokio::time::sleep(std::time::Duration::from_millis(2 + jitter)).await;
            }
            other => break other.map_err(IntoApiError::into_api_error)?,
        }
    };
    read_your_writes(&state.app, "wallets").await?;
    Ok(events)
}

/// A wallet as a command leaves it.
#[derive(Debug, Serialize, ToSchema)]
pub struct WalletAnswer {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// `NGN` or `USD`.
    pub currency: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub balance: String,
    /// `active` or `frozen`.
    pub status: String,
}

async fn answer(state: &CommandState, wallet_id: &str) -> Result<WalletAnswer, ApiError> {
    let row = projections::wallets::wallet(&state.app.db().pool, wallet_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("No such wallet.".into()))?;
    Ok(WalletAnswer {
        id: row.id,
        organization_id: row.organization_id,
        name: row.name,
        currency: row.currency,
        balance: row.balance,
        status: row.status,
    })
}

fn currency_field(raw: &str) -> Result<Currency, ApiError> {
    Currency::parse(raw).ok_or_else(|| ApiError::field("currency", "Choose NGN or USD."))
}

/// A money field of the body, as the HTTP contract reads money (a decimal string).
pub(super) fn amount_field(value: &Option<Value>) -> Result<Decimal, ApiError> {
    let value = value
        .as_ref()
        .ok_or_else(|| ApiError::field("amount", "This field is required."))?;
    money_of(value).map_err(|message| ApiError::field("amount", message))
}

/// The body's currency, when given, must be the wallet's: no conversion is made.
pub(super) fn same_currency(given: Option<&str>, wallet: &str) -> Result<(), ApiError> {
    match given.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c)
            if !c.eq_ignore_ascii_case(wallet)
                && Currency::parse(c).map(Currency::code) != Some(wallet) =>
        {
            Err(WalletError::WrongCurrency(wallet.to_owned()).into_api_error())
        }
        _ => Ok(()),
    }
}

#[derive(Deserialize, ToSchema)]
pub struct OpenWalletBody {
    #[serde(default)]
    pub organization_id: Option<String>,
    pub name: String,
    /// `NGN` or `USD` (or the choice numbers `0`, `1`).
    pub currency: String,
}

/// Opens the organization's wallet in a currency (one per organization and currency).
#[utoipa::path(post, path = "/api/v1/payments/payments/wallet/", tag = "wallets",
    request_body = OpenWalletBody,
    responses((status = 201, body = Data<WalletAnswer>), (status = 400), (status = 403),
        (status = 409)))]
pub async fn open_wallet(
    State(state): State<CommandState>,
    caller: Caller,
    Body(body): Body<OpenWalletBody>,
) -> Result<(StatusCode, Json<Data<WalletAnswer>>), ApiError> {
    let app = &state.app;
    let currency = currency_field(&body.currency)?;
    let organization_id =
        billing_organization(app, &caller.user, body.organization_id.as_deref()).await?;
    api_core::access::authorize_organization(
        app,
        &caller.user,
        &organization_id,
        domain::permissions::Action::Billing,
        None,
    )
    .await?;
    let organization: OrganizationId = parse_id(&organization_id)?;
    let wallet_id = wallet_id_of(organization, currency);
    let open = OpenWallet {
        wallet_id,
        organization_id: organization,
        name: body.name,
        currency,
        by: caller.user_id,
    };
    let id = wallet_id.to_string();
    run(&state, &caller, &organization_id, &id, open.into()).await?;
    Ok((StatusCode::CREATED, ok(answer(&state, &id).await?)))
}

#[derive(Deserialize, ToSchema)]
pub struct ChangeWalletBody {
    #[serde(default)]
    pub name: Option<String>,
    /// `active` or `frozen`.
    #[serde(default)]
    pub status: Option<String>,
}

/// Renames the wallet and/or freezes it (no money moves) or makes it active again.
#[utoipa::path(patch, path = "/api/v1/payments/payments/wallet/{wallet_id}/", tag = "wallets",
    params(("wallet_id" = String, Path)), request_body = ChangeWalletBody,
    responses((status = 200, body = Data<WalletAnswer>), (status = 400), (status = 403),
        (status = 404)))]
pub async fn change_wallet(
    State(state): State<CommandState>,
    caller: Caller,
    Path(wallet_id): Path<String>,
    Body(body): Body<ChangeWalletBody>,
) -> Result<Json<Data<WalletAnswer>>, ApiError> {
    let wallet = authorize_wallet(&state.app, &caller.user, &wallet_id).await?;
    let status = body
        .status
        .as_deref()
        .map(|s| {
            WalletStatus::parse(s)
                .ok_or_else(|| ApiError::field("status", "Choose active or frozen."))
        })
        .transpose()?;
    let change = ChangeWallet {
        name: body.name,
        status,
        by: caller.user_id,
    };
    run(
        &state,
        &caller,
        &wallet.organization_id,
        &wallet.id,
        change.into(),
    )
    .await?;
    Ok(ok(answer(&state, &wallet.id).await?))
}

/// A card removed from a wallet.
#[derive(Debug, Serialize, ToSchema)]
pub struct RemovedCard {
    pub id: String,
    pub removed: bool,
}

/// Removes a saved card: it can no longer be charged from this wallet.
#[utoipa::path(post, path = "/api/v1/payments/payments/wallet/{wallet_id}/cards/{card_id}/remove/",
    tag = "wallets", params(("wallet_id" = String, Path), ("card_id" = String, Path)),
    responses((status = 200, body = Data<RemovedCard>), (status = 403), (status = 404)))]
pub async fn remove_card(
    State(state): State<CommandState>,
    caller: Caller,
    Path((wallet_id, card_id)): Path<(String, String)>,
) -> Result<Json<Data<RemovedCard>>, ApiError> {
    let wallet = authorize_wallet(&state.app, &caller.user, &wallet_id).await?;
    let card: CardId = parse_id(&card_id).map_err(|_| WalletError::NoSuchCard.into_api_error())?;
    let remove = RemoveCard {
        card_id: card,
        by: caller.user_id,
    };
    run(
        &state,
        &caller,
        &wallet.organization_id,
        &wallet.id,
        remove.into(),
    )
    .await?;
    Ok(ok(RemovedCard {
        id: card.to_string(),
        removed: true,
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct CreditBody {
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: Option<Value>,
    /// `sandbox`, `flutterwave` or `paystack`, for a checkout.
    #[serde(default)]
    pub provider: Option<String>,
    /// Where the provider sends the customer back, for a checkout.
    #[serde(default)]
    pub redirect_url: Option<String>,
    /// A saved card to charge instead of a checkout.
    #[serde(default)]
    pub card_id: Option<String>,
    /// When given, must be the wallet's.
    #[serde(default)]
    pub currency: Option<String>,
}

/// Tops the wallet up: through a provider's checkout (answers its `link`; the wallet is
/// credited once the customer is back and the provider confirms the payment when asked,
/// through `process-payment`, or by its signed webhook), or by charging a saved card
/// (answered settled). Credited once per provider transaction.
#[utoipa::path(post, path = "/api/v1/payments/payments/wallet/{wallet_id}/credit/",
    tag = "wallets", params(("wallet_id" = String, Path)), request_body = CreditBody,
    responses((status = 200, body = Data<CreditAnswer>), (status = 400), (status = 403),
        (status = 404), (status = 409)))]
pub async fn credit_wallet(
    State(state): State<CommandState>,
    caller: Caller,
    Path(wallet_id): Path<String>,
    Body(body): Body<CreditBody>,
) -> Result<Json<Data<CreditAnswer>>, ApiError> {
    let wallet = authorize_wallet(&state.app, &caller.user, &wallet_id).await?;
    let amount = amount_field(&body.amount)?;
    same_currency(body.currency.as_deref(), &wallet.currency)?;
    let transaction_id: WalletTransactionId = caller.mint("wallet-credit");
    let tx_ref = format!("LLW-{}", &identity::random_secret()[..32]);
    let answer = match body
        .card_id
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(card) => {
            let card_id: CardId =
                parse_id(card).map_err(|_| WalletError::NoSuchCard.into_api_error())?;
            credit::charge_card(
                &state,
                &caller,
                &wallet,
                transaction_id,
                tx_ref,
                amount,
                card_id,
            )
            .await?
        }
        None => {
            let (provider, _) = state
                .providers
                .named(body.provider.as_deref().unwrap_or_default())?;
            let redirect_url =
                super::redirect_field(body.redirect_url.as_deref().unwrap_or_default())?;
            let request = RequestCredit {
                transaction_id,
                tx_ref: tx_ref.clone(),
                provider: provider.to_owned(),
                amount,
                card_id: None,
                by: caller.user_id,
            };
            credit::checkout(&state, &caller, &wallet, request, &redirect_url).await?
        }
    };
    Ok(ok(answer))
}

#[derive(Deserialize, ToSchema)]
pub struct DebitBody {
    /// Required unless `plan` is given (then, if given, it must be the plan's price).
    #[schema(value_type = Option<api_core::openapi::Money>)]
    #[serde(default)]
    pub amount: Option<Value>,
    /// Required unless `plan` is given.
    #[serde(default)]
    pub description: String,
    /// Pays this plan (`professional`, `enterprise`) from the wallet: a new plan now, or
    /// the next month of the plan held, at the price the License page shows.
    #[serde(default)]
    pub plan: Option<String>,
    /// When given, must be the wallet's.
    #[serde(default)]
    pub currency: Option<String>,
}

/// A debit recorded on a wallet.
#[derive(Debug, Serialize, ToSchema)]
pub struct DebitAnswer {
    pub id: String,
    pub wallet_id: String,
    /// `debit`.
    pub transaction_type: String,
    /// `successful`.
    pub status: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    pub currency: String,
    pub description: String,
    pub reference: Option<String>,
    #[schema(value_type = api_core::openapi::Money)]
    pub balance_after: String,
}

/// The debit `transaction_id` as the read model holds it (also the answer of a debit
/// already recorded under the same key).
pub(super) async fn debit_answer(
    state: &CommandState,
    transaction_id: WalletTransactionId,
) -> Result<DebitAnswer, ApiError> {
    let row = projections::wallets::transaction(&state.app.db().pool, &transaction_id.to_string())
        .await?
        .ok_or_else(|| ApiError::NotFound("No such wallet transaction.".into()))?;
    Ok(DebitAnswer {
        id: row.id,
        wallet_id: row.wallet_id,
        transaction_type: row.transaction_type,
        status: row.status,
        amount: row.amount,
        currency: row.currency,
        description: row.description,
        reference: row.reference,
        balance_after: row.balance_after.unwrap_or_default(),
    })
}

/// Spends from the balance: pays a plan (`plan`, the License page's "Pay from wallet")
/// or records an Admin's debit; never below zero. With an `Idempotency-Key` a retried
/// request debits once.
#[utoipa::path(post, path = "/api/v1/payments/payments/wallet/{wallet_id}/debit/",
    tag = "wallets", params(("wallet_id" = String, Path)), request_body = DebitBody,
    responses((status = 201, body = Data<DebitAnswer>), (status = 400), (status = 403),
        (status = 404), (status = 409)))]
pub async fn debit_wallet(
    State(state): State<CommandState>,
    caller: Caller,
    Path(wallet_id): Path<String>,
    Body(body): Body<DebitBody>,
) -> Result<(StatusCode, Json<Data<DebitAnswer>>), ApiError> {
    let wallet = authorize_wallet(&state.app, &caller.user, &wallet_id).await?;
    same_currency(body.currency.as_deref(), &wallet.currency)?;
    if let Some(plan) = body.plan.as_deref() {
        let plan = super::plan_field(plan)?;
        let expected = body
            .amount
            .is_some()
            .then(|| amount_field(&body.amount))
            .transpose()?;
        let paid =
            super::pay_from_wallet::pay_plan(&state, &caller, &wallet, plan, expected).await?;
        return Ok((StatusCode::CREATED, ok(paid)));
    }
    let amount = amount_field(&body.amount)?;
    let transaction_id: WalletTransactionId = caller.mint("wallet-debit");
    let debit = Debit {
        transaction_id,
        amount,
        description: body.description,
        reference: None,
        by: caller.user_id,
    };
    run(
        &state,
        &caller,
        &wallet.organization_id,
        &wallet.id,
        debit.into(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(debit_answer(&state, transaction_id).await?),
    ))
}
