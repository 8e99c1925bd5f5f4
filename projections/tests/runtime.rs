//! The projector runtime on both backends: crash safety, failure isolation, rebuild equals
//! live, and export → import → rebuild equals the original.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use projections::log_stats::LogStats;
use projections::{DeferredIndex, ProjectionError, ProjectionRuntime, Projector, ProjectorState};
use serde_json::json;
use sqlx::{Any, Row, Transaction};
use store::backend::AppendRequest;
use store::migrate::Migration;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventMetadata, EventStore, NewEvent, RecordedEvent};

/// Counts events per aggregate; fails on the event whose payload `n` equals `fail_at`
/// (while `fail_at` is set), in the middle of a batch.
struct Counter {
    fail_at: AtomicI64,
    /// Batches applied while the deferred index existed.
    batches_with_index: AtomicI64,
}

const COUNTER_SQL: &str = "CREATE TABLE test_counts (aggregate_id TEXT PRIMARY KEY, events BIGINT NOT NULL, total BIGINT NOT NULL)";
const COUNTER_INDEX: &str = "CREATE INDEX test_counts_total ON test_counts (total)";

#[async_trait]
impl Projector for Counter {
    fn name(&self) -> &'static str {
        "test_counter"
    }
    fn version(&self) -> i64 {
        1
    }
    fn migrations(&self) -> &'static [Migration] {
        &[
            Migration {
                version: 1,
                name: "test_counts",
                sqlite: COUNTER_SQL,
                postgres: COUNTER_SQL,
            },
            Migration {
                version: 2,
                name: "test_counts_total",
                sqlite: COUNTER_INDEX,
                postgres: COUNTER_INDEX,
            },
        ]
    }
    fn tables(&self) -> &'static [&'static str] {
        &["test_counts"]
    }
    fn deferred_indexes(&self) -> &'static [DeferredIndex] {
        &[DeferredIndex {
            name: "test_counts_total",
            create: COUNTER_INDEX,
        }]
    }
    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        if index_exists(tx, "test_counts_total").await {
            self.batches_with_index.fetch_add(1, Ordering::SeqCst);
        }
        for event in events.iter().filter(|e| e.aggregate_type == "Ledger") {
            let n = event.payload.value().unwrap_or_default()["n"]
                .as_i64()
                .unwrap_or(0);
            if n == self.fail_at.load(Ordering::SeqCst) {
                return Err(ProjectionError::at(
                    event,
                    format!("cannot apply event n={n}"),
                ));
            }
            sqlx::query(
                "INSERT INTO test_counts (aggregate_id, events, total) VALUES ($1, 1, $2) \
                 ON CONFLICT (aggregate_id) DO UPDATE SET events = test_counts.events + 1, total = test_counts.total + excluded.total",
            )
            .bind(&event.aggregate_id)
            .bind(n)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}

fn counter(fail_at: i64) -> Arc<Counter> {
    Arc::new(Counter {
        fail_at: AtomicI64::new(fail_at),
        batches_with_index: AtomicI64::new(0),
    })
}

/// Whether an index of that name exists, on either backend.
async fn index_exists(connection: &mut sqlx::AnyConnection, name: &str) -> bool {
    let sql = if connection.backend_name().eq_ignore_ascii_case("sqlite") {
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = $1"
    } else {
        "SELECT COUNT(*) FROM pg_indexes WHERE indexname = $1"
    };
    let count: i64 = sqlx::query_scalar(sql)
        .bind(name)
        .fetch_one(connection)
        .await
        .expect("index lookup");
    count == 1
}

/// Two workspaces' ids: events alternate between them (odd `n` in the second).
const WORKSPACES: [&str; 2] = [
    "0190f2a4-6b1e-7c3a-9d55-00000000000a",
    "0190f2a4-6b1e-7c3a-9d55-00000000000b",
];

async fn append_events(store: &EventStore, count: i64) {
    append_events_in(store, 1..=count, |n| {
        Some(WORKSPACES[(n % 2) as usize].to_owned())
    })
    .await;
}

/// Events of no workspace (the global chain), as organization and user events are.
async fn append_global_events(store: &EventStore, count: i64) {
    append_events_in(store, 1..=count, |_| None).await;
}

/// Events `n` of `numbers` (which continue where earlier calls stopped: each stream's
/// sequence follows from `n`).
async fn append_events_in(
    store: &EventStore,
    numbers: std::ops::RangeInclusive<i64>,
    workspace_of: impl Fn(i64) -> Option<String>,
) {
    for n in numbers {
        let stream = format!("s{}", n % 7);
        let seq = (n - 1) / 7 + 1;
        store
            .append(AppendRequest::new(vec![NewEvent {
                aggregate_type: "Ledger".into(),
                aggregate_id: stream,
                sequence: seq,
                event_type: if n % 3 == 0 {
                    "Credited".into()
                } else {
                    "Debited".into()
                },
                event_version: "1".into(),
                payload: json!({ "n": n }),
                metadata: EventMetadata {
                    workspace_id: workspace_of(n),
                    ..Default::default()
                }
                .to_value(),
            }]))
            .await
            .expect("append");
    }
}

async fn dump(db: &store::Db, sql: &str) -> Vec<Vec<String>> {
    let rows = sqlx::query(sql).fetch_all(&db.pool).await.expect("dump");
    rows.iter()
        .map(|row| {
            (0..row.len())
                .map(|i| {
                    row.try_get::<String, _>(i)
                        .or_else(|_| row.try_get::<i64, _>(i).map(|v| v.to_string()))
                        .unwrap_or_default()
                })
                .collect()
        })
        .collect()
}

const COUNTS: &str = "SELECT aggregate_id, events, total FROM test_counts ORDER BY aggregate_id";
const STATS: &str = "SELECT workspace_id, aggregate_type, event_type, events, last_position FROM read_log_stats ORDER BY 1, 2, 3";

async fn an_event_of_no_workspace_that_fails_stops_its_projector_until_a_restart(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    append_global_events(&store, 300).await;
    // On Postgres the gap-safe watermark can trail the commits while other tests hold
    // transactions open; the first batches must see all 150 events up to the failing one.
    store::testing::read_all_committed(&store).await;
    let failing = counter(150);
    let runtime = ProjectionRuntime::new(store.clone(), vec![failing.clone()]);
    runtime.prepare().await.expect("prepare");

    let first = runtime.catch_up("test_counter", 100, &|_| {}).await;

    assert!(first.is_err());
    let cp = runtime
        .checkpoint("test_counter")
        .await
        .expect("checkpoint");
    assert_eq!((cp.events, cp.state), (100, ProjectorState::Failed));
    assert_eq!(cp.error.as_deref(), Some("cannot apply event n=150"));
    let counted: i64 = dump(&t.db, COUNTS)
        .await
        .iter()
        .map(|r| r[1].parse::<i64>().unwrap_or(0))
        .sum();
    assert_eq!(counted, 100, "the failed batch must leave nothing behind");

    // Restart with the cause fixed: prepare() gives a failed projector another try.
    failing.fail_at.store(-1, Ordering::SeqCst);
    let restarted = ProjectionRuntime::new(store.clone(), vec![failing.clone()]);
    restarted.prepare().await.expect("prepare");
    restarted
        .catch_up("test_counter", 100, &|_| {})
        .await
        .expect("catch up");
    wait_all(&store, &restarted, 300).await;

    let rows = dump(&t.db, COUNTS).await;
    let events: i64 = rows.iter().map(|r| r[1].parse::<i64>().unwrap_or(0)).sum();
    let total: i64 = rows.iter().map(|r| r[2].parse::<i64>().unwrap_or(0)).sum();
    assert_eq!(events, 300);
    assert_eq!(total, (1..=300).sum::<i64>());
    t.cleanup().await;
}

/// Catch up until `expected` events are applied (the Postgres watermark may trail commits
/// while other tests' transactions are open).
async fn wait_all(_store: &EventStore, runtime: &ProjectionRuntime, expected: i64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    for name in runtime.names() {
        loop {
            runtime
                .catch_up(name, 1000, &|_| {})
                .await
                .expect("catch up");
            if runtime.checkpoint(name).await.expect("cp").events >= expected {
                break;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "projector {name} never caught up"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
}

/// A counter failing at `fail_at` and the log's statistics, projecting live.
struct Live {
    t: TestDatabase,
    store: EventStore,
    runtime: ProjectionRuntime,
    stop: tokio::sync::watch::Sender<bool>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Live {
    async fn start(backend: Backend, fail_at: i64) -> Self {
        let t = TestDatabase::new(backend).await;
        let store = EventStore::open(t.db.clone()).await.expect("open");
        let runtime =
            ProjectionRuntime::new(store.clone(), vec![counter(fail_at), Arc::new(LogStats)]);
        runtime.prepare().await.expect("prepare");
        let (stop, shutdown) = tokio::sync::watch::channel(false);
        let tasks = runtime.spawn(shutdown);
        Self {
            t,
            store,
            runtime,
            stop,
            tasks,
        }
    }

    async fn caught_up(&self) {
        self.runtime
            .wait_caught_up(Duration::from_secs(30))
            .await
            .expect("live caught up");
    }

    /// Stops the live task; the database, the store and the runtime stay.
    async fn stop(self) -> (TestDatabase, EventStore, ProjectionRuntime) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            let _ = tokio::time::timeout(Duration::from_secs(5), task).await;
        }
        (self.t, self.store, self.runtime)
    }
}

async fn a_failing_projector_stops_while_the_others_go_on(backend: Backend) {
    let live = Live::start(backend, 5).await;
    let runtime = &live.runtime;

    append_global_events(&live.store, 40).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let status = runtime.status().await.expect("status");
        let stats = status
            .iter()
            .find(|s| s.name == "log_stats")
            .expect("log_stats");
        let failed = status
            .iter()
            .find(|s| s.name == "test_counter")
            .expect("counter");
        if stats.events == 40 && failed.state == ProjectorState::Failed {
            assert_eq!(failed.error_position, Some(5));
            assert!(failed.lag > 0);
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "status never settled: {status:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (t, _, _) = live.stop().await;
    t.cleanup().await;
}

async fn checkpoint_row(db: &store::Db, name: &str) -> (i64, i64, i64) {
    let row =
        sqlx::query("SELECT tx, position, updated_at FROM projector_checkpoints WHERE name = $1")
            .bind(name)
            .fetch_one(&db.pool)
            .await
            .expect("checkpoint");
    (
        row.try_get("tx").expect("tx"),
        row.try_get("position").expect("position"),
        row.try_get("updated_at").expect("updated_at"),
    )
}

async fn live_projectors_take_each_page_together_in_one_transaction(backend: Backend) {
    let live = Live::start(backend, -1).await;

    append_events(&live.store, 60).await;
    live.caught_up().await;
    let (t, _, _) = live.stop().await;

    // One statement moved both checkpoints, at one instant, in the page's transaction.
    let counted_at = checkpoint_row(&t.db, "test_counter").await;
    let stats_at = checkpoint_row(&t.db, "log_stats").await;
    assert_eq!(counted_at, stats_at);
    assert_eq!(counted(&t.db).await, (60, (1..=60).sum::<i64>()));
    t.cleanup().await;
}

async fn live_a_projector_passing_a_workspace_by_goes_alone_while_the_others_go_on(
    backend: Backend,
) {
    let live = Live::start(backend, 150).await;

    append_events(&live.store, 300).await;
    live.caught_up().await;
    append_events_in(&live.store, 301..=310, |n| {
        Some(WORKSPACES[(n % 2) as usize].to_owned())
    })
    .await;
    live.caught_up().await;
    let (t, _, runtime) = live.stop().await;

    let status = runtime.status().await.expect("status");
    let counter_status = status
        .iter()
        .find(|s| s.name == "test_counter")
        .expect("counter");
    let stats_status = status
        .iter()
        .find(|s| s.name == "log_stats")
        .expect("stats");
    assert_eq!(counter_status.state, ProjectorState::Running);
    assert_eq!(counter_status.quarantined.len(), 1, "{status:?}");
    assert_eq!(counter_status.quarantined[0].workspace_id, WORKSPACES[0]);
    assert!(stats_status.quarantined.is_empty(), "{status:?}");
    assert_eq!((counter_status.lag, stats_status.lag), (0, 0));
    // The other workspace (odd n) was applied to the end; the set-aside one (even n)
    // stopped before its event n = 150.
    let rows = dump(&t.db, COUNTS).await;
    let counted_total: i64 = rows
        .iter()
        .map(|r| r[2].parse::<i64>().expect("total"))
        .sum();
    let odd: i64 = (1..=310).filter(|n| n % 2 == 1).sum();
    let even_before: i64 = (2..150).step_by(2).sum();
    assert!(
        counted_total >= odd && counted_total <= odd + even_before,
        "counted {counted_total}"
    );
    // The set-aside projector took its pages alone: its checkpoint moved apart.
    assert_ne!(
        checkpoint_row(&t.db, "test_counter").await.2,
        checkpoint_row(&t.db, "log_stats").await.2
    );
    t.cleanup().await;
}

async fn rebuilding_gives_the_same_tables_as_live_processing(backend: Backend) {
    let live = Live::start(backend, -1).await;
    append_events(&live.store, 250).await;
    live.caught_up().await;
    let (t, store, runtime) = live.stop().await;
    let live = (dump(&t.db, COUNTS).await, dump(&t.db, STATS).await);

    for name in runtime.names() {
        runtime.rebuild(name, &|_| {}).await.expect("rebuild");
    }
    wait_all(&store, &runtime, 250).await;
    let rebuilt = (dump(&t.db, COUNTS).await, dump(&t.db, STATS).await);

    assert_eq!(live.0.len(), 7);
    assert!(!live.1.is_empty());
    assert_eq!(live, rebuilt);
    if backend == Backend::Postgres {
        // The rebuilt tables were analyzed at once, not left to autovacuum.
        let analyzed: Option<i64> = sqlx::query_scalar(
            "SELECT CAST(COUNT(*) AS BIGINT) FROM pg_stat_user_tables \
             WHERE relname = 'read_log_stats' AND last_analyze IS NOT NULL",
        )
        .fetch_optional(&t.db.pool)
        .await
        .expect("statistics");
        assert_eq!(analyzed, Some(1));
    }
    t.cleanup().await;
}

async fn a_rebuild_loads_without_its_deferred_indexes_and_builds_them_after(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let projector = counter(-1);
    let runtime = ProjectionRuntime::new(store.clone(), vec![projector.clone()]);
    runtime.prepare().await.expect("prepare");
    append_events(&store, 30).await;
    readable(&store, 30).await;

    runtime
        .rebuild("test_counter", &|_| {})
        .await
        .expect("rebuild");

    assert_eq!(projector.batches_with_index.load(Ordering::SeqCst), 0);
    let mut connection = t.db.pool.acquire().await.expect("connection");
    assert!(index_exists(&mut connection, "test_counts_total").await);
    drop(connection);
    t.cleanup().await;
}

async fn a_rebuild_that_fails_midway_still_leaves_its_indexes_built(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let runtime = ProjectionRuntime::new(store.clone(), vec![counter(12)]);
    runtime.prepare().await.expect("prepare");
    append_global_events(&store, 30).await;
    readable(&store, 30).await;

    let failed = runtime.rebuild("test_counter", &|_| {}).await;

    assert!(failed.is_err(), "the event n=12 cannot be applied");
    let mut connection = t.db.pool.acquire().await.expect("connection");
    assert!(index_exists(&mut connection, "test_counts_total").await);
    drop(connection);
    t.cleanup().await;
}

/// Waits until the log reads `count` events: on Postgres a commit can stay briefly below
/// the gap-safe watermark, and a replay started then ends early.
async fn readable(store: &EventStore, count: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while store
        .read_log(store::Cursor::START, count as i64)
        .await
        .expect("read log")
        .len()
        < count
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the log never showed {count} events"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn a_start_puts_back_an_index_a_cut_off_rebuild_left_dropped(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let runtime = ProjectionRuntime::new(store.clone(), vec![counter(-1)]);
    runtime.prepare().await.expect("prepare");
    sqlx::query("DROP INDEX test_counts_total")
        .execute(&t.db.pool)
        .await
        .expect("drop");

    runtime.prepare().await.expect("prepare again");

    let mut connection = t.db.pool.acquire().await.expect("connection");
    assert!(index_exists(&mut connection, "test_counts_total").await);
    drop(connection);
    t.cleanup().await;
}

async fn export_then_import_then_rebuild_equals_the_original(backend: Backend) {
    let source = TestDatabase::new(backend).await;
    let store = EventStore::open(source.db.clone()).await.expect("open");
    append_events(&store, 120).await;
    let runtime = ProjectionRuntime::new(store.clone(), vec![counter(-1), Arc::new(LogStats)]);
    runtime.prepare().await.expect("prepare");
    wait_all(&store, &runtime, 120).await;
    let original = (
        dump(&source.db, COUNTS).await,
        dump(&source.db, STATS).await,
    );
    let mut exported = Vec::new();
    let written = store::transfer::export(&store, &mut exported)
        .await
        .expect("export");
    assert_eq!(written, 120);

    let target = TestDatabase::new(backend).await;
    let imported_store = EventStore::open(target.db.clone())
        .await
        .expect("open target");
    let imported = store::transfer::import(&imported_store, &mut exported.as_slice(), &|_| {})
        .await
        .expect("import");
    let runtime = ProjectionRuntime::new(
        imported_store.clone(),
        vec![counter(-1), Arc::new(LogStats)],
    );
    runtime.prepare().await.expect("prepare");
    for name in runtime.names() {
        runtime.rebuild(name, &|_| {}).await.expect("rebuild");
    }
    wait_all(&imported_store, &runtime, 120).await;

    assert_eq!(imported, 120);
    assert_eq!(
        original,
        (
            dump(&target.db, COUNTS).await,
            dump(&target.db, STATS).await
        )
    );
    let heads = |s: &EventStore| {
        let s = s.clone();
        async move { s.log().chain_heads().await.expect("heads") }
    };
    let source_heads: Vec<_> = heads(&store)
        .await
        .into_iter()
        .map(|h| (h.chain, h.event_count, h.head_hash))
        .collect();
    let target_heads: Vec<_> = heads(&imported_store)
        .await
        .into_iter()
        .map(|h| (h.chain, h.event_count, h.head_hash))
        .collect();
    assert_eq!(
        source_heads, target_heads,
        "hash chains must survive export and import"
    );
    source.cleanup().await;
    target.cleanup().await;
}

async fn importing_an_altered_export_is_refused_with_its_line(backend: Backend) {
    let source = TestDatabase::new(backend).await;
    let store = EventStore::open(source.db.clone()).await.expect("open");
    append_events(&store, 5).await;
    let mut exported = Vec::new();
    store::transfer::export(&store, &mut exported)
        .await
        .expect("export");
    let text = String::from_utf8(exported)
        .expect("utf8")
        .replacen("\"n\":3", "\"n\":333", 1);

    let target = TestDatabase::new(backend).await;
    let target_store = EventStore::open(target.db.clone()).await.expect("open");
    let result = store::transfer::import(&target_store, &mut text.as_bytes(), &|_| {}).await;

    assert!(
        matches!(
            result,
            Err(store::transfer::TransferError::Line { line: 3, .. })
        ),
        "{result:?}"
    );
    source.cleanup().await;
    target.cleanup().await;
}

/// Events counted and their total, over every aggregate.
async fn counted(db: &store::Db) -> (i64, i64) {
    let rows = dump(db, COUNTS).await;
    let events = rows.iter().map(|r| r[1].parse::<i64>().unwrap_or(0)).sum();
    let total = rows.iter().map(|r| r[2].parse::<i64>().unwrap_or(0)).sum();
    (events, total)
}

/// The `ReadModel` facts recorded in the log, as (event type, workspace).
async fn read_model_facts(store: &EventStore) -> Vec<(String, String)> {
    store::testing::read_all_committed(store)
        .await
        .into_iter()
        .filter(|e| e.aggregate_type == event_schemas::read_model::AGGREGATE_TYPE)
        .map(|e| (e.event_type.clone(), e.chain.clone()))
        .collect()
}

async fn an_event_that_cannot_be_applied_sets_only_its_workspace_aside(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    append_events(&store, 300).await;
    store::testing::read_all_committed(&store).await;
    let runtime = ProjectionRuntime::new(store.clone(), vec![counter(150)]);
    runtime.prepare().await.expect("prepare");

    runtime
        .catch_up("test_counter", 100, &|_| {})
        .await
        .expect("the projector goes on");
    wait_all(&store, &runtime, 300).await;

    let cp = runtime
        .checkpoint("test_counter")
        .await
        .expect("checkpoint");
    assert_eq!(cp.state, ProjectorState::Running);
    // n = 150 is in the first workspace (even n), in the page 101..=200: that workspace
    // is passed by from its first event of the page (102), the other one entirely applied.
    let (events, total) = counted(&t.db).await;
    let even_passed: i64 = (102..=300).step_by(2).sum();
    assert_eq!(events, 300 - 100);
    assert_eq!(total, (1..=300).sum::<i64>() - even_passed);
    let status = runtime.status().await.expect("status");
    let quarantined = &status[0].quarantined;
    assert_eq!(quarantined.len(), 1, "{status:?}");
    assert_eq!(quarantined[0].workspace_id, WORKSPACES[0]);
    assert_eq!(quarantined[0].failed_position, 150);
    assert_eq!(quarantined[0].error, "cannot apply event n=150");
    assert_eq!(
        read_model_facts(&store).await,
        vec![("ReadModelQuarantined".to_owned(), WORKSPACES[0].to_owned())]
    );
    t.cleanup().await;
}

async fn a_set_aside_workspace_is_caught_up_once_its_events_apply(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    append_events(&store, 300).await;
    store::testing::read_all_committed(&store).await;
    let failing = counter(150);
    let runtime = ProjectionRuntime::new(store.clone(), vec![failing.clone()]);
    runtime.prepare().await.expect("prepare");
    wait_all(&store, &runtime, 300).await;
    assert_eq!(
        runtime.status().await.expect("status")[0].quarantined.len(),
        1
    );

    // A new build handles the event: at start-up the workspace is caught up.
    failing.fail_at.store(-1, Ordering::SeqCst);
    let restarted = ProjectionRuntime::new(store.clone(), vec![failing.clone()]);
    restarted.prepare().await.expect("prepare");
    append_events_in(&store, 301..=310, |n| {
        Some(WORKSPACES[(n % 2) as usize].to_owned())
    })
    .await;
    wait_all(&store, &restarted, 312).await;

    let (events, total) = counted(&t.db).await;
    assert_eq!(events, 310);
    assert_eq!(total, (1..=310).sum::<i64>());
    assert!(restarted.status().await.expect("status")[0]
        .quarantined
        .is_empty());
    assert_eq!(
        read_model_facts(&store).await,
        vec![
            ("ReadModelQuarantined".to_owned(), WORKSPACES[0].to_owned()),
            ("ReadModelRestored".to_owned(), WORKSPACES[0].to_owned()),
        ]
    );
    t.cleanup().await;
}

async fn a_fault_in_many_workspaces_stops_the_projector_itself(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let workspaces = projections::quarantine::QUARANTINES_PER_PROJECTOR_MAX as i64 + 4;
    append_events_in(&store, 1..=workspaces, |n| {
        Some(format!("0190f2a4-6b1e-7c3a-9d55-{n:012}"))
    })
    .await;
    store::testing::read_all_committed(&store).await;
    // Fails on every event: a bug of the projector, not of any one workspace.
    let broken = ProjectionRuntime::new(store.clone(), vec![Arc::new(FailsAll)]);
    broken.prepare().await.expect("prepare");

    let result = broken.catch_up("fails_all", 100, &|_| {}).await;

    assert!(result.is_err());
    let status = broken.status().await.expect("status");
    let fails_all = status
        .iter()
        .find(|s| s.name == "fails_all")
        .expect("status");
    assert_eq!(fails_all.state, ProjectorState::Failed);
    assert_eq!(
        fails_all.quarantined.len(),
        projections::quarantine::QUARANTINES_PER_PROJECTOR_MAX
    );
    t.cleanup().await;
}

/// A projector that cannot apply any event.
struct FailsAll;

#[async_trait]
impl Projector for FailsAll {
    fn name(&self) -> &'static str {
        "fails_all"
    }
    fn version(&self) -> i64 {
        1
    }
    fn migrations(&self) -> &'static [Migration] {
        &[]
    }
    fn tables(&self) -> &'static [&'static str] {
        &[]
    }
    async fn apply_batch(
        &self,
        _tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        match events.iter().find(|e| e.aggregate_type == "Ledger") {
            Some(event) => Err(ProjectionError::at(event, "always fails")),
            None => Ok(()),
        }
    }
}

/// Analyzes the counter's tables as the runtime finds them due, waiting for Postgres to
/// publish the writes' counts (a backend flushes them within seconds of its commits).
async fn statistics_refreshed_within(runtime: &ProjectionRuntime, wait: Duration) -> Vec<String> {
    let deadline = std::time::Instant::now() + wait;
    loop {
        let analyzed = runtime
            .refresh_statistics("test_counter")
            .await
            .expect("refresh statistics");
        if !analyzed.is_empty() || std::time::Instant::now() >= deadline {
            return analyzed;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// A counter that has applied 120 events (120 writes to its table).
async fn counted_120_events(backend: Backend) -> (TestDatabase, ProjectionRuntime) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let runtime = ProjectionRuntime::new(store.clone(), vec![counter(-1)]);
    runtime.prepare().await.expect("prepare");
    append_events(&store, 120).await;
    readable(&store, 120).await;
    runtime
        .catch_up("test_counter", 1_000, &|_| {})
        .await
        .expect("catch up");
    (t, runtime)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_read_model_changed_by_more_than_a_tenth_is_analyzed_again() {
    let (t, runtime) = counted_120_events(Backend::Postgres).await;

    let analyzed = statistics_refreshed_within(&runtime, Duration::from_secs(30)).await;

    assert_eq!(analyzed, vec!["test_counts".to_owned()]);
    let (analyses,): (i64,) = sqlx::query_as(
        "SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'test_counts'",
    )
    .fetch_one(&t.db.pool)
    .await
    .expect("analyses");
    assert!(analyses >= 1, "analyzed {analyses} times");
    t.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_sqlite_no_statistics_are_refreshed() {
    let (t, runtime) = counted_120_events(Backend::Sqlite).await;

    assert!(statistics_refreshed_within(&runtime, Duration::ZERO)
        .await
        .is_empty());
    t.cleanup().await;
}

backend_tests!(
    an_event_of_no_workspace_that_fails_stops_its_projector_until_a_restart,
    an_event_that_cannot_be_applied_sets_only_its_workspace_aside,
    a_set_aside_workspace_is_caught_up_once_its_events_apply,
    a_fault_in_many_workspaces_stops_the_projector_itself,
    a_failing_projector_stops_while_the_others_go_on,
    live_projectors_take_each_page_together_in_one_transaction,
    live_a_projector_passing_a_workspace_by_goes_alone_while_the_others_go_on,
    rebuilding_gives_the_same_tables_as_live_processing,
    a_rebuild_loads_without_its_deferred_indexes_and_builds_them_after,
    a_rebuild_that_fails_midway_still_leaves_its_indexes_built,
    a_start_puts_back_an_index_a_cut_off_rebuild_left_dropped,
    export_then_import_then_rebuild_equals_the_original,
    importing_an_altered_export_is_refused_with_its_line,
);
