//! Documents a workspace keeps (spec "file upload", "document storage"): receipts,
//! invoices, statements — uploaded, renamed, tagged, attached to the journal entries they
//! back, and deleted (softly: the log keeps their history).
//!
//! - [`aggregate`] — [`Document`]: one document's life and its pure decisions.
//! - [`commands`] — [`DocumentCommand`]; [`errors`] — [`DocumentError`].
//! - [`rules`] — names and tags as they are kept.
//! - events — in `event_schemas::document`.

pub mod aggregate;
pub mod commands;
pub mod errors;
pub mod rules;

#[cfg(test)]
mod tests;

pub use aggregate::Document;
pub use commands::{
    AttachDocument, ChangeDocument, DeleteDocument, DetachDocument, DocumentCommand, UploadDocument,
};
pub use errors::DocumentError;
