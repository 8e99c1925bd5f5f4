//! User accounts: e-mail (unique, compared without case), password hash, profile (spec
//! §3), verification and the workspace the user last switched to.

use sqlx::{Any, Executor, Row};
use store::Db;
use store::ExecuteWrite;

use crate::now_us;

/// One account as stored, minus the password hash (see [`password_hash_of`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub address: Option<String>,
    pub location: Option<String>,
    pub persona: Option<i64>,
    pub phone_number: Option<String>,
    pub image_id: Option<String>,
    pub email_verified: bool,
    pub latest_workspace_id: Option<String>,
    pub welcome_seen: bool,
    /// Microseconds since the epoch.
    pub date_joined: i64,
}

/// A new account's fields, already validated.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub id: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
}

/// The profile fields of spec §3 that PATCH /me/ sets, each already validated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    pub first_name: String,
    pub last_name: String,
    pub address: Option<String>,
    pub location: Option<String>,
    pub persona: Option<i64>,
    pub phone_number: Option<String>,
    pub image_id: Option<String>,
}

/// The form an e-mail is compared in: trimmed, lower case.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_lowercase()
}

const COLUMNS: &str = "id, email, first_name, last_name, address, location, persona, \
    phone_number, image_id, email_verified_at, latest_workspace_id, welcome_seen, date_joined";

fn from_row(row: &sqlx::any::AnyRow) -> Result<User, sqlx::Error> {
    let verified: Option<i64> = row.try_get("email_verified_at")?;
    let welcome: i64 = row.try_get("welcome_seen")?;
    Ok(User {
        id: row.try_get("id")?,
        email: row.try_get("email")?,
        first_name: row.try_get("first_name")?,
        last_name: row.try_get("last_name")?,
        address: row.try_get("address")?,
        location: row.try_get("location")?,
        persona: row.try_get("persona")?,
        phone_number: row.try_get("phone_number")?,
        image_id: row.try_get("image_id")?,
        email_verified: verified.is_some(),
        latest_workspace_id: row.try_get("latest_workspace_id")?,
        welcome_seen: welcome != 0,
        date_joined: row.try_get("date_joined")?,
    })
}

/// Inserts the account; `Ok(false)` when the e-mail is taken (the unique index decides,
/// so two concurrent sign-ups with one address cannot both succeed).
pub async fn insert<'c, E>(executor: E, user: &NewUser<'_>) -> Result<bool, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let now = now_us();
    let result = sqlx::query(
        "INSERT INTO users (id, email, email_normalized, password_hash, first_name, last_name, \
         date_joined, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (email_normalized) DO NOTHING",
    )
    .bind(user.id)
    .bind(user.email.trim())
    .bind(normalize_email(user.email))
    .bind(user.password_hash)
    .bind(user.first_name)
    .bind(user.last_name)
    .bind(now)
    .bind(now)
    .execute(executor)
    .await?;
    Ok(result.rows_affected() == 1)
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<User>, sqlx::Error> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(from_row).transpose()
}

pub async fn by_email(db: &Db, email: &str) -> Result<Option<User>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM users WHERE email_normalized = $1"
    ))
    .bind(normalize_email(email))
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(from_row).transpose()
}

pub async fn password_hash_of(db: &Db, id: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT password_hash FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

pub async fn exists_with_email(db: &Db, email: &str) -> Result<bool, sqlx::Error> {
    let found: Option<String> =
        sqlx::query_scalar("SELECT id FROM users WHERE email_normalized = $1")
            .bind(normalize_email(email))
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.is_some())
}

pub async fn update_profile(db: &Db, id: &str, profile: &Profile) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET first_name = $1, last_name = $2, address = $3, location = $4, \
         persona = $5, phone_number = $6, image_id = $7, updated_at = $8 WHERE id = $9",
    )
    .bind(&profile.first_name)
    .bind(&profile.last_name)
    .bind(&profile.address)
    .bind(&profile.location)
    .bind(profile.persona)
    .bind(&profile.phone_number)
    .bind(&profile.image_id)
    .bind(now_us())
    .bind(id)
    .execute_write(db)
    .await?;
    Ok(())
}

pub async fn mark_email_verified<'c, E>(executor: E, id: &str) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let now = now_us();
    sqlx::query(
        "UPDATE users SET email_verified_at = COALESCE(email_verified_at, $1), updated_at = $1 \
         WHERE id = $2",
    )
    .bind(now)
    .bind(id)
    .execute(executor)
    .await?;
    Ok(())
}

pub async fn set_password_hash<'c, E>(
    executor: E,
    id: &str,
    password_hash: &str,
) -> Result<(), sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    sqlx::query("UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3")
        .bind(password_hash)
        .bind(now_us())
        .bind(id)
        .execute(executor)
        .await?;
    Ok(())
}

pub async fn set_latest_workspace(
    db: &Db,
    id: &str,
    workspace_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET latest_workspace_id = $1, updated_at = $2 WHERE id = $3")
        .bind(workspace_id)
        .bind(now_us())
        .bind(id)
        .execute_write(db)
        .await?;
    Ok(())
}

/// Removes an account whose registration could not be completed (its organization could
/// not be created), so the e-mail is free to try again.
pub async fn delete(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(id)
        .execute_write(db)
        .await?;
    Ok(())
}
