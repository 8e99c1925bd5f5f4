//! Payroll's writes under `/api/v1/accounting/workspaces/{workspace_id}/payroll/`:
//! employees (hire, update, terminate), the payroll settings, and pay runs (draft,
//! approve, post, reverse). Every route needs `payroll:write` (Admins); the reads are in
//! the query service. Posting and reversing a run go through the books' posting service:
//! the run's event and its journal entry in one append.
//!
//! - [`input`]: request bodies to the domain's raw input.
//! - [`errors`]: the domain's errors as HTTP answers.
//! - [`settings`]: the settings, with the default accounts created when first needed.
//! - [`pay_runs`]: a run's draft, approval, posting and reversal.

mod errors;
pub mod input;
pub mod pay_runs;
pub mod settings;

use api_core::access::authorize;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{Loaded, Unit};
use domain::payroll::employee::{Employee, HireEmployee, TerminateEmployee, UpdateEmployee};
use domain::permissions::Action;
use event_schemas::{EmployeeId, WorkspaceId};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::ids::parse_id;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;
use input::{merged, new_details, EmployeeBody};

/// The projector payroll's reads wait for.
pub(crate) const READ_MODEL: &str = "payroll";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(hire_employee))
        .routes(routes!(update_employee))
        .routes(routes!(terminate_employee))
        .routes(routes!(settings::put_payroll_settings))
        .routes(routes!(pay_runs::create_pay_run))
        .routes(routes!(pay_runs::approve_pay_run))
        .routes(routes!(pay_runs::post_pay_run))
        .routes(routes!(pay_runs::reverse_pay_run))
}

/// Checks the caller may run payroll in the workspace.
pub(crate) async fn may_run_payroll(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
) -> Result<WorkspaceId, ApiError> {
    authorize(
        &state.app,
        &caller.user,
        workspace_id,
        Action::RunPayroll,
        None,
    )
    .await?;
    parse_id(workspace_id)
}

/// The employee a command names.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmployeeRef {
    pub id: String,
}

/// An employee of this workspace, or 404.
async fn employee_of(
    state: &CommandState,
    workspace: WorkspaceId,
    employee_id: &str,
) -> Result<Loaded<Employee>, ApiError> {
    let _: EmployeeId = parse_id(employee_id)?;
    let employee: Loaded<Employee> = state
        .runner()
        .load(employee_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    match employee.state.record() {
        Some(record) if record.workspace_id == workspace => Ok(employee),
        _ => Err(ApiError::NotFound("No such employee.".into())),
    }
}

async fn run_on_employee(
    state: &CommandState,
    caller: &Caller,
    workspace_id: &str,
    employee: &Loaded<Employee>,
    command: domain::payroll::employee::EmployeeCommand,
) -> Result<(), ApiError> {
    let metadata = workspace_metadata(state, caller, workspace_id).await?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(employee, command)
        .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, READ_MODEL).await
}

/// Puts an employee on the payroll.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/employees/", tag = "payroll",
    params(("workspace_id" = String, Path)), request_body = EmployeeBody,
    responses((status = 201, body = Data<EmployeeRef>), (status = 400), (status = 403)))]
pub async fn hire_employee(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<EmployeeBody>,
) -> Result<(StatusCode, Json<Data<EmployeeRef>>), ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let details = new_details(&body)?;
    let id: EmployeeId = caller.mint("employee");
    let employee = Loaded::<Employee>::fresh(id.to_string());
    let command = HireEmployee {
        employee_id: id,
        workspace_id: workspace,
        details,
        hired_by: caller.user_id,
    };
    run_on_employee(&state, &caller, &workspace_id, &employee, command.into()).await?;
    Ok((StatusCode::CREATED, ok(EmployeeRef { id: id.to_string() })))
}

/// Changes an employee's record: absent fields keep their values.
#[utoipa::path(patch, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/employees/{id}/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = EmployeeBody,
    responses((status = 200, body = Data<EmployeeRef>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_employee(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, employee_id)): Path<(String, String)>,
    Body(body): Body<EmployeeBody>,
) -> Result<Json<Data<EmployeeRef>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let employee = employee_of(&state, workspace, &employee_id).await?;
    let current = employee
        .state
        .record()
        .map(|r| r.details.clone())
        .ok_or_else(|| ApiError::NotFound("No such employee.".into()))?;
    let details = merged(current, &body)?;
    let command = UpdateEmployee {
        details,
        updated_by: caller.user_id,
    };
    run_on_employee(&state, &caller, &workspace_id, &employee, command.into()).await?;
    Ok(ok(EmployeeRef { id: employee_id }))
}

/// The last day employed.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TerminateBody {
    /// `YYYY-MM-DD`: paid up to and including this day.
    pub end_date: String,
}

/// Ends an employee's employment on `end_date`.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/employees/{id}/terminate/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)), request_body = TerminateBody,
    responses((status = 200, body = Data<EmployeeRef>), (status = 400), (status = 403), (status = 404), (status = 409)))]
pub async fn terminate_employee(
    State(state): State<CommandState>,
    caller: Caller,
    Path((workspace_id, employee_id)): Path<(String, String)>,
    Body(body): Body<TerminateBody>,
) -> Result<Json<Data<EmployeeRef>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let employee = employee_of(&state, workspace, &employee_id).await?;
    let end_date = api_core::time::date("end_date", &body.end_date)?;
    let command = TerminateEmployee {
        end_date,
        terminated_by: caller.user_id,
    };
    run_on_employee(&state, &caller, &workspace_id, &employee, command.into()).await?;
    Ok(ok(EmployeeRef { id: employee_id }))
}
