//! Golden fixtures: one stored payload for every event version ever written, under
//! `fixtures/<aggregate>/<event_type>.v<version>.json`. Each loads forever: through the
//! upcasters into today's event type. A fixture is never edited or deleted once
//! committed — it is what the log holds.

use std::collections::BTreeMap;

use cqrs_es::persist::SerializedEvent;
use event_schemas::contract::{fixture_path, fixtures_dir};
use event_schemas::journal_entry::JournalEntryEvent;
use event_schemas::organization::{OrganizationCreated, OrganizationEvent};
use event_schemas::{aggregates, upcast, AggregateContract, EventVersion};
use rust_decimal::Decimal;
use serde_json::{json, Value};

struct Fixture {
    aggregate: &'static str,
    version: EventVersion,
    payload: Value,
}

fn read(aggregate: &AggregateContract, version: &EventVersion) -> Value {
    let path = fixture_path(aggregate.name, version);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("golden fixture {} is missing: {err}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn all_fixtures() -> Vec<Fixture> {
    let mut fixtures = Vec::new();
    for aggregate in aggregates() {
        for version in (aggregate.versions)() {
            fixtures.push(Fixture {
                aggregate: aggregate.name,
                payload: read(&aggregate, &version),
                version,
            });
        }
    }
    fixtures
}

fn contract(name: &str) -> AggregateContract {
    aggregates()
        .into_iter()
        .find(|a| a.name == name)
        .expect("listed aggregate")
}

/// Today's version of each event type of an aggregate.
fn current_versions(aggregate: &AggregateContract) -> BTreeMap<&'static str, EventVersion> {
    (aggregate.versions)()
        .into_iter()
        .filter(|v| v.current)
        .map(|v| (v.event_type, v))
        .collect()
}

fn stored(
    aggregate: &AggregateContract,
    version: &EventVersion,
    payload: Value,
) -> SerializedEvent {
    SerializedEvent::new(
        "fixture".into(),
        1,
        aggregate.aggregate_type.into(),
        version.event_type.into(),
        version.event_version.into(),
        payload,
        json!({}),
    )
}

/// The shape check a JSON Schema validator would make at the top level: every required
/// field is there, no field the schema does not name, and the tag is the schema's.
fn shape_problems(payload: &Value, version: &EventVersion) -> Vec<String> {
    let schema = (version.schema)();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let fields = payload.as_object().cloned().unwrap_or_default();
    let mut problems = Vec::new();
    for name in required {
        if !fields.contains_key(name) {
            problems.push(format!("missing required field `{name}`"));
        }
    }
    for name in fields.keys() {
        if !properties.contains_key(name) {
            problems.push(format!("field `{name}` is not in the schema"));
        }
    }
    let tag = properties.get("type").and_then(|t| t.get("const"));
    if fields.get("type") != tag {
        problems.push(format!(
            "tag {:?} is not the schema's {tag:?}",
            fields.get("type")
        ));
    }
    problems
}

#[test]
fn every_event_version_ever_written_has_a_golden_fixture() {
    for aggregate in aggregates() {
        for version in (aggregate.versions)() {
            let path = fixture_path(aggregate.name, &version);
            assert!(
                path.is_file(),
                "golden fixture {} is missing",
                path.display()
            );
        }
    }
}

#[test]
fn every_fixture_file_names_a_listed_event_version() {
    for aggregate in aggregates() {
        let listed: Vec<String> = (aggregate.versions)()
            .iter()
            .map(EventVersion::file_name)
            .collect();
        let dir = fixtures_dir().join(aggregate.name);
        for entry in std::fs::read_dir(&dir).expect("fixture folder") {
            let name = entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned();
            assert!(
                listed.contains(&name),
                "{}/{name} names no listed event version",
                aggregate.name
            );
        }
    }
}

#[test]
fn every_fixture_loads_through_the_upcasters_as_the_current_version_of_its_type() {
    for fixture in all_fixtures() {
        let aggregate = contract(fixture.aggregate);
        let current = current_versions(&aggregate);
        let upcasters = (aggregate.upcasters)();
        let name = format!("{}/{}", fixture.aggregate, fixture.version.file_name());

        let lifted = upcast(
            stored(&aggregate, &fixture.version, fixture.payload),
            &upcasters,
        );
        let decoded = (aggregate.decode)(lifted.payload)
            .unwrap_or_else(|err| panic!("{name} no longer loads: {err}"));

        let today = current
            .get(fixture.version.event_type)
            .unwrap_or_else(|| panic!("{name}: its event type has no current version"));
        assert_eq!(
            lifted.event_version, today.event_version,
            "{name}: upcast version"
        );
        assert_eq!(
            (decoded.event_type.as_str(), decoded.event_version.as_str()),
            (today.event_type, today.event_version),
            "{name}: decoded as another event"
        );
    }
}

#[test]
fn a_current_version_fixture_is_written_back_exactly_as_stored() {
    for fixture in all_fixtures().into_iter().filter(|f| f.version.current) {
        let aggregate = contract(fixture.aggregate);

        let decoded = (aggregate.decode)(fixture.payload.clone()).expect("decode");

        assert_eq!(
            decoded.payload,
            fixture.payload,
            "{}: today's code writes a different payload",
            fixture.version.file_name()
        );
    }
}

#[test]
fn every_fixture_has_exactly_the_fields_of_its_versions_schema() {
    for fixture in all_fixtures() {
        let problems = shape_problems(&fixture.payload, &fixture.version);

        assert!(
            problems.is_empty(),
            "{}: {problems:?}",
            fixture.version.file_name()
        );
    }
}

#[test]
fn every_upcast_fixture_has_exactly_the_fields_of_the_current_schema() {
    for fixture in all_fixtures().into_iter().filter(|f| !f.version.current) {
        let aggregate = contract(fixture.aggregate);
        let today = current_versions(&aggregate)[fixture.version.event_type];

        let lifted = upcast(
            stored(&aggregate, &fixture.version, fixture.payload),
            &(aggregate.upcasters)(),
        );

        let problems = shape_problems(&lifted.payload, &today);
        assert!(
            problems.is_empty(),
            "{}: {problems:?}",
            fixture.version.file_name()
        );
    }
}

#[test]
fn a_v1_organization_created_loads_with_no_location_and_everything_else_kept() {
    let aggregate = contract("organization");
    let v1 = (aggregate.versions)()
        .into_iter()
        .find(|v| v.event_type == "OrganizationCreated" && v.event_version == "1.0")
        .expect("v1.0 stays listed");
    let payload = read(&aggregate, &v1);

    let lifted = upcast(
        stored(&aggregate, &v1, payload.clone()),
        &(aggregate.upcasters)(),
    );
    let event: OrganizationEvent = serde_json::from_value(lifted.payload).expect("load");

    let OrganizationEvent::OrganizationCreated(OrganizationCreated {
        name,
        slug,
        email,
        location,
        ..
    }) = event
    else {
        panic!("decoded as {event:?}");
    };
    assert_eq!(location, None);
    assert_eq!(
        (name.as_str(), slug.as_str(), email.as_str()),
        (
            payload["name"].as_str().unwrap_or_default(),
            payload["slug"].as_str().unwrap_or_default(),
            payload["email"].as_str().unwrap_or_default()
        )
    );
}

#[test]
fn a_posted_journal_entry_fixture_loads_its_amounts_as_exact_decimals() {
    let aggregate = contract("journal_entry");
    let posted = (aggregate.versions)()
        .into_iter()
        .find(|v| v.event_type == "JournalEntryPosted" && v.event_version == "1.0")
        .expect("v1.0 stays listed");

    let event: JournalEntryEvent = serde_json::from_value(read(&aggregate, &posted)).expect("load");

    let JournalEntryEvent::JournalEntryPosted(entry) = event else {
        panic!("decoded as {event:?}");
    };
    let debits: Decimal = entry.lines.iter().map(|l| l.debit).sum();
    let credits: Decimal = entry.lines.iter().map(|l| l.credit).sum();
    assert_eq!(debits, credits);
    assert_eq!(entry.total.to_string(), "185000.50");
    assert_eq!(entry.entry_number, "JE-000042");
}
