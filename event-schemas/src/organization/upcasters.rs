//! The upcasters of Organization events: each lifts one superseded payload version to the
//! next, so the aggregate and projectors only ever see today's types. Pass them to
//! `PersistedEventStore::with_upcasters` when building the Organization's event store.

use cqrs_es::persist::EventUpcaster;
use serde_json::Value;

use super::legacy::{OrganizationCreatedV1, OrganizationUpdatedV1};
use super::{OrganizationCreated, OrganizationUpdated};
use crate::contract::{EventPayload, UpcastStep};

/// Every Organization upcaster, oldest version first (cqrs-es applies them in order).
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    vec![
        Box::new(UpcastStep {
            event_type: OrganizationCreated::EVENT_TYPE,
            from: OrganizationCreatedV1::EVENT_VERSION,
            to: OrganizationCreated::EVENT_VERSION,
            lift: organization_created_v1_to_v2,
        }),
        Box::new(UpcastStep {
            event_type: OrganizationUpdated::EVENT_TYPE,
            from: OrganizationUpdatedV1::EVENT_VERSION,
            to: OrganizationUpdated::EVENT_VERSION,
            lift: organization_updated_v1_to_v2,
        }),
    ]
}

/// `OrganizationUpdated` 1.0 → 2.0. Version 2.0 carries the whole profile including the
/// address, industry and logo, which 1.0 did not know: an update written at 1.0 left
/// them unset, so they lift as `null`.
pub fn organization_updated_v1_to_v2(mut payload: Value) -> Value {
    if let Value::Object(fields) = &mut payload {
        for field in ["address", "industry", "logo_id"] {
            fields.entry(field).or_insert(Value::Null);
        }
    }
    payload
}

/// `OrganizationCreated` 1.0 → 2.0. Version 2.0 records the organization's `location`
/// (spec §3), which the 1.0 create form did not ask for. An organization created at 1.0
/// gets `null` — "not recorded", never a guessed place — until an `OrganizationUpdated`
/// sets it. Every other field is unchanged.
pub fn organization_created_v1_to_v2(mut payload: Value) -> Value {
    if let Value::Object(fields) = &mut payload {
        fields.entry("location").or_insert(Value::Null);
    }
    payload
}

#[cfg(test)]
mod tests {
    use cqrs_es::persist::SerializedEvent;
    use serde_json::json;

    use super::*;
    use crate::contract::upcast;

    fn stored(version: &str, payload: Value) -> SerializedEvent {
        SerializedEvent::new(
            "org".into(),
            1,
            super::super::AGGREGATE_TYPE.into(),
            "OrganizationCreated".into(),
            version.into(),
            payload,
            json!({}),
        )
    }

    #[test]
    fn a_v1_organization_created_gains_a_null_location_and_becomes_v2() {
        let v1 = stored(
            "1.0",
            json!({"type": "organization_created", "name": "Acme"}),
        );

        let lifted = upcast(v1, &upcasters());

        assert_eq!(lifted.event_version, "2.0");
        assert_eq!(
            lifted.payload,
            json!({"type": "organization_created", "name": "Acme", "location": null})
        );
    }

    #[test]
    fn a_v1_organization_updated_gains_no_address_industry_or_logo_and_becomes_v2() {
        let mut v1 = stored(
            "1.0",
            json!({"type": "organization_updated", "name": "Acme"}),
        );
        v1.event_type = "OrganizationUpdated".into();

        let lifted = upcast(v1, &upcasters());

        assert_eq!(lifted.event_version, "2.0");
        assert_eq!(
            lifted.payload,
            json!({"type": "organization_updated", "name": "Acme",
                "address": null, "industry": null, "logo_id": null})
        );
    }

    #[test]
    fn a_v2_organization_created_passes_the_upcasters_untouched() {
        let payload = json!({"type": "organization_created", "location": "Lagos"});
        let v2 = stored("2.0", payload.clone());

        let lifted = upcast(v2, &upcasters());

        assert_eq!(
            (lifted.event_version.as_str(), lifted.payload),
            ("2.0", payload)
        );
    }

    #[test]
    fn a_version_that_was_never_written_is_not_lifted() {
        let odd = stored("1.5", json!({"type": "organization_created"}));

        let lifted = upcast(odd, &upcasters());

        assert_eq!(lifted.event_version, "1.5");
    }
}
