//! The caller's own security record, for the Security settings: the sessions that are
//! signed in (refresh-token families, plain state in `identity`) and the recent sign-in
//! facts of the activity log, and whether two-factor authentication is on. Only the
//! caller's own: no permission or workspace needed.

use api_core::auth::{AuthUser, CurrentSession};
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::time::iso_datetime;
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::Json;
use identity::tokens;
use identity::trusted_devices;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

/// Recent sign-in facts listed: enough to notice a stranger, short enough for one card.
pub const SIGN_INS_LISTED_MAX: i64 = 20;

/// The activity-log events that are about signing in.
const SIGN_IN_EVENTS: &str = "('UserSignedIn', 'UserSignInFailed', 'SignInLocked')";

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new()
        .routes(routes!(list_sessions))
        .routes(routes!(list_sign_ins))
        .routes(routes!(two_factor_status))
        .routes(routes!(list_trusted_devices))
}

/// The caller's two-factor flags (spec §3's names).
#[derive(Debug, Serialize, ToSchema)]
pub struct TwoFactorStatus {
    /// A secret has been set up (pending or enabled).
    pub is_google_authenticator_set: bool,
    /// Sign-in asks for a code.
    pub is_two_fa_enabled: bool,
}

/// Whether the caller's account signs in with a second factor.
#[utoipa::path(get, path = "/api/v1/accounts/2fa/status/", tag = "accounts", operation_id = "two_factor_status",
    responses((status = 200, body = Data<TwoFactorStatus>), (status = 401)))]
pub async fn two_factor_status(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<TwoFactorStatus>>, ApiError> {
    let status = identity::two_factor::status(state.db(), &user.user_id).await?;
    Ok(ok(TwoFactorStatus {
        is_google_authenticator_set: status.secret_set,
        is_two_fa_enabled: status.enabled,
    }))
}

/// A session of the caller that is signed in.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionRow {
    /// The session's id (the access tokens' `sid`); `DELETE /accounts/sessions/{id}/` ends it.
    pub id: String,
    pub started_at: String,
    /// Its last token refresh: a session in use refreshes at least every 15 minutes.
    pub last_active_at: String,
    pub expires_at: String,
    /// The session this request was made with.
    pub current: bool,
    /// Browser and OS it signed in from, e.g. "Firefox on Linux" (null if unknown).
    pub device: Option<String>,
    /// The address it signed in from (null if unknown).
    pub ip_address: Option<String>,
}

/// The caller's signed-in sessions, most recently active first (at most 100).
#[utoipa::path(get, path = "/api/v1/accounts/sessions/", tag = "accounts", operation_id = "list_account_sessions",
    responses((status = 200, body = Data<Vec<SessionRow>>), (status = 401)))]
pub async fn list_sessions(
    State(state): State<AppState>,
    user: AuthUser,
    CurrentSession(current): CurrentSession,
) -> Result<Json<Data<Vec<SessionRow>>>, ApiError> {
    let sessions = tokens::live_sessions(state.db(), &user.user_id).await?;
    Ok(ok(sessions
        .into_iter()
        .map(|s| SessionRow {
            current: s.session_id == current,
            id: s.session_id,
            started_at: iso_datetime(s.started_at),
            last_active_at: iso_datetime(s.last_active_at),
            expires_at: iso_datetime(s.expires_at),
            device: s.device,
            ip_address: s.ip_address,
        })
        .collect()))
}

/// A device trusted to skip the second sign-in factor (never its token).
#[derive(Debug, Serialize, ToSchema)]
pub struct TrustedDeviceRow {
    /// `DELETE /accounts/trusted-devices/{id}/` forgets it.
    pub id: String,
    /// Browser and OS it was trusted from (null if unknown).
    pub device: Option<String>,
    pub ip_address: Option<String>,
    pub trusted_at: String,
    pub last_used_at: String,
    /// Thirty days after it was trusted.
    pub expires_at: String,
}

/// The caller's trusted devices, most recently used first (at most 100).
#[utoipa::path(get, path = "/api/v1/accounts/trusted-devices/", tag = "accounts", operation_id = "list_trusted_devices",
    responses((status = 200, body = Data<Vec<TrustedDeviceRow>>), (status = 401)))]
pub async fn list_trusted_devices(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<Vec<TrustedDeviceRow>>>, ApiError> {
    let devices = trusted_devices::live(state.db(), &user.user_id).await?;
    Ok(ok(devices
        .into_iter()
        .map(|d| TrustedDeviceRow {
            id: d.id,
            device: d.device,
            ip_address: d.ip_address,
            trusted_at: iso_datetime(d.created_at),
            last_used_at: iso_datetime(d.last_used_at),
            expires_at: iso_datetime(d.expires_at),
        })
        .collect()))
}

/// A sign-in, failed sign-in or lock on the caller's account.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignInRow {
    /// The event's position in the log, as text.
    pub id: String,
    /// `user_signed_in`, `user_sign_in_failed` or `sign_in_locked`.
    pub activity_type: String,
    pub description: String,
    pub created_datetime: String,
}

/// The caller's recent sign-ins, failed attempts and locks, newest first (at most 20).
#[utoipa::path(get, path = "/api/v1/accounts/sign-ins/", tag = "accounts", operation_id = "list_recent_sign_ins",
    responses((status = 200, body = Data<Vec<SignInRow>>), (status = 401)))]
pub async fn list_sign_ins(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Data<Vec<SignInRow>>>, ApiError> {
    // Sign-in facts are recorded after the answer that signed in; the list opened right
    // after must show that sign-in.
    read_your_writes(&state, "activity_log").await?;
    let sql = format!(
        "SELECT position, activity_type, summary, recorded_at FROM read_activity_log \
         WHERE aggregate_type = 'UserActivity' AND user_id = $1 \
         AND event_type IN {SIGN_IN_EVENTS} ORDER BY position DESC LIMIT $2"
    );
    let rows = sqlx::query(&sql)
        .bind(&user.user_id)
        .bind(SIGN_INS_LISTED_MAX)
        .fetch_all(&state.db().pool)
        .await?;
    let items = rows
        .iter()
        .map(|row| {
            Ok(SignInRow {
                id: row.try_get::<i64, _>("position")?.to_string(),
                activity_type: row.try_get("activity_type")?,
                description: row.try_get("summary")?,
                created_datetime: iso_datetime(row.try_get("recorded_at")?),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(ok(items))
}
