//! Debts' reads under `/api/v1/accounting/workspaces/{workspace_id}/debts/`, from the
//! `debts` read model: the debts (paged, filtered by direction and status) with what is
//! outstanding and the next instalment as of today, a debt, its schedule as it stands
//! after the repayments, its repayments, and the aging of every debt on a date
//! ([`aging`]). Every route needs `accounting:read`. The figures are the domain's
//! (`domain::debt`), computed from the record and the repayments the read model holds.

pub mod aging;

use std::collections::HashMap;

use api_core::auth::AuthUser;
use api_core::documents::{with_documents, Attachable, AttachedDocument};
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::NaiveDate;
use domain::debt::{self as debt, position, terms_of, Repayment};
use event_schemas::debt::DebtDetails;
use projections::cents::{cents_string, from_cents};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::fixed_assets::{may_read, parse};
use crate::QueryState;

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_debts))
        .routes(routes!(aging::debt_aging))
        .routes(routes!(get_debt))
        .routes(routes!(debt_schedule))
        .routes(routes!(list_repayments))
}

/// An amount at two places, as the wire carries money.
pub(crate) fn money(amount: Decimal) -> String {
    let mut amount = amount;
    amount.rescale(2);
    amount.to_string()
}

/// Today by the server's clock (UTC).
pub(crate) fn today(state: &AppState) -> NaiveDate {
    chrono::DateTime::from_timestamp_micros(state.clock.now_us())
        .unwrap_or_default()
        .date_naive()
}

/// The next instalment with something left to pay.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct NextDueView {
    pub due_date: String,
    /// What is left to pay of it.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
}

/// A debt as listed and shown: the record, `status` (`active` while principal is owed,
/// `settled` once it is all repaid), and as of `as_of` (today) what is outstanding,
/// overdue and next due.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebtView {
    pub id: String,
    /// `active` or `settled`.
    pub status: String,
    #[serde(flatten)]
    #[schema(value_type = DebtRecordDoc)]
    pub details: DebtDetails,
    /// The drawdown's journal entry, when it was posted with the debt.
    pub drawdown_entry_id: Option<String>,
    #[schema(value_type = api_core::openapi::Money)]
    pub principal_repaid: String,
    pub as_of: String,
    /// Principal not yet repaid plus the unpaid interest of instalments due by `as_of`.
    #[schema(value_type = api_core::openapi::Money)]
    pub outstanding: String,
    /// Unpaid amounts of instalments due before `as_of`.
    #[schema(value_type = api_core::openapi::Money)]
    pub overdue: String,
    /// Days the oldest unpaid instalment is past due (0 when nothing is overdue).
    pub days_past_due: u32,
    pub next_due: Option<NextDueView>,
    /// The files backing the debt (the loan agreement, a lender's statement).
    pub documents: Vec<AttachedDocument>,
}

impl Attachable for DebtView {
    const KIND: &'static str = "debt";
    fn attachable_id(&self) -> &str {
        &self.id
    }
    fn set_documents(&mut self, documents: Vec<AttachedDocument>) {
        self.documents = documents;
    }
}

/// The shape of a debt's record on the wire (`DebtDetails` of the events), for the API
/// document.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct DebtRecordDoc {
    /// `payable` or `receivable`.
    direction: String,
    counterparty: String,
    reference: String,
    #[schema(value_type = api_core::openapi::Money)]
    principal: String,
    start_date: String,
    /// Percent a year.
    annual_interest_rate: String,
    term_months: u32,
    /// `annuity`, `equal_principal` or `interest_only`.
    repayment_type: String,
    first_due_date: String,
    principal_account: String,
    interest_account: String,
    cash_account: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DebtParams {
    pub page: Option<String>,
    pub page_size: Option<String>,
    /// `payable` or `receivable`.
    pub direction: Option<String>,
    /// `active` or `settled`.
    pub status: Option<String>,
}

const DEBT_COLUMNS: &str =
    "debt_id, details, drawdown_entry_id, principal_cents, principal_repaid_cents";

/// The repayments of the workspace's debts (or of one), in the order recorded.
pub(crate) async fn repayments_by_debt(
    state: &AppState,
    workspace_id: &str,
    debt_id: Option<&str>,
) -> Result<HashMap<String, Vec<Repayment>>, ApiError> {
    let mut sql = String::from(
        "SELECT debt_id, repaid_on, amount_cents FROM read_debt_repayments WHERE workspace_id = $1",
    );
    if debt_id.is_some() {
        sql.push_str(" AND debt_id = $2");
    }
    sql.push_str(" ORDER BY debt_id, position");
    let mut query = sqlx::query(&sql).bind(workspace_id);
    if let Some(debt_id) = debt_id {
        query = query.bind(debt_id);
    }
    let mut map: HashMap<String, Vec<Repayment>> = HashMap::new();
    for row in query.fetch_all(&state.db().pool).await? {
        let date: String = row.try_get("repaid_on")?;
        map.entry(row.try_get("debt_id")?)
            .or_default()
            .push(Repayment {
                date: date.parse().map_err(ApiError::internal)?,
                amount: from_cents(row.try_get("amount_cents")?),
            });
    }
    Ok(map)
}

fn debt_view(
    row: &sqlx::any::AnyRow,
    repayments: &HashMap<String, Vec<Repayment>>,
    as_of: NaiveDate,
) -> Result<DebtView, ApiError> {
    let id: String = row.try_get("debt_id")?;
    let details: DebtDetails = parse(&row.try_get::<String, _>("details")?)?;
    let principal: i64 = row.try_get("principal_cents")?;
    let repaid: i64 = row.try_get("principal_repaid_cents")?;
    let paid = repayments.get(&id).map(Vec::as_slice).unwrap_or(&[]);
    let aged = debt::aging(&terms_of(&details), paid, as_of).map_err(ApiError::internal)?;
    Ok(DebtView {
        status: if repaid >= principal {
            "settled"
        } else {
            "active"
        }
        .into(),
        drawdown_entry_id: row.try_get("drawdown_entry_id")?,
        principal_repaid: cents_string(repaid),
        as_of: as_of.to_string(),
        outstanding: money(aged.outstanding),
        overdue: money(aged.overdue),
        days_past_due: aged.days_past_due,
        next_due: aged.next_due.map(|n| NextDueView {
            due_date: n.due_date.to_string(),
            amount: money(n.amount),
        }),
        details,
        id,
        documents: Vec::new(),
    })
}

/// The workspace's debts, newest start first, filtered and paged.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/", tag = "debts",
    params(("workspace_id" = String, Path), DebtParams),
    responses((status = 200, body = Data<Paginated<DebtView>>), (status = 400), (status = 403)))]
pub async fn list_debts(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<DebtParams>,
) -> Result<Json<PageOf<DebtView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let page = PageParams {
        page: params.page.clone(),
        page_size: params.page_size.clone(),
    }
    .validate()?;
    let mut filter = String::from(" FROM read_debts WHERE workspace_id = $1");
    match params.status.as_deref().map(str::trim).unwrap_or("") {
        "" => {}
        "active" => filter.push_str(" AND principal_repaid_cents < principal_cents"),
        "settled" => filter.push_str(" AND principal_repaid_cents >= principal_cents"),
        _ => return Err(ApiError::field("status", "Must be active or settled.")),
    }
    match params.direction.as_deref().map(str::trim).unwrap_or("") {
        "" => {}
        "payable" => filter.push_str(" AND direction = 'payable'"),
        "receivable" => filter.push_str(" AND direction = 'receivable'"),
        _ => {
            return Err(ApiError::field(
                "direction",
                "Must be payable or receivable.",
            ))
        }
    }
    let pool = &state.db().pool;
    let total = sqlx::query_scalar::<_, i64>(&format!("SELECT COUNT(*){filter}"))
        .bind(&workspace_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {DEBT_COLUMNS}{filter} ORDER BY start_date DESC, counterparty, debt_id \
         LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    ))
    .bind(&workspace_id)
    .fetch_all(pool)
    .await?;
    let repayments = repayments_by_debt(&state, &workspace_id, None).await?;
    let as_of = today(&state);
    let mut data = rows
        .iter()
        .map(|row| debt_view(row, &repayments, as_of))
        .collect::<Result<Vec<_>, _>>()?;
    with_documents(&state, &mut data).await?;
    Ok(ok(Paginated::new(data, total, page)))
}

async fn debt_row(
    state: &AppState,
    workspace_id: &str,
    debt_id: &str,
) -> Result<sqlx::any::AnyRow, ApiError> {
    sqlx::query(&format!(
        "SELECT {DEBT_COLUMNS} FROM read_debts WHERE workspace_id = $1 AND debt_id = $2"
    ))
    .bind(workspace_id)
    .bind(debt_id)
    .fetch_optional(&state.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("No such debt.".into()))
}

/// One debt of the workspace.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/{id}/", tag = "debts",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<DebtView>), (status = 403), (status = 404)))]
pub async fn get_debt(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, debt_id)): Path<(String, String)>,
) -> Result<Json<Data<DebtView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = debt_row(&state, &workspace_id, &debt_id).await?;
    let repayments = repayments_by_debt(&state, &workspace_id, Some(&debt_id)).await?;
    let mut debt = [debt_view(&row, &repayments, today(&state))?];
    with_documents(&state, &mut debt).await?;
    let [debt] = debt;
    Ok(ok(debt))
}

/// One instalment of the schedule as it stands, with what is paid of it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct InstalmentView {
    /// 1 for the first.
    pub number: u32,
    pub due_date: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub opening_balance: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub interest: String,
    /// Including any principal prepaid in its period.
    #[schema(value_type = api_core::openapi::Money)]
    pub principal: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub payment: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub closing_balance: String,
    /// The part of `principal` prepaid beyond the instalment's own.
    #[schema(value_type = api_core::openapi::Money)]
    pub prepaid_principal: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub interest_paid: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub principal_paid: String,
    /// What is left to pay of it.
    #[schema(value_type = api_core::openapi::Money)]
    pub unpaid: String,
    /// `paid`, `partly_paid` or `unpaid`.
    pub status: String,
    /// Due before today with something unpaid.
    pub overdue: bool,
}

/// A debt's schedule after its repayments: a row per monthly instalment, the last
/// closing at zero (a prepayment re-plans the rows after it).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DebtScheduleView {
    pub id: String,
    pub as_of: String,
    pub rows: Vec<InstalmentView>,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_interest: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_payment: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub principal_outstanding: String,
}

#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/{id}/schedule/", tag = "debts",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<DebtScheduleView>), (status = 403), (status = 404)))]
pub async fn debt_schedule(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, debt_id)): Path<(String, String)>,
) -> Result<Json<Data<DebtScheduleView>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    let row = debt_row(&state, &workspace_id, &debt_id).await?;
    let details: DebtDetails = parse(&row.try_get::<String, _>("details")?)?;
    let repayments = repayments_by_debt(&state, &workspace_id, Some(&debt_id)).await?;
    let paid = repayments.get(&debt_id).map(Vec::as_slice).unwrap_or(&[]);
    let standing = position(&terms_of(&details), paid).map_err(ApiError::internal)?;
    let as_of = today(&state);
    let mut total_interest = Decimal::ZERO;
    let mut total_payment = Decimal::ZERO;
    let rows = standing
        .instalments
        .iter()
        .map(|i| {
            total_interest += i.row.interest;
            total_payment += i.row.payment;
            let unpaid = i.unpaid();
            let status = if unpaid <= Decimal::ZERO {
                "paid"
            } else if i.interest_paid + i.principal_paid > Decimal::ZERO {
                "partly_paid"
            } else {
                "unpaid"
            };
            InstalmentView {
                number: i.row.number,
                due_date: i.row.due_date.to_string(),
                opening_balance: money(i.row.opening_balance),
                interest: money(i.row.interest),
                principal: money(i.row.principal),
                payment: money(i.row.payment),
                closing_balance: money(i.row.closing_balance),
                prepaid_principal: money(i.prepaid_principal),
                interest_paid: money(i.interest_paid),
                principal_paid: money(i.principal_paid),
                unpaid: money(unpaid),
                status: status.into(),
                overdue: i.row.due_date < as_of && unpaid > Decimal::ZERO,
            }
        })
        .collect();
    Ok(ok(DebtScheduleView {
        id: debt_id,
        as_of: as_of.to_string(),
        rows,
        total_interest: money(total_interest),
        total_payment: money(total_payment),
        principal_outstanding: money(standing.principal_outstanding),
    }))
}

/// A repayment recorded, with its split and journal entry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RepaymentView {
    pub date: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub interest: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub principal: String,
    /// The part of `principal` beyond the next instalment.
    #[schema(value_type = api_core::openapi::Money)]
    pub prepayment: String,
    pub cash_account: String,
    pub journal_entry_id: String,
    pub recorded_by: String,
}

/// A debt's repayments in the order recorded.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/debts/{id}/repayments/", tag = "debts",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<Vec<RepaymentView>>), (status = 403), (status = 404)))]
pub async fn list_repayments(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, debt_id)): Path<(String, String)>,
) -> Result<Json<Data<Vec<RepaymentView>>>, ApiError> {
    may_read(&state, &user, &workspace_id).await?;
    debt_row(&state, &workspace_id, &debt_id).await?;
    let rows = sqlx::query(
        "SELECT repaid_on, amount_cents, interest_cents, principal_cents, prepayment_cents, \
         cash_account, journal_entry_id, recorded_by FROM read_debt_repayments \
         WHERE workspace_id = $1 AND debt_id = $2 ORDER BY position",
    )
    .bind(&workspace_id)
    .bind(&debt_id)
    .fetch_all(&state.db().pool)
    .await?;
    let mut views = Vec::with_capacity(rows.len());
    for row in rows {
        views.push(RepaymentView {
            date: row.try_get("repaid_on")?,
            amount: cents_string(row.try_get("amount_cents")?),
            interest: cents_string(row.try_get("interest_cents")?),
            principal: cents_string(row.try_get("principal_cents")?),
            prepayment: cents_string(row.try_get("prepayment_cents")?),
            cash_account: row.try_get("cash_account")?,
            journal_entry_id: row.try_get("journal_entry_id")?,
            recorded_by: row.try_get("recorded_by")?,
        });
    }
    Ok(ok(views))
}
