//! JSON Schemas of every event version, generated from the Rust types and committed under
//! `schemas/<aggregate>/<event_type>.v<version>.json`, so other languages, reviewers and
//! the relay's consumers read the contract without reading Rust. The test
//! `tests/schemas.rs` fails when the committed files differ from what the types generate;
//! `UPDATE_SCHEMAS=1 cargo test -p event-schemas --test schemas` rewrites them.

use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};

use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

use crate::contract::aggregates;

/// The schema of one event version: its payload struct's schema plus the `type` tag that
/// the event enum's `#[serde(tag = "type")]` adds when it is written. Generated for the
/// serialize contract: the schema describes what is stored, so an `Option` field is
/// required (written as `null` when absent).
pub fn tagged_schema<T: JsonSchema>(event_type: &str) -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>();
    let object = schema.ensure_object();
    object.insert("title".into(), Value::String(event_type.into()));
    let tag = serde_json::json!({ "type": "string", "const": tag_of(event_type) });
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        properties.insert("type".into(), tag);
    }
    match object.get_mut("required") {
        Some(Value::Array(required)) => required.insert(0, Value::String("type".into())),
        _ => {
            object.insert("required".into(), serde_json::json!(["type"]));
        }
    }
    schema
}

/// The serde tag of an event type: `OrganizationCreated` → `organization_created`, the
/// same rule as `#[serde(rename_all = "snake_case")]` on the event enums.
pub fn tag_of(event_type: &str) -> String {
    let mut tag = String::with_capacity(event_type.len() + 4);
    for (i, c) in event_type.char_indices() {
        if c.is_uppercase() {
            if i > 0 {
                tag.push('_');
            }
            tag.extend(c.to_lowercase());
        } else {
            tag.push(c);
        }
    }
    tag
}

/// Every schema file the types generate: (path relative to `schemas/`, file content).
pub fn render() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for aggregate in aggregates() {
        for version in (aggregate.versions)() {
            let schema = (version.schema)();
            // Pretty-printing a `Value` cannot fail; the fallback only satisfies the type.
            let text = serde_json::to_string_pretty(schema.as_value()).unwrap_or_default();
            files.push((
                Path::new(aggregate.name).join(version.file_name()),
                format!("{text}\n"),
            ));
        }
    }
    files
}

/// How the committed schemas under `root` differ from [`render`]: one line per missing,
/// outdated or unexpected file. Empty when they are up to date.
pub fn check(root: &Path) -> io::Result<Vec<String>> {
    let mut problems = Vec::new();
    let rendered = render();
    for (path, text) in &rendered {
        match std::fs::read_to_string(root.join(path)) {
            Ok(committed) if committed == *text => {}
            Ok(_) => problems.push(format!("{} is outdated", path.display())),
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                problems.push(format!("{} is missing", path.display()));
            }
            Err(err) => return Err(err),
        }
    }
    let expected: BTreeSet<&PathBuf> = rendered.iter().map(|(path, _)| path).collect();
    for path in committed_files(root)? {
        if !expected.contains(&path) {
            problems.push(format!(
                "{} names no listed event version (old versions stay listed forever)",
                path.display()
            ));
        }
    }
    Ok(problems)
}

/// Writes every rendered schema under `root` and removes the files no event version names.
pub fn write(root: &Path) -> io::Result<()> {
    let rendered = render();
    for (path, text) in &rendered {
        let full = root.join(path);
        if let Some(parent) = full.parent() {
            std::fs::create_dir_all(parent)?;
        }
        std::fs::write(full, text)?;
    }
    let expected: BTreeSet<&PathBuf> = rendered.iter().map(|(path, _)| path).collect();
    for path in committed_files(root)? {
        if !expected.contains(&path) {
            std::fs::remove_file(root.join(path))?;
        }
    }
    Ok(())
}

/// The `*.json` files one level below `root`'s aggregate folders, relative to `root`.
fn committed_files(root: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    if !root.exists() {
        return Ok(files);
    }
    for dir in std::fs::read_dir(root)? {
        let dir = dir?;
        if !dir.file_type()?.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(dir.path())? {
            let file = file?;
            let name = file.file_name();
            if Path::new(&name)
                .extension()
                .is_some_and(|ext| ext == "json")
            {
                files.push(Path::new(&dir.file_name()).join(name));
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_of_an_event_type_is_its_snake_case() {
        assert_eq!(tag_of("OrganizationCreated"), "organization_created");
        assert_eq!(tag_of("WorkspaceDeleted"), "workspace_deleted");
    }
}
