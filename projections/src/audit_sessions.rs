//! `audit_sessions`: each workspace's audit sessions (list and header of a session),
//! their shares (live and revoked; the public link looks its secret's hash up here),
//! every view of a shared link (the access log), and the notes and conclusions on their
//! findings (every one kept: a finding's conclusion is its latest).

use async_trait::async_trait;
use event_schemas::audit_session::{upcasters, AuditSessionEvent, SignOffRole, AGGREGATE_TYPE};
use event_schemas::audit_shared_view::{self, AuditSharedViewEvent};
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

const SHARES_SHARED_BY: &str = "ALTER TABLE read_audit_shares ADD COLUMN shared_by TEXT";
const SHARES_REVOKED_AT: &str = "ALTER TABLE read_audit_shares ADD COLUMN revoked_at BIGINT";
const SHARES_REVOKED_BY: &str = "ALTER TABLE read_audit_shares ADD COLUMN revoked_by TEXT";
const SHARES_VIEWS: &str =
    "ALTER TABLE read_audit_shares ADD COLUMN view_count BIGINT NOT NULL DEFAULT 0";
const SHARES_LAST_VIEWED: &str = "ALTER TABLE read_audit_shares ADD COLUMN last_viewed_at BIGINT";
const SHARES_SESSION: &str =
    "CREATE INDEX read_audit_shares_session ON read_audit_shares (session_id, shared_at)";

/// One row per view of a shared link, from its `AuditSharedViewRecorded` event.
const SHARE_VIEWS: &str = "CREATE TABLE read_audit_share_views (
    view_id TEXT PRIMARY KEY,
    session_id TEXT NOT NULL,
    share_id TEXT NOT NULL,
    viewed_at BIGINT NOT NULL,
    client_address TEXT,
    user_agent TEXT
)";
const SHARE_VIEWS_SESSION: &str =
    "CREATE INDEX read_audit_share_views_session ON read_audit_share_views (session_id, viewed_at)";

/// One row per note or conclusion on a finding, in log order (`position`).
const FINDING_NOTES: &str = "CREATE TABLE read_audit_finding_notes (
    position BIGINT PRIMARY KEY,
    session_id TEXT NOT NULL,
    target_kind TEXT NOT NULL,
    target_ref TEXT NOT NULL,
    note_kind TEXT NOT NULL,
    conclusion TEXT,
    text TEXT NOT NULL,
    author_id TEXT NOT NULL,
    recorded_at BIGINT NOT NULL
)";
const FINDING_NOTES_SESSION: &str =
    "CREATE INDEX read_audit_finding_notes_session ON read_audit_finding_notes (session_id, position)";

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
        // 2: shares are kept when revoked, with who shared and their views; notes and
        // conclusions on findings.
        2
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_audit_sessions", SESSIONS),
            same!(2, "read_audit_sessions_workspace", SESSIONS_WORKSPACE),
            same!(3, "read_audit_shares", SHARES),
            same!(4, "read_audit_shares_shared_by", SHARES_SHARED_BY),
            same!(5, "read_audit_shares_revoked_at", SHARES_REVOKED_AT),
            same!(6, "read_audit_shares_revoked_by", SHARES_REVOKED_BY),
            same!(7, "read_audit_shares_view_count", SHARES_VIEWS),
            same!(8, "read_audit_shares_last_viewed_at", SHARES_LAST_VIEWED),
            same!(9, "read_audit_shares_session", SHARES_SESSION),
            same!(10, "read_audit_share_views", SHARE_VIEWS),
            same!(11, "read_audit_share_views_session", SHARE_VIEWS_SESSION),
            same!(12, "read_audit_finding_notes", FINDING_NOTES),
            same!(
                13,
                "read_audit_finding_notes_session",
                FINDING_NOTES_SESSION
            ),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_audit_sessions",
            "read_audit_shares",
            "read_audit_share_views",
            "read_audit_finding_notes",
        ]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let upcasters = upcasters();
        let view_upcasters = audit_shared_view::upcasters();
        for event in events {
            let applied = if event.aggregate_type == AGGREGATE_TYPE {
                let decoded: AuditSessionEvent = decode(event, &upcasters)?;
                apply(tx, event, &decoded).await
            } else if event.aggregate_type == audit_shared_view::AGGREGATE_TYPE {
                let decoded: AuditSharedViewEvent = decode(event, &view_upcasters)?;
                apply_view(tx, event, &decoded).await
            } else {
                continue;
            };
            applied.map_err(|e| ProjectionError::at(event, e.to_string()))?;
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
            .bind(envelope.payload.json())
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
                 shared_at, shared_by) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(e.share_id.to_string())
            .bind(id)
            .bind(&e.secret_sha256)
            .bind(e.expires_at)
            .bind(envelope.recorded_at)
            .bind(e.shared_by.to_string())
            .execute(&mut **tx)
            .await?;
        }
        AuditSessionEvent::AuditShareRevoked(e) => {
            sqlx::query(
                "UPDATE read_audit_shares SET revoked_at = $1, revoked_by = $2 WHERE share_id = $3",
            )
            .bind(envelope.recorded_at)
            .bind(e.revoked_by.to_string())
            .bind(e.share_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        AuditSessionEvent::AuditFindingNoted(e) => {
            insert_note(
                tx,
                envelope,
                id,
                &e.target,
                "note",
                None,
                &e.text,
                &e.noted_by,
            )
            .await?;
        }
        AuditSessionEvent::AuditFindingConcluded(e) => {
            insert_note(
                tx,
                envelope,
                id,
                &e.target,
                "conclusion",
                Some(e.conclusion.as_str()),
                &e.rationale,
                &e.concluded_by,
            )
            .await?;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn insert_note(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    session_id: &str,
    target: &event_schemas::audit_session::FindingTarget,
    note_kind: &str,
    conclusion: Option<&str>,
    text: &str,
    author: &event_schemas::UserId,
) -> Result<(), sqlx::Error> {
    let (target_kind, target_ref) = target.parts();
    sqlx::query(
        "INSERT INTO read_audit_finding_notes (position, session_id, target_kind, target_ref, \
         note_kind, conclusion, text, author_id, recorded_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(envelope.global_position)
    .bind(session_id)
    .bind(target_kind)
    .bind(target_ref)
    .bind(note_kind)
    .bind(conclusion)
    .bind(text)
    .bind(author.to_string())
    .bind(envelope.recorded_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn apply_view(
    tx: &mut Transaction<'static, Any>,
    envelope: &RecordedEvent,
    event: &AuditSharedViewEvent,
) -> Result<(), sqlx::Error> {
    let AuditSharedViewEvent::AuditSharedViewRecorded(e) = event;
    sqlx::query(
        "INSERT INTO read_audit_share_views (view_id, session_id, share_id, viewed_at, \
         client_address, user_agent) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(e.view_id.to_string())
    .bind(e.session_id.to_string())
    .bind(e.share_id.to_string())
    .bind(envelope.recorded_at)
    .bind(e.client_address.as_deref())
    .bind(e.user_agent.as_deref())
    .execute(&mut **tx)
    .await?;
    sqlx::query(
        "UPDATE read_audit_shares SET view_count = view_count + 1, last_viewed_at = $1 \
         WHERE share_id = $2",
    )
    .bind(envelope.recorded_at)
    .bind(e.share_id.to_string())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
