//! The live loop: every projector of this process follows the log in one task.
//!
//! Each commit to the log wakes the loop once. The projectors that stand at the front of
//! the log — all of them, normally — take the new page together: one read of the log, one
//! write transaction that moves all their checkpoints in one statement and applies the
//! page to each. A projector with nothing in the page writes nothing but its checkpoint.
//! Run one task per projector, as before, each commit cost a write transaction (and, on
//! SQLite, a durable commit and a turn at the file's one write lock) per projector, and
//! the log's next group commit queued behind all of them.
//!
//! A projector goes alone, in a transaction of its own ([`ProjectionRuntime::apply_page`]),
//! when it stands behind the front (a rebuild elsewhere moved it, or it was just reset),
//! when it passes some workspace by, and for any page the group could not apply: an
//! error rolls the shared transaction back and every projector of the group takes the
//! page alone, where the one that failed sets its workspace aside or stops, as it would
//! have in its own task, and the others go on.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use store::{Cursor, RecordedEvent};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{statistics, ProjectionRuntime, LIVE_BATCH_EVENTS};
use crate::checkpoint::{self, ProjectorState};
use crate::{ProjectionError, Projector};

/// Fallback wake-up for commits this process is not told about (another node without NATS).
const POLL_INTERVAL: Duration = Duration::from_millis(1_000);
/// On Postgres a commit can be briefly invisible below the gap-safe watermark; retry soon.
const WATERMARK_RETRY: Duration = Duration::from_millis(10);

/// What one turn of the live loop did.
enum Turn {
    /// Some projector applied events: look again at once.
    Applied,
    /// Every running projector stands at this cursor, the end of the log as it reads now.
    CaughtUp(Option<Cursor>),
}

impl ProjectionRuntime {
    /// Runs every projector live until `shutdown` turns true. A projector that fails stops
    /// (its state says why); the others go on.
    pub fn spawn(&self, shutdown: watch::Receiver<bool>) -> Vec<JoinHandle<()>> {
        for projector in self.projectors.iter() {
            self.applied.mark_local(projector.name());
        }
        let runtime = self.clone();
        vec![tokio::spawn(
            async move { runtime.run_live(shutdown).await },
        )]
    }

    async fn run_live(&self, mut shutdown: watch::Receiver<bool>) {
        let mut commits = self.store.subscribe();
        if let Ok(checkpoints) = checkpoint::load_all(self.db()).await {
            for cp in checkpoints {
                if self.projectors.iter().any(|p| p.name() == cp.name) {
                    self.applied.advance(&cp.name, cp.cursor, false);
                }
            }
        }
        let mut statistics_checked = Instant::now();
        loop {
            if *shutdown.borrow() {
                return;
            }
            let front = match self.live_turn().await {
                Ok(Turn::Applied) => continue,
                Ok(Turn::CaughtUp(front)) => front,
                Err(err) => {
                    // Infrastructure trouble (database restarting): try again, don't spin.
                    tracing::warn!(error = %err, "projector batch failed; retrying");
                    tokio::select! {
                        _ = shutdown.changed() => {}
                        _ = tokio::time::sleep(POLL_INTERVAL) => {}
                    }
                    continue;
                }
            };
            if statistics_checked.elapsed() >= statistics::CHECK_INTERVAL {
                statistics_checked = Instant::now();
                for projector in self.projectors.iter() {
                    if let Err(err) = statistics::refresh_grown(self.db(), projector.as_ref()).await
                    {
                        tracing::warn!(projector = projector.name(), error = %err, "refreshing planner statistics failed");
                    }
                }
            }
            let behind = front.is_some_and(|front| *commits.borrow() > front);
            let wait = if behind {
                WATERMARK_RETRY
            } else {
                POLL_INTERVAL
            };
            tokio::select! {
                _ = commits.changed() => {}
                _ = shutdown.changed() => {}
                _ = tokio::time::sleep(wait) => {}
            }
        }
    }

    /// Brings every running projector one page on: those behind the front alone, then
    /// those at the front together.
    async fn live_turn(&self) -> Result<Turn, ProjectionError> {
        let checkpoints = checkpoint::load_all(self.db()).await?;
        let running: Vec<(&Arc<dyn Projector>, Cursor)> = self
            .projectors
            .iter()
            .filter_map(|projector| {
                let cp = checkpoints.iter().find(|cp| cp.name == projector.name())?;
                (cp.state == ProjectorState::Running).then_some((projector, cp.cursor))
            })
            .collect();
        let Some(front) = running.iter().map(|(_, cursor)| *cursor).max() else {
            return Ok(Turn::CaughtUp(None));
        };
        let mut applied = false;
        for (projector, cursor) in running.iter().filter(|(_, cursor)| *cursor < front) {
            let events = self.store.read_log(*cursor, LIVE_BATCH_EVENTS).await?;
            applied |= self
                .apply_alone(projector.as_ref(), *cursor, &events)
                .await?
                > 0;
        }
        let events = self.store.read_log(front, LIVE_BATCH_EVENTS).await?;
        if events.is_empty() {
            return Ok(if applied {
                Turn::Applied
            } else {
                Turn::CaughtUp(Some(front))
            });
        }
        let group: Vec<&Arc<dyn Projector>> = running
            .iter()
            .filter(|(_, cursor)| *cursor == front)
            .map(|(projector, _)| *projector)
            .collect();
        for projector in self.apply_together(&group, front, &events).await? {
            self.apply_alone(projector.as_ref(), front, &events).await?;
        }
        Ok(Turn::Applied)
    }

    /// Applies `events`, read after `from`, to `group` in one transaction; returns the
    /// projectors that must take the page alone (none when it committed for all).
    async fn apply_together<'p>(
        &self,
        group: &[&'p Arc<dyn Projector>],
        from: Cursor,
        events: &[RecordedEvent],
    ) -> Result<Vec<&'p Arc<dyn Projector>>, ProjectionError> {
        let Some(last) = events.last().map(RecordedEvent::cursor) else {
            return Ok(Vec::new());
        };
        let mut tx = self.db().begin_read_model_write().await?;
        let passing_by: HashSet<String> = crate::quarantine::projectors(tx.transaction()).await?;
        let (together, alone): (Vec<_>, Vec<_>) = group
            .iter()
            .copied()
            .partition(|projector| !passing_by.contains(projector.name()));
        let names: Vec<&str> = together.iter().map(|projector| projector.name()).collect();
        if names.is_empty()
            || !checkpoint::advance_together(
                tx.transaction(),
                &names,
                from,
                last,
                events.len() as i64,
            )
            .await?
        {
            tx.rollback().await?;
            return Ok(group.to_vec());
        }
        for projector in &together {
            if projector
                .apply_batch(tx.transaction(), events)
                .await
                .is_err()
            {
                tx.rollback().await?;
                return Ok(group.to_vec());
            }
        }
        tx.commit().await?;
        for projector in &together {
            let changed = events.iter().any(|event| projector.concerns(event));
            self.applied.advance(projector.name(), last, changed);
        }
        Ok(alone)
    }

    /// [`Self::apply_page`] for one projector; a projector that stops there (its state
    /// and the log say why) leaves the others going.
    async fn apply_alone(
        &self,
        projector: &dyn Projector,
        from: Cursor,
        events: &[RecordedEvent],
    ) -> Result<usize, ProjectionError> {
        match self.apply_page(projector, from, events).await {
            Ok(applied) => Ok(applied),
            Err(err) if err.position.is_some() => Ok(0),
            Err(err) => {
                let stopped = matches!(
                    self.checkpoint(projector.name()).await,
                    Ok(cp) if cp.state == ProjectorState::Failed
                );
                if stopped {
                    Ok(0)
                } else {
                    Err(err)
                }
            }
        }
    }
}
