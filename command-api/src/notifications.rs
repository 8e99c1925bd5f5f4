//! Notification commands: an administrator's announcement to a workspace's members, and
//! the recipient's read marks and deletions (spec §7 "Communication service").
//!
//! A notification's state is its inbox row, so each command decides on the row (rules in
//! `domain::notification`) and appends with the row's `version` + 1 as the stream's next
//! sequence. If the row was stale the store refuses the append (optimistic concurrency);
//! the command then waits for the read model and decides again, a bounded number of times.

use std::collections::BTreeSet;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::notification::{self, NotificationError, NotificationState};
use domain::permissions::Action;
use event_schemas::announcement::{AnnouncementEvent, AnnouncementSent};
use event_schemas::inbox::{InboxEvent, InboxMarkedRead};
use event_schemas::notification::{NotificationEvent, AGGREGATE_TYPE};
use event_schemas::{NotificationId, UserId, WorkspaceId};
use projections::notifications::{self as inbox, NotificationRow};
use serde::{Deserialize, Serialize};
use store::backend::AppendRequest;
use store::{EventMetadata, NewEvent};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::Problems;
use crate::activity;
use crate::ids::{parse_field_id, parse_id};
use crate::CommandState;

/// The read model the answers come from.
const PROJECTOR: &str = "notifications";
/// Tries of a command whose append met a concurrent change of the same notification.
const ATTEMPTS: usize = 3;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(create_notification))
        .routes(routes!(update_notification, delete_notification))
        .routes(routes!(mark_all_read))
}

impl crate::runner::IntoApiError for NotificationError {
    fn into_api_error(self) -> ApiError {
        match self {
            NotificationError::NotFound => ApiError::NotFound(self.to_string()),
        }
    }
}

fn refused(err: NotificationError) -> ApiError {
    crate::runner::IntoApiError::into_api_error(err)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct CreateBody {
    /// At most 150 characters.
    pub title: String,
    /// At most 1,000 characters.
    pub message: String,
    /// `info` (default), `success`, `warning` or `error`.
    #[serde(default)]
    pub severity: Option<String>,
    /// A path inside the product the notification leads to.
    #[serde(default)]
    pub link: Option<String>,
    /// The workspace whose members receive it.
    pub workspace_id: String,
    /// Only these members (each must belong to the workspace); all members when absent.
    #[serde(default)]
    pub recipient_ids: Option<Vec<String>>,
}

/// An administrator's announcement: one notification to each chosen member of the
/// workspace (all of them by default), written as one event — all or none. Needs the
/// Admin role (`user_management:write`).
#[utoipa::path(post, path = "/api/v1/notification/", tag = "notifications",
    request_body = CreateBody,
    responses((status = 201, description = "`data`: the notifications created, one per recipient", body = Data<Vec<CreatedNotification>>),
        (status = 400), (status = 401), (status = 403)))]
pub async fn create_notification(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<CreateBody>,
) -> Result<(StatusCode, Json<Data<Vec<CreatedNotification>>>), ApiError> {
    let app = &state.app;
    let workspace_id: WorkspaceId = parse_field_id("workspace_id", &body.workspace_id)?;
    authorize(
        app,
        &user,
        &workspace_id.to_string(),
        Action::NotifyMembers,
        None,
    )
    .await?;
    let mut problems = Problems::default();
    let content = match notification::announcement(
        &body.title,
        &body.message,
        body.severity.as_deref(),
        body.link.as_deref(),
    ) {
        Ok(content) => Some(content),
        Err(fields) => {
            for (field, message) in fields {
                problems.add(field, message);
            }
            None
        }
    };
    let members = workspace_members(app, &workspace_id.to_string()).await?;
    let recipients: BTreeSet<String> = match &body.recipient_ids {
        None => members.clone(),
        Some(ids) if ids.is_empty() => {
            problems.add(
                "recipient_ids",
                "Name at least one member, or leave it out.",
            );
            BTreeSet::new()
        }
        Some(ids) => {
            let chosen: BTreeSet<String> = ids.iter().map(|id| id.trim().to_owned()).collect();
            if !chosen.is_subset(&members) {
                problems.add(
                    "recipient_ids",
                    "Every recipient must be a member of the workspace.",
                );
            }
            chosen
        }
    };
    problems.into_result()?;
    let content = content.ok_or_else(|| ApiError::internal("checked above"))?;
    let organization_id = api_core::access::organization_of(app, &workspace_id.to_string())
        .await?
        .and_then(|o| o.parse().ok())
        .ok_or_else(|| ApiError::NotFound("Workspace not found.".into()))?;
    let sent_by = activity::user_id(&user.user_id)?;
    let recipients = recipients
        .iter()
        .map(|r| activity::user_id(r))
        .collect::<Result<Vec<_>, _>>()?;
    let announcement_id = uuid::Uuid::now_v7();
    let event = AnnouncementEvent::AnnouncementSent(AnnouncementSent {
        announcement_id,
        recipients: recipients.clone(),
        title: content.title,
        message: content.message,
        severity: content.severity,
        link: content.link,
        organization_id,
        workspace_id,
        sent_by,
    });
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id: Some(organization_id.to_string()),
        request_id,
        ..Default::default()
    };
    let new = NewEvent::of(
        event_schemas::announcement::AGGREGATE_TYPE,
        &announcement_id.to_string(),
        1,
        &event,
        &metadata,
    )
    .map_err(ApiError::internal)?;
    app.store.append(AppendRequest::new(vec![new])).await?;
    read_your_writes(app, PROJECTOR).await?;
    let mut created = Vec::with_capacity(recipients.len());
    for recipient in recipients {
        let id = notification::announced_notification_id(announcement_id, recipient);
        if let Some(row) = inbox::find(&app.db().pool, &id.to_string()).await? {
            created.push(CreatedNotification {
                recipient_id: row.recipient_id.clone(),
                notification: row,
            });
        }
    }
    Ok((StatusCode::CREATED, ok(created)))
}

/// A notification an announcement raised, and whose it is.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct CreatedNotification {
    pub recipient_id: String,
    pub notification: NotificationRow,
}

/// "Mark all as read": how many were unread, and the unread count after (0).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AllRead {
    pub updated: i64,
    pub unread_count: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct UpdateBody {
    /// `true` marks the notification read, `false` unread again.
    pub read: bool,
}

/// Marks one of the caller's notifications read (spec §7: body `{read: true}`) or unread.
/// Someone else's notification answers 404, exactly like a missing one.
#[utoipa::path(patch, path = "/api/v1/notification/{id}/", tag = "notifications",
    params(("id" = String, Path)), request_body = UpdateBody,
    responses((status = 200, description = "`data`: the notification", body = Data<NotificationRow>), (status = 400), (status = 401), (status = 404)))]
pub async fn update_notification(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(id): Path<String>,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<UpdateBody>,
) -> Result<Json<Data<NotificationRow>>, ApiError> {
    let app = &state.app;
    let actor = activity::user_id(&user.user_id)?;
    let id = parse_id::<NotificationId>(&id)?.to_string();
    let metadata = metadata_of(&user, request_id);
    retry_on_conflict(app, || async {
        let row = owned_row(app, &id, actor).await?;
        let decided =
            notification::change_read(&state_of(&row)?, actor, body.read).map_err(refused)?;
        append_next(app, &row, decided, &metadata).await
    })
    .await?;
    let row = inbox::find(&app.db().pool, &id)
        .await?
        .ok_or_else(|| ApiError::NotFound(NotificationError::NotFound.to_string()))?;
    Ok(ok(row))
}

/// Deletes one of the caller's notifications.
#[utoipa::path(delete, path = "/api/v1/notification/{id}/", tag = "notifications",
    params(("id" = String, Path)), responses((status = 204), (status = 401), (status = 404)))]
pub async fn delete_notification(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(id): Path<String>,
    CurrentRequestId(request_id): CurrentRequestId,
) -> Result<StatusCode, ApiError> {
    let app = &state.app;
    let actor = activity::user_id(&user.user_id)?;
    let id = parse_id::<NotificationId>(&id)?.to_string();
    let metadata = metadata_of(&user, request_id);
    retry_on_conflict(app, || async {
        let row = owned_row(app, &id, actor).await?;
        let event = notification::delete(&state_of(&row)?, actor).map_err(refused)?;
        append_next(app, &row, Some(event), &metadata).await
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Marks every unread notification of the caller read: one Inbox event, all or none.
/// Notifications raised while the request runs (after its newest unread one) stay unread.
/// Spec §4's bell does the same item by item; this is the one-request form.
#[utoipa::path(post, path = "/api/v1/notification/mark-all-read/", tag = "notifications",
    responses((status = 200, description = "`data`: updated (how many were unread), unread_count (0)", body = Data<AllRead>), (status = 401)))]
pub async fn mark_all_read(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
) -> Result<Json<Data<AllRead>>, ApiError> {
    let app = &state.app;
    let actor = activity::user_id(&user.user_id)?;
    let metadata = metadata_of(&user, request_id);
    let updated = retry_on_conflict(app, || async {
        let Some((newest, count)) = inbox::unread_extent(&app.db().pool, &user.user_id).await?
        else {
            return Ok(0);
        };
        let stream = user.user_id.as_str();
        let sequence = app
            .store
            .read_stream(event_schemas::inbox::AGGREGATE_TYPE, stream, 0)
            .await
            .map_err(ApiError::internal)?
            .last()
            .map_or(0, |e| e.sequence);
        let event = InboxEvent::InboxMarkedRead(InboxMarkedRead {
            recipient_id: actor,
            up_to_position: newest,
        });
        let new = NewEvent::of(
            event_schemas::inbox::AGGREGATE_TYPE,
            stream,
            sequence + 1,
            &event,
            &metadata,
        )
        .map_err(ApiError::internal)?;
        app.store.append(AppendRequest::new(vec![new])).await?;
        Ok(count)
    })
    .await?;
    read_your_writes(app, PROJECTOR).await?;
    let unread_count = inbox::unread_count(&app.db().pool, &user.user_id).await?;
    Ok(ok(AllRead {
        updated,
        unread_count,
    }))
}

/// Runs `attempt` until it does not meet a concurrent change, waiting for the read model
/// between tries; the answer's read model is then up to date with the command.
async fn retry_on_conflict<T, F, Fut>(app: &AppState, attempt: F) -> Result<T, ApiError>
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Result<T, ApiError>>,
{
    let mut tries = 0;
    loop {
        read_your_writes(app, PROJECTOR).await?;
        tries += 1;
        match attempt().await {
            Err(ApiError::Conflict(_)) if tries < ATTEMPTS => continue,
            Ok(value) => {
                read_your_writes(app, PROJECTOR).await?;
                return Ok(value);
            }
            Err(err) => return Err(err),
        }
    }
}

/// The caller's notification `id`; someone else's is "not found".
async fn owned_row(app: &AppState, id: &str, actor: UserId) -> Result<NotificationRow, ApiError> {
    match inbox::find(&app.db().pool, id).await? {
        Some(row) if row.recipient_id == actor.to_string() => Ok(row),
        _ => Err(refused(NotificationError::NotFound)),
    }
}

fn state_of(row: &NotificationRow) -> Result<NotificationState, ApiError> {
    Ok(NotificationState {
        notification_id: parse_id(&row.id)?,
        recipient_id: activity::user_id(&row.recipient_id)?,
        read: row.read,
    })
}

/// Appends `event` (if any) as the notification stream's next event; a stale row meets a
/// conflict, which `retry_on_conflict` answers.
async fn append_next(
    app: &AppState,
    row: &NotificationRow,
    event: Option<NotificationEvent>,
    metadata: &EventMetadata,
) -> Result<(), ApiError> {
    let Some(event) = event else { return Ok(()) };
    let new = NewEvent::of(AGGREGATE_TYPE, &row.id, row.version + 1, &event, metadata)
        .map_err(ApiError::internal)?;
    app.store.append(AppendRequest::new(vec![new])).await?;
    Ok(())
}

fn metadata_of(user: &AuthUser, request_id: Option<String>) -> EventMetadata {
    EventMetadata {
        actor_id: Some(user.user_id.clone()),
        request_id,
        ..Default::default()
    }
}

/// The active members whose membership covers `workspace_id`.
async fn workspace_members(
    app: &AppState,
    workspace_id: &str,
) -> Result<BTreeSet<String>, ApiError> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT DISTINCT c.user_id FROM read_membership_workspaces c \
         JOIN read_memberships m ON m.id = c.membership_id \
         WHERE c.workspace_id = $1 AND m.is_active = 1",
    )
    .bind(workspace_id)
    .fetch_all(&app.db().pool)
    .await?;
    Ok(ids.into_iter().collect())
}
