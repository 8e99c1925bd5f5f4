//! Frees the bytes no document needs any more. Documents name their bytes by SHA-256, and
//! several documents — of any workspace or organization — may name the same bytes, so
//! deleting a document cannot delete its bytes there and then: the sweeper does, once no
//! live document names the hash.
//!
//! Two things keep it from freeing bytes still needed:
//! - it trusts the documents read model only when that has applied the whole log — never
//!   while it is behind, being rebuilt, or stopped on an event it could not apply;
//! - it leaves alone bytes kept within [`GRACE`]: an upload keeps its bytes before its
//!   event is committed and projected, and keeping bytes already stored renews their time.
//!   (An upload of the very bytes being freed, in the instant between the sweeper's last
//!   look and its delete, is the one case the grace cannot cover; like `git gc`'s, it is
//!   accepted for the instant it lasts.)
//!
//! Staged files older than the grace — uploads a crash or a dropped connection left
//! behind — are cleared too.

use std::time::{Duration, SystemTime};

use api_core::AppState;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How long bytes stay after they were last kept, whatever the read model says.
pub const GRACE: Duration = Duration::from_secs(60 * 60);
/// How often (by the server's clock) a sweep runs.
pub const EVERY: Duration = Duration::from_secs(10 * 60);
/// How often the worker looks at the clock.
const POLL: Duration = Duration::from_secs(1);

/// What one sweep freed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Swept {
    /// Hashes whose bytes were removed.
    pub freed: Vec<String>,
    pub bytes: u64,
    /// Abandoned staged uploads removed.
    pub staged: usize,
}

/// Why a sweep did nothing.
#[derive(Debug, thiserror::Error)]
pub enum SweepError {
    #[error("the documents read model has not applied the whole log yet")]
    Behind,
    #[error("reading the documents read model: {0}")]
    ReadModel(#[from] sqlx::Error),
    #[error("reaching the stored bytes: {0}")]
    Storage(#[from] std::io::Error),
}

/// Whether the documents read model has applied every event committed before this call
/// and is still running.
async fn read_model_caught_up(app: &AppState) -> Result<bool, sqlx::Error> {
    let head = *app.store.subscribe().borrow();
    let checkpoint = projections::checkpoint::load(app.db(), projections::documents::NAME).await?;
    Ok(checkpoint
        .is_some_and(|cp| cp.state == projections::ProjectorState::Running && cp.cursor >= head))
}

/// One sweep as of `now` (the server's clock).
pub async fn sweep(app: &AppState, now: SystemTime) -> Result<Swept, SweepError> {
    if !read_model_caught_up(app).await? {
        return Err(SweepError::Behind);
    }
    let cutoff = now.checked_sub(GRACE).unwrap_or(SystemTime::UNIX_EPOCH);
    let mut swept = Swept::default();
    for blob in app.blobs.stored().await? {
        if blob.kept_at >= cutoff {
            continue;
        }
        // Asked per hash, just before its delete, so a document recorded meanwhile counts.
        if projections::documents::is_named(&app.db().pool, &blob.sha256).await? {
            continue;
        }
        app.blobs.remove(&blob.sha256).await?;
        swept.bytes += blob.size;
        swept.freed.push(blob.sha256);
    }
    swept.staged = app.blobs.clear_staging(cutoff).await?;
    Ok(swept)
}

fn system_time(us: i64) -> SystemTime {
    let since_epoch = Duration::from_micros(u64::try_from(us).unwrap_or(0));
    SystemTime::UNIX_EPOCH + since_epoch
}

/// Sweeps every [`EVERY`] by the server's clock, and again a second later while the read
/// model is behind.
pub fn spawn(app: AppState, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let every = i64::try_from(EVERY.as_micros()).unwrap_or(i64::MAX);
        let mut last: Option<i64> = None;
        let mut poll = tokio::time::interval(POLL);
        loop {
            tokio::select! {
                _ = stop.changed() => {}
                _ = poll.tick() => {}
            }
            if *stop.borrow() {
                return;
            }
            let now = app.clock.now_us();
            if last.is_some_and(|at| now - at < every) {
                continue;
            }
            match sweep(&app, system_time(now)).await {
                Ok(swept) => {
                    if !swept.freed.is_empty() || swept.staged > 0 {
                        tracing::info!(
                            freed = swept.freed.len(),
                            bytes = swept.bytes,
                            staged = swept.staged,
                            "freed the bytes no document names"
                        );
                    }
                    last = Some(now);
                }
                Err(SweepError::Behind) => {}
                Err(err) => {
                    tracing::warn!(error = %err, "sweeping stored documents failed");
                    last = Some(now);
                }
            }
        }
    })
}
