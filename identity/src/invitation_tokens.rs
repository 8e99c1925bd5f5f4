//! The secret tokens of invitations. An invitation itself is an event-sourced fact (the
//! Organization aggregate); its token is a secret, so it lives only here, hashed. A
//! resend replaces the token, so only the newest link works; answering the invitation
//! removes it, so no link works twice.

use sqlx::{Any, Executor, Row};
use store::migrate::Migration;
use store::Db;

use crate::{now_us, random_secret, secret_hash};

const TABLE: &str = "CREATE TABLE invitation_tokens (
    token_hash TEXT PRIMARY KEY,
    invitation_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    created_at BIGINT NOT NULL
)";

const INDEX: &str =
    "CREATE INDEX invitation_tokens_invitation ON invitation_tokens (invitation_id)";

/// Run under their own owner name, beside [`crate::MIGRATIONS`].
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "invitation_tokens",
        sqlite: TABLE,
        postgres: TABLE,
    },
    Migration {
        version: 2,
        name: "invitation_tokens_invitation",
        sqlite: INDEX,
        postgres: INDEX,
    },
];

/// Issues the invitation's token, replacing any earlier one.
pub async fn issue(
    tx: &mut sqlx::Transaction<'static, Any>,
    invitation_id: &str,
    organization_id: &str,
) -> Result<String, sqlx::Error> {
    revoke(&mut **tx, invitation_id).await?;
    let secret = random_secret();
    sqlx::query(
        "INSERT INTO invitation_tokens (token_hash, invitation_id, organization_id, created_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(secret_hash(&secret))
    .bind(invitation_id)
    .bind(organization_id)
    .bind(now_us())
    .execute(&mut **tx)
    .await?;
    Ok(secret)
}

/// The invitation and organization a token stands for.
pub async fn find(db: &Db, secret: &str) -> Result<Option<(String, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT invitation_id, organization_id FROM invitation_tokens WHERE token_hash = $1",
    )
    .bind(secret_hash(secret.trim()))
    .fetch_optional(&db.pool)
    .await?;
    row.map(|r| Ok((r.try_get("invitation_id")?, r.try_get("organization_id")?)))
        .transpose()
}

/// Removes the invitation's token (answered or cancelled).
pub async fn revoke<'c, E>(executor: E, invitation_id: &str) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query("DELETE FROM invitation_tokens WHERE invitation_id = $1")
        .bind(invitation_id)
        .execute(executor)
        .await?;
    Ok(())
}
