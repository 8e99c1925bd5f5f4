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
            let path = loggable_path(request.uri().path());
            tracing::info_span!("request", method = %request.method(), path = %path, request_id)
        })
        .on_response(DefaultOnResponse::new().level(Level::INFO))
}

/// Path segments that are credentials: whoever holds the segment after one of these has
/// the access it grants (a shared audit result, a payment checkout), so logs never hold it.
const SECRET_AFTER: [&str; 3] = ["audit-shared", "checkout", "sandbox-checkout"];

/// `path` with every credential segment replaced by `[redacted]`.
pub fn loggable_path(path: &str) -> String {
    let mut redact_next = false;
    path.split('/')
        .map(|segment| {
            let shown = if redact_next && !segment.is_empty() {
                "[redacted]"
            } else {
                segment
            };
            redact_next = SECRET_AFTER.contains(&segment);
            shown
        })
        .collect::<Vec<_>>()
        .join("/")
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

#[cfg(test)]
mod tests {
    use super::loggable_path;

    #[test]
    fn a_shared_audit_token_never_reaches_the_log() {
        assert_eq!(
            loggable_path("/api/v1/audit-shared/0a1b2c3d/"),
            "/api/v1/audit-shared/[redacted]/"
        );
        assert_eq!(
            loggable_path("/audit-shared/0a1b2c3d"),
            "/audit-shared/[redacted]"
        );
    }

    #[test]
    fn a_checkout_reference_never_reaches_the_log() {
        assert_eq!(
            loggable_path("/api/v1/payments/sandbox/checkout/LL-abc/"),
            "/api/v1/payments/sandbox/checkout/[redacted]/"
        );
    }

    #[test]
    fn other_paths_are_logged_as_they_are() {
        let path = "/api/v1/accounting/workspaces/w1/journal-entries/";
        assert_eq!(loggable_path(path), path);
    }
}
