//! The account service's writes (spec §7, base `/api/v1/accounts`): sign-up, e-mail
//! verification, sign-in, token refresh, password reset, e-mail check, profile and the
//! workspace switch. Credentials are plain state (`identity`); the organization a new
//! user gets is event-sourced.

use std::net::SocketAddr;

use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data, Message};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState, FieldErrors};
use axum::extract::DefaultBodyLimit;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{CreateOrganization, OrganizationCommand};
use domain::validation;
use event_schemas::user_activity::{
    PasswordChanged, PasswordResetRequested, SignInFailure, SignInMethod, UserActivityEvent,
    UserRegistered, UserSignInFailed, UserSignedIn,
};
use event_schemas::{MembershipId, OrganizationId, UserId};
use identity::outbox::{self, Mail};
use identity::password;
use identity::tokens::{self, Purpose, RefreshRefused};
use identity::trusted_devices::{self, Origin};
use identity::two_factor;
use identity::users::{self, NewUser, Profile};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::activity::{self, Scope};
use crate::runner::execute;
pub(crate) use crate::sign_in_throttle::Throttle;
use crate::CommandState;

/// Longest first or last name (the UI's bound too).
pub const NAME_CHARS_MAX: usize = 150;
/// Longest address or location text.
pub const TEXT_CHARS_MAX: usize = 200;

const BAD_CREDENTIALS: &str = "No active account found with the given credentials";
const NOT_VERIFIED: &str =
    "Verify your e-mail address before signing in: open the link we sent you, or ask for a new one.";
const LINK_NOT_VALID: &str = "This link is not valid or has expired. Ask for a new one.";

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .merge(credential_routes().layer(DefaultBodyLimit::max(crate::CREDENTIALS_BODY_BYTES_MAX)))
        .routes(routes!(update_me))
        .routes(routes!(switch_workspace))
}

/// The routes anyone may call without signing in (and password checks): their bodies
/// are a few short fields, so they are held to a few kilobytes.
fn credential_routes() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(refresh))
        .routes(routes!(email_exists))
        .routes(routes!(verification_initiate))
        .routes(routes!(verification_complete))
        .routes(routes!(reset_initialize))
        .routes(routes!(reset_complete))
}

pub use api_core::client::{ClientAddress, ClientDevice};

/// Where a request comes from, as a session or a trusted device records it.
pub(crate) fn origin(address: Option<SocketAddr>, device: Option<String>) -> Origin {
    Origin {
        ip_address: activity::ip_text(address),
        device,
    }
}

/// Collects field errors so a form learns every problem at once.
#[derive(Default)]
pub(crate) struct Problems(FieldErrors);

impl Problems {
    pub(crate) fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.entry(field.into()).or_default().push(message.into());
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn into_result(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Fields(self.0))
        }
    }
}

/// An optional `YYYY-MM-DD` date: absent or blank is `None`, anything else must parse.
pub(crate) fn optional_date(
    problems: &mut Problems,
    field: &str,
    raw: Option<&str>,
) -> Option<chrono::NaiveDate> {
    let raw = raw.map(str::trim).filter(|r| !r.is_empty())?;
    domain::calendar::parse_date(raw)
        .map_err(|err| problems.add(field, err.to_string()))
        .ok()
}

/// A required text: trimmed, not blank, at most `max` characters.
pub(crate) fn required_text(
    problems: &mut Problems,
    field: &str,
    raw: &str,
    required: &str,
    max: usize,
) -> String {
    let value = raw.trim();
    if value.is_empty() {
        problems.add(field, required);
    } else if value.chars().count() > max {
        problems.add(field, format!("Must be at most {max} characters."));
    }
    value.to_owned()
}

pub(crate) fn mail_link(state: &AppState, path: &str, token: &str) -> String {
    format!(
        "{}{path}?token={token}",
        state.public_url.trim_end_matches('/')
    )
}

pub(crate) async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || password::hash(&password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

pub(crate) async fn password_matches(password: String, stored: String) -> Result<bool, ApiError> {
    tokio::task::spawn_blocking(move || password::verify(&password, &stored))
        .await
        .map_err(ApiError::internal)
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RegisterBody {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    /// The new user's organization; defaults to "<first> <last>'s organization".
    #[serde(default)]
    pub organization_name: Option<String>,
}

/// Creates an account and its organization (the user is its Admin) and sends the
/// verification mail. The account signs in once the e-mail is verified. An address that
/// already has an account gets the same answer (nothing is created) and its owner a mail.
#[utoipa::path(post, path = "/api/v1/accounts/register/", security(()), tag = "accounts",
    request_body = RegisterBody,
    responses((status = 201, body = Data<Registered>), (status = 400)))]
pub async fn register(
    State(state): State<CommandState>,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<RegisterBody>,
) -> Result<(StatusCode, Json<Data<Registered>>), ApiError> {
    let mut problems = Problems::default();
    let first_name = required_text(
        &mut problems,
        "first_name",
        &body.first_name,
        "First Name is required",
        NAME_CHARS_MAX,
    );
    let last_name = required_text(
        &mut problems,
        "last_name",
        &body.last_name,
        "Last Name is required",
        NAME_CHARS_MAX,
    );
    let email = validation::email(&body.email);
    if email.is_none() {
        problems.add("email", validation::EMAIL_NOT_VALID);
    }
    if let Err(rule) = password::check_new(&body.password) {
        problems.add("password", rule.to_string());
    }
    problems.into_result()?;
    let email = email.unwrap_or_default();
    let app = &state.app;
    let user_id = UserId::new_v7();
    let password_hash = hash_password(body.password).await?;

    let mut tx = app.db().begin_write().await?;
    let inserted = users::insert(
        &mut *tx,
        &NewUser {
            id: &user_id.to_string(),
            email: &email,
            password_hash: &password_hash,
            first_name: &first_name,
            last_name: &last_name,
        },
    )
    .await?;
    if !inserted {
        drop(tx);
        return registration_with_a_taken_address(app, email, first_name, last_name).await;
    }
    let token =
        tokens::issue_one_time(&mut *tx, &user_id.to_string(), Purpose::EmailVerification).await?;
    outbox::enqueue(
        &mut *tx,
        &verification_mail(app, &email, &first_name, &token),
    )
    .await?;
    tx.commit().await?;
    app.mail.mail_queued();

    // The organization is event-sourced, so it is a second write. If it fails the
    // account is removed again, so the e-mail can sign up once more.
    let organization_id = OrganizationId::new_v7();
    let name = body
        .organization_name
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("{first_name} {last_name}'s organization"));
    let command = OrganizationCommand::from(CreateOrganization {
        organization_id,
        name,
        email: email.clone(),
        location: None,
        created_by: user_id,
        founder_membership_id: MembershipId::new_v7(),
    });
    let metadata = EventMetadata {
        actor_id: Some(user_id.to_string()),
        organization_id: Some(organization_id.to_string()),
        request_id,
        ..Default::default()
    };
    if let Err(err) = execute::<domain::organization::Organization>(
        state.runner(),
        &organization_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await
    {
        users::delete(app.db(), &user_id.to_string()).await?;
        return Err(err);
    }
    activity::record(
        app,
        UserActivityEvent::UserRegistered(UserRegistered { user_id }),
        Scope {
            actor: Some(user_id),
            organization_id: Some(organization_id.to_string()),
            ..Scope::default()
        },
    )
    .await?;
    api_core::consistency::read_your_writes(app, "organizations").await?;
    Ok((
        StatusCode::CREATED,
        ok(Registered {
            id: user_id.to_string(),
            email,
            first_name,
            last_name,
            organization_id: organization_id.to_string(),
        }),
    ))
}

/// The new account and the organization it founded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub organization_id: String,
}

/// A registration with an address that already has an account answers exactly as a new
/// one would (201 and a body of the same shape, its ids never used), so the form does not
/// tell a stranger who has an account here. The account's owner is told by mail instead.
async fn registration_with_a_taken_address(
    app: &AppState,
    email: String,
    first_name: String,
    last_name: String,
) -> Result<(StatusCode, Json<Data<Registered>>), ApiError> {
    if let Some(user) = users::by_email(app.db(), &email).await? {
        let link = format!("{}/auth/login", app.public_url.trim_end_matches('/'));
        let mail = Mail {
            recipient: user.email.clone(),
            subject: "Someone tried to register with your address".into(),
            body: format!(
                "Hello {},\n\nSomeone tried to create a Ledgerline account with this e-mail address, which already has one. Nothing was changed.\n\nIf it was you, sign in instead (the sign-in page also sends a new password if you forgot it):\n\n{link}\n\nIf it was not you, ignore this mail.\n\nLedgerline",
                user.first_name
            ),
        };
        let mut tx = app.db().begin_write().await?;
        outbox::enqueue(&mut *tx, &mail).await?;
        tx.commit().await?;
        app.mail.mail_queued();
    }
    Ok((
        StatusCode::CREATED,
        ok(Registered {
            id: UserId::new_v7().to_string(),
            email,
            first_name,
            last_name,
            organization_id: OrganizationId::new_v7().to_string(),
        }),
    ))
}

pub(crate) fn verification_mail(
    state: &AppState,
    email: &str,
    first_name: &str,
    token: &str,
) -> Mail {
    let link = mail_link(state, "/auth/activate", token);
    Mail {
        recipient: email.to_owned(),
        subject: "Verify your e-mail address for Ledgerline".into(),
        body: format!(
            "Hello {first_name},\n\nWelcome to Ledgerline. Open this link to verify your e-mail address and activate your account:\n\n{link}\n\nThe link works once and expires in 3 days. If you did not sign up, ignore this mail.\n\nLedgerline"
        ),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EmailBody {
    pub email: String,
}

/// Sends a new verification mail. Answers the same whether or not the address has an
/// unverified account, so it cannot be used to find accounts.
#[utoipa::path(post, path = "/api/v1/accounts/email-verification/initiate/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn verification_initiate(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let app = &state.app;
    if let Some(user) = users::by_email(app.db(), &email).await? {
        if !user.email_verified {
            let mut tx = app.db().begin_write().await?;
            let token =
                tokens::issue_one_time(&mut *tx, &user.id, Purpose::EmailVerification).await?;
            outbox::enqueue(
                &mut *tx,
                &verification_mail(app, &user.email, &user.first_name, &token),
            )
            .await?;
            tx.commit().await?;
            app.mail.mail_queued();
        }
    }
    Ok(ok(Message::new(
        "If the address has an account waiting for verification, a new link is on its way.",
    )))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TokenBody {
    pub token: String,
}

/// Verifies the e-mail address (and so activates the account) with the mailed token.
#[utoipa::path(post, path = "/api/v1/accounts/email-verification/complete/", security(()), tag = "accounts",
    request_body = TokenBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn verification_complete(
    State(state): State<CommandState>,
    Body(body): Body<TokenBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    let Some(user_id) = tokens::consume_one_time(
        tx.transaction(),
        body.token.trim(),
        Purpose::EmailVerification,
    )
    .await?
    else {
        return Err(ApiError::field("token", LINK_NOT_VALID));
    };
    users::mark_email_verified(&mut *tx, &user_id).await?;
    tx.commit().await?;
    Ok(ok(Message::new(
        "Your e-mail address is verified. You can sign in now.",
    )))
}

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

/// Whether an account uses the address.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailExists {
    pub exists: bool,
}

/// The workspace now flagged `latest`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LatestWorkspace {
    pub latest: String,
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

/// Whether an account uses this e-mail address (spec §7; the sign-up form asks).
#[utoipa::path(post, path = "/api/v1/accounts/email-exists/check/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<EmailExists>), (status = 400)))]
pub async fn email_exists(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<EmailExists>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let exists = users::exists_with_email(state.app.db(), &email).await?;
    Ok(ok(EmailExists { exists }))
}

/// Sends a password reset link. Answers the same for unknown addresses.
#[utoipa::path(post, path = "/api/v1/accounts/password/reset/initialize/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn reset_initialize(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let app = &state.app;
    if let Some(user) = users::by_email(app.db(), &email).await? {
        let mut tx = app.db().begin_write().await?;
        let token = tokens::issue_one_time(&mut *tx, &user.id, Purpose::PasswordReset).await?;
        let link = mail_link(app, "/auth/reset-password", &token);
        let mail = Mail {
            recipient: user.email.clone(),
            subject: "Reset your Ledgerline password".into(),
            body: format!(
                "Hello {},\n\nSomeone asked to reset the password of your Ledgerline account. Open this link to choose a new one:\n\n{link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.\n\nLedgerline",
                user.first_name
            ),
        };
        outbox::enqueue(&mut *tx, &mail).await?;
        tx.commit().await?;
        app.mail.mail_queued();
        let fact = PasswordResetRequested {
            user_id: activity::user_id(&user.id)?,
        };
        activity::record(
            app,
            UserActivityEvent::PasswordResetRequested(fact),
            Scope::default(),
        )
        .await?;
    }
    Ok(ok(Message::new(
        "If the address has an account, a reset link is on its way.",
    )))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ResetCompleteBody {
    pub token: String,
    pub password: String,
}

/// Sets a new password with the mailed token; every session of the account ends, and
/// every device trusted to skip the second factor is forgotten.
#[utoipa::path(post, path = "/api/v1/accounts/password/reset/complete/", security(()), tag = "accounts",
    request_body = ResetCompleteBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn reset_complete(
    State(state): State<CommandState>,
    Body(body): Body<ResetCompleteBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    if let Err(rule) = password::check_new(&body.password) {
        return Err(ApiError::field("password", rule.to_string()));
    }
    let app = &state.app;
    let password_hash = hash_password(body.password).await?;
    let mut tx = app.db().begin_write().await?;
    let Some(user_id) =
        tokens::consume_one_time(tx.transaction(), body.token.trim(), Purpose::PasswordReset)
            .await?
    else {
        return Err(ApiError::field("token", LINK_NOT_VALID));
    };
    users::set_password_hash(&mut *tx, &user_id, &password_hash).await?;
    // Whoever could reach the mailbox has proved it: the address is verified too.
    users::mark_email_verified(&mut *tx, &user_id).await?;
    tokens::revoke_all_refresh(&mut *tx, &user_id).await?;
    trusted_devices::forget_all(&mut *tx, &user_id).await?;
    tx.commit().await?;
    let fact = PasswordChanged {
        user_id: activity::user_id(&user_id)?,
    };
    activity::record(
        app,
        UserActivityEvent::PasswordChanged(fact),
        Scope::actor(&user_id),
    )
    .await?;
    Ok(ok(Message::new(
        "Your password is changed. Sign in with the new one.",
    )))
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct ProfilePatch {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub location: Option<String>,
    /// 0, 1 or 2.
    #[serde(default)]
    pub persona: Option<Value>,
    #[serde(default)]
    pub phone_number: Option<String>,
    #[serde(default)]
    pub image_id: Option<String>,
}

/// Updates the caller's profile (spec §3 fields, spec §5 rules; absent fields keep their
/// value). Answers the whole profile, as `GET /me/` does.
#[utoipa::path(patch, path = "/api/v1/accounts/me/", tag = "accounts",
    request_body = ProfilePatch, responses((status = 200, body = Data<api_core::me::Profile>), (status = 400), (status = 401)))]
pub async fn update_me(
    State(state): State<CommandState>,
    user: AuthUser,
    Body(patch): Body<ProfilePatch>,
) -> Result<Json<Data<api_core::me::Profile>>, ApiError> {
    let app = &state.app;
    let current = users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    let profile = apply_profile_patch(&current, patch)?;
    if let Some(image_id) = profile.image_id.as_deref() {
        // Only an image this user uploaded: another person's file (a workspace
        // document, someone else's photo) must not become a face shown to colleagues.
        let own_image = |file: &identity::files::FileRecord| {
            file.uploaded_by == user.user_id && file.kind == identity::files::IMAGES
        };
        if current.image_id.as_deref() != Some(image_id)
            && !identity::files::by_id(app.db(), image_id)
                .await?
                .is_some_and(|file| own_image(&file))
        {
            return Err(ApiError::field(
                "image_id",
                "Choose an image you uploaded yourself.",
            ));
        }
    }
    users::update_profile(app.db(), &user.user_id, &profile).await?;
    let updated = users::by_id(app.db(), &user.user_id)
        .await?
        .unwrap_or(current);
    Ok(ok(api_core::me::profile(app, &updated).await?))
}

/// Spec §5's profile rules, with its texts.
fn apply_profile_patch(current: &users::User, patch: ProfilePatch) -> Result<Profile, ApiError> {
    let mut problems = Problems::default();
    let mut profile = Profile {
        first_name: current.first_name.clone(),
        last_name: current.last_name.clone(),
        address: current.address.clone(),
        location: current.location.clone(),
        persona: current.persona,
        phone_number: current.phone_number.clone(),
        image_id: current.image_id.clone(),
    };
    if let Some(raw) = patch.first_name {
        profile.first_name = required_text(
            &mut problems,
            "first_name",
            &raw,
            "First Name is required",
            NAME_CHARS_MAX,
        );
    }
    if let Some(raw) = patch.last_name {
        profile.last_name = required_text(
            &mut problems,
            "last_name",
            &raw,
            "Last Name is required",
            NAME_CHARS_MAX,
        );
    }
    if let Some(raw) = patch.address {
        profile.address = Some(required_text(
            &mut problems,
            "address",
            &raw,
            "Address is required",
            TEXT_CHARS_MAX,
        ));
    }
    if let Some(raw) = patch.location {
        profile.location = Some(required_text(
            &mut problems,
            "location",
            &raw,
            "Location is required",
            TEXT_CHARS_MAX,
        ));
    }
    match patch.persona {
        None => {}
        Some(Value::Null) => problems.add("persona", "Persona is required"),
        Some(value) => match persona_of(&value) {
            Some(p) => profile.persona = Some(p),
            None => problems.add("persona", "Invalid persona value"),
        },
    }
    if let Some(raw) = patch.phone_number {
        if raw.trim().is_empty() {
            problems.add("phone_number", "Phone number is required");
        } else {
            match validation::phone_number(&raw) {
                Some(phone) => profile.phone_number = Some(phone),
                None => problems.add("phone_number", validation::PHONE_NOT_VALID),
            }
        }
    }
    if let Some(raw) = patch.image_id {
        let raw = raw.trim();
        profile.image_id = if raw.is_empty() {
            None
        } else if uuid::Uuid::parse_str(raw).is_ok() {
            Some(raw.to_owned())
        } else {
            problems.add("image_id", "Not a valid image id.");
            None
        };
    }
    problems.into_result()?;
    Ok(profile)
}

/// Persona 0, 1 or 2, sent as a number or a numeric string (form selects send strings).
fn persona_of(value: &Value) -> Option<i64> {
    let n = match value {
        Value::Number(n) => n.as_i64()?,
        Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    (0..=2).contains(&n).then_some(n)
}

/// Records the workspace the caller switched to: it comes back flagged `latest` in
/// `GET /me/workspaces/`, so the next visit opens it.
#[utoipa::path(post, path = "/api/v1/accounts/me/workspaces/{workspace_id}/switch/", tag = "accounts",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<LatestWorkspace>), (status = 401), (status = 403)))]
pub async fn switch_workspace(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<LatestWorkspace>>, ApiError> {
    let app = &state.app;
    if app
        .access
        .access(&user.user_id, &workspace_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ));
    }
    users::set_latest_workspace(app.db(), &user.user_id, &workspace_id).await?;
    Ok(ok(LatestWorkspace {
        latest: workspace_id,
    }))
}

impl FromRef<CommandState> for AppState {
    fn from_ref(state: &CommandState) -> Self {
        state.app.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user() -> users::User {
        users::User {
            id: "u".into(),
            email: "ada@books.ng".into(),
            first_name: "Ada".into(),
            last_name: "Obi".into(),
            address: None,
            location: None,
            persona: None,
            phone_number: None,
            image_id: None,
            email_verified: true,
            latest_workspace_id: None,
            welcome_seen: false,
            date_joined: 0,
        }
    }

    fn problems_of(patch: ProfilePatch) -> FieldErrors {
        match apply_profile_patch(&user(), patch) {
            Err(ApiError::Fields(f)) => f,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn blank_required_profile_fields_get_the_spec_messages() {
        let f = problems_of(ProfilePatch {
            first_name: Some(" ".into()),
            last_name: Some("".into()),
            address: Some("".into()),
            location: Some("".into()),
            persona: Some(Value::Null),
            phone_number: Some("".into()),
            image_id: None,
        });
        assert_eq!(f["first_name"], ["First Name is required"]);
        assert_eq!(f["last_name"], ["Last Name is required"]);
        assert_eq!(f["address"], ["Address is required"]);
        assert_eq!(f["location"], ["Location is required"]);
        assert_eq!(f["persona"], ["Persona is required"]);
        assert_eq!(f["phone_number"], ["Phone number is required"]);
    }

    #[test]
    fn a_persona_outside_0_to_2_is_invalid() {
        let f = problems_of(ProfilePatch {
            persona: Some(serde_json::json!(3)),
            ..Default::default()
        });
        assert_eq!(f["persona"], ["Invalid persona value"]);
    }

    #[test]
    fn a_phone_number_without_country_code_gets_the_spec_message() {
        let f = problems_of(ProfilePatch {
            phone_number: Some("08012345678".into()),
            ..Default::default()
        });
        assert_eq!(
            f["phone_number"],
            ["Phone number must start with a country code and be 8 to 18 digits long"]
        );
    }

    #[test]
    fn a_valid_patch_keeps_absent_fields() {
        let profile = apply_profile_patch(
            &user(),
            ProfilePatch {
                persona: Some(serde_json::json!("1")),
                phone_number: Some("+2348012345678".into()),
                ..Default::default()
            },
        )
        .expect("valid");
        assert_eq!(profile.first_name, "Ada");
        assert_eq!(profile.persona, Some(1));
        assert_eq!(profile.phone_number.as_deref(), Some("+2348012345678"));
    }
}
