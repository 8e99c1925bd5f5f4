//! The assistant with an OpenAI-compatible endpoint: a fake one on 127.0.0.1 that calls
//! the assistant's tools and words the answer from their results. An honest wording is
//! the answer; a wording with an invented number is sent back, and when the model keeps
//! inventing, the built-in answer is given instead. On SQLite and Postgres.

mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use common::books::{books, post as post_sale};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const KEY: &str = "sk-test-not-a-real-key";

/// The fake model: it asks for the balance tool, then words the tool's figure — or, when
/// `lying`, adds a number of its own.
#[derive(Clone, Default)]
struct Fake {
    lying: Arc<AtomicBool>,
    calls: Arc<AtomicUsize>,
    keys: Arc<Mutex<Vec<String>>>,
}

async fn completions(
    State(fake): State<Fake>,
    headers: axum::http::HeaderMap,
    Json(body): Json<Value>,
) -> Json<Value> {
    fake.calls.fetch_add(1, Ordering::SeqCst);
    if let Some(auth) = headers.get("authorization").and_then(|v| v.to_str().ok()) {
        fake.keys.lock().expect("keys").push(auth.to_owned());
    }
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    assert!(
        body["tools"].as_array().is_some_and(|t| !t.is_empty()),
        "tools offered"
    );
    let tool_result = messages
        .iter()
        .rev()
        .find(|m| m["role"] == "tool")
        .and_then(|m| m["content"].as_str())
        .and_then(|c| serde_json::from_str::<Value>(c).ok());
    let message = match tool_result {
        None => json!({"role": "assistant", "content": null, "tool_calls": [{
            "id": "call_1", "type": "function",
            "function": {"name": "balance", "arguments": "{\"account\": \"bank current\", \"as_of\": \"2026-03-31\"}"}
        }]}),
        Some(result) => {
            let amount = result["figures"][0]["amount"]
                .as_str()
                .unwrap_or("?")
                .to_owned();
            let content = if fake.lying.load(Ordering::SeqCst) {
                format!("The current account (1120) held NGN {amount} on 31 Mar 2026, up from NGN 777.00 a month before.")
            } else {
                format!("The current account (1120) held NGN {amount} on 31 Mar 2026.")
            };
            json!({"role": "assistant", "content": content})
        }
    };
    Json(json!({"choices": [{"index": 0, "message": message, "finish_reason": "stop"}]}))
}

async fn fake_endpoint() -> (String, Fake) {
    let fake = Fake::default();
    let app = Router::new()
        .route("/v1/chat/completions", post(completions))
        .with_state(fake.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move {
        axum::serve(listener, app).await.expect("fake endpoint");
    });
    (format!("http://{address}/v1"), fake)
}

async fn a_model_words_tool_results_and_an_invented_number_is_caught(backend: Backend) {
    let (url, fake) = fake_endpoint().await;
    let app = TestApp::spawn_with(backend, |config| {
        config.assistant = Some(query_api::assistant::model::ModelEndpoint {
            url,
            key: Some(KEY.into()),
            model: "fake-1".into(),
        });
    })
    .await;
    let books = books(&app).await;
    post_sale(&app, &books, "2026-03-10", "1500.00").await;
    let token = books.owner.access.clone();
    let conversations = format!(
        "/api/v1/assistant/workspaces/{}/conversations/",
        books.workspace
    );
    let started = app.post(&conversations, Some(&token), json!({})).await;
    assert_eq!(started.status, 201, "{}", started.body);
    let ask = |question: &'static str| {
        let path = format!(
            "{conversations}{}/messages/",
            started.body["data"]["id"].as_str().expect("id")
        );
        let app = &app;
        let token = token.clone();
        async move {
            let reply = app
                .post(&path, Some(&token), json!({"text": question}))
                .await;
            assert_eq!(reply.status, 201, "{question}: {}", reply.body);
            reply.body["data"].clone()
        }
    };
    let tb = app
        .read(
            &format!("{}trial-balance/?as_of=2026-03-31", books.base),
            Some(&token),
        )
        .await;
    let expected = tb.body["data"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == "1120")
        .expect("1120")["balance"]
        .clone();

    // Honest: the model's words, with the tool's figure and source.
    let answer = ask("How much was in the current account at the end of March 2026?").await;
    assert_eq!(answer["engine"], "model", "{answer}");
    assert_eq!(answer["figures"][0]["amount"], expected, "{answer}");
    assert!(
        answer["text"]
            .as_str()
            .expect("text")
            .contains("NGN 1500.00"),
        "{answer}"
    );
    assert_eq!(answer["sources"][0]["kind"], "trial_balance");
    assert_eq!(
        fake.calls.load(Ordering::SeqCst),
        2,
        "a tool call, then the wording"
    );
    assert!(fake
        .keys
        .lock()
        .expect("keys")
        .iter()
        .all(|k| k == &format!("Bearer {KEY}")));

    // Lying: worded twice with a number no tool gave, then the built-in answer instead.
    fake.lying.store(true, Ordering::SeqCst);
    let answer = ask("What was the bank current balance as of 31 March 2026?").await;
    assert_eq!(
        fake.calls.load(Ordering::SeqCst),
        5,
        "a tool call, then two wordings"
    );
    assert_eq!(answer["engine"], "built_in", "{answer}");
    assert!(
        !answer["text"].as_str().expect("text").contains("777"),
        "{answer}"
    );
    assert_eq!(answer["figures"][0]["amount"], expected, "{answer}");
    // The key never reaches an answer or the kept conversation.
    let kept = app
        .read(
            &format!(
                "{conversations}{}/",
                started.body["data"]["id"].as_str().expect("id")
            ),
            Some(&token),
        )
        .await;
    assert!(!kept.body.to_string().contains(KEY));
    app.stop().await;
}

async fn an_endpoint_that_fails_leaves_the_built_in_answer(backend: Backend) {
    let app = TestApp::spawn_with(backend, |config| {
        // Nothing listens on port 9 of this machine.
        config.assistant = Some(query_api::assistant::model::ModelEndpoint {
            url: "http://127.0.0.1:9/v1".into(),
            key: None,
            model: "absent".into(),
        });
    })
    .await;
    let books = books(&app).await;
    post_sale(&app, &books, "2026-03-10", "250.00").await;
    let token = books.owner.access.clone();
    let conversations = format!(
        "/api/v1/assistant/workspaces/{}/conversations/",
        books.workspace
    );
    let started = app.post(&conversations, Some(&token), json!({})).await;
    let id = started.body["data"]["id"].as_str().expect("id");
    let reply = app
        .post(
            &format!("{conversations}{id}/messages/"),
            Some(&token),
            json!({"text": "sales of goods balance as of 31 March 2026"}),
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    assert_eq!(reply.body["data"]["engine"], "built_in");
    assert_eq!(reply.body["data"]["figures"][0]["amount"], "250.00");
    app.stop().await;
}

backend_tests!(
    a_model_words_tool_results_and_an_invented_number_is_caught,
    an_endpoint_that_fails_leaves_the_built_in_answer,
);
