//! A workspace's time zone, given / when / then: an Admin sets an IANA name; nothing else
//! is a zone.

use event_schemas::organization::WorkspaceTimeZoneChanged;

use super::tests::{given, with_lagos, LAGOS, ORG};
use super::*;

fn set_zone(zone: &str) -> OrganizationCommand {
    UpdateWorkspace {
        workspace_id: LAGOS,
        name: None,
        image: None,
        time_zone: Some(zone.into()),
    }
    .into()
}

fn zone_changed(zone: &str) -> OrganizationEvent {
    OrganizationEvent::WorkspaceTimeZoneChanged(WorkspaceTimeZoneChanged {
        organization_id: ORG,
        workspace_id: LAGOS,
        time_zone: zone.into(),
    })
}

#[test]
fn setting_a_workspaces_time_zone_records_the_iana_name() {
    given()
        .given(with_lagos())
        .when(set_zone(" Europe/London "))
        .then_expect_events(vec![zone_changed("Europe/London")]);
}

#[test]
fn setting_the_zone_a_workspace_already_has_records_nothing() {
    let mut history = with_lagos();
    history.push(zone_changed("Africa/Nairobi"));
    given()
        .given(history)
        .when(set_zone("Africa/Nairobi"))
        .then_expect_events(vec![]);
}

#[test]
fn an_offset_or_an_abbreviation_is_not_a_time_zone() {
    for refused in ["+01:00", "WAT"] {
        given()
            .given(with_lagos())
            .when(set_zone(refused))
            .then_expect_error(OrganizationError::UnknownTimeZone {
                name: refused.into(),
            });
    }
}
