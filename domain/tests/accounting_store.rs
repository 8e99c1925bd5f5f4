//! The AccountTree and JournalEntry aggregates run on cqrs-es over our log, on SQLite and
//! Postgres: the default chart commits once and reloads from a snapshot exactly as it
//! replays; posted amounts land in the log as decimal strings; a reversal, run in the
//! documented order, links both entries and happens once.

use chrono::NaiveDate;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{AggregateError, CqrsFramework, EventStore as _};
use domain::account_tree::{
    self, default_account_id, AccountTree, BudgetPeriod, SetBudgetAmount, SetLockDate,
    SetUpDefaultChart, DEFAULT_CHART,
};
use domain::journal_entry::{
    self, BooksSnapshot, EntryInput, JournalEntry, JournalEntryError, LineInput, PostNewEntry,
    PostReversal, ReverseEntry,
};
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use std::collections::HashMap;
use std::str::FromStr;
use store::repository::LogRepository;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventMetadata, EventStore, RecordedEvent};

/// Small, so the commands below cross snapshot boundaries.
const SNAPSHOT_SIZE: usize = 3;

const ACTOR: UserId = UserId::from_uuid(uuid::Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_aaaa_0000_0001,
));

type TreeStore = PersistedEventStore<LogRepository, AccountTree>;
type EntryStore = PersistedEventStore<LogRepository, JournalEntry>;

fn tree_store(store: &EventStore) -> TreeStore {
    PersistedEventStore::new_snapshot_store(
        LogRepository::new(store.clone(), SNAPSHOT_SIZE),
        SNAPSHOT_SIZE,
    )
    .with_upcasters(account_tree::upcasters())
}

fn entry_store(store: &EventStore) -> EntryStore {
    PersistedEventStore::new_snapshot_store(
        LogRepository::new(store.clone(), SNAPSHOT_SIZE),
        SNAPSHOT_SIZE,
    )
    .with_upcasters(journal_entry::upcasters())
}

fn metadata(workspace: WorkspaceId, request: &str) -> HashMap<String, String> {
    EventMetadata {
        actor_id: Some(ACTOR.to_string()),
        workspace_id: Some(workspace.to_string()),
        request_id: Some(request.to_owned()),
        ..Default::default()
    }
    .to_map()
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn date(s: &str) -> NaiveDate {
    NaiveDate::from_str(s).expect("date")
}

async fn read_all(store: &EventStore) -> Vec<RecordedEvent> {
    store::testing::read_all_committed(store).await
}

async fn load_tree(store: &EventStore, workspace: WorkspaceId) -> AccountTree {
    tree_store(store)
        .load_aggregate(&workspace.to_string())
        .await
        .expect("load tree")
        .aggregate
}

async fn load_entry(store: &EventStore, id: JournalEntryId) -> JournalEntry {
    entry_store(store)
        .load_aggregate(&id.to_string())
        .await
        .expect("load entry")
        .aggregate
}

/// A workspace with the default chart set up.
async fn workspace_with_chart(store: &EventStore) -> WorkspaceId {
    let workspace = WorkspaceId::new_v7();
    CqrsFramework::new(tree_store(store), vec![], ())
        .execute_with_metadata(
            &workspace.to_string(),
            SetUpDefaultChart {
                workspace_id: workspace,
            }
            .into(),
            metadata(workspace, "req-setup"),
        )
        .await
        .expect("setup");
    workspace
}

/// Diesel for the generator, paid in cash, posted as the workspace's entry `sequence`.
async fn post_diesel(store: &EventStore, workspace: WorkspaceId, sequence: u64) -> JournalEntryId {
    let id = JournalEntryId::new_v7();
    let line = |code: &str, debit: Option<&str>, credit: Option<&str>| LineInput {
        account_id: default_account_id(workspace, code),
        description: "Diesel, 2 drums".into(),
        debit: debit.map(d),
        credit: credit.map(d),
    };
    let entry = EntryInput {
        date: date("2026-03-14"),
        memo: "Generator diesel".into(),
        reference: "PV-0042".into(),
        lines: vec![
            line("6230", Some("185000.5"), None),
            line("1110", None, Some("185000.50")),
        ],
    };
    let tree = load_tree(store, workspace).await;
    CqrsFramework::new(entry_store(store), vec![], ())
        .execute_with_metadata(
            &id.to_string(),
            PostNewEntry {
                journal_entry_id: id,
                workspace_id: workspace,
                books: BooksSnapshot::for_entry(&tree, &entry),
                entry,
                entry_sequence: sequence,
                posted_by: ACTOR,
            }
            .into(),
            metadata(workspace, "req-post"),
        )
        .await
        .expect("post");
    id
}

async fn the_default_chart_commits_once_and_reloads_from_a_snapshot_as_it_replays(
    backend: Backend,
) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let workspace = workspace_with_chart(&store).await;
    let cqrs = CqrsFramework::new(tree_store(&store), vec![], ());
    let id = workspace.to_string();
    let diesel = default_account_id(workspace, "6230");

    cqrs.execute_with_metadata(
        &id,
        SetUpDefaultChart {
            workspace_id: workspace,
        }
        .into(),
        metadata(workspace, "req-setup-again"),
    )
    .await
    .expect("a second setup is accepted");
    cqrs.execute_with_metadata(
        &id,
        SetBudgetAmount {
            workspace_id: workspace,
            account_id: diesel,
            amount: d("3000000"),
            period: BudgetPeriod::Year(2026),
        }
        .into(),
        metadata(workspace, "req-budget"),
    )
    .await
    .expect("budget");
    cqrs.execute_with_metadata(
        &id,
        SetLockDate {
            workspace_id: workspace,
            lock_date: Some(date("2025-12-31")),
        }
        .into(),
        metadata(workspace, "req-lock"),
    )
    .await
    .expect("lock");

    let log = read_all(&store).await;
    let loaded = load_tree(&store, workspace).await;
    let replayed = PersistedEventStore::<_, AccountTree>::new_event_store(LogRepository::new(
        store.clone(),
        0,
    ))
    .load_aggregate(&id)
    .await
    .expect("replay")
    .aggregate;

    assert_eq!(
        log.len(),
        1 + DEFAULT_CHART.len() + 12 + 1,
        "setup ran once"
    );
    assert_eq!(loaded, replayed);
    assert_eq!(loaded.accounts().count(), DEFAULT_CHART.len());
    assert_eq!(loaded.lock_date(), Some(date("2025-12-31")));
    let budgets = &loaded.account(diesel).expect("6230").monthly_budgets;
    assert_eq!(budgets.get("2026-06"), Some(&d("250000.00")));
    assert!(log
        .iter()
        .all(|e| e.workspace_id() == Some(id.as_str()) && e.chain == id));
    t.cleanup().await;
}

async fn a_posted_entry_lands_in_the_log_with_its_amounts_as_decimal_strings(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let workspace = workspace_with_chart(&store).await;

    let id = post_diesel(&store, workspace, 1).await;

    let log = read_all(&store).await;
    let posted = log.last().expect("posted event");
    assert_eq!(
        (posted.event_type.as_str(), posted.event_version.as_str()),
        ("JournalEntryPosted", "1.0")
    );
    let payload = posted.payload.value().expect("payload");
    assert_eq!(payload["entry_number"], "JE-000001");
    assert_eq!(payload["total"], "185000.50");
    assert_eq!(payload["lines"][0]["debit"], "185000.50");
    assert_eq!(payload["lines"][0]["credit"], "0.00");
    assert_eq!(payload["date"], "2026-03-14");
    let entry = load_entry(&store, id).await;
    assert_eq!(entry.posted().map(|p| p.total), Some(d("185000.50")));
    t.cleanup().await;
}

async fn a_reversal_run_in_the_documented_order_links_both_entries_once(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let workspace = workspace_with_chart(&store).await;
    let original = post_diesel(&store, workspace, 1).await;
    let reversal = JournalEntryId::new_v7();
    let tree = load_tree(&store, workspace).await;
    let entries = CqrsFramework::new(entry_store(&store), vec![], ());
    let o = load_entry(&store, original).await;
    let lines: Vec<_> = o
        .posted()
        .expect("posted")
        .content
        .lines
        .iter()
        .map(|l| l.account_id)
        .collect();
    let books = BooksSnapshot::for_lines(&tree, &lines);
    let reverse = |by: JournalEntryId| ReverseEntry {
        reversed_by: by,
        reversal_date: date("2026-03-31"),
        books: books.clone(),
        reversed_by_user: ACTOR,
    };

    // Step 2 of the recipe (the dry run of step 1 is `decide`, tested in the unit tests).
    entries
        .execute_with_metadata(
            &original.to_string(),
            reverse(reversal).into(),
            metadata(workspace, "req-reverse"),
        )
        .await
        .expect("mark the original");
    // Step 3: the reversing entry, from the original as it now stands.
    let o = load_entry(&store, original).await;
    entries
        .execute_with_metadata(
            &reversal.to_string(),
            PostReversal {
                journal_entry_id: reversal,
                original: o.posted().expect("posted").clone(),
                date: date("2026-03-31"),
                entry_sequence: 2,
                books: books.clone(),
                posted_by: ACTOR,
            }
            .into(),
            metadata(workspace, "req-reverse"),
        )
        .await
        .expect("post the reversal");
    let second = entries
        .execute_with_metadata(
            &original.to_string(),
            reverse(JournalEntryId::new_v7()).into(),
            metadata(workspace, "req-reverse-again"),
        )
        .await;

    assert!(
        matches!(
            &second,
            Err(AggregateError::UserError(JournalEntryError::AlreadyReversed { reversed_by }))
                if *reversed_by == reversal
        ),
        "{second:?}"
    );
    let o = load_entry(&store, original).await;
    let r = load_entry(&store, reversal).await;
    assert_eq!(o.posted().and_then(|p| p.reversed_by), Some(reversal));
    assert_eq!(r.posted().and_then(|p| p.reverses), Some(original));
    assert_eq!(
        r.posted().map(|p| p.entry_number.as_str()),
        Some("JE-000002")
    );
    let log = read_all(&store).await;
    let types: Vec<&str> = log
        .iter()
        .rev()
        .take(3)
        .map(|e| e.event_type.as_str())
        .collect();
    assert_eq!(
        types,
        vec![
            "JournalEntryPosted",
            "JournalEntryReversed",
            "JournalEntryPosted"
        ]
    );
    t.cleanup().await;
}

backend_tests!(
    the_default_chart_commits_once_and_reloads_from_a_snapshot_as_it_replays,
    a_posted_entry_lands_in_the_log_with_its_amounts_as_decimal_strings,
    a_reversal_run_in_the_documented_order_links_both_entries_once,
);
