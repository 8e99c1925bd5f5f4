//! The OpenAPI document (DESIGN.md §6): it lists exactly the routes the server mounts,
//! describes each one's parameters, bodies and errors, and the copy the UI's types are
//! generated from (`ui/src/lib/api/openapi.json`) is kept equal to it.

mod common;

use std::path::Path;

use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const GENERATED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/ui/src/lib/api/openapi.json");

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

fn document() -> Value {
    serde_json::from_str(&ledgerline::cli::openapi_json()).expect("the document is JSON")
}

/// Every (method, path, operation) of the document.
fn operations(document: &Value) -> Vec<(&'static str, String, Value)> {
    let paths = document["paths"].as_object().expect("paths");
    let mut found = Vec::new();
    for (path, item) in paths {
        for method in METHODS {
            if let Some(operation) = item.get(method) {
                found.push((method, path.clone(), operation.clone()));
            }
        }
    }
    found
}

#[test]
fn the_checked_in_openapi_json_is_the_document() {
    let expected = ledgerline::cli::openapi_json();

    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::write(GENERATED, &expected).expect("ui/src/lib/api/openapi.json is writable");
        return;
    }

    let stale = "ui/src/lib/api/openapi.json is out of date with the server's OpenAPI \
                 document; regenerate it and the UI's types with `cd ui && npm run gen:api`";
    let on_disk = std::fs::read_to_string(GENERATED)
        .unwrap_or_else(|e| panic!("cannot read {GENERATED} ({e}); {stale}"));
    let on_disk: Value = serde_json::from_str(&on_disk)
        .unwrap_or_else(|e| panic!("{GENERATED} is not JSON ({e}); {stale}"));
    let expected: Value = serde_json::from_str(&expected).expect("the document is JSON");
    assert!(on_disk == expected, "{stale}");
}

#[test]
fn every_success_response_has_a_body_schema_or_is_204() {
    let document = document();
    let mut missing = Vec::new();
    for (method, path, operation) in operations(&document) {
        let responses = operation["responses"].as_object().expect("responses");
        let successes: Vec<_> = responses
            .iter()
            .filter(|(s, _)| s.starts_with('2'))
            .collect();
        assert!(
            !successes.is_empty(),
            "{method} {path} has no success response"
        );
        for (status, response) in successes {
            let described = response["content"]
                .as_object()
                .is_some_and(|c| c.values().all(|m| m.get("schema").is_some()) && !c.is_empty());
            if status != "204" && !described {
                missing.push(format!("{method} {path} {status}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "success responses without a body schema:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_error_response_has_the_shared_error_body() {
    let document = document();
    for (method, path, operation) in operations(&document) {
        for (status, response) in operation["responses"].as_object().expect("responses") {
            if !(status.starts_with('4') || status.starts_with('5')) || status == "503" {
                continue;
            }
            let schema = &response["content"]["application/json"]["schema"]["$ref"];
            let expected = if status == "400" {
                "#/components/schemas/ValidationError"
            } else {
                "#/components/schemas/ErrorDetail"
            };
            assert_eq!(schema, expected, "{method} {path} {status}");
        }
    }
    let schemas = &document["components"]["schemas"];
    assert_eq!(
        schemas["ErrorDetail"]["required"],
        serde_json::json!(["code", "detail"])
    );
    assert_eq!(
        schemas["NonFieldErrors"]["required"],
        serde_json::json!(["non_field_errors"])
    );
    assert_eq!(
        schemas["FieldErrors"]["additionalProperties"]["type"],
        "array"
    );
}

#[test]
fn every_path_parameter_is_declared() {
    let document = document();
    for (method, path, operation) in operations(&document) {
        let declared: Vec<&str> = operation["parameters"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .filter(|p| p["in"] == "path")
                    .filter_map(|p| p["name"].as_str())
                    .collect()
            })
            .unwrap_or_default();
        let in_path: Vec<&str> = path
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect();
        let mut sorted = declared.clone();
        sorted.sort_unstable();
        let mut expected = in_path.clone();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "{method} {path}");
    }
}

#[test]
fn every_operation_id_is_unique() {
    let document = document();
    let mut seen = std::collections::BTreeMap::new();
    for (method, path, operation) in operations(&document) {
        let id = operation["operationId"]
            .as_str()
            .expect("operationId")
            .to_owned();
        if let Some(other) = seen.insert(id.clone(), format!("{method} {path}")) {
            panic!("{id} names both {other} and {method} {path}");
        }
    }
}

#[test]
fn every_path_is_under_api_v1() {
    for (method, path, _) in operations(&document()) {
        assert!(path.starts_with("/api/v1/"), "{method} {path}");
    }
}

/// Axum cannot list a router's routes, so what is mounted outside the document is found
/// where it would be written: a `.route(`, `.route_service(`, `.nest(` or `.nest_service(`
/// call. Routes are mounted through `routes!` (which documents them); the only other
/// routes are the document itself, the JSON 404 for unknown API paths and the UI's
/// hashed files (`ui_files`), which are no API.
#[test]
fn no_route_is_mounted_outside_the_document() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["src", "api-core/src", "command-api/src", "query-api/src"] {
        collect_rust_files(&root.join(dir), &mut files);
    }
    let mut undocumented = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source is readable");
        for call in [".route(", ".route_service(", ".nest(", ".nest_service("] {
            for (at, _) in text.match_indices(call) {
                let argument = text[at + call.len()..].trim_start();
                let allowed = ["OPENAPI_PATH,", "\"/api/{*rest}\",", "ASSETS_PATH,"];
                if !allowed.iter().any(|a| argument.starts_with(a)) {
                    let line = text[..at].lines().count();
                    undocumented.push(format!("{}:{line}", file.display()));
                }
            }
        }
    }
    assert!(
        undocumented.is_empty(),
        "routes mounted without `routes!` (so missing from the OpenAPI document):\n{}",
        undocumented.join("\n")
    );
    assert!(document()["paths"]
        .get(ledgerline::server::OPENAPI_PATH)
        .is_some());
}

fn collect_rust_files(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("directory is readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            collect_rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// DESIGN.md §6: money travels as decimal strings. Every amount of every schema is the
/// `Money` component (a string with a decimal pattern), never a JSON number.
#[test]
fn money_is_a_decimal_string_in_every_schema() {
    const AMOUNTS: [&str; 12] = [
        "debit",
        "credit",
        "balance",
        "amount",
        "total_debit",
        "total_credit",
        "opening_balance",
        "closing_balance",
        "cash_position",
        "net_income",
        "materiality",
        "performance_materiality",
    ];
    let document = document();
    let money = &document["components"]["schemas"]["Money"];
    assert_eq!(money["type"], "string");
    assert!(money["pattern"].as_str().is_some_and(|p| p.contains(r"\d")));
    let mut checked = 0;
    for (name, schema) in document["components"]["schemas"]
        .as_object()
        .expect("schemas")
    {
        let Some(properties) = schema["properties"].as_object() else {
            continue;
        };
        for (field, property) in properties {
            if !AMOUNTS.contains(&field.as_str()) {
                continue;
            }
            // A statement's `Figure` (amount, comparison, change) is itself a schema of
            // Money fields, checked in this same loop.
            let text = property.to_string();
            assert!(
                text.contains("#/components/schemas/Money")
                    || text.contains("#/components/schemas/Figure"),
                "{name}.{field} is not Money: {text}"
            );
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} amounts found");
}

async fn every_documented_operation_is_mounted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let document = document();

    for (method, path, _) in operations(&document) {
        let concrete = path
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    "00000000-0000-0000-0000-000000000000"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
        let reply = app.call(method.clone(), &concrete, None, None).await;
        assert_ne!(reply.status, 405, "{method} {path} is not mounted");
        assert_ne!(
            reply.body["detail"], "No such API route.",
            "{method} {path} is not mounted"
        );
    }
    app.stop().await;
}

/// Called without a token, an operation answers 401 exactly when the document says it
/// needs the bearer token (and documents that 401); the open ones (`security: [{}]`) do
/// not.
async fn an_operation_answers_401_without_a_token_exactly_when_its_document_asks_for_one(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let document = document();
    let mut wrong = Vec::new();
    let mut open = 0;

    for (method, path, operation) in operations(&document) {
        let needs_token = operation["security"] == json!([{"bearer": []}]);
        let documents_401 = operation["responses"].get("401").is_some();
        let concrete = path
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    "00000000-0000-0000-0000-000000000000"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        let body = matches!(method, "post" | "put" | "patch").then(|| json!({}));
        let verb = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("method");
        let reply = app.call(verb, &concrete, None, body).await;
        let answered_401 = reply.status == 401;
        if !needs_token {
            open += 1;
            assert_eq!(
                operation["security"],
                json!([{}]),
                "{method} {path}: neither open nor bearer"
            );
        }
        if answered_401 != needs_token || (needs_token && !documents_401) {
            wrong.push(format!(
                "{method} {path}: answered {} without a token; document: security {}, 401 {}",
                reply.status, operation["security"], documents_401
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(
        (10..40).contains(&open),
        "{open} operations are open to anyone"
    );
    assert_eq!(
        document["components"]["securitySchemes"]["bearer"]["scheme"],
        "bearer"
    );
    app.stop().await;
}

async fn the_served_document_is_the_generated_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let reply = app.read(ledgerline::server::OPENAPI_PATH, None).await;

    assert_eq!(reply.status, 200);
    assert_eq!(reply.body, document());
    app.stop().await;
}

backend_tests!(
    every_documented_operation_is_mounted,
    an_operation_answers_401_without_a_token_exactly_when_its_document_asks_for_one,
    the_served_document_is_the_generated_one,
);
