//! The provider choice the UI offers: every provider the product knows, and whether it
//! takes payments on this server (its keys are set; the sandbox always is).

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::providers;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(live_providers))
}

/// A payment provider and whether it takes payments on this server.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProviderChoice {
    /// The path name (`sandbox`, `flutterwave`, `paystack`).
    pub name: String,
    pub label: String,
    /// Whether its keys are set here (the sandbox always is).
    pub live: bool,
}

/// The payment providers and which of them are live here, for the provider choice.
#[utoipa::path(get, path = "/api/v1/payments/payments/providers/", tag = "payments",
    responses((status = 200, body = Data<Vec<ProviderChoice>>), (status = 401)))]
pub async fn live_providers(
    State(state): State<CommandState>,
    _user: AuthUser,
) -> Json<Data<Vec<ProviderChoice>>> {
    let live = state.providers.live();
    ok(providers::KNOWN
        .into_iter()
        .map(|name| ProviderChoice {
            name: name.to_owned(),
            label: providers::label(name).to_owned(),
            live: live.contains(&name),
        })
        .collect())
}
