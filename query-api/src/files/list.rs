//! `GET /api/v1/files/workspaces/{id}/`: a workspace's files — its documents and the
//! images uploaded into it — newest first, by page, searchable by name, tag, type and
//! upload date.

use std::collections::BTreeMap;

use api_core::auth::AuthUser;
use api_core::documents::{stored_documents, user_names, StoredFile, Uploader};
use api_core::openapi::{ok, Data, PageOf};
use api_core::pagination::{PageParams, Paginated};
use api_core::ApiError;
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::NaiveDate;
use projections::documents::DocumentRow;
use serde::Deserialize;
use sqlx::Row;
use utoipa::IntoParams;

use crate::accounting::Sql;
use crate::QueryState;

/// What a search keeps; every filter is optional and they combine.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileSearch {
    /// Part of the name, any case.
    pub q: Option<String>,
    /// A tag, exactly (any case).
    pub tag: Option<String>,
    /// `pdf`, `image`, `csv`, `spreadsheet`, `word` or `text`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub file_type: Option<String>,
    /// `document` or `image`.
    pub kind: Option<String>,
    /// Uploaded on or after this day (`YYYY-MM-DD`, UTC).
    pub from: Option<String>,
    /// Uploaded on or before this day (`YYYY-MM-DD`, UTC).
    pub to: Option<String>,
}

/// The content types a `type` filter names.
fn content_types(file_type: &str) -> Option<&'static [&'static str]> {
    use identity::files::sniff::{CSV, DOCX, PDF, TEXT, XLS, XLSX};
    Some(match file_type {
        "pdf" => &[PDF],
        "image" => &["image/png", "image/jpeg", "image/gif", "image/webp"],
        "csv" => &[CSV],
        "spreadsheet" => &[XLSX, XLS],
        "word" => &[DOCX],
        "text" => &[TEXT],
        _ => return None,
    })
}

fn given(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

fn micros_at_start(date: NaiveDate) -> i64 {
    date.and_hms_opt(0, 0, 0)
        .map(|d| d.and_utc().timestamp_micros())
        .unwrap_or_default()
}

/// `%text%` for a LIKE, with the pattern characters of `text` dropped.
fn contains(text: &str) -> String {
    format!("%{}%", text.to_lowercase().replace(['%', '_'], ""))
}

/// Documents and images of one workspace as one relation, so one query pages them.
const FILES: &str = "(SELECT id, 'document' AS kind, organization_id, workspace_id, name, \
     content_type, size, sha256, tags, uploaded_by, created_at, updated_at \
     FROM read_documents WHERE deleted_at IS NULL \
     UNION ALL SELECT id, 'image' AS kind, '' AS organization_id, workspace_id, '' AS name, \
     content_type, size, sha256, '[]' AS tags, uploaded_by, created_at, created_at AS updated_at \
     FROM files WHERE kind = 'images') f";

/// The `WHERE` of a search over [`FILES`].
fn filtered(workspace_id: &str, search: &FileSearch) -> Result<Sql, ApiError> {
    let mut sql = Sql::new(&format!("FROM {FILES} WHERE f.workspace_id = "));
    sql.text(workspace_id);
    if let Some(q) = given(&search.q) {
        sql.push(" AND LOWER(f.name) LIKE ").text(contains(&q));
    }
    if let Some(tag) = given(&search.tag) {
        let tag = serde_json::to_string(&tag.to_lowercase()).unwrap_or_default();
        sql.push(" AND LOWER(f.tags) LIKE ").text(contains(&tag));
    }
    if let Some(file_type) = given(&search.file_type) {
        let types = content_types(&file_type).ok_or_else(|| {
            ApiError::field("type", "Use pdf, image, csv, spreadsheet, word or text.")
        })?;
        let types: Vec<String> = types.iter().map(|t| (*t).to_owned()).collect();
        sql.push(" AND f.content_type IN ").list(&types);
    }
    if let Some(kind) = given(&search.kind) {
        if kind != "document" && kind != "image" {
            return Err(ApiError::field("kind", "Use document or image."));
        }
        sql.push(" AND f.kind = ").text(kind);
    }
    let from = api_core::time::optional_date("from", search.from.as_deref())?;
    let to = api_core::time::optional_date("to", search.to.as_deref())?;
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(ApiError::field("to", "Must be on or after from."));
        }
    }
    if let Some(from) = from {
        sql.push(" AND f.created_at >= ").int(micros_at_start(from));
    }
    if let Some(next) = to.and_then(|d| d.succ_opt()) {
        sql.push(" AND f.created_at < ").int(micros_at_start(next));
    }
    Ok(sql)
}

/// A workspace's files, newest first, paginated and searchable. Members of the
/// workspace only.
#[utoipa::path(get, path = "/api/v1/files/workspaces/{workspace_id}/", tag = "files",
    params(("workspace_id" = String, Path), PageParams, FileSearch),
    responses((status = 200, body = Data<Paginated<StoredFile>>),
        (status = 400), (status = 401), (status = 403)))]
pub async fn workspace_files(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<PageParams>,
    Query(search): Query<FileSearch>,
) -> Result<Json<PageOf<StoredFile>>, ApiError> {
    let app = &state.app;
    let page = params.validate()?;
    if app
        .access
        .access(&user.user_id, &workspace_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ));
    }
    let mut count = Sql::new("SELECT COUNT(*) AS n ");
    let mut rows = Sql::new(&format!(
        "SELECT f.kind, f.{} ",
        projections::documents::COLUMNS.replace(", ", ", f.")
    ));
    let filter = filtered(&workspace_id, &search)?;
    count.append(&filter);
    rows.append(&filter).push(&format!(
        " ORDER BY f.created_at DESC, f.id LIMIT {} OFFSET {}",
        page.limit(),
        page.offset()
    ));
    let total: i64 = count
        .fetch_all(app.db())
        .await?
        .first()
        .map(|r| r.try_get::<i64, _>("n"))
        .transpose()?
        .unwrap_or(0);
    let mut found = Vec::new();
    for row in rows.fetch_all(app.db()).await? {
        found.push((
            row.try_get::<String, _>("kind")?,
            DocumentRow::from_row(&row)?,
        ));
    }
    let items = answers(app, found).await?;
    Ok(ok(Paginated::new(items, total, page)))
}

/// The rows in their order: documents with their links, images with their public URL.
async fn answers(
    app: &api_core::AppState,
    found: Vec<(String, DocumentRow)>,
) -> Result<Vec<StoredFile>, ApiError> {
    let documents: Vec<DocumentRow> = found
        .iter()
        .filter(|(kind, _)| kind == "document")
        .map(|(_, row)| row.clone())
        .collect();
    let mut shaped: BTreeMap<String, StoredFile> = stored_documents(app, &documents)
        .await?
        .into_iter()
        .map(|d| (d.id.clone(), d))
        .collect();
    let names = user_names(app, found.iter().map(|(_, r)| r.uploaded_by.clone())).await?;
    Ok(found
        .into_iter()
        .filter_map(|(kind, row)| match kind.as_str() {
            "document" => shaped.remove(&row.id),
            _ => Some(StoredFile {
                url: api_core::me::image_url(app, &row.id),
                kind: "image".into(),
                name: None,
                uploader: Uploader {
                    name: names.get(&row.uploaded_by).cloned().unwrap_or_default(),
                    id: row.uploaded_by,
                },
                created: api_core::time::iso_datetime(row.created_at),
                id: row.id,
                workspace_id: row.workspace_id,
                content_type: row.content_type,
                size: row.size,
                sha256: row.sha256,
                tags: Vec::new(),
                attached_to: Vec::new(),
            }),
        })
        .collect())
}

/// How much of the plan's document storage the workspace's organization uses.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct StorageUsage {
    /// Bytes of documents the organization keeps (all its workspaces).
    pub used: u64,
    /// The plan's document storage in bytes; `null` when unlimited.
    pub limit: Option<u64>,
    /// The plan's largest single upload in bytes; `null` when unlimited.
    pub file_limit: Option<u64>,
}

/// The organization's document storage against its plan, for the usage bar.
#[utoipa::path(get, path = "/api/v1/files/workspaces/{workspace_id}/usage/", tag = "files",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<StorageUsage>), (status = 401), (status = 403)))]
pub async fn storage_usage(
    State(state): State<QueryState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<StorageUsage>>, ApiError> {
    use domain::permissions::Resource;
    let app = &state.app;
    let access = app
        .access
        .access(&user.user_id, &workspace_id)
        .await?
        .ok_or(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ))?;
    let organization = api_core::access::organization_of(app, &workspace_id)
        .await?
        .unwrap_or_default();
    Ok(ok(StorageUsage {
        used: projections::documents::bytes_stored(&app.db().pool, &organization).await?,
        limit: access.plan.limit(Resource::DocumentStorage).value(),
        file_limit: access.plan.limit(Resource::FileUpload).value(),
    }))
}
