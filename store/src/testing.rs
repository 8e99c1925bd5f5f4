//! A fresh database per test, on SQLite (a temporary file) or on the real Postgres
//! (a uniquely named database, dropped by [`TestDatabase::cleanup`]).

use std::path::PathBuf;

use sqlx::Executor;

use crate::{Backend, Cursor, Db, EventStore, RecordedEvent, StorageConfig};

/// The server tests create their databases on; trust auth on the project's machines.
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

pub struct TestDatabase {
    pub db: Db,
    pub config: StorageConfig,
    pub name: String,
    dir: Option<PathBuf>,
}

impl TestDatabase {
    pub async fn new(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => Self::sqlite().await,
            Backend::Postgres => Self::postgres().await,
        }
    }

    pub async fn sqlite() -> Self {
        let name = format!("ll_test_{}", uuid::Uuid::new_v4().simple());
        let dir = std::env::temp_dir().join(&name);
        let config = StorageConfig::embedded(&dir);
        let db = Db::connect(&config)
            .await
            .expect("open sqlite test database");
        Self {
            db,
            config,
            name,
            dir: Some(dir),
        }
    }

    pub async fn postgres() -> Self {
        let name = format!("ll_test_{}", uuid::Uuid::new_v4().simple());
        let admin = admin().await;
        admin
            .pool
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .expect("create postgres test database");
        admin.close().await;
        let url = database_url(&name);
        let config = StorageConfig {
            data_dir: std::env::temp_dir().join(&name),
            database_url: Some(url),
        };
        let db = Db::connect(&config)
            .await
            .expect("connect to postgres test database");
        Self {
            db,
            config,
            name,
            dir: None,
        }
    }

    /// Another connection pool on the same database: a second node in scale-out tests.
    pub async fn connect_again(&self) -> Db {
        Db::connect(&self.config)
            .await
            .expect("reconnect to test database")
    }

    pub async fn cleanup(self) {
        self.db.close().await;
        match self.dir {
            Some(dir) => {
                let _ = std::fs::remove_dir_all(dir);
            }
            None => {
                // A Postgres test keeps its files (mail, uploads) in a directory of its own.
                let _ = std::fs::remove_dir_all(&self.config.data_dir);
                let admin = admin().await;
                let _ = admin
                    .pool
                    .execute(format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name).as_str())
                    .await;
                admin.close().await;
            }
        }
    }
}

fn database_url(name: &str) -> String {
    let admin = postgres_admin_url();
    match admin.rfind('/') {
        Some(i) => format!("{}/{name}", &admin[..i]),
        None => format!("{admin}/{name}"),
    }
}

async fn admin() -> Db {
    Db::connect(&StorageConfig {
        data_dir: std::env::temp_dir(),
        database_url: Some(postgres_admin_url()),
    })
    .await
    .expect("connect to the Postgres server (is it running on 127.0.0.1:5432?)")
}

/// Runs each named async test function `fn(Backend)` once per backend:
/// `backend_tests!(appends_are_read_back);` makes `sqlite::appends_are_read_back` and
/// `postgres::appends_are_read_back`.
#[macro_export]
macro_rules! backend_tests {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::Backend::Sqlite).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::Backend::Postgres).await;
                }
            )*
        }
    };
}

/// The whole committed log, in log order. On Postgres the gap-safe watermark can trail
/// commits while other tests' transactions are open, so this waits until every committed
/// event is readable.
pub async fn read_all_committed(store: &EventStore) -> Vec<RecordedEvent> {
    let committed = store.log().event_count().await.expect("count");
    let mut all = Vec::new();
    let mut cursor = Cursor::START;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let page = store.read_log(cursor, 1000).await.expect("read log");
        match page.last() {
            Some(last) => cursor = last.cursor(),
            None if all.len() as i64 >= committed => return all,
            None => {
                assert!(
                    tokio::time::Instant::now() < deadline,
                    "committed events never became readable"
                );
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            }
        }
        all.extend(page);
    }
}
