//! The live feed of inbox changes behind `GET /api/v1/notification/stream/`.
//!
//! One task per node tails the global log from where it stood when the node started, and
//! for every Notification, Announcement and Inbox event waits until the `notifications` read model has applied
//! it, then broadcasts the change — the notification as the API shows it and the
//! recipient's unread count — to this node's open streams. It is woken by the store's
//! commit signal: in one process that is the committer itself; in scale-out it is the
//! NATS commit listener (`relay::listen_for_commits`), so a notification committed
//! through any node reaches a user connected to any other. Reading the log rather than
//! the NATS messages themselves means a missed or duplicated message can neither lose nor
//! double a change: the log position is the only cursor.

use std::time::Duration;

use domain::notification::announced_notification_id;
use event_schemas::announcement::AnnouncementEvent;
use event_schemas::inbox::InboxEvent;
use event_schemas::notification::{NotificationEvent, AGGREGATE_TYPE};
use projections::notifications::{self as inbox, NotificationRow};
use serde::Serialize;
use store::{EventStore, RecordedEvent};
use tokio::sync::{broadcast, watch};
use tokio::task::JoinHandle;

/// Changes a slow stream may fall behind by before it is told to resynchronize.
const BACKLOG: usize = 1_024;
/// Events read per pass over the log.
const BATCH: i64 = 500;
/// Wake-up without a commit signal: a commit on another node of a cluster without NATS.
const POLL: Duration = Duration::from_secs(1);
/// With NATS every commit anywhere wakes the feed, so polling is only a safety net.
const POLL_WITH_NATS: Duration = Duration::from_secs(30);
/// How long a change waits for the read model before it is sent anyway.
const READ_MODEL_WAIT: Duration = Duration::from_secs(5);

/// One change to one user's inbox: the data of the stream's `notification` events.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct InboxChange {
    #[serde(skip)]
    pub recipient_id: String,
    /// `created`, `updated`, `deleted`, or `all_read` (every notification up to now read).
    pub change: &'static str,
    pub notification_id: Option<String>,
    /// The notification after the change; absent once deleted.
    pub notification: Option<NotificationRow>,
    /// The recipient's unread notifications after the change: the bell's dot.
    pub unread_count: i64,
}

/// This node's feed; cheap to clone.
#[derive(Clone)]
pub struct LiveFeed {
    sender: broadcast::Sender<InboxChange>,
    stop: watch::Receiver<bool>,
}

impl LiveFeed {
    /// Starts tailing `store` from its current head; the tail and every open stream end
    /// when `stop` turns true (open streams would otherwise hold a graceful shutdown
    /// forever).
    pub fn spawn(
        store: EventStore,
        with_nats: bool,
        stop: watch::Receiver<bool>,
    ) -> (Self, JoinHandle<()>) {
        let (sender, _) = broadcast::channel(BACKLOG);
        let feed = Self {
            sender: sender.clone(),
            stop: stop.clone(),
        };
        let poll = if with_nats { POLL_WITH_NATS } else { POLL };
        let task = tokio::spawn(tail(store, sender, poll, stop));
        (feed, task)
    }

    pub fn subscribe(&self) -> broadcast::Receiver<InboxChange> {
        self.sender.subscribe()
    }

    /// Turns true when the node shuts down.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stop.clone()
    }
}

async fn tail(
    store: EventStore,
    sender: broadcast::Sender<InboxChange>,
    poll: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let mut commits = store.subscribe();
    let mut cursor = loop {
        match store.safe_head().await {
            Ok(head) => break head,
            Err(err) => {
                tracing::warn!(error = %err, "live feed cannot read the log head; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(POLL) => {}
                    _ = stop.changed() => return,
                }
            }
        }
    };
    loop {
        match store.read_log(cursor, BATCH).await {
            Ok(events) if !events.is_empty() => {
                for event in &events {
                    cursor = event.cursor();
                    if is_inbox_event(event) && sender.receiver_count() > 0 {
                        for change in changes_of(&store, event).await {
                            // No receiver left is fine: nobody is listening right now.
                            let _ = sender.send(change);
                        }
                    }
                }
                continue;
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "live feed cannot read the log"),
        }
        if *stop.borrow() {
            return;
        }
        tokio::select! {
            _ = commits.changed() => {}
            _ = tokio::time::sleep(poll) => {}
            _ = stop.changed() => return,
        }
    }
}

fn is_inbox_event(event: &RecordedEvent) -> bool {
    [
        AGGREGATE_TYPE,
        event_schemas::announcement::AGGREGATE_TYPE,
        event_schemas::inbox::AGGREGATE_TYPE,
    ]
    .contains(&event.aggregate_type.as_str())
}

/// One recipient an event touches: who, what kind of change, which notification.
type Touch = (String, &'static str, Option<String>);

/// The inbox changes one event makes, one per recipient it touches.
fn touched(event: &RecordedEvent) -> Result<Vec<Touch>, serde_json::Error> {
    let payload = &event.payload;
    Ok(match event.aggregate_type.as_str() {
        AGGREGATE_TYPE => {
            let decoded: NotificationEvent = payload.decode()?;
            let change = match decoded {
                NotificationEvent::NotificationCreated(_) => "created",
                NotificationEvent::NotificationReadChanged(_) => "updated",
                NotificationEvent::NotificationDeleted(_) => "deleted",
            };
            vec![(
                decoded.recipient_id().to_string(),
                change,
                Some(decoded.notification_id().to_string()),
            )]
        }
        event_schemas::announcement::AGGREGATE_TYPE => {
            let AnnouncementEvent::AnnouncementSent(sent) = payload.decode()?;
            sent.recipients
                .iter()
                .map(|r| {
                    let id = announced_notification_id(sent.announcement_id, *r);
                    (r.to_string(), "created", Some(id.to_string()))
                })
                .collect()
        }
        _ => {
            let InboxEvent::InboxMarkedRead(marked) = payload.decode()?;
            vec![(marked.recipient_id.to_string(), "all_read", None)]
        }
    })
}

async fn changes_of(store: &EventStore, event: &RecordedEvent) -> Vec<InboxChange> {
    let touched = match touched(event) {
        Ok(touched) => touched,
        Err(err) => {
            tracing::warn!(position = event.global_position, error = %err, "undecodable inbox event");
            return Vec::new();
        }
    };
    // The change and the count it sends must agree with what `GET /notification/` answers next.
    projections::checkpoint::wait_until(
        store.db(),
        "notifications",
        event.cursor(),
        READ_MODEL_WAIT,
    )
    .await;
    let pool = &store.db().pool;
    let mut changes = Vec::with_capacity(touched.len());
    for (recipient_id, change, notification_id) in touched {
        let notification = match &notification_id {
            Some(id) => inbox::find(pool, id).await.ok().flatten(),
            None => None,
        };
        let Ok(unread_count) = inbox::unread_count(pool, &recipient_id).await else {
            continue;
        };
        changes.push(InboxChange {
            recipient_id,
            change,
            notification_id,
            notification,
            unread_count,
        });
    }
    changes
}
