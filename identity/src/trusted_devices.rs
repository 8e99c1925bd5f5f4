//! Devices trusted to skip the second sign-in factor ("Trust this device" on the
//! two-factor step), and what each session (refresh-token family) started from.
//!
//! A trust token is random and stored as its SHA-256 only, bound to one user, and lives
//! 30 days. It never replaces the password: login checks the password first and only then
//! lets a valid token of *that* user stand in for the code, so a stolen token alone signs
//! nobody in. Every trust of a user ends when the password changes, when two-factor
//! authentication is turned off or on again, and on "sign out everywhere".

use sqlx::{Any, Executor, Row};
use store::Db;
use store::ExecuteWrite;

use crate::{now_us, random_secret, secret_hash};

/// A device stays trusted 30 days from the sign-in that trusted it.
pub const TRUST_TTL_US: i64 = 30 * 24 * 3600 * 1_000_000;

/// Trusted devices listed at most (a user has a handful; the bound keeps a page bounded).
pub const TRUSTED_LISTED_MAX: i64 = 100;

/// Where a sign-in came from: the peer address and a short device description.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub ip_address: Option<String>,
    /// Browser and OS, e.g. "Firefox on Linux".
    pub device: Option<String>,
}

/// Trusts the device of a sign-in of `user_id`; answers the token to keep (shown once).
pub async fn trust<'c, E>(
    executor: E,
    user_id: &str,
    origin: &Origin,
) -> Result<String, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let secret = random_secret();
    let now = now_us();
    sqlx::query(
        "INSERT INTO trusted_devices (id, token_hash, user_id, device, ip_address, created_at, \
         expires_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $6)",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(secret_hash(&secret))
    .bind(user_id)
    .bind(origin.device.as_deref())
    .bind(origin.ip_address.as_deref())
    .bind(now)
    .bind(now + TRUST_TTL_US)
    .execute(executor)
    .await?;
    Ok(secret)
}

/// Whether `token` is a live trust of `user_id` (a token of another user, an expired or
/// forgotten one is not); marks it used.
pub async fn is_trusted(db: &Db, user_id: &str, token: &str) -> Result<bool, sqlx::Error> {
    let now = now_us();
    let used = sqlx::query(
        "UPDATE trusted_devices SET last_used_at = $1 WHERE token_hash = $2 AND user_id = $3 \
         AND expires_at > $1",
    )
    .bind(now)
    .bind(secret_hash(token))
    .bind(user_id)
    .execute_write(db)
    .await?;
    Ok(used.rows_affected() == 1)
}

/// Ends every trust of a user (password changed, 2FA off or on again, sign out everywhere).
pub async fn forget_all<'c, E>(executor: E, user_id: &str) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query("DELETE FROM trusted_devices WHERE user_id = $1")
        .bind(user_id)
        .execute(executor)
        .await?;
    Ok(())
}

/// Ends one trust of `user_id`; false when the user has none by that id.
pub async fn forget<'c, E>(executor: E, user_id: &str, id: &str) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let gone = sqlx::query("DELETE FROM trusted_devices WHERE user_id = $1 AND id = $2")
        .bind(user_id)
        .bind(id)
        .execute(executor)
        .await?;
    Ok(gone.rows_affected() > 0)
}

/// One trusted device as its owner sees it (never the token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustedDevice {
    pub id: String,
    pub device: Option<String>,
    pub ip_address: Option<String>,
    pub created_at: i64,
    pub last_used_at: i64,
    pub expires_at: i64,
}

/// The user's trusts that have not expired, most recently used first.
pub async fn live(db: &Db, user_id: &str) -> Result<Vec<TrustedDevice>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, device, ip_address, created_at, last_used_at, expires_at \
         FROM trusted_devices WHERE user_id = $1 AND expires_at > $2 \
         ORDER BY last_used_at DESC LIMIT $3",
    )
    .bind(user_id)
    .bind(now_us())
    .bind(TRUSTED_LISTED_MAX)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(TrustedDevice {
                id: row.try_get("id")?,
                device: row.try_get("device")?,
                ip_address: row.try_get("ip_address")?,
                created_at: row.try_get("created_at")?,
                last_used_at: row.try_get("last_used_at")?,
                expires_at: row.try_get("expires_at")?,
            })
        })
        .collect()
}

/// Records where the session `family_id` of `user_id` started.
pub async fn record_session_origin<'c, E>(
    executor: E,
    user_id: &str,
    family_id: &str,
    origin: &Origin,
) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query(
        "INSERT INTO session_origins (family_id, user_id, device, ip_address, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(family_id)
    .bind(user_id)
    .bind(origin.device.as_deref())
    .bind(origin.ip_address.as_deref())
    .bind(now_us())
    .execute(executor)
    .await?;
    Ok(())
}
