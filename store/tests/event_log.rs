//! The event log on both backends: append, read, optimistic concurrency, group commit,
//! gap-safe tailing and the tamper-evident hash chain.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use store::backend::{AppendRequest, EncodedRequest};
use store::testing::TestDatabase;
use store::verify::verify;
use store::{
    backend_tests, AppendError, Backend, Cursor, EventMetadata, EventStore, NewEvent, RecordedEvent,
};

fn event(aggregate_id: &str, sequence: i64, workspace: &str, n: i64) -> NewEvent {
    NewEvent {
        aggregate_type: "Ledger".into(),
        aggregate_id: aggregate_id.into(),
        sequence,
        event_type: "AmountRecorded".into(),
        event_version: "1".into(),
        payload: json!({ "amount": format!("{n}.00"), "n": n }),
        metadata: EventMetadata {
            actor_id: Some("user-1".into()),
            workspace_id: Some(workspace.into()),
            request_id: Some(format!("req-{n}")),
            ..Default::default()
        }
        .to_value(),
    }
}

async fn read_all(store: &EventStore) -> Vec<RecordedEvent> {
    store::testing::read_all_committed(store).await
}

async fn appended_events_are_read_back_in_order_with_their_metadata(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![
            event("a", 1, "ws1", 1),
            event("a", 2, "ws1", 2),
        ]))
        .await
        .expect("append");
    store
        .append(AppendRequest::new(vec![event("b", 1, "ws2", 3)]))
        .await
        .expect("append");

    let all = read_all(&store).await;

    assert_eq!(
        all.iter()
            .map(|e| e.payload.value().expect("payload")["n"]
                .as_i64()
                .unwrap_or(0))
            .collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(all[0].metadata_str("actor_id").as_deref(), Some("user-1"));
    assert_eq!(all[0].workspace_id(), Some("ws1"));
    assert_eq!((all[0].chain.as_str(), all[0].chain_seq), ("ws1", 1));
    assert_eq!((all[2].chain.as_str(), all[2].chain_seq), ("ws2", 1));
    assert!(all
        .windows(2)
        .all(|w| w[0].global_position < w[1].global_position));
    assert!(all[0].recorded_at > 0);
    t.cleanup().await;
}

async fn appending_a_sequence_that_exists_is_a_conflict_and_writes_nothing(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![event("a", 1, "ws", 1)]))
        .await
        .expect("append");

    let second = store
        .append(AppendRequest::new(vec![
            event("a", 1, "ws", 2),
            event("a", 2, "ws", 3),
        ]))
        .await;

    assert!(
        matches!(second, Err(AppendError::Conflict { expected: 2, .. })),
        "{second:?}"
    );
    assert_eq!(read_all(&store).await.len(), 1);
    t.cleanup().await;
}

async fn a_conflicting_command_in_a_group_commit_does_not_fail_its_neighbours(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![event("taken", 1, "ws", 0)]))
        .await
        .expect("append");

    let mut tasks = Vec::new();
    for i in 1..=20 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let request = if i == 10 {
                event("taken", 1, "ws", i)
            } else {
                event(&format!("s{i}"), 1, "ws", i)
            };
            store.append(AppendRequest::new(vec![request])).await
        }));
    }
    let mut failures = 0;
    for task in tasks {
        if task.await.expect("join").is_err() {
            failures += 1;
        }
    }

    assert_eq!(failures, 1);
    assert_eq!(read_all(&store).await.len(), 20);
    assert!(verify(store.log())
        .await
        .expect("verify")
        .first_break
        .is_none());
    t.cleanup().await;
}

/// Many writers on different streams — through several independent stores, as several
/// nodes would — while one reader tails the log: the reader must see exactly the final log,
/// in the same order, nothing skipped and nothing twice.
async fn a_tailing_reader_sees_exactly_the_final_log_while_many_writers_append(backend: Backend) {
    const NODES: usize = 4;
    const WRITERS_PER_NODE: usize = 8;
    const COMMANDS_PER_WRITER: i64 = 40;
    let t = TestDatabase::new(backend).await;
    let mut stores = vec![EventStore::open(t.db.clone()).await.expect("open")];
    for _ in 1..NODES {
        stores.push(
            EventStore::open(t.connect_again().await)
                .await
                .expect("open node"),
        );
    }
    let reader_store = stores[0].clone();
    let finished = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let finished = finished.clone();
        tokio::spawn(async move {
            let mut seen: Vec<RecordedEvent> = Vec::new();
            let mut cursor = Cursor::START;
            loop {
                let writers_done = finished.load(std::sync::atomic::Ordering::SeqCst);
                let page = reader_store.read_log(cursor, 97).await.expect("tail");
                if let Some(last) = page.last() {
                    cursor = last.cursor();
                    seen.extend(page);
                    continue;
                }
                if writers_done
                    && seen.len() as i64 >= reader_store.log().event_count().await.expect("count")
                {
                    return seen;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        })
    };
    let mut writers = Vec::new();
    for (node, store) in stores.iter().enumerate() {
        for w in 0..WRITERS_PER_NODE {
            let store = store.clone();
            writers.push(tokio::spawn(async move {
                let stream = format!("n{node}-w{w}");
                let workspace = format!("ws{}", w % 3);
                for seq in 1..=COMMANDS_PER_WRITER {
                    store
                        .append(AppendRequest::new(vec![event(
                            &stream, seq, &workspace, seq,
                        )]))
                        .await
                        .expect("append");
                }
            }));
        }
    }
    for writer in writers {
        writer.await.expect("writer");
    }
    finished.store(true, std::sync::atomic::Ordering::SeqCst);
    let seen = reader.await.expect("reader");

    let final_log = read_all(&stores[0]).await;
    let total = NODES * WRITERS_PER_NODE * COMMANDS_PER_WRITER as usize;
    assert_eq!(final_log.len(), total);
    let seen_positions: Vec<Cursor> = seen.iter().map(RecordedEvent::cursor).collect();
    let final_positions: Vec<Cursor> = final_log.iter().map(RecordedEvent::cursor).collect();
    assert_eq!(
        seen_positions.len(),
        final_positions.len(),
        "the reader skipped or repeated events"
    );
    assert_eq!(
        seen_positions, final_positions,
        "the reader's order differs from the log"
    );
    assert_eq!(seen_positions.iter().collect::<HashSet<_>>().len(), total);
    assert!(verify(stores[0].log())
        .await
        .expect("verify")
        .first_break
        .is_none());
    t.cleanup().await;
}

async fn verify_passes_on_an_untouched_log(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    for i in 1..=30 {
        store
            .append(AppendRequest::new(vec![event(
                &format!("s{}", i % 4),
                i / 4 + 1,
                &format!("ws{}", i % 2),
                i,
            )]))
            .await
            .ok();
    }

    let report = verify(store.log()).await.expect("verify");

    assert!(report.first_break.is_none(), "{report:?}");
    assert_eq!(report.events, read_all(&store).await.len() as i64);
    t.cleanup().await;
}

async fn a_chain_head_that_counts_fewer_events_than_its_chain_is_named_by_verify(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    for i in 1..=5 {
        store
            .append(AppendRequest::new(vec![event("s1", i, "ws", i)]))
            .await
            .expect("append");
    }
    // As if the last event had been written around the store, which moves the head.
    sqlx::query("UPDATE event_chains SET head_seq = head_seq - 1 WHERE chain = 'ws'")
        .execute(&t.db.pool)
        .await
        .expect("rewind head");

    let report = verify(store.log()).await.expect("verify");

    let broken = report
        .first_break
        .expect("verify must see the head's shortfall");
    assert_eq!(broken.chain, "ws");
    assert!(
        broken.reason.contains("chain head records 4 events"),
        "{broken:?}"
    );
    t.cleanup().await;
}

async fn events_appended_while_verify_reads_are_not_a_break(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![event("s1", 1, "ws", 1)]))
        .await
        .expect("append");
    let appending = tokio::spawn({
        let store = store.clone();
        async move {
            for i in 2..=200 {
                store
                    .append(AppendRequest::new(vec![event("s1", i, "ws", i)]))
                    .await
                    .expect("append");
            }
        }
    });

    while !appending.is_finished() {
        let report = verify(store.log()).await.expect("verify");
        assert!(report.first_break.is_none(), "{report:?}");
    }
    appending.await.expect("appender");
    t.cleanup().await;
}

/// Appends ten events to chain `ws`, rewrites the stored payload of the 7th with `set`
/// (SQL over the column, per backend), and checks that verify names exactly that event.
async fn verify_names_the_event_whose_payload_was_rewritten(
    backend: Backend,
    set_sqlite: &str,
    set_postgres: &str,
) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    for i in 1..=10 {
        store
            .append(AppendRequest::new(vec![event("s", i, "ws", i)]))
            .await
            .expect("append");
    }
    let victim = read_all(&store).await[6].global_position;
    let set = if backend == Backend::Postgres {
        set_postgres
    } else {
        set_sqlite
    };
    sqlx::query(&format!(
        "UPDATE events SET payload = {set} WHERE global_position = $1"
    ))
    .bind(victim)
    .execute(&t.db.pool)
    .await
    .expect("tamper");

    let report = verify(store.log()).await.expect("verify");

    let broken = report.first_break.expect("verify must detect the change");
    assert_eq!(broken.global_position, victim);
    assert_eq!((broken.chain.as_str(), broken.chain_seq), ("ws", 7));
    t.cleanup().await;
}

async fn altering_one_stored_payload_is_named_by_verify(backend: Backend) {
    verify_names_the_event_whose_payload_was_rewritten(
        backend,
        "'{\"amount\":\"9999.00\",\"n\":7}'",
        "'{\"amount\":\"9999.00\",\"n\":7}'::json",
    )
    .await;
}

/// Verify hashes the stored text, so even an edit that keeps the JSON value is evident.
async fn reformatting_one_stored_payload_is_named_by_verify(backend: Backend) {
    verify_names_the_event_whose_payload_was_rewritten(
        backend,
        "'{ ' || substr(payload, 2)",
        "('{ ' || substr(payload::text, 2))::json",
    )
    .await;
}

async fn the_chain_head_of_a_workspace_names_its_last_event(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    for i in 1..=3 {
        store
            .append(AppendRequest::new(vec![event("s", i, "ws-x", i)]))
            .await
            .expect("append");
    }
    let last = read_all(&store).await.pop().expect("events");

    let head = store
        .chain_head("ws-x")
        .await
        .expect("head")
        .expect("chain exists");

    assert_eq!(
        (
            head.event_count,
            head.head_hash.as_str(),
            head.last_position
        ),
        (3, last.hash.as_str(), last.global_position)
    );
    t.cleanup().await;
}

async fn the_notifier_announces_each_commit(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let mut receiver = store.subscribe();

    let cursors = store
        .append(AppendRequest::new(vec![event("s", 1, "ws", 1)]))
        .await
        .expect("append");

    tokio::time::timeout(Duration::from_secs(5), receiver.changed())
        .await
        .expect("woken")
        .expect("open");
    assert_eq!(*receiver.borrow(), cursors[0]);
    t.cleanup().await;
}

/// One transaction bigger than any single INSERT chunk, spanning three chains, with several
/// commands on one stream: every cursor comes back in request order, each chain's
/// positions rise with its sequence numbers, and verify passes.
async fn a_large_group_across_chains_keeps_every_chain_and_cursor_in_order(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let mut requests = Vec::new();
    for s in 0..7_i64 {
        let per = 40 + s * 13;
        requests.push(AppendRequest::new(
            (1..=per)
                .map(|q| {
                    event(
                        &format!("big-{s}"),
                        q,
                        &format!("ws{}", (s + q) % 3),
                        s * 1000 + q,
                    )
                })
                .collect(),
        ));
    }
    // Two more commands on stream big-0, continuing it inside the same transaction.
    requests.push(AppendRequest::new(
        (41..=45).map(|q| event("big-0", q, "ws0", q)).collect(),
    ));
    requests.push(AppendRequest::new(
        (46..=300).map(|q| event("big-0", q, "ws1", q)).collect(),
    ));
    let total: usize = requests.iter().map(|r| r.events.len()).sum();
    assert!(total > 600, "{total}");

    let cursors = store
        .log()
        .append_all(std::sync::Arc::new(
            requests.iter().cloned().map(EncodedRequest::new).collect(),
        ))
        .await
        .expect("append");

    assert_eq!(cursors.len(), requests.len());
    let all = read_all(&store).await;
    assert_eq!(all.len(), total);
    for (request, appended) in requests.iter().zip(&cursors) {
        assert_eq!(appended.cursors.len(), request.events.len());
        for (event, cursor) in request.events.iter().zip(&appended.cursors) {
            let stored = all
                .iter()
                .find(|e| e.global_position == cursor.position)
                .expect("cursor names a stored event");
            assert_eq!(stored.cursor(), *cursor);
            assert_eq!(
                (
                    &stored.aggregate_id,
                    stored.sequence,
                    stored.payload.value().expect("payload")
                ),
                (&event.aggregate_id, event.sequence, event.payload.clone())
            );
        }
    }
    let mut chains: std::collections::HashMap<&str, (i64, i64)> = Default::default();
    let mut by_position = all.clone();
    by_position.sort_by_key(|e| e.global_position);
    for e in &by_position {
        let last = chains.entry(e.chain.as_str()).or_insert((0, 0));
        assert_eq!(
            e.chain_seq,
            last.0 + 1,
            "chain {} in position order",
            e.chain
        );
        *last = (e.chain_seq, e.global_position);
    }
    for (chain, (seq, position)) in chains {
        let head = store
            .chain_head(chain)
            .await
            .expect("head")
            .expect("exists");
        assert_eq!((head.event_count, head.last_position), (seq, position));
    }
    let report = verify(store.log()).await.expect("verify");
    assert!(report.first_break.is_none(), "{report:?}");
    assert_eq!(report.events, total as i64);
    t.cleanup().await;
}

/// Payloads come back from the log exactly as appended, whatever JSON they hold.
async fn unusual_json_payloads_are_read_back_unchanged(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let payloads = [
        json!({}),
        json!({"text": "quote \" backslash \\ newline \n tab \t nul \u{0} é ✓ 😀 \u{2028}"}),
        json!({"big": i64::MAX, "small": i64::MIN, "unsigned": u64::MAX, "float": 0.1, "exp": 1e300, "neg": -2.5e-8}),
        json!({"nested": {"list": [1, [2, [3, {}]], null, true, false], "empty": []}}),
        json!(["an", "array", "payload"]),
        json!("a string payload"),
        json!(null),
    ];
    for (i, payload) in payloads.iter().enumerate() {
        let mut e = event("odd", i as i64 + 1, "ws", i as i64);
        e.payload = payload.clone();
        store
            .append(AppendRequest::new(vec![e]))
            .await
            .expect("append");
    }

    let all = read_all(&store).await;

    let read: Vec<_> = all
        .iter()
        .map(|e| e.payload.value().expect("payload"))
        .collect();
    assert_eq!(read, payloads.to_vec());
    // And as the very text the append stored and hashed.
    let texts: Vec<&str> = all.iter().map(|e| e.payload.json()).collect();
    let appended: Vec<String> = payloads.iter().map(|p| p.to_string()).collect();
    assert_eq!(texts, appended);
    let report = verify(store.log()).await.expect("verify");
    assert!(report.first_break.is_none(), "{report:?}");
    t.cleanup().await;
}

backend_tests!(
    unusual_json_payloads_are_read_back_unchanged,
    a_large_group_across_chains_keeps_every_chain_and_cursor_in_order,
    appended_events_are_read_back_in_order_with_their_metadata,
    appending_a_sequence_that_exists_is_a_conflict_and_writes_nothing,
    a_conflicting_command_in_a_group_commit_does_not_fail_its_neighbours,
    a_tailing_reader_sees_exactly_the_final_log_while_many_writers_append,
    verify_passes_on_an_untouched_log,
    altering_one_stored_payload_is_named_by_verify,
    reformatting_one_stored_payload_is_named_by_verify,
    a_chain_head_that_counts_fewer_events_than_its_chain_is_named_by_verify,
    events_appended_while_verify_reads_are_not_a_break,
    the_chain_head_of_a_workspace_names_its_last_event,
    the_notifier_announces_each_commit,
);
