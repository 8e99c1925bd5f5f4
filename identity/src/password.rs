//! Passwords: the rule a new one must meet, and argon2id hashing (the OWASP-recommended
//! algorithm; parameters are argon2's defaults, m = 19 MiB, t = 2, p = 1).

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

/// NIST 800-63B: at least 8 characters; a generous maximum so pass-phrases fit while a
/// megabyte "password" cannot make hashing a denial of service. The UI uses the same
/// bounds (`ui/src/features/auth/api/credentials.ts`).
pub const PASSWORD_CHARS_MIN: usize = 8;
pub const PASSWORD_CHARS_MAX: usize = 128;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PasswordRuleError {
    #[error("Password is required")]
    Required,
    #[error("Password must be at least 8 characters")]
    TooShort,
    #[error("Password must be at most 128 characters")]
    TooLong,
    #[error("Password must contain a letter and a digit")]
    TooSimple,
}

/// Checks a new password against the rule.
pub fn check_new(password: &str) -> Result<(), PasswordRuleError> {
    let length = password.chars().count();
    if length == 0 {
        return Err(PasswordRuleError::Required);
    }
    if length < PASSWORD_CHARS_MIN {
        return Err(PasswordRuleError::TooShort);
    }
    if length > PASSWORD_CHARS_MAX {
        return Err(PasswordRuleError::TooLong);
    }
    let letter = password.chars().any(char::is_alphabetic);
    let digit = password.chars().any(|c| c.is_ascii_digit());
    if !(letter && digit) {
        return Err(PasswordRuleError::TooSimple);
    }
    Ok(())
}

/// The PHC string of `password` under a fresh salt. CPU-heavy (tens of milliseconds):
/// call it from `spawn_blocking`.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt_bytes: [u8; 16] = rand::random();
    let salt = SaltString::encode_b64(&salt_bytes)?;
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

/// Whether `password` matches the stored PHC string. A malformed stored hash matches
/// nothing. CPU-heavy like [`hash`].
pub fn verify(password: &str, stored: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    if password.chars().count() > PASSWORD_CHARS_MAX {
        return false;
    }
    Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
}

/// A hash to verify against when the account does not exist, so a sign-in for an unknown
/// e-mail takes as long as one with a wrong password (no account enumeration by timing).
pub fn decoy_hash() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| hash("decoy-password-1").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hashed_password_verifies_and_another_does_not() {
        let stored = hash("correct horse 1").expect("hash");
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("correct horse 1", &stored));
        assert!(!verify("correct horse 2", &stored));
    }

    #[test]
    fn the_same_password_hashes_differently_each_time() {
        assert_ne!(
            hash("same pass 1").expect("a"),
            hash("same pass 1").expect("b")
        );
    }

    #[test]
    fn a_new_password_needs_eight_characters_a_letter_and_a_digit() {
        assert_eq!(check_new(""), Err(PasswordRuleError::Required));
        assert_eq!(check_new("abc123"), Err(PasswordRuleError::TooShort));
        assert_eq!(check_new("abcdefgh"), Err(PasswordRuleError::TooSimple));
        assert_eq!(check_new("12345678"), Err(PasswordRuleError::TooSimple));
        assert_eq!(check_new(&"a1".repeat(65)), Err(PasswordRuleError::TooLong));
        assert_eq!(check_new("abcdefg1"), Ok(()));
    }

    #[test]
    fn a_malformed_stored_hash_matches_nothing() {
        assert!(!verify("anything1", "not-a-hash"));
    }
}
