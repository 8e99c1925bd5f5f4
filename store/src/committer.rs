//! Group commit. Every append goes through one writer task per process, which takes all
//! requests waiting at that moment and appends them in one transaction: one fsync (SQLite,
//! `synchronous = FULL`: a command is answered only once its events are on disk) or one
//! commit round trip with its WAL flush (Postgres) is shared by many commands, which is how
//! a 2-core machine gets past the per-commit ceiling without trading durability for it. If a shared transaction fails, each request
//! is retried alone, so one conflicting command never fails its neighbours.
//!
//! A backend whose appends to different hash chains can run side by side (Postgres: they
//! lock different chain heads) gets several writer lanes ([`LogBackend::writer_lanes`]); a
//! command goes to the lane of its first event's chain, so lanes never wait on each other's
//! chain locks and their commits overlap (Postgres flushes concurrent commits together).
//! SQLite has one writer at a time and keeps one lane.
//!
//! Each request's payloads and metadata are serialized on its caller's task before it is
//! queued ([`EncodedRequest`]), so the writer's critical section holds only the work that
//! must be serial: reading the heads, hashing, and the database's own.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, watch};

use crate::backend::{AppendRequest, Appended, EncodedRequest, LogBackend};
use crate::{AppendError, Cursor, StoreError};

/// Requests waiting beyond this make callers wait (backpressure) instead of growing memory.
const QUEUE_CAPACITY: usize = 4096;
/// Bounds one group's transaction: long transactions hold the SQLite write lock and the
/// Postgres watermark back.
const GROUP_EVENTS_MAX: usize = 5_000;

type Reply = oneshot::Sender<Result<Appended, AppendError>>;

struct Job {
    request: EncodedRequest,
    reply: Reply,
}

#[derive(Clone)]
pub struct Committer {
    lanes: Arc<Vec<mpsc::Sender<Job>>>,
}

impl Committer {
    /// Starts the writer tasks. `committed` is told the newest cursor after each commit.
    pub fn start(backend: Arc<dyn LogBackend>, committed: watch::Sender<Cursor>) -> Self {
        let lanes = (0..backend.writer_lanes().max(1))
            .map(|_| {
                let (sender, receiver) = mpsc::channel(QUEUE_CAPACITY);
                tokio::spawn(run(backend.clone(), receiver, committed.clone()));
                sender
            })
            .collect();
        Self {
            lanes: Arc::new(lanes),
        }
    }

    fn lane(&self, request: &AppendRequest) -> &mpsc::Sender<Job> {
        let index = match (self.lanes.len(), request.events.first()) {
            (1, _) | (_, None) => 0,
            (n, Some(first)) => {
                let mut hasher = DefaultHasher::new();
                first.chain_key().hash(&mut hasher);
                (hasher.finish() % n as u64) as usize
            }
        };
        &self.lanes[index]
    }

    pub async fn append(&self, request: AppendRequest) -> Result<Appended, AppendError> {
        if request.events.is_empty() {
            return Ok(Appended::default());
        }
        let (reply, answer) = oneshot::channel();
        let lane = self.lane(&request);
        let request = EncodedRequest::new(request);
        lane.send(Job { request, reply })
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
        // Let the writers woken by the previous group's replies queue their next commands
        // before this group is closed (one scheduler pass; immediate when nothing waits).
        tokio::task::yield_now().await;
        let mut events = first.request.request.events.len();
        let mut jobs = vec![first];
        while events < GROUP_EVENTS_MAX {
            match receiver.try_recv() {
                Ok(job) => {
                    events += job.request.request.events.len();
                    jobs.push(job);
                }
                Err(_) => break,
            }
        }
        commit_group(backend.as_ref(), jobs, &committed).await;
    }
}

async fn commit_group(backend: &dyn LogBackend, jobs: Vec<Job>, committed: &watch::Sender<Cursor>) {
    // Move the requests out of the jobs: no copy of any event on the way to the database.
    let (requests, replies): (Vec<EncodedRequest>, Vec<Reply>) =
        jobs.into_iter().map(|j| (j.request, j.reply)).unzip();
    let requests = Arc::new(requests);
    match backend.append_all(Arc::clone(&requests)).await {
        Ok(appended) => {
            announce(
                committed,
                appended.iter().flat_map(|a| &a.cursors).copied().max(),
            );
            for (reply, appended) in replies.into_iter().zip(appended) {
                let _ = reply.send(Ok(appended));
            }
        }
        Err(err) if requests.len() == 1 => {
            if let Some(reply) = replies.into_iter().next() {
                let _ = reply.send(Err(err));
            }
        }
        Err(_) => {
            // The failed attempt has let go of its handle: the requests come back uncopied.
            let requests = Arc::try_unwrap(requests).unwrap_or_else(|shared| (*shared).clone());
            for (request, reply) in requests.into_iter().zip(replies) {
                let result = backend.append_all(Arc::new(vec![request])).await;
                let result = result.map(|mut c| c.pop().unwrap_or_default());
                if let Ok(appended) = &result {
                    announce(committed, appended.cursors.iter().copied().max());
                }
                let _ = reply.send(result);
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
