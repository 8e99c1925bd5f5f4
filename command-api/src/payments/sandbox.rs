//! The sandbox provider's checkout page's two calls (DESIGN §8 "sandbox payments"): what
//! a checkout asks, and what the customer did on it.

use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::gateway;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(sandbox_checkout, sandbox_complete))
}

/// The sandbox provider's checkout, for its page (public: the unguessable `tx_ref` is
/// the customer's key, as a provider's checkout link is).
#[utoipa::path(get, path = "/api/v1/payments/sandbox/checkout/{tx_ref}/", security(()), tag = "payments",
    params(("tx_ref" = String, Path)),
    responses((status = 200, body = Data<SandboxCheckout>), (status = 404)))]
pub async fn sandbox_checkout(
    State(state): State<CommandState>,
    Path(tx_ref): Path<String>,
) -> Result<Json<Data<SandboxCheckout>>, ApiError> {
    let checkout = gateway::checkout(state.app.db(), &tx_ref).await?;
    Ok(ok(SandboxCheckout {
        checkout,
        test_cards: TestCards {
            accepted: gateway::ACCEPTED_TEST_CARD.to_owned(),
            declined: gateway::DECLINED_TEST_CARD.to_owned(),
        },
    }))
}

/// The sandbox's card numbers, listed on its page.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestCards {
    /// Pays.
    pub accepted: String,
    /// Is declined by the card's bank.
    pub declined: String,
}

/// A sandbox checkout and the test cards its page lists.
#[derive(Debug, Serialize, ToSchema)]
pub struct SandboxCheckout {
    pub checkout: gateway::Checkout,
    pub test_cards: TestCards,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SandboxActionBody {
    /// `pay` or `cancel`.
    pub action: String,
    #[serde(default)]
    pub card_number: String,
    /// `MM/YY`.
    #[serde(default)]
    pub expiry: String,
    #[serde(default)]
    pub cvc: String,
}

/// What the customer did on the sandbox checkout: pays with a card or cancels. Answers
/// `redirect`, where the customer goes next.
#[utoipa::path(post, path = "/api/v1/payments/sandbox/checkout/{tx_ref}/", security(()), tag = "payments",
    params(("tx_ref" = String, Path)), request_body = SandboxActionBody,
    responses((status = 200, body = Data<SandboxRedirect>), (status = 400), (status = 404),
        (status = 409)))]
pub async fn sandbox_complete(
    State(state): State<CommandState>,
    Path(tx_ref): Path<String>,
    Body(body): Body<SandboxActionBody>,
) -> Result<Json<Data<SandboxRedirect>>, ApiError> {
    let action = match body.action.trim() {
        "pay" => gateway::CustomerAction::Pay {
            card_number: &body.card_number,
            expiry: &body.expiry,
            cvc: &body.cvc,
        },
        "cancel" => gateway::CustomerAction::Cancel,
        _ => return Err(ApiError::field("action", "Choose pay or cancel.")),
    };
    let redirect = gateway::complete(state.app.db(), &tx_ref, action).await?;
    Ok(ok(SandboxRedirect { redirect }))
}

/// Where the customer goes after the sandbox checkout: the merchant's return address
/// with `status` and `tx_ref` added.
#[derive(Debug, Serialize, ToSchema)]
pub struct SandboxRedirect {
    pub redirect: String,
}
