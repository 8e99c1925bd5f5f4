//! An authenticator app's side of two-factor authentication: codes computed with totp-rs
//! from the secret the server shows at set-up, and an account with 2FA turned on.

use serde_json::json;

use super::{Session, TestApp};

pub const SETUP: &str = "/api/v1/accounts/2fa/setup/";
pub const ENABLE: &str = "/api/v1/accounts/2fa/enable/";

pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
}

/// The code an authenticator app shows for `secret` at `at` (Unix seconds).
pub fn code_at(secret: &str, at: u64) -> String {
    totp_rs::Builder::new()
        .with_secret(totp_rs::Secret::try_from_base32(secret).expect("base32 secret"))
        .build()
        .expect("totp")
        .generate(at)
        .to_string()
}

/// Sets up and enables 2FA: the secret, the Unix time whose step the enabling code used,
/// and the recovery codes (each signs in once).
pub async fn enabled(app: &TestApp, session: &Session) -> (String, u64, Vec<String>) {
    let setup = app.post(SETUP, Some(&session.access), json!({})).await;
    assert_eq!(setup.status, 200, "{}", setup.body);
    let secret = setup.body["data"]["secret"]
        .as_str()
        .expect("secret")
        .to_owned();
    let at = now();
    let enable = app
        .post(
            ENABLE,
            Some(&session.access),
            json!({"code": code_at(&secret, at)}),
        )
        .await;
    assert_eq!(enable.status, 200, "{}", enable.body);
    let recovery: Vec<String> = enable.body["data"]["recovery_codes"]
        .as_array()
        .expect("recovery codes")
        .iter()
        .map(|c| c.as_str().expect("code").to_owned())
        .collect();
    (secret, at, recovery)
}
