//! What can be asked of a document.

use event_schemas::document::{AttachedTo, DocumentUploaded};
use event_schemas::{UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq)]
pub enum DocumentCommand {
    Upload(UploadDocument),
    Change(ChangeDocument),
    Delete(DeleteDocument),
    Attach(AttachDocument),
    Detach(DetachDocument),
}

/// Records a document whose bytes are already stored under its hash (name sanitized,
/// type sniffed, size within the plan's limits: the route checked them first).
#[derive(Debug, Clone, PartialEq)]
pub struct UploadDocument {
    pub uploaded: DocumentUploaded,
}

/// Renames and/or retags the document; `None` leaves that part as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeDocument {
    pub workspace_id: WorkspaceId,
    pub name: Option<String>,
    pub tags: Option<Vec<String>>,
    pub by: UserId,
}

/// Removes the document from the workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeleteDocument {
    pub workspace_id: WorkspaceId,
    pub by: UserId,
}

/// Attaches the document to an entry (or asset, or debt) of the same workspace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttachDocument {
    pub workspace_id: WorkspaceId,
    pub to: AttachedTo,
    pub by: UserId,
}

/// Takes the document off what it was attached to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DetachDocument {
    pub workspace_id: WorkspaceId,
    pub from: AttachedTo,
    pub by: UserId,
}

macro_rules! into_command {
    ($($command:ident => $variant:ident),*) => {$(
        impl From<$command> for DocumentCommand {
            fn from(command: $command) -> Self {
                Self::$variant(command)
            }
        }
    )*};
}

into_command!(
    UploadDocument => Upload,
    ChangeDocument => Change,
    DeleteDocument => Delete,
    AttachDocument => Attach,
    DetachDocument => Detach
);
