//! Superseded versions of Organization events, frozen exactly as they were first written.
//! Never edit these: they are what the log holds. They exist for their committed JSON
//! Schemas; reading goes through [`super::upcasters`], never through these types.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::EventPayload;
use crate::{OrganizationId, UserId};

/// `OrganizationCreated` v1.0: written before organizations recorded a location.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OrganizationCreatedV1 {
    /// The new organization; also the id of its event stream.
    pub organization_id: OrganizationId,
    /// Display name, trimmed.
    pub name: String,
    /// URL handle derived from the name at creation.
    pub slug: String,
    /// Contact e-mail address of the organization.
    pub email: String,
    /// The user who created it, and so its first Admin.
    pub created_by: UserId,
}

impl EventPayload for OrganizationCreatedV1 {
    const EVENT_TYPE: &'static str = "OrganizationCreated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// `OrganizationUpdated` v1.0: written before organizations recorded an address, an
/// industry and a logo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OrganizationUpdatedV1 {
    pub organization_id: OrganizationId,
    /// Display name after the change, trimmed. The slug does not follow it.
    pub name: String,
    /// Contact e-mail address after the change.
    pub email: String,
    /// Location after the change; `null` when cleared or never given.
    pub location: Option<String>,
}

impl EventPayload for OrganizationUpdatedV1 {
    const EVENT_TYPE: &'static str = "OrganizationUpdated";
    const EVENT_VERSION: &'static str = "1.0";
}
