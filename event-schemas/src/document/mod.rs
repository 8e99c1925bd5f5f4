//! The Document aggregate's events: one stream per document a workspace keeps (a
//! receipt, an invoice, a contract). The events carry what the document is — its name,
//! sniffed type, size and the SHA-256 of its bytes — never the bytes themselves, which
//! are plain state stored by their hash (DESIGN.md §4).
//!
//! Attaching a document to a journal entry is an event of the document, not of the
//! entry: a posted entry never changes, and the attachment (with the bytes' hash) joins
//! the workspace's hash chain as evidence of its own.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{
    DebtId, DocumentId, FixedAssetId, JournalEntryId, OrganizationId, UserId, WorkspaceId,
};

/// The `aggregate_type` of documents.
pub const AGGREGATE_TYPE: &str = "Document";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DocumentEvent {
    DocumentUploaded(DocumentUploaded),
    DocumentRenamed(DocumentRenamed),
    DocumentTagged(DocumentTagged),
    DocumentDeleted(DocumentDeleted),
    DocumentAttached(DocumentAttached),
    DocumentDetached(DocumentDetached),
}

/// A member uploaded a file into the workspace; its bytes are stored under `sha256`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentUploaded {
    pub document_id: DocumentId,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// The file's name, sanitized (no folders, no control characters).
    pub name: String,
    /// The type sniffed from the bytes (`application/pdf`, `image/png`, `text/csv` …).
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    /// Hex SHA-256 of the bytes: where they are stored, and the evidence's fingerprint.
    pub sha256: String,
    pub uploaded_by: UserId,
}

impl EventPayload for DocumentUploaded {
    const EVENT_TYPE: &'static str = "DocumentUploaded";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The document's name changed (its bytes did not).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentRenamed {
    pub document_id: DocumentId,
    pub workspace_id: WorkspaceId,
    pub name: String,
    pub renamed_by: UserId,
}

impl EventPayload for DocumentRenamed {
    const EVENT_TYPE: &'static str = "DocumentRenamed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The document's tags are now exactly `tags`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentTagged {
    pub document_id: DocumentId,
    pub workspace_id: WorkspaceId,
    pub tags: Vec<String>,
    pub tagged_by: UserId,
}

impl EventPayload for DocumentTagged {
    const EVENT_TYPE: &'static str = "DocumentTagged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A member removed the document from the workspace. Its history stays in the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentDeleted {
    pub document_id: DocumentId,
    pub workspace_id: WorkspaceId,
    pub deleted_by: UserId,
}

impl EventPayload for DocumentDeleted {
    const EVENT_TYPE: &'static str = "DocumentDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// What a document can be attached to.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(tag = "kind", content = "id", rename_all = "snake_case")]
pub enum AttachedTo {
    JournalEntry(JournalEntryId),
    FixedAsset(FixedAssetId),
    Debt(DebtId),
}

impl AttachedTo {
    /// The wire name of the kind (`journal_entry`).
    pub const fn kind(&self) -> &'static str {
        match self {
            AttachedTo::JournalEntry(_) => "journal_entry",
            AttachedTo::FixedAsset(_) => "fixed_asset",
            AttachedTo::Debt(_) => "debt",
        }
    }

    pub fn id(&self) -> uuid::Uuid {
        match self {
            AttachedTo::JournalEntry(id) => id.as_uuid(),
            AttachedTo::FixedAsset(id) => id.as_uuid(),
            AttachedTo::Debt(id) => id.as_uuid(),
        }
    }
}

/// The document was attached to `to` (as its evidence); `sha256` repeats the bytes'
/// hash so the chain pins exactly which file backs the entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentAttached {
    pub document_id: DocumentId,
    pub workspace_id: WorkspaceId,
    pub to: AttachedTo,
    pub sha256: String,
    pub attached_by: UserId,
}

impl EventPayload for DocumentAttached {
    const EVENT_TYPE: &'static str = "DocumentAttached";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The document no longer backs `from`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentDetached {
    pub document_id: DocumentId,
    pub workspace_id: WorkspaceId,
    pub from: AttachedTo,
    pub detached_by: UserId,
}

impl EventPayload for DocumentDetached {
    const EVENT_TYPE: &'static str = "DocumentDetached";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DocumentEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::DocumentUploaded(e) => of(e),
            Self::DocumentRenamed(e) => of(e),
            Self::DocumentTagged(e) => of(e),
            Self::DocumentDeleted(e) => of(e),
            Self::DocumentAttached(e) => of(e),
            Self::DocumentDetached(e) => of(e),
        }
    }
}

impl DomainEvent for DocumentEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Document event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<DocumentUploaded>(),
        EventVersion::current::<DocumentRenamed>(),
        EventVersion::current::<DocumentTagged>(),
        EventVersion::current::<DocumentDeleted>(),
        EventVersion::current::<DocumentAttached>(),
        EventVersion::current::<DocumentDetached>(),
    ]
}

/// No Document event was ever reshaped.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "document",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<DocumentEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<DocumentEvent>()
        },
    }
}
