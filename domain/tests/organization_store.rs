//! The Organization aggregate runs on cqrs-es over our log, on SQLite and Postgres: its
//! commands commit through `store::repository::LogRepository` with snapshots, land in the
//! global log with their metadata, reload from snapshot plus tail, meet optimistic
//! concurrency as cqrs-es's `AggregateConflict`, and old event versions in the log load
//! through the upcasters.

use std::collections::HashMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, AggregateError, CqrsFramework, EventStore as _};
use domain::organization::{
    upcasters, CreateOrganization, CreateWorkspace, DeleteWorkspace, Organization,
    OrganizationCommand, OrganizationError, UpdateOrganization, UpdateWorkspace, AGGREGATE_TYPE,
};
use event_schemas::contract::fixtures_dir;
use event_schemas::{MembershipId, OrganizationId, UserId, WorkspaceId};
use store::backend::AppendRequest;
use store::repository::LogRepository;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventMetadata, EventStore, NewEvent, RecordedEvent};

/// Small, so a handful of commands crosses two snapshot boundaries.
const SNAPSHOT_SIZE: usize = 3;

type OrganizationStore = PersistedEventStore<LogRepository, Organization>;
type Framework = CqrsFramework<Organization, OrganizationStore>;

/// The Organization's event store as command-api builds it.
fn event_store(store: &EventStore) -> OrganizationStore {
    let repository = LogRepository::new(store.clone(), SNAPSHOT_SIZE);
    PersistedEventStore::new_snapshot_store(repository, SNAPSHOT_SIZE).with_upcasters(upcasters())
}

fn framework(store: &EventStore) -> Framework {
    CqrsFramework::new(event_store(store), vec![], ())
}

/// The state the stream replays to from its first event, ignoring snapshots.
async fn replayed(store: &EventStore, id: OrganizationId) -> Organization {
    let replay = PersistedEventStore::<_, Organization>::new_event_store(LogRepository::new(
        store.clone(),
        0,
    ))
    .with_upcasters(upcasters());
    replay
        .load_aggregate(&id.to_string())
        .await
        .expect("replay")
        .aggregate
}

fn metadata(
    organization: OrganizationId,
    workspace: Option<WorkspaceId>,
    request: &str,
) -> HashMap<String, String> {
    EventMetadata {
        actor_id: Some(ACTOR.to_string()),
        organization_id: Some(organization.to_string()),
        workspace_id: workspace.map(|w| w.to_string()),
        request_id: Some(request.to_owned()),
        ..Default::default()
    }
    .to_map()
}

const ACTOR: UserId = UserId::from_uuid(uuid::Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_aaaa_0000_0001,
));

struct Scenario {
    organization: OrganizationId,
    lagos: WorkspaceId,
    abuja: WorkspaceId,
}

/// Five commands, each with its metadata: the organization (and its founder's
/// membership), two workspaces (each extending the founder's membership; the sixth event
/// completes the second snapshot), a rename and a deletion: eight events.
async fn run_scenario(cqrs: &Framework) -> Scenario {
    let s = Scenario {
        organization: OrganizationId::new_v7(),
        lagos: WorkspaceId::new_v7(),
        abuja: WorkspaceId::new_v7(),
    };
    let id = s.organization.to_string();
    let commands: Vec<(OrganizationCommand, Option<WorkspaceId>)> = vec![
        (
            CreateOrganization {
                organization_id: s.organization,
                name: "Adebayo & Sons Trading Ltd".into(),
                email: "accounts@adebayo-sons.ng".into(),
                location: Some("Lagos".into()),
                created_by: ACTOR,
                founder_membership_id: MembershipId::new_v7(),
            }
            .into(),
            None,
        ),
        (workspace(s.lagos, "Lagos Office"), Some(s.lagos)),
        (workspace(s.abuja, "Abuja Office"), Some(s.abuja)),
        (
            UpdateWorkspace {
                workspace_id: s.lagos,
                name: Some("Lagos Head Office".into()),
                image: None,
                time_zone: None,
            }
            .into(),
            Some(s.lagos),
        ),
        (
            DeleteWorkspace {
                workspace_id: s.abuja,
            }
            .into(),
            Some(s.abuja),
        ),
    ];
    for (n, (command, workspace)) in commands.into_iter().enumerate() {
        cqrs.execute_with_metadata(
            &id,
            command,
            metadata(s.organization, workspace, &format!("req-{}", n + 1)),
        )
        .await
        .unwrap_or_else(|err| panic!("command {} failed: {err}", n + 1));
    }
    s
}

fn workspace(workspace_id: WorkspaceId, name: &str) -> OrganizationCommand {
    CreateWorkspace {
        workspace_id,
        name: name.into(),
        base_currency: None,
        created_by: ACTOR,
    }
    .into()
}

async fn read_all(store: &EventStore) -> Vec<RecordedEvent> {
    store::testing::read_all_committed(store).await
}

async fn commands_run_on_cqrs_es_and_reload_from_a_snapshot_plus_the_tail(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let s = run_scenario(&framework(&store)).await;

    let loaded = event_store(&store)
        .load_aggregate(&s.organization.to_string())
        .await
        .expect("load");

    let snapshot = store
        .snapshot(AGGREGATE_TYPE, &s.organization.to_string())
        .await
        .expect("read snapshot")
        .expect("a snapshot after three events");
    assert_eq!(snapshot.last_sequence, 6);
    assert_eq!(loaded.current_sequence, 8);
    let organization = loaded.aggregate;
    let profile = organization.profile().expect("created");
    assert_eq!(
        (
            profile.name.as_str(),
            profile.slug.as_str(),
            profile.location.as_deref()
        ),
        (
            "Adebayo & Sons Trading Ltd",
            "adebayo-sons-trading-ltd",
            Some("Lagos")
        )
    );
    let live: Vec<(WorkspaceId, &str, &str)> = organization
        .live_workspaces()
        .map(|(id, w)| (id, w.name.as_str(), w.base_currency.as_str()))
        .collect();
    assert_eq!(live, vec![(s.lagos, "Lagos Head Office", "NGN")]);
    assert!(organization.workspace(s.abuja).is_some_and(|w| w.deleted));
    assert_eq!(organization, replayed(&store, s.organization).await);
    t.cleanup().await;
}

async fn a_snapshot_holds_exactly_the_state_its_events_replay_to(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let cqrs = framework(&store);
    let s = run_scenario(&cqrs).await;
    let id = s.organization.to_string();
    // The ninth event completes the third snapshot, so it is taken from the state the
    // second snapshot and two tail events loaded into.
    cqrs.execute_with_metadata(
        &id,
        UpdateOrganization {
            location: Some("Ikeja, Lagos".into()),
            ..Default::default()
        }
        .into(),
        metadata(s.organization, None, "req-6"),
    )
    .await
    .expect("update");

    let snapshot = store
        .snapshot(AGGREGATE_TYPE, &id)
        .await
        .expect("read snapshot")
        .expect("snapshot");
    let from_snapshot: Organization =
        serde_json::from_value(snapshot.payload).expect("snapshot payload");

    assert_eq!(snapshot.last_sequence, 9);
    assert_eq!(from_snapshot, replayed(&store, s.organization).await);
    assert_eq!(
        from_snapshot.profile().and_then(|p| p.location.as_deref()),
        Some("Ikeja, Lagos")
    );
    t.cleanup().await;
}

async fn every_event_lands_in_the_global_log_with_its_commands_metadata(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let s = run_scenario(&framework(&store)).await;

    let log = read_all(&store).await;

    let org = s.organization.to_string();
    assert_eq!(log.len(), 8);
    assert!(log
        .iter()
        .all(|e| e.aggregate_type == AGGREGATE_TYPE && e.aggregate_id == org));
    assert_eq!(
        log.iter().map(|e| e.sequence).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5, 6, 7, 8]
    );
    assert!(log
        .windows(2)
        .all(|w| w[0].global_position < w[1].global_position));
    assert_eq!(
        log.iter()
            .map(|e| (e.event_type.as_str(), e.event_version.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("OrganizationCreated", "2.0"),
            ("MemberAdded", "1.0"),
            ("WorkspaceCreated", "1.0"),
            ("MemberWorkspacesChanged", "1.0"),
            ("WorkspaceCreated", "1.0"),
            ("MemberWorkspacesChanged", "1.0"),
            ("WorkspaceRenamed", "1.0"),
            ("WorkspaceDeleted", "1.0"),
        ]
    );
    let created = log[2].payload.value().expect("payload");
    assert_eq!(created["type"], "workspace_created");
    assert_eq!(created["base_currency"], "NGN");
    let actor = ACTOR.to_string();
    // The command that caused each event: creating the organization adds its founder,
    // and creating a workspace extends its creator's membership.
    let commands = [1, 1, 2, 2, 3, 3, 4, 5];
    for (event, command) in log.iter().zip(commands) {
        let request = format!("req-{command}");
        assert_eq!(
            event.metadata_str("actor_id").as_deref(),
            Some(actor.as_str())
        );
        assert_eq!(
            event.metadata_str("organization_id").as_deref(),
            Some(org.as_str())
        );
        assert_eq!(
            event.metadata_str("request_id").as_deref(),
            Some(request.as_str())
        );
    }
    let lagos = s.lagos.to_string();
    assert_eq!(log[0].workspace_id(), None);
    assert_eq!(log[0].chain, store::GLOBAL_CHAIN);
    assert_eq!(log[2].workspace_id(), Some(lagos.as_str()));
    assert_eq!(
        (log[6].chain.as_str(), log[6].chain_seq),
        (lagos.as_str(), 3)
    );
    t.cleanup().await;
}

/// What `CqrsFramework::execute` does between loading and committing.
async fn decide(
    aggregate: &mut Organization,
    command: OrganizationCommand,
) -> Vec<domain::organization::OrganizationEvent> {
    let sink = EventSink::default();
    aggregate
        .handle(command, &(), &sink)
        .await
        .expect("the rules hold");
    sink.collect().await
}

async fn a_command_decided_on_a_stale_state_is_an_aggregate_conflict(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let s = run_scenario(&framework(&store)).await;
    let id = s.organization.to_string();
    let events = event_store(&store);
    // Two requests load the organization at the same sequence, as two API nodes would,
    // and each decides a command the way `CqrsFramework::execute` does.
    let mut first = events.load_aggregate(&id).await.expect("load");
    let mut second = events.load_aggregate(&id).await.expect("load");
    let first_events = decide(
        &mut first.aggregate,
        workspace(WorkspaceId::new_v7(), "Kano"),
    )
    .await;
    let second_events = decide(
        &mut second.aggregate,
        workspace(WorkspaceId::new_v7(), "Oyo"),
    )
    .await;

    events
        .commit(first_events, first, metadata(s.organization, None, "req-a"))
        .await
        .expect("the first commit wins");
    let late = events
        .commit(
            second_events,
            second,
            metadata(s.organization, None, "req-b"),
        )
        .await;

    assert!(
        matches!(late, Err(AggregateError::AggregateConflict)),
        "{late:?}"
    );
    let log = read_all(&store).await;
    assert_eq!(log.len(), 10);
    assert_eq!(log[8].metadata_str("request_id").as_deref(), Some("req-a"));
    assert_eq!(log[9].metadata_str("request_id").as_deref(), Some("req-a"));
    t.cleanup().await;
}

async fn concurrent_commands_on_one_organization_each_commit_or_conflict(backend: Backend) {
    const COMMANDS: usize = 8;
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let cqrs = std::sync::Arc::new(framework(&store));
    let s = run_scenario(&cqrs).await;

    let mut tasks = Vec::new();
    for n in 0..COMMANDS {
        let cqrs = cqrs.clone();
        let id = s.organization.to_string();
        tasks.push(tokio::spawn(async move {
            let command = workspace(WorkspaceId::new_v7(), &format!("Branch {n}"));
            cqrs.execute_with_metadata(&id, command, HashMap::new())
                .await
        }));
    }
    let mut committed = 0;
    for task in tasks {
        match task.await.expect("join") {
            Ok(()) => committed += 1,
            Err(AggregateError::AggregateConflict) => {}
            Err(other) => panic!("neither a commit nor a conflict: {other}"),
        }
    }

    assert!(committed >= 1);
    let log = read_all(&store).await;
    // Each committed workspace creation writes two events (see `run_scenario`).
    assert_eq!(log.len(), 8 + 2 * committed);
    assert_eq!(
        log.iter().map(|e| e.sequence).collect::<Vec<_>>(),
        (1..=(8 + 2 * committed) as i64).collect::<Vec<_>>()
    );
    t.cleanup().await;
}

async fn a_broken_business_rule_writes_nothing(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let cqrs = framework(&store);
    let s = run_scenario(&cqrs).await;

    let result = cqrs
        .execute_with_metadata(
            &s.organization.to_string(),
            workspace(WorkspaceId::new_v7(), "lagos head office"),
            metadata(s.organization, None, "req-dup"),
        )
        .await;

    assert!(
        matches!(
            &result,
            Err(AggregateError::UserError(OrganizationError::WorkspaceNameTaken { name }))
                if name == "lagos head office"
        ),
        "{result:?}"
    );
    assert_eq!(read_all(&store).await.len(), 8);
    t.cleanup().await;
}

async fn a_v1_organization_created_in_the_log_loads_through_the_upcasters(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let path = fixtures_dir().join("organization/OrganizationCreated.v1.0.json");
    let payload: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("v1.0 fixture"))
            .expect("fixture json");
    let id: OrganizationId = payload["organization_id"]
        .as_str()
        .expect("id")
        .parse()
        .expect("uuid");
    store
        .append(AppendRequest::new(vec![NewEvent {
            aggregate_type: AGGREGATE_TYPE.into(),
            aggregate_id: id.to_string(),
            sequence: 1,
            event_type: "OrganizationCreated".into(),
            event_version: "1.0".into(),
            payload: payload.clone(),
            metadata: serde_json::json!({}),
        }]))
        .await
        .expect("append v1.0");

    let loaded = event_store(&store)
        .load_aggregate(&id.to_string())
        .await
        .expect("load through upcasters");
    let profile = loaded.aggregate.profile().expect("created");
    assert_eq!(
        (
            profile.name.as_str(),
            profile.email.as_str(),
            profile.location.as_deref()
        ),
        (
            payload["name"].as_str().unwrap_or_default(),
            payload["email"].as_str().unwrap_or_default(),
            None
        )
    );

    framework(&store)
        .execute_with_metadata(
            &id.to_string(),
            UpdateOrganization {
                location: Some("Ibadan".into()),
                ..Default::default()
            }
            .into(),
            metadata(id, None, "req-loc"),
        )
        .await
        .expect("a v1.0 organization accepts commands");

    let reloaded = replayed(&store, id).await;
    assert_eq!(
        reloaded.profile().and_then(|p| p.location.as_deref()),
        Some("Ibadan")
    );
    let log = read_all(&store).await;
    assert_eq!(
        (
            log[0].event_version.as_str(),
            log[0].payload.value().expect("payload")
        ),
        ("1.0", payload),
        "history is read through upcasters, never rewritten"
    );
    t.cleanup().await;
}

backend_tests!(
    commands_run_on_cqrs_es_and_reload_from_a_snapshot_plus_the_tail,
    a_snapshot_holds_exactly_the_state_its_events_replay_to,
    every_event_lands_in_the_global_log_with_its_commands_metadata,
    a_command_decided_on_a_stale_state_is_an_aggregate_conflict,
    concurrent_commands_on_one_organization_each_commit_or_conflict,
    a_broken_business_rule_writes_nothing,
    a_v1_organization_created_in_the_log_loads_through_the_upcasters,
);
