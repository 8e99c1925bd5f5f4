//! The tamper-evidence chain. Each event's hash covers the previous event's hash in the same
//! chain and the event's own canonical content, so altering, removing or reordering any
//! stored event breaks every later hash of its chain.
//!
//! Canonical content is a JSON array of the fields in a fixed order; objects inside serialize
//! with sorted keys (serde_json's default map is ordered), so the same event always hashes
//! the same on every backend. The global position is deliberately not covered: an
//! export→import into another store keeps every hash.

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// The `prev_hash` of the first event of every chain.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The fields a hash covers, borrowed from either a new or a recorded event.
pub struct HashedContent<'a> {
    pub chain: &'a str,
    pub chain_seq: i64,
    pub aggregate_type: &'a str,
    pub aggregate_id: &'a str,
    pub sequence: i64,
    pub event_type: &'a str,
    pub event_version: &'a str,
    pub payload: &'a Value,
    pub metadata: &'a Value,
    pub recorded_at: i64,
}

impl<'a> HashedContent<'a> {
    /// The hashed fields of an event already in the log (verify, import).
    pub fn of(event: &'a crate::RecordedEvent) -> Self {
        Self {
            chain: &event.chain,
            chain_seq: event.chain_seq,
            aggregate_type: &event.aggregate_type,
            aggregate_id: &event.aggregate_id,
            sequence: event.sequence,
            event_type: &event.event_type,
            event_version: &event.event_version,
            payload: &event.payload,
            metadata: &event.metadata,
            recorded_at: event.recorded_at,
        }
    }
}

pub fn event_hash(prev_hash: &str, content: &HashedContent<'_>) -> String {
    let canonical = json!([
        content.chain,
        content.chain_seq,
        content.aggregate_type,
        content.aggregate_id,
        content.sequence,
        content.event_type,
        content.event_version,
        content.payload,
        content.metadata,
        content.recorded_at,
    ]);
    let mut hasher = Sha256::new();
    hasher.update(prev_hash.as_bytes());
    hasher.update(b"\n");
    hasher.update(canonical.to_string().as_bytes());
    hex::encode(hasher.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn content<'a>(payload: &'a Value, metadata: &'a Value) -> HashedContent<'a> {
        HashedContent {
            chain: "ws",
            chain_seq: 1,
            aggregate_type: "Account",
            aggregate_id: "a1",
            sequence: 1,
            event_type: "Opened",
            event_version: "1",
            payload,
            metadata,
            recorded_at: 42,
        }
    }

    #[test]
    fn the_hash_does_not_depend_on_key_order_of_the_payload() {
        let a: Value = serde_json::from_str(r#"{"b":1,"a":2}"#).expect("json");
        let b: Value = serde_json::from_str(r#"{"a":2,"b":1}"#).expect("json");
        let meta = json!({});
        assert_eq!(
            event_hash(GENESIS_HASH, &content(&a, &meta)),
            event_hash(GENESIS_HASH, &content(&b, &meta))
        );
    }

    #[test]
    fn changing_one_payload_value_changes_the_hash() {
        let meta = json!({});
        let a = json!({"amount": "10.00"});
        let b = json!({"amount": "10.01"});
        assert_ne!(
            event_hash(GENESIS_HASH, &content(&a, &meta)),
            event_hash(GENESIS_HASH, &content(&b, &meta))
        );
    }

    #[test]
    fn the_previous_hash_is_covered() {
        let meta = json!({});
        let a = json!({});
        assert_ne!(
            event_hash(GENESIS_HASH, &content(&a, &meta)),
            event_hash("ff", &content(&a, &meta))
        );
    }
}
