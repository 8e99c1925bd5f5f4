//! `Idempotency-Key` on every command (POST, PUT, PATCH, DELETE): a retried request
//! returns the first response and writes nothing twice.
//!
//! The key is scoped to the caller (the user the access token names — not the token's
//! text, so a retry after a token refresh is the same request), the method and the path,
//! and bound to a hash of the body: the same key with another body is a 422.
//!
//! Two records keep the promise:
//! - **The command's own**, the one that counts: the scoped key travels to the handler
//!   ([`CommandKey`]) and the command runner records it in the very append that writes
//!   the command's events (`store`'s `command_keys`). A command is therefore applied at
//!   most once per key whatever crashes in between, and its retry — which derives the
//!   same ids from the key — answers from what the first attempt left.
//! - **This layer's**, a cache of the answer: while the first request runs its key is
//!   `pending` (a concurrent retry gets 409 instead of a second run); once answered, a
//!   retry gets the stored response. A 5xx answer drops the cached row: a retry runs the
//!   handler again, and the command's own record keeps it from applying twice. A pending
//!   row older than [`PENDING_TAKEOVER_SECONDS`] is presumed abandoned by a crashed node.

use axum::body::{to_bytes, Body};
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use sqlx::Row;
use store::migrate::Migration;
use store::Db;
use store::ExecuteWrite;

use crate::ApiError;

pub const IDEMPOTENCY_KEY_HEADER: HeaderName = HeaderName::from_static("idempotency-key");
pub const REPLAYED_HEADER: HeaderName = HeaderName::from_static("idempotent-replayed");
const KEY_LEN_MAX: usize = 255;
/// Bodies larger than this are not buffered for fingerprinting (the body limit layer
/// refuses them before anyway).
const BODY_BYTES_MAX: usize = 64 * 1024 * 1024;
/// Long enough for any command to finish, short enough that a client retrying after a
/// node was killed is answered soon (the command's own key keeps a takeover safe).
const PENDING_TAKEOVER_SECONDS: i64 = 15;

/// The caller-scoped idempotency key of the request, for the handler's command runner
/// (absent without an `Idempotency-Key`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandKey(pub String);

/// What the layer needs: the database and the token keys (to scope a key by user).
#[derive(Clone)]
pub struct IdempotencyState {
    pub db: Db,
    pub keys: crate::auth::TokenKeys,
}

const TABLE_SQL: &str = "CREATE TABLE idempotency_keys (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    state TEXT NOT NULL,
    status BIGINT,
    content_type TEXT,
    body TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (scope, key)
)";

pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "idempotency keys",
    sqlite: TABLE_SQL,
    postgres: TABLE_SQL,
}];

fn sha256_hex(parts: &[&[u8]]) -> String {
    let mut hasher = Sha256::new();
    for part in parts {
        hasher.update(part);
        hasher.update([0u8]);
    }
    hex::encode(hasher.finalize())
}

fn is_command(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

pub async fn layer(
    State(state): State<IdempotencyState>,
    request: Request,
    next: Next,
) -> Response {
    match run(state, request, next).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    }
}

/// Who the request is from, for scoping its key: the user an access token names, else
/// "anonymous" (sign-up, sign-in) or "invalid" (a bad token: the route answers 401).
fn caller(request: &Request, keys: &crate::auth::TokenKeys) -> String {
    match request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
    {
        None => "anonymous".into(),
        Some(value) => value
            .strip_prefix("Bearer ")
            .and_then(|token| keys.verify_access(token.trim()).ok())
            .map_or_else(|| "invalid".into(), |claims| format!("user:{}", claims.sub)),
    }
}

async fn run(state: IdempotencyState, request: Request, next: Next) -> Result<Response, ApiError> {
    let db = state.db;
    let Some(key) = request.headers().get(&IDEMPOTENCY_KEY_HEADER).cloned() else {
        return Ok(next.run(request).await);
    };
    if !is_command(request.method()) {
        return Ok(next.run(request).await);
    }
    let key = key
        .to_str()
        .ok()
        .filter(|k| !k.is_empty() && k.len() <= KEY_LEN_MAX)
        .ok_or_else(|| {
            ApiError::field(
                "Idempotency-Key",
                format!("Must be 1 to {KEY_LEN_MAX} visible ASCII characters."),
            )
        })?
        .to_owned();
    let caller = caller(&request, &state.keys);
    let scope = sha256_hex(&[
        caller.as_bytes(),
        request.method().as_str().as_bytes(),
        request.uri().path().as_bytes(),
    ]);
    let (mut parts, body) = request.into_parts();
    parts
        .extensions
        .insert(CommandKey(sha256_hex(&[scope.as_bytes(), key.as_bytes()])));
    let bytes = to_bytes(body, BODY_BYTES_MAX)
        .await
        .map_err(|_| ApiError::PayloadTooLarge("The request body is too large.".into()))?;
    let fingerprint = sha256_hex(&[parts.uri.query().unwrap_or_default().as_bytes(), &bytes]);
    let now = chrono::Utc::now().timestamp();

    let claimed = sqlx::query(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, state, created_at) VALUES ($1, $2, $3, 'pending', $4) \
         ON CONFLICT (scope, key) DO NOTHING",
    )
    .bind(&scope)
    .bind(&key)
    .bind(&fingerprint)
    .bind(now)
    .execute_write(&db)
    .await?
    .rows_affected()
        == 1;

    if !claimed {
        let row = sqlx::query("SELECT fingerprint, state, status, content_type, body, created_at FROM idempotency_keys WHERE scope = $1 AND key = $2")
            .bind(&scope)
            .bind(&key)
            .fetch_one(&db.pool)
            .await?;
        let stored_fingerprint: String = row.try_get("fingerprint")?;
        if stored_fingerprint != fingerprint {
            return Err(ApiError::Unprocessable(
                "This Idempotency-Key was already used for a different request.".into(),
            ));
        }
        let state: String = row.try_get("state")?;
        let created_at: i64 = row.try_get("created_at")?;
        if state == "pending" {
            let taken_over = now - created_at > PENDING_TAKEOVER_SECONDS
                && sqlx::query("UPDATE idempotency_keys SET created_at = $1 WHERE scope = $2 AND key = $3 AND state = 'pending' AND created_at = $4")
                    .bind(now)
                    .bind(&scope)
                    .bind(&key)
                    .bind(created_at)
                    .execute_write(&db)
                    .await?
                    .rows_affected()
                    == 1;
            if !taken_over {
                return Err(ApiError::Conflict(
                    "A request with this Idempotency-Key is still being processed.".into(),
                ));
            }
        } else {
            let status: i64 = row.try_get("status")?;
            let content_type: Option<String> = row.try_get("content_type")?;
            let body: String = row.try_get("body")?;
            let mut response = Response::new(Body::from(body));
            *response.status_mut() = StatusCode::from_u16(u16::try_from(status).unwrap_or(200))
                .unwrap_or(StatusCode::OK);
            if let Some(ct) = content_type.and_then(|c| HeaderValue::from_str(&c).ok()) {
                response.headers_mut().insert(header::CONTENT_TYPE, ct);
            }
            response
                .headers_mut()
                .insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
            return Ok(response);
        }
    }

    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let (parts, body) = response.into_parts();
    let bytes = to_bytes(body, BODY_BYTES_MAX)
        .await
        .map_err(ApiError::internal)?;
    if parts.status.is_server_error() {
        sqlx::query("DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2")
            .bind(&scope)
            .bind(&key)
            .execute_write(&db)
            .await?;
    } else {
        let content_type = parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        sqlx::query(
            "UPDATE idempotency_keys SET state = 'completed', status = $1, content_type = $2, body = $3 WHERE scope = $4 AND key = $5",
        )
        .bind(i64::from(parts.status.as_u16()))
        .bind(content_type)
        .bind(String::from_utf8_lossy(&bytes).into_owned())
        .bind(&scope)
        .bind(&key)
        .execute_write(&db)
        .await?;
    }
    Ok(Response::from_parts(parts, Body::from(bytes)))
}
