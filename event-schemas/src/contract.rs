//! The catalogue of event contracts: every aggregate's events, every version of each that
//! was ever written, their upcasters, and where their committed JSON Schemas and golden
//! fixtures live. The schema and fixture tests walk this catalogue, so a new aggregate or
//! a new event version is checked the moment it is listed here.

use std::path::{Path, PathBuf};

use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use cqrs_es::DomainEvent;
use schemars::{JsonSchema, Schema};
use serde_json::Value;

use crate::schemas::tagged_schema;

/// A payload struct of one event version: names its `event_type` and `event_version`
/// once, for the event enum's `DomainEvent` impl, the catalogue and the schema alike.
pub trait EventPayload: JsonSchema {
    /// Past tense, PascalCase; never changes once written.
    const EVENT_TYPE: &'static str;
    /// `"<major>.<minor>"`; a reshaped payload is a new version with an upcaster.
    const EVENT_VERSION: &'static str;
}

/// One version of one event type, as it is (or was once) written to the log.
#[derive(Debug, Clone, Copy)]
pub struct EventVersion {
    /// cqrs-es's `event_type` column: past tense, PascalCase (`OrganizationCreated`).
    pub event_type: &'static str,
    /// cqrs-es's `event_version` column (`"1.0"`, `"2.0"`).
    pub event_version: &'static str,
    /// Whether today's code writes this version. Older versions are only ever read, through
    /// the aggregate's upcasters, and stay listed forever: the log still holds them.
    pub current: bool,
    /// The JSON Schema of the payload as written at this version.
    pub schema: fn() -> Schema,
}

impl EventVersion {
    /// The version of `T` today's code writes.
    pub fn current<T: EventPayload>() -> Self {
        Self {
            event_type: T::EVENT_TYPE,
            event_version: T::EVENT_VERSION,
            current: true,
            schema: schema_of::<T>,
        }
    }

    /// A version of `T`'s event type that was once written and is now only upcast.
    pub fn superseded<T: EventPayload>() -> Self {
        Self {
            current: false,
            ..Self::current::<T>()
        }
    }

    /// `<event_type>.v<version>.json`: the file name of both its schema and its fixture.
    pub fn file_name(&self) -> String {
        format!("{}.v{}.json", self.event_type, self.event_version)
    }
}

fn schema_of<T: EventPayload>() -> Schema {
    tagged_schema::<T>(T::EVENT_TYPE)
}

/// An event payload decoded into today's event type and encoded again.
#[derive(Debug, Clone, PartialEq)]
pub struct DecodedEvent {
    pub event_type: String,
    pub event_version: String,
    /// The payload today's code would write for the same event.
    pub payload: Value,
}

/// Everything the contract tests need to know about one aggregate's events.
pub struct AggregateContract {
    /// The folder under `schemas/` and `fixtures/` (snake_case).
    pub name: &'static str,
    /// cqrs-es's `aggregate_type` column (`Aggregate::TYPE`).
    pub aggregate_type: &'static str,
    /// Every version of every event type ever written, current ones included.
    pub versions: fn() -> Vec<EventVersion>,
    /// The upcasters that lift every old version to the current one.
    pub upcasters: fn() -> Vec<Box<dyn EventUpcaster>>,
    /// Deserializes a current-version payload into the aggregate's event enum.
    pub decode: fn(Value) -> Result<DecodedEvent, serde_json::Error>,
    /// The schema of the whole event enum, which names every variant's tag: the tests use
    /// it to prove that each variant has a current version listed in `versions`.
    pub enum_schema: fn() -> Schema,
}

/// Every aggregate whose events are contracts. Add new aggregates here.
pub fn aggregates() -> Vec<AggregateContract> {
    vec![
        crate::organization::contract(),
        crate::account_tree::contract(),
        crate::journal_entry::contract(),
        crate::notification::contract(),
        crate::announcement::contract(),
        crate::inbox::contract(),
        crate::audit_session::contract(),
        crate::audit_shared_view::contract(),
        crate::continuous_audit::contract(),
        crate::user_activity::contract(),
        crate::subscription::contract(),
        crate::wallet::contract(),
        crate::report::contract(),
        crate::read_model::contract(),
        crate::journal_import::contract(),
        crate::payroll::employee::contract(),
        crate::payroll::settings::contract(),
        crate::payroll::pay_run::contract(),
        crate::fixed_asset::asset::contract(),
        crate::fixed_asset::run::contract(),
        crate::debt::contract(),
        crate::document::contract(),
        crate::assistant::contract(),
        crate::document_storage::contract(),
    ]
}

/// Decodes `payload` as the event enum `E` and re-encodes it: the `decode` of a contract.
pub fn decode_as<E: DomainEvent>(payload: Value) -> Result<DecodedEvent, serde_json::Error> {
    let event: E = serde_json::from_value(payload)?;
    Ok(DecodedEvent {
        event_type: event.event_type(),
        event_version: event.event_version(),
        payload: serde_json::to_value(&event)?,
    })
}

/// Runs `event` through `upcasters` exactly as cqrs-es's `PersistedEventStore` does when it
/// loads events (its own fold is crate-private): each upcaster, in order, that claims the
/// event's type and version rewrites it.
pub fn upcast(event: SerializedEvent, upcasters: &[Box<dyn EventUpcaster>]) -> SerializedEvent {
    upcasters.iter().fold(event, |event, upcaster| {
        if upcaster.can_upcast(&event.event_type, &event.event_version) {
            upcaster.upcast(event)
        } else {
            event
        }
    })
}

/// An upcaster that lifts one event type from exactly one version to the next. Steps for
/// the same type are listed oldest first and chain (1.0 → 2.0 → 3.0) because cqrs-es
/// applies upcasters in order. Unlike cqrs-es's `SemanticVersionEventUpcaster` it claims
/// only the version it was written for, so a version that was never written is not
/// silently lifted, and the version it writes is spelled exactly as today's code spells it.
pub struct UpcastStep {
    pub event_type: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    /// Rewrites a `from` payload into the `to` shape. Total: it never fails, so a payload
    /// it cannot make sense of passes on and fails deserialization with serde's message.
    pub lift: fn(Value) -> Value,
}

impl EventUpcaster for UpcastStep {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        event_type == self.event_type && event_version == self.from
    }

    fn upcast(&self, event: SerializedEvent) -> SerializedEvent {
        SerializedEvent {
            event_version: self.to.to_owned(),
            payload: (self.lift)(event.payload),
            ..event
        }
    }
}

/// This crate's folder in the source tree; the committed schemas and fixtures live under
/// it. A compile-time path on purpose: only tests and developer tools read these files.
pub fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `event-schemas/schemas`: one JSON Schema per event version, generated and committed.
pub fn schemas_dir() -> PathBuf {
    crate_dir().join("schemas")
}

/// `event-schemas/fixtures`: one stored payload per event version ever written, kept
/// forever so every old version is proven to load.
pub fn fixtures_dir() -> PathBuf {
    crate_dir().join("fixtures")
}

/// The path of the golden fixture of `version` of an event of `aggregate`.
pub fn fixture_path(aggregate: &str, version: &EventVersion) -> PathBuf {
    fixtures_dir().join(aggregate).join(version.file_name())
}
