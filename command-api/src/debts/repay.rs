//! `debts/{id}/repayments/`: a repayment on a date, split by the domain into the
//! interest and principal of the instalments it pays (oldest first, interest before
//! principal, anything beyond the next instalment a prepayment), posted as one entry with
//! the debt's event in one append.

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::Loaded;
use domain::debt::{repayment_entry, Debt, DebtEvent, RecordRepayment};
use event_schemas::{AccountId, JournalEntryId};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::errors::Refusal;
use super::{debt_of, refused, READ_MODEL};
use crate::caller::Caller;
use crate::fixed_assets::{facts, may_post};
use crate::ids::parse_field_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;

/// A repayment paid (payable) or received (receivable).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RepaymentBody {
    /// `YYYY-MM-DD`: on or after the start and the last repayment recorded.
    pub date: String,
    /// Above zero and at most what settles the debt on `date`.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: Value,
    /// The bank it went through (an asset); the debt's cash account when absent.
    pub cash_account: Option<String>,
}

/// What a repayment paid of one instalment.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AllocationLineView {
    /// The instalment (1 for the first).
    pub instalment: u32,
    #[schema(value_type = api_core::openapi::Money)]
    pub interest: String,
    /// Including any prepayment recorded on this instalment.
    #[schema(value_type = api_core::openapi::Money)]
    pub principal: String,
}

/// A repayment as posted: `amount = interest + principal`; `prepayment` is the part of
/// `principal` beyond the next instalment, which re-planned the later ones.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RepaymentOutcome {
    pub debt_id: String,
    pub date: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub interest: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub principal: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub prepayment: String,
    pub lines: Vec<AllocationLineView>,
    /// Principal not yet repaid after it.
    #[schema(value_type = api_core::openapi::Money)]
    pub principal_outstanding: String,
    pub journal_entry_id: String,
}

/// The repayment posted as `entry_id`, as the debt holds it.
fn outcome(debt: &Debt, entry_id: JournalEntryId) -> Result<RepaymentOutcome, ApiError> {
    let index = debt
        .repayments()
        .iter()
        .position(|r| r.journal_entry_id == entry_id)
        .ok_or_else(|| ApiError::Conflict("The repayment was not recorded.".into()))?;
    let position = debt.position().map_err(IntoApiError::into_api_error)?;
    let recorded = &debt.repayments()[index];
    let split = position
        .repayments
        .get(index)
        .ok_or_else(|| ApiError::internal("a recorded repayment has no split"))?;
    Ok(RepaymentOutcome {
        debt_id: recorded.debt_id.to_string(),
        date: recorded.date.to_string(),
        amount: recorded.amount.to_string(),
        interest: recorded.interest.to_string(),
        principal: recorded.principal.to_string(),
        prepayment: recorded.prepayment.to_string(),
        lines: split
            .lines
            .iter()
            .map(|l| AllocationLineView {
                instalment: l.number,
                interest: l.interest.to_string(),
                principal: l.principal.to_string(),
            })
            .collect(),
        principal_outstanding: position.principal_outstanding.to_string(),
        journal_entry_id: entry_id.to_string(),
    })
}

/// Records a repayment and posts it: payable, Dr interest expense and Dr the loan / Cr
/// cash; receivable, Dr cash / Cr interest income and Cr the loan. Answers the split.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/{id}/repayments/", tag = "debts",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = RepaymentBody,
    responses((status = 201, body = Data<RepaymentOutcome>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn record_repayment(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, debt_id)): Path<(String, String)>,
    Body(body): Body<RepaymentBody>,
) -> Result<(StatusCode, Json<Data<RepaymentOutcome>>), ApiError> {
    let workspace = may_post(&state, &caller, &workspace_id).await?;
    let (id, debt) = debt_of(&state, workspace, &debt_id).await?;
    let date = api_core::time::date("date", &body.date)?;
    let amount = api_core::money::money_of(&body.amount)
        .map_err(|message| ApiError::field("amount", message))?;
    let named_cash: Option<AccountId> = body
        .cash_account
        .as_deref()
        .filter(|raw| !raw.trim().is_empty())
        .map(|raw| parse_field_id("cash_account", raw))
        .transpose()?;
    let details = debt
        .state
        .details()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("No such debt.".into()))?;
    let cash_account = named_cash.unwrap_or(details.cash_account);
    let entry_id: JournalEntryId = caller.mint("debt/repayment");
    if debt
        .state
        .repayments()
        .iter()
        .any(|r| r.journal_entry_id == entry_id)
    {
        // A retry of a keyed request that recorded the repayment already.
        return Ok((StatusCode::CREATED, ok(outcome(&debt.state, entry_id)?)));
    }
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                let command = RecordRepayment {
                    date,
                    amount,
                    cash_account,
                    chart: facts(p.chart(), &[cash_account]),
                    journal_entry_id: entry_id,
                    recorded_by: caller.user_id,
                };
                let events = p.decide(&debt, command.into()).map_err(Refusal::Debt)?;
                for event in &events {
                    if let DebtEvent::DebtRepaymentRecorded(repaid) = event {
                        p.post_new(entry_id, repayment_entry(&details, repaid), caller.user_id)
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
    let after: Loaded<Debt> = state
        .runner()
        .load(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok((StatusCode::CREATED, ok(outcome(&after.state, entry_id)?)))
}
