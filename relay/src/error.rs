use thiserror::Error;

/// Boxed source for the many distinct error types of async-nats' stream API.
pub type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Why the relay (or the commit listener) stopped or is retrying.
#[derive(Debug, Error)]
pub enum RelayError {
    /// A setting NATS or the relay cannot work with; retrying would not help.
    #[error("invalid relay configuration: {0}")]
    Config(String),

    #[error("cannot connect to NATS at {url}: {source}")]
    Connect {
        url: String,
        #[source]
        source: async_nats::ConnectError,
    },

    /// Creating, inspecting or reading the JetStream stream failed.
    #[error("JetStream stream {stream}: {action} failed: {source}")]
    Stream {
        stream: String,
        action: &'static str,
        #[source]
        source: BoxError,
    },

    /// JetStream did not confirm the event (timeout, connection lost, no stream). Retried.
    #[error("publishing the event at position {position} failed: {source}")]
    Publish {
        position: i64,
        #[source]
        source: async_nats::jetstream::context::PublishError,
    },

    /// NATS will never accept this event (bigger than the server's max payload). The relay
    /// must not skip it, so it stops until an operator raises the limit.
    #[error("the event at position {position} is larger than NATS accepts: {source}")]
    EventTooLarge {
        position: i64,
        #[source]
        source: async_nats::jetstream::context::PublishError,
    },

    /// The event cannot be encoded as JSON (never expected: it was decoded from JSON).
    #[error("the event at position {position} cannot be encoded: {source}")]
    Encode {
        position: i64,
        #[source]
        source: serde_json::Error,
    },

    /// The stream's last message is not the event before this one, nor at or after it in log
    /// order: someone purged, trimmed or wrote into the stream. Publishing on would break "each
    /// event exactly once, in order", so the relay stops; reset its checkpoint
    /// ([`crate::checkpoint::reset`]) to republish the log.
    #[error(
        "stream {stream} does not continue the log at position {position}: its last message id \
         is {}, expected {}",
        .found.as_deref().unwrap_or("(none)"),
        .expected.as_deref().unwrap_or("(none)")
    )]
    Diverged {
        stream: String,
        position: i64,
        expected: Option<String>,
        found: Option<String>,
    },

    #[error("subscribing to {subject} failed: {source}")]
    Subscribe {
        subject: String,
        #[source]
        source: async_nats::SubscribeError,
    },

    #[error(transparent)]
    Store(#[from] store::StoreError),

    #[error("relay checkpoint storage failed: {0}")]
    Checkpoint(#[from] sqlx::Error),

    /// The [`crate::Fault`] test hook fired.
    #[error("injected fault: stopped after {published} events were acked, before checkpointing")]
    InjectedFault { published: u64 },
}

impl RelayError {
    /// Errors that retrying cannot fix: the relay returns them instead of backing off.
    pub fn is_fatal(&self) -> bool {
        matches!(
            self,
            Self::Config(_)
                | Self::EventTooLarge { .. }
                | Self::Encode { .. }
                | Self::Diverged { .. }
                | Self::InjectedFault { .. }
        )
    }
}
