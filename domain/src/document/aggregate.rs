//! One document as its events left it.

use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::document::{
    AttachedTo, DocumentAttached, DocumentDeleted, DocumentDetached, DocumentEvent,
    DocumentRenamed, DocumentTagged, AGGREGATE_TYPE,
};
use event_schemas::{DocumentId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::commands::{
    AttachDocument, ChangeDocument, DeleteDocument, DetachDocument, DocumentCommand, UploadDocument,
};
use super::errors::DocumentError;
use super::rules::{normalize_tags, sanitize_name};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Document {
    document_id: Option<DocumentId>,
    workspace_id: Option<WorkspaceId>,
    name: String,
    tags: Vec<String>,
    sha256: String,
    deleted: bool,
    attached_to: BTreeSet<AttachedTo>,
}

impl Document {
    /// The document, when it exists in `workspace_id` and was not deleted.
    fn live_in(&self, workspace_id: WorkspaceId) -> Result<DocumentId, DocumentError> {
        match self.document_id {
            Some(id) if !self.deleted && self.workspace_id == Some(workspace_id) => Ok(id),
            _ => Err(DocumentError::NotFound),
        }
    }

    pub fn decide(&self, command: DocumentCommand) -> Result<Vec<DocumentEvent>, DocumentError> {
        match command {
            DocumentCommand::Upload(UploadDocument { uploaded }) => {
                if self.document_id.is_some() {
                    return Err(DocumentError::AlreadyUploaded);
                }
                assert!(
                    sanitize_name(&uploaded.name).as_deref() == Some(uploaded.name.as_str()),
                    "an upload's name is sanitized before it is recorded"
                );
                Ok(vec![DocumentEvent::DocumentUploaded(uploaded)])
            }
            DocumentCommand::Change(change) => self.change(change),
            DocumentCommand::Delete(DeleteDocument { workspace_id, by }) => {
                let document_id = self.live_in(workspace_id)?;
                if !self.attached_to.is_empty() {
                    return Err(DocumentError::StillAttached(self.attached_to.len()));
                }
                Ok(vec![DocumentEvent::DocumentDeleted(DocumentDeleted {
                    document_id,
                    workspace_id,
                    deleted_by: by,
                })])
            }
            DocumentCommand::Attach(AttachDocument {
                workspace_id,
                to,
                by,
            }) => {
                let document_id = self.live_in(workspace_id)?;
                if self.attached_to.contains(&to) {
                    return Err(DocumentError::AlreadyAttached);
                }
                Ok(vec![DocumentEvent::DocumentAttached(DocumentAttached {
                    document_id,
                    workspace_id,
                    to,
                    sha256: self.sha256.clone(),
                    attached_by: by,
                })])
            }
            DocumentCommand::Detach(DetachDocument {
                workspace_id,
                from,
                by,
            }) => {
                let document_id = self.live_in(workspace_id)?;
                if !self.attached_to.contains(&from) {
                    return Err(DocumentError::NotAttached);
                }
                Ok(vec![DocumentEvent::DocumentDetached(DocumentDetached {
                    document_id,
                    workspace_id,
                    from,
                    detached_by: by,
                })])
            }
        }
    }

    /// A rename and/or new tags; what is already so is not recorded again.
    fn change(&self, change: ChangeDocument) -> Result<Vec<DocumentEvent>, DocumentError> {
        let document_id = self.live_in(change.workspace_id)?;
        let mut events = Vec::new();
        if let Some(raw) = change.name {
            let name = sanitize_name(&raw).ok_or(DocumentError::InvalidName)?;
            if name != self.name {
                events.push(DocumentEvent::DocumentRenamed(DocumentRenamed {
                    document_id,
                    workspace_id: change.workspace_id,
                    name,
                    renamed_by: change.by,
                }));
            }
        }
        if let Some(raw) = change.tags {
            let tags = normalize_tags(&raw).ok_or(DocumentError::InvalidTags)?;
            if tags != self.tags {
                events.push(DocumentEvent::DocumentTagged(DocumentTagged {
                    document_id,
                    workspace_id: change.workspace_id,
                    tags,
                    tagged_by: change.by,
                }));
            }
        }
        Ok(events)
    }
}

impl crate::decider::Decider for Document {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Document::decide(self, command)
    }
}

impl Aggregate for Document {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = DocumentCommand;
    type Event = DocumentEvent;
    type Error = DocumentError;
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
        match event {
            DocumentEvent::DocumentUploaded(e) => {
                self.document_id = Some(e.document_id);
                self.workspace_id = Some(e.workspace_id);
                self.name = e.name;
                self.sha256 = e.sha256;
            }
            DocumentEvent::DocumentRenamed(e) => self.name = e.name,
            DocumentEvent::DocumentTagged(e) => self.tags = e.tags,
            DocumentEvent::DocumentDeleted(_) => self.deleted = true,
            DocumentEvent::DocumentAttached(e) => {
                self.attached_to.insert(e.to);
            }
            DocumentEvent::DocumentDetached(e) => {
                self.attached_to.remove(&e.from);
            }
        }
    }
}
