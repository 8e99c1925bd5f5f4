use async_trait::async_trait;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

/// Why a projector could not apply an event. The runtime stops that projector, records the
/// message and position in its checkpoint row (visible in `projections status`) and lets
/// the other projectors go on.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct ProjectionError {
    pub position: Option<i64>,
    pub message: String,
}

impl ProjectionError {
    pub fn at(event: &RecordedEvent, message: impl Into<String>) -> Self {
        Self {
            position: Some(event.global_position),
            message: message.into(),
        }
    }
}

impl From<sqlx::Error> for ProjectionError {
    fn from(err: sqlx::Error) -> Self {
        Self {
            position: None,
            message: format!("database error: {err}"),
        }
    }
}

impl From<store::StoreError> for ProjectionError {
    fn from(err: store::StoreError) -> Self {
        Self {
            position: None,
            message: err.to_string(),
        }
    }
}

/// An index a rebuild builds after loading (see [`Projector::deferred_indexes`]).
#[derive(Debug, Clone, Copy)]
pub struct DeferredIndex {
    pub name: &'static str,
    /// Its `CREATE INDEX name ON …` statement, as in the projector's migrations.
    pub create: &'static str,
}

impl DeferredIndex {
    /// The statement that creates it when it is missing: a rebuild cut off before its end
    /// leaves it dropped, and the next start puts it back.
    pub fn create_if_missing(&self) -> String {
        let prefix = format!("CREATE INDEX {} ", self.name);
        assert!(
            self.create.starts_with(&prefix),
            "deferred index {} must be created by `{prefix}…`",
            self.name
        );
        format!(
            "CREATE INDEX IF NOT EXISTS {}",
            &self.create["CREATE INDEX ".len()..]
        )
    }
}

/// A read model built from the log. `apply_batch` runs inside the transaction that also
/// moves the checkpoint, so it must only write through `tx` and must be deterministic:
/// a rebuild from position 0 has to produce the same tables as live processing did.
#[async_trait]
pub trait Projector: Send + Sync + 'static {
    /// Stable name: the checkpoint key and what `projections rebuild NAME` takes.
    fn name(&self) -> &'static str;

    /// Bump when the read model's meaning changes: a stored checkpoint of another version
    /// triggers an automatic rebuild at start-up.
    fn version(&self) -> i64;

    /// The read model's schema, owned by this projector.
    fn migrations(&self) -> &'static [Migration];

    /// Tables emptied by a rebuild.
    fn tables(&self) -> &'static [&'static str];

    /// Secondary indexes a rebuild drops before it loads the tables and creates after:
    /// building an index once over loaded rows is several times cheaper than keeping it
    /// ordered row by row. Only indexes the projector's own writes never look rows up by
    /// (its updates and conflicts go by primary key), or the load would scan.
    fn deferred_indexes(&self) -> &'static [DeferredIndex] {
        &[]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError>;

    /// Whether `event` may change this read model (caches of it are told after a batch
    /// holding one; see [`crate::applied`]). By default every event does.
    fn concerns(&self, _event: &RecordedEvent) -> bool {
        true
    }
}
