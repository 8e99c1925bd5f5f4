//! The Organization aggregate: an organization, the workspaces it owns and its members
//! (spec §3–§4).
//! One aggregate owns both because the rule "workspace names are unique within an
//! organization" must be decided against one consistent state; its stream id is the
//! organization id.
//!
//! - [`aggregate`] — [`Organization`], its state, the pure [`Organization::decide`] and
//!   the cqrs-es `Aggregate` impl.
//! - [`commands`] — [`OrganizationCommand`] and one struct per command.
//! - [`errors`] — [`OrganizationError`], the business rules a command can break.
//! - events — in `event_schemas::organization` (re-exported here): they are contracts.
//!
//! To run it on the log, the caller (command-api) builds
//! `PersistedEventStore::new_snapshot_store(LogRepository::new(store, n), n)
//! .with_upcasters(upcasters())` and passes `()` as services.

pub mod aggregate;
pub mod commands;
pub mod errors;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod time_zone_tests;

pub use aggregate::{
    Invitation, InvitationStatus, Member, Organization, OrganizationProfile, Workspace,
    DEFAULT_BASE_CURRENCY, INVITATION_TTL_US, WORKSPACES_MAX,
};
pub use commands::{
    AcceptInvitation, AddMember, CancelInvitation, ChangeMemberRole, CreateOrganization,
    CreateWorkspace, DeleteWorkspace, Invite, OrganizationCommand, ReceiveWorkspace,
    RejectInvitation, RemoveMember, RequestTransfer, ResendInvitation, ResolveTransfer,
    SetMemberWorkspaces, TransferAnswer, UpdateOrganization, UpdateSetupProgress, UpdateWorkspace,
    SETUP_STEPS,
};
pub use errors::OrganizationError;
pub use event_schemas::organization::{
    upcasters, OrganizationCreated, OrganizationEvent, OrganizationUpdated, WorkspaceCreated,
    WorkspaceDeleted, WorkspaceRenamed, AGGREGATE_TYPE, EMAIL_CHARS_MAX, LOCATION_CHARS_MAX,
    NAME_CHARS_MAX,
};
