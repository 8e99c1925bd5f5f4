use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

/// The chain key of events that belong to no workspace (users, organizations before they
/// own a workspace): they form one chain of their own.
pub const GLOBAL_CHAIN: &str = "global";

/// Keys of the metadata object every event carries. Values are strings (cqrs-es metadata
/// is a string map); absent keys mean "not applicable", never "unknown".
pub mod metadata_keys {
    pub const ACTOR_ID: &str = "actor_id";
    pub const ORGANIZATION_ID: &str = "organization_id";
    pub const WORKSPACE_ID: &str = "workspace_id";
    pub const CORRELATION_ID: &str = "correlation_id";
    pub const CAUSATION_ID: &str = "causation_id";
    pub const REQUEST_ID: &str = "request_id";
}

/// Typed builder for the metadata map, so call sites can't misspell a key.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMetadata {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organization_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workspace_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correlation_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub causation_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

impl EventMetadata {
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Object(Default::default()))
    }

    /// The cqrs-es form: a string map.
    pub fn to_map(&self) -> std::collections::HashMap<String, String> {
        match self.to_value() {
            Value::Object(map) => map
                .into_iter()
                .filter_map(|(k, v)| v.as_str().map(|s| (k, s.to_owned())))
                .collect(),
            _ => Default::default(),
        }
    }
}

/// Where a reader stands in the log. On SQLite `tx` is always 0 and `position` alone orders
/// the log; on Postgres the log is read in (`tx`, `position`) order — see `backend::postgres`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Cursor {
    pub tx: i64,
    pub position: i64,
}

impl Cursor {
    pub const START: Cursor = Cursor { tx: 0, position: 0 };
}

/// An event about to be appended. `sequence` is the event's 1-based index in its aggregate
/// stream; the append fails if the stream already has it (optimistic concurrency).
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: Value,
    pub metadata: Value,
}

impl NewEvent {
    /// `event` as the `sequence`-th event of stream `aggregate_type`/`aggregate_id`: the
    /// row cqrs-es would write, for events appended without an aggregate framework (facts
    /// that need no state, and commands decided on a read model's version).
    pub fn of<E: cqrs_es::DomainEvent>(
        aggregate_type: &str,
        aggregate_id: &str,
        sequence: i64,
        event: &E,
        metadata: &EventMetadata,
    ) -> Result<Self, serde_json::Error> {
        Ok(Self {
            aggregate_type: aggregate_type.to_owned(),
            aggregate_id: aggregate_id.to_owned(),
            sequence,
            event_type: event.event_type(),
            event_version: event.event_version(),
            payload: serde_json::to_value(event)?,
            metadata: metadata.to_value(),
        })
    }

    /// The hash chain this event extends: its workspace, or the global chain.
    pub fn chain_key(&self) -> String {
        self.metadata
            .get(metadata_keys::WORKSPACE_ID)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .unwrap_or(GLOBAL_CHAIN)
            .to_owned()
    }
}

/// An event as stored: the appended content plus what the store assigned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedEvent {
    pub global_position: i64,
    /// Postgres transaction id (xid8) of the append; 0 on SQLite.
    pub tx_id: i64,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: StoredJson,
    pub metadata: StoredJson,
    /// Server time of the append, microseconds since the Unix epoch (UTC).
    pub recorded_at: i64,
    /// The hash chain (workspace id or `global`) and this event's 1-based index in it.
    pub chain: String,
    pub chain_seq: i64,
    pub prev_hash: String,
    pub hash: String,
}

impl RecordedEvent {
    pub fn cursor(&self) -> Cursor {
        Cursor {
            tx: self.tx_id,
            position: self.global_position,
        }
    }

    /// The whole metadata, decoded once: for code that needs several of its keys.
    pub fn metadata_fields(&self) -> EventMetadata {
        self.metadata.decode().unwrap_or_default()
    }

    /// The metadata string under `key` (see [`metadata_keys`]).
    pub fn metadata_str(&self, key: &str) -> Option<String> {
        self.metadata.str_field(key)
    }

    /// The workspace the event belongs to. Read from its chain, which the append took from
    /// the metadata's `workspace_id` (the global chain when it has none), so no parse.
    pub fn workspace_id(&self) -> Option<&str> {
        Some(self.chain.as_str()).filter(|chain| *chain != GLOBAL_CHAIN)
    }

    pub fn recorded_at_utc(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::from_timestamp_micros(self.recorded_at).unwrap_or_default()
    }
}

/// A recorded event's payload or metadata, kept as the JSON text the log stores rather
/// than parsed.
///
/// Why: readers of the log (projector rebuilds, the relay, exports) move events by the
/// million, and most of them either decode the payload straight into a typed event or
/// never look inside it. Parsing every payload and metadata into `serde_json::Value` trees
/// first cost more than reading the rows. The text is exactly what the append stored
/// (compact, keys sorted — `Value::to_string`), so it also hashes as appended.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct StoredJson(Box<RawValue>);

impl StoredJson {
    /// The stored JSON text.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    /// Decodes the document into `T` without an intermediate `Value`.
    pub fn decode<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }

    /// The document as a `Value` tree, for code that rewrites it (upcasters) or looks
    /// fields up by name.
    pub fn value(&self) -> Result<Value, serde_json::Error> {
        self.decode()
    }

    /// The string field `key` of an object; `None` when absent or not a string.
    pub fn str_field(&self, key: &str) -> Option<String> {
        match self.value().ok()? {
            Value::Object(mut fields) => match fields.remove(key)? {
                Value::String(text) => Some(text),
                _ => None,
            },
            _ => None,
        }
    }
}

/// Equal when the stored texts are equal: the store writes one canonical text per value.
impl PartialEq for StoredJson {
    fn eq(&self, other: &Self) -> bool {
        self.json() == other.json()
    }
}
