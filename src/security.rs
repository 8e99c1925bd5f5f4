//! Browser-facing protections on every response, the app's pages and the API's answers
//! alike (CSV and PDF downloads included): what a browser may run and embed, what it may
//! guess, what it tells other sites, and which other origins may call the API.
//!
//! - The Content-Security-Policy runs scripts only from this origin. The built UI (vite)
//!   is one module script and no inline code; Mantine and AG Grid set styles at run time,
//!   so styles may be inline, but nothing else is. No page may frame the app
//!   (`frame-ancestors 'none'`, and `X-Frame-Options: DENY` for older browsers).
//! - `nosniff` makes a download (a CSV export, an uploaded file) be treated as the type
//!   the server says, never sniffed into HTML or script.
//! - `Referrer-Policy: no-referrer`: shared-audit links carry their secret in the path,
//!   which must not leak to other sites through the Referer header.
//! - HSTS only where the request reached us over https (a terminating proxy says so with
//!   `X-Forwarded-Proto` or `Forwarded`): over plain http the header is meaningless and a
//!   local `http://127.0.0.1` must stay reachable.
//! - CORS: same-origin only by default (no CORS headers at all, so browsers refuse other
//!   origins' reads). Origins listed in `LEDGERLINE_CORS_ORIGINS` may call the API with
//!   a bearer token; cookies are not used, so credentials are never allowed.

use std::time::Duration;

use axum::extract::Request;
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{HeaderMap, Method};
use axum::middleware::Next;
use axum::response::Response;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// The policy of every response. `connect-src 'self'` also covers the live feed
/// (same-origin server-sent events); `data:`/`blob:` images are the 2FA QR code and
/// previews of uploads; `blob:` frames are previews of PDF documents, fetched with the
/// token and shown from memory.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     frame-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
     frame-ancestors 'none'";
/// Two years, the preload list's minimum; subdomains are not ours to decide.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=63072000";
/// How long a browser may reuse a preflight answer.
const CORS_MAX_AGE: Duration = Duration::from_secs(600);

/// Adds the headers of this module's policy to every response. A response that set its
/// own content security policy keeps it: stored files are served under a stricter,
/// sandboxing one.
pub async fn headers(request: Request, next: Next) -> Response {
    let https = forwarded_https(request.headers());
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let set = |headers: &mut HeaderMap, name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        set(
            headers,
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        );
    }
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::REFERRER_POLICY, "no-referrer");
    if https {
        set(
            headers,
            header::STRICT_TRANSPORT_SECURITY,
            STRICT_TRANSPORT_SECURITY,
        );
    }
    response
}

/// Whether the client reached us over https, as the terminating proxy reports it. The
/// server itself speaks plain http only.
fn forwarded_https(headers: &HeaderMap) -> bool {
    let proto = headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .next()
                .is_some_and(|first| first.trim().eq_ignore_ascii_case("https"))
        });
    let forwarded = headers
        .get(header::FORWARDED)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split([';', ','])
                .any(|part| part.trim().eq_ignore_ascii_case("proto=https"))
        });
    proto || forwarded
}

/// A configured cross-origin caller was not an origin (`scheme://host[:port]`).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("LEDGERLINE_CORS_ORIGINS: {0:?} is not an origin such as https://books.example.com")]
pub struct BadOrigin(pub String);

/// The origins allowed to call the API from a browser, from a comma-separated list.
pub fn parse_origins(list: &str) -> Result<Vec<String>, BadOrigin> {
    list.split(',')
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .map(|origin| {
            let rest = origin
                .strip_prefix("https://")
                .or_else(|| origin.strip_prefix("http://"))
                .ok_or_else(|| BadOrigin(origin.to_owned()))?;
            if rest.is_empty() || rest.contains(['/', '?', '#', '@', '*', ' ']) {
                return Err(BadOrigin(origin.to_owned()));
            }
            HeaderValue::from_str(origin).map_err(|_| BadOrigin(origin.to_owned()))?;
            Ok(origin.to_ascii_lowercase())
        })
        .collect()
}

/// The CORS layer for `origins`; with none, a layer that adds nothing (same-origin only).
pub fn cors(origins: &[String]) -> CorsLayer {
    if origins.is_empty() {
        return CorsLayer::new();
    }
    let allowed: Vec<HeaderValue> = origins
        .iter()
        .filter_map(|o| HeaderValue::from_str(o).ok())
        .collect();
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(allowed))
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            HeaderName::from_static("idempotency-key"),
            HeaderName::from_static("x-request-id"),
        ])
        .expose_headers([
            HeaderName::from_static("x-request-id"),
            header::CONTENT_DISPOSITION,
        ])
        .max_age(CORS_MAX_AGE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_read_from_a_comma_separated_list() {
        assert_eq!(
            parse_origins(" https://books.example.com, http://localhost:5173 ,"),
            Ok(vec![
                "https://books.example.com".to_owned(),
                "http://localhost:5173".to_owned()
            ])
        );
    }

    #[test]
    fn a_path_a_wildcard_or_a_missing_scheme_is_not_an_origin() {
        for bad in [
            "books.example.com",
            "https://x.com/app",
            "*",
            "https://*.x.com",
        ] {
            assert_eq!(parse_origins(bad), Err(BadOrigin(bad.to_owned())), "{bad}");
        }
    }

    #[test]
    fn https_is_known_only_from_the_proxy_headers() {
        let mut headers = HeaderMap::new();
        assert!(!forwarded_https(&headers));
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        assert!(forwarded_https(&headers));
        let mut headers = HeaderMap::new();
        headers.insert(
            header::FORWARDED,
            HeaderValue::from_static("for=192.0.2.60;proto=https;by=203.0.113.43"),
        );
        assert!(forwarded_https(&headers));
        headers.insert(header::FORWARDED, HeaderValue::from_static("proto=http"));
        assert!(!forwarded_https(&headers));
    }
}
