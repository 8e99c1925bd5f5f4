//! Pay runs: `POST pay-runs/` drafts the period's run (one payslip per employee employed
//! in it, the period claimed in the same append), then `approve/`, `post/` (the run's
//! event and its journal entry in one append through the posting service) and
//! `reverse/` (the reversing entry, the run's event and the period freed, in one append).

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::NaiveDate;
use commands::CommandError;
use commands::{Loaded, Unit};
use domain::calendar::Month;
use domain::journal_entry::{JournalEntry, JournalEntryError};
use domain::payroll::employee::Employee;
use domain::payroll::pay_run::{
    pay_run_entry, ApprovePayRun, DraftEmployee, DraftPayRun, PayRun, PayRunError, PostPayRun,
    ReversePayRun,
};
use domain::payroll::settings::{ClaimPeriod, Payroll, PayrollSettingsError, ReleasePeriod};
use domain::payroll::EMPLOYEES_PER_RUN_MAX;
use event_schemas::{JournalEntryId, PayRunId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::settings::settings_or_defaults;
use super::{may_run_payroll, READ_MODEL};
use crate::caller::Caller;
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;

/// The period to pay and the day it is paid.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PayRunBody {
    /// `YYYY-MM`.
    pub period: String,
    /// `YYYY-MM-DD`; its rules apply (PITA before 2026-01-01, the Nigeria Tax Act 2025
    /// from then).
    pub pay_date: String,
}

/// A reversal's date (default: today).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct ReverseBody {
    /// `YYYY-MM-DD`.
    pub date: Option<String>,
}

/// Where a run stands after a command.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayRunOutcome {
    pub id: String,
    pub period: String,
    /// `draft`, `approved`, `posted` or `reversed`.
    pub status: String,
    pub journal_entry_id: Option<String>,
}

fn outcome(id: PayRunId, run: &PayRun) -> PayRunOutcome {
    PayRunOutcome {
        id: id.to_string(),
        period: run.drafted().map(|d| d.period.clone()).unwrap_or_default(),
        status: run.status().map(|s| s.code()).unwrap_or("draft").to_owned(),
        journal_entry_id: run.journal_entry_id().map(|e| e.to_string()),
    }
}

/// A run of this workspace, or 404.
async fn run_of(
    state: &CommandState,
    workspace: WorkspaceId,
    pay_run_id: &str,
) -> Result<(PayRunId, Loaded<PayRun>), ApiError> {
    let id: PayRunId = parse_id(pay_run_id)?;
    let run: Loaded<PayRun> = state
        .runner()
        .load(pay_run_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    match run.state.drafted() {
        Some(drafted) if drafted.workspace_id == workspace => Ok((id, run)),
        _ => Err(ApiError::NotFound("No such pay run.".into())),
    }
}

/// The run as it stands once the read side shows it.
async fn answer(state: &CommandState, id: PayRunId) -> Result<PayRunOutcome, ApiError> {
    read_your_writes(&state.app, READ_MODEL).await?;
    read_your_writes(&state.app, "ledger").await?;
    let run: Loaded<PayRun> = state
        .runner()
        .load(&id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok(outcome(id, &run.state))
}

/// Every employee of the workspace as their streams hold them.
async fn employees(
    state: &CommandState,
    workspace_id: &str,
) -> Result<Vec<Loaded<Employee>>, ApiError> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT employee_id FROM read_employees WHERE workspace_id = $1 \
         ORDER BY last_name, first_name, employee_id",
    )
    .bind(workspace_id)
    .fetch_all(&state.app.db().pool)
    .await?;
    if ids.len() > EMPLOYEES_PER_RUN_MAX {
        return Err(ApiError::NonField(vec![format!(
            "A pay run holds at most {EMPLOYEES_PER_RUN_MAX} employees."
        )]));
    }
    let mut loaded = Vec::with_capacity(ids.len());
    for id in ids {
        loaded.push(
            state
                .runner()
                .load::<Employee>(&id)
                .await
                .map_err(IntoApiError::into_api_error)?,
        );
    }
    Ok(loaded)
}

/// Why drafting was refused: the period, or the run.
enum DraftRefusal {
    Period(PayrollSettingsError),
    Run(PayRunError),
}

/// Drafts the period's pay run: one payslip per employee employed in it, computed under
/// the rules of the pay date. A second run for a period is refused until the first is
/// reversed.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/", tag = "payroll",
    params(("workspace_id" = String, Path)), request_body = PayRunBody,
    responses((status = 201, body = Data<PayRunOutcome>), (status = 400), (status = 403), (status = 409)))]
pub async fn create_pay_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<PayRunBody>,
) -> Result<(StatusCode, Json<Data<PayRunOutcome>>), ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let period = Month::parse(body.period.trim())
        .map_err(|_| ApiError::field("period", "Enter a month as YYYY-MM."))?;
    let pay_date = api_core::time::date("pay_date", &body.pay_date)?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let (payroll, settings) =
        settings_or_defaults(&state, &metadata, workspace, caller.user_id).await?;
    let staff = employees(&state, &workspace_id).await?;
    let drafted: Vec<DraftEmployee> = staff
        .iter()
        .filter_map(|e| e.state.record())
        .map(|r| DraftEmployee {
            employee_id: r.employee_id,
            name: r.name(),
            staff_id: r.details.staff_id.clone(),
            department: r.details.department.clone(),
            pay: r.pay(),
            employment: r.employment(),
        })
        .collect();
    let id: PayRunId = caller.mint("pay-run");
    let run = Loaded::<PayRun>::fresh(id.to_string());
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    let decided = (|| {
        unit.decide(
            &payroll,
            ClaimPeriod {
                workspace_id: workspace,
                period,
                pay_run_id: id,
            }
            .into(),
        )
        .map_err(DraftRefusal::Period)?;
        unit.decide(
            &run,
            DraftPayRun {
                pay_run_id: id,
                workspace_id: workspace,
                period,
                pay_date,
                itf_applies: settings.itf_applies,
                employees: drafted,
                drafted_by: caller.user_id,
            }
            .into(),
        )
        .map_err(DraftRefusal::Run)
    })();
    match decided {
        Ok(_) => {}
        Err(DraftRefusal::Period(err)) => return Err(err.into_api_error()),
        Err(DraftRefusal::Run(err)) => return Err(err.into_api_error()),
    }
    // Payslips were computed from these records: a change meanwhile refuses the append.
    for employee in &staff {
        unit.expect(employee, &workspace_id);
    }
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok((StatusCode::CREATED, ok(answer(&state, id).await?)))
}

/// Approves a draft run's payslips.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/approve/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<PayRunOutcome>), (status = 403), (status = 404), (status = 409)))]
pub async fn approve_pay_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, pay_run_id)): Path<(String, String)>,
) -> Result<Json<Data<PayRunOutcome>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let (id, run) = run_of(&state, workspace, &pay_run_id).await?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(
        &run,
        ApprovePayRun {
            approved_by: caller.user_id,
        }
        .into(),
    )
    .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    Ok(ok(answer(&state, id).await?))
}

/// Why a posting or reversal was refused: the run, its entry, or the period.
enum Refusal {
    Run(PayRunError),
    Entry(JournalEntryError),
    Period(PayrollSettingsError),
}

impl IntoApiError for Refusal {
    fn into_api_error(self) -> ApiError {
        match self {
            Self::Run(err) => err.into_api_error(),
            Self::Entry(err) => err.into_api_error(),
            Self::Period(err) => err.into_api_error(),
        }
    }
}

fn refused(err: CommandError<Refusal>) -> ApiError {
    err.into_api_error()
}

/// Posts an approved run: its journal entry (Dr salaries and wages, employer pension,
/// NSITF and ITF expense; Cr PAYE, pension, NHF, NSITF, ITF and net salaries payable),
/// dated the pay date, in one append with the run's own event. A posted run never changes.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/post/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<PayRunOutcome>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn post_pay_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, pay_run_id)): Path<(String, String)>,
) -> Result<Json<Data<PayRunOutcome>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let (id, run) = run_of(&state, workspace, &pay_run_id).await?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let (_, settings) = settings_or_defaults(&state, &metadata, workspace, caller.user_id).await?;
    let entry_id: JournalEntryId = caller.mint("pay-run/entry");
    let drafted = run
        .state
        .drafted()
        .cloned()
        .ok_or_else(|| ApiError::NotFound("No such pay run.".into()))?;
    let entry = pay_run_entry(&drafted, &settings.accounts);
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.decide(
                    &run,
                    PostPayRun {
                        journal_entry_id: entry_id,
                        accounts: settings.accounts,
                        posted_by: caller.user_id,
                    }
                    .into(),
                )
                .map_err(Refusal::Run)?;
                p.post_new(entry_id, entry.clone(), caller.user_id)
                    .map_err(Refusal::Entry)
            },
        )
        .await
        .map_err(refused)?;
    Ok(ok(answer(&state, id).await?))
}

/// Reverses a run: a posted run by the reversing entry (dated `date`, default today), a
/// run not yet posted by setting it aside. Either way its period is free for a new run.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/reverse/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = ReverseBody,
    responses((status = 200, body = Data<PayRunOutcome>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn reverse_pay_run(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, pay_run_id)): Path<(String, String)>,
    Body(body): Body<ReverseBody>,
) -> Result<Json<Data<PayRunOutcome>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let (id, run) = run_of(&state, workspace, &pay_run_id).await?;
    let today = chrono::DateTime::from_timestamp_micros(state.app.clock.now_us())
        .unwrap_or_default()
        .date_naive();
    let date: NaiveDate = match body
        .date
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(raw) => api_core::time::date("date", raw)?,
        None => today,
    };
    let period = run
        .state
        .drafted()
        .and_then(|d| Month::parse(&d.period).ok())
        .ok_or_else(|| ApiError::NotFound("No such pay run.".into()))?;
    let original: Option<Loaded<JournalEntry>> = match run.state.journal_entry_id() {
        Some(entry) => Some(
            state
                .runner()
                .load(&entry.to_string())
                .await
                .map_err(IntoApiError::into_api_error)?,
        ),
        None => None,
    };
    let payroll: Loaded<Payroll> = state
        .runner()
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let reversal_id: JournalEntryId = caller.mint("pay-run/reversal");
    state
        .books
        .post(
            &workspace_id,
            &metadata,
            caller.command_key.as_deref(),
            |p| {
                p.decide(
                    &run,
                    ReversePayRun {
                        reversal_entry_id: reversal_id,
                        date,
                        reversed_by: caller.user_id,
                    }
                    .into(),
                )
                .map_err(Refusal::Run)?;
                if let Some(original) = &original {
                    p.reverse(original, reversal_id, date, caller.user_id)
                        .map_err(Refusal::Entry)?;
                }
                p.decide(
                    &payroll,
                    ReleasePeriod {
                        workspace_id: workspace,
                        period,
                        pay_run_id: id,
                    }
                    .into(),
                )
                .map_err(Refusal::Period)
            },
        )
        .await
        .map_err(refused)?;
    Ok(ok(answer(&state, id).await?))
}
