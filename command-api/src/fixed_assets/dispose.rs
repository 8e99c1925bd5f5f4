//! `fixed-assets/{id}/dispose/`: the months not yet charged through the disposal month,
//! the asset's cost and accumulated depreciation removed, the proceeds and the gain or
//! loss booked — one entry, posted with the asset's event in one append.

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use commands::{CommandError, Loaded};
use domain::fixed_asset::{disposal_entry, AssetError, DisposeAsset, FixedAsset, FixedAssetEvent};
use domain::journal_entry::JournalEntryError;
use event_schemas::{AccountId, JournalEntryId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{asset_of, facts, may_post, READ_MODEL};
use crate::caller::Caller;
use crate::ids::parse_field_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;

/// The account a gain or loss on disposal goes to when the request names none: the
/// default chart's "Other income".
const GAIN_LOSS_DEFAULT_CODE: &str = "4300";

/// A disposal.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DisposeBody {
    /// `YYYY-MM-DD`; its month is the last one charged.
    pub date: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub proceeds: Value,
    /// Debited with the proceeds (the bank, or a receivable).
    pub proceeds_account: String,
    /// Credited with a gain, debited with a loss (default: the account coded 4300, other
    /// income).
    pub gain_loss_account: Option<String>,
}

/// A disposal's figures as posted.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DisposalOutcome {
    pub id: String,
    pub date: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub cost: String,
    /// Every charge through the disposal month.
    #[schema(value_type = api_core::openapi::Money)]
    pub accumulated_depreciation: String,
    /// The months through the disposal month no run had charged, charged now.
    #[schema(value_type = api_core::openapi::Money)]
    pub catch_up_charge: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub net_book_value: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub proceeds: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub gain: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub loss: String,
    pub journal_entry_id: String,
}

/// Why a disposal was refused: the asset, or its entry.
enum Refusal {
    Asset(AssetError),
    Entry(JournalEntryError),
}

impl IntoApiError for Refusal {
    fn into_api_error(self) -> ApiError {
        match self {
            Self::Asset(err) => err.into_api_error(),
            Self::Entry(err) => err.into_api_error(),
        }
    }
}

fn refused(err: CommandError<Refusal>) -> ApiError {
    err.into_api_error()
}

/// Disposes of an asset on `date` for `proceeds`. Nothing is charged after it.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/fixed-assets/{id}/dispose/", tag = "fixed-assets",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = DisposeBody,
    responses((status = 200, body = Data<DisposalOutcome>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn dispose_fixed_asset(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, fixed_asset_id)): Path<(String, String)>,
    Body(body): Body<DisposeBody>,
) -> Result<Json<Data<DisposalOutcome>>, ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let (id, asset) = asset_of(&state, workspace, &fixed_asset_id).await?;
    let date = api_core::time::date("date", &body.date)?;
    let proceeds = api_core::money::money_of(&body.proceeds)
        .map_err(|message| ApiError::field("proceeds", message))?;
    let proceeds_account: AccountId = parse_field_id("proceeds_account", &body.proceeds_account)?;
    let named_gain_loss: Option<AccountId> = body
        .gain_loss_account
        .as_deref()
        .filter(|raw| !raw.trim().is_empty())
        .map(|raw| parse_field_id("gain_loss_account", raw))
        .transpose()?;
    let details = asset
        .state
        .details()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("No such fixed asset.".into()))?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let entry_id: JournalEntryId = caller.mint("fixed-asset/disposal");
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                let gain_loss_account = named_gain_loss
                    .or_else(|| {
                        p.chart()
                            .account_by_code(GAIN_LOSS_DEFAULT_CODE)
                            .map(|a| a.account_id)
                    })
                    .ok_or(Refusal::Asset(AssetError::Required {
                        field: "gain_loss_account",
                    }))?;
                let chart = facts(p.chart(), &[proceeds_account, gain_loss_account]);
                let events = p
                    .decide(
                        &asset,
                        DisposeAsset {
                            date,
                            proceeds,
                            proceeds_account,
                            gain_loss_account,
                            chart,
                            journal_entry_id: entry_id,
                            disposed_by: caller.user_id,
                        }
                        .into(),
                    )
                    .map_err(Refusal::Asset)?;
                for event in &events {
                    if let FixedAssetEvent::FixedAssetDisposed(disposed) = event {
                        p.post_new(entry_id, disposal_entry(&details, disposed), caller.user_id)
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
    let after: Loaded<FixedAsset> = state
        .runner()
        .load(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    let d = after
        .state
        .disposed()
        .ok_or_else(|| ApiError::Conflict("The asset was not disposed of.".into()))?;
    Ok(ok(DisposalOutcome {
        id: id.to_string(),
        date: d.date.to_string(),
        cost: d.cost.to_string(),
        accumulated_depreciation: d.accumulated_depreciation.to_string(),
        catch_up_charge: d.catch_up_charge.to_string(),
        net_book_value: d.net_book_value.to_string(),
        proceeds: d.proceeds.to_string(),
        gain: d.gain.to_string(),
        loss: d.loss.to_string(),
        journal_entry_id: d.journal_entry_id.to_string(),
    }))
}
