mod live;
mod set_aside;
mod statistics;

use std::sync::Arc;
use std::time::Duration;
use store::ExecuteWrite;

use store::{Cursor, Db, EventStore, RecordedEvent};

use crate::applied::Applied;
use crate::checkpoint::{self, Checkpoint, ProjectorState};
use crate::{ProjectionError, Projector};

/// Events per batch while live. A live page is whatever the log gained since the last
/// one, a few events while people post; the limit only bites on a backlog, an import's
/// thousands of entries in one append. There each page's commit writes every page of the
/// postings' account index its entries touched (their dates are spread over years), so
/// fewer, larger pages write less per posting: an import of 20,000 five-line rows is
/// 4,001 events, one page at 8,000 instead of three at 2,000, and imports ran ~25 %
/// faster. What it costs is how long one page holds SQLite's write lock (~1 s for 20,000
/// postings into a million) and the page's events in memory (a few MB).
pub const LIVE_BATCH_EVENTS: i64 = 8_000;
/// Events per batch during a rebuild (and per page of a set-aside workspace's replay): big
/// batches amortize the commit and let projectors aggregate in memory. Each commit
/// rewrites every page its batch touched (the ledger's totals are spread over the whole
/// table), so 40,000 rather than 10,000 took a fifth to a third off the ledger's rebuild
/// at a million postings; its peak heap stayed ~285 MB.
pub const REBUILD_BATCH_EVENTS: i64 = 40_000;

/// What `projections status` shows for one projector.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ProjectorStatus {
    pub name: String,
    pub version: i64,
    pub position: i64,
    pub events: i64,
    /// Events in the log this projector has not applied yet.
    pub lag: i64,
    pub state: ProjectorState,
    pub error: Option<String>,
    pub error_position: Option<i64>,
    /// Workspaces this projector has set aside: their read models are stale.
    pub quarantined: Vec<crate::quarantine::Quarantine>,
}

/// Runs a set of projectors over one store.
#[derive(Clone)]
pub struct ProjectionRuntime {
    store: EventStore,
    projectors: Arc<Vec<Arc<dyn Projector>>>,
    applied: Applied,
}

impl ProjectionRuntime {
    pub fn new(store: EventStore, projectors: Vec<Arc<dyn Projector>>) -> Self {
        Self {
            store,
            projectors: Arc::new(projectors),
            applied: Applied::default(),
        }
    }

    /// Where each projector of this process stands, as it commits.
    pub fn applied(&self) -> &Applied {
        &self.applied
    }

    pub fn store(&self) -> &EventStore {
        &self.store
    }

    fn db(&self) -> &Db {
        self.store.db()
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.projectors.iter().map(|p| p.name()).collect()
    }

    fn find(&self, name: &str) -> Result<Arc<dyn Projector>, ProjectionError> {
        self.projectors
            .iter()
            .find(|p| p.name() == name)
            .cloned()
            .ok_or_else(|| ProjectionError {
                position: None,
                message: format!(
                    "no projector named {name:?}; known: {}",
                    self.names().join(", ")
                ),
            })
    }

    /// Creates every read model's tables and checkpoint; a projector whose stored version
    /// differs is reset to be rebuilt; a failed one is given another try (the cause may be
    /// fixed in this build).
    pub async fn prepare(&self) -> Result<(), ProjectionError> {
        store::migrate::run(self.db(), "projections", checkpoint::MIGRATIONS).await?;
        for projector in self.projectors.iter() {
            store::migrate::run(self.db(), projector.name(), projector.migrations()).await?;
            self.create_deferred_indexes(projector.as_ref()).await?;
            match checkpoint::load(self.db(), projector.name()).await? {
                None => self.reset(projector.as_ref()).await?,
                Some(cp) if cp.version != projector.version() => {
                    tracing::warn!(
                        projector = projector.name(),
                        from = cp.version,
                        to = projector.version(),
                        "projector version changed: rebuilding"
                    );
                    self.reset(projector.as_ref()).await?;
                }
                Some(cp) if cp.state == ProjectorState::Failed => {
                    checkpoint::mark(
                        self.db(),
                        projector.name(),
                        ProjectorState::Running,
                        None,
                        None,
                    )
                    .await?;
                }
                Some(_) => {}
            }
            // The cause of a quarantine may be fixed in this build (an upcaster, a fix):
            // try to catch each set-aside workspace up.
            self.lift_quarantines(projector.as_ref()).await?;
        }
        Ok(())
    }

    async fn reset(&self, projector: &dyn Projector) -> Result<(), ProjectionError> {
        let mut tx = self.db().begin_write().await?;
        for table in projector.tables() {
            sqlx::query(&format!("DELETE FROM {table}"))
                .execute(&mut *tx)
                .await?;
        }
        checkpoint::reset(tx.transaction(), projector.name(), projector.version()).await?;
        crate::quarantine::clear(tx.transaction(), projector.name()).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Applies `events`, read after `from`, with the checkpoint moving from `from` to the
    /// last of them in the same transaction; 0 when there are none or when another worker
    /// moved the checkpoint from `from` first. Events of workspaces the projector has set
    /// aside are passed by; an event it cannot apply sets its own workspace aside and the
    /// page is applied again without it (see [`crate::quarantine`]).
    async fn apply_page(
        &self,
        projector: &dyn Projector,
        from: Cursor,
        events: &[RecordedEvent],
    ) -> Result<usize, ProjectionError> {
        let Some(last) = events.last() else {
            return Ok(0);
        };
        loop {
            let mut tx = self.db().begin_read_model_write().await?;
            if !checkpoint::advance(
                tx.transaction(),
                projector.name(),
                from,
                last.cursor(),
                events.len() as i64,
            )
            .await?
            {
                tx.rollback().await?;
                return Ok(0);
            }
            let set_aside =
                crate::quarantine::workspaces(tx.transaction(), projector.name()).await?;
            let kept: Vec<RecordedEvent>;
            let batch = if set_aside.is_empty() {
                events
            } else {
                kept = events
                    .iter()
                    .filter(|e| e.workspace_id().is_none_or(|ws| !set_aside.contains(ws)))
                    .cloned()
                    .collect();
                &kept
            };
            match projector.apply_batch(tx.transaction(), batch).await {
                Ok(()) => {
                    tx.commit().await?;
                    let changed = batch.iter().any(|e| projector.concerns(e));
                    self.applied
                        .advance(projector.name(), last.cursor(), changed);
                    return Ok(events.len());
                }
                Err(err) => {
                    tx.rollback().await?;
                    if self.set_aside(projector, events, &set_aside, &err).await? {
                        continue;
                    }
                    tracing::error!(projector = projector.name(), position = ?err.position, error = %err.message, "projector stopped");
                    checkpoint::mark(
                        self.db(),
                        projector.name(),
                        ProjectorState::Failed,
                        Some(&err.message),
                        err.position,
                    )
                    .await?;
                    return Err(err);
                }
            }
        }
    }

    /// Applies batches until the projector reaches the readable end of the log. Each page
    /// is read while the one before it is applied (the read and the apply's writes run on
    /// different connections and threads); a prefetched page is used only if it starts
    /// exactly at the checkpoint the apply left.
    pub async fn catch_up(
        &self,
        name: &str,
        batch: i64,
        progress: &(dyn Fn(i64) + Sync),
    ) -> Result<i64, ProjectionError> {
        let projector = self.find(name)?;
        let mut applied = 0;
        let mut prefetched: Option<(Cursor, Vec<RecordedEvent>)> = None;
        loop {
            let cp = self.checkpoint(projector.name()).await?;
            if cp.state == ProjectorState::Failed {
                return Ok(applied);
            }
            let events = match prefetched.take() {
                Some((from, events)) if from == cp.cursor => events,
                _ => self.store.read_log(cp.cursor, batch).await?,
            };
            let Some(next_from) = events.last().map(RecordedEvent::cursor) else {
                return Ok(applied);
            };
            let (n, next) = tokio::join!(
                self.apply_page(projector.as_ref(), cp.cursor, &events),
                self.store.read_log(next_from, batch),
            );
            let n = n?;
            if n == 0 {
                return Ok(applied);
            }
            // A failed read ahead is not an error yet: the next turn reads again and reports.
            prefetched = next.ok().map(|next| (next_from, next));
            applied += n as i64;
            progress(applied);
        }
    }

    /// Empties the projector's tables, replays the whole log and returns the events applied.
    pub async fn rebuild(
        &self,
        name: &str,
        progress: &(dyn Fn(i64) + Sync),
    ) -> Result<i64, ProjectionError> {
        let projector = self.find(name)?;
        self.drop_deferred_indexes(projector.as_ref()).await?;
        self.reset(projector.as_ref()).await?;
        let applied = self.catch_up(name, REBUILD_BATCH_EVENTS, progress).await;
        // Whether or not the replay got to the end, the read model is served again.
        self.create_deferred_indexes(projector.as_ref()).await?;
        let applied = applied?;
        // The tables are new: plan from their statistics at once, not after a while.
        statistics::refresh_all(self.db(), projector.as_ref()).await?;
        Ok(applied)
    }

    async fn drop_deferred_indexes(
        &self,
        projector: &dyn Projector,
    ) -> Result<(), ProjectionError> {
        for index in projector.deferred_indexes() {
            sqlx::query(&format!("DROP INDEX IF EXISTS {}", index.name))
                .execute_write(self.db())
                .await?;
        }
        Ok(())
    }

    async fn create_deferred_indexes(
        &self,
        projector: &dyn Projector,
    ) -> Result<(), ProjectionError> {
        for index in projector.deferred_indexes() {
            sqlx::query(&index.create_if_missing())
                .execute_write(self.db())
                .await?;
        }
        Ok(())
    }

    /// On Postgres, analyzes the projector's tables that grew or changed by more than a
    /// tenth since their last analysis (see [`statistics`]); returns their names.
    pub async fn refresh_statistics(&self, name: &str) -> Result<Vec<String>, ProjectionError> {
        let projector = self.find(name)?;
        statistics::refresh_grown(self.db(), projector.as_ref()).await
    }

    pub async fn checkpoint(&self, name: &str) -> Result<Checkpoint, ProjectionError> {
        checkpoint::load(self.db(), name)
            .await?
            .ok_or_else(|| ProjectionError {
                position: None,
                message: format!("projector {name} has no checkpoint; run migrate"),
            })
    }

    pub async fn status(&self) -> Result<Vec<ProjectorStatus>, ProjectionError> {
        let total = self.store.log().event_count().await?;
        let mut out = Vec::new();
        let mut quarantines = crate::quarantine::all(self.db()).await?;
        for projector in self.projectors.iter() {
            let cp = self.checkpoint(projector.name()).await?;
            let (quarantined, rest): (Vec<_>, Vec<_>) = quarantines
                .into_iter()
                .partition(|q| q.projector == projector.name());
            quarantines = rest;
            out.push(ProjectorStatus {
                name: cp.name,
                version: cp.version,
                position: cp.cursor.position,
                events: cp.events,
                lag: (total - cp.events).max(0),
                state: cp.state,
                error: cp.error,
                error_position: cp.error_position,
                quarantined,
            });
        }
        Ok(out)
    }

    /// Waits until every projector has applied every event committed so far (tests, CLI).
    pub async fn wait_caught_up(&self, timeout: Duration) -> Result<(), ProjectionError> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let status = self.status().await?;
            if status
                .iter()
                .all(|s| s.lag == 0 || s.state == ProjectorState::Failed)
            {
                return Ok(());
            }
            if tokio::time::Instant::now() > deadline {
                return Err(ProjectionError {
                    position: None,
                    message: format!("projectors still behind after {timeout:?}: {status:?}"),
                });
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
}
