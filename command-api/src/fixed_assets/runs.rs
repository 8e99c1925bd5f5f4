//! Depreciation runs: `POST depreciation-runs/` posts a month's run — every asset's charge
//! of the month (Dr depreciation expense, Cr accumulated depreciation) as one entry, the
//! run's event and each asset's charge in the same append; asking again for a month
//! answers the run standing. `POST depreciation-runs/{id}/reverse/` reverses it (the
//! reversing entry, the run's event and each asset's charge taken back, in one append);
//! the month may then be run again.

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{CommandError, Loaded};
use domain::calendar::Month;
use domain::fixed_asset::{
    run_entry, run_id, AssetError, Depreciate, DepreciationRun, DepreciationRunError,
    DepreciationRunEvent, FixedAsset, FixedAssetEvent, PostRun, ReverseDepreciation, ReverseRun,
    RunCharge, ASSETS_PER_RUN_MAX,
};
use domain::journal_entry::{JournalEntry, JournalEntryError};
use event_schemas::{DepreciationRunId, JournalEntryId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::{may_post, READ_MODEL};
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;

/// The month to depreciate.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RunBody {
    /// `YYYY-MM`.
    pub period: String,
}

/// A reversal's date (default: the run's own date, so the month nets to nothing).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ReverseRunBody {
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
}

/// A run after a command.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RunOutcome {
    pub id: String,
    /// `YYYY-MM`.
    pub period: String,
    /// `posted` or `reversed`.
    pub status: String,
    /// The entry's date: the month's last day.
    pub date: String,
    pub journal_entry_id: String,
    pub reversal_entry_id: Option<String>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
    pub assets: usize,
}

fn posted_outcome(run: &event_schemas::fixed_asset::run::DepreciationRunPosted) -> RunOutcome {
    RunOutcome {
        id: run.depreciation_run_id.to_string(),
        period: run.period.clone(),
        status: "posted".into(),
        date: run.date.to_string(),
        journal_entry_id: run.journal_entry_id.to_string(),
        reversal_entry_id: None,
        total: run.total.to_string(),
        assets: run.charges.len(),
    }
}

/// Why a run or its reversal was refused: the run, an asset, or the entry.
enum Refusal {
    Run(DepreciationRunError),
    Asset(AssetError),
    Entry(JournalEntryError),
}

impl IntoApiError for Refusal {
    fn into_api_error(self) -> ApiError {
        match self {
            Self::Run(err) => err.into_api_error(),
            Self::Asset(err) => err.into_api_error(),
            Self::Entry(err) => err.into_api_error(),
        }
    }
}

fn refused(err: CommandError<Refusal>) -> ApiError {
    err.into_api_error()
}

async fn load_run(
    state: &CommandState,
    id: DepreciationRunId,
) -> Result<Loaded<DepreciationRun>, ApiError> {
    state
        .runner()
        .load(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)
}

/// The workspace's assets not disposed of, as their streams hold them.
async fn assets_in_use(
    state: &CommandState,
    workspace_id: &str,
) -> Result<Vec<Loaded<FixedAsset>>, ApiError> {
    let ids: Vec<String> = sqlx::query_scalar(&format!(
        "SELECT fixed_asset_id FROM read_fixed_assets WHERE workspace_id = $1 \
         AND disposed_on IS NULL ORDER BY fixed_asset_id LIMIT {}",
        ASSETS_PER_RUN_MAX + 1
    ))
    .bind(workspace_id)
    .fetch_all(&state.app.db().pool)
    .await?;
    if ids.len() > ASSETS_PER_RUN_MAX {
        return Err(DepreciationRunError::TooManyAssets {
            max: ASSETS_PER_RUN_MAX,
        }
        .into_api_error());
    }
    let mut loaded = Vec::with_capacity(ids.len());
    for id in ids {
        let asset = state
            .runner()
            .load::<FixedAsset>(&id)
            .await
            .map_err(IntoApiError::into_api_error)?;
        if asset.state.disposed().is_none() {
            loaded.push(asset);
        }
    }
    Ok(loaded)
}

/// Posts the month's depreciation: one entry dated the month's last day with every
/// asset's charge of the month. One run per month: asking again answers the run standing
/// (200); a month whose run was reversed is run afresh (201).
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/depreciation-runs/", tag = "fixed-assets",
    params(("workspace_id" = String, Path)), request_body = RunBody,
    responses((status = 201, body = Data<RunOutcome>), (status = 200, body = Data<RunOutcome>), (status = 400), (status = 403), (status = 409)))]
pub async fn create_depreciation_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<RunBody>,
) -> Result<(StatusCode, Json<Data<RunOutcome>>), ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let period = Month::parse(body.period.trim())
        .map_err(|_| ApiError::field("period", "Enter a month as YYYY-MM."))?;
    let id = run_id(workspace, period);
    let run = load_run(&state, id).await?;
    if let Some(posted) = run.state.posted() {
        return Ok((StatusCode::OK, ok(posted_outcome(posted))));
    }
    let assets = assets_in_use(&state, &workspace_id).await?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let entry_id: JournalEntryId = caller.mint("depreciation-run/entry");
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                let mut charges = Vec::new();
                for asset in &assets {
                    let events = p
                        .decide(
                            asset,
                            Depreciate {
                                period,
                                depreciation_run_id: id,
                                journal_entry_id: entry_id,
                            }
                            .into(),
                        )
                        .map_err(Refusal::Asset)?;
                    let Some(details) = asset.state.details() else {
                        continue;
                    };
                    for event in events {
                        if let FixedAssetEvent::FixedAssetDepreciated(e) = event {
                            charges.push(RunCharge {
                                fixed_asset_id: e.fixed_asset_id,
                                name: details.name.clone(),
                                category: details.category.clone(),
                                charge: e.charge,
                                depreciation_expense_account: details.depreciation_expense_account,
                                accumulated_depreciation_account: details
                                    .accumulated_depreciation_account,
                            });
                        }
                    }
                }
                let events = p
                    .decide(
                        &run,
                        PostRun {
                            depreciation_run_id: id,
                            workspace_id: workspace,
                            period,
                            journal_entry_id: entry_id,
                            charges,
                            posted_by: caller.user_id,
                        }
                        .into(),
                    )
                    .map_err(Refusal::Run)?;
                for event in &events {
                    if let DepreciationRunEvent::DepreciationRunPosted(posted) = event {
                        p.post_new(entry_id, run_entry(posted), caller.user_id)
                            .map_err(Refusal::Entry)?;
                    }
                }
                Ok(())
            },
        )
        .await
        .map_err(refused)?;
    read_your_writes(&state.app, READ_MODEL).await?;
    read_your_writes(&state.app, "ledger").await?;
    let after = load_run(&state, id).await?;
    let posted = after
        .state
        .posted()
        .ok_or_else(|| ApiError::Conflict("The run was not posted.".into()))?;
    Ok((StatusCode::CREATED, ok(posted_outcome(posted))))
}

/// A run of this workspace, or 404.
async fn run_of(
    state: &CommandState,
    workspace: WorkspaceId,
    raw: &str,
) -> Result<(DepreciationRunId, Loaded<DepreciationRun>), ApiError> {
    let id: DepreciationRunId = parse_id(raw)?;
    let run = load_run(state, id).await?;
    match run.state.workspace_id() {
        Some(ws) if ws == workspace => Ok((id, run)),
        _ => Err(ApiError::NotFound("No such depreciation run.".into())),
    }
}

/// Reverses the month's posted run by the reversing entry (dated `date`, default the
/// run's own date) and takes each asset's charge back. A run that charged an asset
/// disposed of since is refused: the disposal removed those charges already.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/depreciation-runs/{id}/reverse/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ReverseRunBody,
    responses((status = 200, body = Data<RunOutcome>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn reverse_depreciation_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, run_raw)): Path<(String, String)>,
    Body(body): Body<ReverseRunBody>,
) -> Result<Json<Data<RunOutcome>>, ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let (id, run) = run_of(&state, workspace, &run_raw).await?;
    let posted = run
        .state
        .posted()
        .cloned()
        .ok_or_else(|| DepreciationRunError::NotPosted.into_api_error())?;
    let date = match body
        .date
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(raw) => api_core::time::date("date", raw)?,
        None => posted.date,
    };
    let period = Month::parse(&posted.period)
        .map_err(|_| ApiError::Internal("a run's period is a month".into()))?;
    let original: Loaded<JournalEntry> = state
        .runner()
        .load(&posted.journal_entry_id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    let mut assets = Vec::with_capacity(posted.charges.len());
    for charge in &posted.charges {
        assets.push(
            state
                .runner()
                .load::<FixedAsset>(&charge.fixed_asset_id.to_string())
                .await
                .map_err(IntoApiError::into_api_error)?,
        );
    }
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let reversal_id: JournalEntryId = caller.mint("depreciation-run/reversal");
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.decide(
                    &run,
                    ReverseRun {
                        reversal_entry_id: reversal_id,
                        date,
                        reversed_by: caller.user_id,
                    }
                    .into(),
                )
                .map_err(Refusal::Run)?;
                for asset in &assets {
                    p.decide(
                        asset,
                        ReverseDepreciation {
                            period,
                            depreciation_run_id: id,
                            reversal_entry_id: reversal_id,
                            reversal_date: date,
                        }
                        .into(),
                    )
                    .map_err(Refusal::Asset)?;
                }
                p.reverse(&original, reversal_id, date, caller.user_id)
                    .map_err(Refusal::Entry)
            },
        )
        .await
        .map_err(refused)?;
    read_your_writes(&state.app, READ_MODEL).await?;
    read_your_writes(&state.app, "ledger").await?;
    Ok(ok(RunOutcome {
        status: "reversed".into(),
        reversal_entry_id: Some(reversal_id.to_string()),
        ..posted_outcome(&posted)
    }))
}
