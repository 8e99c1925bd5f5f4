//! The providers' HTTP calls: one client with a timeout, answers read as JSON, and a
//! provider's slowness or failure told apart from its refusal.

use rust_decimal::Decimal;
use serde_json::Value;

use super::ProviderError;

/// A provider's answer: success (2xx) or its refusal of the request (4xx).
pub enum Answer {
    Ok(Value),
    Client(Value),
}

pub async fn send(request: reqwest::RequestBuilder) -> Result<Answer, ProviderError> {
    let response = request.send().await.map_err(|err| {
        if err.is_timeout() {
            ProviderError::Unavailable("timed out".into())
        } else {
            ProviderError::Unavailable(format!("unreachable: {}", err.without_url()))
        }
    })?;
    let status = response.status();
    let body = response
        .bytes()
        .await
        .map_err(|err| ProviderError::Unavailable(format!("answer cut: {}", err.without_url())))?;
    if status.is_server_error() {
        return Err(ProviderError::Unavailable(format!("answered {status}")));
    }
    let json: Value = serde_json::from_slice(&body)
        .map_err(|_| ProviderError::Garbled(format!("a {status} answer that is not JSON")))?;
    if status.is_success() {
        Ok(Answer::Ok(json))
    } else {
        Ok(Answer::Client(json))
    }
}

/// What a provider said when it refused.
pub fn message(answer: &Answer) -> String {
    let (Answer::Ok(body) | Answer::Client(body)) = answer;
    body["message"]
        .as_str()
        .unwrap_or("the provider refused the request")
        .to_owned()
}

/// A path segment, escaped (a reference is ours, but a webhook's id is not).
pub fn segment(raw: &str) -> String {
    raw.chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

/// An id the provider sends as a number or a string.
pub fn id_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// An amount the provider sends as a JSON number or a string, read exactly.
pub fn decimal(value: &Value) -> Option<Decimal> {
    match value {
        Value::Number(n) => n.to_string().parse().ok(),
        Value::String(s) => s.parse().ok(),
        _ => None,
    }
}
