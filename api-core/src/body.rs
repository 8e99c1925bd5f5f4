//! `Body<T>`: a JSON request body whose failures answer in the HTTP contract (naming the
//! field when serde can tell which one) instead of axum's plain-text rejections.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap};
use serde::de::DeserializeOwned;

use crate::ApiError;

#[derive(Debug, Clone)]
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = is_json(request.headers());
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|e| ApiError::PayloadTooLarge(e.body_text()))?;
        let bytes: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else if !json {
            // A form or text body parsed as JSON anyway is how cross-site "simple"
            // requests (no preflight) reach a JSON API: only JSON is JSON here.
            return Err(ApiError::UnsupportedMediaType(
                "Send the request body as JSON (Content-Type: application/json).".into(),
            ));
        } else {
            &bytes
        };
        parse(bytes).map(Body)
    }
}

/// Whether the request says its body is JSON: `application/json` or a `+json` type,
/// parameters (charset) allowed.
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(|essence| essence.trim().to_ascii_lowercase())
        .is_some_and(|essence| {
            essence == "application/json"
                || (essence.starts_with("application/") && essence.ends_with("+json"))
        })
}

/// Parses a JSON body into `T`, mapping serde's complaint to the field it names.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|err| {
        use serde_json::error::Category;
        match err.classify() {
            Category::Syntax | Category::Eof | Category::Io => {
                ApiError::NonField(vec!["The request body is not valid JSON.".into()])
            }
            Category::Data => data_error(&err.to_string()),
        }
    })
}

fn data_error(message: &str) -> ApiError {
    // serde_json appends " at line L column C"; people need only the first part.
    let message = message
        .rsplit_once(" at line ")
        .map_or(message, |(head, _)| head);
    if let Some(field) = between(message, "missing field `", "`") {
        return ApiError::field(field, "This field is required.");
    }
    if let Some(field) = between(message, "unknown field `", "`") {
        return ApiError::field(field, "This field is not expected here.");
    }
    ApiError::NonField(vec![format!("Invalid request body: {message}.")])
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let rest = &text[text.find(start)? + start.len()..];
    Some(&rest[..rest.find(end)?])
}

/// For `#[serde(default, deserialize_with = "present")]` on an `Option<Option<T>>` field
/// that may be null: missing stays `None`, null is `Some(None)` — "leave it" and "clear
/// it" told apart.
pub fn present<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Login {
        email: String,
        password: String,
    }

    #[test]
    fn a_missing_field_is_named() {
        let err = parse::<Login>(br#"{"email": "a@b.ng"}"#).expect_err("missing");
        assert!(matches!(err, ApiError::Fields(f) if f.contains_key("password")));
    }

    #[test]
    fn only_json_content_types_are_json() {
        let with = |value: &'static str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, value.parse().expect("header"));
            is_json(&headers)
        };
        assert!(with("application/json"));
        assert!(with("Application/JSON; charset=utf-8"));
        assert!(with("application/merge-patch+json"));
        assert!(!with("text/plain"));
        assert!(!with("application/x-www-form-urlencoded"));
        assert!(!is_json(&HeaderMap::new()));
    }

    #[test]
    fn broken_json_is_a_non_field_error() {
        let err = parse::<Login>(b"{not json").expect_err("syntax");
        assert!(matches!(err, ApiError::NonField(_)));
    }
}
