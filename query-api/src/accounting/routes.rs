//! The accounting read routes under `/api/v1/accounting/workspaces/{workspace_id}/`
//! (spec §7 and issue 4's contract), thin over the functions of this module. Query
//! strings arrive as raw text and are parsed here, so a bad value is a field error
//! naming the parameter rather than a plain-text rejection.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::documents::attached_documents;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::shapes::LockDate;
use api_core::{ApiError, AppState};
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::NaiveDate;
use domain::permissions::Action;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{
    account_tree, expense_summary, general_ledger, income_summary, journal_entries, journal_entry,
    lock_date, trial_balance, AccountNode, Export, ExportFormat, GeneralLedger, Granularity,
    JournalEntryDetail, JournalEntryFilters, JournalEntrySummary, PeriodSummary, TrialBalance,
};
use crate::QueryState;

/// The attachment kind of journal entries.
const JOURNAL_ENTRY: &str = "journal_entry";

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(accounts))
        .routes(routes!(trial_balance_route))
        .routes(routes!(general_ledger_route))
        .routes(routes!(journal_entries_route))
        .routes(routes!(journal_entry_route))
        .routes(routes!(journal_entry_history_route))
        .routes(routes!(export_route))
        .routes(routes!(import_template_route))
        .routes(routes!(lock_date_route))
        .routes(routes!(income_summary_route))
        .routes(routes!(expense_summary_route))
        .routes(routes!(dashboard_route))
}

fn date(field: &str, raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    api_core::time::optional_date(field, raw)
}

fn amount(field: &str, raw: Option<&str>) -> Result<Option<Decimal>, ApiError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(text) => text
            .parse()
            .map(Some)
            .map_err(|_| ApiError::field(field, "Enter an amount such as 1250.00.")),
    }
}

fn text(raw: Option<String>) -> Option<String> {
    raw.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty())
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TreeParams {
    /// `true` includes archived accounts.
    pub include_archived: Option<String>,
}

/// The workspace's chart of accounts as a tree (`children`), archived nodes left out
/// unless asked for (spec §3, §4).
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/", tag = "accounting",
    params(("workspace_id" = String, Path), TreeParams), responses((status = 200, body = Data<Vec<AccountNode>>), (status = 403)))]
pub async fn accounts(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<TreeParams>,
) -> Result<Json<Data<Vec<AccountNode>>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let archived = matches!(params.include_archived.as_deref(), Some("true" | "1"));
    Ok(ok(account_tree(state.db(), &workspace_id, archived).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct TrialBalanceParams {
    /// Default today.
    pub as_of: Option<String>,
    pub compare_to: Option<String>,
}

/// Every account's debit and credit totals as of a date, rolled up to parents, with the
/// totals and whether they balance; optionally beside a comparison date.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/trial-balance/", tag = "accounting",
    params(("workspace_id" = String, Path), TrialBalanceParams), responses((status = 200, body = Data<TrialBalance>), (status = 400), (status = 403)))]
pub async fn trial_balance_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<TrialBalanceParams>,
) -> Result<Json<Data<TrialBalance>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let as_of =
        date("as_of", params.as_of.as_deref())?.unwrap_or_else(|| chrono::Utc::now().date_naive());
    let compare_to = date("compare_to", params.compare_to.as_deref())?;
    Ok(ok(trial_balance(
        state.db(),
        &workspace_id,
        as_of,
        compare_to,
    )
    .await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LedgerParams {
    pub account_id: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// Postings of an account (or all) in a date range with the opening balance, running
/// balances and the closing balance, paginated.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/general-ledger/", tag = "accounting",
    params(("workspace_id" = String, Path), LedgerParams), responses((status = 200, body = Data<GeneralLedger>), (status = 400), (status = 403)))]
pub async fn general_ledger_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<LedgerParams>,
) -> Result<Json<Data<GeneralLedger>>, ApiError> {
    authorize(
        &state,
        &user,
        &workspace_id,
        Action::ReadGeneralLedger,
        None,
    )
    .await?;
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .validate()?;
    let account = text(params.account_id);
    let mut ledger = general_ledger(
        state.db(),
        &workspace_id,
        account.as_deref(),
        date("from", params.from.as_deref())?,
        date("to", params.to.as_deref())?,
        page,
    )
    .await?;
    let entries: Vec<String> = ledger
        .postings
        .data
        .iter()
        .map(|p| p.entry_id.clone())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let documents = attached_documents(&state, JOURNAL_ENTRY, &entries).await?;
    for posting in &mut ledger.postings.data {
        if let Some(attached) = documents.get(&posting.entry_id) {
            posting.documents = attached.clone();
        }
    }
    Ok(ok(ledger))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct EntryParams {
    pub date_from: Option<String>,
    pub date_to: Option<String>,
    /// draft, posted or reversed.
    pub status: Option<String>,
    pub account_id: Option<String>,
    pub amount_min: Option<String>,
    pub amount_max: Option<String>,
    pub text: Option<String>,
    pub number: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// Journal entries, newest first, with filters.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/", tag = "accounting",
    params(("workspace_id" = String, Path), EntryParams), responses((status = 200, body = Data<Paginated<JournalEntrySummary>>), (status = 400), (status = 403)))]
pub async fn journal_entries_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<EntryParams>,
) -> Result<Json<PageOf<JournalEntrySummary>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .validate()?;
    let filters = JournalEntryFilters {
        date_from: date("date_from", params.date_from.as_deref())?,
        date_to: date("date_to", params.date_to.as_deref())?,
        status: text(params.status),
        account_id: text(params.account_id),
        amount_min: amount("amount_min", params.amount_min.as_deref())?,
        amount_max: amount("amount_max", params.amount_max.as_deref())?,
        text: text(params.text),
        number: text(params.number),
    };
    Ok(ok(journal_entries(
        state.db(),
        &workspace_id,
        &filters,
        page,
    )
    .await?))
}

/// One journal entry with its lines and the entries it reverses or is reversed by.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)), responses((status = 200, body = Data<JournalEntryDetail>), (status = 403), (status = 404)))]
pub async fn journal_entry_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<Json<Data<JournalEntryDetail>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let mut entry = journal_entry(state.db(), &workspace_id, &entry_id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    entry.documents = attached_documents(&state, JOURNAL_ENTRY, &[entry.entry.id.clone()])
        .await?
        .remove(&entry.entry.id)
        .unwrap_or_default();
    Ok(ok(entry))
}

/// One event of a journal entry's stream, as its history lists it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntryEvent {
    pub event_type: String,
    pub event_version: String,
    /// The event's place in the entry's stream (1-based).
    pub sequence: i64,
    /// The event's place in the global log.
    pub position: i64,
    /// RFC 3339, seconds.
    pub recorded_at: String,
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
    /// The event's place in the workspace's hash chain.
    pub chain_seq: i64,
    pub hash: String,
    /// One line for people.
    pub summary: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EntryHistory {
    pub entry_id: String,
    /// Oldest first.
    pub events: Vec<EntryEvent>,
}

/// The entry's history as the log holds it: every event of its stream, oldest first, with
/// who caused it, when it was recorded, and its place in the workspace's hash chain. This
/// reads the log on purpose (DESIGN.md §2): it is the audit trail of one entry.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/{id}/history/", tag = "accounting",
    params(("workspace_id" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Data<EntryHistory>), (status = 403), (status = 404)))]
pub async fn journal_entry_history_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path((workspace_id, entry_id)): Path<(String, String)>,
) -> Result<Json<Data<EntryHistory>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    Ok(ok(entry_history(&state, &workspace_id, &entry_id).await?))
}

/// Entry `entry_id`'s history as the log holds it (404 for another workspace's entry or
/// an unknown one): what the history route answers, and what the assistant explains.
pub async fn entry_history(
    state: &AppState,
    workspace_id: &str,
    entry_id: &str,
) -> Result<EntryHistory, ApiError> {
    let not_found = || ApiError::NotFound("Not found.".into());
    let id: uuid::Uuid = entry_id.trim().parse().map_err(|_| not_found())?;
    let events = state
        .store
        .read_stream(
            event_schemas::journal_entry::AGGREGATE_TYPE,
            &id.to_string(),
            0,
        )
        .await
        .map_err(ApiError::internal)?;
    // Another workspace's entry is not found here, exactly like a missing one.
    if events.is_empty()
        || events
            .iter()
            .any(|e| e.workspace_id() != Some(workspace_id))
    {
        return Err(not_found());
    }
    let mut history = Vec::with_capacity(events.len());
    for event in &events {
        let actor = event.metadata_str(store::metadata_keys::ACTOR_ID);
        let actor_name = match actor.as_deref() {
            Some(actor) => identity::users::by_id(state.db(), actor).await?.map(|u| {
                format!("{} {}", u.first_name, u.last_name)
                    .trim()
                    .to_owned()
            }),
            None => None,
        };
        history.push(EntryEvent {
            event_type: event.event_type.clone(),
            event_version: event.event_version.clone(),
            sequence: event.sequence,
            position: event.global_position,
            recorded_at: api_core::time::iso_datetime(event.recorded_at),
            actor_id: actor,
            actor_name,
            chain_seq: event.chain_seq,
            hash: event.hash.clone(),
            summary: projections::activity_log::event_summary(event),
        });
    }
    Ok(EntryHistory {
        entry_id: id.to_string(),
        events: history,
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ExportParams {
    /// csv (default) or hledger.
    pub format: Option<String>,
}

/// Every posted entry as CSV or as an hledger journal, as a download.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/export/", tag = "accounting",
    params(("workspace_id" = String, Path), ExportParams),
    responses((status = 200, description = "CSV (text/csv) or an hledger journal (text/plain)", content_type = "text/csv", body = String),
        (status = 400), (status = 403)))]
pub async fn export_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<ExportParams>,
) -> Result<Response, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let (format, mime, extension) = match params.format.as_deref().map(str::trim) {
        None | Some("" | "csv") => (ExportFormat::Csv, "text/csv; charset=utf-8", "csv"),
        Some("hledger") => (
            ExportFormat::Hledger,
            "text/plain; charset=utf-8",
            "journal",
        ),
        Some(_) => return Err(ApiError::field("format", "Format must be csv or hledger.")),
    };
    let export = Export::start(state.db(), &workspace_id, format).await?;
    // Chunk by chunk as the client reads: a million postings never sit in memory. A
    // failure midway ends the download early, which the client sees as an incomplete file.
    let chunks = futures::stream::try_unfold(export, |mut export| async move {
        Ok::<_, ApiError>(export.next_chunk().await?.map(|chunk| (chunk, export)))
    });
    let body = Body::from_stream(chunks);
    let disposition = format!("attachment; filename=\"journal-entries.{extension}\"");
    Ok((
        [
            (header::CONTENT_TYPE, mime.to_owned()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        body,
    )
        .into_response())
}

/// The CSV template `journal-entries/import/` reads: its header and one balanced entry.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/journal-entries/import/template/", tag = "accounting",
    params(("workspace_id" = String, Path)), responses((status = 200, description = "The template", content_type = "text/csv", body = String), (status = 403)))]
pub async fn import_template_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Response, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ImportEntries, None).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"journal-entries-template.csv\"".to_owned(),
            ),
        ],
        domain::journal_entry::import::template(),
    )
        .into_response())
}

/// The workspace's lock date: nothing is posted on or before it.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/lock-date/", tag = "accounting",
    params(("workspace_id" = String, Path)), responses((status = 200, body = Data<LockDate>), (status = 403)))]
pub async fn lock_date_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<LockDate>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    Ok(ok(LockDate {
        lock_date: lock_date(state.db(), &workspace_id).await?,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SummaryParams {
    pub from: Option<String>,
    pub to: Option<String>,
    /// month (default), quarter or year.
    pub granularity: Option<String>,
}

fn summary_params(params: &SummaryParams) -> Result<(NaiveDate, NaiveDate, Granularity), ApiError> {
    let today = chrono::Utc::now().date_naive();
    let to = date("to", params.to.as_deref())?.unwrap_or(today);
    let from =
        date("from", params.from.as_deref())?.unwrap_or_else(|| to - chrono::Duration::days(364));
    let granularity = match params.granularity.as_deref().map(str::trim) {
        None | Some("" | "month") => Granularity::Month,
        Some("quarter") => Granularity::Quarter,
        Some("year") => Granularity::Year,
        Some(_) => {
            return Err(ApiError::field(
                "granularity",
                "Granularity must be month, quarter or year.",
            ))
        }
    };
    Ok((from, to, granularity))
}

/// Income per account and period, with budget and variance.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/income-summary/", tag = "accounting",
    params(("workspace_id" = String, Path), SummaryParams), responses((status = 200, body = Data<PeriodSummary>), (status = 400), (status = 403)))]
pub async fn income_summary_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<SummaryParams>,
) -> Result<Json<Data<PeriodSummary>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let (from, to, granularity) = summary_params(&params)?;
    Ok(ok(income_summary(
        state.db(),
        &workspace_id,
        from,
        to,
        granularity,
    )
    .await?))
}

/// Expenses per account and period, with budget and variance.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/reports/expense-summary/", tag = "accounting",
    params(("workspace_id" = String, Path), SummaryParams), responses((status = 200, body = Data<PeriodSummary>), (status = 400), (status = 403)))]
pub async fn expense_summary_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<SummaryParams>,
) -> Result<Json<Data<PeriodSummary>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let (from, to, granularity) = summary_params(&params)?;
    Ok(ok(expense_summary(
        state.db(),
        &workspace_id,
        from,
        to,
        granularity,
    )
    .await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DashboardParams {
    /// The day the figures stand at, `YYYY-MM-DD` (today when absent).
    pub as_of: Option<String>,
    /// The first day income, expenses and the chart cover, `YYYY-MM-DD`, on or before
    /// `as_of`; the last 12 months when absent.
    pub from: Option<String>,
}

/// The workspace's home figures: cash position, income, expenses and net income per month
/// over a period (the last 12 months unless `from` says otherwise), the top expense
/// accounts of that period and the latest entries.
#[utoipa::path(get, path = "/api/v1/accounting/workspaces/{workspace_id}/dashboard/", tag = "accounting",
    params(("workspace_id" = String, Path), DashboardParams), responses((status = 200, body = Data<super::dashboard::Dashboard>), (status = 400), (status = 403)))]
pub async fn dashboard_route(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<DashboardParams>,
) -> Result<Json<Data<super::dashboard::Dashboard>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::ReadBooks, None).await?;
    let as_of =
        date("as_of", params.as_of.as_deref())?.unwrap_or_else(|| chrono::Utc::now().date_naive());
    let from = date("from", params.from.as_deref())?
        .unwrap_or_else(|| super::dashboard::default_from(as_of));
    if from > as_of {
        return Err(ApiError::field(
            "from",
            "The period must start on or before its end.",
        ));
    }
    Ok(ok(super::dashboard::dashboard(
        state.db(),
        &workspace_id,
        from,
        as_of,
    )
    .await?))
}
