//! The bytes an organization's live documents take, as its storage's events left them.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::document_storage::{
    DocumentStorageEvent, DocumentStorageFreed, DocumentsStored, StorageCounted, AGGREGATE_TYPE,
};
use serde::{Deserialize, Serialize};

use super::commands::{FreeStorage, StorageCommand, StoreDocuments};
use super::errors::StorageError;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DocumentStorage {
    /// Whether the documents recorded before the stream were counted (its first event).
    counted: bool,
    /// Bytes.
    used: u64,
}

fn bytes(size: i64) -> u64 {
    assert!(size >= 0, "a document's size is never negative");
    size.unsigned_abs()
}

fn signed(bytes: u64) -> i64 {
    i64::try_from(bytes).unwrap_or(i64::MAX)
}

impl DocumentStorage {
    /// Bytes in use.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The events that open the stream, if it has none yet, and what is in use after them.
    fn opening(
        &self,
        organization_id: event_schemas::OrganizationId,
        counted_before: u64,
    ) -> (Vec<DocumentStorageEvent>, u64) {
        if self.counted {
            return (Vec::new(), self.used);
        }
        let counted = StorageCounted {
            organization_id,
            used: signed(counted_before),
        };
        (
            vec![DocumentStorageEvent::StorageCounted(counted)],
            counted_before,
        )
    }

    pub fn decide(
        &self,
        command: StorageCommand,
    ) -> Result<Vec<DocumentStorageEvent>, StorageError> {
        match command {
            StorageCommand::Store(StoreDocuments {
                organization_id,
                documents,
                limit,
                counted_before,
            }) => {
                let (mut events, used) = self.opening(organization_id, counted_before);
                let adding = documents.iter().map(|d| bytes(d.size)).sum::<u64>();
                let after = used.saturating_add(adding);
                if limit.is_some_and(|limit| after > limit) {
                    return Err(StorageError::Full { used, adding });
                }
                events.push(DocumentStorageEvent::DocumentsStored(DocumentsStored {
                    organization_id,
                    documents,
                    used: signed(after),
                }));
                Ok(events)
            }
            StorageCommand::Free(FreeStorage {
                organization_id,
                document,
                counted_before,
            }) => {
                let (mut events, used) = self.opening(organization_id, counted_before);
                let after = used.saturating_sub(bytes(document.size));
                events.push(DocumentStorageEvent::DocumentStorageFreed(
                    DocumentStorageFreed {
                        organization_id,
                        document,
                        used: signed(after),
                    },
                ));
                Ok(events)
            }
        }
    }
}

impl crate::decider::Decider for DocumentStorage {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        DocumentStorage::decide(self, command)
    }
}

impl Aggregate for DocumentStorage {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = StorageCommand;
    type Event = DocumentStorageEvent;
    type Error = StorageError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        let used = match event {
            DocumentStorageEvent::StorageCounted(e) => e.used,
            DocumentStorageEvent::DocumentsStored(e) => e.used,
            DocumentStorageEvent::DocumentStorageFreed(e) => e.used,
        };
        self.counted = true;
        self.used = bytes(used);
    }
}
