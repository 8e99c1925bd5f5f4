//! Financial reports, write side: an Admin asks for a report (202: the report generator
//! renders it and tells the requester when it is ready) and deletes one from the
//! downloads. Asking counts against the plan's financial-report limit, per calendar
//! month (UTC) — a monthly plan's allowance renews with its month — and a report that
//! failed gives its place back.

use api_core::access::{authorize, organization_of};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use domain::permissions::{Action, Usage};
use domain::report::{
    validate_parameters, DeleteReport, Report, ReportCommand, ReportError, ReportFormat,
    ReportKind, RequestReport,
};
use event_schemas::report::{ReportParameters, ReportRequested};
use event_schemas::{AccountId, OrganizationId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{optional_date, Problems};
use crate::ids::parse_id;
use crate::runner::{execute, IntoApiError};
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(request_report))
        .routes(routes!(delete_report))
}

impl IntoApiError for ReportError {
    fn into_api_error(self) -> ApiError {
        match self {
            ReportError::NotFound => ApiError::NotFound(self.to_string()),
            ReportError::AlreadyFinished(_) | ReportError::AlreadyRequested => {
                ApiError::Conflict(self.to_string())
            }
        }
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RequestBody {
    /// `trial_balance`, `general_ledger`, `income_summary`, `expense_summary`,
    /// `balance_sheet`, `income_statement` or `cash_flow`.
    pub kind: String,
    /// `pdf`, `csv` or `xlsx`.
    pub format: String,
    /// Trial balance and balance sheet: `YYYY-MM-DD`, today when absent.
    #[serde(default)]
    pub as_of: Option<String>,
    /// Trial balance and balance sheet: an earlier date for a comparison column. Income
    /// statement: the comparison period's last day.
    #[serde(default)]
    pub compare_to: Option<String>,
    /// Ledger and summaries: the first day covered (required). Income statement and cash
    /// flow: the start of `to`'s fiscal year when absent.
    #[serde(default)]
    pub from: Option<String>,
    /// Ledger, summaries, income statement and cash flow: the last day covered, today when
    /// absent.
    #[serde(default)]
    pub to: Option<String>,
    /// Income statement: the comparison period's first day (with `compare_to`).
    #[serde(default)]
    pub compare_from: Option<String>,
    /// Summaries: `month` (default), `quarter` or `year`.
    #[serde(default)]
    pub granularity: Option<String>,
    /// General ledger: one account; every account when absent.
    #[serde(default)]
    pub account_id: Option<String>,
}

/// A report just asked for.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RequestedReport {
    pub id: uuid::Uuid,
    pub kind: String,
    pub title: String,
    pub format: String,
    /// `generating`.
    pub status: String,
}

/// The first microsecond of the calendar month (UTC) holding `now_us`.
fn month_start_us(now_us: i64) -> i64 {
    let now = DateTime::from_timestamp_micros(now_us).unwrap_or_default();
    let first = NaiveDate::from_ymd_opt(now.year(), now.month(), 1).unwrap_or_default();
    Utc.from_utc_datetime(&first.and_time(chrono::NaiveTime::MIN))
        .timestamp_micros()
}

/// Whether `account_id` is one of the workspace's accounts (archived ones included: their
/// history is still reportable).
async fn account_exists(
    app: &AppState,
    workspace_id: &str,
    account_id: &str,
) -> Result<bool, ApiError> {
    let found: Option<String> = sqlx::query_scalar(
        "SELECT account_id FROM read_accounts WHERE workspace_id = $1 AND account_id = $2",
    )
    .bind(workspace_id)
    .bind(account_id)
    .fetch_optional(&app.db().pool)
    .await?;
    Ok(found.is_some())
}

/// The request's kind, format and parameters, or every problem with them by field.
async fn read_request(
    app: &AppState,
    workspace_id: &str,
    body: &RequestBody,
) -> Result<(ReportKind, ReportFormat, ReportParameters), ApiError> {
    let mut problems = Problems::default();
    let kind = body.kind.trim().parse::<ReportKind>().ok();
    if kind.is_none() {
        problems.add(
            "kind",
            "Choose a report: trial_balance, general_ledger, income_summary, expense_summary, balance_sheet, income_statement or cash_flow.",
        );
    }
    let format = body.format.trim().parse::<ReportFormat>().ok();
    if format.is_none() {
        problems.add("format", "Choose a format: pdf, csv or xlsx.");
    }
    let mut given = ReportParameters {
        as_of: optional_date(&mut problems, "as_of", body.as_of.as_deref()),
        compare_to: optional_date(&mut problems, "compare_to", body.compare_to.as_deref()),
        from: optional_date(&mut problems, "from", body.from.as_deref()),
        to: optional_date(&mut problems, "to", body.to.as_deref()),
        compare_from: optional_date(&mut problems, "compare_from", body.compare_from.as_deref()),
        granularity: body
            .granularity
            .as_deref()
            .map(str::trim)
            .filter(|g| !g.is_empty())
            .map(str::to_owned),
        account_id: None,
    };
    if let Some(raw) = body
        .account_id
        .as_deref()
        .map(str::trim)
        .filter(|a| !a.is_empty())
    {
        match raw.parse::<AccountId>() {
            Ok(id) if account_exists(app, workspace_id, raw).await? => given.account_id = Some(id),
            _ => problems.add("account_id", "No such account in this workspace."),
        }
    }
    problems.into_result()?;
    let (Some(kind), Some(format)) = (kind, format) else {
        return Err(ApiError::internal("checked above"));
    };
    let today = DateTime::from_timestamp_micros(app.clock.now_us())
        .unwrap_or_default()
        .date_naive();
    let parameters = validate_parameters(kind, &given, today).map_err(|found| {
        let mut problems = Problems::default();
        for (field, message) in found {
            problems.add(field, message);
        }
        problems
            .into_result()
            .err()
            .unwrap_or_else(|| ApiError::internal("no problems"))
    })?;
    Ok((kind, format, parameters))
}

/// Asks for a report. It is rendered in the background from the books as they stand
/// once every event before this request is in the read models; the answer is the
/// report, `generating`, and its requester is notified when it is ready.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/", tag = "reports",
    params(("workspace_id" = String, Path)), request_body = RequestBody,
    responses((status = 202, body = Data<RequestedReport>), (status = 400), (status = 403)))]
pub async fn request_report(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<RequestBody>,
) -> Result<(StatusCode, Json<Data<RequestedReport>>), ApiError> {
    let app = &state.app;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let organization_id = organization_of(app, &workspace_id).await?;
    let used = match &organization_id {
        Some(organization) => {
            let month = month_start_us(app.clock.now_us());
            projections::reports::generated_since(&app.db().pool, organization, month).await?
        }
        None => 0,
    };
    authorize(
        app,
        &user,
        &workspace_id,
        Action::GenerateReports,
        Some(Usage::adding_one(used)),
    )
    .await?;
    let organization_id =
        organization_id.ok_or_else(|| ApiError::NotFound("No such workspace.".into()))?;
    let (kind, format, parameters) = read_request(app, &workspace_id, &body).await?;
    let report_id = uuid::Uuid::now_v7();
    let organization: OrganizationId = parse_id(&organization_id)?;
    let requested_by: UserId = parse_id(&user.user_id)?;
    let requested = ReportRequested {
        report_id,
        organization_id: organization,
        workspace_id: workspace,
        kind: kind.id().to_owned(),
        format: format.id().to_owned(),
        parameters,
        requested_by,
    };
    append(
        &state,
        &user,
        request_id,
        Some(organization_id),
        report_id,
        RequestReport { requested }.into(),
    )
    .await?;
    Ok((
        StatusCode::ACCEPTED,
        ok(RequestedReport {
            id: report_id,
            kind: kind.id().to_owned(),
            title: kind.title().to_owned(),
            format: format.id().to_owned(),
            status: "generating".to_owned(),
        }),
    ))
}

/// Removes a report from the workspace's downloads; its file is deleted with it.
#[utoipa::path(delete, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/{report_id}/", tag = "reports",
    params(("workspace_id" = String, Path), ("report_id" = String, Path)),
    responses((status = 204), (status = 403), (status = 404)))]
pub async fn delete_report(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, report_id)): Path<(String, String)>,
) -> Result<StatusCode, ApiError> {
    let app = &state.app;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    authorize(app, &user, &workspace_id, Action::GenerateReports, None).await?;
    let id: uuid::Uuid = parse_id(&report_id)?;
    let delete = DeleteReport {
        workspace_id: workspace,
        by: parse_id(&user.user_id)?,
    };
    let organization_id = organization_of(app, &workspace_id).await?;
    append(
        &state,
        &user,
        request_id,
        organization_id,
        id,
        delete.into(),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Runs `command` on report `report_id` and waits for the downloads list to show it.
async fn append(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    organization_id: Option<String>,
    report_id: uuid::Uuid,
    command: ReportCommand,
) -> Result<(), ApiError> {
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        // Reports are documents about the books: they stay out of the workspace's chain.
        workspace_id: None,
        request_id,
        ..Default::default()
    };
    execute::<Report>(
        state.runner(),
        &report_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await?;
    read_your_writes(&state.app, "reports").await
}
