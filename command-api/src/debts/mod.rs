//! Debts' writes under `/api/v1/accounting/workspaces/{workspace_id}/debts/`: record a
//! loan payable or receivable (with its drawdown posted, if asked), change its record,
//! and record a repayment, which the domain splits into interest and principal. Every
//! route needs `journal_entries:post`, as posting entries does; the reads are in the
//! query service. The drawdown and each repayment go through the books' posting service:
//! the debt's event and its journal entry in one append.
//!
//! - [`input`]: request bodies to the domain's record.
//! - [`errors`]: the domain's errors as HTTP answers.
//! - [`repay`]: a repayment.

mod errors;
pub mod input;
pub mod repay;

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{CommandError, Loaded};
use domain::debt::{drawdown_entry, CreateDebt, Debt, DebtEvent, UpdateDebt};
use event_schemas::debt::DebtDetails;
use event_schemas::{AccountId, DebtId, JournalEntryId};
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::fixed_assets::{facts, may_post};
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;
use errors::Refusal;
use input::DebtBody;

/// The projector debts' reads wait for.
pub(crate) const READ_MODEL: &str = "debts";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(create_debt))
        .routes(routes!(update_debt))
        .routes(routes!(repay::record_repayment))
}

/// The debt a command names, and the drawdown entry posted with it, if any.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebtRef {
    pub id: String,
    pub drawdown_entry_id: Option<String>,
}

/// A debt of this workspace, or 404.
pub(crate) async fn debt_of(
    state: &CommandState,
    workspace: event_schemas::WorkspaceId,
    debt_id: &str,
) -> Result<(DebtId, Loaded<Debt>), ApiError> {
    let id: DebtId = parse_id(debt_id)?;
    let debt: Loaded<Debt> = state
        .runner()
        .load(debt_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    match debt.state.workspace_id() {
        Some(ws) if ws == workspace => Ok((id, debt)),
        _ => Err(ApiError::NotFound("No such debt.".into())),
    }
}

fn accounts_of(details: &DebtDetails) -> [AccountId; 3] {
    [
        details.principal_account,
        details.interest_account,
        details.cash_account,
    ]
}

fn refused(err: CommandError<Refusal>) -> ApiError {
    err.into_api_error()
}

/// Records a debt. With `post_drawdown`, the drawdown (borrowed: Dr cash / Cr the loan)
/// or disbursement (lent: Dr the loan / Cr cash) of the principal on the start date is
/// posted with it.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/", tag = "debts",
    params(("workspace_id" = String, Path)), request_body = DebtBody,
    responses((status = 201, body = Data<DebtRef>), (status = 400), (status = 403)))]
pub async fn create_debt(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<DebtBody>,
) -> Result<(StatusCode, Json<Data<DebtRef>>), ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let details = input::details(&body, None)?;
    let id: DebtId = caller.mint("debt");
    let entry_id: Option<JournalEntryId> = body
        .post_drawdown
        .unwrap_or(false)
        .then(|| caller.mint("debt/drawdown"));
    let answer = DebtRef {
        id: id.to_string(),
        drawdown_entry_id: entry_id.map(|e| e.to_string()),
    };
    let existing: Loaded<Debt> = state
        .runner()
        .load(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    if existing.state.details().is_some() {
        // A retry of a keyed request that recorded the debt already.
        return Ok((StatusCode::CREATED, ok(answer)));
    }
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                let command = CreateDebt {
                    debt_id: id,
                    workspace_id: workspace,
                    chart: facts(p.chart(), &accounts_of(&details)),
                    details: details.clone(),
                    drawdown_entry_id: entry_id,
                    created_by: caller.user_id,
                };
                let events = p.decide(&existing, command.into()).map_err(Refusal::Debt)?;
                let recorded = events.iter().find_map(|e| match e {
                    DebtEvent::DebtCreated(c) => Some(c.details.clone()),
                    _ => None,
                });
                for event in &events {
                    if let (DebtEvent::DebtDrawdownPosted(drawdown), Some(recorded)) =
                        (event, &recorded)
                    {
                        p.post_new(
                            drawdown.journal_entry_id,
                            drawdown_entry(recorded, drawdown),
                            caller.user_id,
                        )
                        .map_err(Refusal::Entry)?;
                    }
                }
                Ok(())
            },
        )
        .await
        .map_err(refused)?;
    read_your_writes(&state.app, READ_MODEL).await?;
    if entry_id.is_some() {
        read_your_writes(&state.app, "ledger").await?;
    }
    Ok((StatusCode::CREATED, ok(answer)))
}

/// Changes a debt's record: absent fields keep their values. The counterparty,
/// reference and cash account change at any time; the direction, terms and the principal
/// and interest accounts only while neither a drawdown nor a repayment is posted (409
/// after).
#[utoipa::path(patch, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/{id}/", tag = "debts",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = DebtBody,
    responses((status = 200, body = Data<DebtRef>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn update_debt(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, debt_id)): Path<(String, String)>,
    Body(body): Body<DebtBody>,
) -> Result<Json<Data<DebtRef>>, ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let (_, debt) = debt_of(&state, workspace, &debt_id).await?;
    let current = debt
        .state
        .details()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("No such debt.".into()))?;
    let details = input::details(&body, Some(&current))?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                let command = UpdateDebt {
                    chart: facts(p.chart(), &accounts_of(&details)),
                    details: details.clone(),
                    updated_by: caller.user_id,
                };
                p.decide(&debt, command.into()).map_err(Refusal::Debt)?;
                Ok(())
            },
        )
        .await
        .map_err(refused)?;
    read_your_writes(&state.app, READ_MODEL).await?;
    Ok(ok(DebtRef {
        id: debt_id,
        drawdown_entry_id: debt
            .state
            .drawdown()
            .map(|d| d.journal_entry_id.to_string()),
    }))
}
