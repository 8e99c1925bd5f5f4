//! Financial reports, read side: the workspace's downloads (every report asked for, where
//! it stands, its file once ready), one report, and its file. Reading needs
//! `accounting:read`; asking for one is the command side's (`command_api::reports`).
//!
//! - [`render`]: a report's content (a sheet) from the read models, as CSV or PDF.
//! - [`worker`]: the report generator, the reactor that renders requested reports.

pub mod render;
pub mod worker;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::time::iso_datetime;
use api_core::ApiError;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::permissions::Action;
use domain::report::ReportKind;
use projections::reports::{self, ReportFilter, ReportRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

const REPORT_NOT_FOUND: &str = "No such report in this workspace.";

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_reports))
        .routes(routes!(one_report))
        .routes(routes!(download_report))
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct ReportsQuery {
    /// `trial_balance`, `general_ledger`, `income_summary`, `expense_summary`,
    /// `balance_sheet`, `income_statement` or `cash_flow`.
    pub kind: Option<String>,
    /// `generating`, `ready` or `failed`.
    pub status: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// What a report covers; which fields are set depends on its kind.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
pub struct ReportCoverage {
    pub as_of: Option<String>,
    pub compare_to: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The income statement's comparison period start.
    pub compare_from: Option<String>,
    /// `month`, `quarter` or `year` (summaries).
    pub granularity: Option<String>,
    pub account_id: Option<String>,
}

/// One generated (or generating, or failed) report.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportView {
    pub id: String,
    pub workspace_id: String,
    /// `trial_balance`, `general_ledger`, `income_summary`, `expense_summary`,
    /// `balance_sheet`, `income_statement` or `cash_flow`.
    pub kind: String,
    pub title: String,
    /// `pdf`, `csv` or `xlsx`.
    pub format: String,
    pub parameters: ReportCoverage,
    /// `generating`, `ready` or `failed`.
    pub status: String,
    pub requested_by: String,
    pub requested_at: String,
    pub finished_at: Option<String>,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    /// Bytes.
    pub size: Option<i64>,
    /// Hex SHA-256 of the file, as recorded in the log.
    pub sha256: Option<String>,
    /// Rows of the report's main table.
    pub rows: Option<i64>,
    /// The log position the books were read at.
    pub data_position: Option<i64>,
    pub failure_reason: Option<String>,
}

fn report_view(row: &ReportRow) -> ReportView {
    let title = row
        .kind
        .parse::<ReportKind>()
        .map(ReportKind::title)
        .unwrap_or(row.kind.as_str());
    ReportView {
        id: row.id.clone(),
        workspace_id: row.workspace_id.clone(),
        kind: row.kind.clone(),
        title: title.to_owned(),
        format: row.format.clone(),
        parameters: serde_json::from_str(&row.parameters).unwrap_or_default(),
        status: row.status.clone(),
        requested_by: row.requested_by.clone(),
        requested_at: iso_datetime(row.requested_at),
        finished_at: row.finished_at.map(iso_datetime),
        file_name: row.file_name.clone(),
        content_type: row.content_type.clone(),
        size: row.size,
        sha256: row.sha256.clone(),
        rows: row.rows,
        data_position: row.data_position,
        failure_reason: row.failure_reason.clone(),
    }
}

fn one_of(
    field: &str,
    value: Option<String>,
    allowed: &[&str],
) -> Result<Option<String>, ApiError> {
    match value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
        Some(v) if !allowed.contains(&v.as_str()) => Err(ApiError::field(
            field,
            format!("Must be one of: {}.", allowed.join(", ")),
        )),
        other => Ok(other),
    }
}

/// The workspace's reports, newest first, with filters on kind and status.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/", tag = "reports",
    params(("workspace_id" = String, Path), ReportsQuery),
    responses((status = 200, body = Data<Paginated<ReportView>>), (status = 400), (status = 403)))]
pub async fn list_reports(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(query): Query<ReportsQuery>,
) -> Result<Json<PageOf<ReportView>>, ApiError> {
    let app = &state.app;
    authorize(app, &user, &workspace_id, Action::ReadBooks, None).await?;
    let kinds: Vec<&str> = ReportKind::ALL.iter().map(|k| k.id()).collect();
    let filter = ReportFilter {
        kind: one_of("kind", query.kind, &kinds)?,
        status: one_of("status", query.status, &["generating", "ready", "failed"])?,
    };
    let page = PageParams {
        page: query.page,
        page_size: query.page_size,
    }
    .validate()?;
    let (rows, count) = reports::list(
        &app.db().pool,
        &workspace_id,
        &filter,
        i64::from(page.page_size),
        page.offset(),
    )
    .await?;
    Ok(ok(Paginated::new(
        rows.iter().map(report_view).collect(),
        count,
        page,
    )))
}

async fn find(state: &QueryState, workspace_id: &str, id: &str) -> Result<ReportRow, ApiError> {
    if uuid::Uuid::parse_str(id).is_err() {
        return Err(ApiError::NotFound(REPORT_NOT_FOUND.into()));
    }
    reports::find(&state.app.db().pool, workspace_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(REPORT_NOT_FOUND.into()))
}

/// One report of the workspace (the downloads screen polls it while it is generating).
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/{report_id}/", tag = "reports",
    params(("workspace_id" = String, Path), ("report_id" = String, Path)),
    responses((status = 200, body = Data<ReportView>), (status = 403), (status = 404)))]
pub async fn one_report(
    State(state): State<QueryState>,
    user: AuthUser,
    Path((workspace_id, report_id)): Path<(String, String)>,
) -> Result<Json<Data<ReportView>>, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::ReadBooks, None).await?;
    Ok(ok(report_view(
        &find(&state, &workspace_id, &report_id).await?,
    )))
}

/// A ready report's file, as an attachment named after the report.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/{report_id}/download/", tag = "reports",
    params(("workspace_id" = String, Path), ("report_id" = String, Path)),
    responses((status = 200, description = "The report file: `application/pdf`, `text/csv` or the XLSX type, named in Content-Disposition", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 403), (status = 404), (status = 409, description = "Not ready: still generating, or failed")))]
pub async fn download_report(
    State(state): State<QueryState>,
    user: AuthUser,
    Path((workspace_id, report_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::ReadBooks, None).await?;
    let report = find(&state, &workspace_id, &report_id).await?;
    if report.status != "ready" {
        return Err(ApiError::Conflict(match report.status.as_str() {
            "failed" => "The report failed and has no file; generate it again.".into(),
            _ => "The report is still being generated.".into(),
        }));
    }
    let bytes = worker::file_bytes(state.app.db(), &report.id)
        .await?
        .ok_or_else(|| {
            tracing::error!(report_id = %report.id, "a ready report's file is missing");
            ApiError::NotFound(REPORT_NOT_FOUND.into())
        })?;
    let name = report
        .file_name
        .unwrap_or_else(|| format!("{}.{}", report.kind, report.format));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                report
                    .content_type
                    .unwrap_or_else(|| "application/octet-stream".into()),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".into()),
            (header::CACHE_CONTROL, "private, no-store".into()),
        ],
        bytes,
    )
        .into_response())
}
