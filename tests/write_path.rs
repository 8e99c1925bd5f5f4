//! The books' write path through the real API, on SQLite and Postgres: a posting or a
//! reversal retried with its Idempotency-Key after its answer was lost — even with a new
//! access token — answers the first result and writes nothing twice.

mod common;

use common::books::{books, leaf, post};
use common::TestApp;
use serde_json::json;
use store::{backend_tests, Backend};

async fn postings(app: &TestApp) -> usize {
    let store = store::EventStore::open(app.database().await)
        .await
        .expect("store");
    store::testing::read_all_committed(&store)
        .await
        .iter()
        .filter(|e| e.event_type == "JournalEntryPosted")
        .count()
}

async fn a_posting_retried_with_its_key_after_a_lost_answer_is_posted_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (cash, sales) = (
        leaf(&app, &books, "1120").await,
        leaf(&app, &books, "4100").await,
    );
    let body = json!({"date": "2026-04-01", "memo": "Sale", "post": true, "lines": [
        {"account_id": cash, "debit": "80.00"},
        {"account_id": sales, "credit": "80.00"}
    ]});
    let path = format!("{}journal-entries/", books.base);
    let first = app
        .post_keyed(&path, &books.owner.access, "post-1", body.clone())
        .await;
    assert_eq!(first.status, 201, "{}", first.body);
    app.lose_cached_answers().await;
    // The client's token was refreshed meanwhile: a new token, the same user.
    tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
    let refreshed = app
        .keys
        .issue_access(&books.owner.user_id, "session-2")
        .expect("token");
    assert_ne!(refreshed, books.owner.access);

    let retry = app.post_keyed(&path, &refreshed, "post-1", body).await;

    assert_eq!(retry.status, 201, "{}", retry.body);
    assert_eq!(retry.body["data"], first.body["data"]);
    assert_eq!(first.body["data"]["entry_number"], "JE-000001");
    assert_eq!(postings(&app).await, 1);
    app.stop().await;
}

async fn a_reversal_retried_with_its_key_answers_the_same_reversing_entry(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let original = post(&app, &books, "2026-04-01", "120.00").await;
    let path = format!("{}journal-entries/{original}/reverse/", books.base);

    let first = app
        .post_keyed(
            &path,
            &books.owner.access,
            "reverse-1",
            json!({"date": "2026-04-02"}),
        )
        .await;
    app.lose_cached_answers().await;
    let retry = app
        .post_keyed(
            &path,
            &books.owner.access,
            "reverse-1",
            json!({"date": "2026-04-02"}),
        )
        .await;

    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(retry.status, 201, "{}", retry.body);
    assert_eq!(retry.body["data"]["id"], first.body["data"]["id"]);
    assert_eq!(retry.body["data"]["entry_number"], "JE-000002");
    assert_eq!(postings(&app).await, 2);
    app.stop().await;
}

backend_tests!(
    a_posting_retried_with_its_key_after_a_lost_answer_is_posted_once,
    a_reversal_retried_with_its_key_answers_the_same_reversing_entry,
);
