//! Notification commands: an administrator's announcement to a workspace's members, and
//! the recipient's read marks and deletions (spec §7 "Communication service").
//!
//! Every command runs on the command runner: an announcement and "mark all as read" on
//! their own streams; a change to one notification on its inbox row, the state that
//! folds its own stream, its announcement and the inbox (`domain::notification`). A row
//! behind the stream meets a conflict at the append; the command then waits for the read
//! model and decides again, a bounded number of times.

use std::collections::BTreeSet;

use api_core::access::authorize;
use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{Loaded, Unit};
use domain::notification::{
    self, Announcement, ChangeRead, DeleteNotification, Inbox, MarkAllRead, Notification,
    NotificationCommand, NotificationError, SendAnnouncement,
};
use domain::permissions::Action;
use event_schemas::{NotificationId, UserId, WorkspaceId};
use projections::notifications::{self as inbox, NotificationRow};
use serde::{Deserialize, Serialize};
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::Problems;
use crate::activity;
use crate::caller::Caller;
use crate::ids::{parse_field_id, parse_id};
use crate::runner::{execute, IntoApiError};
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

impl IntoApiError for NotificationError {
    fn into_api_error(self) -> ApiError {
        match self {
            NotificationError::NotFound => ApiError::NotFound(self.to_string()),
            NotificationError::NoRecipients => ApiError::field("recipient_ids", self.to_string()),
            NotificationError::AlreadyRaised | NotificationError::AlreadySent => {
                ApiError::Conflict(self.to_string())
            }
        }
    }
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
    caller: Caller,
    Body(body): Body<CreateBody>,
) -> Result<(StatusCode, Json<Data<Vec<CreatedNotification>>>), ApiError> {
    let app = &state.app;
    let workspace_id: WorkspaceId = parse_field_id("workspace_id", &body.workspace_id)?;
    authorize(
        app,
        &caller.user,
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
    let organization_id: event_schemas::OrganizationId =
        api_core::access::organization_of(app, &workspace_id.to_string())
            .await?
            .and_then(|o| o.parse().ok())
            .ok_or_else(|| ApiError::NotFound("Workspace not found.".into()))?;
    let recipients = recipients
        .iter()
        .map(|r| activity::user_id(r))
        .collect::<Result<Vec<_>, _>>()?;
    let announcement_id: uuid::Uuid = caller.mint("announcement");
    let metadata = EventMetadata {
        organization_id: Some(organization_id.to_string()),
        ..caller.metadata(None, None)
    };
    // A new stream, decided fresh: a retry under the same key names the same announcement
    // and meets its key in the append, answering what the first attempt sent.
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(
        &Loaded::<Announcement>::fresh(announcement_id.to_string()),
        SendAnnouncement {
            announcement_id,
            recipients: recipients.clone(),
            content,
            organization_id,
            workspace_id,
            sent_by: caller.user_id,
        },
    )
    .map_err(IntoApiError::into_api_error)?;
    unit.commit(state.runner())
        .await
        .map_err(IntoApiError::into_api_error)?;
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
    caller: Caller,
    Path(id): Path<String>,
    Body(body): Body<UpdateBody>,
) -> Result<Json<Data<NotificationRow>>, ApiError> {
    let id = parse_id::<NotificationId>(&id)?.to_string();
    let change = ChangeRead {
        actor: caller.user_id,
        read: body.read,
    };
    on_notification(&state, &caller, &id, change.into()).await?;
    let row = inbox::find(&state.app.db().pool, &id)
        .await?
        .ok_or_else(|| NotificationError::NotFound.into_api_error())?;
    Ok(ok(row))
}

/// Deletes one of the caller's notifications.
#[utoipa::path(delete, path = "/api/v1/notification/{id}/", tag = "notifications",
    params(("id" = String, Path)), responses((status = 204), (status = 401), (status = 404)))]
pub async fn delete_notification(
    State(state): State<CommandState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let id = parse_id::<NotificationId>(&id)?.to_string();
    let delete = DeleteNotification {
        actor: caller.user_id,
    };
    on_notification(&state, &caller, &id, delete.into()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Marks every unread notification of the caller read: one Inbox event, all or none.
/// Notifications raised while the request runs (after its newest unread one) stay unread.
/// Spec §4's bell does the same item by item; this is the one-request form.
#[utoipa::path(post, path = "/api/v1/notification/mark-all-read/", tag = "notifications",
    responses((status = 200, description = "`data`: updated (how many were unread), unread_count (0)", body = Data<AllRead>), (status = 401)))]
pub async fn mark_all_read(
    State(state): State<CommandState>,
    caller: Caller,
) -> Result<Json<Data<AllRead>>, ApiError> {
    let app = &state.app;
    let metadata = metadata_of(&caller);
    let updated = retry_on_conflict(app, || async {
        let Some((newest, count)) =
            inbox::unread_extent(&app.db().pool, &caller.user.user_id).await?
        else {
            return Ok(0);
        };
        let mark = MarkAllRead {
            recipient: caller.user_id,
            up_to_position: newest,
        };
        execute::<Inbox>(
            state.runner(),
            &caller.user.user_id,
            mark.into(),
            &metadata,
            caller.command_key.clone(),
        )
        .await?;
        Ok(count)
    })
    .await?;
    let unread_count = inbox::unread_count(&app.db().pool, &caller.user.user_id).await?;
    Ok(ok(AllRead {
        updated,
        unread_count,
    }))
}

/// Runs `command` on the caller's notification `id` as its inbox row shows it; someone
/// else's, or a missing one, is "not found".
async fn on_notification(
    state: &CommandState,
    caller: &Caller,
    id: &str,
    command: NotificationCommand,
) -> Result<(), ApiError> {
    let app = &state.app;
    let metadata = metadata_of(caller);
    retry_on_conflict(app, || async {
        let row = owned_row(app, id, caller.user_id).await?;
        let shown = Notification::as_shown(parse_id(&row.id)?, caller.user_id, row.read);
        let notification = Loaded::from_read_model(row.id.clone(), shown, row.version);
        let mut unit = Unit::new(&metadata, caller.command_key.clone());
        unit.decide(&notification, command.clone())
            .map_err(IntoApiError::into_api_error)?;
        unit.commit(state.runner())
            .await
            .map_err(IntoApiError::into_api_error)?;
        Ok(())
    })
    .await
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
        _ => Err(NotificationError::NotFound.into_api_error()),
    }
}

/// Notifications are no workspace's books: their events carry no workspace, so they
/// never enter a hash chain.
fn metadata_of(caller: &Caller) -> EventMetadata {
    caller.metadata(None, None)
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
