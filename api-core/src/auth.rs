//! Bearer access tokens (HS256 JWTs). Issuing them belongs to sign-in (identity); checking
//! them belongs to every route, so it lives here. Any failure — missing header, bad
//! signature, expired, wrong kind — is the same 401 `token_not_valid`, which makes the UI
//! clear its storage and go to /login (spec §8).

use std::path::Path;

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::{ApiError, AppState};

/// Access tokens are short-lived; the refresh token (identity) renews them.
pub const ACCESS_TOKEN_TTL_SECONDS: i64 = 15 * 60;
const SECRET_BYTES: usize = 64;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    pub exp: i64,
    pub iat: i64,
    /// "access": a refresh or one-time token is never accepted as an access token.
    pub kind: String,
    /// The session: the refresh-token family the sign-in began. Revoking the family (a
    /// reused refresh token, a password reset, two-factor turned on elsewhere) ends its
    /// access tokens at once, not when they expire.
    #[serde(default)]
    pub sid: String,
}

/// The signing secret, from `LEDGERLINE_JWT_SECRET` or generated once into the data
/// directory (mode 0600) so tokens survive restarts of an embedded install.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for TokenKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenKeys(..)")
    }
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
        }
    }

    pub fn load_or_create(data_dir: &Path) -> std::io::Result<Self> {
        if let Ok(secret) = std::env::var("LEDGERLINE_JWT_SECRET") {
            if secret.len() >= 32 {
                return Ok(Self::from_secret(secret.as_bytes()));
            }
            return Err(std::io::Error::other(
                "LEDGERLINE_JWT_SECRET must be at least 32 bytes",
            ));
        }
        std::fs::create_dir_all(data_dir)?;
        let path = data_dir.join("jwt.secret");
        if let Ok(existing) = std::fs::read(&path) {
            if existing.len() >= 32 {
                return Ok(Self::from_secret(&existing));
            }
        }
        let secret: Vec<u8> = (0..SECRET_BYTES).map(|_| rand::random::<u8>()).collect();
        std::fs::write(&path, &secret)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
        }
        Ok(Self::from_secret(&secret))
    }

    pub fn issue_access(&self, user_id: &str, session_id: &str) -> Result<String, ApiError> {
        assert!(
            !session_id.is_empty(),
            "an access token belongs to a session"
        );
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: user_id.to_owned(),
            iat: now,
            exp: now + ACCESS_TOKEN_TTL_SECONDS,
            kind: "access".into(),
            sid: session_id.to_owned(),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding).map_err(ApiError::internal)
    }

    pub fn verify_access(&self, token: &str) -> Result<Claims, ApiError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        let data = decode::<Claims>(token, &self.decoding, &validation).map_err(|_| {
            ApiError::TokenNotValid("Given token not valid for any token type".into())
        })?;
        if data.claims.kind != "access" || data.claims.sid.is_empty() {
            return Err(ApiError::TokenNotValid(
                "Given token not valid for any token type".into(),
            ));
        }
        Ok(data.claims)
    }
}

/// The signed-in caller. Extracting it is what makes a route require sign-in.
#[derive(Debug, Clone, PartialEq)]
pub struct AuthUser {
    pub user_id: String,
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let header = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| {
                ApiError::TokenNotValid("Authentication credentials were not provided.".into())
            })?;
        let token = header.strip_prefix("Bearer ").ok_or_else(|| {
            ApiError::TokenNotValid("Authorization header must be 'Bearer <token>'.".into())
        })?;
        let claims = state.keys.verify_access(token.trim())?;
        if identity::tokens::session_revoked(state.db(), &claims.sid).await? {
            return Err(ApiError::TokenNotValid(SESSION_ENDED.into()));
        }
        parts.extensions.insert(CurrentSession(claims.sid));
        Ok(Self {
            user_id: claims.sub,
        })
    }
}

const SESSION_ENDED: &str = "This session has ended. Sign in again.";

/// The signed-in caller's session (its refresh-token family), for routes that end the
/// caller's other sessions. Extract it after [`AuthUser`], which checks the token.
#[derive(Debug, Clone, PartialEq)]
pub struct CurrentSession(pub String);

impl<S: Send + Sync> FromRequestParts<S> for CurrentSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<CurrentSession>()
            .cloned()
            .ok_or_else(|| ApiError::internal("the session is read after the signed-in caller"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_issued_token_verifies_to_its_user() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue_access("user-1", "session-1").expect("issue");
        assert_eq!(keys.verify_access(&token).expect("verify").sub, "user-1");
    }

    #[test]
    fn a_token_signed_with_another_secret_is_not_valid() {
        let token = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef")
            .issue_access("u", "session-1")
            .expect("issue");
        let other = TokenKeys::from_secret(b"ffffffffffffffffffffffffffffffff");
        assert!(matches!(
            other.verify_access(&token),
            Err(ApiError::TokenNotValid(_))
        ));
    }

    #[test]
    fn a_token_of_no_session_is_not_valid() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: "u".into(),
            iat: now,
            exp: now + 60,
            kind: "access".into(),
            sid: String::new(),
        };
        let token =
            encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).expect("encode");
        assert!(matches!(
            keys.verify_access(&token),
            Err(ApiError::TokenNotValid(_))
        ));
    }

    #[test]
    fn an_expired_token_is_not_valid() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let claims = Claims {
            sub: "u".into(),
            iat: 0,
            exp: 1,
            kind: "access".into(),
            sid: "session-1".into(),
        };
        let token =
            encode(&Header::new(Algorithm::HS256), &claims, &keys.encoding).expect("encode");
        assert!(matches!(
            keys.verify_access(&token),
            Err(ApiError::TokenNotValid(_))
        ));
    }
}
