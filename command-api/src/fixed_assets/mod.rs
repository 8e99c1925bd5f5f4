//! Fixed assets' writes under `/api/v1/accounting/workspaces/{workspace_id}/`: the
//! register (`fixed-assets/`: register, change, dispose of) and the monthly depreciation
//! runs (`depreciation-runs/`: post, reverse). Every route needs `journal_entries:post`,
//! as posting entries does; the reads are in the query service. A run, its reversal and a
//! disposal go through the books' posting service: the run's or asset's events, every
//! asset charge and the journal entry in one append.
//!
//! - [`input`]: request bodies to the domain's record, with the account's defaults.
//! - [`errors`]: the domain's errors as HTTP answers.
//! - [`dispose`]: an asset's disposal.
//! - [`runs`]: a month's depreciation run and its reversal.

mod dispose;
mod errors;
pub mod input;
pub mod runs;

use api_core::access::authorize;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{Loaded, Unit};
use domain::account_tree::AccountTree;
use domain::fixed_asset::{FixedAsset, FixedAssetCommand, RegisterAsset, UpdateAsset};
use domain::payroll::settings::{AccountFact, ChartFacts};
use domain::permissions::Action;
use event_schemas::{AccountId, FixedAssetId, WorkspaceId};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;
use input::AssetBody;

/// The projector fixed assets' reads wait for.
pub(crate) const READ_MODEL: &str = "fixed_assets";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(register_fixed_asset))
        .routes(routes!(update_fixed_asset))
        .routes(routes!(dispose::dispose_fixed_asset))
        .routes(routes!(runs::create_depreciation_run))
        .routes(routes!(runs::reverse_depreciation_run))
}

/// Checks the caller may post entries in the workspace.
pub(crate) async fn may_post(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
) -> Result<WorkspaceId, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        workspace_id,
        Action::PostEntries,
        None,
    )
    .await?;
    parse_id(workspace_id)
}

/// What the rules need to know of `ids` in the chart (absent ones are not in it).
pub(crate) fn facts(tree: &AccountTree, ids: &[AccountId]) -> ChartFacts {
    ids.iter()
        .filter_map(|id| {
            tree.account(*id).map(|account| {
                (
                    *id,
                    AccountFact {
                        account_type: account.account_type,
                        postable: !account.archived && tree.is_last_level(*id),
                    },
                )
            })
        })
        .collect()
}

/// The asset a command names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FixedAssetRef {
    pub id: String,
}

/// An asset of this workspace, or 404.
pub(crate) async fn asset_of(
    state: &CommandState,
    workspace: WorkspaceId,
    fixed_asset_id: &str,
) -> Result<(FixedAssetId, Loaded<FixedAsset>), ApiError> {
    let id: FixedAssetId = parse_id(fixed_asset_id)?;
    let asset: Loaded<FixedAsset> = state
        .runner()
        .load(fixed_asset_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    match asset.state.workspace_id() {
        Some(ws) if ws == workspace => Ok((id, asset)),
        _ => Err(ApiError::NotFound("No such fixed asset.".into())),
    }
}

async fn run_on_asset(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
    asset: &Loaded<FixedAsset>,
    command: FixedAssetCommand,
) -> Result<(), ApiError> {
    let metadata = workspace_metadata(state, caller, workspace_id).await?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(asset, command)
        .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, READ_MODEL).await
}

/// Puts an asset on the register. Its purchase is posted as any entry is (Dr the asset
/// account); the register counts its cost from `available_for_use`.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/", tag = "fixed-assets",
    params(("workspace_id" = String, Path)), request_body = AssetBody,
    responses((status = 201, body = Data<FixedAssetRef>), (status = 400), (status = 403)))]
pub async fn register_fixed_asset(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<AssetBody>,
) -> Result<(StatusCode, Json<Data<FixedAssetRef>>), ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let chart = state
        .books
        .chart(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let tree = &chart.tree.state;
    let details = input::details(&body, None, tree)?;
    let id: FixedAssetId = caller.mint("fixed-asset");
    let asset = Loaded::<FixedAsset>::fresh(id.to_string());
    let command = RegisterAsset {
        fixed_asset_id: id,
        workspace_id: workspace,
        chart: facts(tree, &accounts_of(&details)),
        details,
        registered_by: caller.user_id,
    };
    run_on_asset(&state, &caller, &workspace_id, &asset, command.into()).await?;
    Ok((
        StatusCode::CREATED,
        ok(FixedAssetRef { id: id.to_string() }),
    ))
}

fn accounts_of(details: &domain::fixed_asset::AssetDetails) -> [AccountId; 3] {
    [
        details.asset_account,
        details.accumulated_depreciation_account,
        details.depreciation_expense_account,
    ]
}

/// Changes an asset's record: absent fields keep their values; the cost fields (cost,
/// residual value, life, method, rate, available-for-use date, accounts) only until a
/// run first charges it.
#[utoipa::path(patch, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/{id}/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = AssetBody,
    responses((status = 200, body = Data<FixedAssetRef>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn update_fixed_asset(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, fixed_asset_id)): Path<(String, String)>,
    Body(body): Body<AssetBody>,
) -> Result<Json<Data<FixedAssetRef>>, ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let (_, asset) = asset_of(&state, workspace, &fixed_asset_id).await?;
    let chart = state
        .books
        .chart(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let tree = &chart.tree.state;
    let current = asset
        .state
        .details()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("No such fixed asset.".into()))?;
    let details = input::details(&body, Some(&current), tree)?;
    let command = UpdateAsset {
        chart: facts(tree, &accounts_of(&details)),
        details,
        updated_by: caller.user_id,
    };
    run_on_asset(&state, &caller, &workspace_id, &asset, command.into()).await?;
    Ok(ok(FixedAssetRef { id: fixed_asset_id }))
}
