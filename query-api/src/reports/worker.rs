//! The report generator: a reactor that tails the log, renders each requested report
//! from the read models once they hold everything before the request, keeps the file in
//! `report_files` and records the outcome (`ReportGenerated` or `ReportFailed`) on the
//! report's stream — which is what tells the requester (a notification rule) and the
//! downloads list. It also drops a deleted report's file.
//!
//! Exactly one outcome per report, without locks: the outcome is a command on the Report
//! aggregate through the command runner, appended at the stream's next sequence, so when
//! two nodes render the same request the second append meets a conflict (or the report's
//! "already finished") and is dropped (its file row was the same request's, kept once).

use std::time::Duration;
use store::ExecuteWrite;

use commands::{RunError, Runner, Unit};
use domain::report::{file_name, RecordOutcome, Report, ReportFormat, ReportKind};
use event_schemas::report::{
    upcasters, ReportEvent, ReportFailed, ReportGenerated, ReportRequested, AGGREGATE_TYPE,
};
use projections::reactor;
use sha2::{Digest, Sha256};
use sqlx::Row;
use store::migrate::Migration;
use store::{Db, EventMetadata, EventStore, RecordedEvent};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::render::{self, Entity, RenderError, Stamp};
use projections::checkpoint;

/// The checkpoint row's name (listed by `projections status` beside the projectors).
pub const NAME: &str = "report_generator";
const VERSION: i64 = 1;
/// Events read per step: reports are few among them, and each may take a while.
const BATCH: i64 = 200;
/// How long a request waits for the read models to hold everything before it; past
/// that the step is retried (they are rebuilding or far behind).
const READ_MODEL_WAIT: Duration = Duration::from_secs(30);
/// The read models a report reads.
const SOURCES: [&str; 3] = ["organizations", "accounts", "ledger"];

const REPORT_FILES_SQLITE: &str = "CREATE TABLE report_files (
    report_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    content BLOB NOT NULL,
    created_at BIGINT NOT NULL
)";
const REPORT_FILES_POSTGRES: &str = "CREATE TABLE report_files (
    report_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    content BYTEA NOT NULL,
    created_at BIGINT NOT NULL
)";

/// The generated files: plain state (DESIGN §4) — a file is made once from the books at
/// a position, and its digest is in the log.
pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "report_files",
    sqlite: REPORT_FILES_SQLITE,
    postgres: REPORT_FILES_POSTGRES,
}];

pub struct ReportGenerator {
    store: EventStore,
}

impl ReportGenerator {
    pub fn new(store: EventStore) -> Self {
        Self { store }
    }

    fn db(&self) -> &Db {
        self.store.db()
    }

    /// Creates the files table and, the first time, a checkpoint at the log's start:
    /// a request no node has answered yet is answered whenever a generator first runs.
    pub async fn prepare(&self) -> Result<(), store::StoreError> {
        store::migrate::run(self.db(), NAME, MIGRATIONS).await?;
        if checkpoint::load(self.db(), NAME).await?.is_none() {
            let mut tx = self.db().begin_write().await?;
            checkpoint::reset(tx.transaction(), NAME, VERSION).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Runs until `stop` says so (the shared reactor loop).
    pub fn spawn(self, stop: watch::Receiver<bool>) -> JoinHandle<()> {
        reactor::spawn(self, stop)
    }

    /// One batch of the log; whether there was anything to read.
    pub async fn step_batch(&self) -> Result<bool, String> {
        let Some(cp) = checkpoint::load(self.db(), NAME)
            .await
            .map_err(|e| e.to_string())?
        else {
            return Err("no checkpoint: prepare() was not run".into());
        };
        let events = self
            .store
            .read_log(cp.cursor, BATCH)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = events.last() else {
            return Ok(false);
        };
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: ReportEvent =
                projections::decode::decode(event, &upcasters).map_err(|e| e.to_string())?;
            match decoded {
                ReportEvent::ReportRequested(request) => self.answer(event, &request).await?,
                ReportEvent::ReportDeleted(deleted) => {
                    sqlx::query("DELETE FROM report_files WHERE report_id = $1")
                        .bind(deleted.report_id.to_string())
                        .execute_write(self.db())
                        .await
                        .map_err(|e| e.to_string())?;
                }
                ReportEvent::ReportGenerated(_) | ReportEvent::ReportFailed(_) => {}
            }
        }
        let mut tx = self.db().begin_write().await.map_err(|e| e.to_string())?;
        checkpoint::advance(
            tx.transaction(),
            NAME,
            cp.cursor,
            last.cursor(),
            events.len() as i64,
        )
        .await
        .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// Renders one request (unless it already has its outcome) and records the outcome.
    async fn answer(&self, event: &RecordedEvent, request: &ReportRequested) -> Result<(), String> {
        let runner = Runner::new(self.store.clone());
        let report = runner
            .load::<Report>(&request.report_id.to_string())
            .await
            .map_err(|e| e.to_string())?;
        if report.state.may_finish().is_err() {
            return Ok(());
        }
        for source in SOURCES {
            if !checkpoint::wait_until(self.db(), source, event.cursor(), READ_MODEL_WAIT).await {
                return Err(format!(
                    "the {source} read model is behind the report request"
                ));
            }
        }
        let data_position = checkpoint::load(self.db(), "ledger")
            .await
            .map_err(|e| e.to_string())?
            .map_or(event.global_position, |cp| cp.cursor.position);
        let outcome = match self.render(request, data_position).await {
            Ok((bytes, rows)) => {
                self.keep(request, &bytes).await?;
                let format: ReportFormat = request.format.parse().unwrap_or(ReportFormat::Pdf);
                let kind: ReportKind = request.kind.parse().unwrap_or(ReportKind::TrialBalance);
                RecordOutcome::Generated(ReportGenerated {
                    report_id: request.report_id,
                    workspace_id: request.workspace_id,
                    file_name: file_name(kind, format, &request.parameters),
                    content_type: format.content_type().to_owned(),
                    size: i64::try_from(bytes.len()).unwrap_or(i64::MAX),
                    sha256: hex::encode(Sha256::digest(&bytes)),
                    rows,
                    data_position,
                })
            }
            Err(RenderError::Refused(reason)) => RecordOutcome::Failed(ReportFailed {
                report_id: request.report_id,
                workspace_id: request.workspace_id,
                reason,
            }),
            Err(RenderError::Internal(err)) => {
                // A fault of ours is logged in full; the requester reads a plain reason
                // and may ask again. Retrying here would stall every later report.
                tracing::error!(report_id = %request.report_id, error = %err, "report generation failed");
                RecordOutcome::Failed(ReportFailed {
                    report_id: request.report_id,
                    workspace_id: request.workspace_id,
                    reason: "The report could not be generated because of an error on our side. Please try again.".into(),
                })
            }
        };
        let metadata = EventMetadata {
            organization_id: event.metadata_str(store::metadata_keys::ORGANIZATION_ID),
            ..Default::default()
        };
        let mut unit = Unit::new(&metadata, None);
        // Decided on the state loaded before rendering: another node's outcome meanwhile
        // makes this append a conflict, and only one outcome lands.
        if unit.decide(&report, outcome.into()).is_err() {
            return Ok(());
        }
        match unit.commit(&runner).await {
            Ok(_) | Err(RunError::Moved { .. }) => Ok(()),
            Err(err) => Err(err.to_string()),
        }
    }

    async fn render(
        &self,
        request: &ReportRequested,
        data_position: i64,
    ) -> Result<(Vec<u8>, i64), RenderError> {
        let kind: ReportKind = request
            .kind
            .parse()
            .map_err(|()| RenderError::Refused(format!("Unknown report {}.", request.kind)))?;
        let format: ReportFormat = request
            .format
            .parse()
            .map_err(|()| RenderError::Refused(format!("Unknown format {}.", request.format)))?;
        let workspace_id = request.workspace_id.to_string();
        let sheet =
            render::sheet(self.db(), &workspace_id, kind, format, &request.parameters).await?;
        let rows = i64::try_from(sheet.rows.len()).unwrap_or(i64::MAX);
        let internal = |e: &dyn std::fmt::Display| RenderError::Internal(e.to_string());
        let bytes = match format {
            ReportFormat::Csv => render::csv(&sheet),
            ReportFormat::Pdf | ReportFormat::Xlsx => {
                let entity = self.entity(&workspace_id).await.map_err(|e| internal(&e))?;
                let stamp = self
                    .stamp(&workspace_id, data_position)
                    .await
                    .map_err(|e| internal(&e))?;
                if format == ReportFormat::Pdf {
                    render::pdf(&sheet, &entity, &stamp).map_err(|e| internal(&e))?
                } else {
                    render::xlsx(&sheet, &entity, &stamp).map_err(|e| internal(&e))?
                }
            }
        };
        Ok((bytes, rows))
    }

    /// Where the books were read: the position, and the workspace's hash chain as it stood
    /// there (its last event at or before the position).
    async fn stamp(&self, workspace_id: &str, data_position: i64) -> Result<Stamp, sqlx::Error> {
        let head: Option<(i64, String)> = sqlx::query_as(
            "SELECT chain_seq, hash FROM events \
             WHERE chain = $1 AND global_position <= $2 ORDER BY chain_seq DESC LIMIT 1",
        )
        .bind(workspace_id)
        .bind(data_position)
        .fetch_optional(&self.db().pool)
        .await?;
        let (chain_events, chain_head) =
            head.unwrap_or_else(|| (0, store::hash::GENESIS_HASH.to_owned()));
        let zone = api_core::time::workspace_time_zone(self.db(), workspace_id).await?;
        Ok(Stamp {
            data_position,
            chain_events,
            chain_head,
            generated: api_core::time::local_moment(chrono::Utc::now().timestamp_micros(), zone),
        })
    }

    async fn entity(&self, workspace_id: &str) -> Result<Entity, sqlx::Error> {
        let row = sqlx::query(
            "SELECT w.name AS workspace, w.base_currency AS currency, o.name AS organization \
             FROM read_workspaces w JOIN read_organizations o ON o.id = w.organization_id \
             WHERE w.id = $1",
        )
        .bind(workspace_id)
        .fetch_optional(&self.db().pool)
        .await?;
        Ok(match row {
            Some(row) => Entity {
                organization: row.try_get("organization")?,
                workspace: row.try_get("workspace")?,
                currency: row.try_get("currency")?,
            },
            None => Entity {
                organization: String::new(),
                workspace: workspace_id.to_owned(),
                currency: String::new(),
            },
        })
    }

    /// Keeps the file; a row left by an earlier try of the same request is replaced.
    async fn keep(&self, request: &ReportRequested, bytes: &[u8]) -> Result<(), String> {
        let id = request.report_id.to_string();
        let mut tx = self.db().begin_write().await.map_err(|e| e.to_string())?;
        sqlx::query("DELETE FROM report_files WHERE report_id = $1")
            .bind(&id)
            .execute(&mut *tx)
            .await
            .map_err(|e| e.to_string())?;
        sqlx::query(
            "INSERT INTO report_files (report_id, workspace_id, content, created_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(&id)
        .bind(request.workspace_id.to_string())
        .bind(bytes.to_vec())
        .bind(chrono::Utc::now().timestamp_micros())
        .execute(&mut *tx)
        .await
        .map_err(|e| e.to_string())?;
        tx.commit().await.map_err(|e| e.to_string())
    }
}

/// The bytes of a report's file, if it is kept.
pub async fn file_bytes(db: &Db, report_id: &str) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT content FROM report_files WHERE report_id = $1")
        .bind(report_id)
        .fetch_optional(&db.pool)
        .await
}

#[async_trait::async_trait]
impl reactor::Reactor for ReportGenerator {
    fn label(&self) -> &'static str {
        "report generator"
    }

    fn store(&self) -> &EventStore {
        &self.store
    }

    async fn step(&self) -> Result<bool, String> {
        self.step_batch().await
    }
}
