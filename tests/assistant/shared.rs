//! Helpers shared by the question files.

use serde_json::Value;

/// A period's bounds as the answer's figure states them.
pub fn span_of(figure: &Value) -> (String, String) {
    (
        figure["from"].as_str().unwrap_or("").to_owned(),
        figure["to"].as_str().unwrap_or("").to_owned(),
    )
}

/// Whether the answer cites a source of `kind` read at a log position.
pub fn has_source(answer: &Value, kind: &str) -> bool {
    answer["sources"]
        .as_array()
        .expect("sources")
        .iter()
        .any(|s| s["kind"] == kind && s["log_position"].as_i64().unwrap_or(0) > 0)
}

/// The id of the account with `code` in the nested tree.
pub fn find_code(tree: &Value, code: &str) -> Option<String> {
    match tree {
        Value::Array(items) => items.iter().find_map(|i| find_code(i, code)),
        Value::Object(map) => {
            if map.get("account_code").and_then(Value::as_str) == Some(code) {
                return map
                    .get("id")
                    .or_else(|| map.get("account_id"))
                    .and_then(Value::as_str)
                    .map(str::to_owned);
            }
            map.values().find_map(|v| find_code(v, code))
        }
        _ => None,
    }
}
