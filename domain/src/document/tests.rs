//! A document's life, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::document::{
    AttachedTo, DocumentAttached, DocumentDeleted, DocumentDetached, DocumentEvent,
    DocumentRenamed, DocumentTagged, DocumentUploaded,
};
use event_schemas::{DocumentId, JournalEntryId, OrganizationId, UserId, WorkspaceId};
use uuid::Uuid;

use super::*;

const DOCUMENT: DocumentId =
    DocumentId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0d01));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ELSEWHERE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c34));
const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c11));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const ENTRY: AttachedTo = AttachedTo::JournalEntry(JournalEntryId::from_uuid(Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e01,
)));
const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

fn given() -> TestFramework<Document> {
    TestFramework::with(())
}

fn uploaded() -> DocumentEvent {
    DocumentEvent::DocumentUploaded(DocumentUploaded {
        document_id: DOCUMENT,
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        name: "receipt.pdf".into(),
        content_type: "application/pdf".into(),
        size: 42,
        sha256: HASH.into(),
        uploaded_by: ADA,
    })
}

fn attached() -> DocumentEvent {
    DocumentEvent::DocumentAttached(DocumentAttached {
        document_id: DOCUMENT,
        workspace_id: WORKSPACE,
        to: ENTRY,
        sha256: HASH.into(),
        attached_by: ADA,
    })
}

fn attach(workspace_id: WorkspaceId) -> DocumentCommand {
    AttachDocument {
        workspace_id,
        to: ENTRY,
        by: ADA,
    }
    .into()
}

fn change(name: Option<&str>, tags: Option<&[&str]>) -> DocumentCommand {
    ChangeDocument {
        workspace_id: WORKSPACE,
        name: name.map(str::to_owned),
        tags: tags.map(|t| t.iter().map(|s| (*s).to_owned()).collect()),
        by: ADA,
    }
    .into()
}

#[test]
fn a_document_is_uploaded_once() {
    let DocumentEvent::DocumentUploaded(e) = uploaded() else {
        unreachable!()
    };
    given()
        .given_no_previous_events()
        .when(
            UploadDocument {
                uploaded: e.clone(),
            }
            .into(),
        )
        .then_expect_events(vec![uploaded()]);
    given()
        .given(vec![uploaded()])
        .when(UploadDocument { uploaded: e }.into())
        .then_expect_error(DocumentError::AlreadyUploaded);
}

#[test]
fn a_rename_keeps_a_sanitized_name_and_an_unchanged_name_records_nothing() {
    given()
        .given(vec![uploaded()])
        .when(change(Some("C:\\docs\\rent.pdf"), None))
        .then_expect_events(vec![DocumentEvent::DocumentRenamed(DocumentRenamed {
            document_id: DOCUMENT,
            workspace_id: WORKSPACE,
            name: "rent.pdf".into(),
            renamed_by: ADA,
        })]);
    given()
        .given(vec![uploaded()])
        .when(change(Some("receipt.pdf"), None))
        .then_expect_events(vec![]);
    given()
        .given(vec![uploaded()])
        .when(change(Some(" / "), None))
        .then_expect_error(DocumentError::InvalidName);
}

#[test]
fn tags_are_set_as_a_whole() {
    given()
        .given(vec![uploaded()])
        .when(change(None, Some(&["rent", " Rent ", "q1"])))
        .then_expect_events(vec![DocumentEvent::DocumentTagged(DocumentTagged {
            document_id: DOCUMENT,
            workspace_id: WORKSPACE,
            tags: vec!["rent".into(), "q1".into()],
            tagged_by: ADA,
        })]);
}

#[test]
fn attaching_records_the_bytes_hash_and_is_not_repeated() {
    given()
        .given(vec![uploaded()])
        .when(attach(WORKSPACE))
        .then_expect_events(vec![attached()]);
    given()
        .given(vec![uploaded(), attached()])
        .when(attach(WORKSPACE))
        .then_expect_error(DocumentError::AlreadyAttached);
}

#[test]
fn another_workspace_does_not_see_the_document() {
    given()
        .given(vec![uploaded()])
        .when(attach(ELSEWHERE))
        .then_expect_error(DocumentError::NotFound);
}

#[test]
fn a_document_still_backing_an_entry_is_not_deleted() {
    let delete = || {
        DocumentCommand::from(DeleteDocument {
            workspace_id: WORKSPACE,
            by: ADA,
        })
    };
    given()
        .given(vec![uploaded(), attached()])
        .when(delete())
        .then_expect_error(DocumentError::StillAttached(1));
    let detached = DocumentEvent::DocumentDetached(DocumentDetached {
        document_id: DOCUMENT,
        workspace_id: WORKSPACE,
        from: ENTRY,
        detached_by: ADA,
    });
    given()
        .given(vec![uploaded(), attached(), detached])
        .when(delete())
        .then_expect_events(vec![DocumentEvent::DocumentDeleted(DocumentDeleted {
            document_id: DOCUMENT,
            workspace_id: WORKSPACE,
            deleted_by: ADA,
        })]);
}

#[test]
fn a_deleted_document_is_gone() {
    let deleted = DocumentEvent::DocumentDeleted(DocumentDeleted {
        document_id: DOCUMENT,
        workspace_id: WORKSPACE,
        deleted_by: ADA,
    });
    given()
        .given(vec![uploaded(), deleted])
        .when(attach(WORKSPACE))
        .then_expect_error(DocumentError::NotFound);
}

#[test]
fn detaching_what_is_not_attached_is_refused() {
    given()
        .given(vec![uploaded()])
        .when(
            DetachDocument {
                workspace_id: WORKSPACE,
                from: ENTRY,
                by: ADA,
            }
            .into(),
        )
        .then_expect_error(DocumentError::NotAttached);
}
