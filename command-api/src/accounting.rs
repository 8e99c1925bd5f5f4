//! The accounting service's writes (spec §7 "Accounting", DESIGN §5), under
//! `/api/v1/accounting/workspaces/{workspace_id}/`. Each route checks the caller's
//! standing in the workspace, runs one command on the workspace's AccountTree (or a
//! journal entry), then waits for the read models.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::error::data;
use api_core::request_id::CurrentRequestId;
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use domain::account_tree::{AccountTreeCommand, SetUpDefaultChart};
use domain::permissions::Action;
use event_schemas::WorkspaceId;
use serde_json::{json, Value};
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::organizations::parse_id;
use crate::runner::execute;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new().routes(routes!(set_up_default_chart))
}

/// Runs one AccountTree command for the workspace as `user`.
pub(crate) async fn run_on_tree(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: WorkspaceId,
    command: AccountTreeCommand,
) -> Result<(), ApiError> {
    let organization_id: Option<String> =
        sqlx::query_scalar("SELECT organization_id FROM read_workspaces WHERE id = $1")
            .bind(workspace_id.to_string())
            .fetch_optional(&state.app.db().pool)
            .await?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        workspace_id: Some(workspace_id.to_string()),
        request_id,
        ..Default::default()
    };
    execute(
        &state.aggregates.account_trees,
        &workspace_id.to_string(),
        command,
        &metadata,
    )
    .await
}

/// Sets up the default chart of accounts once per workspace; afterwards it changes
/// nothing (the UI calls it whenever the main layout loads). Any member may trigger it:
/// it is the workspace's one-time initialisation, with no choice in it, not an edit.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/default/setup/", tag = "accounting",
    params(("workspace_id" = String, Path)),
    responses((status = 200, description = "`data`: workspace_id, set_up (true when this call created the chart)"), (status = 403)))]
pub async fn set_up_default_chart(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::ReadBooks, None).await?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let before = *state.app.store.subscribe().borrow();
    run_on_tree(
        &state,
        &user,
        request_id,
        workspace,
        SetUpDefaultChart {
            workspace_id: workspace,
        }
        .into(),
    )
    .await?;
    let set_up = *state.app.store.subscribe().borrow() != before;
    api_core::consistency::read_your_writes(&state.app, "accounts").await?;
    Ok(data(
        json!({ "workspace_id": workspace_id, "set_up": set_up }),
    ))
}
