//! `journal_imports`: every CSV import of journal entries per workspace — its file's name
//! and SHA-256, how many entries and lines it created, posted or drafted, by whom and
//! when. The import route reads it to refuse the same file twice in a day unless
//! confirmed.

use async_trait::async_trait;
use event_schemas::journal_import::{JournalImportEvent, AGGREGATE_TYPE};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::{ProjectionError, Projector};

const TABLE_SQL: &str = "CREATE TABLE read_journal_imports (
    import_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    file_name TEXT NOT NULL,
    file_sha256 TEXT NOT NULL,
    entries BIGINT NOT NULL,
    lines BIGINT NOT NULL,
    posted BOOLEAN NOT NULL,
    duplicate_confirmed BOOLEAN NOT NULL,
    imported_by TEXT NOT NULL,
    recorded_at BIGINT NOT NULL
)";

const BY_FILE_SQL: &str = "CREATE INDEX read_journal_imports_file \
    ON read_journal_imports (workspace_id, file_sha256, recorded_at)";

pub struct JournalImports;

#[async_trait]
impl Projector for JournalImports {
    fn name(&self) -> &'static str {
        "journal_imports"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            Migration {
                version: 1,
                name: "read_journal_imports",
                sqlite: TABLE_SQL,
                postgres: TABLE_SQL,
            },
            Migration {
                version: 2,
                name: "read_journal_imports_file",
                sqlite: BY_FILE_SQL,
                postgres: BY_FILE_SQL,
            },
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_journal_imports"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let JournalImportEvent::JournalImported(import) =
                crate::decode::decode(event, &event_schemas::journal_import::upcasters())?;
            sqlx::query(
                "INSERT INTO read_journal_imports (import_id, workspace_id, file_name, file_sha256, \
                 entries, lines, posted, duplicate_confirmed, imported_by, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(import.import_id.to_string())
            .bind(import.workspace_id.to_string())
            .bind(&import.file_name)
            .bind(&import.file_sha256)
            .bind(import.entries.len() as i64)
            .bind(i64::try_from(import.lines).unwrap_or(i64::MAX))
            .bind(import.posted)
            .bind(import.duplicate_confirmed)
            .bind(import.imported_by.to_string())
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await
            .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}
