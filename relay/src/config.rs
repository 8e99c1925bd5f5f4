use std::time::Duration;

use crate::RelayError;

/// The stream the relay publishes to unless told otherwise.
pub const DEFAULT_STREAM_NAME: &str = "LEDGER";
/// First subject token of every relayed event (`ledger.<ws>.<aggregate>.<event>`, DESIGN §2).
pub const DEFAULT_SUBJECT_PREFIX: &str = "ledger";
/// Events read from the log and checkpointed together: large enough to amortize the
/// checkpoint write, small enough that a crash republishes little.
pub const DEFAULT_BATCH_SIZE: usize = 500;
/// Upper bound on `batch_size`: a batch is held in memory and republished after a crash.
pub const BATCH_SIZE_MAX: usize = 10_000;
/// How long JetStream remembers message ids. Recovery does not depend on it (see
/// [`crate::publisher`]), but within it a restart's republishing costs one cheap duplicate
/// ack per event; ten minutes covers any ordinary restart.
pub const DEFAULT_DUPLICATE_WINDOW: Duration = Duration::from_secs(10 * 60);
/// How long a publish waits for JetStream's ack (and a stream API call for its answer)
/// before the relay counts it as failed and retries.
pub const DEFAULT_ACK_TIMEOUT: Duration = Duration::from_secs(5);
/// Environment variable that switches the relay on (`serve`) and says where NATS is.
pub const NATS_URL_ENV: &str = "NATS_URL";

/// Where and how the relay publishes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayConfig {
    /// NATS server(s), e.g. `nats://127.0.0.1:4222` (comma-separated for a cluster).
    pub nats_url: String,
    /// The JetStream stream; also the name of the relay's checkpoint, so pointing the relay at
    /// a new stream republishes the whole log into it.
    pub stream_name: String,
    /// First token(s) of every subject; the stream captures `<subject_prefix>.>`.
    pub subject_prefix: String,
    /// Events per log read and per checkpoint write (1..=[`BATCH_SIZE_MAX`]).
    pub batch_size: usize,
    /// The stream's de-duplication window (set when the relay creates or widens the stream).
    pub duplicate_window: Duration,
    /// Wait for an ack (and for stream API answers) before retrying.
    pub ack_timeout: Duration,
    /// Test hook: simulate a crash at a chosen point. `None` in production.
    pub fault: Option<Fault>,
}

/// A crash the relay simulates on purpose, so tests can place it exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Stop with [`RelayError::InjectedFault`] as soon as this many events have been acked by
    /// JetStream in this run, before the checkpoint past them is written: the window a real
    /// crash between publish and checkpoint would hit.
    StopAfterPublishing { events: u64 },
}

impl RelayConfig {
    /// The defaults for everything but the server address.
    pub fn new(nats_url: impl Into<String>) -> Self {
        Self {
            nats_url: nats_url.into(),
            stream_name: DEFAULT_STREAM_NAME.to_owned(),
            subject_prefix: DEFAULT_SUBJECT_PREFIX.to_owned(),
            batch_size: DEFAULT_BATCH_SIZE,
            duplicate_window: DEFAULT_DUPLICATE_WINDOW,
            ack_timeout: DEFAULT_ACK_TIMEOUT,
            fault: None,
        }
    }

    /// The relay's configuration when `NATS_URL` is set (and not blank), else `None`: single-node
    /// mode needs no NATS.
    pub fn from_env() -> Option<Self> {
        std::env::var(NATS_URL_ENV)
            .ok()
            .filter(|url| !url.trim().is_empty())
            .map(Self::new)
    }

    /// The subject filter the stream captures.
    pub fn stream_subjects(&self) -> String {
        format!("{}.>", self.subject_prefix)
    }

    /// Rejects settings NATS would refuse later, so a typo fails at start-up with a clear
    /// message instead of a retry loop.
    pub fn validate(&self) -> Result<(), RelayError> {
        if self.nats_url.trim().is_empty() {
            return Err(RelayError::Config("nats_url is empty".into()));
        }
        if self.stream_name.is_empty()
            || self.stream_name.chars().any(|c| {
                matches!(c, '.' | '*' | '>' | '/' | '\\') || c.is_whitespace() || c.is_control()
            })
        {
            return Err(RelayError::Config(format!(
                "stream name {:?} must be non-empty without '.', '*', '>', '/', '\\' or whitespace",
                self.stream_name
            )));
        }
        let prefix_ok = !self.subject_prefix.is_empty()
            && self.subject_prefix.split('.').all(|token| {
                !token.is_empty()
                    && !token
                        .chars()
                        .any(|c| matches!(c, '*' | '>') || c.is_whitespace() || c.is_control())
            });
        if !prefix_ok {
            return Err(RelayError::Config(format!(
                "subject prefix {:?} must be one or more non-empty tokens without wildcards or whitespace",
                self.subject_prefix
            )));
        }
        if !(1..=BATCH_SIZE_MAX).contains(&self.batch_size) {
            return Err(RelayError::Config(format!(
                "batch size {} must be between 1 and {BATCH_SIZE_MAX}",
                self.batch_size
            )));
        }
        if self.ack_timeout.is_zero() {
            return Err(RelayError::Config(
                "the ack timeout must be positive".into(),
            ));
        }
        if self.duplicate_window.is_zero() {
            return Err(RelayError::Config(
                "the duplicate window must be positive: de-duplication absorbs republishing".into(),
            ));
        }
        Ok(())
    }
}
