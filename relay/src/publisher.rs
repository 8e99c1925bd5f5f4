//! The relay loop: log → JetStream, in log order, each event exactly once.
//!
//! Why the stream ends up holding every event exactly once, in log order:
//!
//! - **No loss.** The checkpoint moves past an event only after JetStream acked it and every
//!   event before it ([`crate::checkpoint`]); after a crash the relay starts from the checkpoint
//!   and republishes. A failed publish is retried (with backoff) from the first unacked event;
//!   nothing is ever skipped.
//! - **No repeats.** Each message carries `Nats-Msg-Id` = the event's global position, so
//!   republished events inside the duplicate window are acked as duplicates and not stored.
//! - **Order.** Publishes are pipelined on one connection, which NATS processes in order. A
//!   pipeline can still lose a message in the middle (a reconnect drops what was in the
//!   socket while later messages go out on the new connection), so each message also carries
//!   `Nats-Expected-Last-Msg-Id` = the previous event's id: the server stores an event only
//!   directly after its predecessor and rejects the rest of a broken pipeline, which is then
//!   republished from the gap. The server checks de-duplication before this expectation, so
//!   republished events are still absorbed.
//! - **Beyond the window.** When the server rejects an event as out of order, the relay reads
//!   the stream's last message ([`Relay::reconcile`]): if it is the predecessor (the server
//!   forgot its last id, e.g. restarted after a long idle), the event is published again
//!   without the expectation; if it is at or after the event in log order, the event is already
//!   in the stream (order is an invariant) and counts as published. So a restart after the
//!   window has expired still neither loses nor doubles events. Anything else means the stream
//!   was tampered with, and the relay stops with [`RelayError::Diverged`].

use std::collections::VecDeque;
use std::time::Duration;

use async_nats::jetstream::context::{PublishAckFuture, PublishErrorKind};
use async_nats::jetstream::message::PublishMessage;
use async_nats::jetstream::stream::Stream;
use async_nats::jetstream::{self, publish::PublishAck};
use async_nats::HeaderMap;
use store::{Cursor, EventStore, RecordedEvent};
use tokio::sync::watch;

use crate::{
    checkpoint, stream, subject_for, Fault, RelayConfig, RelayError, HEADER_POSITION, HEADER_TX,
};

/// Publishes awaiting their ack at once: enough to keep the connection busy, bounded so a
/// broken pipeline republishes little (async-nats itself allows 5,000).
const PIPELINE_DEPTH: usize = 256;
/// Fallback wake-up: commits on other nodes without NATS wake-ups, and Postgres commits that
/// the gap-safe watermark hides for a moment when the notifier fires.
const POLL_INTERVAL: Duration = Duration::from_millis(500);
/// Re-read soon when the notifier announced a commit the log does not show yet (Postgres
/// watermark trailing an open transaction elsewhere).
const WATERMARK_RETRY: Duration = Duration::from_millis(20);
/// Retry delays after a failure double from the first to the last.
const BACKOFF_FIRST: Duration = Duration::from_millis(100);
const BACKOFF_MAX: Duration = Duration::from_secs(10);
/// The name NATS monitoring shows for the relay's connection.
const CONNECTION_NAME: &str = "ledgerline-relay";

/// Publishes the log to JetStream; see the module docs for the guarantees.
pub struct Relay {
    store: EventStore,
    config: RelayConfig,
    js: jetstream::Context,
}

/// Counters of one `run`, kept across reconnects (the fault hook counts the whole run).
#[derive(Debug, Default)]
struct RunStats {
    /// Events JetStream acked, new or duplicate.
    acked: u64,
    /// Acks that said "duplicate": republished after a restart or retry.
    duplicates: u64,
}

/// How an event the server refused as out of order was settled.
enum Reconciled {
    /// The stream already holds it and every event up to `through`, the log cursor of the
    /// stream's last message.
    AlreadyInStream { through: Cursor },
    /// It was published now, after checking that the stream's tail is its predecessor.
    Published(PublishAck),
}

impl Relay {
    /// Connects to `config.nats_url` and relays until `shutdown` turns true (or its sender is
    /// dropped). Failures are retried with backoff; only errors retrying cannot fix
    /// ([`RelayError::is_fatal`]) end it early.
    pub async fn run(
        store: EventStore,
        config: RelayConfig,
        mut shutdown: watch::Receiver<bool>,
    ) -> Result<(), RelayError> {
        config.validate()?;
        let Some(client) = connect(&config, &mut shutdown).await? else {
            return Ok(());
        };
        Self::run_with_client(client, store, config, shutdown).await
    }

    /// Like [`Relay::run`] on a connection the caller already has (shared with
    /// [`crate::listen_for_commits`]).
    pub async fn run_with_client(
        client: async_nats::Client,
        store: EventStore,
        config: RelayConfig,
        mut shutdown: watch::Receiver<bool>,
    ) -> Result<(), RelayError> {
        config.validate()?;
        let relay = Self {
            store,
            js: jetstream::ContextBuilder::new()
                .timeout(config.ack_timeout)
                .build(client),
            config,
        };
        let mut stats = RunStats::default();
        let mut backoff = BACKOFF_FIRST;
        loop {
            let error = match relay.session(&mut shutdown, &mut stats, &mut backoff).await {
                Ok(()) => {
                    tracing::info!(stream = %relay.config.stream_name, acked = stats.acked, duplicates = stats.duplicates, "relay stopped");
                    return Ok(());
                }
                Err(error) => error,
            };
            if error.is_fatal() {
                tracing::error!(stream = %relay.config.stream_name, error = %error, "relay stopped");
                return Err(error);
            }
            tracing::warn!(stream = %relay.config.stream_name, error = %error, retry_in = ?backoff, "relay failed; retrying");
            if sleep_or_shutdown(backoff, &mut shutdown).await {
                return Ok(());
            }
            backoff = (backoff * 2).min(BACKOFF_MAX);
        }
    }

    /// One attempt: set up, resume from the checkpoint, relay until shutdown (`Ok`) or the
    /// first failure (`Err`; the caller backs off and starts a new session).
    async fn session(
        &self,
        shutdown: &mut watch::Receiver<bool>,
        stats: &mut RunStats,
        backoff: &mut Duration,
    ) -> Result<(), RelayError> {
        let db = self.store.db();
        checkpoint::migrate(db).await?;
        let stream = stream::ensure_stream(&self.js, &self.config).await?;
        let mut cursor = checkpoint::load(db, self.checkpoint_name()).await?;
        tracing::info!(stream = %self.config.stream_name, subjects = %self.config.stream_subjects(), from = ?cursor, "relay resuming");
        let mut commits = self.store.subscribe();
        // usize → i64 cannot fail for a validated batch size; saturate rather than unwrap.
        let batch_size = i64::try_from(self.config.batch_size).unwrap_or(i64::MAX);
        loop {
            if shutdown_requested(shutdown) {
                return Ok(());
            }
            // Mark the notifier seen *before* reading, so a commit landing after the read
            // still wakes the wait below.
            commits.borrow_and_update();
            let events = self.store.read_log(cursor, batch_size).await?;
            let Some(last) = events.last().map(RecordedEvent::cursor) else {
                self.wait_for_commits(&mut commits, shutdown, cursor).await;
                continue;
            };
            self.publish_batch(&stream, &events, cursor, stats).await?;
            checkpoint::save(db, self.checkpoint_name(), last).await?;
            tracing::debug!(stream = %self.config.stream_name, events = events.len(), to = ?last, acked = stats.acked, duplicates = stats.duplicates, "batch relayed");
            cursor = last;
            *backoff = BACKOFF_FIRST;
        }
    }

    /// Publishes `events` (which follow `after` in the log) and returns once JetStream has
    /// acked all of them, in order.
    async fn publish_batch(
        &self,
        stream: &Stream,
        events: &[RecordedEvent],
        after: Cursor,
        stats: &mut RunStats,
    ) -> Result<(), RelayError> {
        // The message id of the event before events[i]: the checkpoint's event for i = 0.
        let before = |i: usize| -> Option<i64> {
            match i.checked_sub(1) {
                Some(prev) => events.get(prev).map(|e| e.global_position),
                None => (after != Cursor::START).then_some(after.position),
            }
        };
        let mut in_flight: VecDeque<PublishAckFuture> = VecDeque::with_capacity(PIPELINE_DEPTH);
        let mut next = 0; // next event to send
        let mut done = 0; // events acked, a prefix of `events`
        while let Some(event) = events.get(done) {
            while in_flight.len() < PIPELINE_DEPTH {
                let Some(to_send) = events.get(next) else {
                    break;
                };
                in_flight.push_back(self.send(to_send, before(next)).await?);
                next += 1;
            }
            let Some(ack) = in_flight.pop_front() else {
                // Unreachable: `event` exists, so it was sent and is the oldest in flight.
                next = done;
                continue;
            };
            // How many events this ack settles (more than one only when reconciling), and how
            // many of them the stream already had.
            let (settled, duplicates) = match ack.await {
                Ok(ack) => (1, u64::from(ack.duplicate)),
                Err(error) if is_out_of_order(&error) => {
                    // The server refused it, and so everything sent after it: settle it, then
                    // send again from the first event the stream lacks.
                    in_flight.clear();
                    match self.reconcile(stream, event, before(done)).await? {
                        Reconciled::Published(ack) => (1, u64::from(ack.duplicate)),
                        Reconciled::AlreadyInStream { through } => {
                            // Every event up to the stream's tail is present (order is an
                            // invariant): settle them together, not with one refusal each.
                            let present = events[done..]
                                .iter()
                                .take_while(|e| e.cursor() <= through)
                                .count()
                                .max(1);
                            (present, present as u64)
                        }
                    }
                }
                Err(error) => return Err(publish_error(event, error)),
            };
            done += settled;
            if in_flight.is_empty() {
                // In flight is always events[done..next]; after a refusal it was dropped.
                next = done;
            }
            stats.acked += settled as u64;
            stats.duplicates += duplicates;
            if let Some(Fault::StopAfterPublishing { events }) = self.config.fault {
                if stats.acked >= events {
                    return Err(RelayError::InjectedFault {
                        published: stats.acked,
                    });
                }
            }
        }
        Ok(())
    }

    /// Sends one event; the returned future resolves to JetStream's ack.
    async fn send(
        &self,
        event: &RecordedEvent,
        expected_last: Option<i64>,
    ) -> Result<PublishAckFuture, RelayError> {
        let message = self.message(event, expected_last)?;
        self.js
            .send_publish(subject_for(&self.config.subject_prefix, event), message)
            .await
            .map_err(|error| publish_error(event, error))
    }

    fn message(
        &self,
        event: &RecordedEvent,
        expected_last: Option<i64>,
    ) -> Result<PublishMessage, RelayError> {
        let payload = serde_json::to_vec(event).map_err(|source| RelayError::Encode {
            position: event.global_position,
            source,
        })?;
        let mut headers = HeaderMap::new();
        headers.insert(HEADER_TX, event.tx_id.to_string());
        headers.insert(HEADER_POSITION, event.global_position.to_string());
        let mut message = PublishMessage::build()
            .payload(payload.into())
            .headers(headers)
            .message_id(event.global_position.to_string());
        if let Some(previous) = expected_last {
            message = message.expected_last_message_id(previous.to_string());
        }
        Ok(message)
    }

    /// Settles an event the server refused because the stream's last message is not its
    /// predecessor; see "Beyond the window" in the module docs.
    async fn reconcile(
        &self,
        stream: &Stream,
        event: &RecordedEvent,
        expected_last: Option<i64>,
    ) -> Result<Reconciled, RelayError> {
        let tail = stream::tail(stream, &self.config).await?;
        let expected = expected_last.map(|p| p.to_string());
        if let Some(tail) = &tail {
            if expected.is_some() && tail.message_id == expected {
                tracing::info!(stream = %self.config.stream_name, position = event.global_position, "the server lost track of the last message id; publishing after checking the tail");
                let ack = self.send(event, None).await?;
                return ack
                    .await
                    .map(Reconciled::Published)
                    .map_err(|error| publish_error(event, error));
            }
            if let Some(through) = tail.cursor.filter(|c| *c >= event.cursor()) {
                tracing::info!(stream = %self.config.stream_name, position = event.global_position, through = ?through, "events already in the stream beyond the duplicate window");
                return Ok(Reconciled::AlreadyInStream { through });
            }
        }
        Err(RelayError::Diverged {
            stream: self.config.stream_name.clone(),
            position: event.global_position,
            expected,
            found: tail.and_then(|t| t.message_id),
        })
    }

    /// Waits for a commit notification, the fallback poll, or shutdown.
    async fn wait_for_commits(
        &self,
        commits: &mut watch::Receiver<Cursor>,
        shutdown: &mut watch::Receiver<bool>,
        cursor: Cursor,
    ) {
        let behind = *commits.borrow() > cursor;
        let wait = if behind {
            WATERMARK_RETRY
        } else {
            POLL_INTERVAL
        };
        tokio::select! {
            changed = commits.changed() => {
                if changed.is_err() {
                    // The store's notifier is gone: fall back to polling.
                    tokio::time::sleep(wait).await;
                }
            }
            _ = shutdown.changed() => {}
            _ = tokio::time::sleep(wait) => {}
        }
    }

    fn checkpoint_name(&self) -> &str {
        &self.config.stream_name
    }
}

/// Connects, retrying unreachable servers with backoff; `None` if shutdown came first.
async fn connect(
    config: &RelayConfig,
    shutdown: &mut watch::Receiver<bool>,
) -> Result<Option<async_nats::Client>, RelayError> {
    let mut backoff = BACKOFF_FIRST;
    loop {
        if shutdown_requested(shutdown) {
            return Ok(None);
        }
        let attempt = async_nats::ConnectOptions::new()
            .name(CONNECTION_NAME)
            .connect(config.nats_url.as_str())
            .await;
        match attempt {
            Ok(client) => return Ok(Some(client)),
            Err(source) if source.kind() == async_nats::ConnectErrorKind::ServerParse => {
                return Err(RelayError::Connect {
                    url: config.nats_url.clone(),
                    source,
                });
            }
            Err(error) => {
                tracing::warn!(url = %config.nats_url, error = %error, retry_in = ?backoff, "cannot reach NATS; retrying");
                if sleep_or_shutdown(backoff, shutdown).await {
                    return Ok(None);
                }
                backoff = (backoff * 2).min(BACKOFF_MAX);
            }
        }
    }
}

/// True when the owner asked to stop or is gone.
fn shutdown_requested(shutdown: &watch::Receiver<bool>) -> bool {
    *shutdown.borrow() || shutdown.has_changed().is_err()
}

/// Sleeps for `delay`; true if shutdown was requested meanwhile.
async fn sleep_or_shutdown(delay: Duration, shutdown: &mut watch::Receiver<bool>) -> bool {
    tokio::select! {
        _ = tokio::time::sleep(delay) => {}
        _ = shutdown.changed() => {}
    }
    shutdown_requested(shutdown)
}

/// The server refused the message because the stream's last message id was not the one we
/// expected. NATS servers before 2.10 answer without the numeric error code async-nats maps,
/// so the description is checked as well.
fn is_out_of_order(error: &async_nats::jetstream::context::PublishError) -> bool {
    error.kind() == PublishErrorKind::WrongLastMessageId
        || (error.kind() == PublishErrorKind::Other
            && error.to_string().contains("wrong last msg ID"))
}

fn publish_error(
    event: &RecordedEvent,
    source: async_nats::jetstream::context::PublishError,
) -> RelayError {
    let position = event.global_position;
    if source.kind() == PublishErrorKind::MaxPayloadExceeded {
        RelayError::EventTooLarge { position, source }
    } else {
        RelayError::Publish { position, source }
    }
}
