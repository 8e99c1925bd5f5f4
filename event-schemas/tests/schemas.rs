//! The committed JSON Schemas are exactly what the event types generate, and every event
//! type follows the naming contract. `UPDATE_SCHEMAS=1` rewrites the committed files.

use std::collections::BTreeSet;

use event_schemas::contract::schemas_dir;
use event_schemas::schemas::{check, render, tag_of, write};
use event_schemas::{aggregates, EventVersion};
use serde_json::Value;

#[test]
fn the_committed_schemas_match_the_event_types() {
    let root = schemas_dir();
    if std::env::var_os("UPDATE_SCHEMAS").is_some_and(|v| v == "1") {
        write(&root).expect("write schemas");
    }

    let problems = check(&root).expect("read committed schemas");

    assert!(
        problems.is_empty(),
        "committed schemas are stale — run `UPDATE_SCHEMAS=1 cargo test -p event-schemas \
         --test schemas` and commit the result:\n{}",
        problems.join("\n")
    );
}

#[test]
fn every_event_version_ever_written_has_a_schema_file() {
    let rendered: BTreeSet<String> = render()
        .into_iter()
        .map(|(path, _)| path.display().to_string())
        .collect();

    for aggregate in aggregates() {
        for version in (aggregate.versions)() {
            let path = format!("{}/{}", aggregate.name, version.file_name());
            assert!(rendered.contains(&path), "{path} is not rendered");
        }
    }
}

/// Every tag (`"type"` const) anywhere in a schema.
fn tags_in(value: &Value, tags: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(tag) = map
                .get("properties")
                .and_then(|p| p.get("type"))
                .and_then(|t| t.get("const"))
                .and_then(Value::as_str)
            {
                tags.insert(tag.to_owned());
            }
            map.values().for_each(|v| tags_in(v, tags));
        }
        Value::Array(items) => items.iter().for_each(|v| tags_in(v, tags)),
        _ => {}
    }
}

#[test]
fn every_variant_of_an_event_enum_has_exactly_one_current_version_listed() {
    for aggregate in aggregates() {
        let mut enum_tags = BTreeSet::new();
        tags_in((aggregate.enum_schema)().as_value(), &mut enum_tags);
        let current: Vec<EventVersion> = (aggregate.versions)()
            .into_iter()
            .filter(|v| v.current)
            .collect();
        let listed: BTreeSet<String> = current.iter().map(|v| tag_of(v.event_type)).collect();

        assert_eq!(enum_tags, listed, "{}", aggregate.name);
        assert_eq!(
            listed.len(),
            current.len(),
            "{}: one current version per type",
            aggregate.name
        );
    }
}

#[test]
fn event_types_are_pascal_case_and_unique_across_aggregates() {
    // Upcasters match on the event type alone, so a type name shared by two aggregates
    // would let one aggregate's upcaster rewrite the other's events.
    let mut owner = std::collections::BTreeMap::new();
    for aggregate in aggregates() {
        for version in (aggregate.versions)() {
            let name = version.event_type;
            assert!(
                name.chars().next().is_some_and(char::is_uppercase)
                    && name.chars().all(char::is_alphanumeric),
                "{name} is not PascalCase"
            );
            let first = owner.entry(name).or_insert(aggregate.name);
            assert_eq!(*first, aggregate.name, "{name} belongs to two aggregates");
        }
    }
}

#[test]
fn event_versions_are_major_dot_minor_and_listed_once() {
    for aggregate in aggregates() {
        let versions = (aggregate.versions)();
        let mut seen = BTreeSet::new();
        for version in &versions {
            let parts: Vec<&str> = version.event_version.split('.').collect();
            assert!(
                parts.len() == 2 && parts.iter().all(|p| p.parse::<u32>().is_ok()),
                "{} has version {:?}",
                version.event_type,
                version.event_version
            );
            assert!(
                seen.insert(version.file_name()),
                "{} listed twice",
                version.file_name()
            );
        }
    }
}
