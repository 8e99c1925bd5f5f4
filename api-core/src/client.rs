//! Who is on the other end of a request: the connection's peer address. The server does
//! not sit behind a trusted proxy by design, so forwarding headers (`X-Forwarded-For`)
//! are never believed: a client could write anything there.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The client's address, when the server knows it (it always does when serving).
pub struct ClientAddress(pub Option<SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0),
        ))
    }
}

/// A short description of the client's device from its `User-Agent`: browser and OS,
/// e.g. "Firefox on Linux"; `None` without the header.
pub struct ClientDevice(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for ClientDevice {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .headers
                .get(axum::http::header::USER_AGENT)
                .and_then(|v| v.to_str().ok())
                .and_then(describe_user_agent),
        ))
    }
}

/// Longest description kept of an agent that is not a known browser.
const OTHER_AGENT_CHARS_MAX: usize = 40;

/// "Browser on OS" from a `User-Agent`. Order matters: Edge and Opera also say Chrome,
/// Chrome also says Safari, Android also says Linux, iOS also says Mac OS X. An agent
/// that is no known browser is named by its first product (e.g. "curl"), shortened.
pub fn describe_user_agent(agent: &str) -> Option<String> {
    let agent = agent.trim();
    if agent.is_empty() {
        return None;
    }
    let has = |needle: &str| agent.contains(needle);
    let browser = if has("Edg/") || has("Edge/") {
        Some("Edge")
    } else if has("OPR/") || has("Opera") {
        Some("Opera")
    } else if has("Firefox/") || has("FxiOS/") {
        Some("Firefox")
    } else if has("Chrome/") || has("CriOS/") || has("Chromium/") {
        Some("Chrome")
    } else if has("Safari/") && has("Version/") {
        Some("Safari")
    } else {
        None
    };
    let os = if has("Windows") {
        Some("Windows")
    } else if has("iPhone") || has("iPad") || has("iPod") {
        Some("iOS")
    } else if has("Android") {
        Some("Android")
    } else if has("CrOS") {
        Some("ChromeOS")
    } else if has("Mac OS X") || has("Macintosh") {
        Some("macOS")
    } else if has("Linux") {
        Some("Linux")
    } else {
        None
    };
    Some(match (browser, os) {
        (Some(browser), Some(os)) => format!("{browser} on {os}"),
        (Some(browser), None) => browser.to_owned(),
        (None, Some(os)) => format!("A browser on {os}"),
        (None, None) => {
            let product: String = agent
                .split(['/', ' '])
                .next()
                .unwrap_or_default()
                .chars()
                .filter(|c| c.is_ascii_graphic())
                .take(OTHER_AGENT_CHARS_MAX)
                .collect();
            if product.is_empty() {
                return None;
            }
            product
        }
    })
}

#[cfg(test)]
mod tests {
    use super::describe_user_agent;

    #[test]
    fn common_browsers_are_named_with_their_system() {
        let cases = [
            ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Linux"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0", "Edge on Windows"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15", "Safari on macOS"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1", "Safari on iOS"),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36", "Chrome on Android"),
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36", "Chrome on Linux"),
        ];
        for (agent, expected) in cases {
            assert_eq!(
                describe_user_agent(agent).as_deref(),
                Some(expected),
                "{agent}"
            );
        }
    }

    #[test]
    fn other_agents_are_named_by_their_product_and_blank_is_none() {
        assert_eq!(describe_user_agent("curl/8.5.0").as_deref(), Some("curl"));
        assert_eq!(describe_user_agent("   "), None);
        let long = "x".repeat(300);
        assert_eq!(describe_user_agent(&long).map(|d| d.len()), Some(40));
    }
}
