//! Signing in with a password, the session it opens (or the two-factor challenge), and
//! token refresh.

use std::net::SocketAddr;

use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::Json;
use event_schemas::user_activity::{
    SignInFailure, SignInMethod, UserActivityEvent, UserSignInFailed, UserSignedIn,
};
use identity::password;
use identity::tokens::{self, Purpose, RefreshRefused};
use identity::trusted_devices::{self, Origin};
use identity::two_factor;
use identity::users;
use serde::{Deserialize, Serialize};

use super::{
    origin, password_matches, ClientAddress, ClientDevice, Throttle, BAD_CREDENTIALS, NOT_VERIFIED,
};
use crate::activity::{self, Scope};
use crate::CommandState;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LoginBody {
    pub email: String,
    pub password: String,
    /// The token "Trust this device" gave this browser: with the right password it
    /// stands in for the second factor of its own user (30 days). Ignored otherwise.
    #[serde(default)]
    pub device_token: Option<String>,
}

/// Signs in: `data.access` (a 15-minute JWT), `data.refresh` (rotating, 14 days) and the
/// two-factor flags of spec §3. With two-factor authentication enabled the right password
/// answers `data.challenge` instead of tokens: the second step,
/// `POST /api/v1/accounts/2fa/verify/`, exchanges it and a code for them — unless
/// `device_token` is a live trust of this account, which skips that step.
#[utoipa::path(post, path = "/api/v1/accounts/login/", security(()), tag = "accounts",
    request_body = LoginBody,
    responses((status = 200, description = "The session; or, with 2FA enabled, the challenge of the second step", body = Data<SignIn>),
        (status = 400), (status = 429)))]
pub async fn login(
    State(state): State<CommandState>,
    ClientAddress(address): ClientAddress,
    ClientDevice(device): ClientDevice,
    Body(body): Body<LoginBody>,
) -> Result<Json<Data<SignIn>>, ApiError> {
    let app = &state.app;
    let throttle = Throttle::new(&body.email, address);
    throttle.check(app).await?;
    let user = users::by_email(app.db(), &body.email).await?;
    let stored = match &user {
        Some(u) => users::password_hash_of(app.db(), &u.id)
            .await?
            .unwrap_or_default(),
        None => password::decoy_hash().to_owned(),
    };
    let matches = password_matches(body.password, stored).await?;
    let user = match user {
        Some(user) if matches => user,
        target => {
            sign_in_failed(app, target.as_ref(), address).await?;
            throttle.record_failure(app, target.as_ref()).await?;
            return Err(ApiError::NonField(vec![BAD_CREDENTIALS.into()]));
        }
    };
    if !user.email_verified {
        return Err(ApiError::NonField(vec![NOT_VERIFIED.into()]));
    }
    let two_factor = two_factor::status(app.db(), &user.id).await?;
    let trusted = match body.device_token.as_deref().map(str::trim) {
        Some(token) if two_factor.enabled && !token.is_empty() => {
            trusted_devices::is_trusted(app.db(), &user.id, token).await?
        }
        _ => false,
    };
    if two_factor.enabled && trusted {
        let session = signed_in(app, &user.id, two_factor, &origin(address, device)).await?;
        throttle.record_success(app).await?;
        // Recorded as what it was: no code was asked, the device's earlier proof stood in.
        record_sign_in(app, &user.id, SignInMethod::TrustedDevice, address).await?;
        return Ok(ok(SignIn::Session(session)));
    }
    if two_factor.enabled {
        let challenge =
            tokens::issue_one_time(&app.db().pool, &user.id, Purpose::TwoFactorChallenge).await?;
        return Ok(ok(SignIn::Challenge(TwoFactorChallenge {
            challenge,
            is_google_authenticator_set: true,
            is_two_fa_enabled: true,
        })));
    }
    let session = signed_in(app, &user.id, two_factor, &origin(address, device)).await?;
    throttle.record_success(app).await?;
    record_sign_in(app, &user.id, SignInMethod::Password, address).await?;
    Ok(ok(SignIn::Session(session)))
}

/// A signed-in session: a 15-minute access JWT, a rotating refresh token (14 days) and
/// the two-factor flags of spec §3.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Session {
    pub access: String,
    pub refresh: String,
    pub is_google_authenticator_set: bool,
    pub is_two_fa_enabled: bool,
    /// Only when the two-factor step was asked to trust this device: the token to send
    /// as `device_token` with later sign-ins (30 days). Shown once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_token: Option<String>,
}

/// The right password of an account with two-factor authentication: the challenge
/// `POST /api/v1/accounts/2fa/verify/` exchanges, with a code, for a [`Session`].
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TwoFactorChallenge {
    pub challenge: String,
    pub is_google_authenticator_set: bool,
    pub is_two_fa_enabled: bool,
}

/// What a right password answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum SignIn {
    Session(Session),
    Challenge(TwoFactorChallenge),
}

/// New tokens for a refresh token.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RefreshedTokens {
    pub access: String,
    pub refresh: String,
}

/// Records a wrong password for an existing account (attempts on unknown addresses are
/// only throttled: they belong to no account's history).
async fn sign_in_failed(
    app: &AppState,
    target: Option<&users::User>,
    address: Option<SocketAddr>,
) -> Result<(), ApiError> {
    let Some(target) = target else { return Ok(()) };
    let fact = UserSignInFailed {
        user_id: activity::user_id(&target.id)?,
        failure: SignInFailure::Password,
        ip_address: activity::ip_text(address),
    };
    activity::record(
        app,
        UserActivityEvent::UserSignInFailed(fact),
        Scope::default(),
    )
    .await
}

/// Records a completed sign-in in the activity log.
pub(crate) async fn record_sign_in(
    app: &AppState,
    user_id: &str,
    method: SignInMethod,
    address: Option<SocketAddr>,
) -> Result<(), ApiError> {
    let fact = UserSignedIn {
        user_id: activity::user_id(user_id)?,
        method,
        ip_address: activity::ip_text(address),
    };
    activity::record(
        app,
        UserActivityEvent::UserSignedIn(fact),
        Scope::actor(user_id),
    )
    .await
}

/// [`signed_in`] with the account's two-factor flags looked up.
pub(crate) async fn session_tokens(
    app: &AppState,
    user_id: &str,
    origin: &Origin,
) -> Result<Session, ApiError> {
    let two_factor = two_factor::status(app.db(), user_id).await?;
    signed_in(app, user_id, two_factor, origin).await
}

/// The answer of a completed sign-in (login, or its two-factor step): a new access token,
/// a refresh token in a new family (recorded with where it started), and the two-factor
/// flags.
pub(crate) async fn signed_in(
    app: &AppState,
    user_id: &str,
    two_factor: two_factor::Status,
    origin: &Origin,
) -> Result<Session, ApiError> {
    let session_id = uuid::Uuid::now_v7().to_string();
    let access = app.keys.issue_access(user_id, &session_id)?;
    let mut tx = app.db().begin_write().await?;
    trusted_devices::record_session_origin(&mut *tx, user_id, &session_id, origin).await?;
    let refresh = tokens::issue_refresh(&mut *tx, user_id, &session_id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user_id, "signed in");
    Ok(Session {
        access,
        refresh,
        is_google_authenticator_set: two_factor.secret_set,
        is_two_fa_enabled: two_factor.enabled,
        device_token: None,
    })
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RefreshBody {
    pub refresh: String,
}

/// Exchanges a refresh token for a new access token and a new refresh token. A refresh
/// token works once; presenting it again revokes its whole family (token theft).
#[utoipa::path(post, path = "/api/v1/accounts/token/refresh/", security(()), tag = "accounts",
    request_body = RefreshBody,
    responses((status = 200, body = Data<RefreshedTokens>), (status = 401)))]
pub async fn refresh(
    State(state): State<CommandState>,
    Body(body): Body<RefreshBody>,
) -> Result<Json<Data<RefreshedTokens>>, ApiError> {
    let app = &state.app;
    match tokens::rotate_refresh(app.db(), body.refresh.trim()).await? {
        Ok(rotated) => Ok(ok(RefreshedTokens {
            access: app
                .keys
                .issue_access(&rotated.user_id, &rotated.family_id)?,
            refresh: rotated.refresh,
        })),
        Err(refused) => {
            if refused == RefreshRefused::Reused {
                tracing::warn!(
                    "a rotated refresh token was presented again; its family is revoked"
                );
            }
            Err(ApiError::TokenNotValid(
                "Token is invalid or expired".into(),
            ))
        }
    }
}
