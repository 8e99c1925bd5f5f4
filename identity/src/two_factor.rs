//! Two-factor authentication with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps,
//! Google Authenticator compatible) and one-time recovery codes.
//!
//! Life of a secret: [`set_pending`] stores a fresh one (shown to the user once, as base32,
//! an `otpauth://` URI and a QR code); [`enable`] turns it on after the user proved it
//! with a code, together with the hashes of ten recovery codes; [`disable`] removes it.
//! A code is accepted one step either side of now, and each step at most once per user
//! ([`claim_step`], RFC 6238 §5.2), so a code seen over a shoulder cannot be replayed.
//! Recovery codes are stored as SHA-256 only and work once. The secret itself is stored
//! sealed ([`crate::sealing`]): a copy of the database does not give it away.

use sqlx::{Any, Executor, Row};
use store::Db;
use store::ExecuteWrite;
use totp_rs::{Builder, Secret, Totp};

use crate::sealing::SealingKey;
use crate::{now_us, secret_hash};

/// The issuer authenticator apps show next to the account.
pub const ISSUER: &str = "Ledgerline";
/// Recovery codes handed out when 2FA is enabled.
pub const RECOVERY_CODES: usize = 10;
/// Secret length: 160 bits, RFC 4226's recommendation and what authenticator apps expect.
pub const SECRET_BYTES: usize = 20;

/// What the login answer and the setup routes need to know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Status {
    /// A secret has been set up (pending or enabled).
    pub secret_set: bool,
    /// Sign-in asks for a code.
    pub enabled: bool,
}

/// A new random secret, base32 without padding (what authenticator apps take).
pub fn new_secret() -> String {
    let bytes: [u8; SECRET_BYTES] = rand::random();
    Secret::from(bytes).to_base32()
}

/// The TOTP of a stored secret for `account` (the user's e-mail).
pub fn totp(secret_base32: &str, account: &str) -> Result<Totp, String> {
    let secret = Secret::try_from_base32(secret_base32).map_err(|e| e.to_string())?;
    Builder::new()
        .with_secret(secret)
        .with_issuer(Some(ISSUER))
        .with_account_name(account.replace(':', ""))
        .build()
        .map_err(|e| e.to_string())
}

/// The step `code` matches at `unix_seconds` (±1 step), if any.
pub fn matching_step(totp: &Totp, code: &str, unix_seconds: u64) -> Option<u64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    totp.check(&code, unix_seconds)
}

/// The `otpauth://` URI and an SVG QR code of it as a `data:` URI.
pub fn provisioning(totp: &Totp) -> Result<(String, String), String> {
    use base64::Engine;
    let uri = totp.to_url().map_err(|e| e.to_string())?;
    let code = qrcode::QrCode::new(uri.as_bytes()).map_err(|e| e.to_string())?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(240, 240)
        .build();
    let data_uri = format!(
        "data:image/svg+xml;base64,{}",
        base64::engine::general_purpose::STANDARD.encode(svg)
    );
    Ok((uri, data_uri))
}

/// Fresh recovery codes, `xxxxx-xxxxx` in lower-case hex (easy to read out and type).
pub fn new_recovery_codes() -> Vec<String> {
    (0..RECOVERY_CODES)
        .map(|_| {
            let bytes: [u8; 5] = rand::random();
            let hex = hex::encode(bytes);
            format!("{}-{}", &hex[..5], &hex[5..])
        })
        .collect()
}

/// How a recovery code is compared: case, spaces and dashes do not matter.
fn recovery_hash(code: &str) -> String {
    let normalized: String = code
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    secret_hash(&normalized)
}

pub async fn status(db: &Db, user_id: &str) -> Result<Status, sqlx::Error> {
    let row = sqlx::query("SELECT enabled_at FROM two_factor WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(match row {
        None => Status::default(),
        Some(row) => Status {
            secret_set: true,
            enabled: row.try_get::<Option<i64>, _>("enabled_at")?.is_some(),
        },
    })
}

/// The stored secret (base32, unsealed) and whether it is enabled. A secret that does not
/// open with `key` (the data directory's key lost, or the row altered) is an error.
pub async fn secret_of(
    db: &Db,
    key: &SealingKey,
    user_id: &str,
) -> Result<Option<(String, bool)>, sqlx::Error> {
    let row = sqlx::query("SELECT secret, enabled_at FROM two_factor WHERE user_id = $1")
        .bind(user_id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|row| {
        let sealed: String = row.try_get("secret")?;
        let secret = key
            .open(&sealed, user_id)
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        Ok((
            secret,
            row.try_get::<Option<i64>, _>("enabled_at")?.is_some(),
        ))
    })
    .transpose()
}

/// Seals the secrets stored before secrets were sealed at rest; answers how many. Run at
/// start-up, so every stored secret is sealed before the first request reads one.
pub async fn seal_stored_secrets(db: &Db, key: &SealingKey) -> Result<usize, sqlx::Error> {
    // Only rows still in clear are read: a start-up after the first one reads none.
    let rows = sqlx::query("SELECT user_id, secret FROM two_factor WHERE secret NOT LIKE $1")
        .bind(format!("{}%", SealingKey::SEALED_PREFIX))
        .fetch_all(&db.pool)
        .await?;
    let mut sealed = 0;
    for row in rows {
        let user_id: String = row.try_get("user_id")?;
        let secret: String = row.try_get("secret")?;
        sqlx::query("UPDATE two_factor SET secret = $1 WHERE user_id = $2 AND secret = $3")
            .bind(key.seal(&secret, &user_id))
            .bind(&user_id)
            .bind(&secret)
            .execute_write(db)
            .await?;
        sealed += 1;
    }
    Ok(sealed)
}

/// Stores a new pending secret, replacing a pending one. Refuses (false) while 2FA is
/// enabled: it must be disabled first, with a code.
pub async fn set_pending(
    tx: &mut sqlx::Transaction<'static, Any>,
    key: &SealingKey,
    user_id: &str,
    secret: &str,
) -> Result<bool, sqlx::Error> {
    let enabled: Option<Option<i64>> =
        sqlx::query_scalar("SELECT enabled_at FROM two_factor WHERE user_id = $1")
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await?;
    if matches!(enabled, Some(Some(_))) {
        return Ok(false);
    }
    sqlx::query("DELETE FROM two_factor WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("INSERT INTO two_factor (user_id, secret, created_at) VALUES ($1, $2, $3)")
        .bind(user_id)
        .bind(key.seal(secret, user_id))
        .bind(now_us())
        .execute(&mut **tx)
        .await?;
    Ok(true)
}

/// Uses up `step` for `user_id`: false if it (or a later step) was already used.
pub async fn claim_step<'c, E>(executor: E, user_id: &str, step: u64) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let step = i64::try_from(step).unwrap_or(i64::MAX);
    let claimed = sqlx::query(
        "UPDATE two_factor SET last_step = $1 WHERE user_id = $2 \
         AND (last_step IS NULL OR last_step < $1)",
    )
    .bind(step)
    .bind(user_id)
    .execute(executor)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// Turns 2FA on and replaces the recovery codes.
pub async fn enable(
    tx: &mut sqlx::Transaction<'static, Any>,
    user_id: &str,
    recovery_codes: &[String],
) -> Result<(), sqlx::Error> {
    let now = now_us();
    sqlx::query("UPDATE two_factor SET enabled_at = $1 WHERE user_id = $2")
        .bind(now)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    for code in recovery_codes {
        sqlx::query(
            "INSERT INTO recovery_codes (code_hash, user_id, created_at) VALUES ($1, $2, $3)",
        )
        .bind(recovery_hash(code))
        .bind(user_id)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Turns 2FA off: the secret and the recovery codes are gone.
pub async fn disable(
    tx: &mut sqlx::Transaction<'static, Any>,
    user_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM two_factor WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Uses up a recovery code of `user_id`: false if unknown or already used.
pub async fn use_recovery_code<'c, E>(
    executor: E,
    user_id: &str,
    code: &str,
) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let claimed = sqlx::query(
        "UPDATE recovery_codes SET used_at = $1 WHERE code_hash = $2 AND user_id = $3 \
         AND used_at IS NULL",
    )
    .bind(now_us())
    .bind(recovery_hash(code))
    .bind(user_id)
    .execute(executor)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_secret_is_160_bits_of_base32() {
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        let bytes = Secret::try_from_base32(&secret).expect("base32");
        assert_eq!(bytes.as_bytes().len(), SECRET_BYTES);
    }

    #[test]
    fn a_code_matches_one_step_either_side_and_no_further() {
        let totp = totp(&new_secret(), "ada@books.ng").expect("totp");
        let now = 1_800_000_000;
        let code = totp.generate(now).to_string();
        assert!(matching_step(&totp, &code, now).is_some());
        assert!(matching_step(&totp, &code, now + 30).is_some());
        assert!(matching_step(&totp, &code, now - 30).is_some());
        assert!(matching_step(&totp, &code, now + 90).is_none());
        assert!(matching_step(&totp, "12345", now).is_none());
        assert!(matching_step(&totp, "abcdef", now).is_none());
    }

    #[test]
    fn the_provisioning_uri_names_the_issuer_and_the_account() {
        let secret = new_secret();
        let totp = totp(&secret, "ada@books.ng").expect("totp");
        let (uri, qr) = provisioning(&totp).expect("provisioning");
        assert!(
            uri.starts_with("otpauth://totp/Ledgerline:ada%40books.ng?"),
            "{uri}"
        );
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        assert!(uri.contains("issuer=Ledgerline"), "{uri}");
        assert!(qr.starts_with("data:image/svg+xml;base64,"));
    }

    #[test]
    fn recovery_codes_are_distinct_and_compare_loosely() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        let unique: std::collections::BTreeSet<_> = codes.iter().collect();
        assert_eq!(unique.len(), RECOVERY_CODES);
        assert_eq!(
            recovery_hash(&codes[0]),
            recovery_hash(&codes[0].to_uppercase().replace('-', " "))
        );
    }
}
