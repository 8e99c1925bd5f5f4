//! Event store benchmark (run through `scripts/bench/eventstore`): append throughput with
//! one event per command from concurrent writers (group commit) and with batches of 100,
//! raw log read rate, and a projector's replay rate over the whole log.
//!
//! Usage: bench_eventstore [sqlite|postgres|both] [replay_events]

use std::sync::Arc;
use std::time::Instant;

use projections::log_stats::LogStats;
use projections::ProjectionRuntime;
use serde_json::json;
use store::backend::{AppendRequest, EncodedRequest};
use store::testing::TestDatabase;
use store::{Backend, Cursor, EventMetadata, EventStore, NewEvent};

const WRITERS: usize = 32;
const SINGLE_COMMANDS: usize = 64_000;
/// Events per stream in the single-event phase.
const SINGLE_STREAM_EVENTS: usize = 50;
const BATCH_COMMANDS: usize = 2_000;
const BATCH_EVENTS: usize = 100;
const WORKSPACES: usize = 8;

/// The `sequence`-th event of `stream`, which belongs to workspace `workspace` (as every
/// aggregate belongs to one workspace, and so its events to one hash chain).
fn event(stream: &str, workspace: usize, sequence: i64, n: usize) -> NewEvent {
    NewEvent {
        aggregate_type: "JournalEntry".into(),
        aggregate_id: stream.to_owned(),
        sequence,
        event_type: "LinePosted".into(),
        event_version: "1".into(),
        payload: json!({ "account_id": format!("acc-{}", n % 500), "debit": format!("{}.{:02}", n % 10_000, n % 100), "memo": "benchmark posting" }),
        metadata: EventMetadata {
            actor_id: Some("bench".into()),
            workspace_id: Some(format!("ws-{workspace}")),
            ..Default::default()
        }
        .to_value(),
    }
}

/// Appends every writer's commands from `WRITERS` concurrent tasks; events/s. The commands
/// are built before the clock starts: on two cores, building them inside the timed loop
/// would measure the load generator's JSON and string work along with the store.
async fn append_from_writers(store: &EventStore, commands: Vec<Vec<AppendRequest>>) -> f64 {
    let events: usize = commands.iter().flatten().map(|c| c.events.len()).sum();
    let started = Instant::now();
    let tasks: Vec<_> = commands
        .into_iter()
        .map(|writer| {
            let store = store.clone();
            tokio::spawn(async move {
                for command in writer {
                    store.append(command).await.expect("append");
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.expect("writer");
    }
    events as f64 / started.elapsed().as_secs_f64()
}

/// `count` commands of `per_command` events each, split over the writers. Each writer's
/// events fill its streams (`{prefix}-{writer}-{n}`) `per_stream` at a time, a multiple of
/// `per_command`, so every command appends to one stream.
fn commands(
    prefix: &str,
    count: usize,
    per_command: usize,
    per_stream: usize,
) -> Vec<Vec<AppendRequest>> {
    (0..WRITERS)
        .map(|w| {
            (0..count / WRITERS)
                .map(|i| {
                    let events = (0..per_command).map(|k| {
                        let n = i * per_command + k;
                        let stream = format!("{prefix}-{w}-{}", n / per_stream);
                        event(&stream, w % WORKSPACES, (n % per_stream) as i64 + 1, n)
                    });
                    AppendRequest::new(events.collect())
                })
                .collect()
        })
        .collect()
}

/// Fills the log up to `target` events with large multi-command transactions.
async fn fill(store: &EventStore, target: i64) {
    let mut have = store.log().event_count().await.expect("count");
    let mut stream_no = 0;
    while have < target {
        let requests: Vec<EncodedRequest> = (0..50)
            .map(|_| {
                stream_no += 1;
                let stream = format!("fill-{stream_no}");
                EncodedRequest::new(AppendRequest::new(
                    (0..BATCH_EVENTS)
                        .map(|k| {
                            let n = stream_no * BATCH_EVENTS + k;
                            event(&stream, stream_no % WORKSPACES, k as i64 + 1, n)
                        })
                        .collect(),
                ))
            })
            .collect();
        store
            .log()
            .append_all(Arc::new(requests))
            .await
            .expect("fill");
        have += (50 * BATCH_EVENTS) as i64;
    }
}

async fn read_rate(store: &EventStore) -> (i64, f64) {
    let started = Instant::now();
    let mut cursor = Cursor::START;
    let mut read = 0;
    loop {
        let page = store.read_log(cursor, 10_000).await.expect("read");
        let Some(last) = page.last() else { break };
        cursor = last.cursor();
        read += page.len() as i64;
    }
    (read, read as f64 / started.elapsed().as_secs_f64())
}

async fn run(backend: Backend, replay_events: i64) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let name = if backend == Backend::Sqlite {
        "sqlite"
    } else {
        "postgres"
    };

    let single = append_from_writers(
        &store,
        commands("single", SINGLE_COMMANDS, 1, SINGLE_STREAM_EVENTS),
    )
    .await;
    println!("{name:<9} append, 1 event/command, {WRITERS} writers: {single:>12.0} events/s");
    let batched = append_from_writers(
        &store,
        commands("batch", BATCH_COMMANDS, BATCH_EVENTS, BATCH_EVENTS),
    )
    .await;
    println!("{name:<9} append, {BATCH_EVENTS} events/command, {WRITERS} writers: {batched:>10.0} events/s");

    fill(&store, replay_events).await;
    let (read, rate) = read_rate(&store).await;
    println!("{name:<9} log read ({read} events, pages of 10000): {rate:>12.0} events/s");

    let runtime = ProjectionRuntime::new(store.clone(), vec![Arc::new(LogStats)]);
    runtime.prepare().await.expect("prepare");
    let started = Instant::now();
    let applied = runtime
        .rebuild("log_stats", &|_| {})
        .await
        .expect("rebuild");
    let rate = applied as f64 / started.elapsed().as_secs_f64();
    println!("{name:<9} projector replay (log_stats, {applied} events): {rate:>8.0} events/s");
    t.cleanup().await;
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("both", String::as_str);
    let replay_events: i64 = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    if matches!(which, "sqlite" | "both") {
        run(Backend::Sqlite, replay_events).await;
    }
    if matches!(which, "postgres" | "both") {
        run(Backend::Postgres, replay_events).await;
    }
}
