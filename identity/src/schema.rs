use store::migrate::Migration;

const USERS: &str = "CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    email_normalized TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    address TEXT,
    location TEXT,
    persona BIGINT,
    phone_number TEXT,
    image_id TEXT,
    email_verified_at BIGINT,
    latest_workspace_id TEXT,
    welcome_seen BIGINT NOT NULL DEFAULT 0,
    date_joined BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const REFRESH_TOKENS: &str = "CREATE TABLE refresh_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    family_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    revoked_at BIGINT
)";

const REFRESH_FAMILY_INDEX: &str =
    "CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)";

const ONE_TIME_TOKENS: &str = "CREATE TABLE one_time_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    purpose TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
)";

const OUTBOX: &str = "CREATE TABLE mail_outbox (
    id TEXT PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    last_error TEXT
)";

const LOGIN_FAILURES: &str = "CREATE TABLE login_failures (
    subject TEXT NOT NULL,
    at BIGINT NOT NULL
)";

const LOGIN_FAILURES_INDEX: &str =
    "CREATE INDEX login_failures_subject ON login_failures (subject, at)";

/// Addresses each account completed a sign-in from: failures elsewhere never lock the
/// owner out there.
const KNOWN_SIGN_IN_ADDRESSES: &str = "CREATE TABLE known_sign_in_addresses (
    email TEXT NOT NULL,
    address TEXT NOT NULL,
    last_seen BIGINT NOT NULL,
    PRIMARY KEY (email, address)
)";

const TWO_FACTOR: &str = "CREATE TABLE two_factor (
    user_id TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    enabled_at BIGINT,
    last_step BIGINT
)";

const RECOVERY_CODES: &str = "CREATE TABLE recovery_codes (
    code_hash TEXT NOT NULL,
    user_id TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (user_id, code_hash)
)";

/// Devices trusted to skip the second factor: the token's hash only.
const TRUSTED_DEVICES: &str = "CREATE TABLE trusted_devices (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    device TEXT,
    ip_address TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
)";

const TRUSTED_DEVICES_USER_INDEX: &str =
    "CREATE INDEX trusted_devices_user ON trusted_devices (user_id)";

/// Where each session (refresh-token family) started: address and device description.
const SESSION_ORIGINS: &str = "CREATE TABLE session_origins (
    family_id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    device TEXT,
    ip_address TEXT,
    created_at BIGINT NOT NULL
)";

const FILES: &str = "CREATE TABLE files (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    uploaded_by TEXT NOT NULL,
    kind TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size BIGINT NOT NULL,
    sha256 TEXT NOT NULL,
    created_at BIGINT NOT NULL
)";

const FILES_WORKSPACE_INDEX: &str =
    "CREATE INDEX files_workspace ON files (workspace_id, created_at)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

/// The identity tables, the same SQL on both backends.
pub const MIGRATIONS: &[Migration] = &[
    same!(1, "users", USERS),
    same!(2, "refresh_tokens", REFRESH_TOKENS),
    same!(3, "refresh_tokens_family", REFRESH_FAMILY_INDEX),
    same!(4, "one_time_tokens", ONE_TIME_TOKENS),
    same!(5, "mail_outbox", OUTBOX),
    same!(6, "login_failures", LOGIN_FAILURES),
    same!(7, "login_failures_subject", LOGIN_FAILURES_INDEX),
    same!(8, "two_factor", TWO_FACTOR),
    same!(9, "recovery_codes", RECOVERY_CODES),
    same!(10, "known_sign_in_addresses", KNOWN_SIGN_IN_ADDRESSES),
    same!(11, "trusted_devices", TRUSTED_DEVICES),
    same!(12, "trusted_devices_user", TRUSTED_DEVICES_USER_INDEX),
    same!(13, "session_origins", SESSION_ORIGINS),
];

/// The uploaded files' metadata (the bytes live under the data directory), run under
/// its own owner `files` so file storage can leave this crate without renumbering.
pub const FILES_MIGRATIONS: &[Migration] = &[
    same!(1, "files", FILES),
    same!(2, "files_workspace", FILES_WORKSPACE_INDEX),
];
