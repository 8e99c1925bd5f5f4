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
    pub access: Arc<dyn AccessPolicy>,
    pub data_dir: PathBuf,
}

impl AppState {
    pub fn db(&self) -> &Db {
        self.store.db()
    }
}
