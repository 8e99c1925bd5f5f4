use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::permissions::Denial;
use serde_json::json;

/// Field path → messages, e.g. `lines[2].debit` → ["must be positive"]; the UI highlights
/// the field and shows 'field: message' toasts (spec §8).
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// Every failure a route can answer with. Status codes and bodies are decided here only.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 with `{"field": ["message"]}`.
    #[error("invalid fields: {0:?}")]
    Fields(FieldErrors),
    /// 400 with `{"non_field_errors": [...]}`.
    #[error("invalid request: {0:?}")]
    NonField(Vec<String>),
    /// 401 `token_not_valid`: missing, malformed or expired token.
    #[error("token not valid: {0}")]
    TokenNotValid(String),
    #[error("forbidden: {0}")]
    Forbidden(Denial),
    #[error("not found: {0}")]
    NotFound(String),
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("payload too large: {0}")]
    PayloadTooLarge(String),
    /// 415: a body sent as something other than JSON.
    #[error("unsupported media type: {0}")]
    UnsupportedMediaType(String),
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    #[error("too many requests: {0}")]
    TooManyRequests(String),
    /// 500. The cause is logged with the request id and never sent to the client.
    #[error("internal error: {0}")]
    Internal(String),
}

/// The spec's text for any 500 (spec §8); the UI shows its own copy, servers say no more.
pub const INTERNAL_ERROR_DETAIL: &str = "Something went wrong. Please try again later.";

impl ApiError {
    pub fn field(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Fields(BTreeMap::from([(field.into(), vec![message.into()])]))
    }

    pub fn internal(err: impl std::fmt::Display) -> Self {
        Self::Internal(err.to_string())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::Fields(_) | Self::NonField(_) => StatusCode::BAD_REQUEST,
            Self::TokenNotValid(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn body(&self) -> serde_json::Value {
        match self {
            Self::Fields(fields) => json!(fields),
            Self::NonField(messages) => json!({ "non_field_errors": messages }),
            Self::TokenNotValid(detail) => json!({ "detail": detail, "code": "token_not_valid" }),
            Self::Forbidden(denial) => json!({ "detail": denial.message(), "code": denial.code() }),
            Self::NotFound(detail) => json!({ "detail": detail, "code": "not_found" }),
            Self::Conflict(detail) => json!({ "detail": detail, "code": "conflict" }),
            Self::PayloadTooLarge(detail) => {
                json!({ "detail": detail, "code": "payload_too_large" })
            }
            Self::UnsupportedMediaType(detail) => {
                json!({ "detail": detail, "code": "unsupported_media_type" })
            }
            Self::Unprocessable(detail) => json!({ "detail": detail, "code": "unprocessable" }),
            Self::TooManyRequests(detail) => json!({ "detail": detail, "code": "throttled" }),
            Self::Internal(_) => json!({ "detail": INTERNAL_ERROR_DETAIL, "code": "server_error" }),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %cause, "request failed");
        }
        (self.status(), Json(self.body())).into_response()
    }
}

impl From<store::StoreError> for ApiError {
    fn from(err: store::StoreError) -> Self {
        Self::internal(err)
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(err: sqlx::Error) -> Self {
        Self::internal(err)
    }
}

impl From<store::AppendError> for ApiError {
    fn from(err: store::AppendError) -> Self {
        match err {
            store::AppendError::Conflict { .. } => Self::Conflict(
                "The record was changed by another request. Reload and try again.".into(),
            ),
            other => Self::internal(other),
        }
    }
}

impl From<Denial> for ApiError {
    fn from(denial: Denial) -> Self {
        Self::Forbidden(denial)
    }
}
