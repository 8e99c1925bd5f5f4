//! Dev-only pages of the embedded install: the mail outbox, so a local user can open the
//! verification, reset and invitation links that production would e-mail. Mounted only
//! when mail goes to files (no `SMTP_URL`).

use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::Json;
use identity::outbox::StoredMail;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new().routes(routes!(outbox))
}

/// The 50 newest mails, newest first (embedded installs only).
#[utoipa::path(get, path = "/api/v1/dev/outbox/", tag = "dev",
    responses((status = 200, body = Data<Vec<StoredMail>>)))]
pub async fn outbox(
    State(state): State<AppState>,
) -> Result<Json<Data<Vec<StoredMail>>>, ApiError> {
    Ok(ok(identity::outbox::list(state.db(), 50).await?))
}
