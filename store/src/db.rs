use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{AnyPool, ConnectOptions, Executor};

use crate::kept::Kept;
use crate::sqlite_reads::SqliteReads;
use crate::write_gate::{WriteGate, WritePermit, WriteTransaction, WriteTurn};
use crate::StoreError;

/// SQLite waits this long for the write lock before giving up; writers are few and short
/// (group commit), so a long wait means something is stuck, not busy.
pub(crate) const SQLITE_BUSY_TIMEOUT_MS: u32 = 10_000;
/// Connections to the SQLite file read it through a memory map of up to 1 GiB instead of
/// copying every page into each connection's page cache; writes still go through the WAL
/// with write(2), so what a commit makes durable is unchanged.
pub(crate) const SQLITE_MMAP_SIZE: i64 = 1 << 30;
/// Every SQLite connection syncs the WAL at each commit (`FULL`): a command is answered
/// only after its events are on disk, so an acknowledged posting survives a power loss,
/// not just an application or OS crash (`NORMAL` in WAL mode leaves the last commits in the
/// page cache). The group commit shares one fsync among every command in the group.
pub(crate) const SQLITE_SYNCHRONOUS: &str = "FULL";
/// The read models' commits (a projector's page with its checkpoint) do not wait for the
/// disk: they are derived from the log, and the checkpoint commits in the same transaction
/// as the rows. The WAL is one file written in order, and the next durable commit (the
/// log's next group) syncs every frame before its own, so a power loss can only take a
/// suffix of read-model pages with their checkpoints, which the projectors apply again from
/// the log. What is acknowledged to a user (events, keys, accounts) stays `FULL`.
pub(crate) const SQLITE_READ_MODEL_SYNCHRONOUS: &str = "NORMAL";
const POOL_MAX_CONNECTIONS_SQLITE: u32 = 8;
/// The read models' writers take the file's one write turn, so one connection writes at a
/// time; a second serves a projector that reads while the first is returned.
const READ_MODEL_POOL_MAX_CONNECTIONS_SQLITE: u32 = 2;
const POOL_MAX_CONNECTIONS_POSTGRES: u32 = 16;
/// The event log's own native pools (see [`NativePool`]). On Postgres: one writer (group
/// commit) plus readers (projectors, the relay, stream loads); on SQLite events are written
/// and read on the log's own connections (`backend::sqlite`) and this pool serves the rest
/// (snapshots, chain heads, counts).
const LOG_POOL_MAX_CONNECTIONS_SQLITE: u32 = 4;
const LOG_POOL_MAX_CONNECTIONS_POSTGRES: u32 = 8;

/// Which database the store runs on. SQL that differs between them branches on this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the data lives: the embedded default is a SQLite file under `data_dir`;
/// a `database_url` (postgres://…) switches to Postgres.
#[derive(Debug, Clone)]
pub struct StorageConfig {
    pub data_dir: PathBuf,
    pub database_url: Option<String>,
}

impl StorageConfig {
    pub fn embedded(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            data_dir: data_dir.into(),
            database_url: None,
        }
    }

    pub fn sqlite_path(&self) -> PathBuf {
        self.data_dir.join("ledgerline.sqlite3")
    }
}

/// The one pool every crate shares. `sqlx::Any` keeps read-model SQL portable (`$1`
/// placeholders, TEXT ids, BIGINT times work on both); backend-specific SQL lives only in
/// the event-log backends and migrations.
#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub backend: Backend,
    /// On SQLite, the connections the projectors write their pages on (see
    /// [`SQLITE_READ_MODEL_SYNCHRONOUS`]); on Postgres the shared pool.
    read_model_pool: AnyPool,
    /// A native pool on the same database, used only by the event-log backends: going
    /// through `sqlx::Any` copies every value into an `AnyValue` and back, and rules out
    /// array parameters; the log's hot paths can't afford either.
    pub(crate) native: NativePool,
    /// On SQLite, the file's one writer at a time (see [`crate::write_gate`]).
    write_gate: Option<WriteGate>,
    /// On SQLite, read-only native connections for the hot reads (the log's pages, the
    /// ledger's balances); see [`crate::sqlite_reads`].
    sqlite_reads: Option<Arc<SqliteReads>>,
    /// What readers derive from the read models and keep in memory (see [`crate::kept`]).
    kept: Kept,
}

/// The native pool behind [`Db::native`], same settings (pragmas, timeouts) as the `Any` one.
#[derive(Clone, Debug)]
pub(crate) enum NativePool {
    /// The pool, and the database file (the log's direct readers open it too).
    Sqlite(SqlitePool, PathBuf),
    Postgres(PgPool),
}

impl Db {
    pub async fn connect(config: &StorageConfig) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        match &config.database_url {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Self::connect_postgres(url).await
            }
            Some(url) if url.starts_with("sqlite:") => {
                let path = url
                    .trim_start_matches("sqlite://")
                    .trim_start_matches("sqlite:");
                Self::connect_sqlite(Path::new(path)).await
            }
            Some(url) => Err(StoreError::Config(format!(
                "DATABASE_URL must start with postgres:// or sqlite:, got {:?}",
                url.split(':').next().unwrap_or_default()
            ))),
            None => {
                std::fs::create_dir_all(&config.data_dir).map_err(|e| {
                    StoreError::Config(format!(
                        "cannot create data directory {}: {e}",
                        config.data_dir.display()
                    ))
                })?;
                Self::connect_sqlite(&config.sqlite_path()).await
            }
        }
    }

    async fn connect_sqlite(path: &Path) -> Result<Self, StoreError> {
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let pool =
            Self::sqlite_any_pool(&url, POOL_MAX_CONNECTIONS_SQLITE, SQLITE_SYNCHRONOUS).await?;
        let read_model_pool = Self::sqlite_any_pool(
            &url,
            READ_MODEL_POOL_MAX_CONNECTIONS_SQLITE,
            SQLITE_READ_MODEL_SYNCHRONOUS,
        )
        .await?;
        // The same pragmas as above, for the log's native pool.
        let native_options = SqliteConnectOptions::from_str(&url)?
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::from_str(SQLITE_SYNCHRONOUS)?)
            .busy_timeout(Duration::from_millis(u64::from(SQLITE_BUSY_TIMEOUT_MS)))
            .foreign_keys(true)
            // Statement journals and temporary b-trees in memory instead of temp files (an
            // append's statements each keep one); no effect on what a commit makes durable.
            .pragma("temp_store", "MEMORY")
            .pragma("mmap_size", SQLITE_MMAP_SIZE.to_string())
            .disable_statement_logging();
        let native = SqlitePoolOptions::new()
            .max_connections(LOG_POOL_MAX_CONNECTIONS_SQLITE)
            .connect_with(native_options)
            .await?;
        Ok(Self {
            pool,
            backend: Backend::Sqlite,
            read_model_pool,
            native: NativePool::Sqlite(native, path.to_owned()),
            write_gate: Some(WriteGate::default()),
            sqlite_reads: Some(SqliteReads::new(path.to_owned())),
            kept: Kept::default(),
        })
    }

    /// An `Any` pool on the SQLite file at `url` whose connections commit with `synchronous`.
    async fn sqlite_any_pool(
        url: &str,
        max_connections: u32,
        synchronous: &'static str,
    ) -> Result<AnyPool, StoreError> {
        let options = AnyConnectOptions::from_str(url)?.disable_statement_logging();
        Ok(AnyPoolOptions::new()
            .max_connections(max_connections)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    // WAL lets readers run beside the single writer; see SQLITE_SYNCHRONOUS.
                    conn.execute(
                        format!(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {synchronous}; \
                             PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}; PRAGMA foreign_keys = ON;"
                        )
                        .as_str(),
                    )
                    .await?;
                    Ok(())
                })
            })
            .connect_with(options)
            .await?)
    }

    async fn connect_postgres(url: &str) -> Result<Self, StoreError> {
        let options = AnyConnectOptions::from_str(url)?
            .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_secs(1))
            .disable_statement_logging();
        let pool = AnyPoolOptions::new()
            .max_connections(POOL_MAX_CONNECTIONS_POSTGRES)
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(options)
            .await?;
        // Every read of the log is in the order of one of its indexes, and must stay an index
        // scan: a table without statistics (new, or just imported) made the planner guess few
        // rows after a cursor and fetch and sort all of them for each page, turning a
        // catch-up quadratic. With sorting priced out, the index order always wins; the
        // append statements, which must sort (unnest input), still do — but the penalty puts
        // their cost estimate past `jit_above_cost`, and JIT-compiling an upsert of a few
        // rows cost more than running it (single-event appends fell from ~20,000 to ~570/s),
        // so JIT is off on these short statements too. Set after connecting rather than as
        // startup options, which connection poolers such as PgBouncer refuse by default.
        let native_options = PgConnectOptions::from_str(url)?
            .log_slow_statements(tracing::log::LevelFilter::Warn, Duration::from_secs(1))
            .disable_statement_logging();
        let native = PgPoolOptions::new()
            .max_connections(LOG_POOL_MAX_CONNECTIONS_POSTGRES)
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(|conn, _meta| {
                Box::pin(async move {
                    conn.execute("SET enable_sort = off; SET jit = off;")
                        .await?;
                    Ok(())
                })
            })
            .connect_lazy_with(native_options);
        Ok(Self {
            read_model_pool: pool.clone(),
            pool,
            backend: Backend::Postgres,
            native: NativePool::Postgres(native),
            write_gate: None,
            sqlite_reads: None,
            kept: Kept::default(),
        })
    }

    /// Closes every pool (the shared `Any` one, the read models' and the log's native one).
    pub async fn close(&self) {
        self.pool.close().await;
        self.read_model_pool.close().await;
        match &self.native {
            NativePool::Sqlite(pool, _) => pool.close().await,
            NativePool::Postgres(pool) => pool.close().await,
        }
    }

    /// The read-only native connections of a SQLite database (`None` on Postgres): hot
    /// read paths step rows on them instead of going through `sqlx::Any`.
    pub fn sqlite_reads(&self) -> Option<&Arc<SqliteReads>> {
        self.sqlite_reads.as_ref()
    }

    /// The `T` kept in memory beside this database (see [`crate::kept`]).
    pub fn kept<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        self.kept.get()
    }

    /// Begins a transaction that holds the write lock from its first statement on SQLite, so
    /// a read-then-write transaction never fails with a stale snapshot (SQLITE_BUSY_SNAPSHOT).
    /// On SQLite it first waits for the file's writer's turn ([`crate::write_gate`]).
    pub async fn begin_write(&self) -> Result<WriteTransaction, sqlx::Error> {
        let permit = self.write_turn().await?;
        let tx = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        };
        Ok(WriteTransaction::new(tx, permit))
    }

    /// [`Self::begin_write`] for a projector's page of read-model rows with its checkpoint,
    /// committed without waiting for the disk (see [`SQLITE_READ_MODEL_SYNCHRONOUS`]; on
    /// Postgres `synchronous_commit = off`, which likewise loses at most the last
    /// transactions, in order, and whose next synchronous commit flushes them).
    pub async fn begin_read_model_write(&self) -> Result<WriteTransaction, sqlx::Error> {
        let permit = self.write_turn().await?;
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            // In the same round trip as the BEGIN: a page is often a few events.
            Backend::Postgres => "BEGIN; SET LOCAL synchronous_commit = off",
        };
        let tx = self.read_model_pool.begin_with(begin).await?;
        Ok(WriteTransaction::new(tx, permit))
    }

    /// Waits for the writer's turn (SQLite; nothing to wait for on Postgres), held until
    /// the answer is dropped: for a single write through a function that takes any
    /// executor, run on the pool in turn as [`crate::ExecuteWrite`] runs one statement.
    pub async fn take_write_turn(&self) -> Result<WriteTurn, sqlx::Error> {
        Ok(WriteTurn::new(self.write_turn().await?))
    }

    /// The writer's turn on SQLite (held until dropped); nothing to wait for on Postgres.
    pub(crate) async fn write_turn(&self) -> Result<Option<WritePermit>, sqlx::Error> {
        match &self.write_gate {
            Some(gate) => gate
                .enter(Duration::from_millis(u64::from(SQLITE_BUSY_TIMEOUT_MS)))
                .await
                .map(Some),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use sqlx::Row;

    use super::*;
    use crate::testing::TestDatabase;
    use crate::ExecuteWrite;

    /// How the transaction's connection commits: `FULL`/`on` waits for the disk,
    /// `NORMAL`/`off` does not.
    async fn commit_durability(tx: &mut WriteTransaction, backend: Backend) -> String {
        match backend {
            Backend::Sqlite => {
                let level: i64 = sqlx::query("PRAGMA synchronous")
                    .fetch_one(&mut **tx)
                    .await
                    .expect("read synchronous")
                    .get(0);
                match level {
                    1 => "NORMAL".to_owned(),
                    2 => "FULL".to_owned(),
                    other => format!("level {other}"),
                }
            }
            Backend::Postgres => sqlx::query("SHOW synchronous_commit")
                .fetch_one(&mut **tx)
                .await
                .expect("read synchronous_commit")
                .get(0),
        }
    }

    async fn a_read_model_page_commits_without_waiting_for_the_disk(backend: Backend) {
        let test = TestDatabase::new(backend).await;
        let mut tx = test.db.begin_read_model_write().await.expect("begin");
        let durability = commit_durability(&mut tx, backend).await;
        tx.rollback().await.expect("rollback");
        let expected = match backend {
            Backend::Sqlite => "NORMAL",
            Backend::Postgres => "off",
        };
        assert_eq!(durability, expected);
        test.cleanup().await;
    }

    async fn every_other_write_waits_for_the_disk_after_a_read_model_page(backend: Backend) {
        let test = TestDatabase::new(backend).await;
        // More read-model pages than the pool has connections, committed, so that any
        // setting they leave behind would reach a connection used after them.
        for _ in 0..3 {
            let tx = test.db.begin_read_model_write().await.expect("begin");
            tx.commit().await.expect("commit");
        }
        for _ in 0..(POOL_MAX_CONNECTIONS_SQLITE + 1) {
            let mut tx = test.db.begin_write().await.expect("begin");
            let durability = commit_durability(&mut tx, backend).await;
            tx.commit().await.expect("commit");
            let expected = match backend {
                Backend::Sqlite => "FULL",
                Backend::Postgres => "on",
            };
            assert_eq!(durability, expected);
        }
        test.cleanup().await;
    }

    async fn a_read_model_page_is_read_at_once_on_the_shared_pool(backend: Backend) {
        let test = TestDatabase::new(backend).await;
        sqlx::query("CREATE TABLE read_model_probe (n BIGINT NOT NULL)")
            .execute_write(&test.db)
            .await
            .expect("create table");
        let mut tx = test.db.begin_read_model_write().await.expect("begin");
        sqlx::query("INSERT INTO read_model_probe (n) VALUES (42)")
            .execute(&mut *tx)
            .await
            .expect("insert");
        tx.commit().await.expect("commit");
        let n: i64 = sqlx::query("SELECT n FROM read_model_probe")
            .fetch_one(&test.db.pool)
            .await
            .expect("read")
            .get(0);
        assert_eq!(n, 42);
        test.cleanup().await;
    }

    crate::backend_tests!(
        a_read_model_page_commits_without_waiting_for_the_disk,
        every_other_write_waits_for_the_disk_after_a_read_model_page,
        a_read_model_page_is_read_at_once_on_the_shared_pool,
    );
}
