//! Rough latency probe (not the benchmark): N two-line entries into one workspace, then
//! ledger projection rate, trial balance and general-ledger page latency.
//! `cargo run --release -p query-api --example accounting_probe -- 500000 [postgres]`

use std::sync::Arc;
use std::time::Instant;

use api_core::pagination::Page;
use chrono::{Days, NaiveDate};
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::CqrsFramework;
use domain::account_tree::{
    self, default_account_id, AccountTree, SetUpDefaultChart, DEFAULT_CHART,
};
use event_schemas::journal_entry::{
    entry_number, JournalEntryEvent, JournalEntryPosted, JournalLine,
};
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use projections::ProjectionRuntime;
use rust_decimal::Decimal;
use store::backend::AppendRequest;
use store::repository::LogRepository;
use store::testing::TestDatabase;
use store::{Backend, EventMetadata, EventStore, NewEvent};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let entries: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let backend = if args.get(2).map(String::as_str) == Some("postgres") {
        Backend::Postgres
    } else {
        Backend::Sqlite
    };
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let ws = WorkspaceId::new_v7();
    let trees: PersistedEventStore<LogRepository, AccountTree> =
        PersistedEventStore::new_event_store(LogRepository::new(store.clone(), 0))
            .with_upcasters(account_tree::upcasters());
    let meta = EventMetadata {
        workspace_id: Some(ws.to_string()),
        actor_id: Some("probe".into()),
        ..Default::default()
    };
    CqrsFramework::new(trees, vec![], ())
        .execute_with_metadata(
            &ws.to_string(),
            SetUpDefaultChart { workspace_id: ws }.into(),
            meta.to_map(),
        )
        .await
        .expect("chart");
    let parents: std::collections::HashSet<&str> =
        DEFAULT_CHART.iter().filter_map(|a| a.parent_code).collect();
    let leaves: Vec<_> = DEFAULT_CHART
        .iter()
        .filter(|a| !parents.contains(a.code))
        .map(|a| default_account_id(ws, a.code))
        .collect();
    let start = NaiveDate::from_ymd_opt(2024, 1, 1).expect("date");
    let user = UserId::new_v7();
    let began = Instant::now();
    let mut rng: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut batch = Vec::new();
    for seq in 1..=entries {
        let amount = Decimal::new((next() % 10_000_000) as i64 + 1, 2);
        // Cash (leaf 0) is hot: on a third of the entries.
        let a = if seq % 3 == 0 {
            0
        } else {
            (next() % leaves.len() as u64) as usize
        };
        let mut b = (next() % leaves.len() as u64) as usize;
        if b == a {
            b = (b + 1) % leaves.len();
        }
        let id = JournalEntryId::new_v7();
        let date = start + Days::new(seq * 730 / entries);
        let event = JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
            journal_entry_id: id,
            workspace_id: ws,
            entry_sequence: seq,
            entry_number: entry_number(seq),
            date,
            memo: "probe".into(),
            reference: String::new(),
            lines: vec![
                JournalLine {
                    account_id: leaves[a],
                    description: String::new(),
                    debit: amount,
                    credit: Decimal::new(0, 2),
                },
                JournalLine {
                    account_id: leaves[b],
                    description: String::new(),
                    debit: Decimal::new(0, 2),
                    credit: amount,
                },
            ],
            total: amount,
            reverses: None,
            posted_by: user,
        });
        batch.push(NewEvent {
            aggregate_type: "JournalEntry".into(),
            aggregate_id: id.to_string(),
            sequence: 1,
            event_type: "JournalEntryPosted".into(),
            event_version: "1.0".into(),
            payload: serde_json::to_value(&event).expect("json"),
            metadata: meta.to_value(),
        });
        if batch.len() == 2_000 || seq == entries {
            // One stream per append; concurrent appends share commits (group commit).
            let mut set = tokio::task::JoinSet::new();
            for event in std::mem::take(&mut batch) {
                let store = store.clone();
                set.spawn(async move {
                    store
                        .append(AppendRequest::new(vec![event]))
                        .await
                        .expect("append")
                });
            }
            while set.join_next().await.is_some() {}
        }
    }
    println!("appended {entries} entries in {:?}", began.elapsed());
    store::testing::read_all_committed(&store).await;
    let runtime = ProjectionRuntime::new(
        store.clone(),
        vec![
            Arc::new(projections::log_stats::LogStats),
            Arc::new(projections::accounts::Accounts),
            Arc::new(projections::ledger::Ledger),
        ],
    );
    runtime.prepare().await.expect("prepare");
    runtime
        .rebuild("accounts", &|_| {})
        .await
        .expect("accounts");
    let began = Instant::now();
    let n = runtime
        .rebuild("log_stats", &|_| {})
        .await
        .unwrap_or_default();
    println!("log_stats rebuild {n} in {:?}", began.elapsed());
    let began = Instant::now();
    let n = runtime.rebuild("ledger", &|_| {}).await.expect("ledger");
    let took = began.elapsed();
    println!(
        "ledger rebuild: {n} events in {took:?} = {:.0} events/s, {:.0} postings/s",
        n as f64 / took.as_secs_f64(),
        2.0 * n as f64 / took.as_secs_f64()
    );
    let db = t.db.clone();
    let wss = ws.to_string();
    let mut tb = Vec::new();
    for i in 0..50u64 {
        let as_of = start + Days::new(i * 15);
        let began = Instant::now();
        let r = query_api::accounting::trial_balance(&db, &wss, as_of, None)
            .await
            .expect("tb");
        tb.push(began.elapsed());
        assert!(r.balanced);
    }
    tb.sort();
    println!("trial balance: p50 {:?} p99 {:?}", tb[25], tb[49]);
    let cash = leaves[0].to_string();
    let mut gl = Vec::new();
    let first = query_api::accounting::general_ledger(
        &db,
        &wss,
        Some(&cash),
        None,
        None,
        Page {
            page: 1,
            page_size: 100,
        },
    )
    .await
    .expect("gl");
    let pages = first.postings.total_pages.max(1) as u64;
    for i in 0..50u64 {
        let page = (i * 7919) % pages + 1;
        let began = Instant::now();
        query_api::accounting::general_ledger(
            &db,
            &wss,
            Some(&cash),
            None,
            None,
            Page {
                page: page as u32,
                page_size: 100,
            },
        )
        .await
        .expect("gl");
        gl.push(began.elapsed());
    }
    gl.sort();
    println!(
        "general ledger (account with {} postings), page of 100: p50 {:?} p99 {:?}",
        first.postings.count, gl[25], gl[49]
    );
    let began = Instant::now();
    query_api::accounting::journal_entries(
        &db,
        &wss,
        &Default::default(),
        Page {
            page: 50,
            page_size: 100,
        },
    )
    .await
    .expect("je");
    println!("journal list page 50: {:?}", began.elapsed());
    if std::env::var_os("KEEP").is_some() {
        println!("kept database {} ({wss}, cash {cash})", t.name);
    } else {
        t.cleanup().await;
    }
}
