//! `reports`: each workspace's generated financial reports — what was asked for, by
//! whom, where it stands, and the file once it is ready. The downloads screen lists it;
//! the plan's report limit counts it (deleted reports still count: they were generated).

use async_trait::async_trait;
use event_schemas::report::{upcasters, ReportEvent, AGGREGATE_TYPE};
use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const REPORTS: &str = "CREATE TABLE read_reports (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    format TEXT NOT NULL,
    parameters TEXT NOT NULL,
    status TEXT NOT NULL,
    requested_by TEXT NOT NULL,
    requested_at BIGINT NOT NULL,
    finished_at BIGINT,
    file_name TEXT,
    content_type TEXT,
    size BIGINT,
    sha256 TEXT,
    rows_count BIGINT,
    data_position BIGINT,
    failure_reason TEXT,
    deleted_at BIGINT
)";

const REPORTS_WORKSPACE: &str =
    "CREATE INDEX read_reports_workspace ON read_reports (workspace_id, requested_at)";
const REPORTS_ORGANIZATION: &str =
    "CREATE INDEX read_reports_organization ON read_reports (organization_id, requested_at)";

const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "read_reports",
        sqlite: REPORTS,
        postgres: REPORTS,
    },
    Migration {
        version: 2,
        name: "read_reports_workspace",
        sqlite: REPORTS_WORKSPACE,
        postgres: REPORTS_WORKSPACE,
    },
    Migration {
        version: 3,
        name: "read_reports_organization",
        sqlite: REPORTS_ORGANIZATION,
        postgres: REPORTS_ORGANIZATION,
    },
];

pub struct Reports;

#[async_trait]
impl Projector for Reports {
    fn name(&self) -> &'static str {
        "reports"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_reports"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: ReportEvent = decode(event, &upcasters)?;
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
    event: &ReportEvent,
) -> Result<(), sqlx::Error> {
    match event {
        ReportEvent::ReportRequested(e) => {
            let parameters = serde_json::to_string(&e.parameters).unwrap_or_default();
            sqlx::query(
                "INSERT INTO read_reports (id, organization_id, workspace_id, kind, format, \
                 parameters, status, requested_by, requested_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'generating', $7, $8)",
            )
            .bind(e.report_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(&e.kind)
            .bind(&e.format)
            .bind(parameters)
            .bind(e.requested_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        ReportEvent::ReportGenerated(e) => {
            sqlx::query(
                "UPDATE read_reports SET status = 'ready', finished_at = $1, file_name = $2, \
                 content_type = $3, size = $4, sha256 = $5, rows_count = $6, data_position = $7 \
                 WHERE id = $8",
            )
            .bind(at)
            .bind(&e.file_name)
            .bind(&e.content_type)
            .bind(e.size)
            .bind(&e.sha256)
            .bind(e.rows)
            .bind(e.data_position)
            .bind(e.report_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        ReportEvent::ReportFailed(e) => {
            sqlx::query(
                "UPDATE read_reports SET status = 'failed', finished_at = $1, failure_reason = $2 \
                 WHERE id = $3",
            )
            .bind(at)
            .bind(&e.reason)
            .bind(e.report_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        ReportEvent::ReportDeleted(e) => {
            sqlx::query("UPDATE read_reports SET deleted_at = $1 WHERE id = $2")
                .bind(at)
                .bind(e.report_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}

/// A row of `read_reports`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    pub id: String,
    pub organization_id: String,
    pub workspace_id: String,
    pub kind: String,
    pub format: String,
    /// The stored `ReportParameters`, as JSON.
    pub parameters: String,
    /// `generating`, `ready` or `failed`.
    pub status: String,
    pub requested_by: String,
    pub requested_at: i64,
    pub finished_at: Option<i64>,
    pub file_name: Option<String>,
    pub content_type: Option<String>,
    pub size: Option<i64>,
    pub sha256: Option<String>,
    pub rows: Option<i64>,
    pub data_position: Option<i64>,
    pub failure_reason: Option<String>,
}

impl ReportRow {
    fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            workspace_id: row.try_get("workspace_id")?,
            kind: row.try_get("kind")?,
            format: row.try_get("format")?,
            parameters: row.try_get("parameters")?,
            status: row.try_get("status")?,
            requested_by: row.try_get("requested_by")?,
            requested_at: row.try_get("requested_at")?,
            finished_at: row.try_get("finished_at")?,
            file_name: row.try_get("file_name")?,
            content_type: row.try_get("content_type")?,
            size: row.try_get("size")?,
            sha256: row.try_get("sha256")?,
            rows: row.try_get("rows_count")?,
            data_position: row.try_get("data_position")?,
            failure_reason: row.try_get("failure_reason")?,
        })
    }
}

const COLUMNS: &str = "id, organization_id, workspace_id, kind, format, parameters, status, \
     requested_by, requested_at, finished_at, file_name, content_type, size, sha256, rows_count, \
     data_position, failure_reason";

/// The workspace's report `id`, unless deleted.
pub async fn find(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
    id: &str,
) -> Result<Option<ReportRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM read_reports \
         WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL"
    ))
    .bind(workspace_id)
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(ReportRow::from_row).transpose()
}

/// What a listing keeps.
#[derive(Debug, Clone, Default)]
pub struct ReportFilter {
    pub kind: Option<String>,
    pub status: Option<String>,
}

/// One page of the workspace's reports, newest first, and how many match.
pub async fn list(
    pool: &sqlx::AnyPool,
    workspace_id: &str,
    filter: &ReportFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<ReportRow>, i64), sqlx::Error> {
    // Optional filters become conditions only when given: Postgres cannot type a bare
    // `$n IS NULL`.
    let mut condition = String::from("workspace_id = $1 AND deleted_at IS NULL");
    let mut binds = vec![workspace_id.to_owned()];
    for (column, value) in [("kind", &filter.kind), ("status", &filter.status)] {
        if let Some(value) = value {
            binds.push(value.clone());
            condition.push_str(&format!(" AND {column} = ${}", binds.len()));
        }
    }
    let page = format!(
        "SELECT {COLUMNS} FROM read_reports WHERE {condition} \
         ORDER BY requested_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    );
    let mut rows = sqlx::query(&page);
    for bind in &binds {
        rows = rows.bind(bind);
    }
    let rows = rows.fetch_all(pool).await?;
    let total = format!("SELECT COUNT(*) FROM read_reports WHERE {condition}");
    let mut count = sqlx::query_scalar::<_, i64>(&total);
    for bind in &binds {
        count = count.bind(bind);
    }
    let count = count.fetch_one(pool).await?;
    let rows = rows
        .iter()
        .map(ReportRow::from_row)
        .collect::<Result<_, _>>()?;
    Ok((rows, count))
}

/// Reports the organization asked for since `since` (microseconds) that did not fail:
/// what the plan's report limit counts.
pub async fn generated_since(
    pool: &sqlx::AnyPool,
    organization_id: &str,
    since: i64,
) -> Result<u64, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM read_reports WHERE organization_id = $1 \
         AND requested_at >= $2 AND status <> 'failed'",
    )
    .bind(organization_id)
    .bind(since)
    .fetch_one(pool)
    .await?;
    Ok(u64::try_from(count).unwrap_or_default())
}
