//! `documents`: the documents each workspace keeps (name, type, size, hash, tags, who
//! uploaded them) and what each is attached to. The documents screen and the search read
//! it; the plan's document-storage limit sums it per organization; journal entries and
//! the general ledger show the files attached to them from it.

use async_trait::async_trait;
use event_schemas::document::{upcasters, DocumentEvent, AGGREGATE_TYPE};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const DOCUMENTS: &str = "CREATE TABLE read_documents (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    tags TEXT NOT NULL,
    uploaded_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted_at BIGINT
)";

const DOCUMENTS_WORKSPACE: &str =
    "CREATE INDEX read_documents_workspace ON read_documents (workspace_id, created_at)";
const DOCUMENTS_ORGANIZATION: &str =
    "CREATE INDEX read_documents_organization ON read_documents (organization_id)";

/// The sweeper asks whether any live document names a hash.
const DOCUMENTS_SHA256: &str = "CREATE INDEX read_documents_sha256 ON read_documents (sha256)";

const LINKS: &str = "CREATE TABLE read_document_links (
    document_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    target_kind TEXT NOT NULL,
    target_id TEXT NOT NULL,
    attached_by TEXT NOT NULL,
    attached_at BIGINT NOT NULL,
    PRIMARY KEY (document_id, target_kind, target_id)
)";

const LINKS_TARGET: &str =
    "CREATE INDEX read_document_links_target ON read_document_links (target_kind, target_id)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

const MIGRATIONS: &[Migration] = &[
    same!(1, "read_documents", DOCUMENTS),
    same!(2, "read_documents_workspace", DOCUMENTS_WORKSPACE),
    same!(3, "read_documents_organization", DOCUMENTS_ORGANIZATION),
    same!(4, "read_document_links", LINKS),
    same!(5, "read_document_links_target", LINKS_TARGET),
    same!(6, "read_documents_sha256", DOCUMENTS_SHA256),
];

/// The projector's name (its checkpoint's).
pub const NAME: &str = "documents";

pub struct Documents;

#[async_trait]
impl Projector for Documents {
    fn name(&self) -> &'static str {
        NAME
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_documents", "read_document_links"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: DocumentEvent = decode(event, &upcasters)?;
            apply(tx, event.recorded_at, &decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    at: i64,
    event: &DocumentEvent,
) -> Result<(), sqlx::Error> {
    let (sql, binds): (&str, Vec<Bound>) = match event {
        DocumentEvent::DocumentUploaded(e) => (
            "INSERT INTO read_documents (id, organization_id, workspace_id, name, content_type, \
             size, sha256, tags, uploaded_by, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, '[]', $8, $9, $9)",
            vec![
                e.document_id.to_string().into(),
                e.organization_id.to_string().into(),
                e.workspace_id.to_string().into(),
                e.name.clone().into(),
                e.content_type.clone().into(),
                e.size.into(),
                e.sha256.clone().into(),
                e.uploaded_by.to_string().into(),
                at.into(),
            ],
        ),
        DocumentEvent::DocumentRenamed(e) => (
            "UPDATE read_documents SET name = $1, updated_at = $2 WHERE id = $3",
            vec![
                e.name.clone().into(),
                at.into(),
                e.document_id.to_string().into(),
            ],
        ),
        DocumentEvent::DocumentTagged(e) => (
            "UPDATE read_documents SET tags = $1, updated_at = $2 WHERE id = $3",
            vec![
                serde_json::to_string(&e.tags).unwrap_or_default().into(),
                at.into(),
                e.document_id.to_string().into(),
            ],
        ),
        DocumentEvent::DocumentDeleted(e) => (
            "UPDATE read_documents SET deleted_at = $1, updated_at = $1 WHERE id = $2",
            vec![at.into(), e.document_id.to_string().into()],
        ),
        DocumentEvent::DocumentAttached(e) => (
            "INSERT INTO read_document_links (document_id, workspace_id, target_kind, target_id, \
             attached_by, attached_at) VALUES ($1, $2, $3, $4, $5, $6)",
            vec![
                e.document_id.to_string().into(),
                e.workspace_id.to_string().into(),
                e.to.kind().to_owned().into(),
                e.to.id().to_string().into(),
                e.attached_by.to_string().into(),
                at.into(),
            ],
        ),
        DocumentEvent::DocumentDetached(e) => (
            "DELETE FROM read_document_links \
             WHERE document_id = $1 AND target_kind = $2 AND target_id = $3",
            vec![
                e.document_id.to_string().into(),
                e.from.kind().to_owned().into(),
                e.from.id().to_string().into(),
            ],
        ),
    };
    let mut query = sqlx::query(sql);
    for bind in binds {
        query = match bind {
            Bound::Text(v) => query.bind(v),
            Bound::Int(v) => query.bind(v),
        };
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

enum Bound {
    Text(String),
    Int(i64),
}

impl From<String> for Bound {
    fn from(v: String) -> Self {
        Bound::Text(v)
    }
}

impl From<i64> for Bound {
    fn from(v: i64) -> Self {
        Bound::Int(v)
    }
}

/// A row of `read_documents`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentRow {
    pub id: String,
    pub organization_id: String,
    pub workspace_id: String,
    pub name: String,
    pub content_type: String,
    pub size: i64,
    pub sha256: String,
    pub tags: Vec<String>,
    pub uploaded_by: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The columns [`DocumentRow::from_row`] reads, for queries that select them.
pub const COLUMNS: &str = "id, organization_id, workspace_id, name, content_type, size, \
     sha256, tags, uploaded_by, created_at, updated_at";

impl DocumentRow {
    pub fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let tags: String = row.try_get("tags")?;
        Ok(Self {
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            workspace_id: row.try_get("workspace_id")?,
            name: row.try_get("name")?,
            content_type: row.try_get("content_type")?,
            size: row.try_get("size")?,
            sha256: row.try_get("sha256")?,
            tags: serde_json::from_str(&tags).unwrap_or_default(),
            uploaded_by: row.try_get("uploaded_by")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

/// Document `id` unless deleted, whichever workspace holds it (the caller checks access).
pub async fn find(pool: &sqlx::AnyPool, id: &str) -> Result<Option<DocumentRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_documents WHERE id = $1 AND deleted_at IS NULL"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(DocumentRow::from_row).transpose()
}

/// Whether a live document (of any organization) names the bytes hashing to `sha256`.
pub async fn is_named(pool: &sqlx::AnyPool, sha256: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> = sqlx::query_scalar(
        "SELECT id FROM read_documents WHERE sha256 = $1 AND deleted_at IS NULL LIMIT 1",
    )
    .bind(sha256)
    .fetch_optional(pool)
    .await?;
    Ok(found.is_some())
}

/// Bytes of the documents the organization keeps (deleted ones no longer count): what
/// the plan's document-storage limit bounds.
pub async fn bytes_stored(pool: &sqlx::AnyPool, organization_id: &str) -> Result<u64, sqlx::Error> {
    let total: Option<i64> = sqlx::query_scalar(
        "SELECT CAST(SUM(size) AS BIGINT) FROM read_documents \
         WHERE organization_id = $1 AND deleted_at IS NULL",
    )
    .bind(organization_id)
    .fetch_one(pool)
    .await?;
    Ok(u64::try_from(total.unwrap_or(0)).unwrap_or(0))
}

/// One attachment: a document and what it backs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub target_kind: String,
    pub target_id: String,
    pub document: DocumentRow,
}

/// The live documents attached to any of `targets` (of `target_kind`), oldest
/// attachment first.
pub async fn attached_to(
    pool: &sqlx::AnyPool,
    target_kind: &str,
    targets: &[String],
) -> Result<Vec<Link>, sqlx::Error> {
    if targets.is_empty() {
        return Ok(Vec::new());
    }
    let columns: String = COLUMNS
        .split(", ")
        .map(|c| format!("d.{c}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT l.target_kind, l.target_id, {columns} FROM read_document_links l \
         JOIN read_documents d ON d.id = l.document_id \
         WHERE l.target_kind = $1 AND l.target_id IN ({}) AND d.deleted_at IS NULL \
         ORDER BY l.attached_at, d.id",
        store::sql::numbered_params(2, targets.len())
    );
    let mut query = sqlx::query(&sql).bind(target_kind);
    for target in targets {
        query = query.bind(target);
    }
    query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| {
            Ok(Link {
                target_kind: row.try_get("target_kind")?,
                target_id: row.try_get("target_id")?,
                document: DocumentRow::from_row(row)?,
            })
        })
        .collect()
}

/// What each of `documents` is attached to: `(document_id, target_kind, target_id)`.
pub async fn links_of(
    pool: &sqlx::AnyPool,
    documents: &[String],
) -> Result<Vec<(String, String, String)>, sqlx::Error> {
    if documents.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT document_id, target_kind, target_id FROM read_document_links \
         WHERE document_id IN ({}) ORDER BY attached_at, target_id",
        store::sql::numbered_params(1, documents.len())
    );
    let mut query = sqlx::query(&sql);
    for document in documents {
        query = query.bind(document);
    }
    query
        .fetch_all(pool)
        .await?
        .iter()
        .map(|row| {
            Ok((
                row.try_get("document_id")?,
                row.try_get("target_kind")?,
                row.try_get("target_id")?,
            ))
        })
        .collect()
}
