//! The caller's notifications (spec §7 "Communication service"): the list with filters
//! severity, read, sent and pagination (wrapped in `data.data`), one notification, and
//! the live stream the bell listens to. A user only ever sees their own: every query is
//! keyed by the signed-in caller, and another user's id answers 404 like a missing one.

use std::convert::Infallible;
use std::time::Duration;

use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::Json;
use event_schemas::notification::Severity;
use futures::Stream;
use projections::notifications::{self as inbox, NotificationRow, ROW_COLUMNS};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tokio::sync::broadcast::error::RecvError;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_notifications))
        .routes(routes!(get_notification))
        .routes(routes!(notification_stream))
}

/// Filters of the list; values as the UI sends them (`read=false`).
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
pub struct NotificationFilters {
    /// `info`, `success`, `warning` or `error`.
    pub severity: Option<String>,
    /// `true` or `false`.
    pub read: Option<String>,
    /// `true` or `false`. In-app notifications are sent when created, so `false` lists none.
    pub sent: Option<String>,
}

fn flag(field: &str, value: Option<&str>) -> Result<Option<bool>, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some("true") | Some("1") => Ok(Some(true)),
        Some("false") | Some("0") => Ok(Some(false)),
        Some(_) => Err(ApiError::field(field, "Must be true or false.")),
    }
}

/// The caller's notifications, newest first. Severity values: info, success, warning,
/// error.
#[utoipa::path(get, path = "/api/v1/notification/", tag = "notifications",
    params(NotificationFilters, PageParams),
    responses((status = 200, body = Data<Paginated<NotificationRow>>),
        (status = 400), (status = 401)))]
pub async fn list_notifications(
    State(state): State<AppState>,
    user: AuthUser,
    Query(filters): Query<NotificationFilters>,
    Query(params): Query<PageParams>,
) -> Result<Json<PageOf<NotificationRow>>, ApiError> {
    let page = params.validate()?;
    let severity = match filters.severity.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(value) => Some(Severity::parse(value).ok_or_else(|| {
            ApiError::field("severity", "Must be one of info, success, warning, error.")
        })?),
    };
    let read = flag("read", filters.read.as_deref())?;
    let sent = flag("sent", filters.sent.as_deref())?;
    if sent == Some(false) {
        return Ok(ok(Paginated::<NotificationRow>::new(vec![], 0, page)));
    }
    let mut clauses = vec!["recipient_id = $1".to_owned()];
    let mut binds: Vec<String> = vec![user.user_id.clone()];
    if let Some(severity) = severity {
        binds.push(severity.as_str().to_owned());
        clauses.push(format!("severity = ${}", binds.len()));
    }
    if let Some(read) = read {
        clauses.push(format!("is_read = {}", i64::from(read)));
    }
    let filter = clauses.join(" AND ");
    let pool = &state.db().pool;
    let count_sql = format!("SELECT COUNT(*) FROM read_notifications WHERE {filter}");
    let mut count = sqlx::query_scalar::<_, i64>(&count_sql);
    for value in &binds {
        count = count.bind(value);
    }
    let count = count.fetch_one(pool).await?;
    let rows_sql = format!(
        "SELECT {ROW_COLUMNS} FROM read_notifications WHERE {filter} \
         ORDER BY created_at DESC, id DESC LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    );
    let mut rows = sqlx::query(&rows_sql);
    for value in &binds {
        rows = rows.bind(value);
    }
    let rows = rows.fetch_all(pool).await?;
    let items = rows
        .iter()
        .map(NotificationRow::from_row)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ok(Paginated::new(items, count, page)))
}

/// One of the caller's notifications.
#[utoipa::path(get, path = "/api/v1/notification/{id}/", tag = "notifications",
    params(("id" = String, Path)), responses((status = 200, body = Data<NotificationRow>), (status = 401), (status = 404)))]
pub async fn get_notification(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<Data<NotificationRow>>, ApiError> {
    match inbox::find(&state.db().pool, id.trim()).await? {
        Some(row) if row.recipient_id == user.user_id => Ok(ok(row)),
        _ => Err(ApiError::NotFound("Notification not found.".into())),
    }
}

/// One server-sent event as a client reads it off the stream: its name and its data
/// (JSON text).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ServerSentEvent {
    /// `unread`, `notification` or `resync`.
    pub event: String,
    pub data: String,
}

/// Server-sent events for the caller's inbox (bearer-authenticated; read it with `fetch`,
/// since `EventSource` cannot send a header). First `unread` with `{"unread_count"}`, then
/// `notification` with `{change: created|updated|deleted, notification_id, notification,
/// unread_count}` for every change, from whichever node it was made on; `resync` when
/// this connection fell behind and should refetch.
#[utoipa::path(get, path = "/api/v1/notification/stream/", tag = "notifications",
    responses((status = 200, description = "Server-sent events: `unread` (`{\"unread_count\"}`), `notification` (an InboxChange), `resync` (`{}`)",
        content_type = "text/event-stream", body = ServerSentEvent), (status = 401)))]
pub async fn notification_stream(
    State(state): State<QueryState>,
    user: AuthUser,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let changes = state.live.subscribe();
    let stopping = state.live.stopping();
    let unread = inbox::unread_count(&state.app.db().pool, &user.user_id).await?;
    let first = Event::default()
        .event("unread")
        .data(json!({ "unread_count": unread }).to_string());
    let stream = futures::stream::unfold(
        (Some(first), changes, stopping, user.user_id),
        |(first, mut changes, mut stopping, user_id)| async move {
            if let Some(first) = first {
                return Some((Ok(first), (None, changes, stopping, user_id)));
            }
            loop {
                if *stopping.borrow() {
                    return None;
                }
                let received = tokio::select! {
                    received = changes.recv() => received,
                    _ = stopping.changed() => return None,
                };
                let event = match received {
                    Ok(change) if change.recipient_id == user_id => Event::default()
                        .event("notification")
                        .data(serde_json::to_string(&change).unwrap_or_default()),
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => Event::default().event("resync").data("{}"),
                    Err(RecvError::Closed) => return None,
                };
                return Some((Ok(event), (None, changes, stopping, user_id)));
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}
