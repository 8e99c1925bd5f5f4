//! What the log does for commands, on both backends: events numbered per chain at commit
//! (gapless and unique across writers and processes), streams a command read but does not
//! append to (refused when they moved), and command keys applied at most once.

use std::collections::BTreeMap;

use serde_json::{json, Value};
use store::backend::{AppendRequest, ExpectedStream, Numbering};
use store::testing::TestDatabase;
use store::verify::verify;
use store::{backend_tests, AppendError, Backend, EventMetadata, EventStore, NewEvent};

fn event(stream: &str, sequence: i64, workspace: &str, event_type: &str) -> NewEvent {
    NewEvent {
        aggregate_type: "Entry".into(),
        aggregate_id: stream.into(),
        sequence,
        event_type: event_type.into(),
        event_version: "1".into(),
        payload: json!({ "stream": stream, "number": 0 }),
        metadata: EventMetadata {
            workspace_id: Some(workspace.into()),
            ..Default::default()
        }
        .to_value(),
    }
}

fn write_number(payload: &mut Value, number: i64) {
    payload["number"] = json!(number);
}

/// One event of stream `stream`, numbered.
fn numbered(stream: &str, workspace: &str) -> AppendRequest {
    AppendRequest {
        numbered: vec![Numbering {
            event: 0,
            apply: write_number,
        }],
        ..AppendRequest::new(vec![event(stream, 1, workspace, "Posted")])
    }
}

/// The stored `number` of every `Posted` event, per chain, in chain order.
async fn numbers_by_chain(store: &EventStore) -> BTreeMap<String, Vec<i64>> {
    let mut by_chain: BTreeMap<String, Vec<(i64, i64)>> = BTreeMap::new();
    for event in store::testing::read_all_committed(store).await {
        if event.event_type == "Posted" {
            let number = event.payload.value().expect("payload")["number"]
                .as_i64()
                .unwrap_or(0);
            by_chain
                .entry(event.chain.clone())
                .or_default()
                .push((event.chain_seq, number));
        }
    }
    by_chain
        .into_iter()
        .map(|(chain, mut rows)| {
            rows.sort_unstable();
            (chain, rows.into_iter().map(|(_, n)| n).collect())
        })
        .collect()
}

async fn numbered_events_are_gapless_per_chain_in_commit_order_under_concurrent_writers(
    backend: Backend,
) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");

    let mut tasks = Vec::new();
    for i in 0..96 {
        let store = store.clone();
        let workspace = if i % 3 == 0 { "ws-b" } else { "ws-a" };
        tasks.push(tokio::spawn(async move {
            store
                .commit(numbered(&format!("e{i}"), workspace))
                .await
                .expect("append")
                .numbers
        }));
    }
    let mut answered = Vec::new();
    for task in tasks {
        answered.extend(task.await.expect("join"));
    }

    let stored = numbers_by_chain(&store).await;
    assert_eq!(stored["ws-a"], (1..=64).collect::<Vec<_>>());
    assert_eq!(stored["ws-b"], (1..=32).collect::<Vec<_>>());
    answered.sort_unstable();
    let mut expected: Vec<i64> = (1..=64).chain(1..=32).collect();
    expected.sort_unstable();
    assert_eq!(answered, expected, "each caller is told the number stored");
    assert!(verify(store.log())
        .await
        .expect("verify")
        .first_break
        .is_none());
    t.cleanup().await;
}

async fn numbers_stay_unique_and_gapless_across_two_processes_on_one_database(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let first = EventStore::open(t.db.clone()).await.expect("open");
    let second = EventStore::open(t.connect_again().await)
        .await
        .expect("open again");

    let mut tasks = Vec::new();
    for i in 0..64 {
        let store = if i % 2 == 0 {
            first.clone()
        } else {
            second.clone()
        };
        tasks.push(tokio::spawn(async move {
            store.commit(numbered(&format!("e{i}"), "ws")).await
        }));
    }
    for task in tasks {
        task.await.expect("join").expect("append");
    }

    assert_eq!(
        numbers_by_chain(&first).await["ws"],
        (1..=64).collect::<Vec<_>>()
    );
    t.cleanup().await;
}

async fn a_chain_numbers_on_from_the_events_of_the_type_it_holds(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    // Three postings written before the store numbered them (their own numbers inside).
    for i in 1..=3 {
        let mut old = event(&format!("old{i}"), 1, "ws", "Posted");
        old.payload = json!({ "stream": format!("old{i}"), "number": i });
        store
            .append(AppendRequest::new(vec![old]))
            .await
            .expect("append");
    }
    store
        .append(AppendRequest::new(vec![event("other", 1, "ws", "Drafted")]))
        .await
        .expect("append");

    let appended = store.commit(numbered("new", "ws")).await.expect("append");

    assert_eq!(appended.numbers, vec![4]);
    assert_eq!(numbers_by_chain(&store).await["ws"], vec![1, 2, 3, 4]);
    t.cleanup().await;
}

async fn a_failed_append_gives_no_number_away(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store.commit(numbered("taken", "ws")).await.expect("append");

    let conflicting = store.commit(numbered("taken", "ws")).await;
    let next = store.commit(numbered("free", "ws")).await.expect("append");

    assert!(
        matches!(conflicting, Err(AppendError::Conflict { .. })),
        "{conflicting:?}"
    );
    assert_eq!(next.numbers, vec![2]);
    t.cleanup().await;
}

fn expecting(stream: &str, sequence: i64) -> ExpectedStream {
    ExpectedStream {
        aggregate_type: "Entry".into(),
        aggregate_id: stream.into(),
        chain: "ws".into(),
        sequence,
    }
}

async fn an_append_expecting_a_stream_that_moved_is_refused_and_writes_nothing(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![event(
            "chart",
            1,
            "ws",
            "ChartChanged",
        )]))
        .await
        .expect("append");

    let current = store
        .append(AppendRequest {
            expected: vec![expecting("chart", 1)],
            ..AppendRequest::new(vec![event("p1", 1, "ws", "Posted")])
        })
        .await;
    store
        .append(AppendRequest::new(vec![event(
            "chart",
            2,
            "ws",
            "ChartChanged",
        )]))
        .await
        .expect("append");
    let stale = store
        .append(AppendRequest {
            expected: vec![expecting("chart", 1)],
            ..AppendRequest::new(vec![event("p2", 1, "ws", "Posted")])
        })
        .await;
    let never_written = store
        .append(AppendRequest {
            expected: vec![expecting("nothing", 0)],
            ..AppendRequest::new(vec![event("p3", 1, "ws", "Posted")])
        })
        .await;

    assert!(current.is_ok(), "{current:?}");
    assert!(
        matches!(stale, Err(AppendError::Conflict { ref aggregate_id, .. }) if aggregate_id == "chart"),
        "{stale:?}"
    );
    assert!(
        never_written.is_ok(),
        "an empty stream is expected at 0: {never_written:?}"
    );
    let streams: Vec<String> = store::testing::read_all_committed(&store)
        .await
        .into_iter()
        .map(|e| e.aggregate_id)
        .collect();
    assert_eq!(streams, vec!["chart", "p1", "chart", "p3"]);
    t.cleanup().await;
}

async fn a_command_key_is_applied_at_most_once(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let keyed = |stream: &str, key: &str| AppendRequest {
        command_key: Some(key.into()),
        ..AppendRequest::new(vec![event(stream, 1, "ws", "Posted")])
    };

    let first = store.append(keyed("a", "key-1")).await;
    let again = store.append(keyed("b", "key-1")).await;
    let other = store.append(keyed("c", "key-2")).await;
    // Racing requests with one key (one group commit, or two): one is applied.
    let mut tasks = Vec::new();
    for i in 0..16 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.append(keyed(&format!("r{i}"), "key-3")).await
        }));
    }
    let mut applied = 0;
    for task in tasks {
        match task.await.expect("join") {
            Ok(_) => applied += 1,
            Err(AppendError::AlreadyApplied) => {}
            Err(other) => panic!("{other:?}"),
        }
    }

    assert!(first.is_ok() && other.is_ok());
    assert!(
        matches!(again, Err(AppendError::AlreadyApplied)),
        "{again:?}"
    );
    assert_eq!(applied, 1);
    assert_eq!(store::testing::read_all_committed(&store).await.len(), 3);
    t.cleanup().await;
}

async fn events_of_several_streams_in_one_request_commit_together_or_not_at_all(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store
        .append(AppendRequest::new(vec![event(
            "original", 1, "ws", "Posted",
        )]))
        .await
        .expect("append");

    // Marks the original (sequence 2) and posts the reversing entry; the mark conflicts.
    let half = store
        .append(AppendRequest::new(vec![
            event("reversal", 1, "ws", "Posted"),
            event("original", 1, "ws", "Reversed"),
        ]))
        .await;

    assert!(
        matches!(half, Err(AppendError::Conflict { .. })),
        "{half:?}"
    );
    assert_eq!(store::testing::read_all_committed(&store).await.len(), 1);
    t.cleanup().await;
}

backend_tests!(
    numbered_events_are_gapless_per_chain_in_commit_order_under_concurrent_writers,
    numbers_stay_unique_and_gapless_across_two_processes_on_one_database,
    a_chain_numbers_on_from_the_events_of_the_type_it_holds,
    a_failed_append_gives_no_number_away,
    an_append_expecting_a_stream_that_moved_is_refused_and_writes_nothing,
    a_command_key_is_applied_at_most_once,
    events_of_several_streams_in_one_request_commit_together_or_not_at_all,
);
