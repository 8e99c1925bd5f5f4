//! Which providers are live on this server, from the environment: a provider is live
//! when its secret key is set (`PAYSTACK_SECRET_KEY`, `FLUTTERWAVE_SECRET_KEY`, and
//! `FLUTTERWAVE_SECRET_HASH` for its webhooks). The sandbox is always live. Base URLs
//! are overridable (a provider's test host, or a local fake in tests).

use std::fmt;
use std::time::Duration;

pub const PAYSTACK_BASE_URL: &str = "https://api.paystack.co";
pub const FLUTTERWAVE_BASE_URL: &str = "https://api.flutterwave.com";
/// How long a provider may take to answer before we treat the call as failed.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Clone)]
pub struct ProviderConfig {
    pub paystack_secret_key: Option<String>,
    pub paystack_base_url: String,
    pub flutterwave_secret_key: Option<String>,
    /// The secret hash set on Flutterwave's dashboard: the `verif-hash` header's value
    /// and the key of the `flutterwave-signature` HMAC.
    pub flutterwave_secret_hash: Option<String>,
    pub flutterwave_base_url: String,
    pub timeout: Duration,
}

impl Default for ProviderConfig {
    fn default() -> Self {
        Self {
            paystack_secret_key: None,
            paystack_base_url: PAYSTACK_BASE_URL.into(),
            flutterwave_secret_key: None,
            flutterwave_secret_hash: None,
            flutterwave_base_url: FLUTTERWAVE_BASE_URL.into(),
            timeout: DEFAULT_TIMEOUT,
        }
    }
}

/// Keys never reach a log line, even through `{:?}`.
impl fmt::Debug for ProviderConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProviderConfig")
            .field("live", &self.live())
            .field("paystack_base_url", &self.paystack_base_url)
            .field("flutterwave_base_url", &self.flutterwave_base_url)
            .field("timeout", &self.timeout)
            .finish()
    }
}

fn set(value: &Option<String>) -> bool {
    value.as_deref().is_some_and(|v| !v.trim().is_empty())
}

impl ProviderConfig {
    /// The providers payments can be made with here, the sandbox first.
    pub fn live(&self) -> Vec<&'static str> {
        let mut live = vec!["sandbox"];
        if set(&self.flutterwave_secret_key) {
            live.push("flutterwave");
        }
        if set(&self.paystack_secret_key) {
            live.push("paystack");
        }
        live
    }

    pub(super) fn paystack_key(&self) -> Option<&str> {
        self.paystack_secret_key
            .as_deref()
            .filter(|k| !k.trim().is_empty())
    }

    pub(super) fn flutterwave_key(&self) -> Option<&str> {
        self.flutterwave_secret_key
            .as_deref()
            .filter(|k| !k.trim().is_empty())
    }

    pub(super) fn flutterwave_hash(&self) -> Option<&str> {
        self.flutterwave_secret_hash
            .as_deref()
            .filter(|k| !k.trim().is_empty())
    }
}
