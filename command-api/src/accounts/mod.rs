//! The account service's writes (spec §7, base `/api/v1/accounts`): sign-up, e-mail
//! verification, sign-in, token refresh, password reset, e-mail check, profile and the
//! workspace switch. Credentials are plain state (`identity`); the organization a new
//! user gets is event-sourced.

use std::net::SocketAddr;

use api_core::{ApiError, AppState, FieldErrors};
use axum::extract::DefaultBodyLimit;
use axum::extract::FromRef;
use identity::password;
use identity::trusted_devices::Origin;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::activity::{self};
pub(crate) use crate::sign_in_throttle::Throttle;
use crate::CommandState;

mod new_user_account;
mod password_reset;
mod profile;
mod registration;
mod sign_in;

pub(crate) use new_user_account::NewUserAccount;
pub use password_reset::ResetCompleteBody;
pub use profile::{LatestWorkspace, ProfilePatch};
pub(crate) use registration::verification_mail;
pub use registration::{EmailBody, EmailExists, RegisterBody, Registered, TokenBody};
pub(crate) use sign_in::{record_sign_in, session_tokens, signed_in};
pub use sign_in::{LoginBody, RefreshBody, RefreshedTokens, Session, SignIn, TwoFactorChallenge};

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
        .routes(routes!(profile::update_me))
        .routes(routes!(profile::switch_workspace))
}

/// The routes anyone may call without signing in (and password checks): their bodies
/// are a few short fields, so they are held to a few kilobytes.
fn credential_routes() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(registration::register))
        .routes(routes!(sign_in::login))
        .routes(routes!(sign_in::refresh))
        .routes(routes!(registration::email_exists))
        .routes(routes!(registration::verification_initiate))
        .routes(routes!(registration::verification_complete))
        .routes(routes!(password_reset::reset_initialize))
        .routes(routes!(password_reset::reset_complete))
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

impl FromRef<CommandState> for AppState {
    fn from_ref(state: &CommandState) -> Self {
        state.app.clone()
    }
}
