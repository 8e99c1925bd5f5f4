//! Every request gets an id (the client's `x-request-id`, or a new UUID), echoed in the
//! response and attached to every log line of the request, and handlers put it in the
//! metadata of the events they append.

use axum::http::{HeaderName, Request};
use tower_http::request_id::{
    MakeRequestUuid, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

pub const REQUEST_ID_HEADER: HeaderName = HeaderName::from_static("x-request-id");

pub fn set_layer() -> SetRequestIdLayer<MakeRequestUuid> {
    SetRequestIdLayer::new(REQUEST_ID_HEADER, MakeRequestUuid)
}

pub fn propagate_layer() -> PropagateRequestIdLayer {
    PropagateRequestIdLayer::new(REQUEST_ID_HEADER)
}

/// Structured request logs: method, path (never the query string, which may carry tokens)
/// and request id on the span; status and latency when the response leaves.
pub fn trace_layer() -> TraceLayer<
    tower_http::classify::SharedClassifier<tower_http::classify::ServerErrorsAsFailures>,
    impl Fn(&Request<axum::body::Body>) -> tracing::Span + Clone,
> {
    TraceLayer::new_for_http()
        .make_span_with(|request: &Request<axum::body::Body>| {
            let request_id = request
                .extensions()
                .get::<RequestId>()
                .and_then(|id| id.header_value().to_str().ok())
                .unwrap_or_default()
                .to_owned();
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id)
        })
        .on_response(DefaultOnResponse::new().level(Level::INFO))
}

/// The request id of the current request, for event metadata.
pub fn of<B>(request: &Request<B>) -> Option<String> {
    request
        .extensions()
        .get::<RequestId>()
        .and_then(|id| id.header_value().to_str().ok())
        .map(str::to_owned)
}

/// The current request's id as an extractor, for handlers that write event metadata.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CurrentRequestId(pub Option<String>);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for CurrentRequestId {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _state: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .extensions
                .get::<RequestId>()
                .and_then(|id| id.header_value().to_str().ok())
                .map(str::to_owned),
        ))
    }
}
