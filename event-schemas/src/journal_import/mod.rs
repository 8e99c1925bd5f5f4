//! The JournalImport events: one CSV import of journal entries, recorded in the same
//! append as the entries it created, so an import lands whole — entries and record — or
//! not at all. The record keeps the file's SHA-256: the same file imported again within a
//! day is refused unless the user confirms (an answer lost in transit must not double the
//! books on the natural retry).

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{JournalEntryId, JournalImportId, UserId, WorkspaceId};

/// The `aggregate_type` of imports; the stream id is the import id.
pub const AGGREGATE_TYPE: &str = "JournalImport";

/// Longest file name kept.
pub const FILE_NAME_CHARS_MAX: usize = 255;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum JournalImportEvent {
    JournalImported(JournalImported),
}

/// A CSV file's entries were imported (posted, or saved as drafts).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct JournalImported {
    pub import_id: JournalImportId,
    pub workspace_id: WorkspaceId,
    /// The uploaded file's name, as the browser sent it; `""` when none.
    #[schemars(length(max = FILE_NAME_CHARS_MAX))]
    pub file_name: String,
    /// SHA-256 of the file's bytes, lowercase hex.
    #[schemars(pattern(r"^[0-9a-f]{64}$"))]
    pub file_sha256: String,
    /// The entries created, in the file's order.
    pub entries: Vec<JournalEntryId>,
    /// Lines over all entries.
    pub lines: u64,
    /// Posted (numbered by the store) or saved as drafts.
    pub posted: bool,
    /// Imported although the same file was imported within the day before: the user
    /// confirmed it is meant twice.
    pub duplicate_confirmed: bool,
    pub imported_by: UserId,
}

impl EventPayload for JournalImported {
    const EVENT_TYPE: &'static str = "JournalImported";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DomainEvent for JournalImportEvent {
    fn event_type(&self) -> String {
        JournalImported::EVENT_TYPE.to_owned()
    }

    fn event_version(&self) -> String {
        JournalImported::EVENT_VERSION.to_owned()
    }
}

/// Every version of every JournalImport event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![EventVersion::current::<JournalImported>()]
}

pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "journal_import",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<JournalImportEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<JournalImportEvent>()
        },
    }
}
