use std::path::PathBuf;
use std::sync::Arc;

use store::{Db, EventStore};

use crate::access::AccessPolicy;
use crate::auth::TokenKeys;

/// What every handler gets: the store (writes), the database (read models), token keys
/// and the access policy.
#[derive(Clone)]
pub struct AppState {
    pub store: EventStore,
    pub keys: TokenKeys,
    /// Seals secrets kept at rest (TOTP secrets).
    pub secrets: identity::sealing::SealingKey,
    pub access: Arc<dyn AccessPolicy>,
    pub data_dir: PathBuf,
    /// Where documents' bytes are kept (the data directory or a bucket).
    pub blobs: identity::files::blobs::Blobs,
    /// Where users reach the product: the base of links in mails.
    pub public_url: String,
    /// Wakes the mail delivery worker after a commit that queued mail.
    pub mail: identity::outbox::OutboxSignal,
    /// What time it is for commands (the system clock outside tests).
    pub clock: crate::time::Clock,
    /// Where this process's projectors stand, as they commit (read-your-writes waits on it).
    pub applied: projections::Applied,
    /// Which organization owns each workspace asked about (every command's metadata).
    pub owners: crate::workspace_owners::WorkspaceOwners,
}

impl AppState {
    pub fn db(&self) -> &Db {
        self.store.db()
    }
}
