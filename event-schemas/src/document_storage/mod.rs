//! The DocumentStorage aggregate's events: one stream per organization, counting the bytes
//! its live documents take against the plan's document-storage limit. Every upload and
//! every delete is decided on it together with the documents' own streams, in one append,
//! so two uploads at the same moment cannot both take the last megabyte.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{DocumentId, OrganizationId};

/// The `aggregate_type` of an organization's document storage.
pub const AGGREGATE_TYPE: &str = "DocumentStorage";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DocumentStorageEvent {
    StorageCounted(StorageCounted),
    DocumentsStored(DocumentsStored),
    DocumentStorageFreed(DocumentStorageFreed),
}

/// The storage's first event: what the documents recorded before it had a stream of its
/// own already take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StorageCounted {
    pub organization_id: OrganizationId,
    /// Bytes.
    pub used: i64,
}

impl EventPayload for StorageCounted {
    const EVENT_TYPE: &'static str = "StorageCounted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A document as it counts against the storage.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StoredDocument {
    pub document_id: DocumentId,
    /// Bytes.
    pub size: i64,
}

/// One upload's documents now take room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentsStored {
    pub organization_id: OrganizationId,
    pub documents: Vec<StoredDocument>,
    /// Bytes the organization's live documents take after this upload.
    pub used: i64,
}

impl EventPayload for DocumentsStored {
    const EVENT_TYPE: &'static str = "DocumentsStored";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A deleted document's room is free again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DocumentStorageFreed {
    pub organization_id: OrganizationId,
    pub document: StoredDocument,
    /// Bytes the organization's live documents take after this delete.
    pub used: i64,
}

impl EventPayload for DocumentStorageFreed {
    const EVENT_TYPE: &'static str = "DocumentStorageFreed";
    const EVENT_VERSION: &'static str = "1.0";
}

impl DocumentStorageEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::StorageCounted(e) => of(e),
            Self::DocumentsStored(e) => of(e),
            Self::DocumentStorageFreed(e) => of(e),
        }
    }
}

impl DomainEvent for DocumentStorageEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every DocumentStorage event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<StorageCounted>(),
        EventVersion::current::<DocumentsStored>(),
        EventVersion::current::<DocumentStorageFreed>(),
    ]
}

/// No DocumentStorage event was ever reshaped.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "document_storage",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<DocumentStorageEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<DocumentStorageEvent>()
        },
    }
}
