//! `log_stats`: how many events of each type each workspace has, and when the last one was
//! recorded. Feeds the health endpoint and the operators' view of the log; it is also the
//! reference projector of the runtime's own tests (rebuild equals live).

use std::collections::BTreeMap;

use async_trait::async_trait;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::{RecordedEvent, GLOBAL_CHAIN};

use crate::{ProjectionError, Projector};

const TABLE_SQL: &str = "CREATE TABLE read_log_stats (
    workspace_id TEXT NOT NULL,
    aggregate_type TEXT NOT NULL,
    event_type TEXT NOT NULL,
    events BIGINT NOT NULL,
    last_position BIGINT NOT NULL,
    last_recorded_at BIGINT NOT NULL,
    PRIMARY KEY (workspace_id, aggregate_type, event_type)
)";

pub struct LogStats;

#[derive(Default)]
struct Tally {
    events: i64,
    last_position: i64,
    last_recorded_at: i64,
}

#[async_trait]
impl Projector for LogStats {
    fn name(&self) -> &'static str {
        "log_stats"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[Migration {
            version: 1,
            name: "read_log_stats",
            sqlite: TABLE_SQL,
            postgres: TABLE_SQL,
        }]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_log_stats"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        // Tally the batch in memory first: one upsert per key instead of one per event.
        let mut tallies: BTreeMap<(&str, &str, &str), Tally> = BTreeMap::new();
        for event in events {
            let key = (
                event.workspace_id().unwrap_or(GLOBAL_CHAIN),
                event.aggregate_type.as_str(),
                event.event_type.as_str(),
            );
            let tally = tallies.entry(key).or_default();
            tally.events += 1;
            tally.last_position = tally.last_position.max(event.global_position);
            tally.last_recorded_at = tally.last_recorded_at.max(event.recorded_at);
        }
        for ((workspace, aggregate_type, event_type), tally) in tallies {
            sqlx::query(
                "INSERT INTO read_log_stats (workspace_id, aggregate_type, event_type, events, last_position, last_recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (workspace_id, aggregate_type, event_type) DO UPDATE SET \
                 events = read_log_stats.events + excluded.events, \
                 last_position = CASE WHEN excluded.last_position > read_log_stats.last_position THEN excluded.last_position ELSE read_log_stats.last_position END, \
                 last_recorded_at = CASE WHEN excluded.last_recorded_at > read_log_stats.last_recorded_at THEN excluded.last_recorded_at ELSE read_log_stats.last_recorded_at END",
            )
            .bind(workspace)
            .bind(aggregate_type)
            .bind(event_type)
            .bind(tally.events)
            .bind(tally.last_position)
            .bind(tally.last_recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }
}
