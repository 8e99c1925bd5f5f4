//! The relay against the real NATS server (127.0.0.1:4222, or `TEST_NATS_URL`) on both
//! storage backends: every event once, in log order, across kills and restarts; and
//! cross-node wake-ups. Each test uses its own stream and subject prefix and deletes the
//! stream when done (even when it fails).

use std::time::Duration;

use async_nats::jetstream::{self, consumer::pull::OrderedConfig};
use futures::StreamExt;
use relay::stream::cursor_from_headers;
use relay::{checkpoint, listen_for_commits, Fault, Relay, RelayConfig, RelayError};
use serde_json::json;
use store::backend::AppendRequest;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, Cursor, EventMetadata, EventStore, NewEvent, RecordedEvent};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Long enough for a loaded 2-core machine and a Postgres watermark held back by other tests.
const WAIT: Duration = Duration::from_secs(90);

/// Logs for failing tests: `RUST_LOG=relay=debug cargo test -p relay -- --nocapture`.
fn init_tracing() {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_test_writer()
        .try_init();
}

fn nats_url() -> String {
    std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".to_owned())
}

async fn nats() -> async_nats::Client {
    async_nats::connect(nats_url())
        .await
        .expect("connect to NATS (is it running on 127.0.0.1:4222?)")
}

/// A unique stream and subject prefix, deleted from the server when dropped.
struct TestStream {
    name: String,
}

impl TestStream {
    fn new() -> Self {
        Self {
            name: format!("ltest_{}", uuid::Uuid::new_v4().simple()),
        }
    }

    fn config(&self) -> RelayConfig {
        RelayConfig {
            stream_name: self.name.clone(),
            subject_prefix: self.name.clone(),
            ..RelayConfig::new(nats_url())
        }
    }
}

impl Drop for TestStream {
    fn drop(&mut self) {
        // Drop cannot await, and may run while a test panics: delete on a thread of its own.
        let name = self.name.clone();
        let deleted = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async {
                if let Ok(client) = async_nats::connect(nats_url()).await {
                    let _ = jetstream::new(client).delete_stream(&name).await;
                }
            });
        })
        .join();
        if deleted.is_err() {
            eprintln!("could not delete test stream {}", self.name);
        }
    }
}

/// A TCP proxy in front of NATS whose connections the test can cut at will: what a network
/// blip or a NATS failover does to the relay, including messages lost in flight while later
/// ones go out on the reconnected connection.
struct CuttableProxy {
    url: String,
    cuts: watch::Sender<u64>,
    accept: JoinHandle<()>,
}

impl CuttableProxy {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind proxy");
        let url = format!("nats://{}", listener.local_addr().expect("proxy address"));
        let upstream = nats_url().trim_start_matches("nats://").to_owned();
        let (cuts, cut) = watch::channel(0_u64);
        let accept = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let upstream = upstream.clone();
                let mut cut = cut.clone();
                cut.borrow_and_update();
                tokio::spawn(async move {
                    let Ok(mut server) = tokio::net::TcpStream::connect(&upstream).await else {
                        return;
                    };
                    // Returning drops both sockets: the connection is cut, with whatever
                    // was buffered in between.
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Self { url, cuts, accept }
    }

    fn cut_all_connections(&self) {
        self.cuts.send_modify(|n| *n += 1);
    }
}

impl Drop for CuttableProxy {
    fn drop(&mut self) {
        self.accept.abort();
        self.cut_all_connections();
    }
}

/// One relayed message as read back from the stream.
#[derive(Debug)]
struct Relayed {
    subject: String,
    message_id: String,
    cursor: Option<Cursor>,
    event: RecordedEvent,
}

fn event(aggregate_id: &str, sequence: i64, workspace: Option<&str>, n: i64) -> NewEvent {
    NewEvent {
        aggregate_type: "Ledger".into(),
        aggregate_id: aggregate_id.into(),
        sequence,
        event_type: if n % 2 == 0 {
            "AmountRecorded".into()
        } else {
            "AmountReversed".into()
        },
        event_version: "1".into(),
        payload: json!({ "amount": format!("{n}.00"), "n": n }),
        metadata: EventMetadata {
            actor_id: Some("user-1".into()),
            workspace_id: workspace.map(str::to_owned),
            ..Default::default()
        }
        .to_value(),
    }
}

/// Appends `commands` commands of `events_per_command` events each, on fresh streams named
/// after `tag`, spread over two workspaces and the global chain.
async fn append_events(store: &EventStore, tag: &str, commands: usize, events_per_command: i64) {
    for c in 0..commands {
        let workspace = match c % 3 {
            0 => Some("ws-a"),
            1 => Some("ws.b c"),
            _ => None,
        };
        let stream = format!("{tag}-{c}");
        let events = (1..=events_per_command)
            .map(|seq| event(&stream, seq, workspace, c as i64 * 100 + seq))
            .collect();
        store
            .append(AppendRequest::new(events))
            .await
            .expect("append");
    }
}

/// The whole committed log (waits until the Postgres watermark shows every commit).
async fn read_all(store: &EventStore) -> Vec<RecordedEvent> {
    let committed = store.log().event_count().await.expect("count");
    let mut all: Vec<RecordedEvent> = Vec::new();
    let mut cursor = Cursor::START;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let page = store.read_log(cursor, 1000).await.expect("read log");
        match page.last() {
            Some(last) => cursor = last.cursor(),
            None if all.len() as i64 >= committed => {
                assert!(
                    all.windows(2).all(|w| w[0].cursor() < w[1].cursor()),
                    "read_all: cursors not increasing"
                );
                assert_eq!(
                    all.len() as i64,
                    committed,
                    "read_all: more events than committed"
                );
                return all;
            }
            None => {
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "committed events never became readable"
                );
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        all.extend(page);
    }
}

fn spawn_relay(
    store: &EventStore,
    config: RelayConfig,
) -> (watch::Sender<bool>, JoinHandle<Result<(), RelayError>>) {
    let (stop, shutdown) = watch::channel(false);
    let handle = tokio::spawn(Relay::run(store.clone(), config, shutdown));
    (stop, handle)
}

async fn stop_relay(stop: watch::Sender<bool>, handle: JoinHandle<Result<(), RelayError>>) {
    stop.send(true).expect("relay still listening");
    tokio::time::timeout(WAIT, handle)
        .await
        .expect("relay stops on shutdown")
        .expect("relay task")
        .expect("relay ends cleanly");
}

/// Waits until the relay's checkpoint reaches `target`.
async fn wait_for_checkpoint(store: &EventStore, name: &str, target: Cursor) {
    // The relay may not have created its table yet; migrations are idempotent and serialized.
    checkpoint::migrate(store.db()).await.expect("migrate");
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let at = checkpoint::load(store.db(), name)
            .await
            .expect("read the relay checkpoint");
        if at >= target {
            assert_eq!(at, target, "checkpoint beyond the log");
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "relay checkpoint stuck at {at:?}, want {target:?}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

async fn stream_message_count(js: &jetstream::Context, name: &str) -> u64 {
    match js.get_stream(name).await {
        Ok(stream) => stream
            .get_info()
            .await
            .map_or(0, |info| info.state.messages),
        Err(_) => 0,
    }
}

/// Every message in the stream, in stream order, read with an ordered pull consumer.
async fn read_stream(js: &jetstream::Context, name: &str) -> Vec<Relayed> {
    let stream = js.get_stream(name).await.expect("stream exists");
    let count = stream.get_info().await.expect("info").state.messages;
    let consumer = stream
        .create_consumer(OrderedConfig::default())
        .await
        .expect("ordered consumer");
    let mut messages = consumer.messages().await.expect("messages");
    let mut out = Vec::new();
    while (out.len() as u64) < count {
        let message = tokio::time::timeout(WAIT, messages.next())
            .await
            .expect("message in time")
            .expect("stream continues")
            .expect("message");
        let headers = message.headers.clone().unwrap_or_default();
        out.push(Relayed {
            subject: message.subject.to_string(),
            message_id: headers
                .get(async_nats::header::NATS_MESSAGE_ID)
                .map(|v| v.as_str().to_owned())
                .unwrap_or_default(),
            cursor: cursor_from_headers(&headers),
            event: serde_json::from_slice(&message.payload).expect("payload is a RecordedEvent"),
        });
    }
    out
}

fn expected_subject(prefix: &str, event: &RecordedEvent) -> String {
    let workspace = match event.workspace_id() {
        Some("ws-a") => "ws-a",
        Some("ws.b c") => "ws_b_c",
        None => "global",
        Some(other) => panic!("unexpected workspace {other}"),
    };
    format!(
        "{prefix}.{workspace}.{}.{}",
        event.aggregate_type, event.event_type
    )
}

fn assert_exactly_once_in_order(relayed: &[Relayed], log: &[RecordedEvent]) {
    let relayed_ids: Vec<&str> = relayed.iter().map(|m| m.message_id.as_str()).collect();
    let log_ids: Vec<String> = log.iter().map(|e| e.global_position.to_string()).collect();
    let mut seen = std::collections::HashSet::new();
    let repeated: Vec<&str> = relayed_ids
        .iter()
        .copied()
        .filter(|id| !seen.insert(*id))
        .collect();
    let missing: Vec<&String> = log_ids
        .iter()
        .filter(|id| !seen.contains(id.as_str()))
        .collect();
    assert!(
        repeated.is_empty() && missing.is_empty() && relayed.len() == log.len(),
        "the stream holds {} messages for {} events; {} repeated {:?}, {} missing {:?}; \
         log starts {:?}, ends {:?}",
        relayed.len(),
        log.len(),
        repeated.len(),
        repeated.iter().take(10).collect::<Vec<_>>(),
        missing.len(),
        missing.iter().take(10).collect::<Vec<_>>(),
        log.iter()
            .take(3)
            .map(RecordedEvent::cursor)
            .collect::<Vec<_>>(),
        log.iter()
            .rev()
            .take(3)
            .map(RecordedEvent::cursor)
            .collect::<Vec<_>>(),
    );
    assert_eq!(relayed_ids, log_ids, "stream order differs from log order");
    for (message, event) in relayed.iter().zip(log) {
        assert_eq!(message.cursor, Some(event.cursor()));
        assert_eq!(&message.event, event);
    }
}

// ---------------------------------------------------------------------------------------

async fn the_relay_publishes_every_event_once_in_log_order_with_subjects_and_message_ids(
    backend: Backend,
) {
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "before", 30, 2).await;

    let (stop, relay) = spawn_relay(
        &store,
        RelayConfig {
            batch_size: 7,
            ..ts.config()
        },
    );
    // Some events arrive while the relay is live, not only during catch-up.
    append_events(&store, "live", 20, 1).await;
    let log = read_all(&store).await;
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;

    let relayed = read_stream(&js, &ts.name).await;
    assert_eq!(log.len(), 80);
    assert_exactly_once_in_order(&relayed, &log);
    for (message, event) in relayed.iter().zip(&log) {
        assert_eq!(message.subject, expected_subject(&ts.name, event));
    }
    let info = js
        .get_stream(&ts.name)
        .await
        .expect("stream")
        .get_info()
        .await
        .expect("info");
    assert_eq!(info.config.subjects, vec![format!("{}.>", ts.name)]);
    assert_eq!(info.config.duplicate_window, Duration::from_secs(600));
    t.cleanup().await;
}

async fn killing_the_relay_while_it_publishes_and_restarting_it_leaves_each_event_once_in_order(
    backend: Backend,
) {
    const COMMANDS: usize = 400;
    const EVENTS_PER_COMMAND: i64 = 10;
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "bulk", COMMANDS, EVENTS_PER_COMMAND).await;
    let total = (COMMANDS as u64) * EVENTS_PER_COMMAND as u64;
    let config = RelayConfig {
        batch_size: 200,
        ..ts.config()
    };

    // Kill it (abort its task, dropping its connection and in-flight publishes) once a few
    // hundred events are in the stream: most likely in the middle of a batch, published but
    // not checkpointed.
    let (_stop, relay) = spawn_relay(&store, config.clone());
    let deadline = tokio::time::Instant::now() + WAIT;
    while stream_message_count(&js, &ts.name).await < 275 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "relay never started"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    relay.abort();
    let _ = relay.await;
    let at_kill = stream_message_count(&js, &ts.name).await;
    let checkpoint_at_kill = checkpoint::load(store.db(), &ts.name)
        .await
        .expect("checkpoint");
    // Commits made while the relay is down are relayed after the restart.
    append_events(&store, "while-down", 10, 1).await;
    let log = read_all(&store).await;
    let (stop, relay) = spawn_relay(&store, config);
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;

    eprintln!(
        "killed with {at_kill} of {total} events in the stream, checkpoint {checkpoint_at_kill:?}"
    );
    assert!(at_kill < total, "the relay finished before it was killed");
    let relayed = read_stream(&js, &ts.name).await;
    assert_exactly_once_in_order(&relayed, &log);
    t.cleanup().await;
}

async fn cutting_the_connection_while_publishing_loses_repeats_and_reorders_nothing(
    backend: Backend,
) {
    const CUTS: u64 = 5;
    const EVENTS: u64 = 4_000;
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "bulk", 400, 10).await;
    let log = read_all(&store).await;
    let proxy = CuttableProxy::start().await;
    let (stop, relay) = spawn_relay(
        &store,
        RelayConfig {
            nats_url: proxy.url.clone(),
            batch_size: 500,
            // Acks lost with a cut connection should not stall the test for long.
            ack_timeout: Duration::from_secs(1),
            ..ts.config()
        },
    );

    // Cut every connection each time the relay has made some progress, so cuts land in
    // the middle of pipelined publishes.
    for cut in 1..=CUTS {
        let deadline = tokio::time::Instant::now() + WAIT;
        while stream_message_count(&js, &ts.name).await < cut * EVENTS / (CUTS + 2) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "no progress after cut {cut}"
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        proxy.cut_all_connections();
    }
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;

    assert_exactly_once_in_order(&read_stream(&js, &ts.name).await, &log);
    t.cleanup().await;
}

async fn a_crash_between_publishing_and_checkpointing_republishes_without_duplicates(
    backend: Backend,
) {
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "s", 100, 5).await;
    let log = read_all(&store).await;
    let config = RelayConfig {
        batch_size: 100,
        ..ts.config()
    };

    let (_stop, shutdown) = watch::channel(false);
    let crashed = Relay::run(
        store.clone(),
        RelayConfig {
            fault: Some(Fault::StopAfterPublishing { events: 250 }),
            ..config.clone()
        },
        shutdown,
    )
    .await;

    assert!(
        matches!(crashed, Err(RelayError::InjectedFault { published: 250 })),
        "{crashed:?}"
    );
    // Two full batches were checkpointed; the third was published (at least 250 of it) but
    // not checkpointed.
    let at_crash = checkpoint::load(store.db(), &ts.name)
        .await
        .expect("checkpoint");
    assert_eq!(at_crash, log[199].cursor());
    assert!(stream_message_count(&js, &ts.name).await >= 250);

    let (stop, relay) = spawn_relay(&store, config);
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;

    let relayed = read_stream(&js, &ts.name).await;
    assert_exactly_once_in_order(&relayed, &log);
    t.cleanup().await;
}

async fn a_restart_after_the_duplicate_window_expired_still_adds_no_duplicates(backend: Backend) {
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "s", 60, 5).await;
    let log = read_all(&store).await;
    let config = RelayConfig {
        batch_size: 100,
        duplicate_window: Duration::from_secs(1),
        ..ts.config()
    };
    let (_stop, shutdown) = watch::channel(false);
    let crashed = Relay::run(
        store.clone(),
        RelayConfig {
            fault: Some(Fault::StopAfterPublishing { events: 150 }),
            ..config.clone()
        },
        shutdown,
    )
    .await;
    assert!(matches!(crashed, Err(RelayError::InjectedFault { .. })));

    // JetStream forgets the message ids of the published-but-not-checkpointed events.
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let (stop, relay) = spawn_relay(&store, config);
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;

    let relayed = read_stream(&js, &ts.name).await;
    assert_exactly_once_in_order(&relayed, &log);
    t.cleanup().await;
}

async fn a_relay_whose_stream_lost_its_messages_stops_instead_of_leaving_a_gap(backend: Backend) {
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let js = jetstream::new(nats().await);
    append_events(&store, "first", 10, 2).await;
    let (stop, relay) = spawn_relay(&store, ts.config());
    let first = read_all(&store).await;
    wait_for_checkpoint(&store, &ts.name, first.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;
    js.delete_stream(&ts.name).await.expect("delete stream");
    append_events(&store, "second", 10, 2).await;

    let (_stop, shutdown) = watch::channel(false);
    let outcome = tokio::time::timeout(WAIT, Relay::run(store.clone(), ts.config(), shutdown))
        .await
        .expect("the relay stops by itself");

    assert!(
        matches!(outcome, Err(RelayError::Diverged { .. })),
        "{outcome:?}"
    );
    assert_eq!(stream_message_count(&js, &ts.name).await, 0);
    // The documented way out: forget the checkpoint and republish the whole log.
    checkpoint::reset(store.db(), &ts.name)
        .await
        .expect("reset");
    let log = read_all(&store).await;
    let (stop, relay) = spawn_relay(&store, ts.config());
    wait_for_checkpoint(&store, &ts.name, log.last().expect("events").cursor()).await;
    stop_relay(stop, relay).await;
    assert_exactly_once_in_order(&read_stream(&js, &ts.name).await, &log);
    t.cleanup().await;
}

async fn listening_for_commits_wakes_the_subscribers_of_another_node(backend: Backend) {
    init_tracing();
    let t = TestDatabase::new(backend).await;
    let node_a = EventStore::open(t.db.clone()).await.expect("open node a");
    let node_b = EventStore::open(t.connect_again().await)
        .await
        .expect("open node b");
    let ts = TestStream::new();
    let (stop, relay) = spawn_relay(&node_a, ts.config());
    let listener = listen_for_commits(nats().await, node_b.clone(), &ts.name)
        .await
        .expect("listen");
    let mut woken = node_b.subscribe();

    let cursors = node_a
        .append(AppendRequest::new(vec![event("s", 1, Some("ws-a"), 1)]))
        .await
        .expect("append on node a");

    let target = cursors[0];
    tokio::time::timeout(WAIT, async {
        while *woken.borrow_and_update() < target {
            woken.changed().await.expect("node b's notifier");
        }
    })
    .await
    .expect("node b is woken by node a's commit");
    assert_eq!(*woken.borrow(), target);
    listener.abort();
    stop_relay(stop, relay).await;
    t.cleanup().await;
}

backend_tests!(
    the_relay_publishes_every_event_once_in_log_order_with_subjects_and_message_ids,
    killing_the_relay_while_it_publishes_and_restarting_it_leaves_each_event_once_in_order,
    cutting_the_connection_while_publishing_loses_repeats_and_reorders_nothing,
    a_crash_between_publishing_and_checkpointing_republishes_without_duplicates,
    a_restart_after_the_duplicate_window_expired_still_adds_no_duplicates,
    a_relay_whose_stream_lost_its_messages_stops_instead_of_leaving_a_gap,
    listening_for_commits_wakes_the_subscribers_of_another_node,
);

// --- independent of the storage backend ---------------------------------------------------

#[tokio::test]
async fn a_relay_that_cannot_reach_nats_keeps_trying_and_stops_on_shutdown() {
    init_tracing();
    let t = TestDatabase::sqlite().await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ts = TestStream::new();
    let (stop, relay) = spawn_relay(
        &store,
        RelayConfig {
            // Port 1 refuses connections: NATS is "down".
            nats_url: "nats://127.0.0.1:1".into(),
            ..ts.config()
        },
    );

    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !relay.is_finished(),
        "the relay gave up instead of retrying"
    );
    stop_relay(stop, relay).await;
    t.cleanup().await;
}

#[test]
fn subject_tokens_lose_dots_wildcards_and_whitespace() {
    assert_eq!(relay::sanitize_token("ws.1 *x>\ty"), "ws_1__x__y");
    assert_eq!(relay::sanitize_token(""), "_");
    assert_eq!(
        relay::sanitize_token("0195f0c2-7a1b-7c3d-9e8f-123456789abc"),
        "0195f0c2-7a1b-7c3d-9e8f-123456789abc"
    );
}

#[test]
fn an_event_without_a_workspace_goes_to_the_global_subject() {
    let event = RecordedEvent {
        global_position: 1,
        tx_id: 0,
        aggregate_type: "User".into(),
        aggregate_id: "u1".into(),
        sequence: 1,
        event_type: "UserRegistered".into(),
        event_version: "1".into(),
        payload: serde_json::from_str("{}").expect("json"),
        metadata: serde_json::from_value(json!({ "actor_id": "u1" })).expect("json"),
        recorded_at: 0,
        chain: "global".into(),
        chain_seq: 1,
        prev_hash: String::new(),
        hash: String::new(),
    };

    assert_eq!(
        relay::subject_for("ledger", &event),
        "ledger.global.User.UserRegistered"
    );
}

#[test]
fn configurations_nats_would_refuse_are_rejected_up_front() {
    let ok = RelayConfig::new("nats://127.0.0.1:4222");
    assert!(ok.validate().is_ok());
    for bad in [
        RelayConfig {
            stream_name: "LED.GER".into(),
            ..ok.clone()
        },
        RelayConfig {
            subject_prefix: "ledger.>".into(),
            ..ok.clone()
        },
        RelayConfig {
            subject_prefix: "a..b".into(),
            ..ok.clone()
        },
        RelayConfig {
            batch_size: 0,
            ..ok.clone()
        },
        RelayConfig {
            duplicate_window: Duration::ZERO,
            ..ok.clone()
        },
    ] {
        assert!(
            matches!(bad.validate(), Err(RelayError::Config(_))),
            "{bad:?}"
        );
    }
}
