//! A workspace's documents as the file routes (read and write) answer them, and the
//! short form entries and ledger rows carry for the files attached to them. Declared once
//! so both APIs answer alike and the OpenAPI document has one component for each.

use std::collections::BTreeMap;

use projections::documents::{DocumentRow, Link};
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::{ApiError, AppState};

/// Where a document's bytes are downloaded (a path under the API, token required).
pub fn download_path(document_id: &str) -> String {
    format!("/api/v1/files/documents/{document_id}/download/")
}

/// Who uploaded a file.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Uploader {
    pub id: String,
    /// First and last name; empty for an account since removed.
    pub name: String,
}

/// What a document is attached to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AttachmentTarget {
    /// `journal_entry`, `fixed_asset` or `debt`.
    pub kind: String,
    pub id: String,
}

/// A file a workspace keeps: a document, or an image uploaded for a profile or logo.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StoredFile {
    pub id: String,
    /// `document` or `image`.
    pub kind: String,
    pub workspace_id: String,
    /// The sanitized file name (images have none: `null`).
    pub name: Option<String>,
    /// The type read from the bytes when they were uploaded.
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
    pub tags: Vec<String>,
    pub uploader: Uploader,
    pub created: String,
    /// Where the bytes are fetched: a document's download path (token required) or an
    /// image's public URL.
    pub url: String,
    /// What the document backs (always empty for images).
    pub attached_to: Vec<AttachmentTarget>,
}

/// A file attached to an entry (or a ledger row): enough to show and open it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AttachedDocument {
    pub id: String,
    pub name: String,
    pub content_type: String,
    pub size: i64,
    pub sha256: String,
    /// The download path (token required).
    pub url: String,
}

impl From<&DocumentRow> for AttachedDocument {
    fn from(row: &DocumentRow) -> Self {
        Self {
            id: row.id.clone(),
            name: row.name.clone(),
            content_type: row.content_type.clone(),
            size: row.size,
            sha256: row.sha256.clone(),
            url: download_path(&row.id),
        }
    }
}

/// The names of `user_ids`, by id.
pub async fn user_names(
    state: &AppState,
    user_ids: impl IntoIterator<Item = String>,
) -> Result<BTreeMap<String, String>, ApiError> {
    let ids: Vec<String> = user_ids
        .into_iter()
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    if ids.is_empty() {
        return Ok(BTreeMap::new());
    }
    let sql = format!(
        "SELECT id, first_name, last_name FROM users WHERE id IN ({})",
        store::sql::numbered_params(1, ids.len())
    );
    let mut query = sqlx::query(&sql);
    for id in &ids {
        query = query.bind(id);
    }
    let mut names = BTreeMap::new();
    for row in query.fetch_all(&state.db().pool).await? {
        let first: String = row.try_get("first_name")?;
        let last: String = row.try_get("last_name")?;
        names.insert(
            row.try_get::<String, _>("id")?,
            format!("{first} {last}").trim().to_owned(),
        );
    }
    Ok(names)
}

/// `rows` as answered, with their uploaders' names and what each is attached to.
pub async fn stored_documents(
    state: &AppState,
    rows: &[DocumentRow],
) -> Result<Vec<StoredFile>, ApiError> {
    let pool = &state.db().pool;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let mut links: BTreeMap<String, Vec<AttachmentTarget>> = BTreeMap::new();
    for (document, kind, id) in projections::documents::links_of(pool, &ids).await? {
        links
            .entry(document)
            .or_default()
            .push(AttachmentTarget { kind, id });
    }
    let names = user_names(state, rows.iter().map(|r| r.uploaded_by.clone())).await?;
    Ok(rows
        .iter()
        .map(|row| StoredFile {
            id: row.id.clone(),
            kind: "document".into(),
            workspace_id: row.workspace_id.clone(),
            name: Some(row.name.clone()),
            content_type: row.content_type.clone(),
            size: row.size,
            sha256: row.sha256.clone(),
            tags: row.tags.clone(),
            uploader: Uploader {
                id: row.uploaded_by.clone(),
                name: names.get(&row.uploaded_by).cloned().unwrap_or_default(),
            },
            created: crate::time::iso_datetime(row.created_at),
            url: download_path(&row.id),
            attached_to: links.remove(&row.id).unwrap_or_default(),
        })
        .collect())
}

/// The documents attached to each of `targets` (of `kind`), by target id.
pub async fn attached_documents(
    state: &AppState,
    kind: &str,
    targets: &[String],
) -> Result<BTreeMap<String, Vec<AttachedDocument>>, ApiError> {
    let mut by_target: BTreeMap<String, Vec<AttachedDocument>> = BTreeMap::new();
    for Link {
        target_id,
        document,
        ..
    } in projections::documents::attached_to(&state.db().pool, kind, targets).await?
    {
        by_target
            .entry(target_id)
            .or_default()
            .push(AttachedDocument::from(&document));
    }
    Ok(by_target)
}

/// An answer about a record documents can back (a journal entry, fixed asset or debt),
/// which carries the files attached to it.
pub trait Attachable {
    /// The attachment kind (`journal_entry`, `fixed_asset`, `debt`).
    const KIND: &'static str;
    fn attachable_id(&self) -> &str;
    fn set_documents(&mut self, documents: Vec<AttachedDocument>);
}

/// Fills in the documents attached to each of `records`, in one query.
pub async fn with_documents<T: Attachable>(
    state: &AppState,
    records: &mut [T],
) -> Result<(), ApiError> {
    let ids: Vec<String> = records
        .iter()
        .map(|r| r.attachable_id().to_owned())
        .collect();
    let mut attached = attached_documents(state, T::KIND, &ids).await?;
    for record in records {
        let documents = attached.remove(record.attachable_id()).unwrap_or_default();
        record.set_documents(documents);
    }
    Ok(())
}
