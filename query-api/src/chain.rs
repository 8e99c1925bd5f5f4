use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use domain::permissions::Action;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct ChainHead {
    pub workspace_id: String,
    /// Events in the workspace's chain so far.
    pub event_count: i64,
    /// SHA-256 over the previous hash and the last event's canonical content.
    pub head_hash: String,
    pub last_position: i64,
}

/// The head of a workspace's tamper-evident hash chain. Auditors pin their findings to it:
/// if any earlier event is altered, `ledgerline events verify` names it and this hash no
/// longer follows from the log.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/chain-head/", tag = "audit",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<ChainHead>), (status = 401), (status = 403)))]
pub async fn chain_head(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<ChainHead>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let head = state.store.chain_head(&workspace_id).await?;
    Ok(ok(match head {
        Some(h) => ChainHead {
            workspace_id,
            event_count: h.event_count,
            head_hash: h.head_hash,
            last_position: h.last_position,
        },
        None => ChainHead {
            workspace_id,
            event_count: 0,
            head_hash: store::hash::GENESIS_HASH.to_owned(),
            last_position: 0,
        },
    }))
}
