//! The real application on port 0, on a fresh SQLite file or a fresh Postgres database,
//! and the HTTP helpers the black-box tests share.
#![allow(dead_code)]

pub mod books;
pub mod documents;
pub mod fake_providers;
pub mod two_factor;
pub mod wallets;

use api_core::auth::TokenKeys;
use ledgerline::config::{Role, ServeConfig};
use ledgerline::server::Application;
use serde_json::{json, Value};
use store::testing::TestDatabase;
use store::Backend;

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub keys: TokenKeys,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub db: Option<TestDatabase>,
    /// The server's clock: `advance` it to see what time does.
    pub clock: api_core::time::Clock,
    /// The UI directory the server serves (an `index.html` only, unless a test adds files).
    pub ui_dir: std::path::PathBuf,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        Self::spawn_with(backend, |_| {}).await
    }

    /// [`TestApp::spawn`] with the configuration changed by `configure` first.
    pub async fn spawn_with(backend: Backend, configure: impl FnOnce(&mut ServeConfig)) -> Self {
        let db = TestDatabase::new(backend).await;
        let mut app = Self::start(db.config.clone(), configure).await;
        app.db = Some(db);
        app
    }

    /// The application on a database prepared beforehand (e.g. by `ledgerline demo seed`).
    pub async fn spawn_on(db: TestDatabase) -> Self {
        let mut app = Self::start(db.config.clone(), |_| {}).await;
        app.db = Some(db);
        app
    }

    /// Another node on this app's database (scale-out tests); stop it before this one.
    pub async fn another_node(&self, configure: impl FnOnce(&mut ServeConfig)) -> Self {
        let storage = self.db.as_ref().expect("database").config.clone();
        Self::start(storage, configure).await
    }

    async fn start(
        storage: store::StorageConfig,
        configure: impl FnOnce(&mut ServeConfig),
    ) -> Self {
        let ui = std::env::temp_dir().join(format!("ll_ui_{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&ui).expect("ui dir");
        std::fs::write(
            ui.join("index.html"),
            "<!doctype html><title>Ledgerline</title><div id=root></div>",
        )
        .expect("index");
        let mut config = ServeConfig {
            role: Role::All,
            bind: "127.0.0.1:0".parse().expect("addr"),
            ui_dir: ui.clone(),
            nats: None,
            smtp_url: None,
            public_url: "http://ledgerline.test".into(),
            // Tests see the "entries posted" digest at once.
            digest_window: std::time::Duration::ZERO,
            dev_mode: false,
            cors_origins: Vec::new(),
            storage: storage.clone(),
            clock: Default::default(),
            object_store: None,
            assistant: None,
            payments: Default::default(),
        };
        configure(&mut config);
        let clock = config.clock.clone();
        let app = Application::build(config).await.expect("build app");
        let addr = app.local_addr().expect("bound");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(app.run(async move {
            let _ = stopped.await;
        }));
        let keys = TokenKeys::load_or_create(&storage.data_dir).expect("keys");
        Self {
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
            keys,
            stop: Some(stop),
            db: None,
            clock,
            ui_dir: ui,
        }
    }

    /// The read-model database, as another process would open it.
    pub async fn database(&self) -> store::Db {
        self.db.as_ref().expect("database").connect_again().await
    }

    pub async fn get(
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

    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(db) = self.db.take() {
            db.cleanup().await;
        }
    }
}

/// The text of a PDF as Poppler's `pdftotext` extracts it (what a reader's search and copy
/// see), with every run of whitespace as one space, so text wrapped over lines reads as
/// one. scripts/test installs poppler-utils.
pub fn pdf_text(pdf: &[u8]) -> String {
    pdftotext(pdf, &[])
}

/// [`pdf_text`] with the page's layout kept: a table row reads as one line ("Total assets
/// 1,250,000.00"), its cells one space apart.
pub fn pdf_layout_text(pdf: &[u8]) -> String {
    pdftotext(pdf, &["-layout"])
}

fn pdftotext(pdf: &[u8], options: &[&str]) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("pdftotext")
        .args(options)
        .args(["-enc", "UTF-8", "-", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("pdftotext (Debian poppler-utils) is installed");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(pdf)
        .expect("PDF written to pdftotext");
    let out = child.wait_with_output().expect("pdftotext ran");
    assert!(out.status.success(), "pdftotext failed on the PDF");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn json(body: &str) -> Value {
    serde_json::from_str(body).expect("json body")
}

/// A response: status and JSON body (`Value::Null` when empty).
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    /// The status and the body as JSON (`Value::Null` when empty, the text when not JSON).
    async fn of(response: reqwest::Response) -> Self {
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Reply { status, body }
    }
}

impl TestApp {
    /// Sends `method path` with an optional bearer token and JSON body.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        Reply::of(request.send().await.expect("request")).await
    }

    /// POST from another loopback address (`127.0.0.2`, …): another client as the server
    /// sees it.
    pub async fn post_from(&self, address: &str, path: &str, body: Value) -> Reply {
        let client = reqwest::Client::builder()
            .local_address(address.parse::<std::net::IpAddr>().expect("address"))
            .build()
            .expect("client");
        let request = client.post(format!("{}{path}", self.base)).json(&body);
        Reply::of(request.send().await.expect("request")).await
    }

    /// POST with an `Idempotency-Key`.
    pub async fn post_keyed(&self, path: &str, token: &str, key: &str, body: Value) -> Reply {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .header("Idempotency-Key", key)
            .json(&body)
            .send()
            .await
            .expect("request");
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        Reply {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        }
    }

    /// Forgets every answer the idempotency layer cached, as a node killed between the
    /// commit and recording its answer would leave it: only the commands' own keys remain.
    pub async fn lose_cached_answers(&self) {
        let db = &self.db.as_ref().expect("database").db;
        sqlx::query("DELETE FROM idempotency_keys")
            .execute(&db.pool)
            .await
            .expect("forget answers");
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    pub async fn patch(&self, path: &str, token: Option<&str>, body: Value) -> Reply {
        self.call(reqwest::Method::PATCH, path, token, Some(body))
            .await
    }

    pub async fn read(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(reqwest::Method::GET, path, token, None).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Reply {
        self.call(reqwest::Method::DELETE, path, token, None).await
    }

    /// Where the embedded mail transport delivers this app's mail (its recipients'
    /// mailbox).
    pub fn mailbox(&self) -> std::path::PathBuf {
        self.db
            .as_ref()
            .expect("database")
            .config
            .data_dir
            .join("outbox")
    }

    /// The newest mail to `recipient`, once the delivery worker has delivered every mail
    /// queued to them so far.
    pub async fn mail_to(&self, recipient: &str) -> identity::outbox::DeliveredMail {
        let db = &self.db.as_ref().expect("database").db;
        for _ in 0..250 {
            let pending = identity::outbox::pending_to(db, recipient)
                .await
                .expect("reading the outbox");
            if pending == 0 {
                if let Some(mail) =
                    identity::outbox::newest_delivered_to(&self.mailbox(), recipient)
                        .expect("reading the mailbox")
                {
                    return mail;
                }
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("no mail to {recipient}");
    }

    /// The `token=` of the link in the newest mail to `recipient`.
    pub async fn token_mailed_to(&self, recipient: &str) -> String {
        let body = self.mail_to(recipient).await.body;
        let start = body.find("token=").expect("a link with a token") + "token=".len();
        body[start..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect()
    }

    /// Signs up, verifies the e-mail and signs in: the new user's access token, id and
    /// organization id.
    pub async fn signed_up(&self, email: &str) -> Session {
        self.signed_up_named(email, "Ada", "Obi").await
    }

    /// [`Self::signed_up`] with the person's name (their organization is named after it).
    pub async fn signed_up_named(&self, email: &str, first_name: &str, last_name: &str) -> Session {
        let registered = self
            .post(
                "/api/v1/accounts/register/",
                None,
                json!({"first_name": first_name, "last_name": last_name, "email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(registered.status, 201, "{}", registered.body);
        let token = self.token_mailed_to(email).await;
        let verified = self
            .post(
                "/api/v1/accounts/email-verification/complete/",
                None,
                json!({ "token": token }),
            )
            .await;
        assert_eq!(verified.status, 200, "{}", verified.body);
        let login = self
            .post(
                "/api/v1/accounts/login/",
                None,
                json!({"email": email, "password": PASSWORD}),
            )
            .await;
        assert_eq!(login.status, 200, "{}", login.body);
        Session {
            access: login.body["data"]["access"]
                .as_str()
                .expect("access")
                .into(),
            refresh: login.body["data"]["refresh"]
                .as_str()
                .expect("refresh")
                .into(),
            user_id: registered.body["data"]["id"].as_str().expect("id").into(),
            organization_id: registered.body["data"]["organization_id"]
                .as_str()
                .expect("organization")
                .into(),
        }
    }

    /// Adds `email` (signed up already) to the owner's organization with `role` (0 Viewer,
    /// 1 Editor, 2 Admin), covering `workspace`.
    pub async fn add_member(&self, owner: &Session, email: &str, role: u8, workspace: &str) {
        let added = self
            .post(
                &format!(
                    "/api/v1/accounts/organizations/{}/memberships/",
                    owner.organization_id
                ),
                Some(&owner.access),
                json!({"email": email, "role": role, "workspaces": [workspace]}),
            )
            .await;
        assert_eq!(added.status, 201, "{}", added.body);
    }

    /// Creates a workspace in the session's organization; its id.
    pub async fn workspace(&self, session: &Session, name: &str) -> String {
        let created = self
            .post(
                &format!(
                    "/api/v1/accounts/organizations/{}/workspaces/",
                    session.organization_id
                ),
                Some(&session.access),
                json!({ "name": name }),
            )
            .await;
        assert_eq!(created.status, 201, "{}", created.body);
        created.body["data"]["id"].as_str().expect("id").into()
    }
}

pub const PASSWORD: &str = "ledger-pass-2026";

pub struct Session {
    pub access: String,
    pub refresh: String,
    pub user_id: String,
    pub organization_id: String,
}
