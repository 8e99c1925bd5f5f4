//! Decoding a recorded event into its aggregate's event enum, lifting old versions through
//! the upcasters exactly as the aggregate's event store does, so a projector reads every
//! version ever written.

use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use serde::de::DeserializeOwned;
use store::RecordedEvent;

use crate::ProjectionError;

/// `event`'s payload as `E`, after `upcasters`; an undecodable payload stops the projector
/// at this event.
pub fn decode<E: DeserializeOwned>(
    event: &RecordedEvent,
    upcasters: &[Box<dyn EventUpcaster>],
) -> Result<E, ProjectionError> {
    let serialized = SerializedEvent {
        aggregate_id: event.aggregate_id.clone(),
        sequence: usize::try_from(event.sequence).unwrap_or_default(),
        aggregate_type: event.aggregate_type.clone(),
        event_type: event.event_type.clone(),
        event_version: event.event_version.clone(),
        payload: event.payload.clone(),
        metadata: serde_json::Value::Null,
    };
    let lifted = event_schemas::upcast(serialized, upcasters);
    serde_json::from_value(lifted.payload)
        .map_err(|e| ProjectionError::at(event, format!("undecodable {}: {e}", event.event_type)))
}
