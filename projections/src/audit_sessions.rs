//! `audit_sessions`: each workspace's audit sessions (list and header of a session) and
//! their live shares (the public link looks its secret's hash up here).

use async_trait::async_trait;
use event_schemas::audit_session::{upcasters, AuditSessionEvent, SignOffRole, AGGREGATE_TYPE};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::decode::decode;
use crate::{ProjectionError, Projector};

const SESSIONS: &str = "CREATE TABLE read_audit_sessions (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    name TEXT NOT NULL,
    period_start TEXT NOT NULL,
    period_end TEXT NOT NULL,
    materiality TEXT NOT NULL,
    performance_materiality TEXT NOT NULL,
    status TEXT NOT NULL,
    cutoff_seq BIGINT NOT NULL,
    cutoff_hash TEXT NOT NULL,
    cutoff_position BIGINT NOT NULL,
    opened_by TEXT NOT NULL,
    opened_at BIGINT NOT NULL,
    performer_id TEXT,
    performer_on TEXT,
    performer_conclusion TEXT,
    reviewer_id TEXT,
    reviewer_on TEXT,
    reviewer_conclusion TEXT,
    definition TEXT NOT NULL
)";

const SESSIONS_WORKSPACE: &str =
    "CREATE INDEX read_audit_sessions_workspace ON read_audit_sessions (workspace_id, opened_at)";

const SHARES: &str = "CREATE TABLE read_audit_shares (
    share_id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    secret_sha256 TEXT NOT NULL UNIQUE,
    expires_at BIGINT NOT NULL,
    shared_at BIGINT NOT NULL
)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct AuditSessions;

#[async_trait]
impl Projector for AuditSessions {
    fn name(&self) -> &'static str {
        "audit_sessions"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_audit_sessions", SESSIONS),
            same!(2, "read_audit_sessions_workspace", SESSIONS_WORKSPACE),
            same!(3, "read_audit_shares", SHARES),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_audit_sessions", "read_audit_shares"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded: AuditSessionEvent = decode(event, &upcasters)?;
            apply(tx, event, &decoded)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn set_status(
    tx: &mut Transaction<'static, Any>,
    id: &str,
    status: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE read_audit_sessions SET status = $1 WHERE id = $2")
        .bind(status)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &AuditSessionEvent,
) -> Result<(), sqlx::Error> {
    let id = envelope.aggregate_id.as_str();
    match event {
        AuditSessionEvent::AuditSessionOpened(e) => {
            sqlx::query(
                "INSERT INTO read_audit_sessions (id, workspace_id, name, period_start, period_end, \
                 materiality, performance_materiality, status, cutoff_seq, cutoff_hash, \
                 cutoff_position, opened_by, opened_at, definition) VALUES \
                 ($1, $2, $3, $4, $5, $6, $7, 'open', $8, $9, $10, $11, $12, $13)",
            )
            .bind(id)
            .bind(e.workspace_id.to_string())
            .bind(&e.name)
            .bind(e.period_start.to_string())
            .bind(e.period_end.to_string())
            .bind(format!("{:.2}", e.materiality))
            .bind(format!("{:.2}", e.performance_materiality))
            .bind(e.cutoff.chain_seq)
            .bind(&e.cutoff.head_hash)
            .bind(e.cutoff.position)
            .bind(e.opened_by.to_string())
            .bind(envelope.recorded_at)
            .bind(envelope.payload.to_string())
            .execute(&mut **tx)
            .await?;
        }
        AuditSessionEvent::AuditSessionSignedOff(e) => {
            let (who, on, conclusion, status) = match e.role {
                SignOffRole::Performer => (
                    "performer_id",
                    "performer_on",
                    "performer_conclusion",
                    "in_review",
                ),
                SignOffRole::Reviewer => (
                    "reviewer_id",
                    "reviewer_on",
                    "reviewer_conclusion",
                    "signed_off",
                ),
            };
            sqlx::query(&format!(
                "UPDATE read_audit_sessions SET {who} = $1, {on} = $2, {conclusion} = $3, \
                 status = $4 WHERE id = $5"
            ))
            .bind(e.signed_by.to_string())
            .bind(e.signed_on.to_string())
            .bind(&e.conclusion)
            .bind(status)
            .bind(id)
            .execute(&mut **tx)
            .await?;
        }
        AuditSessionEvent::AuditSessionArchived(_) => {
            set_status(tx, id, "archived").await?;
        }
        AuditSessionEvent::AuditSessionShared(e) => {
            sqlx::query(
                "INSERT INTO read_audit_shares (share_id, session_id, secret_sha256, expires_at, \
                 shared_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(e.share_id.to_string())
            .bind(id)
            .bind(&e.secret_sha256)
            .bind(e.expires_at)
            .bind(envelope.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        AuditSessionEvent::AuditShareRevoked(e) => {
            sqlx::query("DELETE FROM read_audit_shares WHERE share_id = $1")
                .bind(e.share_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
