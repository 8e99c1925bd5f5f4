//! Topping a wallet up: the checkout or the saved card's charge, and settling it with
//! what the provider answers when asked — never with what a redirect says. A webhook and
//! the customer's return may both settle the same top-up; the wallet credits it once.

use api_core::ApiError;
use domain::wallet::{CreditVerification, RequestCredit, SettleCredit, Wallet, WalletError};
use event_schemas::{CardId, WalletTransactionId};
use projections::wallets::WalletRow;
use rust_decimal::Decimal;
use serde::Serialize;
use utoipa::ToSchema;

use super::customer_email;
use super::gateway::Checkout;
use super::providers::Outcome;
use super::wallets::{run, run_with};
use crate::caller::Caller;
use crate::runner::IntoApiError;
use crate::CommandState;

/// A top-up as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreditAnswer {
    pub transaction_id: String,
    pub wallet_id: String,
    pub tx_ref: String,
    pub provider: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    pub currency: String,
    /// `pending`, `successful` or `failed`.
    pub status: String,
    /// The provider's checkout link (a checkout only).
    pub link: Option<String>,
    pub failure_reason: Option<String>,
}

fn checkout_of(wallet: &WalletRow, provider: &str, tx_ref: &str, amount: Decimal) -> Checkout {
    Checkout {
        tx_ref: tx_ref.to_owned(),
        provider: provider.to_owned(),
        amount: amount.to_string(),
        currency: wallet.currency.clone(),
        description: format!("Ledgerline wallet top-up ({})", wallet.name),
        status: "pending".into(),
        card_last4: None,
    }
}

/// Records the top-up and opens the provider's checkout for it.
pub(super) async fn checkout(
    state: &CommandState,
    caller: &Caller,
    wallet: &WalletRow,
    request: RequestCredit,
    redirect_url: &str,
) -> Result<CreditAnswer, ApiError> {
    let (tx_ref, provider, transaction_id) = (
        request.tx_ref.clone(),
        request.provider.clone(),
        request.transaction_id,
    );
    let events = run(
        state,
        caller,
        &wallet.organization_id,
        &wallet.id,
        request.into(),
    )
    .await?;
    let amount = match events.first() {
        Some(event_schemas::wallet::WalletEvent::WalletCreditRequested(e)) => e.amount,
        // Replayed under the same key: the first attempt's answer was cached by the
        // idempotency layer, so this is only reached if it was lost.
        _ => {
            return Err(ApiError::Conflict(
                "This top-up was already started.".into(),
            ))
        }
    };
    let checkout = checkout_of(wallet, &provider, &tx_ref, amount);
    let email = customer_email(&state.app, &caller.user.user_id).await?;
    let (_, live) = state.providers.named(&provider)?;
    let link = live
        .open_checkout(&state.app, &checkout, redirect_url, &email)
        .await?;
    Ok(CreditAnswer {
        transaction_id: transaction_id.to_string(),
        wallet_id: wallet.id.clone(),
        tx_ref,
        provider,
        amount: amount.to_string(),
        currency: wallet.currency.clone(),
        status: "pending".into(),
        link: Some(link),
        failure_reason: None,
    })
}

/// Records the top-up, charges the saved card at its provider and settles it with
/// what the provider then answers about the charge.
pub(super) async fn charge_card(
    state: &CommandState,
    caller: &Caller,
    wallet: &WalletRow,
    transaction_id: WalletTransactionId,
    tx_ref: String,
    amount: Decimal,
    card_id: CardId,
) -> Result<CreditAnswer, ApiError> {
    let loaded = state
        .runner()
        .load::<Wallet>(&wallet.id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let card = loaded
        .state
        .card(card_id)
        .cloned()
        .ok_or_else(|| WalletError::NoSuchCard.into_api_error())?;
    let request = RequestCredit {
        transaction_id,
        tx_ref: tx_ref.clone(),
        provider: card.provider.clone(),
        amount,
        card_id: Some(card_id),
        by: caller.user_id,
    };
    let events = run(
        state,
        caller,
        &wallet.organization_id,
        &wallet.id,
        request.into(),
    )
    .await?;
    let Some(event_schemas::wallet::WalletEvent::WalletCreditRequested(requested)) = events.first()
    else {
        return Err(ApiError::Conflict(
            "This top-up was already started.".into(),
        ));
    };
    let checkout = checkout_of(wallet, &card.provider, &tx_ref, requested.amount);
    let email = customer_email(&state.app, &caller.user.user_id).await?;
    let (_, live) = state.providers.named(&card.provider)?;
    live.charge_saved(&state.app, &card.token, &checkout, &email)
        .await?;
    settle(
        state,
        Some(caller),
        &wallet.id,
        &wallet.organization_id,
        &tx_ref,
        None,
    )
    .await
}

/// Asks the provider how the top-up `tx_ref` of wallet `wallet_id` ended (by its own id
/// `transaction_id` when known) and settles it with that answer (`caller` none for a
/// webhook). Answers the top-up as it then stands.
pub(super) async fn settle(
    state: &CommandState,
    caller: Option<&Caller>,
    wallet_id: &str,
    organization_id: &str,
    tx_ref: &str,
    transaction_id: Option<&str>,
) -> Result<CreditAnswer, ApiError> {
    let loaded = state
        .runner()
        .load::<Wallet>(wallet_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let credit = loaded
        .state
        .credit(tx_ref)
        .cloned()
        .ok_or_else(|| WalletError::NoSuchCredit.into_api_error())?;
    let (_, live) = state.providers.named(&credit.provider)?;
    let outcome = live.verify(&state.app, tx_ref, transaction_id).await?;
    let verification = match outcome {
        Outcome::Paid {
            provider_transaction_id,
            amount,
            currency,
            card,
        } => CreditVerification::Successful {
            provider_transaction_id,
            amount,
            currency,
            card: card.map(Into::into),
            card_id: CardId::new_v7(),
        },
        Outcome::Failed { status, reason } => CreditVerification::Failed { status, reason },
        Outcome::Pending => CreditVerification::Pending,
    };
    let settle = SettleCredit {
        tx_ref: tx_ref.to_owned(),
        verification,
        by: caller.map(|c| c.user_id),
    };
    // A settle is not the request's keyed command (the top-up was): it runs unkeyed, and
    // a webhook's has no actor.
    let metadata = match caller {
        Some(caller) => caller.metadata(Some(organization_id.to_owned()), None),
        None => store::EventMetadata {
            organization_id: Some(organization_id.to_owned()),
            ..Default::default()
        },
    };
    run_with(state, &metadata, None, wallet_id, settle.into()).await?;
    credit_answer(state, wallet_id, &credit.transaction_id.to_string()).await
}

/// The top-up `transaction_id` as the read model holds it.
pub(super) async fn credit_answer(
    state: &CommandState,
    wallet_id: &str,
    transaction_id: &str,
) -> Result<CreditAnswer, ApiError> {
    let row = projections::wallets::transaction(&state.app.db().pool, transaction_id)
        .await?
        .filter(|r| r.wallet_id == wallet_id)
        .ok_or_else(|| WalletError::NoSuchCredit.into_api_error())?;
    Ok(CreditAnswer {
        transaction_id: row.id,
        wallet_id: row.wallet_id,
        tx_ref: row.tx_ref.unwrap_or_default(),
        provider: row.provider.unwrap_or_default(),
        amount: row.amount,
        currency: row.currency,
        status: row.status,
        link: None,
        failure_reason: row.failure_reason,
    })
}

/// Where the top-up `tx_ref` of wallet `wallet_id` stands now (`pending` when unknown).
pub(super) async fn credit_status(
    state: &CommandState,
    wallet_id: &str,
    tx_ref: &str,
) -> Result<String, ApiError> {
    let loaded = state
        .runner()
        .load::<Wallet>(wallet_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok(match loaded.state.credit(tx_ref).map(|c| c.status) {
        Some(domain::wallet::CreditStatus::Successful) => "successful",
        Some(domain::wallet::CreditStatus::Failed) => "failed",
        _ => "pending",
    }
    .to_owned())
}
