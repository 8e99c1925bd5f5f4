//! `Idempotency-Key` against a real store: a command route that appends one event.

use std::sync::Arc;

use api_core::access::NoMemberships;
use api_core::auth::TokenKeys;
use api_core::{idempotency, AppState};
use axum::body::Body;
use axum::extract::State;
use axum::http::{Request, StatusCode};
use axum::routing::post;
use axum::{middleware, Json, Router};
use serde_json::{json, Value};
use store::backend::AppendRequest;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventStore, NewEvent};
use tower::ServiceExt;

/// A command that records a note as a new event stream and answers its position.
async fn record_note(
    State(state): State<AppState>,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let id = uuid::Uuid::now_v7().to_string();
    let cursors = state
        .store
        .append(AppendRequest::new(vec![NewEvent {
            aggregate_type: "Note".into(),
            aggregate_id: id.clone(),
            sequence: 1,
            event_type: "NoteRecorded".into(),
            event_version: "1".into(),
            payload: body,
            metadata: json!({}),
        }]))
        .await
        .expect("append");
    (
        StatusCode::CREATED,
        Json(json!({ "data": { "id": id, "position": cursors[0].position } })),
    )
}

async fn app(t: &TestDatabase) -> (Router, EventStore) {
    let store = EventStore::open(t.db.clone()).await.expect("open");
    store::migrate::run(&t.db, "api-core", idempotency::MIGRATIONS)
        .await
        .expect("migrate");
    let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
    let state = AppState {
        store: store.clone(),
        keys: keys.clone(),
        secrets: identity::sealing::SealingKey::from_bytes(&[1; 32]),
        access: Arc::new(NoMemberships),
        data_dir: t.config.data_dir.clone(),
        blobs: identity::files::blobs::Blobs::new(&t.config.data_dir),
        public_url: "http://127.0.0.1".into(),
        mail: Default::default(),
        clock: Default::default(),
        applied: Default::default(),
        owners: Default::default(),
    };
    let router = Router::new()
        .route("/notes/", post(record_note))
        .with_state(state)
        .layer(middleware::from_fn_with_state(
            idempotency::IdempotencyState {
                db: t.db.clone(),
                keys,
            },
            idempotency::layer,
        ));
    (router, store)
}

async fn send(
    router: &Router,
    key: Option<&str>,
    body: Value,
) -> (StatusCode, Option<String>, Value) {
    send_as(router, None, key, body).await
}

async fn send_as(
    router: &Router,
    token: Option<&str>,
    key: Option<&str>,
    body: Value,
) -> (StatusCode, Option<String>, Value) {
    let mut request = Request::post("/notes/").header("content-type", "application/json");
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    if let Some(token) = token {
        request = request.header("Authorization", format!("Bearer {token}"));
    }
    let response = router
        .clone()
        .oneshot(request.body(Body::from(body.to_string())).expect("request"))
        .await
        .expect("response");
    let status = response.status();
    let replayed = response
        .headers()
        .get("idempotent-replayed")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("body");
    (
        status,
        replayed,
        serde_json::from_slice(&bytes).expect("json"),
    )
}

async fn a_retried_command_returns_the_first_response_and_writes_once(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;

    let first = send(&router, Some("key-1"), json!({"text": "hello"})).await;
    let retry = send(&router, Some("key-1"), json!({"text": "hello"})).await;

    assert_eq!(first.0, StatusCode::CREATED);
    assert_eq!((retry.0, retry.2.clone()), (first.0, first.2.clone()));
    assert_eq!(retry.1.as_deref(), Some("true"));
    assert_eq!(store.log().event_count().await.expect("count"), 1);
    t.cleanup().await;
}

async fn commands_without_a_key_run_every_time(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;

    send(&router, None, json!({"text": "a"})).await;
    send(&router, None, json!({"text": "a"})).await;

    assert_eq!(store.log().event_count().await.expect("count"), 2);
    t.cleanup().await;
}

async fn reusing_a_key_for_a_different_body_is_refused(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;

    send(&router, Some("key-2"), json!({"text": "one"})).await;
    let (status, _, body) = send(&router, Some("key-2"), json!({"text": "two"})).await;

    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["code"], "unprocessable");
    assert_eq!(store.log().event_count().await.expect("count"), 1);
    t.cleanup().await;
}

async fn concurrent_retries_of_one_key_write_once(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;

    let attempts: Vec<_> = (0..8)
        .map(|_| {
            let router = router.clone();
            tokio::spawn(async move {
                send(&router, Some("key-3"), json!({"text": "same"}))
                    .await
                    .0
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for attempt in attempts {
        statuses.push(attempt.await.expect("join"));
    }

    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT),
        "{statuses:?}"
    );
    assert_eq!(store.log().event_count().await.expect("count"), 1);
    t.cleanup().await;
}

fn keys() -> TokenKeys {
    TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef")
}

async fn a_retry_after_a_token_refresh_is_the_same_request(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;
    let before = keys().issue_access("user-1", "session-1").expect("token");
    // A refreshed token is a new text (another issue time) for the same user.
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let after = keys().issue_access("user-1", "session-1").expect("token");
    assert_ne!(before, after);

    let first = send_as(&router, Some(&before), Some("key-4"), json!({"text": "x"})).await;
    let retry = send_as(&router, Some(&after), Some("key-4"), json!({"text": "x"})).await;

    assert_eq!(retry.1.as_deref(), Some("true"));
    assert_eq!(retry.2, first.2);
    assert_eq!(store.log().event_count().await.expect("count"), 1);
    t.cleanup().await;
}

async fn two_users_sending_the_same_key_are_two_requests(backend: Backend) {
    let t = TestDatabase::new(backend).await;
    let (router, store) = app(&t).await;
    let ada = keys().issue_access("ada", "session-1").expect("token");
    let bola = keys().issue_access("bola", "session-2").expect("token");

    send_as(&router, Some(&ada), Some("key-5"), json!({"text": "x"})).await;
    let other = send_as(&router, Some(&bola), Some("key-5"), json!({"text": "x"})).await;

    assert_eq!(other.1, None);
    assert_eq!(store.log().event_count().await.expect("count"), 2);
    t.cleanup().await;
}

backend_tests!(
    a_retry_after_a_token_refresh_is_the_same_request,
    two_users_sending_the_same_key_are_two_requests,
    a_retried_command_returns_the_first_response_and_writes_once,
    commands_without_a_key_run_every_time,
    reusing_a_key_for_a_different_body_is_refused,
    concurrent_retries_of_one_key_write_once,
);
