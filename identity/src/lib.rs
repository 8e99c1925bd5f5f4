//! Identity's plain state (DESIGN.md §4): user accounts with their credentials and
//! profile, refresh tokens, one-time tokens (e-mail verification, password reset) and the
//! mail outbox. Secrets live only here, hashed: a password as argon2id, every token as
//! its SHA-256, so a copy of the database signs nobody in. Organizations, workspaces and
//! memberships are event-sourced (`domain::organization`), not here.
//!
//! - [`password`] — the password rule and argon2id hashing.
//! - [`users`] — accounts: create, find, profile, verification, password.
//! - [`tokens`] — refresh tokens (rotation, reuse detection) and one-time tokens.
//! - [`invitation_tokens`] — the secret tokens of invitations (the invitations are events).
//! - [`two_factor`] — TOTP secrets, replay protection and recovery codes.
//! - [`trusted_devices`] — devices trusted to skip the second factor, and where each
//!   session started.
//! - [`files`] — uploaded files: where their bytes live and their metadata
//!   ([`FILES_MIGRATIONS`], owner `files`).
//! - [`housekeeping`] — clearing expired tokens, trusted devices and session origins.
//! - [`outbox`] — mails written in the same transaction as what caused them, delivered
//!   after commit and retried until they go.
//! - [`MIGRATIONS`] — this crate's tables.

pub mod files;
pub mod housekeeping;
pub mod invitation_tokens;
pub mod outbox;
pub mod password;
pub mod sealing;
pub mod tokens;
pub mod trusted_devices;
pub mod two_factor;
pub mod users;

mod schema;

pub use schema::{FILES_MIGRATIONS, MIGRATIONS};

/// Microseconds since the Unix epoch: how every time column here is stored (as the
/// log's `recorded_at` is), so both backends compare times as integers.
pub fn now_us() -> i64 {
    chrono::Utc::now().timestamp_micros()
}

/// A fresh secret for a token: 32 random bytes, hex (64 characters).
pub fn random_secret() -> String {
    let bytes: [u8; 32] = rand::random();
    hex::encode(bytes)
}

/// What is stored of a secret: its SHA-256, hex. Tokens are random and long, so a fast
/// hash suffices (unlike passwords).
pub fn secret_hash(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    hex::encode(Sha256::digest(secret.as_bytes()))
}
