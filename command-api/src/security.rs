//! The signed-in caller's own credentials and sessions (Settings → Security): change the
//! password, end one session, end every session but this one, sign out (end this one). A session is a
//! refresh-token family; ending it stops its access tokens at once (`api_core::auth`).

use api_core::auth::{AuthUser, CurrentSession};
use api_core::body::Body;
use api_core::client::ClientAddress;
use api_core::openapi::{ok, Data, Message};
use api_core::ApiError;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::Json;
use event_schemas::user_activity::{PasswordChanged, UserActivityEvent};
use identity::password;
use identity::tokens;
use identity::trusted_devices;
use identity::users;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{hash_password, password_matches};
use crate::activity::{self, Scope};
use crate::sign_in_throttle::Throttle;
use crate::CommandState;

const WRONG_PASSWORD: &str = "The current password is not correct.";
const SAME_PASSWORD: &str = "Choose a password different from the current one.";
const SESSION_NOT_FOUND: &str = "This session has already ended.";
const DEVICE_NOT_FOUND: &str = "This device is no longer trusted.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(change_password))
        .routes(routes!(end_session))
        .routes(routes!(end_other_sessions))
        .routes(routes!(sign_out))
        .routes(routes!(forget_trusted_device))
        .layer(DefaultBodyLimit::max(crate::CREDENTIALS_BODY_BYTES_MAX))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ChangePasswordBody {
    pub current_password: String,
    pub new_password: String,
}

/// Changes the caller's password: the current one is required (a wrong one counts toward
/// the sign-in throttling, so a borrowed session cannot guess it). Every other session
/// ends; this one stays signed in. Every trusted device is forgotten.
#[utoipa::path(post, path = "/api/v1/accounts/password/change/", tag = "accounts",
    request_body = ChangePasswordBody,
    responses((status = 200, body = Data<Message>),
        (status = 400), (status = 401), (status = 429)))]
pub async fn change_password(
    State(state): State<CommandState>,
    ClientAddress(address): ClientAddress,
    user: AuthUser,
    CurrentSession(session): CurrentSession,
    Body(body): Body<ChangePasswordBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let user = users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    if let Err(rule) = password::check_new(&body.new_password) {
        return Err(ApiError::field("new_password", rule.to_string()));
    }
    if body.new_password == body.current_password {
        return Err(ApiError::field("new_password", SAME_PASSWORD));
    }
    let throttle = Throttle::new(&user.email, address);
    throttle.check(app).await?;
    let stored = users::password_hash_of(app.db(), &user.id)
        .await?
        .unwrap_or_default();
    if !password_matches(body.current_password, stored).await? {
        throttle.record_failure(app, Some(&user)).await?;
        return Err(ApiError::field("current_password", WRONG_PASSWORD));
    }
    let password_hash = hash_password(body.new_password).await?;
    let mut tx = app.db().begin_write().await?;
    users::set_password_hash(&mut *tx, &user.id, &password_hash).await?;
    tokens::revoke_other_sessions(&mut *tx, &user.id, &session).await?;
    trusted_devices::forget_all(&mut *tx, &user.id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user.id, "password changed");
    let fact = PasswordChanged {
        user_id: activity::user_id(&user.id)?,
    };
    activity::record(
        app,
        UserActivityEvent::PasswordChanged(fact),
        Scope::actor(&user.id),
    )
    .await?;
    Ok(ok(Message::new(
        "Your password is changed. Your other sessions are signed out.",
    )))
}

/// Ends one of the caller's sessions (its refresh and access tokens stop working). Ending
/// the current session signs this browser out. 404 for a session that is not the
/// caller's or has already ended.
#[utoipa::path(delete, path = "/api/v1/accounts/sessions/{session_id}/", tag = "accounts", operation_id = "end_account_session",
    params(("session_id" = String, Path)),
    responses((status = 200, body = Data<Message>), (status = 401), (status = 404)))]
pub async fn end_session(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(session_id): Path<String>,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    if !tokens::revoke_session(&mut *tx, &user.user_id, session_id.trim()).await? {
        return Err(ApiError::NotFound(SESSION_NOT_FOUND.into()));
    }
    tx.commit().await?;
    tracing::info!(user_id = %user.user_id, "a session was ended by its owner");
    Ok(ok(Message::new("The session is signed out.")))
}

/// Ends every session of the caller but the one making this request ("sign out
/// everywhere else"), and forgets every trusted device: each must pass the second factor
/// again.
#[utoipa::path(post, path = "/api/v1/accounts/sessions/sign-out-others/", tag = "accounts", operation_id = "end_other_account_sessions",
    responses((status = 200, body = Data<Message>), (status = 401)))]
pub async fn end_other_sessions(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    tokens::revoke_other_sessions(&mut *tx, &user.user_id, &session).await?;
    trusted_devices::forget_all(&mut *tx, &user.user_id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user.user_id, "every other session was ended by its owner");
    Ok(ok(Message::new("Every other session is signed out.")))
}

/// Signs the caller out: this session ends on the server too (its refresh token can no
/// longer be used, and it leaves the sessions list), not only in the browser.
#[utoipa::path(post, path = "/api/v1/accounts/logout/", tag = "accounts",
    responses((status = 200, body = Data<Message>), (status = 401)))]
pub async fn sign_out(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    tokens::revoke_session(&mut *tx, &user.user_id, &session).await?;
    tx.commit().await?;
    Ok(ok(Message::new("You are signed out.")))
}

/// Forgets one of the caller's trusted devices: its next sign-in asks for the second
/// factor again. 404 for a device that is not the caller's or is already forgotten.
#[utoipa::path(delete, path = "/api/v1/accounts/trusted-devices/{device_id}/", tag = "accounts", operation_id = "forget_trusted_device",
    params(("device_id" = String, Path)),
    responses((status = 200, body = Data<Message>), (status = 401), (status = 404)))]
pub async fn forget_trusted_device(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(device_id): Path<String>,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    if !trusted_devices::forget(&mut *tx, &user.user_id, device_id.trim()).await? {
        return Err(ApiError::NotFound(DEVICE_NOT_FOUND.into()));
    }
    tx.commit().await?;
    tracing::info!(user_id = %user.user_id, "a trusted device was forgotten by its owner");
    Ok(ok(Message::new(
        "This device will ask for the second factor at its next sign-in.",
    )))
}
