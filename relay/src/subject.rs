//! Subjects: `<prefix>.<workspace_id>.<aggregate_type>.<event_type>`.
//!
//! Each part becomes exactly one token, whatever it contains: a '.' would add tokens (and
//! make `ledger.<ws>.>` filters match the wrong events), '*' and '>' are wildcards a publisher
//! may not use, and whitespace ends a subject in the protocol.

use store::{RecordedEvent, GLOBAL_CHAIN};

/// Stands in for every character a subject token cannot hold.
const REPLACEMENT: char = '_';

/// `part` as one NATS subject token: unsafe characters become `_`, an empty part becomes `_`.
pub fn sanitize_token(part: &str) -> String {
    if part.is_empty() {
        return REPLACEMENT.to_string();
    }
    part.chars()
        .map(|c| {
            if matches!(c, '.' | '*' | '>') || c.is_whitespace() || c.is_control() {
                REPLACEMENT
            } else {
                c
            }
        })
        .collect()
}

/// The subject `event` is published on. Events outside any workspace (users, organizations)
/// use `global`, the same key as their hash chain.
pub fn subject_for(prefix: &str, event: &RecordedEvent) -> String {
    let workspace = event
        .workspace_id()
        .filter(|ws| !ws.is_empty())
        .unwrap_or(GLOBAL_CHAIN);
    format!(
        "{prefix}.{}.{}.{}",
        sanitize_token(workspace),
        sanitize_token(&event.aggregate_type),
        sanitize_token(&event.event_type)
    )
}
