use std::sync::Arc;

use tokio::sync::watch;

use crate::backend::{
    postgres::PostgresLog, sqlite::SqliteLog, AppendRequest, Appended, ChainHead, LogBackend,
    Snapshot, MIGRATIONS,
};
use crate::committer::Committer;
use crate::{AppendError, Backend, Cursor, Db, RecordedEvent, StoreError};

/// The event store every crate uses: appends through group commit, reads from the log,
/// and a notifier that wakes tailing readers after each commit (no busy polling).
#[derive(Clone)]
pub struct EventStore {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    log: Arc<dyn LogBackend>,
    committer: Committer,
    committed: watch::Sender<Cursor>,
}

impl EventStore {
    /// Migrates the log's tables and starts the writer task.
    pub async fn open(db: Db) -> Result<Self, StoreError> {
        crate::migrate::run(&db, "store", MIGRATIONS).await?;
        let log: Arc<dyn LogBackend> = match db.backend {
            Backend::Sqlite => Arc::new(SqliteLog::new(db.clone())),
            Backend::Postgres => Arc::new(PostgresLog::new(db.clone())),
        };
        let (committed, _) = watch::channel(Cursor::START);
        let committer = Committer::start(log.clone(), committed.clone());
        Ok(Self {
            inner: Arc::new(Inner {
                db,
                log,
                committer,
                committed,
            }),
        })
    }

    pub fn db(&self) -> &Db {
        &self.inner.db
    }

    pub fn log(&self) -> &dyn LogBackend {
        self.inner.log.as_ref()
    }

    /// Appends one command's events atomically; their cursors. See [`Committer`].
    pub async fn append(&self, request: AppendRequest) -> Result<Vec<Cursor>, AppendError> {
        self.commit(request).await.map(|appended| appended.cursors)
    }

    /// [`EventStore::append`], answering also the numbers the store gave the request's
    /// numbered events.
    pub async fn commit(&self, request: AppendRequest) -> Result<Appended, AppendError> {
        self.inner.committer.append(request).await
    }

    /// A receiver that changes whenever this process commits (or is told of a commit by
    /// [`EventStore::notify_external`]).
    pub fn subscribe(&self) -> watch::Receiver<Cursor> {
        self.inner.committed.subscribe()
    }

    /// Wakes local readers for a commit made by another node (scale-out, via NATS).
    pub fn notify_external(&self, cursor: Cursor) {
        self.inner.committed.send_if_modified(|current| {
            if cursor > *current {
                *current = cursor;
                true
            } else {
                false
            }
        });
    }

    pub async fn read_log(
        &self,
        after: Cursor,
        limit: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.inner.log.read_log(after, limit).await
    }

    pub async fn read_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<RecordedEvent>, StoreError> {
        self.inner
            .log
            .read_stream(aggregate_type, aggregate_id, after_sequence)
            .await
    }

    pub async fn snapshot(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<Option<Snapshot>, StoreError> {
        self.inner.log.snapshot(aggregate_type, aggregate_id).await
    }

    pub async fn chain_head(&self, chain: &str) -> Result<Option<ChainHead>, StoreError> {
        self.inner.log.chain_head(chain).await
    }

    pub async fn safe_head(&self) -> Result<Cursor, StoreError> {
        self.inner.log.safe_head().await
    }
}
