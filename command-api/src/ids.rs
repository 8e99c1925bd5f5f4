//! Ids in requests: a path id that does not parse is a 404 (nothing by that id exists
//! here), a body id that does not parse is a 400 naming its field.

use api_core::ApiError;

const NOT_FOUND: &str = "Not found.";

/// A typed id from a path segment.
pub(crate) fn parse_id<T: std::str::FromStr>(raw: &str) -> Result<T, ApiError> {
    raw.parse()
        .map_err(|_| ApiError::NotFound(NOT_FOUND.into()))
}

/// A typed id from body field `field`.
pub(crate) fn parse_field_id<T: std::str::FromStr>(field: &str, raw: &str) -> Result<T, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::field(field, "Not a valid id."))
}
