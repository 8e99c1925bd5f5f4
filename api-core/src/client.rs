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
