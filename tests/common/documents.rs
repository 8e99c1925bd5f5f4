//! Documents through the API: multipart uploads, downloads, and what the store holds on
//! disk, shared by the document and attachment tests.

use identity::files::blobs::ObjectStoreConfig;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use sha2::{Digest, Sha256};
use store::Backend;

use super::{Session, TestApp};

tokio::task_local! {
    /// The bucket of a test run against the object store (`object_store_tests!`).
    static BUCKET: ObjectStoreConfig;
}

/// A local S3-compatible server (moto's) this test started; stopped when dropped.
struct LocalS3(std::process::Child);

impl Drop for LocalS3 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The S3-compatible server `LEDGERLINE_TEST_S3_ENDPOINT` names (scripts/test starts
/// one), else one started for this test alone on a free port.
fn s3_endpoint() -> (String, Option<LocalS3>) {
    if let Ok(endpoint) = std::env::var("LEDGERLINE_TEST_S3_ENDPOINT") {
        return (endpoint, None);
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let child = std::process::Command::new("moto_server")
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("moto_server on PATH (pip install 'moto[server]'), or LEDGERLINE_TEST_S3_ENDPOINT");
    let server = LocalS3(child);
    for _ in 0..100 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    (format!("http://127.0.0.1:{port}"), Some(server))
}

/// Runs `test` with its app keeping documents in a fresh bucket of a local S3 server.
pub async fn in_object_store<F: std::future::Future<Output = ()>>(test: F) {
    let (endpoint, _server) = s3_endpoint();
    let bucket = format!("ll-{}", uuid::Uuid::new_v4().simple());
    let created = reqwest::Client::new()
        .put(format!("{endpoint}/{bucket}"))
        .send()
        .await
        .expect("create bucket");
    assert!(created.status().is_success(), "{}", created.status());
    let config = ObjectStoreConfig {
        bucket,
        endpoint: Some(endpoint),
        region: "us-east-1".into(),
        access_key_id: "testing".into(),
        secret_access_key: "testing".into(),
    };
    BUCKET.scope(config, test).await;
}

/// The app of a documents test: its documents in the bucket of [`in_object_store`] when
/// the test runs in one, else in the data directory.
pub async fn spawn(backend: Backend) -> TestApp {
    let bucket = BUCKET.try_with(Clone::clone).ok();
    TestApp::spawn_with(backend, |config| config.object_store = bucket).await
}

/// The same tests against the local S3-compatible server (on SQLite).
#[macro_export]
macro_rules! object_store_tests {
    ($($name:ident),* $(,)?) => {
        mod object_store {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    $crate::common::documents::in_object_store(
                        super::$name(store::Backend::Sqlite),
                    )
                    .await;
                }
            )*
        }
    };
}

pub const PDF: &[u8] =
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
pub const CSV: &[u8] = b"date,amount\n2026-03-01,25000.00\n";

pub fn files(workspace: &str) -> String {
    format!("/api/v1/files/workspaces/{workspace}/")
}

pub fn document(id: &str) -> String {
    format!("/api/v1/files/documents/{id}/")
}

pub struct Reply {
    pub status: u16,
    pub body: Value,
}

pub async fn upload(
    app: &TestApp,
    session: &Session,
    workspace: &str,
    parts: &[(&str, &[u8])],
) -> Reply {
    let mut form = Form::new();
    for (name, bytes) in parts {
        let part = Part::bytes(bytes.to_vec())
            .file_name((*name).to_owned())
            .mime_str("application/octet-stream")
            .expect("mime");
        form = form.part("file", part);
    }
    let response = app
        .client
        .post(format!("{}{}", app.base, files(workspace)))
        .bearer_auth(&session.access)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    Reply {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

pub fn sha256(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Every stored document (object keys in a bucket, paths in the data directory) and
/// every staged one.
pub async fn stored_files(app: &TestApp) -> Vec<String> {
    let mut found: Vec<String> = local_files(app)
        .into_iter()
        .map(|p| p.display().to_string())
        .collect();
    if let Ok(bucket) = BUCKET.try_with(Clone::clone) {
        let endpoint = bucket.endpoint.as_deref().expect("endpoint");
        let listing = reqwest::Client::new()
            .get(format!("{endpoint}/{}?list-type=2", bucket.bucket))
            .send()
            .await
            .expect("list")
            .text()
            .await
            .expect("listing");
        found.extend(
            listing
                .split("<Key>")
                .skip(1)
                .filter_map(|rest| rest.split("</Key>").next())
                .map(|key| format!("s3:{key}")),
        );
    }
    found.sort();
    found
}

fn local_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let data = &app.db.as_ref().expect("db").config.data_dir;
    let mut out = Vec::new();
    walk(&data.join("files").join("sha256"), &mut out);
    walk(&data.join("files").join("staging"), &mut out);
    out
}

pub async fn download(app: &TestApp, session: &Session, id: &str) -> reqwest::Response {
    app.client
        .get(format!("{}{}download/", app.base, document(id)))
        .bearer_auth(&session.access)
        .send()
        .await
        .expect("download")
}
