//! One writer at a time per SQLite file, by design.
//!
//! SQLite has a single write lock per file. Left to itself, a writer that finds it taken
//! sleeps in SQLite's busy handler (1, 2, 5 … 100 ms steps) and polls again, so under load
//! the log's group commit, the projectors and the request handlers took turns by timer,
//! and a long enough queue ended in "database is locked". Every write transaction of this
//! process — the log's appends, the projectors' batches, every `begin_write` — takes this
//! gate first: writers queue in arrival order (tokio's mutex is fair) and the next one
//! starts the moment the last commits. SQLite's own lock remains only between processes
//! (a CLI command beside a running server), where the busy timeout still applies.
//!
//! Postgres has row locks and many writers; it gets no gate.

use std::future::Future;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyArguments, AnyQueryResult};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::Db;

/// The gate of one SQLite file, shared by every clone of its `Db` and by its log writer.
#[derive(Debug, Clone, Default)]
pub(crate) struct WriteGate(Arc<Mutex<()>>);

/// Held while a write transaction is open.
pub(crate) type WritePermit = OwnedMutexGuard<()>;

impl WriteGate {
    /// Waits for the gate as long as SQLite would wait for its lock: a writer still
    /// holding it after that is stuck, and the caller gets the error SQLite would give
    /// rather than a request that never ends.
    pub(crate) async fn enter(&self, patience: Duration) -> Result<WritePermit, sqlx::Error> {
        tokio::time::timeout(patience, Arc::clone(&self.0).lock_owned())
            .await
            .map_err(|_| {
                sqlx::Error::Protocol(format!(
                    "database is locked: no write turn within {} ms",
                    patience.as_millis()
                ))
            })
    }
}

/// A write transaction and, on SQLite, the writer's turn it holds until commit or
/// rollback. Reads and writes go through it as through the transaction's connection
/// (`&mut *tx`); [`WriteTransaction::transaction`] gives the transaction itself.
pub struct WriteTransaction {
    tx: Transaction<'static, Any>,
    _permit: Option<WritePermit>,
}

impl WriteTransaction {
    pub(crate) fn new(tx: Transaction<'static, Any>, permit: Option<WritePermit>) -> Self {
        Self {
            tx,
            _permit: permit,
        }
    }

    pub fn transaction(&mut self) -> &mut Transaction<'static, Any> {
        &mut self.tx
    }

    /// Commits, then lets the next writer in.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }

    /// Rolls back, then lets the next writer in.
    pub async fn rollback(self) -> Result<(), sqlx::Error> {
        self.tx.rollback().await
    }
}

impl Deref for WriteTransaction {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.tx
    }
}

impl DerefMut for WriteTransaction {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}

/// A single write statement outside a transaction, run in the writer's turn on SQLite:
/// `sqlx::query(…).bind(…).execute_write(&db)` in place of `.execute(&db.pool)`.
/// The file's one write turn, held until dropped (see [`Db::take_write_turn`]).
#[must_use = "the turn ends when it is dropped"]
pub struct WriteTurn(#[allow(dead_code)] Option<WritePermit>);

impl WriteTurn {
    pub(crate) fn new(permit: Option<WritePermit>) -> Self {
        Self(permit)
    }
}

pub trait ExecuteWrite {
    fn execute_write(
        self,
        db: &Db,
    ) -> impl Future<Output = Result<AnyQueryResult, sqlx::Error>> + Send;
}

impl<'q> ExecuteWrite for Query<'q, Any, AnyArguments<'q>> {
    async fn execute_write(self, db: &Db) -> Result<AnyQueryResult, sqlx::Error> {
        let _turn = db.write_turn().await?;
        self.execute(&db.pool).await
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use serde_json::json;

    use super::*;
    use crate::backend::AppendRequest;
    use crate::{EventMetadata, EventStore, NewEvent, StorageConfig};

    /// Long enough for a write that does not wait for the turn to have finished.
    const SETTLE: Duration = Duration::from_millis(300);

    async fn sqlite() -> (Db, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("ll_gate_{}", uuid::Uuid::new_v4().simple()));
        let db = Db::connect(&StorageConfig::embedded(&dir))
            .await
            .expect("open sqlite");
        (db, dir)
    }

    fn event() -> AppendRequest {
        AppendRequest::new(vec![NewEvent {
            aggregate_type: "Gate".into(),
            aggregate_id: "g1".into(),
            sequence: 1,
            event_type: "Opened".into(),
            event_version: "1".into(),
            payload: json!({}),
            metadata: EventMetadata::default().to_value(),
        }])
    }

    #[tokio::test]
    async fn a_second_writer_waits_for_the_first_to_commit() {
        let (db, dir) = sqlite().await;
        let first = db.begin_write().await.expect("first");
        let second = tokio::spawn({
            let db = db.clone();
            async move { db.begin_write().await.map(|_| ()) }
        });
        tokio::time::sleep(SETTLE).await;
        assert!(
            !second.is_finished(),
            "the second writer started beside the first"
        );
        first.commit().await.expect("commit");
        second.await.expect("task").expect("second writer");
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn the_log_writer_takes_its_turn_like_any_write_transaction() {
        let (db, dir) = sqlite().await;
        let store = EventStore::open(db.clone()).await.expect("store");
        let turn = db.write_turn().await.expect("turn");
        let append = tokio::spawn(async move { store.append(event()).await.map(|_| ()) });
        tokio::time::sleep(SETTLE).await;
        assert!(
            !append.is_finished(),
            "the append did not wait for the writer's turn"
        );
        drop(turn);
        append.await.expect("task").expect("append");
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn a_single_write_statement_takes_its_turn_too() {
        let (db, dir) = sqlite().await;
        sqlx::query("CREATE TABLE gate_test (n BIGINT)")
            .execute_write(&db)
            .await
            .expect("create");
        let turn = db.write_turn().await.expect("turn");
        let insert = tokio::spawn({
            let db = db.clone();
            async move {
                sqlx::query("INSERT INTO gate_test (n) VALUES (1)")
                    .execute_write(&db)
                    .await
                    .map(|_| ())
            }
        });
        tokio::time::sleep(SETTLE).await;
        assert!(
            !insert.is_finished(),
            "the statement did not wait for the writer's turn"
        );
        drop(turn);
        insert.await.expect("task").expect("insert");
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn a_writer_that_never_gets_its_turn_is_told_the_database_is_locked() {
        let gate = WriteGate::default();
        let _held = gate.enter(Duration::from_secs(1)).await.expect("first");
        let err = gate
            .enter(Duration::from_millis(20))
            .await
            .expect_err("the turn is held");
        assert!(err.to_string().contains("database is locked"), "{err}");
    }

    #[tokio::test]
    async fn a_taken_write_turn_holds_off_write_transactions_until_dropped() {
        let (db, dir) = sqlite().await;
        let turn = db.take_write_turn().await.expect("turn");
        let writer = tokio::spawn({
            let db = db.clone();
            async move { db.begin_write().await.map(|_| ()) }
        });
        tokio::time::sleep(SETTLE).await;
        assert!(
            !writer.is_finished(),
            "a write transaction started beside a taken turn"
        );
        drop(turn);
        writer.await.expect("task").expect("writer");
        db.close().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}
