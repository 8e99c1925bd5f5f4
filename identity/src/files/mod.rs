//! Uploaded files (spec §7 Files): bytes under `<data_dir>/files/<kind>/<id>`, metadata in
//! the `files` table. Plain state (DESIGN.md §4), like credentials. Ids are random UUID v4,
//! so a file's URL can be served without a token (`<img src>`) and still not be guessed.
//!
//! Types are sniffed from the bytes ([`sniff`]), never taken from the client's name or
//! header. Images are stored by id; documents by the SHA-256 of their bytes ([`blobs`]),
//! so the same file kept twice takes its room once.

pub mod blobs;
pub mod sniff;

pub use sniff::{sniff_document, sniff_image};

use std::path::{Path, PathBuf};

use sqlx::{Any, Executor, Row};
use store::Db;

use crate::now_us;

/// The largest image accepted.
pub const IMAGE_BYTES_MAX: usize = 5 * 1024 * 1024;
/// The `kind` of an image (and its folder).
pub const IMAGES: &str = "images";

/// Where a file's bytes live.
pub fn blob_path(data_dir: &Path, kind: &str, id: &str) -> PathBuf {
    data_dir.join("files").join(kind).join(id)
}

/// One file's metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRecord {
    pub id: String,
    pub workspace_id: String,
    pub uploaded_by: String,
    pub kind: String,
    pub content_type: String,
    pub size: i64,
    pub sha256: String,
    /// Microseconds since the epoch.
    pub created_at: i64,
}

fn record(row: &sqlx::any::AnyRow) -> Result<FileRecord, sqlx::Error> {
    Ok(FileRecord {
        id: row.try_get("id")?,
        workspace_id: row.try_get("workspace_id")?,
        uploaded_by: row.try_get("uploaded_by")?,
        kind: row.try_get("kind")?,
        content_type: row.try_get("content_type")?,
        size: row.try_get("size")?,
        sha256: row.try_get("sha256")?,
        created_at: row.try_get("created_at")?,
    })
}

const COLUMNS: &str = "id, workspace_id, uploaded_by, kind, content_type, size, sha256, created_at";

/// Records a file whose bytes are already written.
pub async fn insert<'c, E>(executor: E, file: &FileRecord) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query(&format!(
        "INSERT INTO files ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
    ))
    .bind(&file.id)
    .bind(&file.workspace_id)
    .bind(&file.uploaded_by)
    .bind(&file.kind)
    .bind(&file.content_type)
    .bind(file.size)
    .bind(&file.sha256)
    .bind(file.created_at)
    .execute(executor)
    .await?;
    Ok(())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<FileRecord>, sqlx::Error> {
    sqlx::query(&format!("SELECT {COLUMNS} FROM files WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .as_ref()
        .map(record)
        .transpose()
}

/// A page of a workspace's files, newest first, and how many there are.
pub async fn of_workspace(
    db: &Db,
    workspace_id: &str,
    offset: i64,
    limit: i64,
) -> Result<(Vec<FileRecord>, i64), sqlx::Error> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM files WHERE workspace_id = $1")
        .bind(workspace_id)
        .fetch_one(&db.pool)
        .await?;
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM files WHERE workspace_id = $1 \
         ORDER BY created_at DESC, id LIMIT $2 OFFSET $3"
    ))
    .bind(workspace_id)
    .bind(limit)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?;
    let files = rows.iter().map(record).collect::<Result<_, _>>()?;
    Ok((files, count))
}

/// A new record's creation time.
pub fn now() -> i64 {
    now_us()
}
