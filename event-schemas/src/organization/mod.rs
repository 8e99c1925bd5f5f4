//! The Organization aggregate's events. An organization owns its workspaces, so workspace
//! creation, renaming and deletion are its events too: the rule "workspace names are
//! unique within an organization" can then be decided inside one aggregate.
//!
//! Each event carries everything its projections need (ids, full new values, the
//! creator), so no projector re-derives business facts. Update events carry the whole
//! resulting profile, not a patch, so a projector overwrites instead of merging.
//!
//! - [`legacy`] — frozen payloads of superseded versions (read only through upcasters).
//! - [`upcasters`] — the steps that lift old versions to today's.

pub mod legacy;
pub mod upcasters;

use cqrs_es::DomainEvent;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{InvitationId, MembershipId, OrganizationId, TransferId, UserId, WorkspaceId};

pub use upcasters::upcasters;

/// cqrs-es's `Aggregate::TYPE` for organizations: the `aggregate_type` column of the log.
pub const AGGREGATE_TYPE: &str = "Organization";

/// Longest organization or workspace name, in characters. The spec leaves the bound open
/// (§5: "not shown"); 120 holds any registered company name we have met while keeping
/// lists, tabs and report headers readable.
pub const NAME_CHARS_MAX: usize = 120;

/// Longest e-mail address: RFC 5321's 254-character limit on a forward path.
pub const EMAIL_CHARS_MAX: usize = 254;

/// Longest location text ("14 Broad Street, Lagos Island, Lagos, Nigeria" is 45).
pub const LOCATION_CHARS_MAX: usize = 200;

/// Longest postal address (a registered office on several lines).
pub const ADDRESS_CHARS_MAX: usize = 500;

/// Longest industry text ("Wholesale and retail trade" is 26).
pub const INDUSTRY_CHARS_MAX: usize = 100;

/// An Organization aggregate event, stored as its payload struct's fields plus a `type`
/// tag (`{"type": "workspace_created", ...}`), the tagged form of the contract.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OrganizationEvent {
    OrganizationCreated(OrganizationCreated),
    OrganizationUpdated(OrganizationUpdated),
    WorkspaceCreated(WorkspaceCreated),
    WorkspaceRenamed(WorkspaceRenamed),
    WorkspaceImageChanged(WorkspaceImageChanged),
    WorkspaceTimeZoneChanged(WorkspaceTimeZoneChanged),
    WorkspaceDeleted(WorkspaceDeleted),
    MemberAdded(MemberAdded),
    MemberRoleChanged(MemberRoleChanged),
    MemberWorkspacesChanged(MemberWorkspacesChanged),
    MemberRemoved(MemberRemoved),
    InvitationCreated(InvitationCreated),
    InvitationResent(InvitationResent),
    InvitationCancelled(InvitationCancelled),
    InvitationAccepted(InvitationAccepted),
    InvitationRejected(InvitationRejected),
    TransferRequested(TransferRequested),
    TransferResolved(TransferResolved),
    WorkspaceTransferredOut(WorkspaceTransferredOut),
    WorkspaceTransferredIn(WorkspaceTransferredIn),
    SetupProgressUpdated(SetupProgressUpdated),
}

/// An organization was created. Version 2.0; version 1.0 (module `legacy`) lacked
/// `location`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OrganizationCreated {
    /// The new organization; also the id of its event stream.
    pub organization_id: OrganizationId,
    /// Display name, trimmed.
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
    /// URL handle derived from the name at creation. It stays fixed when the organization
    /// is renamed, so links and `?slug=` filters keep working.
    pub slug: String,
    /// Contact e-mail address of the organization.
    #[schemars(length(min = 3, max = EMAIL_CHARS_MAX))]
    pub email: String,
    /// Where the organization is based, free text. `null` when not given, and for
    /// organizations created at v1.0, which did not record it.
    #[schemars(length(max = LOCATION_CHARS_MAX))]
    pub location: Option<String>,
    /// The user who created it, and so its first Admin.
    pub created_by: UserId,
}

impl EventPayload for OrganizationCreated {
    const EVENT_TYPE: &'static str = "OrganizationCreated";
    const EVENT_VERSION: &'static str = "2.0";
}

/// An organization's profile changed. Carries the whole profile after the change.
/// Version 2.0; version 1.0 (module `legacy`) lacked `address`, `industry` and `logo_id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OrganizationUpdated {
    pub organization_id: OrganizationId,
    /// Display name after the change, trimmed. The slug does not follow it.
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
    /// Contact e-mail address after the change.
    #[schemars(length(min = 3, max = EMAIL_CHARS_MAX))]
    pub email: String,
    /// Location after the change; `null` when cleared or never given.
    #[schemars(length(max = LOCATION_CHARS_MAX))]
    pub location: Option<String>,
    /// Postal address (printed on reports and payslips); `null` when not given.
    #[schemars(length(max = ADDRESS_CHARS_MAX))]
    pub address: Option<String>,
    /// What the organization does, free text; `null` when not given.
    #[schemars(length(max = INDUSTRY_CHARS_MAX))]
    pub industry: Option<String>,
    /// Its logo: an image uploaded into one of its workspaces; `null` when it has none.
    pub logo_id: Option<uuid::Uuid>,
}

impl EventPayload for OrganizationUpdated {
    const EVENT_TYPE: &'static str = "OrganizationUpdated";
    const EVENT_VERSION: &'static str = "2.0";
}

/// A workspace — one set of books — was created in an organization.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceCreated {
    /// The organization that owns the workspace.
    pub organization_id: OrganizationId,
    /// The new workspace, generated by the client of the command.
    pub workspace_id: WorkspaceId,
    /// Display name, trimmed; unique (ignoring case) among the organization's workspaces.
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
    /// ISO 4217 code of the currency every amount in these books is in. Fixed for the
    /// workspace's life: changing it would re-denominate entries already posted.
    #[schemars(pattern(r"^[A-Z]{3}$"))]
    pub base_currency: String,
    /// The user who created it, and so its first Admin.
    pub created_by: UserId,
}

impl EventPayload for WorkspaceCreated {
    const EVENT_TYPE: &'static str = "WorkspaceCreated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A workspace got a new name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceRenamed {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// The new name, trimmed; unique (ignoring case) among the organization's workspaces.
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
}

impl EventPayload for WorkspaceRenamed {
    const EVENT_TYPE: &'static str = "WorkspaceRenamed";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A workspace's image (shown in the workspace panel) was set, replaced or removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceImageChanged {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// An image uploaded into this workspace (`POST /files/images/`); `null`: removed.
    pub image_id: Option<uuid::Uuid>,
}

impl EventPayload for WorkspaceImageChanged {
    const EVENT_TYPE: &'static str = "WorkspaceImageChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An Admin set the time zone the workspace's times are read in (audit sessions' timing
/// tests, dates on screen). A workspace with no such event is in its organization's
/// country's zone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceTimeZoneChanged {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// An IANA zone name, e.g. `Africa/Lagos`.
    #[schemars(length(min = 3, max = 64), pattern(r"^[A-Za-z][A-Za-z0-9_+/-]*$"))]
    pub time_zone: String,
}

impl EventPayload for WorkspaceTimeZoneChanged {
    const EVENT_TYPE: &'static str = "WorkspaceTimeZoneChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A workspace was deleted. Its events stay in the log (history never changes); it
/// leaves every list, accepts no further command, and its name is free again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceDeleted {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
}

impl EventPayload for WorkspaceDeleted {
    const EVENT_TYPE: &'static str = "WorkspaceDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A user joined the organization with a role, covering some of its workspaces. The
/// organization's founder joins as Admin in the same command that creates it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MemberAdded {
    pub organization_id: OrganizationId,
    pub membership_id: MembershipId,
    pub user_id: UserId,
    /// 0 Viewer, 1 Editor, 2 Admin (spec §4).
    #[schemars(range(min = 0, max = 2))]
    pub role: u8,
    /// The workspaces the membership covers; the member sees no other.
    pub workspaces: Vec<WorkspaceId>,
}

impl EventPayload for MemberAdded {
    const EVENT_TYPE: &'static str = "MemberAdded";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A member's role changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MemberRoleChanged {
    pub organization_id: OrganizationId,
    pub membership_id: MembershipId,
    pub user_id: UserId,
    /// The new role: 0 Viewer, 1 Editor, 2 Admin.
    #[schemars(range(min = 0, max = 2))]
    pub role: u8,
}

impl EventPayload for MemberRoleChanged {
    const EVENT_TYPE: &'static str = "MemberRoleChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The set of workspaces a membership covers changed (a workspace was created by the
/// member, granted by an invitation, or taken away). Carries the whole new set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MemberWorkspacesChanged {
    pub organization_id: OrganizationId,
    pub membership_id: MembershipId,
    pub user_id: UserId,
    pub workspaces: Vec<WorkspaceId>,
}

impl EventPayload for MemberWorkspacesChanged {
    const EVENT_TYPE: &'static str = "MemberWorkspacesChanged";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A member left the organization (removed from their last workspace, or removed
/// outright). Their past actions stay attributed to them in the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct MemberRemoved {
    pub organization_id: OrganizationId,
    pub membership_id: MembershipId,
    pub user_id: UserId,
}

impl EventPayload for MemberRemoved {
    const EVENT_TYPE: &'static str = "MemberRemoved";
    const EVENT_VERSION: &'static str = "1.0";
}

/// Someone was invited to the organization: by e-mail (`email` set; any role) or by a
/// shareable link (`email` null; Viewer only). The invitation's token is a secret and is
/// never in the log; only its holder can answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InvitationCreated {
    pub organization_id: OrganizationId,
    pub invitation_id: InvitationId,
    /// The invitee's address for an e-mail invitation; `null` for a link.
    pub email: Option<String>,
    /// The role the invitee joins with: 0 Viewer, 1 Editor, 2 Admin.
    #[schemars(range(min = 0, max = 2))]
    pub role: u8,
    /// The workspaces the invitee's membership will cover.
    pub workspaces: Vec<WorkspaceId>,
    pub invited_by: UserId,
    /// When the invitation stops being usable, microseconds since the epoch.
    pub expires_at: i64,
}

impl EventPayload for InvitationCreated {
    const EVENT_TYPE: &'static str = "InvitationCreated";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A pending invitation was sent again with a new token and a new expiry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InvitationResent {
    pub organization_id: OrganizationId,
    pub invitation_id: InvitationId,
    pub expires_at: i64,
}

impl EventPayload for InvitationResent {
    const EVENT_TYPE: &'static str = "InvitationResent";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A pending invitation was withdrawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InvitationCancelled {
    pub organization_id: OrganizationId,
    pub invitation_id: InvitationId,
}

impl EventPayload for InvitationCancelled {
    const EVENT_TYPE: &'static str = "InvitationCancelled";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The invitee accepted; the same command adds or extends their membership.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InvitationAccepted {
    pub organization_id: OrganizationId,
    pub invitation_id: InvitationId,
    pub user_id: UserId,
}

impl EventPayload for InvitationAccepted {
    const EVENT_TYPE: &'static str = "InvitationAccepted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The invitee declined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct InvitationRejected {
    pub organization_id: OrganizationId,
    pub invitation_id: InvitationId,
}

impl EventPayload for InvitationRejected {
    const EVENT_TYPE: &'static str = "InvitationRejected";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The organization asked to hand one of its workspaces to another organization. Written
/// on the source organization's stream, which decides the transfer's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TransferRequested {
    /// The source organization.
    pub organization_id: OrganizationId,
    pub transfer_id: TransferId,
    pub workspace_id: WorkspaceId,
    pub target_organization_id: OrganizationId,
    pub requested_by: UserId,
}

impl EventPayload for TransferRequested {
    const EVENT_TYPE: &'static str = "TransferRequested";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A pending transfer was answered: 2 approved, 3 rejected, 4 closed otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TransferResolved {
    /// The source organization.
    pub organization_id: OrganizationId,
    pub transfer_id: TransferId,
    #[schemars(range(min = 2, max = 4))]
    pub status: u8,
    pub resolved_by: UserId,
}

impl EventPayload for TransferResolved {
    const EVENT_TYPE: &'static str = "TransferResolved";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An approved transfer took the workspace out of the source organization. Its books
/// (account tree, entries) are keyed by the workspace and stay untouched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceTransferredOut {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    pub transfer_id: TransferId,
    pub target_organization_id: OrganizationId,
}

impl EventPayload for WorkspaceTransferredOut {
    const EVENT_TYPE: &'static str = "WorkspaceTransferredOut";
    const EVENT_VERSION: &'static str = "1.0";
}

/// An approved transfer brought the workspace into the target organization, under
/// `name` (its old name, suffixed if the target already used it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkspaceTransferredIn {
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    pub transfer_id: TransferId,
    pub source_organization_id: OrganizationId,
    #[schemars(length(min = 1, max = NAME_CHARS_MAX))]
    pub name: String,
    #[schemars(pattern(r"^[A-Z]{3}$"))]
    pub base_currency: String,
    /// The creator recorded at the workspace's creation, kept for its history.
    pub created_by: UserId,
}

impl EventPayload for WorkspaceTransferredIn {
    const EVENT_TYPE: &'static str = "WorkspaceTransferredIn";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The organization's set-up checklist changed: steps the Admin chose to skip, and
/// whether the checklist is dismissed. Whether a step is done is read from the books.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SetupProgressUpdated {
    pub organization_id: OrganizationId,
    /// Keys of skipped steps, sorted.
    pub skipped_steps: Vec<String>,
    pub dismissed: bool,
}

impl EventPayload for SetupProgressUpdated {
    const EVENT_TYPE: &'static str = "SetupProgressUpdated";
    const EVENT_VERSION: &'static str = "1.0";
}

impl OrganizationEvent {
    /// The organization whose stream holds the event.
    pub fn organization_id(&self) -> OrganizationId {
        match self {
            Self::OrganizationCreated(e) => e.organization_id,
            Self::OrganizationUpdated(e) => e.organization_id,
            Self::WorkspaceCreated(e) => e.organization_id,
            Self::WorkspaceRenamed(e) => e.organization_id,
            Self::WorkspaceImageChanged(e) => e.organization_id,
            Self::WorkspaceTimeZoneChanged(e) => e.organization_id,
            Self::WorkspaceDeleted(e) => e.organization_id,
            Self::MemberAdded(e) => e.organization_id,
            Self::MemberRoleChanged(e) => e.organization_id,
            Self::MemberWorkspacesChanged(e) => e.organization_id,
            Self::MemberRemoved(e) => e.organization_id,
            Self::InvitationCreated(e) => e.organization_id,
            Self::InvitationResent(e) => e.organization_id,
            Self::InvitationCancelled(e) => e.organization_id,
            Self::InvitationAccepted(e) => e.organization_id,
            Self::InvitationRejected(e) => e.organization_id,
            Self::TransferRequested(e) => e.organization_id,
            Self::TransferResolved(e) => e.organization_id,
            Self::WorkspaceTransferredOut(e) => e.organization_id,
            Self::WorkspaceTransferredIn(e) => e.organization_id,
            Self::SetupProgressUpdated(e) => e.organization_id,
        }
    }

    /// The workspace the event is about, if any: the `workspace_id` its metadata should
    /// carry, which also picks the hash chain it extends.
    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        match self {
            Self::OrganizationCreated(_)
            | Self::OrganizationUpdated(_)
            | Self::MemberAdded(_)
            | Self::MemberRoleChanged(_)
            | Self::MemberWorkspacesChanged(_)
            | Self::MemberRemoved(_)
            | Self::InvitationCreated(_)
            | Self::InvitationResent(_)
            | Self::InvitationCancelled(_)
            | Self::InvitationAccepted(_)
            | Self::InvitationRejected(_)
            | Self::TransferResolved(_)
            | Self::SetupProgressUpdated(_) => None,
            Self::TransferRequested(e) => Some(e.workspace_id),
            Self::WorkspaceTransferredOut(e) => Some(e.workspace_id),
            Self::WorkspaceTransferredIn(e) => Some(e.workspace_id),
            Self::WorkspaceCreated(e) => Some(e.workspace_id),
            Self::WorkspaceRenamed(e) => Some(e.workspace_id),
            Self::WorkspaceImageChanged(e) => Some(e.workspace_id),
            Self::WorkspaceTimeZoneChanged(e) => Some(e.workspace_id),
            Self::WorkspaceDeleted(e) => Some(e.workspace_id),
        }
    }

    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::OrganizationCreated(e) => of(e),
            Self::OrganizationUpdated(e) => of(e),
            Self::WorkspaceCreated(e) => of(e),
            Self::WorkspaceRenamed(e) => of(e),
            Self::WorkspaceImageChanged(e) => of(e),
            Self::WorkspaceTimeZoneChanged(e) => of(e),
            Self::WorkspaceDeleted(e) => of(e),
            Self::MemberAdded(e) => of(e),
            Self::MemberRoleChanged(e) => of(e),
            Self::MemberWorkspacesChanged(e) => of(e),
            Self::MemberRemoved(e) => of(e),
            Self::InvitationCreated(e) => of(e),
            Self::InvitationResent(e) => of(e),
            Self::InvitationCancelled(e) => of(e),
            Self::InvitationAccepted(e) => of(e),
            Self::InvitationRejected(e) => of(e),
            Self::TransferRequested(e) => of(e),
            Self::TransferResolved(e) => of(e),
            Self::WorkspaceTransferredOut(e) => of(e),
            Self::WorkspaceTransferredIn(e) => of(e),
            Self::SetupProgressUpdated(e) => of(e),
        }
    }
}

impl DomainEvent for OrganizationEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every Organization event ever written. Never remove a line: the log
/// holds these versions forever, and the golden fixture tests load each of them.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::superseded::<legacy::OrganizationCreatedV1>(),
        EventVersion::current::<OrganizationCreated>(),
        EventVersion::superseded::<legacy::OrganizationUpdatedV1>(),
        EventVersion::current::<OrganizationUpdated>(),
        EventVersion::current::<WorkspaceCreated>(),
        EventVersion::current::<WorkspaceRenamed>(),
        EventVersion::current::<WorkspaceImageChanged>(),
        EventVersion::current::<WorkspaceTimeZoneChanged>(),
        EventVersion::current::<WorkspaceDeleted>(),
        EventVersion::current::<MemberAdded>(),
        EventVersion::current::<MemberRoleChanged>(),
        EventVersion::current::<MemberWorkspacesChanged>(),
        EventVersion::current::<MemberRemoved>(),
        EventVersion::current::<InvitationCreated>(),
        EventVersion::current::<InvitationResent>(),
        EventVersion::current::<InvitationCancelled>(),
        EventVersion::current::<InvitationAccepted>(),
        EventVersion::current::<InvitationRejected>(),
        EventVersion::current::<TransferRequested>(),
        EventVersion::current::<TransferResolved>(),
        EventVersion::current::<WorkspaceTransferredOut>(),
        EventVersion::current::<WorkspaceTransferredIn>(),
        EventVersion::current::<SetupProgressUpdated>(),
    ]
}

/// The Organization entry of the contract catalogue.
pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "organization",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<OrganizationEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<OrganizationEvent>()
        },
    }
}
