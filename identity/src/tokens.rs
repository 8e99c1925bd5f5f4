//! Tokens that are not JWTs: refresh tokens and one-time tokens, stored as SHA-256
//! hashes only.
//!
//! Refresh tokens rotate: each use marks the token used and issues a new one in the same
//! family. A used token presented again means it was stolen (the thief or the owner
//! already rotated it), so the whole family is revoked and both must sign in again
//! (OAuth 2.0 Security BCP, §4.14).

use sqlx::{Any, Executor, Row};
use store::Db;

use crate::{now_us, random_secret, secret_hash};

/// A refresh token lives 14 days; each refresh resets the clock for its successor.
pub const REFRESH_TOKEN_TTL_US: i64 = 14 * 24 * 3600 * 1_000_000;

/// What a one-time token is for; a token of one purpose never serves another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    EmailVerification,
    PasswordReset,
    /// The second sign-in step: the password was right, a TOTP or recovery code is due.
    TwoFactorChallenge,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::EmailVerification => "email_verification",
            Self::PasswordReset => "password_reset",
            Self::TwoFactorChallenge => "two_factor_challenge",
        }
    }

    /// Verification links last 3 days; reset links 1 hour (they grant an account); a
    /// sign-in challenge 5 minutes.
    pub fn ttl_us(self) -> i64 {
        match self {
            Self::EmailVerification => 3 * 24 * 3600 * 1_000_000,
            Self::PasswordReset => 3600 * 1_000_000,
            Self::TwoFactorChallenge => 5 * 60 * 1_000_000,
        }
    }
}

/// Issues a refresh token for `user_id` in `family_id` (a new family at sign-in).
pub async fn issue_refresh<'c, E>(
    executor: E,
    user_id: &str,
    family_id: &str,
) -> Result<String, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let secret = random_secret();
    let now = now_us();
    sqlx::query(
        "INSERT INTO refresh_tokens (token_hash, user_id, family_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(secret_hash(&secret))
    .bind(user_id)
    .bind(family_id)
    .bind(now)
    .bind(now + REFRESH_TOKEN_TTL_US)
    .execute(executor)
    .await?;
    Ok(secret)
}

/// Why a refresh token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefreshRefused {
    Unknown,
    Expired,
    Revoked,
    /// Presented after it was already rotated: its family is now revoked.
    Reused,
}

/// A refresh token exchanged for its successor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rotated {
    pub user_id: String,
    /// The session both tokens belong to.
    pub family_id: String,
    pub refresh: String,
}

/// Rotates `secret`: marks it used and returns the user id and a successor token in the
/// same family. Atomic: of two concurrent refreshes with one token, one wins and the
/// other counts as reuse.
pub async fn rotate_refresh(
    db: &Db,
    secret: &str,
) -> Result<Result<Rotated, RefreshRefused>, sqlx::Error> {
    let hash = secret_hash(secret);
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(
        "SELECT user_id, family_id, expires_at, used_at, revoked_at FROM refresh_tokens \
         WHERE token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(Err(RefreshRefused::Unknown));
    };
    let user_id: String = row.try_get("user_id")?;
    let family_id: String = row.try_get("family_id")?;
    let expires_at: i64 = row.try_get("expires_at")?;
    let used_at: Option<i64> = row.try_get("used_at")?;
    let revoked_at: Option<i64> = row.try_get("revoked_at")?;
    let now = now_us();
    if revoked_at.is_some() {
        return Ok(Err(RefreshRefused::Revoked));
    }
    if used_at.is_some() {
        revoke_family(&mut *tx, &family_id, now).await?;
        tx.commit().await?;
        return Ok(Err(RefreshRefused::Reused));
    }
    if expires_at <= now {
        return Ok(Err(RefreshRefused::Expired));
    }
    let claimed = sqlx::query(
        "UPDATE refresh_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(&hash)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() != 1 {
        revoke_family(&mut *tx, &family_id, now).await?;
        tx.commit().await?;
        return Ok(Err(RefreshRefused::Reused));
    }
    let refresh = issue_refresh(&mut *tx, &user_id, &family_id).await?;
    tx.commit().await?;
    Ok(Ok(Rotated {
        user_id,
        family_id,
        refresh,
    }))
}

async fn revoke_family<'c, E>(executor: E, family_id: &str, now: i64) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL",
    )
    .bind(now)
    .bind(family_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// Revokes every refresh token of a user (after a password reset: sessions elsewhere end).
pub async fn revoke_all_refresh<'c, E>(executor: E, user_id: &str) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 WHERE user_id = $2 AND revoked_at IS NULL",
    )
    .bind(now_us())
    .bind(user_id)
    .execute(executor)
    .await?;
    Ok(())
}

/// Ends every session of a user but `keep` (turning two-factor authentication on ends the
/// sessions an attacker may already hold, not the one that turned it on).
pub async fn revoke_other_sessions<'c, E>(
    executor: E,
    user_id: &str,
    keep: &str,
) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 \
         WHERE user_id = $2 AND family_id <> $3 AND revoked_at IS NULL",
    )
    .bind(now_us())
    .bind(user_id)
    .bind(keep)
    .execute(executor)
    .await?;
    Ok(())
}

/// Whether the session (refresh-token family) has been revoked: its access tokens are no
/// longer accepted. Revocation marks every token of the family, so one marked row is enough.
pub async fn session_revoked(db: &Db, family_id: &str) -> Result<bool, sqlx::Error> {
    let revoked: Option<i64> = sqlx::query_scalar(
        "SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NOT NULL LIMIT 1",
    )
    .bind(family_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(revoked.is_some())
}

/// Issues a one-time token; earlier unused tokens of the same purpose stay valid until
/// they expire (the user may click either mail).
pub async fn issue_one_time<'c, E>(
    executor: E,
    user_id: &str,
    purpose: Purpose,
) -> Result<String, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let secret = random_secret();
    let now = now_us();
    sqlx::query(
        "INSERT INTO one_time_tokens (token_hash, user_id, purpose, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(secret_hash(&secret))
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(now)
    .bind(now + purpose.ttl_us())
    .execute(executor)
    .await?;
    Ok(secret)
}

/// Uses up a one-time token inside `tx`: the user it was issued to, or `None` if it is
/// unknown, of another purpose, expired or already used.
pub async fn consume_one_time(
    tx: &mut sqlx::Transaction<'static, Any>,
    secret: &str,
    purpose: Purpose,
) -> Result<Option<String>, sqlx::Error> {
    let hash = secret_hash(secret);
    let now = now_us();
    let claimed = sqlx::query(
        "UPDATE one_time_tokens SET used_at = $1 WHERE token_hash = $2 AND purpose = $3 \
         AND used_at IS NULL AND expires_at > $1",
    )
    .bind(now)
    .bind(&hash)
    .bind(purpose.as_str())
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() != 1 {
        return Ok(None);
    }
    sqlx::query_scalar("SELECT user_id FROM one_time_tokens WHERE token_hash = $1")
        .bind(&hash)
        .fetch_optional(&mut **tx)
        .await
}

/// The user a one-time token was issued to, if it is still usable, without using it up
/// (a sign-in challenge survives a mistyped code; [`consume_one_time`] ends it).
pub async fn peek_one_time(
    db: &Db,
    secret: &str,
    purpose: Purpose,
) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT user_id FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2 \
         AND used_at IS NULL AND expires_at > $3",
    )
    .bind(secret_hash(secret))
    .bind(purpose.as_str())
    .bind(now_us())
    .fetch_optional(&db.pool)
    .await
}

/// Sessions listed at most: a user has a handful; the bound keeps a runaway script's
/// thousands of sign-ins from making one page unbounded.
pub const SESSIONS_LISTED_MAX: i64 = 100;

/// One live session (refresh-token family) of a user, as its owner sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// The family id, which is also the access tokens' `sid` claim.
    pub session_id: String,
    /// When the session signed in (its first refresh token).
    pub started_at: i64,
    /// When it last refreshed (its newest refresh token).
    pub last_active_at: i64,
    /// When it ends unless it refreshes again.
    pub expires_at: i64,
    /// Browser and OS it signed in from; `None` for sessions older than this record.
    pub device: Option<String>,
    pub ip_address: Option<String>,
}

/// The user's sessions that can still refresh (not revoked, not expired), most recently
/// active first.
pub async fn live_sessions(db: &Db, user_id: &str) -> Result<Vec<SessionInfo>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.family_id, MIN(r.created_at) AS started_at, \
         MAX(r.created_at) AS last_active_at, MAX(r.expires_at) AS expires_at, \
         MAX(o.device) AS device, MAX(o.ip_address) AS ip_address \
         FROM refresh_tokens r LEFT JOIN session_origins o ON o.family_id = r.family_id \
         WHERE r.user_id = $1 GROUP BY r.family_id \
         HAVING COUNT(r.revoked_at) = 0 AND MAX(r.expires_at) > $2 \
         ORDER BY last_active_at DESC LIMIT $3",
    )
    .bind(user_id)
    .bind(now_us())
    .bind(SESSIONS_LISTED_MAX)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(SessionInfo {
                session_id: row.try_get("family_id")?,
                started_at: row.try_get("started_at")?,
                last_active_at: row.try_get("last_active_at")?,
                expires_at: row.try_get("expires_at")?,
                device: row.try_get("device")?,
                ip_address: row.try_get("ip_address")?,
            })
        })
        .collect()
}

/// Ends one session of `user_id`; false when the user has no live session by that id (an
/// id of someone else's session ends nothing).
pub async fn revoke_session<'c, E>(
    executor: E,
    user_id: &str,
    session_id: &str,
) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let revoked = sqlx::query(
        "UPDATE refresh_tokens SET revoked_at = $1 \
         WHERE user_id = $2 AND family_id = $3 AND revoked_at IS NULL",
    )
    .bind(now_us())
    .bind(user_id)
    .bind(session_id)
    .execute(executor)
    .await?;
    Ok(revoked.rows_affected() > 0)
}
