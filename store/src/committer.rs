//! Group commit. Every append goes through one writer task per process, which takes all
//! requests waiting at that moment and appends them in one transaction: one fsync (SQLite)
//! or one commit round trip (Postgres) is shared by many commands, which is how a 2-core
//! machine gets past the per-commit ceiling. If a shared transaction fails, each request
//! is retried alone, so one conflicting command never fails its neighbours.

use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, watch};

use crate::backend::{AppendRequest, LogBackend};
use crate::{AppendError, Cursor, StoreError};

/// Requests waiting beyond this make callers wait (backpressure) instead of growing memory.
const QUEUE_CAPACITY: usize = 4096;
/// Bounds one group's transaction: long transactions hold the SQLite write lock and the
/// Postgres watermark back.
const GROUP_EVENTS_MAX: usize = 5_000;

type Reply = oneshot::Sender<Result<Vec<Cursor>, AppendError>>;

struct Job {
    request: AppendRequest,
    reply: Reply,
}

#[derive(Clone)]
pub struct Committer {
    sender: mpsc::Sender<Job>,
}

impl Committer {
    /// Starts the writer task. `committed` is told the newest cursor after each commit.
    pub fn start(backend: Arc<dyn LogBackend>, committed: watch::Sender<Cursor>) -> Self {
        let (sender, receiver) = mpsc::channel(QUEUE_CAPACITY);
        tokio::spawn(run(backend, receiver, committed));
        Self { sender }
    }

    pub async fn append(&self, request: AppendRequest) -> Result<Vec<Cursor>, AppendError> {
        if request.events.is_empty() {
            return Ok(Vec::new());
        }
        let (reply, answer) = oneshot::channel();
        self.sender
            .send(Job { request, reply })
            .await
            .map_err(|_| AppendError::Store(StoreError::ShuttingDown))?;
        answer
            .await
            .map_err(|_| AppendError::Store(StoreError::ShuttingDown))?
    }
}

async fn run(
    backend: Arc<dyn LogBackend>,
    mut receiver: mpsc::Receiver<Job>,
    committed: watch::Sender<Cursor>,
) {
    while let Some(first) = receiver.recv().await {
        let mut events = first.request.events.len();
        let mut jobs = vec![first];
        while events < GROUP_EVENTS_MAX {
            match receiver.try_recv() {
                Ok(job) => {
                    events += job.request.events.len();
                    jobs.push(job);
                }
                Err(_) => break,
            }
        }
        commit_group(backend.as_ref(), jobs, &committed).await;
    }
}

async fn commit_group(backend: &dyn LogBackend, jobs: Vec<Job>, committed: &watch::Sender<Cursor>) {
    let requests: Vec<AppendRequest> = jobs.iter().map(|j| j.request.clone()).collect();
    match backend.append_all(&requests).await {
        Ok(cursors) => {
            announce(committed, cursors.iter().flatten().copied().max());
            for (job, cursors) in jobs.into_iter().zip(cursors) {
                let _ = job.reply.send(Ok(cursors));
            }
        }
        Err(err) if jobs.len() == 1 => {
            if let Some(job) = jobs.into_iter().next() {
                let _ = job.reply.send(Err(err));
            }
        }
        Err(_) => {
            for job in jobs {
                let result = backend.append_all(std::slice::from_ref(&job.request)).await;
                let result = result.map(|mut c| c.pop().unwrap_or_default());
                if let Ok(cursors) = &result {
                    announce(committed, cursors.iter().copied().max());
                }
                let _ = job.reply.send(result);
            }
        }
    }
}

fn announce(committed: &watch::Sender<Cursor>, newest: Option<Cursor>) {
    if let Some(newest) = newest {
        committed.send_if_modified(|current| {
            if newest > *current {
                *current = newest;
                true
            } else {
                false
            }
        });
    }
}
