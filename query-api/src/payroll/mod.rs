//! Payroll's reads under `/api/v1/accounting/workspaces/{workspace_id}/payroll/`, from
//! the `payroll` read model: employees (paged, filtered by status, department and a
//! search over name, staff id and e-mail), the settings, pay runs with their payslips, a
//! payslip as a PDF, and the year's posted payroll per month and component. Every route
//! needs `payroll:read` (Editors and Admins; Viewers are refused).
//!
//! - [`pdf`]: a payslip typeset on one A4 page.

pub mod pdf;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::Datelike;
use domain::permissions::Action;
use event_schemas::payroll::employee::EmployeeDetails;
use event_schemas::payroll::pay_run::{PayRunTotalsRecord, PayslipRecord};
use event_schemas::payroll::settings::PayrollAccounts;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_employees))
        .routes(routes!(get_employee))
        .routes(routes!(get_payroll_settings))
        .routes(routes!(list_pay_runs))
        .routes(routes!(get_pay_run))
        .routes(routes!(payslip_pdf))
        .routes(routes!(payroll_summary))
}

async fn may_read(state: &AppState, user: &AuthUser, workspace_id: &str) -> Result<(), ApiError> {
    authorize(state, user, workspace_id, Action::ReadPayroll, None).await?;
    Ok(())
}

fn parse<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, ApiError> {
    serde_json::from_str(text).map_err(ApiError::internal)
}

/// An employee as listed and shown: the record, with `status` (`active` or
/// `terminated`) and the last day employed once terminated.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmployeeView {
    pub id: String,
    /// `active` or `terminated`.
    pub status: String,
    pub end_date: Option<String>,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub details: EmployeeDetails,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EmployeeParams {
    pub page: Option<String>,
    pub page_size: Option<String>,
    /// `active` or `terminated`.
    pub status: Option<String>,
    pub department: Option<String>,
    /// Part of a name, staff id or e-mail.
    pub search: Option<String>,
}

const EMPLOYEE_COLUMNS: &str = "employee_id, end_date, details";

fn employee_view(row: &sqlx::any::AnyRow) -> Result<EmployeeView, ApiError> {
    let end_date: Option<String> = row.try_get("end_date")?;
    let details: String = row.try_get("details")?;
    Ok(EmployeeView {
        id: row.try_get("employee_id")?,
        status: if end_date.is_some() {
            "terminated"
        } else {
            "active"
        }
        .into(),
        end_date,
        details: parse(&details)?,
    })
}

/// The workspace's employees by last name, filtered and paged.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/employees/", tag = "payroll",
    params(("workspace_id" = String, Path), EmployeeParams),
    responses((status = 200, body = Data<Paginated<EmployeeView>>), (status = 400), (status = 403)))]
pub async fn list_employees(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<EmployeeParams>,
) -> Result<Json<PageOf<EmployeeView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let page = PageParams {
        page: params.page.clone(),
        page_size: params.page_size.clone(),
    }
    .validate()?;
    let mut filter = String::from(" FROM read_employees WHERE workspace_id = $1");
    let mut binds: Vec<String> = vec![workspace_id.clone()];
    match params.status.as_deref().map(str::trim).unwrap_or("") {
        "" => {}
        "active" => filter.push_str(" AND end_date IS NULL"),
        "terminated" => filter.push_str(" AND end_date IS NOT NULL"),
        _ => return Err(ApiError::field("status", "Must be active or terminated.")),
    }
    if let Some(department) = params
        .department
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        binds.push(department.to_owned());
        filter.push_str(&format!(" AND department = ${}", binds.len()));
    }
    if let Some(search) = params
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        binds.push(format!("%{}%", search.to_lowercase()));
        let n = binds.len();
        filter.push_str(&format!(
            " AND (LOWER(first_name) LIKE ${n} OR LOWER(last_name) LIKE ${n} \
             OR LOWER(staff_id) LIKE ${n} OR LOWER(email) LIKE ${n})"
        ));
    }
    let pool = &state.db().pool;
    let count_sql = format!("SELECT COUNT(*){filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for b in &binds {
        count = count.bind(b);
    }
    let total = count.fetch_one(pool).await?;
    let list_sql = format!(
        "SELECT {EMPLOYEE_COLUMNS}{filter} ORDER BY last_name, first_name, employee_id \
         LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    );
    let mut list = sqlx::query(&list_sql);
    for b in &binds {
        list = list.bind(b);
    }
    let rows = list.fetch_all(pool).await?;
    let data = rows.iter().map(employee_view).collect::<Result<_, _>>()?;
    Ok(ok(Paginated::new(data, total, page)))
}

/// One employee of the workspace.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/employees/{id}/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<EmployeeView>), (status = 403), (status = 404)))]
pub async fn get_employee(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, employee_id)): Path<(String, String)>,
) -> Result<Json<Data<EmployeeView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = sqlx::query(&format!(
        "SELECT {EMPLOYEE_COLUMNS} FROM read_employees WHERE workspace_id = $1 AND employee_id = $2"
    ))
    .bind(&workspace_id)
    .bind(&employee_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("No such employee.".into()))?;
    Ok(ok(employee_view(&row)?))
}

/// The payroll settings: the accounts runs post to and whether ITF applies; `configured`
/// is `false` (and `accounts` `null`) until the first run sets the defaults or an Admin
/// sets them.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = PayrollSettingsView)]
pub struct SettingsView {
    pub configured: bool,
    #[schema(value_type = Option<Object>)]
    pub accounts: Option<PayrollAccounts>,
    pub itf_applies: bool,
}

#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/settings/", tag = "payroll",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<SettingsView>), (status = 403)))]
pub async fn get_payroll_settings(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<SettingsView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = sqlx::query(
        "SELECT accounts, itf_applies FROM read_payroll_settings WHERE workspace_id = $1",
    )
    .bind(&workspace_id)
    .fetch_optional(&state.db().pool)
    .await?;
    let view = match row {
        Some(row) => {
            let accounts: String = row.try_get("accounts")?;
            SettingsView {
                configured: true,
                accounts: Some(parse(&accounts)?),
                itf_applies: row.try_get::<i64, _>("itf_applies")? != 0,
            }
        }
        None => SettingsView {
            configured: false,
            accounts: None,
            itf_applies: true,
        },
    };
    Ok(ok(view))
}

/// A pay run as listed: its period, status and totals.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayRunSummary {
    pub id: String,
    /// `YYYY-MM`.
    pub period: String,
    pub pay_date: String,
    /// `PITA` or `NTA2025`.
    pub rule_set: String,
    /// `draft`, `approved`, `posted` or `reversed`.
    pub status: String,
    pub employees: i64,
    #[schema(value_type = Object)]
    pub totals: PayRunTotalsRecord,
    pub journal_entry_id: Option<String>,
    pub reversal_entry_id: Option<String>,
}

/// A pay run with every payslip (monthly amounts).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayRunDetail {
    #[serde(flatten)]
    pub run: PayRunSummary,
    pub payslips: Vec<PayslipView>,
}

/// One payslip, with its run's rule set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayslipView {
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub payslip: PayslipRecord,
    pub rule_set: String,
}

const RUN_COLUMNS: &str = "pay_run_id, period, pay_date, rule_set, status, employees, totals, \
    journal_entry_id, reversal_entry_id";

fn run_summary(row: &sqlx::any::AnyRow) -> Result<PayRunSummary, ApiError> {
    let totals: String = row.try_get("totals")?;
    Ok(PayRunSummary {
        id: row.try_get("pay_run_id")?,
        period: row.try_get("period")?,
        pay_date: row.try_get("pay_date")?,
        rule_set: row.try_get("rule_set")?,
        status: row.try_get("status")?,
        employees: row.try_get("employees")?,
        totals: parse(&totals)?,
        journal_entry_id: row.try_get("journal_entry_id")?,
        reversal_entry_id: row.try_get("reversal_entry_id")?,
    })
}

/// The workspace's pay runs, newest period first.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/", tag = "payroll",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<Vec<PayRunSummary>>), (status = 403)))]
pub async fn list_pay_runs(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<Vec<PayRunSummary>>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let rows = sqlx::query(&format!(
        "SELECT {RUN_COLUMNS} FROM read_pay_runs WHERE workspace_id = $1 \
         ORDER BY period DESC, created_at DESC"
    ))
    .bind(&workspace_id)
    .fetch_all(&state.db().pool)
    .await?;
    Ok(ok(rows
        .iter()
        .map(run_summary)
        .collect::<Result<_, _>>()?))
}

/// A run's row and payslips, or 404.
pub(crate) async fn find_run(
    state: &AppState,
    workspace_id: &str,
    pay_run_id: &str,
) -> Result<(PayRunSummary, Vec<PayslipRecord>), ApiError> {
    let row = sqlx::query(&format!(
        "SELECT {RUN_COLUMNS}, payslips FROM read_pay_runs WHERE workspace_id = $1 AND pay_run_id = $2"
    ))
    .bind(workspace_id)
    .bind(pay_run_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("No such pay run.".into()))?;
    let payslips: String = row.try_get("payslips")?;
    Ok((run_summary(&row)?, parse(&payslips)?))
}

/// One pay run with its `payslips`.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<PayRunDetail>), (status = 403), (status = 404)))]
pub async fn get_pay_run(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, pay_run_id)): Path<(String, String)>,
) -> Result<Json<Data<PayRunDetail>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let (run, payslips) = find_run(&state, &workspace_id, &pay_run_id).await?;
    let payslips = payslips
        .into_iter()
        .map(|payslip| PayslipView {
            payslip,
            rule_set: run.rule_set.clone(),
        })
        .collect();
    Ok(ok(PayRunDetail { run, payslips }))
}

/// An employee's payslip of a run, typeset as a PDF.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/pay-runs/{id}/payslips/{employee_id}/pdf/", tag = "payroll",
    params(("workspace_id" = String, Path), ("id" = String, Path), ("employee_id" = String, Path)),
    responses((status = 200, description = "The payslip, `application/pdf`", content_type = "application/pdf", body = Vec<u8>),
        (status = 403), (status = 404)))]
pub async fn payslip_pdf(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, pay_run_id, employee_id)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let (run, payslips) = find_run(&state, &workspace_id, &pay_run_id).await?;
    let payslip = payslips
        .into_iter()
        .find(|p| p.employee_id.to_string() == employee_id)
        .ok_or_else(|| ApiError::NotFound("No payslip for this employee in this run.".into()))?;
    let employer: Option<String> =
        sqlx::query_scalar("SELECT name FROM read_workspaces WHERE id = $1")
            .bind(&workspace_id)
            .fetch_optional(&state.db().pool)
            .await?;
    let bytes = pdf::payslip(&employer.unwrap_or_default(), &run, &payslip)?;
    let name = format!(
        "payslip-{}-{}.pdf",
        run.period,
        if payslip.staff_id.is_empty() {
            employee_id.as_str()
        } else {
            payslip.staff_id.as_str()
        }
    );
    Ok((
        [
            (header::CONTENT_TYPE, "application/pdf".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("inline; filename=\"{}\"", name.replace('"', "")),
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".into()),
            (header::CACHE_CONTROL, "private, no-store".into()),
        ],
        bytes,
    )
        .into_response())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SummaryParams {
    /// The calendar year (default: this year).
    pub year: Option<String>,
}

/// One month of posted payroll: each component's total (decimal strings).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MonthSummary {
    /// `YYYY-MM`.
    pub period: String,
    #[schema(value_type = Object)]
    pub totals: PayRunTotalsRecord,
}

/// A year of posted payroll: per month and for the year.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PayrollSummary {
    pub year: i32,
    pub months: Vec<MonthSummary>,
    #[schema(value_type = Object)]
    pub totals: PayRunTotalsRecord,
}

fn zero_totals() -> PayRunTotalsRecord {
    let z = domain::money::MONEY_ZERO;
    PayRunTotalsRecord {
        gross: z,
        basic: z,
        housing: z,
        transport: z,
        other: z,
        pension_employee: z,
        nhf: z,
        paye: z,
        other_deductions: z,
        net_pay: z,
        pension_employer: z,
        nsitf: z,
        itf: z,
        employer_cost: z,
    }
}

fn add(sum: &mut PayRunTotalsRecord, t: &PayRunTotalsRecord) {
    let pairs: [(&mut Decimal, Decimal); 14] = [
        (&mut sum.gross, t.gross),
        (&mut sum.basic, t.basic),
        (&mut sum.housing, t.housing),
        (&mut sum.transport, t.transport),
        (&mut sum.other, t.other),
        (&mut sum.pension_employee, t.pension_employee),
        (&mut sum.nhf, t.nhf),
        (&mut sum.paye, t.paye),
        (&mut sum.other_deductions, t.other_deductions),
        (&mut sum.net_pay, t.net_pay),
        (&mut sum.pension_employer, t.pension_employer),
        (&mut sum.nsitf, t.nsitf),
        (&mut sum.itf, t.itf),
        (&mut sum.employer_cost, t.employer_cost),
    ];
    for (total, amount) in pairs {
        *total += amount;
    }
}

/// The year's posted pay runs (reversed ones left out) per month and per component.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/summary/", tag = "payroll",
    params(("workspace_id" = String, Path), SummaryParams),
    responses((status = 200, body = Data<PayrollSummary>), (status = 400), (status = 403)))]
pub async fn payroll_summary(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<SummaryParams>,
) -> Result<Json<Data<PayrollSummary>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let year = match params
        .year
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => chrono::DateTime::from_timestamp_micros(state.clock.now_us())
            .unwrap_or_default()
            .year(),
        Some(raw) => raw
            .parse::<i32>()
            .ok()
            .filter(|y| (1900..=9999).contains(y))
            .ok_or_else(|| ApiError::field("year", "Enter a year such as 2026."))?,
    };
    Ok(ok(payroll_year(state.db(), &workspace_id, year).await?))
}

/// The year's posted pay runs (reversed ones left out) per month and per component: what
/// the summary route answers, and what the assistant reads payroll cost from.
pub async fn payroll_year(
    db: &store::Db,
    workspace_id: &str,
    year: i32,
) -> Result<PayrollSummary, ApiError> {
    let rows = sqlx::query(
        "SELECT period, totals FROM read_payroll_months WHERE workspace_id = $1 AND year = $2 \
         ORDER BY period",
    )
    .bind(workspace_id)
    .bind(i64::from(year))
    .fetch_all(&db.pool)
    .await?;
    let mut months: Vec<MonthSummary> = Vec::new();
    let mut year_totals = zero_totals();
    for row in rows {
        let period: String = row.try_get("period")?;
        let totals: String = row.try_get("totals")?;
        let totals: PayRunTotalsRecord = parse(&totals)?;
        add(&mut year_totals, &totals);
        match months.last_mut() {
            Some(month) if month.period == period => add(&mut month.totals, &totals),
            _ => {
                let mut sum = zero_totals();
                add(&mut sum, &totals);
                months.push(MonthSummary {
                    period,
                    totals: sum,
                });
            }
        }
    }
    Ok(PayrollSummary {
        year,
        months,
        totals: year_totals,
    })
}
