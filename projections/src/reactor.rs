//! The loop every reactor runs (notification rules, continuous audit, the report
//! generator): take a step; when there was nothing to do, sleep until this process
//! commits, another node's commit is polled for, or shutdown. A failing step is logged
//! and retried — its checkpoint did not move, so nothing is lost or done twice. Between
//! steps it lets commits gather for [`SETTLE`].

use std::time::Duration;

use async_trait::async_trait;
use store::EventStore;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Fallback wake-up for commits this process is not told about (another node).
pub const POLL: Duration = Duration::from_secs(1);
/// How long a reactor lets commits gather before its next step. Under load the log
/// commits a group every few milliseconds; a reactor stepping on each one took a write
/// transaction per commit (four reactors: four turns at SQLite's one write lock for each
/// of the log's). Gathered, one step takes them all, and what a reactor does (a
/// notification, a finding, a report) is never waited on by the request that caused it.
/// A step reads at most a few hundred events, so this still follows 10,000 events/s.
pub const SETTLE: Duration = Duration::from_millis(20);

#[async_trait]
pub trait Reactor: Send + Sync + 'static {
    /// Names the reactor in the logs.
    fn label(&self) -> &'static str;

    fn store(&self) -> &EventStore;

    /// One batch; whether there was anything to do.
    async fn step(&self) -> Result<bool, String>;
}

/// Runs `reactor` until `stop` says so.
pub fn spawn(reactor: impl Reactor, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut commits = reactor.store().subscribe();
        loop {
            let progressed = match reactor.step().await {
                Ok(progressed) => progressed,
                Err(err) => {
                    tracing::warn!(error = %err, reactor = reactor.label(), "retrying");
                    false
                }
            };
            if *stop.borrow() {
                return;
            }
            let more = progressed
                || tokio::select! {
                    _ = commits.changed() => true,
                    _ = tokio::time::sleep(POLL) => false,
                    _ = stop.changed() => return,
                };
            if more {
                tokio::select! {
                    _ = tokio::time::sleep(SETTLE) => {}
                    _ = stop.changed() => return,
                }
            }
        }
    })
}
