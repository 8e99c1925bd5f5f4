//! The AccountTree aggregate runs on cqrs-es over our log, on SQLite and Postgres: the
//! default chart commits once and reloads from a snapshot exactly as it replays. (Journal
//! entries are posted through the posting service; its tests are in `commands`.)

use chrono::NaiveDate;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{CqrsFramework, EventStore as _};
use domain::account_tree::{
    self, default_account_id, AccountTree, BudgetPeriod, SetBudgetAmount, SetLockDate,
    SetUpDefaultChart, DEFAULT_CHART,
};
use event_schemas::{UserId, WorkspaceId};
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

fn tree_store(store: &EventStore) -> TreeStore {
    PersistedEventStore::new_snapshot_store(
        LogRepository::new(store.clone(), SNAPSHOT_SIZE),
        SNAPSHOT_SIZE,
    )
    .with_upcasters(account_tree::upcasters())
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

backend_tests!(the_default_chart_commits_once_and_reloads_from_a_snapshot_as_it_replays);
