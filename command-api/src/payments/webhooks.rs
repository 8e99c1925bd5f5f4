//! Providers' webhooks (`POST /api/v1/payments/webhooks/{provider}/`): a notice that a
//! transaction of ours changed. Its signature is checked over the raw body first; a
//! notice that fails it is refused and recorded. One that passes is still not taken at
//! its word: the transaction is verified with the provider, and the wallet credits it
//! once however many times the notice comes.
//!
//! Every webhook received is kept in `payment_webhooks` (plain state: the provider's
//! deliveries, not our facts), with the body's hash, never the body.

use api_core::ApiError;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use serde::Serialize;
use sha2::{Digest, Sha256};
use store::migrate::Migration;
use store::ExecuteWrite;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::credit;
use crate::CommandState;

const WEBHOOKS: &str = "CREATE TABLE payment_webhooks (
    id TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    received_at BIGINT NOT NULL,
    outcome TEXT NOT NULL,
    event TEXT,
    tx_ref TEXT,
    body_sha256 TEXT NOT NULL
)";

pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "payment_webhooks",
    sqlite: WEBHOOKS,
    postgres: WEBHOOKS,
}];

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(webhook))
}

/// What became of a webhook.
#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookReceipt {
    /// `credited`, `settled` (verified, nothing more to credit) or `ignored` (not a
    /// transaction of ours).
    pub outcome: String,
}

async fn record(
    state: &CommandState,
    provider: &str,
    outcome: &str,
    event: Option<&str>,
    tx_ref: Option<&str>,
    body: &[u8],
) -> Result<(), ApiError> {
    sqlx::query(
        "INSERT INTO payment_webhooks (id, provider, received_at, outcome, event, tx_ref, \
         body_sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(provider)
    .bind(identity::now_us())
    .bind(outcome)
    .bind(event)
    .bind(tx_ref)
    .bind(hex::encode(Sha256::digest(body)))
    .execute_write(state.app.db())
    .await?;
    Ok(())
}

/// A provider's signed notice about one of our transactions.
#[utoipa::path(post, path = "/api/v1/payments/webhooks/{provider}/", security(()), tag = "payments",
    params(("provider" = String, Path, description = "flutterwave or paystack")),
    request_body(content = String, description = "The provider's JSON notice, as sent"),
    responses((status = 200, body = WebhookReceipt), (status = 400), (status = 404)))]
pub async fn webhook(
    State(state): State<CommandState>,
    Path(provider): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Json<WebhookReceipt>, ApiError> {
    let (name, live) = state.providers.named(&provider)?;
    let Some(notice) = live.webhook(&headers, &body) else {
        tracing::warn!(
            provider = name,
            "payment webhook refused: its signature does not hold"
        );
        record(&state, name, "refused", None, None, &body).await?;
        return Err(ApiError::NonField(vec![
            "The webhook's signature does not match.".into(),
        ]));
    };
    let tx_ref = notice.tx_ref.as_deref().unwrap_or_default();
    api_core::consistency::read_your_writes(&state.app, "wallets").await?;
    let credit = projections::wallets::credit_by_tx_ref(&state.app.db().pool, tx_ref).await?;
    let outcome = match credit {
        None => "ignored",
        Some((wallet_id, organization_id)) => {
            let before = credit::credit_status(&state, &wallet_id, tx_ref).await?;
            let after = credit::settle(
                &state,
                None,
                &wallet_id,
                &organization_id,
                tx_ref,
                notice.transaction_id.as_deref(),
            )
            .await?;
            if before != "successful" && after.status == "successful" {
                "credited"
            } else {
                "settled"
            }
        }
    };
    record(
        &state,
        name,
        outcome,
        Some(&notice.event),
        notice.tx_ref.as_deref(),
        &body,
    )
    .await?;
    Ok(Json(WebhookReceipt {
        outcome: outcome.into(),
    }))
}
