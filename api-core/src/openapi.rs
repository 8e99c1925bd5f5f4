//! The parts of the OpenAPI document every route shares (DESIGN.md §6): the success
//! envelopes `{"data": …}` and `{"data": {"data": [...], "count", …}}`, and the error
//! bodies [`crate::ApiError`] answers with, as named components. [`ErrorBodies`] gives
//! every documented error status of every operation its body, so routes declare only
//! the status codes they can answer.

use std::collections::BTreeMap;

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, RefOr, ResponseBuilder};
use utoipa::{Modify, PartialSchema, ToSchema};

use crate::pagination::Paginated;

/// `{"data": T}` — the success envelope.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct Data<T> {
    pub data: T,
}

/// `{"data": {"data": [T], "count", "page", "page_size", "total_pages"}}` — the
/// paginated envelope. For handler signatures only: a `#[utoipa::path]` must spell it
/// `body = Data<Paginated<T>>`, since utoipa composes generic schemas from the arguments
/// as written and would read `PageOf<T>` as `Data<T>`.
pub type PageOf<T> = Data<Paginated<T>>;

/// A decimal amount on the wire: a string, never a JSON number, so no client rounds it
/// (e.g. `"1250.00"`, `"-3.5"`).
pub struct Money;

/// What a money string looks like.
pub const MONEY_PATTERN: &str = r"^-?\d+(\.\d+)?$";

impl PartialSchema for Money {
    fn schema() -> RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::Type::String)
            .format(Some(utoipa::openapi::SchemaFormat::Custom(
                "decimal".into(),
            )))
            .pattern(Some(MONEY_PATTERN))
            .examples(["1250.00"])
            .into()
    }
}

impl ToSchema for Money {}

/// `{"detail": "…", "code": "…"}`: 401 (`token_not_valid`), 403 (the denial's code),
/// 404 (`not_found`), 409 (`conflict`), 413, 422, 429 (`throttled`), 500 (`server_error`).
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct ErrorDetail {
    pub detail: String,
    pub code: String,
}

/// 400 naming fields: field path → messages, e.g. `{"lines[2].debit": ["Must be positive."]}`.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct FieldErrors(pub BTreeMap<String, Vec<String>>);

/// 400 not tied to a field: `{"non_field_errors": ["…"]}`.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct NonFieldErrors {
    pub non_field_errors: Vec<String>,
}

/// A 400 body: either kind of validation error.
#[derive(Debug, serde::Serialize, ToSchema)]
#[serde(untagged)]
pub enum ValidationError {
    Fields(FieldErrors),
    NonField(NonFieldErrors),
}

/// The 400 body as `anyOf`, not the `oneOf` an untagged enum derives: a body of
/// non-field errors is also a map of field name to messages, so it matches both and
/// `oneOf` (exactly one) would call every such answer invalid.
fn validation_error_schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    use utoipa::openapi::schema::AnyOfBuilder;
    use utoipa::openapi::Ref;
    AnyOfBuilder::new()
        .item(Ref::from_schema_name(FieldErrors::name()))
        .item(Ref::from_schema_name(NonFieldErrors::name()))
        .description(Some(
            "A 400 body: errors by field, or errors not tied to a field.",
        ))
        .into()
}

/// Fills in the body of every error response an operation declares (by status code) with
/// the shared error components, and registers them.
pub struct ErrorBodies;

impl Modify for ErrorBodies {
    fn modify(&self, openapi: &mut OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            BEARER_SCHEME,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "The access token from POST /api/v1/accounts/login/ (or token/refresh/).",
                    ))
                    .build(),
            ),
        );
        for (name, schema) in [
            (ErrorDetail::name(), ErrorDetail::schema()),
            (FieldErrors::name(), FieldErrors::schema()),
            (NonFieldErrors::name(), NonFieldErrors::schema()),
            (ValidationError::name(), validation_error_schema()),
        ] {
            components.schemas.insert(name.into_owned(), schema);
        }
        for item in openapi.paths.paths.values_mut() {
            for operation in [
                &mut item.get,
                &mut item.put,
                &mut item.post,
                &mut item.delete,
                &mut item.patch,
            ]
            .into_iter()
            .flatten()
            {
                needs_a_bearer_token_unless_public(operation);
                // Bad input is refused with a 400 by the extractors themselves (a body that
                // is not the documented JSON, a query value that does not parse), whether
                // or not the handler validates anything further.
                let takes_input = operation.request_body.is_some()
                    || operation.parameters.iter().flatten().any(|p| {
                        matches!(p, RefOr::T(p)
                            if matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Query))
                    });
                if takes_input && !operation.responses.responses.contains_key("400") {
                    operation
                        .responses
                        .responses
                        .insert("400".to_owned(), RefOr::T(ResponseBuilder::new().build()));
                }
                for (status, response) in operation.responses.responses.iter_mut() {
                    let Some(component) = error_component(status) else {
                        continue;
                    };
                    let RefOr::T(response) = response else {
                        continue;
                    };
                    if !response.content.is_empty() {
                        continue;
                    }
                    let description = if response.description.is_empty() {
                        error_description(status).to_owned()
                    } else {
                        response.description.clone()
                    };
                    *response = ResponseBuilder::new()
                        .description(description)
                        .content(
                            "application/json",
                            ContentBuilder::new()
                                .schema(Some(utoipa::openapi::Ref::from_schema_name(component)))
                                .build(),
                        )
                        .build();
                }
            }
        }
    }
}

/// The security scheme every operation needs unless it is open to anyone.
const BEARER_SCHEME: &str = "bearer";

/// An operation is open to anyone only where its `#[utoipa::path]` says `security(())`
/// (sign-in, registration, public audit links, health…); every other one needs a bearer
/// token, and its extractor answers 401 without one — so the document says both.
fn needs_a_bearer_token_unless_public(operation: &mut utoipa::openapi::path::Operation) {
    if operation.security.is_some() {
        return;
    }
    operation.security = Some(vec![SecurityRequirement::new(
        BEARER_SCHEME,
        Vec::<String>::new(),
    )]);
    operation
        .responses
        .responses
        .entry("401".to_owned())
        .or_insert_with(|| RefOr::T(ResponseBuilder::new().build()));
}

fn error_component(status: &str) -> Option<&'static str> {
    match status {
        "400" => Some("ValidationError"),
        "401" | "403" | "404" | "409" | "413" | "422" | "429" | "500" => Some("ErrorDetail"),
        _ => None,
    }
}

fn error_description(status: &str) -> &'static str {
    match status {
        "400" => "Invalid input: the fields named, or non_field_errors.",
        "401" => "token_not_valid: the token is missing, malformed or expired.",
        "403" => "Forbidden by role, plan or membership.",
        "404" => "Not found.",
        "409" => "Conflict with the current state.",
        "413" => "Payload too large.",
        "422" => "Unprocessable.",
        "429" => "Too many attempts; try again later.",
        _ => "Internal error.",
    }
}

/// The success envelope of a typed answer: `{"data": value}` as `Json<Data<T>>`, so the
/// handler's signature names the type its `body = Data<T>` documents.
pub fn ok<T: serde::Serialize>(value: T) -> axum::Json<Data<T>> {
    axum::Json(Data { data: value })
}

/// `{"detail": "…"}`: a sentence for people, where the answer carries nothing else.
#[derive(Debug, serde::Serialize, ToSchema)]
pub struct Message {
    pub detail: String,
}

impl Message {
    pub fn new(detail: impl Into<String>) -> Self {
        Self {
            detail: detail.into(),
        }
    }
}

/// Marks every field of every answer schema as required. Serde writes every field of an
/// answer (absent values as `null`, never left out), but utoipa lists an `Option` field
/// as optional; clients would then have to treat `null` and "missing" alike. Schemas a
/// request body uses keep utoipa's reading, which is right for them: serde accepts a
/// missing `Option` field there.
pub struct ResponseFieldsRequired;

impl Modify for ResponseFieldsRequired {
    fn modify(&self, openapi: &mut OpenApi) {
        let Some(components) = openapi.components.as_mut() else {
            return;
        };
        let mut read_by_requests = std::collections::BTreeSet::new();
        let mut pending: Vec<String> = Vec::new();
        for item in openapi.paths.paths.values() {
            let operations = [&item.get, &item.put, &item.post, &item.delete, &item.patch];
            for operation in operations.into_iter().flatten() {
                if let Some(body) = &operation.request_body {
                    refs_in(
                        &serde_json::to_value(body).unwrap_or_default(),
                        &mut pending,
                    );
                }
            }
        }
        while let Some(name) = pending.pop() {
            if read_by_requests.insert(name.clone()) {
                if let Some(schema) = components.schemas.get(&name) {
                    refs_in(
                        &serde_json::to_value(schema).unwrap_or_default(),
                        &mut pending,
                    );
                }
            }
        }
        for (name, schema) in components.schemas.iter_mut() {
            if !read_by_requests.contains(name) {
                require_all(schema);
            }
        }
    }
}

/// The component names `value` refers to (`#/components/schemas/Name`).
fn refs_in(value: &serde_json::Value, found: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("$ref", serde_json::Value::String(target)) => {
                        if let Some(name) = target.strip_prefix("#/components/schemas/") {
                            found.push(name.to_owned());
                        }
                    }
                    _ => refs_in(inner, found),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter().for_each(|v| refs_in(v, found)),
        _ => {}
    }
}

fn require_all(schema: &mut RefOr<utoipa::openapi::schema::Schema>) {
    use utoipa::openapi::schema::{ArrayItems, Schema};
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            object.required = object.properties.keys().cloned().collect();
            object.properties.values_mut().for_each(require_all);
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                require_all(items);
            }
        }
        Schema::AllOf(all) => all.items.iter_mut().for_each(require_all),
        Schema::OneOf(one) => one.items.iter_mut().for_each(require_all),
        Schema::AnyOf(any) => any.items.iter_mut().for_each(require_all),
        _ => {}
    }
}
