//! Dev-only pages of the embedded install: the mail outbox, so a developer sees which
//! mails left and where their files are. Mounted only in development mode with mail going
//! to files, answered only to clients on this machine, and never showing a one-time link
//! (those are read from the delivered `.eml` files, the local mailbox).

use std::net::SocketAddr;

use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::{Extension, Json};
use identity::outbox::StoredMail;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::QueryState;

/// Headers a reverse proxy adds: behind one, every client would look local.
const FORWARDING_HEADERS: [&str; 3] = ["forwarded", "x-forwarded-for", "x-real-ip"];

pub fn router() -> OpenApiRouter<QueryState> {
    OpenApiRouter::new().routes(routes!(outbox))
}

/// Whether a request came straight from this machine (loopback peer, not proxied).
pub fn is_local_client(peer: Option<SocketAddr>, headers: &HeaderMap) -> bool {
    let proxied = FORWARDING_HEADERS
        .iter()
        .any(|name| headers.contains_key(*name));
    !proxied && peer.is_some_and(|addr| addr.ip().is_loopback())
}

/// The 50 newest mails, newest first, one-time links redacted (development mode, local
/// clients only; anyone else gets the API's 404).
#[utoipa::path(get, path = "/api/v1/dev/outbox/", tag = "dev",
    responses((status = 200, body = Data<Vec<StoredMail>>), (status = 404)))]
pub async fn outbox(
    State(state): State<AppState>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    headers: HeaderMap,
) -> Result<Json<Data<Vec<StoredMail>>>, ApiError> {
    if !is_local_client(peer.map(|Extension(ConnectInfo(addr))| addr), &headers) {
        return Err(ApiError::NotFound("No such API route.".into()));
    }
    Ok(ok(identity::outbox::list(state.db(), 50).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(text: &str) -> Option<SocketAddr> {
        Some(text.parse().expect("socket address"))
    }

    #[test]
    fn only_a_loopback_peer_is_local() {
        let none = HeaderMap::new();
        assert!(is_local_client(addr("127.0.0.1:5000"), &none));
        assert!(is_local_client(addr("[::1]:5000"), &none));
        assert!(!is_local_client(addr("10.0.0.7:5000"), &none));
        assert!(!is_local_client(addr("192.168.1.2:5000"), &none));
        assert!(!is_local_client(None, &none));
    }

    #[test]
    fn a_proxied_request_is_never_local() {
        for name in FORWARDING_HEADERS {
            let mut headers = HeaderMap::new();
            headers.insert(name, "203.0.113.9".parse().expect("header value"));
            assert!(!is_local_client(addr("127.0.0.1:5000"), &headers), "{name}");
        }
    }
}
