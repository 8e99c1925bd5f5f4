//! Documents through the API: multipart uploads, downloads, and what the store holds on
//! disk, shared by the document and attachment tests.

use reqwest::multipart::{Form, Part};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::{Session, TestApp};

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

/// Every file under the app's stored and staged documents.
pub fn stored_files(app: &TestApp) -> Vec<std::path::PathBuf> {
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
