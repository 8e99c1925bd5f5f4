//! Why an upload did not fit.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    /// The documents would take the organization past its plan's document storage.
    #[error("{adding} more bytes do not fit: {used} of the limit are in use")]
    Full { used: u64, adding: u64 },
}
