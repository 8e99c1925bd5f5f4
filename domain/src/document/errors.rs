//! Why a document command was refused.

use super::rules::{NAME_CHARS_MAX, TAGS_MAX, TAG_CHARS_MAX};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    #[error("No document with this id in this workspace.")]
    NotFound,
    #[error("This document was already uploaded.")]
    AlreadyUploaded,
    #[error("Give the document a name of at most {NAME_CHARS_MAX} characters.")]
    InvalidName,
    #[error("Tags are at most {TAGS_MAX}, each 1 to {TAG_CHARS_MAX} characters.")]
    InvalidTags,
    #[error("The document is already attached there.")]
    AlreadyAttached,
    #[error("The document is not attached there.")]
    NotAttached,
    #[error("The document backs {0} record(s); detach it from them before deleting it.")]
    StillAttached(usize),
}
