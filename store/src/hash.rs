//! The tamper-evidence chain. Each event's hash covers the previous event's hash in the same
//! chain and the event's own canonical content, so altering, removing or reordering any
//! stored event breaks every later hash of its chain.
//!
//! Canonical content is a JSON array of the fields in a fixed order; objects inside serialize
//! with sorted keys (serde_json's default map is ordered), so the same event always hashes
//! the same on every backend. The global position is deliberately not covered: an
//! export→import into another store keeps every hash.

use sha2::{Digest, Sha256};

/// The `prev_hash` of the first event of every chain.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The fields a hash covers besides the payload and metadata, borrowed from either a new
/// or a recorded event.
pub struct HashedContent<'a> {
    pub chain: &'a str,
    pub chain_seq: i64,
    pub aggregate_type: &'a str,
    pub aggregate_id: &'a str,
    pub sequence: i64,
    pub event_type: &'a str,
    pub event_version: &'a str,
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
            recorded_at: event.recorded_at,
        }
    }
}

/// The hash an event in the log must carry: over its payload's and metadata's stored
/// texts, which are the texts its append hashed (see [`crate::StoredJson`]).
pub fn recorded_event_hash(prev_hash: &str, event: &crate::RecordedEvent) -> String {
    event_hash_with_json(
        prev_hash,
        &HashedContent::of(event),
        event.payload.json(),
        event.metadata.json(),
    )
}

/// [`event_hash`] with the payload and metadata already serialized (compact, as
/// `Value::to_string` writes them), so an append serializes each once for both the hash and
/// the stored column. The canonical array is streamed into the hasher piece by piece; the
/// bytes are exactly those of `json!([...]).to_string()` (tested below).
pub(crate) fn event_hash_with_json(
    prev_hash: &str,
    content: &HashedContent<'_>,
    payload_json: &str,
    metadata_json: &str,
) -> String {
    let mut hasher = Sha256::new();
    hasher.update(prev_hash.as_bytes());
    hasher.update(b"\n[");
    let mut out = HashWriter(&mut hasher);
    let write_str = |out: &mut HashWriter<'_>, s: &str| {
        // Writing into a hasher cannot fail.
        let _ = serde_json::to_writer(&mut *out, s);
    };
    let mut itoa = itoa_buf();
    write_str(&mut out, content.chain);
    out.0.update(b",");
    out.0.update(itoa.format(content.chain_seq).as_bytes());
    out.0.update(b",");
    write_str(&mut out, content.aggregate_type);
    out.0.update(b",");
    write_str(&mut out, content.aggregate_id);
    out.0.update(b",");
    out.0.update(itoa.format(content.sequence).as_bytes());
    out.0.update(b",");
    write_str(&mut out, content.event_type);
    out.0.update(b",");
    write_str(&mut out, content.event_version);
    out.0.update(b",");
    out.0.update(payload_json.as_bytes());
    out.0.update(b",");
    out.0.update(metadata_json.as_bytes());
    out.0.update(b",");
    out.0.update(itoa.format(content.recorded_at).as_bytes());
    out.0.update(b"]");
    hex::encode(hasher.finalize())
}

/// Formats integers as serde_json does (no allocation).
struct IntFormat(String);

fn itoa_buf() -> IntFormat {
    IntFormat(String::with_capacity(24))
}

impl IntFormat {
    fn format(&mut self, n: i64) -> &str {
        use std::fmt::Write;
        self.0.clear();
        let _ = write!(self.0, "{n}");
        &self.0
    }
}

struct HashWriter<'h>(&'h mut Sha256);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    /// The hash of an event given as `Value`s, serialized as an append does.
    fn event_hash(
        prev_hash: &str,
        content: &HashedContent<'_>,
        payload: &Value,
        metadata: &Value,
    ) -> String {
        event_hash_with_json(
            prev_hash,
            content,
            &payload.to_string(),
            &metadata.to_string(),
        )
    }

    fn content() -> HashedContent<'static> {
        HashedContent {
            chain: "ws",
            chain_seq: 1,
            aggregate_type: "Account",
            aggregate_id: "a1",
            sequence: 1,
            event_type: "Opened",
            event_version: "1",
            recorded_at: 42,
        }
    }

    #[test]
    fn the_hash_does_not_depend_on_key_order_of_the_payload() {
        let a: Value = serde_json::from_str(r#"{"b":1,"a":2}"#).expect("json");
        let b: Value = serde_json::from_str(r#"{"a":2,"b":1}"#).expect("json");
        let meta = json!({});
        assert_eq!(
            event_hash(GENESIS_HASH, &content(), &a, &meta),
            event_hash(GENESIS_HASH, &content(), &b, &meta)
        );
    }

    #[test]
    fn changing_one_payload_value_changes_the_hash() {
        let meta = json!({});
        let a = json!({"amount": "10.00"});
        let b = json!({"amount": "10.01"});
        assert_ne!(
            event_hash(GENESIS_HASH, &content(), &a, &meta),
            event_hash(GENESIS_HASH, &content(), &b, &meta)
        );
    }

    /// The hash as first written: the canonical array built as a `Value`, then serialized.
    fn reference_hash(
        prev_hash: &str,
        content: &HashedContent<'_>,
        payload: &Value,
        metadata: &Value,
    ) -> String {
        let canonical = json!([
            content.chain,
            content.chain_seq,
            content.aggregate_type,
            content.aggregate_id,
            content.sequence,
            content.event_type,
            content.event_version,
            payload,
            metadata,
            content.recorded_at,
        ]);
        let mut hasher = Sha256::new();
        hasher.update(prev_hash.as_bytes());
        hasher.update(b"\n");
        hasher.update(canonical.to_string().as_bytes());
        hex::encode(hasher.finalize())
    }

    #[test]
    fn the_streamed_hash_equals_the_original_canonical_form() {
        let payloads = [
            json!({}),
            json!({"z": [1, 2.5, -3, null, true], "a": "quote \" backslash \\ newline \n tab \t \u{1} é ✓ 😀"}),
            json!({"n": i64::MIN, "m": u64::MAX, "f": 1e300, "nested": {"b": {"c": []}, "a": "x"}}),
            json!("just a string"),
            json!(null),
        ];
        let meta = json!({"workspace_id": "ws-\"1\"", "actor_id": "ü"});
        for payload in &payloads {
            for (chain, seq, recorded_at) in [("ws", 1, 42), ("gl\u{7f}obal\"", i64::MAX, -7)] {
                let content = HashedContent {
                    chain,
                    chain_seq: seq,
                    aggregate_type: "Account\\x",
                    aggregate_id: "a1\u{2028}",
                    sequence: -1,
                    event_type: "Opened",
                    event_version: "1",
                    recorded_at,
                };
                assert_eq!(
                    event_hash("ff", &content, payload, &meta),
                    reference_hash("ff", &content, payload, &meta),
                    "{payload}"
                );
            }
        }
    }

    #[test]
    fn the_previous_hash_is_covered() {
        let meta = json!({});
        let a = json!({});
        assert_ne!(
            event_hash(GENESIS_HASH, &content(), &a, &meta),
            event_hash("ff", &content(), &a, &meta)
        );
    }
}
