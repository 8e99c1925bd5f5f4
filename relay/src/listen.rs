//! Cross-node wake-ups: every relayed message announces a commit.
//!
//! A node's projectors and live feeds wait on [`EventStore::subscribe`], which only its own
//! appends move. With several nodes, a core NATS subscription on the relay's subjects tells
//! each node about everyone's commits. It is a plain subscription, not a JetStream consumer:
//! a missed wake-up costs at most the readers' fallback poll, so it needs no acks or state.

use futures::StreamExt;
use store::EventStore;
use tokio::task::JoinHandle;

use crate::stream::cursor_from_headers;
use crate::RelayError;

/// Subscribes to `<subject_prefix>.>` and, for each relayed message, wakes `store`'s
/// subscribers with the cursor from its headers. Returns once the server has registered the
/// subscription (so commits relayed afterwards are seen) with the task that listens until
/// the connection closes; abort it to stop early.
pub async fn listen_for_commits(
    client: async_nats::Client,
    store: EventStore,
    subject_prefix: &str,
) -> Result<JoinHandle<()>, RelayError> {
    let subject = format!("{subject_prefix}.>");
    let mut subscription =
        client
            .subscribe(subject.clone())
            .await
            .map_err(|source| RelayError::Subscribe {
                subject: subject.clone(),
                source,
            })?;
    // Subscribing only queues the SUB; a flush round-trips with the server, after which it
    // routes matching messages to us.
    if let Err(error) = client.flush().await {
        tracing::warn!(subject = %subject, error = %error, "flushing the commit subscription failed; it may start late");
    }
    Ok(tokio::spawn(async move {
        // Own the connection for as long as we listen, whatever the caller does with theirs.
        let _client = client;
        tracing::info!(subject = %subject, "listening for commits on other nodes");
        while let Some(message) = subscription.next().await {
            match message.headers.as_ref().and_then(cursor_from_headers) {
                Some(cursor) => store.notify_external(cursor),
                None => {
                    tracing::debug!(subject = %message.subject, "message without a log cursor ignored")
                }
            }
        }
        tracing::info!(subject = %subject, "commit subscription closed");
    }))
}
