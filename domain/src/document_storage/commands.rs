//! What can change an organization's document storage.

use event_schemas::document_storage::StoredDocument;
use event_schemas::OrganizationId;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageCommand {
    Store(StoreDocuments),
    Free(FreeStorage),
}

/// One upload's documents take room, within `limit` (none: unlimited).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreDocuments {
    pub organization_id: OrganizationId,
    pub documents: Vec<StoredDocument>,
    pub limit: Option<u64>,
    /// What documents recorded before the storage had a stream take (read only when it
    /// has none yet).
    pub counted_before: u64,
}

/// A deleted document's room is free again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeStorage {
    pub organization_id: OrganizationId,
    pub document: StoredDocument,
    /// As in [`StoreDocuments::counted_before`].
    pub counted_before: u64,
}

impl From<StoreDocuments> for StorageCommand {
    fn from(command: StoreDocuments) -> Self {
        Self::Store(command)
    }
}

impl From<FreeStorage> for StorageCommand {
    fn from(command: FreeStorage) -> Self {
        Self::Free(command)
    }
}
