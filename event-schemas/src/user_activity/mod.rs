//! The UserActivity events: facts about accounts that the activity log shows and the
//! books do not hold — sign-ins, failed sign-ins, password and two-factor changes — and
//! activities the client reports because the server cannot see them (an export opened, a
//! report printed).
//!
//! Credentials are plain state (DESIGN.md §4); these events record only that something
//! happened to them, never a secret: no password, hash, token, code or TOTP secret.
//!
//! Each fact is its own one-event stream (a fresh UUID v7 as aggregate id): facts never
//! conflict with one another, so recording one can never fail a sign-in on a concurrency
//! conflict.

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{OrganizationId, UserId, WorkspaceId};

/// The `aggregate_type` column of these events.
pub const AGGREGATE_TYPE: &str = "UserActivity";

/// Longest client-reported activity type (`report_downloaded`), in characters.
pub const ACTIVITY_TYPE_CHARS_MAX: usize = 64;
/// Longest client-reported description, in characters.
pub const DESCRIPTION_CHARS_MAX: usize = 500;

/// How a sign-in was completed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignInMethod {
    /// E-mail and password, without a second factor.
    Password,
    /// Password, then an authenticator or recovery code.
    TwoFactor,
    /// Password, on a device the user trusted at an earlier two-factor sign-in (no code
    /// asked this time).
    TrustedDevice,
}

/// Which step of a sign-in failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SignInFailure {
    Password,
    SecondFactor,
}

/// A UserActivity event, stored as its payload struct's fields plus a `type` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum UserActivityEvent {
    UserRegistered(UserRegistered),
    UserSignedIn(UserSignedIn),
    UserSignInFailed(UserSignInFailed),
    SignInLocked(SignInLocked),
    PasswordResetRequested(PasswordResetRequested),
    PasswordChanged(PasswordChanged),
    TwoFactorEnabled(TwoFactorEnabled),
    TwoFactorDisabled(TwoFactorDisabled),
    ActivityRecorded(ActivityRecorded),
}

/// An account was created (it signs in once its e-mail is verified).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UserRegistered {
    pub user_id: UserId,
}

impl EventPayload for UserRegistered {
    const EVENT_TYPE: &'static str = "UserRegistered";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A sign-in completed and a session began.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UserSignedIn {
    pub user_id: UserId,
    pub method: SignInMethod,
    /// The client's IP address as the server saw it; `null` when unknown.
    pub ip_address: Option<String>,
}

/// Version 2.0; version 1.0 (module `legacy`) knew only `password` and `two_factor`.
impl EventPayload for UserSignedIn {
    const EVENT_TYPE: &'static str = "UserSignedIn";
    const EVENT_VERSION: &'static str = "2.0";
}

/// A sign-in of an existing account failed: wrong password or wrong second-factor code.
/// Attempts on addresses without an account are throttled but not recorded here.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct UserSignInFailed {
    pub user_id: UserId,
    pub failure: SignInFailure,
    pub ip_address: Option<String>,
}

impl EventPayload for UserSignInFailed {
    const EVENT_TYPE: &'static str = "UserSignInFailed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// Failed sign-ins started a wait: attempts on the account from `ip_address` (or, for
/// the wide limits, from every address it has never signed in from) are refused for
/// `locked_seconds`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SignInLocked {
    pub user_id: UserId,
    pub ip_address: Option<String>,
    /// The failures counted when the lock began.
    pub failures: i64,
    pub locked_seconds: i64,
}

impl EventPayload for SignInLocked {
    const EVENT_TYPE: &'static str = "SignInLocked";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A lock's length as people read it: seconds up to two minutes, then whole minutes
/// (rounded up: a wait never reads shorter than it is).
pub fn wait_text(seconds: i64) -> String {
    if seconds < 120 {
        format!("{} seconds", seconds.max(1))
    } else {
        format!("{} minutes", (seconds + 59) / 60)
    }
}

/// A password reset link was mailed to the account's address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PasswordResetRequested {
    pub user_id: UserId,
}

impl EventPayload for PasswordResetRequested {
    const EVENT_TYPE: &'static str = "PasswordResetRequested";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The account's password was changed (through a reset link); its sessions ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PasswordChanged {
    pub user_id: UserId,
}

impl EventPayload for PasswordChanged {
    const EVENT_TYPE: &'static str = "PasswordChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// Two-factor authentication was switched on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TwoFactorEnabled {
    pub user_id: UserId,
}

impl EventPayload for TwoFactorEnabled {
    const EVENT_TYPE: &'static str = "TwoFactorEnabled";
    const EVENT_VERSION: &'static str = "1.0";
}

/// Two-factor authentication was switched off.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TwoFactorDisabled {
    pub user_id: UserId,
}

impl EventPayload for TwoFactorDisabled {
    const EVENT_TYPE: &'static str = "TwoFactorDisabled";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An activity the client reported (`POST /activity-log/`), attributed to the signed-in
/// caller — never to a user named in the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ActivityRecorded {
    pub user_id: UserId,
    /// snake_case, `[a-z0-9_]`, at most [`ACTIVITY_TYPE_CHARS_MAX`] characters.
    #[schemars(length(min = 1, max = ACTIVITY_TYPE_CHARS_MAX))]
    pub activity_type: String,
    #[schemars(length(max = DESCRIPTION_CHARS_MAX))]
    pub description: String,
    pub organization_id: Option<OrganizationId>,
    pub workspace_id: Option<WorkspaceId>,
}

impl EventPayload for ActivityRecorded {
    const EVENT_TYPE: &'static str = "ActivityRecorded";
    const EVENT_VERSION: &'static str = "1.0";
}

impl UserActivityEvent {
    /// The account the fact is about.
    pub fn user_id(&self) -> UserId {
        match self {
            Self::UserRegistered(e) => e.user_id,
            Self::UserSignedIn(e) => e.user_id,
            Self::UserSignInFailed(e) => e.user_id,
            Self::SignInLocked(e) => e.user_id,
            Self::PasswordResetRequested(e) => e.user_id,
            Self::PasswordChanged(e) => e.user_id,
            Self::TwoFactorEnabled(e) => e.user_id,
            Self::TwoFactorDisabled(e) => e.user_id,
            Self::ActivityRecorded(e) => e.user_id,
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::UserRegistered(e) => of(e),
            Self::UserSignedIn(e) => of(e),
            Self::UserSignInFailed(e) => of(e),
            Self::SignInLocked(e) => of(e),
            Self::PasswordResetRequested(e) => of(e),
            Self::PasswordChanged(e) => of(e),
            Self::TwoFactorEnabled(e) => of(e),
            Self::TwoFactorDisabled(e) => of(e),
            Self::ActivityRecorded(e) => of(e),
        }
    }
}

impl DomainEvent for UserActivityEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every UserActivity event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<UserRegistered>(),
        EventVersion::superseded::<legacy::UserSignedInV1>(),
        EventVersion::current::<UserSignedIn>(),
        EventVersion::current::<UserSignInFailed>(),
        EventVersion::current::<PasswordResetRequested>(),
        EventVersion::current::<PasswordChanged>(),
        EventVersion::current::<TwoFactorEnabled>(),
        EventVersion::current::<TwoFactorDisabled>(),
        EventVersion::current::<ActivityRecorded>(),
        EventVersion::current::<SignInLocked>(),
    ]
}

/// Every UserActivity upcaster, oldest version first.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    vec![Box::new(crate::contract::UpcastStep {
        event_type: UserSignedIn::EVENT_TYPE,
        from: legacy::UserSignedInV1::EVENT_VERSION,
        to: UserSignedIn::EVENT_VERSION,
        lift: user_signed_in_v1_to_v2,
    })]
}

/// `UserSignedIn` 1.0 → 2.0: the same fields; 2.0 only adds the method `trusted_device`,
/// which no 1.0 event can hold, so a 1.0 payload is already a valid 2.0 one.
pub fn user_signed_in_v1_to_v2(payload: serde_json::Value) -> serde_json::Value {
    payload
}

pub mod legacy {
    //! Superseded versions of UserActivity events, frozen exactly as they were first
    //! written. Never edit these: they are what the log holds. They exist for their
    //! committed JSON Schemas; reading goes through [`super::upcasters`].

    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    use crate::contract::EventPayload;
    use crate::UserId;

    // How a sign-in was completed, as 1.0 knew it (named and described as it was then,
    // so the committed 1.0 schema stays byte for byte what it was).
    /// How a sign-in was completed.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "snake_case")]
    #[schemars(rename = "SignInMethod")]
    pub enum SignInMethodV1 {
        /// E-mail and password, without a second factor.
        Password,
        /// Password, then an authenticator or recovery code.
        TwoFactor,
    }

    // `UserSignedIn` v1.0: written before trusted devices.
    /// A sign-in completed and a session began.
    #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
    pub struct UserSignedInV1 {
        pub user_id: UserId,
        pub method: SignInMethodV1,
        /// The client's IP address as the server saw it; `null` when unknown.
        pub ip_address: Option<String>,
    }

    impl EventPayload for UserSignedInV1 {
        const EVENT_TYPE: &'static str = "UserSignedIn";
        const EVENT_VERSION: &'static str = "1.0";
    }
}

/// The UserActivity entry of the contract catalogue.
pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "user_activity",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<UserActivityEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<UserActivityEvent>()
        },
    }
}
