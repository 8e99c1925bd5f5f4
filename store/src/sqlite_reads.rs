//! Read-only rusqlite connections on a SQLite database's file, for hot reads.
//!
//! Why not sqlx for these: its SQLite driver runs each connection on a worker thread and
//! hands every row to the async side through a channel, one message and one row copy (an
//! `AnyRow`, every value converted) per row. Profiles of the log's page reads and of the
//! trial balance put that hand-off and copy above SQLite's own work. Here a blocking task
//! steps the rows of a prepared (cached) statement straight into the caller's values.
//!
//! The connections are a second door to the same file through the same SQLite library
//! (rusqlite and sqlx link one `libsqlite3-sys`), so they share its locks and WAL. Each
//! statement run on them outside a transaction sees every transaction committed before it
//! began, exactly as a statement on a sqlx pool connection does. `query_only` makes them
//! unable to write, so they never take the file's write turn.

use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use rusqlite::Connection;

use crate::backend::sqlite::open_connection;
use crate::StoreError;

/// Idle connections kept; more are opened while more reads run at once (a blocking task
/// each, so the runtime's blocking pool bounds them).
const IDLE_CONNECTIONS_MAX: usize = 8;
/// Prepared statements each connection keeps: the read paths' statement texts are few
/// (a query's text varies only with how many ranges or ids it binds).
const STATEMENT_CACHE_CAPACITY: usize = 128;

/// A small pool of read-only connections on one SQLite file.
pub struct SqliteReads {
    file: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl fmt::Debug for SqliteReads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SqliteReads")
            .field("file", &self.file)
            .finish_non_exhaustive()
    }
}

impl SqliteReads {
    pub(crate) fn new(file: PathBuf) -> Arc<Self> {
        Arc::new(Self {
            file,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// Runs `read` on an idle connection (or a new one) in a blocking task.
    pub async fn read<T, E>(
        self: &Arc<Self>,
        read: impl FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    ) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
    {
        let reads = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let connection = reads.take()?;
            let result = read(&connection);
            reads.put_back(connection);
            result
        })
        .await
        .map_err(|e| StoreError::Task(e.to_string()))?
    }

    fn take(&self) -> Result<Connection, StoreError> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(connection) => Ok(connection),
            None => {
                let connection = open_connection(&self.file)?;
                connection.execute_batch("PRAGMA query_only = ON;")?;
                connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE_CAPACITY);
                Ok(connection)
            }
        }
    }

    fn put_back(&self, connection: Connection) {
        if let Ok(mut idle) = self.idle.lock() {
            if idle.len() < IDLE_CONNECTIONS_MAX {
                idle.push(connection);
            }
        }
    }
}
