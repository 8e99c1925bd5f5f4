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
    let undecodable = |e: serde_json::Error| {
        ProjectionError::at(event, format!("undecodable {}: {e}", event.event_type))
    };
    // Today's versions (nearly every event) decode straight from the stored text; only a
    // version some upcaster claims goes through a `Value` to be lifted.
    let claimed = upcasters
        .iter()
        .any(|u| u.can_upcast(&event.event_type, &event.event_version));
    if !claimed {
        return event.payload.decode().map_err(undecodable);
    }
    let serialized = SerializedEvent {
        aggregate_id: event.aggregate_id.clone(),
        sequence: usize::try_from(event.sequence).unwrap_or_default(),
        aggregate_type: event.aggregate_type.clone(),
        event_type: event.event_type.clone(),
        event_version: event.event_version.clone(),
        payload: event.payload.value().map_err(undecodable)?,
        metadata: serde_json::Value::Null,
    };
    let lifted = event_schemas::upcast(serialized, upcasters);
    serde_json::from_value(lifted.payload).map_err(undecodable)
}
