//! Black-box tests of the HTTP skeleton: the real application on port 0, on a fresh
//! SQLite file and on a fresh Postgres database.

use api_core::auth::TokenKeys;
use ledgerline::config::{Role, ServeConfig};
use ledgerline::server::Application;
use serde_json::Value;
use store::testing::TestDatabase;
use store::{backend_tests, Backend};

struct TestApp {
    base: String,
    client: reqwest::Client,
    keys: TokenKeys,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    db: Option<TestDatabase>,
    _ui: std::path::PathBuf,
}

impl TestApp {
    async fn spawn(backend: Backend) -> Self {
        let db = TestDatabase::new(backend).await;
        let ui = std::env::temp_dir().join(format!("ll_ui_{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&ui).expect("ui dir");
        std::fs::write(
            ui.join("index.html"),
            "<!doctype html><title>Ledgerline</title><div id=root></div>",
        )
        .expect("index");
        let config = ServeConfig {
            role: Role::All,
            bind: "127.0.0.1:0".parse().expect("addr"),
            ui_dir: ui.clone(),
            nats_url: None,
            smtp_url: None,
            public_url: "http://ledgerline.test".into(),
            storage: db.config.clone(),
        };
        let app = Application::build(config).await.expect("build app");
        let addr = app.local_addr().expect("bound");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.run(async move {
            let _ = stopped.await;
        }));
        let keys = TokenKeys::load_or_create(&db.config.data_dir).expect("keys");
        Self {
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
            keys,
            stop: Some(stop),
            db: Some(db),
            _ui: ui,
        }
    }

    async fn get(
        &self,
        path: &str,
        token: Option<&str>,
    ) -> (u16, reqwest::header::HeaderMap, String) {
        let mut request = self.client.get(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        (status, headers, response.text().await.expect("body"))
    }

    async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(db) = self.db.take() {
            db.cleanup().await;
        }
    }
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).expect("json body")
}

async fn health_reports_the_database_and_every_projector(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/health/", None).await;

    assert_eq!(status, 200, "{body}");
    let body = json(&body);
    assert_eq!(body["status"], "ok");
    assert_eq!(
        body["backend"],
        if backend == Backend::Sqlite {
            "sqlite"
        } else {
            "postgres"
        }
    );
    assert!(body["projectors"]
        .as_array()
        .expect("list")
        .iter()
        .any(|p| p["name"] == "log_stats" && p["lag"] == 0));
    app.stop().await;
}

async fn the_openapi_document_describes_the_routes(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/openapi.json", None).await;

    assert_eq!(status, 200);
    let doc = json(&body);
    assert!(doc["openapi"].as_str().expect("version").starts_with("3."));
    assert!(doc["paths"].get("/api/v1/health/").is_some());
    assert!(doc["paths"]
        .get("/api/v1/audit/workspaces/{workspace_id}/chain-head/")
        .is_some());
    app.stop().await;
}

async fn deep_links_load_the_app(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/accounting/trial-balance", None).await;

    assert_eq!(status, 200);
    assert!(body.contains("<title>Ledgerline</title>"));
    app.stop().await;
}

async fn unknown_api_paths_answer_a_json_404(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (status, _, body) = app.get("/api/v1/no-such-thing/", None).await;

    assert_eq!(status, 404);
    assert_eq!(json(&body)["code"], "not_found");
    app.stop().await;
}

async fn a_missing_or_invalid_token_answers_401_token_not_valid(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let path = "/api/v1/audit/workspaces/ws-1/chain-head/";
    let foreign = TokenKeys::from_secret(b"another-secret-another-secret-0123")
        .issue_access("u1")
        .expect("token");

    for token in [None, Some("not-a-jwt"), Some(foreign.as_str())] {
        let (status, _, body) = app.get(path, token).await;
        assert_eq!(status, 401, "{token:?}");
        assert_eq!(json(&body)["code"], "token_not_valid");
    }
    app.stop().await;
}

async fn a_signed_in_user_without_a_membership_cannot_read_a_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let token = app.keys.issue_access("user-1").expect("token");

    let (status, _, body) = app
        .get("/api/v1/audit/workspaces/ws-1/chain-head/", Some(&token))
        .await;

    assert_eq!(status, 403);
    let body = json(&body);
    assert_eq!(body["code"], "no_workspace_access");
    assert_eq!(body["detail"], "You don't have access to this workspace");
    app.stop().await;
}

async fn every_response_carries_a_request_id(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let (_, headers, _) = app.get("/api/v1/health/", None).await;

    assert!(headers.get("x-request-id").is_some_and(|v| !v.is_empty()));
    app.stop().await;
}

backend_tests!(
    health_reports_the_database_and_every_projector,
    the_openapi_document_describes_the_routes,
    deep_links_load_the_app,
    unknown_api_paths_answer_a_json_404,
    a_missing_or_invalid_token_answers_401_token_not_valid,
    a_signed_in_user_without_a_membership_cannot_read_a_workspace,
    every_response_carries_a_request_id,
);
