//! An organization's document storage, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::document_storage::{
    DocumentStorageEvent, DocumentStorageFreed, DocumentsStored, StorageCounted, StoredDocument,
};
use event_schemas::{DocumentId, OrganizationId};
use uuid::Uuid;

use super::*;

const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c11));
const MB: u64 = 1024 * 1024;

fn given() -> TestFramework<DocumentStorage> {
    TestFramework::with(())
}

fn document(n: u128, size: u64) -> StoredDocument {
    StoredDocument {
        document_id: DocumentId::from_uuid(Uuid::from_u128(
            0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0d00 + n,
        )),
        size: i64::try_from(size).expect("size"),
    }
}

fn store(
    documents: Vec<StoredDocument>,
    limit: Option<u64>,
    counted_before: u64,
) -> StorageCommand {
    StoreDocuments {
        organization_id: ORGANIZATION,
        documents,
        limit,
        counted_before,
    }
    .into()
}

fn counted(used: u64) -> DocumentStorageEvent {
    DocumentStorageEvent::StorageCounted(StorageCounted {
        organization_id: ORGANIZATION,
        used: i64::try_from(used).expect("used"),
    })
}

fn stored(documents: Vec<StoredDocument>, used: u64) -> DocumentStorageEvent {
    DocumentStorageEvent::DocumentsStored(DocumentsStored {
        organization_id: ORGANIZATION,
        documents,
        used: i64::try_from(used).expect("used"),
    })
}

#[test]
fn the_first_upload_counts_what_earlier_documents_take() {
    given()
        .given_no_previous_events()
        .when(store(vec![document(1, MB)], Some(50 * MB), 3 * MB))
        .then_expect_events(vec![counted(3 * MB), stored(vec![document(1, MB)], 4 * MB)]);
}

#[test]
fn documents_that_fill_the_limit_to_the_byte_fit() {
    given()
        .given(vec![
            counted(0),
            stored(vec![document(1, 49 * MB)], 49 * MB),
        ])
        .when(store(vec![document(2, MB)], Some(50 * MB), 0))
        .then_expect_events(vec![stored(vec![document(2, MB)], 50 * MB)]);
}

#[test]
fn the_byte_over_the_limit_is_refused() {
    given()
        .given(vec![
            counted(0),
            stored(vec![document(1, 50 * MB)], 50 * MB),
        ])
        .when(store(vec![document(2, 1)], Some(50 * MB), 0))
        .then_expect_error(StorageError::Full {
            used: 50 * MB,
            adding: 1,
        });
}

#[test]
fn an_upload_counts_all_its_files_together() {
    given()
        .given(vec![counted(10 * MB)])
        .when(store(
            vec![document(1, 20 * MB), document(2, 21 * MB)],
            Some(50 * MB),
            0,
        ))
        .then_expect_error(StorageError::Full {
            used: 10 * MB,
            adding: 41 * MB,
        });
}

#[test]
fn an_unlimited_plan_stores_anything() {
    given()
        .given(vec![counted(0)])
        .when(store(vec![document(1, 5_000 * MB)], None, 0))
        .then_expect_events(vec![stored(vec![document(1, 5_000 * MB)], 5_000 * MB)]);
}

#[test]
fn a_deleted_document_frees_its_room() {
    given()
        .given(vec![
            counted(0),
            stored(vec![document(1, 50 * MB)], 50 * MB),
        ])
        .when(
            FreeStorage {
                organization_id: ORGANIZATION,
                document: document(1, 50 * MB),
                counted_before: 0,
            }
            .into(),
        )
        .then_expect_events(vec![DocumentStorageEvent::DocumentStorageFreed(
            DocumentStorageFreed {
                organization_id: ORGANIZATION,
                document: document(1, 50 * MB),
                used: 0,
            },
        )]);
}

#[test]
fn the_stream_counted_later_ignores_a_second_count() {
    // Once counted, what the read model says documents take is never read again: the
    // storage's own events are the account.
    given()
        .given(vec![counted(MB)])
        .when(store(vec![document(1, MB)], Some(50 * MB), 40 * MB))
        .then_expect_events(vec![stored(vec![document(1, MB)], 2 * MB)]);
}
