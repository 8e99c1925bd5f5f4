//! An organization's document storage (spec §9 "document storage"): the bytes its live
//! documents take, against the plan's limit. Uploads and deletes are decided on it in the
//! same append as the documents' own streams, so the limit holds however many uploads
//! arrive at once.
//!
//! - [`aggregate`] — [`DocumentStorage`]; [`commands`] — [`StorageCommand`];
//!   [`errors`] — [`StorageError`].
//! - events — in `event_schemas::document_storage`.

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;

pub use aggregate::DocumentStorage;
pub use commands::{FreeStorage, StorageCommand, StoreDocuments};
pub use errors::StorageError;
