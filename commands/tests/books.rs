//! The posting service and the command runner on real stores (SQLite and Postgres):
//! gapless numbers under concurrent posters and across processes, a chart that moved is
//! decided against again, a reversal is one append, a keyed command applies once, and a
//! stream of old event versions is upcast before a command decides on it.

use std::str::FromStr;
use std::sync::Arc;

use chrono::NaiveDate;
use commands::books::Books;
use commands::CommandError;
use commands::{Committed, Loaded, RunError, Runner, Unit};
use domain::account_tree::{default_account_id, AccountTree, ArchiveAccount, SetUpDefaultChart};
use domain::journal_entry::{EntryInput, JournalEntry, JournalEntryError, LineInput};
use domain::organization::{Organization, UpdateOrganization};
use event_schemas::{JournalEntryId, UserId, WorkspaceId};
use rust_decimal::Decimal;
use store::backend::AppendRequest;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventMetadata, EventStore, NewEvent};

const CLERK: &str = "0190f2a4-6b1e-7c3a-9d55-00000000c1e4";

fn clerk() -> UserId {
    UserId::from_str(CLERK).expect("user id")
}

fn metadata(workspace: WorkspaceId) -> EventMetadata {
    EventMetadata {
        actor_id: Some(CLERK.into()),
        workspace_id: Some(workspace.to_string()),
        ..Default::default()
    }
}

/// A workspace with the default chart.
async fn workspace(runner: &Runner) -> WorkspaceId {
    let workspace = WorkspaceId::new_v7();
    let tree = runner
        .load::<AccountTree>(&workspace.to_string())
        .await
        .expect("load");
    let mut unit = Unit::new(&metadata(workspace), None);
    unit.decide(
        &tree,
        SetUpDefaultChart {
            workspace_id: workspace,
        }
        .into(),
    )
    .expect("set up");
    unit.commit(runner).await.expect("commit");
    workspace
}

/// A cash sale of `amount` on 2026-03-01.
fn sale(workspace: WorkspaceId, amount: &str) -> EntryInput {
    let line = |code: &str, debit: Option<Decimal>, credit: Option<Decimal>| LineInput {
        account_id: default_account_id(workspace, code),
        description: String::new(),
        debit,
        credit,
    };
    let amount = Decimal::from_str(amount).expect("amount");
    EntryInput {
        date: NaiveDate::from_ymd_opt(2026, 3, 1).expect("date"),
        memo: "Sale".into(),
        reference: String::new(),
        lines: vec![
            line("1120", Some(amount), None),
            line("4100", None, Some(amount)),
        ],
    }
}

async fn post_sale(
    books: &Books,
    workspace: WorkspaceId,
) -> Result<String, CommandError<JournalEntryError>> {
    let id = JournalEntryId::new_v7();
    let posted = books
        .post(
            &workspace.to_string(),
            &metadata(workspace),
            None,
            |posting| posting.post_new(id, sale(workspace, "100.00"), clerk()),
        )
        .await?;
    Ok(posted.entries[0].entry_number.clone().expect("numbered"))
}

async fn stores(backend: Backend) -> (TestDatabase, EventStore) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    (t, store)
}

async fn thirty_two_concurrent_posters_get_gapless_unique_numbers(backend: Backend) {
    let (t, store) = stores(backend).await;
    let books = Arc::new(Books::new(Runner::new(store.clone())));
    let ws = workspace(books.runner()).await;

    let mut tasks = Vec::new();
    for _ in 0..32 {
        let books = Arc::clone(&books);
        tasks.push(tokio::spawn(async move {
            let mut numbers = Vec::new();
            for _ in 0..4 {
                numbers.push(post_sale(&books, ws).await.expect("posted"));
            }
            numbers
        }));
    }
    let mut numbers = Vec::new();
    for task in tasks {
        numbers.extend(task.await.expect("join"));
    }

    numbers.sort();
    let expected: Vec<String> = (1..=128)
        .map(event_schemas::journal_entry::entry_number)
        .collect();
    assert_eq!(numbers, expected);
    t.cleanup().await;
}

async fn two_processes_posting_to_one_workspace_share_one_gapless_sequence(backend: Backend) {
    let (t, store) = stores(backend).await;
    let other = EventStore::open(t.connect_again().await)
        .await
        .expect("open");
    let first = Arc::new(Books::new(Runner::new(store)));
    let second = Arc::new(Books::new(Runner::new(other)));
    let ws = workspace(first.runner()).await;

    let mut tasks = Vec::new();
    for i in 0..40 {
        let books = Arc::clone(if i % 2 == 0 { &first } else { &second });
        tasks.push(tokio::spawn(async move { post_sale(&books, ws).await }));
    }
    let mut numbers = Vec::new();
    for task in tasks {
        numbers.push(task.await.expect("join").expect("posted"));
    }

    numbers.sort();
    assert_eq!(
        numbers,
        (1..=40)
            .map(event_schemas::journal_entry::entry_number)
            .collect::<Vec<_>>()
    );
    t.cleanup().await;
}

async fn a_posting_is_decided_again_when_the_chart_moved_since_it_was_read(backend: Backend) {
    let (t, store) = stores(backend).await;
    let books = Books::new(Runner::new(store.clone()));
    let ws = workspace(books.runner()).await;
    post_sale(&books, ws)
        .await
        .expect("the chart is cached now");

    // Another process archives the cash account this process has cached as active.
    let elsewhere = Runner::new(
        EventStore::open(t.connect_again().await)
            .await
            .expect("open"),
    );
    let tree = elsewhere
        .load::<AccountTree>(&ws.to_string())
        .await
        .expect("load");
    let mut unit = Unit::new(&metadata(ws), None);
    unit.decide(
        &tree,
        ArchiveAccount {
            workspace_id: ws,
            account_id: default_account_id(ws, "1120"),
        }
        .into(),
    )
    .expect("archive");
    unit.commit(&elsewhere).await.expect("commit");

    let refused = post_sale(&books, ws).await;

    match refused {
        Err(CommandError::Rule(JournalEntryError::Invalid { problems })) => assert!(
            problems.iter().any(|p| matches!(
                p,
                domain::journal_entry::EntryProblem::AccountArchived { .. }
            )),
            "{problems:?}"
        ),
        other => panic!("the archived account must refuse the posting: {other:?}"),
    }
    t.cleanup().await;
}

async fn a_reversal_marks_the_original_and_posts_the_reversing_entry_in_one_append(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let books = Books::new(Runner::new(store.clone()));
    let ws = workspace(books.runner()).await;
    let original_id = JournalEntryId::new_v7();
    books
        .post(&ws.to_string(), &metadata(ws), None, |p| {
            p.post_new(original_id, sale(ws, "250.00"), clerk())
        })
        .await
        .expect("posted");
    let original: Loaded<JournalEntry> = books
        .runner()
        .load(&original_id.to_string())
        .await
        .expect("load");
    let reversal_id = JournalEntryId::new_v7();
    let date = NaiveDate::from_ymd_opt(2026, 3, 2).expect("date");

    // A reversing entry whose stream is taken: the whole reversal is refused.
    let squatter = NewEvent::of(
        "JournalEntry",
        &reversal_id.to_string(),
        1,
        &event_schemas::read_model::ReadModelEvent::ReadModelRestored(
            event_schemas::read_model::ReadModelRestored {
                projector: "x".into(),
                workspace_id: ws,
                failed_position: 0,
                events_applied: 0,
            },
        ),
        &metadata(ws),
    )
    .expect("event");
    store
        .append(AppendRequest::new(vec![squatter]))
        .await
        .expect("append");
    let half = books
        .post(&ws.to_string(), &metadata(ws), None, |p| {
            p.reverse(&original, reversal_id, date, clerk())
        })
        .await;
    let still: Loaded<JournalEntry> = books
        .runner()
        .load(&original_id.to_string())
        .await
        .expect("load");

    assert!(
        matches!(half, Err(CommandError::Run(RunError::Moved { .. }))),
        "{half:?}"
    );
    assert_eq!(still.state.posted().expect("posted").reversed_by, None);

    let reversal_id = JournalEntryId::new_v7();
    let reversed = books
        .post(&ws.to_string(), &metadata(ws), None, |p| {
            p.reverse(&still, reversal_id, date, clerk())
        })
        .await
        .expect("reversed");
    let marked: Loaded<JournalEntry> = books
        .runner()
        .load(&original_id.to_string())
        .await
        .expect("load");

    assert_eq!(
        marked.state.posted().expect("posted").reversed_by,
        Some(reversal_id)
    );
    assert_eq!(
        reversed.entries[0].entry_number.as_deref(),
        Some("JE-000002")
    );
    t.cleanup().await;
}

async fn a_keyed_posting_is_applied_once_and_its_retry_is_a_replay(backend: Backend) {
    let (t, store) = stores(backend).await;
    let books = Books::new(Runner::new(store.clone()));
    let ws = workspace(books.runner()).await;
    let key = "user-1 POST /journal-entries/ k-77";
    let id = JournalEntryId::from_uuid(commands::ids::mint(Some(key), "entry"));
    let (workspace, meta) = (ws.to_string(), metadata(ws));
    let post = || {
        books.post(&workspace, &meta, Some(key), |p| {
            p.post_new(id, sale(ws, "10.00"), clerk())
        })
    };

    let first = post().await.expect("posted");
    let retry = post().await.expect("replayed");

    assert!(matches!(first.committed, Committed::Applied(_)));
    assert_eq!(retry.committed, Committed::Replayed);
    let postings = store::testing::read_all_committed(&store)
        .await
        .into_iter()
        .filter(|e| e.event_type == "JournalEntryPosted")
        .count();
    assert_eq!(postings, 1);
    t.cleanup().await;
}

async fn a_stream_of_old_event_versions_is_upcast_before_a_command_decides(backend: Backend) {
    let (t, store) = stores(backend).await;
    let runner = Runner::new(store.clone());
    let fixture: serde_json::Value = serde_json::from_str(include_str!(
        "../../event-schemas/fixtures/organization/OrganizationCreated.v1.0.json"
    ))
    .expect("fixture");
    let id = fixture["organization_id"].as_str().expect("id").to_owned();
    store
        .append(AppendRequest::new(vec![NewEvent {
            aggregate_type: "Organization".into(),
            aggregate_id: id.clone(),
            sequence: 1,
            event_type: "OrganizationCreated".into(),
            event_version: "1.0".into(),
            payload: fixture,
            metadata: EventMetadata::default().to_value(),
        }]))
        .await
        .expect("append v1");

    let organization: Loaded<Organization> = runner.load(&id).await.expect("load");
    let mut unit = Unit::new(&EventMetadata::default(), None);
    let decided = unit.decide(
        &organization,
        UpdateOrganization {
            name: Some("Adebayo & Daughters Ltd".into()),
            email: None,
            location: None,
            ..Default::default()
        }
        .into(),
    );

    assert_eq!(organization.version, 1);
    assert!(
        decided.is_ok(),
        "an organization created by a v1 event exists: {decided:?}"
    );
    unit.commit(&runner).await.expect("commit");
    t.cleanup().await;
}

async fn a_posted_entry_lands_in_the_log_numbered_with_its_amounts_as_decimal_strings(
    backend: Backend,
) {
    let (t, store) = stores(backend).await;
    let books = Books::new(Runner::new(store.clone()));
    let ws = workspace(books.runner()).await;

    post_sale(&books, ws).await.expect("posted");

    let log = store::testing::read_all_committed(&store).await;
    let posted = log.last().expect("posted event");
    assert_eq!(
        (posted.event_type.as_str(), posted.event_version.as_str()),
        ("JournalEntryPosted", "1.0")
    );
    let payload = posted.payload.value().expect("payload");
    assert_eq!(payload["entry_sequence"], 1);
    assert_eq!(payload["entry_number"], "JE-000001");
    assert_eq!(payload["total"], "100.00");
    assert_eq!(payload["lines"][0]["debit"], "100.00");
    assert_eq!(payload["lines"][0]["credit"], "0.00");
    assert_eq!(payload["date"], "2026-03-01");
    assert!(store::verify::verify(store.log())
        .await
        .expect("verify")
        .first_break
        .is_none());
    t.cleanup().await;
}

async fn an_entry_is_reversed_once(backend: Backend) {
    let (t, store) = stores(backend).await;
    let books = Books::new(Runner::new(store.clone()));
    let ws = workspace(books.runner()).await;
    let id = JournalEntryId::new_v7();
    books
        .post(&ws.to_string(), &metadata(ws), None, |p| {
            p.post_new(id, sale(ws, "5.00"), clerk())
        })
        .await
        .expect("posted");
    let date = NaiveDate::from_ymd_opt(2026, 3, 3).expect("date");
    let reverse = |original: Loaded<JournalEntry>| {
        let (workspace, meta) = (ws.to_string(), metadata(ws));
        let books = &books;
        async move {
            books
                .post(&workspace, &meta, None, |p| {
                    p.reverse(&original, JournalEntryId::new_v7(), date, clerk())
                })
                .await
        }
    };
    let original: Loaded<JournalEntry> = books.runner().load(&id.to_string()).await.expect("load");
    reverse(original.clone()).await.expect("first reversal");

    let stale_second = reverse(original).await;
    let fresh: Loaded<JournalEntry> = books.runner().load(&id.to_string()).await.expect("load");
    let fresh_second = reverse(fresh).await;

    assert!(
        matches!(stale_second, Err(CommandError::Run(RunError::Moved { .. }))),
        "{stale_second:?}"
    );
    assert!(
        matches!(
            fresh_second,
            Err(CommandError::Rule(
                JournalEntryError::AlreadyReversed { .. }
            ))
        ),
        "{fresh_second:?}"
    );
    t.cleanup().await;
}

backend_tests!(
    a_posted_entry_lands_in_the_log_numbered_with_its_amounts_as_decimal_strings,
    an_entry_is_reversed_once,
    thirty_two_concurrent_posters_get_gapless_unique_numbers,
    two_processes_posting_to_one_workspace_share_one_gapless_sequence,
    a_posting_is_decided_again_when_the_chart_moved_since_it_was_read,
    a_reversal_marks_the_original_and_posts_the_reversing_entry_in_one_append,
    a_keyed_posting_is_applied_once_and_its_retry_is_a_replay,
    a_stream_of_old_event_versions_is_upcast_before_a_command_decides,
);
