//! Two-factor authentication (spec §3's `is_google_authenticator_set`,
//! `is_two_fa_enabled`): set up a TOTP secret, enable it with a code (which hands out
//! recovery codes), disable it, and the second sign-in step that exchanges the login's
//! challenge and a code for the tokens. The secret is shown at setup only and never
//! logged; codes are checked ±1 step and each step is accepted once.

use api_core::auth::{AuthUser, CurrentSession};
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{DefaultBodyLimit, State};
use axum::Json;
use identity::tokens::{self, Purpose};
use identity::trusted_devices;
use identity::two_factor::{self, Status};
use identity::users::{self, User};
use serde::{Deserialize, Serialize};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::{
    origin, password_matches, record_sign_in, signed_in, ClientAddress, ClientDevice, Session,
    Throttle,
};
use crate::activity::{self, Scope};
use crate::CommandState;
use event_schemas::user_activity::{
    SignInFailure, SignInMethod, TwoFactorDisabled, TwoFactorEnabled, UserActivityEvent,
    UserSignInFailed,
};

const ALREADY_ENABLED: &str =
    "Two-factor authentication is already enabled. Disable it first to set up a new authenticator.";
const NOT_SET_UP: &str =
    "Set up two-factor authentication first: scan the QR code, then enter a code from the app.";
const NOT_ENABLED: &str = "Two-factor authentication is not enabled.";
const CODE_NOT_VALID: &str =
    "The code is not valid. Enter the current 6-digit code from your authenticator app.";
const RECOVERY_NOT_VALID: &str = "This recovery code is not valid or was already used.";
const CODE_MISSING: &str = "Enter the code from your authenticator app, or a recovery code.";
const CHALLENGE_NOT_VALID: &str = "This sign-in attempt has expired. Sign in again.";
const WRONG_PASSWORD: &str = "The password is not correct.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(setup))
        .routes(routes!(enable))
        .routes(routes!(disable))
        .routes(routes!(verify))
        .layer(DefaultBodyLimit::max(crate::CREDENTIALS_BODY_BYTES_MAX))
}

fn unix_seconds() -> u64 {
    u64::try_from(chrono::Utc::now().timestamp()).unwrap_or(0)
}

async fn current_user(app: &AppState, user: &AuthUser) -> Result<User, ApiError> {
    users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))
}

/// Whether `code` is a current TOTP code of the user's secret, not used before. Uses
/// the step up.
async fn totp_code_ok(
    app: &AppState,
    user: &User,
    secret: &str,
    code: &str,
) -> Result<bool, ApiError> {
    let totp = two_factor::totp(secret, &user.email).map_err(ApiError::internal)?;
    let Some(step) = two_factor::matching_step(&totp, code, unix_seconds()) else {
        return Ok(false);
    };
    let _turn = app.db().take_write_turn().await?;
    Ok(two_factor::claim_step(&app.db().pool, &user.id, step).await?)
}

/// A second factor as sent: a TOTP code or a recovery code.
#[derive(Deserialize, utoipa::ToSchema, Default)]
pub struct SecondFactor {
    /// The current 6-digit code of the authenticator app.
    #[serde(default)]
    pub code: Option<String>,
    /// One of the recovery codes handed out at enabling; works once.
    #[serde(default)]
    pub recovery_code: Option<String>,
}

/// Checks the second factor of an enabled user; `Err` with the field error when it is
/// wrong (the caller counts the failure) or missing.
async fn second_factor(
    app: &AppState,
    user: &User,
    secret: &str,
    factor: &SecondFactor,
) -> Result<Result<(), ApiError>, ApiError> {
    let code = factor
        .code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let recovery = factor
        .recovery_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty());
    Ok(match (code, recovery) {
        (Some(code), _) => {
            if totp_code_ok(app, user, secret, code).await? {
                Ok(())
            } else {
                Err(ApiError::field("code", CODE_NOT_VALID))
            }
        }
        (None, Some(recovery)) => {
            let turn = app.db().take_write_turn().await?;
            let used = two_factor::use_recovery_code(&app.db().pool, &user.id, recovery).await?;
            drop(turn);
            if used {
                tracing::info!(user_id = %user.id, "a recovery code was used");
                Ok(())
            } else {
                Err(ApiError::field("recovery_code", RECOVERY_NOT_VALID))
            }
        }
        (None, None) => return Err(ApiError::field("code", CODE_MISSING)),
    })
}

/// Creates a new pending TOTP secret for the caller: `data` secret (base32), otpauth_uri
/// (issuer Ledgerline, account = e-mail) and qr_code (an SVG `data:` URI). Shown once;
/// it takes effect when enabled with a code. Replaces an earlier pending secret.
#[utoipa::path(post, path = "/api/v1/accounts/2fa/setup/", tag = "accounts",
    responses((status = 200, body = Data<TwoFactorSetup>),
        (status = 401), (status = 409)))]
pub async fn setup(
    State(state): State<CommandState>,
    user: AuthUser,
) -> Result<Json<Data<TwoFactorSetup>>, ApiError> {
    let app = &state.app;
    let user = current_user(app, &user).await?;
    let secret = two_factor::new_secret();
    let mut tx = app.db().begin_write().await?;
    if !two_factor::set_pending(tx.transaction(), &app.secrets, &user.id, &secret).await? {
        return Err(ApiError::Conflict(ALREADY_ENABLED.into()));
    }
    let totp = two_factor::totp(&secret, &user.email).map_err(ApiError::internal)?;
    let (otpauth_uri, qr_code) = two_factor::provisioning(&totp).map_err(ApiError::internal)?;
    tx.commit().await?;
    Ok(ok(TwoFactorSetup {
        secret,
        otpauth_uri,
        qr_code,
    }))
}

/// A pending TOTP secret to scan.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TwoFactorSetup {
    pub secret: String,
    pub otpauth_uri: String,
    /// The URI as a QR code image (data URL).
    pub qr_code: String,
}

/// Two-factor enabled: the one-time recovery codes, shown once.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TwoFactorEnabledAnswer {
    pub recovery_codes: Vec<String>,
    pub is_google_authenticator_set: bool,
    pub is_two_fa_enabled: bool,
}

/// The account's two-factor flags.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TwoFactorFlags {
    pub is_google_authenticator_set: bool,
    pub is_two_fa_enabled: bool,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EnableBody {
    /// A current code of the authenticator app the secret was scanned into.
    pub code: String,
}

/// Enables two-factor authentication with a current code of the pending secret. Answers
/// `data.recovery_codes`: ten one-time codes, shown this once (stored hashed). Every other
/// session of the account ends (its refresh and access tokens stop working): whoever
/// might have signed in with the password alone is signed out; this session stays.
/// Devices trusted before are forgotten.
#[utoipa::path(post, path = "/api/v1/accounts/2fa/enable/", tag = "accounts",
    request_body = EnableBody,
    responses((status = 200, body = Data<TwoFactorEnabledAnswer>),
        (status = 400), (status = 401), (status = 409)))]
pub async fn enable(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentSession(session): CurrentSession,
    Body(body): Body<EnableBody>,
) -> Result<Json<Data<TwoFactorEnabledAnswer>>, ApiError> {
    let app = &state.app;
    let user = current_user(app, &user).await?;
    let Some((secret, enabled)) = two_factor::secret_of(app.db(), &app.secrets, &user.id).await?
    else {
        return Err(ApiError::NonField(vec![NOT_SET_UP.into()]));
    };
    if enabled {
        return Err(ApiError::Conflict(ALREADY_ENABLED.into()));
    }
    if !totp_code_ok(app, &user, &secret, &body.code).await? {
        return Err(ApiError::field("code", CODE_NOT_VALID));
    }
    let recovery_codes = two_factor::new_recovery_codes();
    let mut tx = app.db().begin_write().await?;
    two_factor::enable(tx.transaction(), &user.id, &recovery_codes).await?;
    tokens::revoke_other_sessions(&mut *tx, &user.id, &session).await?;
    // Trust earned with an earlier authenticator does not carry over to this one.
    trusted_devices::forget_all(&mut *tx, &user.id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user.id, "two-factor authentication enabled");
    let fact = TwoFactorEnabled {
        user_id: activity::user_id(&user.id)?,
    };
    activity::record(
        app,
        UserActivityEvent::TwoFactorEnabled(fact),
        Scope::actor(&user.id),
    )
    .await?;
    Ok(ok(TwoFactorEnabledAnswer {
        recovery_codes,
        is_google_authenticator_set: true,
        is_two_fa_enabled: true,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct DisableBody {
    pub password: String,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub recovery_code: Option<String>,
}

/// Disables two-factor authentication: the password and a current code (or a recovery
/// code) are required. The secret, the recovery codes and the trusted devices are
/// deleted. Failures count
/// toward the sign-in throttling.
#[utoipa::path(post, path = "/api/v1/accounts/2fa/disable/", tag = "accounts",
    request_body = DisableBody,
    responses((status = 200, description = "The two-factor flags, both false", body = Data<TwoFactorFlags>),
        (status = 400), (status = 401), (status = 429)))]
pub async fn disable(
    State(state): State<CommandState>,
    ClientAddress(address): ClientAddress,
    user: AuthUser,
    Body(body): Body<DisableBody>,
) -> Result<Json<Data<TwoFactorFlags>>, ApiError> {
    let app = &state.app;
    let user = current_user(app, &user).await?;
    let throttle = Throttle::new(&user.email, address);
    throttle.check(app).await?;
    let Some((secret, true)) = two_factor::secret_of(app.db(), &app.secrets, &user.id).await?
    else {
        return Err(ApiError::NonField(vec![NOT_ENABLED.into()]));
    };
    let stored = users::password_hash_of(app.db(), &user.id)
        .await?
        .unwrap_or_default();
    if !password_matches(body.password, stored).await? {
        throttle.record_failure(app, Some(&user)).await?;
        return Err(ApiError::field("password", WRONG_PASSWORD));
    }
    let factor = SecondFactor {
        code: body.code,
        recovery_code: body.recovery_code,
    };
    if let Err(refused) = second_factor(app, &user, &secret, &factor).await? {
        throttle.record_failure(app, Some(&user)).await?;
        return Err(refused);
    }
    let mut tx = app.db().begin_write().await?;
    two_factor::disable(tx.transaction(), &user.id).await?;
    trusted_devices::forget_all(&mut *tx, &user.id).await?;
    tx.commit().await?;
    tracing::info!(user_id = %user.id, "two-factor authentication disabled");
    let fact = TwoFactorDisabled {
        user_id: activity::user_id(&user.id)?,
    };
    activity::record(
        app,
        UserActivityEvent::TwoFactorDisabled(fact),
        Scope::actor(&user.id),
    )
    .await?;
    Ok(ok(TwoFactorFlags {
        is_google_authenticator_set: false,
        is_two_fa_enabled: false,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct VerifyBody {
    /// The `challenge` the login answered (5 minutes, single use).
    pub challenge: String,
    #[serde(default)]
    pub code: Option<String>,
    #[serde(default)]
    pub recovery_code: Option<String>,
    /// "Trust this device": the answer carries a `device_token` that skips this step at
    /// this account's later sign-ins for 30 days (the password is still required).
    #[serde(default)]
    pub trust_device: bool,
}

/// The second sign-in step: the login's challenge and a current TOTP code (or a recovery
/// code) answer the tokens exactly as a login does. A wrong code leaves the challenge
/// usable until it expires, and counts toward the sign-in throttling. With
/// `trust_device` the session also carries `device_token`.
#[utoipa::path(post, path = "/api/v1/accounts/2fa/verify/", security(()), tag = "accounts", operation_id = "verify_two_factor",
    request_body = VerifyBody,
    responses((status = 200, body = Data<Session>),
        (status = 400), (status = 429)))]
pub async fn verify(
    State(state): State<CommandState>,
    ClientAddress(address): ClientAddress,
    ClientDevice(device): ClientDevice,
    Body(body): Body<VerifyBody>,
) -> Result<Json<Data<Session>>, ApiError> {
    let app = &state.app;
    let challenge = body.challenge.trim();
    let Some(user_id) =
        tokens::peek_one_time(app.db(), challenge, Purpose::TwoFactorChallenge).await?
    else {
        return Err(ApiError::field("challenge", CHALLENGE_NOT_VALID));
    };
    let user = users::by_id(app.db(), &user_id)
        .await?
        .ok_or_else(|| ApiError::field("challenge", CHALLENGE_NOT_VALID))?;
    let throttle = Throttle::new(&user.email, address);
    throttle.check(app).await?;
    let Some((secret, true)) = two_factor::secret_of(app.db(), &app.secrets, &user.id).await?
    else {
        // Disabled since the password step: sign in again, without a second factor.
        return Err(ApiError::field("challenge", CHALLENGE_NOT_VALID));
    };
    let factor = SecondFactor {
        code: body.code,
        recovery_code: body.recovery_code,
    };
    if let Err(refused) = second_factor(app, &user, &secret, &factor).await? {
        throttle.record_failure(app, Some(&user)).await?;
        let fact = UserSignInFailed {
            user_id: activity::user_id(&user.id)?,
            failure: SignInFailure::SecondFactor,
            ip_address: activity::ip_text(address),
        };
        activity::record(
            app,
            UserActivityEvent::UserSignInFailed(fact),
            Scope::default(),
        )
        .await?;
        return Err(refused);
    }
    let mut tx = app.db().begin_write().await?;
    let consumed =
        tokens::consume_one_time(tx.transaction(), challenge, Purpose::TwoFactorChallenge).await?;
    tx.commit().await?;
    if consumed.as_deref() != Some(user.id.as_str()) {
        return Err(ApiError::field("challenge", CHALLENGE_NOT_VALID));
    }
    let origin = origin(address, device);
    let mut session = signed_in(
        app,
        &user.id,
        Status {
            secret_set: true,
            enabled: true,
        },
        &origin,
    )
    .await?;
    if body.trust_device {
        let _turn = app.db().take_write_turn().await?;
        session.device_token =
            Some(trusted_devices::trust(&app.db().pool, &user.id, &origin).await?);
        tracing::info!(user_id = %user.id, "a device is trusted to skip the second factor");
    }
    throttle.record_success(app).await?;
    record_sign_in(app, &user.id, SignInMethod::TwoFactor, address).await?;
    Ok(ok(session))
}
