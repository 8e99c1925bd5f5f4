//! Paying the organization's plan (a new plan or the next month of the one held) from
//! its wallet: the wallet's debit and the billing's payment — initiated and settled by
//! the billing aggregate's own rules (`BillingCommand::PayNow`) — are one append, so the
//! money never leaves the wallet without the plan, nor the plan start without the money.

use api_core::consistency::read_your_writes;
use api_core::ApiError;
use commands::{Committed, RunError, Unit};
use domain::billing::{Billing, Currency, PayNow};
use domain::permissions::Plan;
use domain::wallet::{Debit, Wallet};
use event_schemas::{OrganizationId, WalletTransactionId};
use projections::wallets::WalletRow;
use rust_decimal::Decimal;

use super::wallets::{debit_answer, DebitAnswer};
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::runner::IntoApiError;
use crate::CommandState;

/// The provider name of a payment made from the wallet's balance.
pub const WALLET_PROVIDER: &str = "wallet";

const ATTEMPTS_ON_MOVE: usize = 12;

/// Debits what `plan` costs now from `wallet` and starts the plan with it. `expected`,
/// when given, must be that price: the member agreed to pay what they saw.
pub(super) async fn pay_plan(
    state: &CommandState,
    caller: &Caller,
    wallet: &WalletRow,
    plan: Plan,
    expected: Option<Decimal>,
) -> Result<DebitAnswer, ApiError> {
    let runner = state.runner();
    let currency = Currency::parse(&wallet.currency)
        .ok_or_else(|| ApiError::internal("a wallet in a currency plans are not priced in"))?;
    let organization_id: OrganizationId = parse_id(&wallet.organization_id)?;
    let transaction_id: WalletTransactionId = caller.mint("wallet-debit");
    // Named after the debit, so a retried request names the same payment.
    let tx_ref = format!("LLW-{}", transaction_id.as_uuid().simple());
    let metadata = caller.metadata(Some(wallet.organization_id.clone()), None);
    let mut attempt = 1;
    loop {
        let billing = runner
            .load::<Billing>(&wallet.organization_id)
            .await
            .map_err(IntoApiError::into_api_error)?;
        let funds = runner
            .load::<Wallet>(&wallet.id)
            .await
            .map_err(IntoApiError::into_api_error)?;
        let at = state.app.clock.now_us();
        let quote = billing
            .state
            .quote(plan, currency, at)
            .map_err(IntoApiError::into_api_error)?;
        if quote.amount == Decimal::ZERO {
            return Err(ApiError::field(
                "plan",
                "Nothing is due for this plan now: choose it on the License page.",
            ));
        }
        if let Some(expected) = expected.filter(|e| *e != quote.amount) {
            return Err(ApiError::field(
                "amount",
                format!(
                    "The {} plan costs {} {} now, not {expected}.",
                    plan.name(),
                    quote.amount,
                    currency.code()
                ),
            ));
        }
        let mut unit = Unit::new(&metadata, caller.command_key.clone());
        let debit = Debit {
            transaction_id,
            amount: quote.amount,
            description: format!("{} plan, one month", plan.name()),
            reference: Some(tx_ref.clone()),
            by: caller.user_id,
        };
        let debited = unit
            .decide(&funds, debit.into())
            .map_err(IntoApiError::into_api_error)?;
        if debited.is_empty() {
            // This debit was recorded by an earlier attempt of the same request.
            break;
        }
        let pay = PayNow {
            organization_id,
            tx_ref: tx_ref.clone(),
            provider: WALLET_PROVIDER.to_owned(),
            plan,
            currency,
            provider_transaction_id: transaction_id.to_string(),
            subscription_id: caller.mint("wallet-subscription"),
            at,
            by: caller.user_id,
        };
        unit.decide(&billing, pay.into())
            .map_err(IntoApiError::into_api_error)?;
        match unit.commit(runner).await {
            Ok(Committed::Applied(_) | Committed::Replayed | Committed::Nothing) => break,
            Err(RunError::Moved { .. }) if attempt < ATTEMPTS_ON_MOVE => attempt += 1,
            Err(err) => return Err(err.into_api_error()),
        }
    }
    read_your_writes(&state.app, "subscriptions").await?;
    read_your_writes(&state.app, "wallets").await?;
    debit_answer(state, transaction_id).await
}
