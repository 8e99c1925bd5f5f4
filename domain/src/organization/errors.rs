//! The business rules an Organization command can break. Variants are facts with the data
//! a client needs to explain them; the HTTP layer maps each to a status and a code in one
//! place, and [`OrganizationError::field`] names the request field to highlight.

use event_schemas::{InvitationId, MembershipId, OrganizationId, TransferId, UserId, WorkspaceId};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrganizationError {
    #[error("organization {organization_id} already exists")]
    OrganizationAlreadyExists { organization_id: OrganizationId },

    #[error("the organization does not exist")]
    OrganizationNotFound,

    #[error("a name is required")]
    NameRequired,

    #[error("a name may have at most {max} characters; this one has {length}")]
    NameTooLong { length: usize, max: usize },

    #[error("'{email}' is not a valid e-mail address")]
    InvalidEmail { email: String },

    #[error("a location may have at most {max} characters; this one has {length}")]
    LocationTooLong { length: usize, max: usize },

    #[error("an address may have at most {max} characters; this one has {length}")]
    AddressTooLong { length: usize, max: usize },

    #[error("an industry may have at most {max} characters; this one has {length}")]
    IndustryTooLong { length: usize, max: usize },

    #[error("'{currency}' is not a three-letter ISO 4217 currency code")]
    InvalidCurrency { currency: String },

    #[error("'{name}' is not a time zone; choose one such as Africa/Lagos")]
    UnknownTimeZone { name: String },

    #[error("a workspace named '{name}' already exists in this organization")]
    WorkspaceNameTaken { name: String },

    #[error("workspace {workspace_id} already exists")]
    WorkspaceAlreadyExists { workspace_id: WorkspaceId },

    #[error("workspace {workspace_id} does not exist in this organization")]
    WorkspaceNotFound { workspace_id: WorkspaceId },

    #[error("workspace {workspace_id} has been deleted")]
    WorkspaceIsDeleted { workspace_id: WorkspaceId },

    #[error("an organization may own at most {max} workspaces")]
    TooManyWorkspaces { max: usize },

    #[error("this user is already a member of the organization")]
    AlreadyMember { user_id: UserId },

    #[error("membership {membership_id} does not exist in this organization")]
    MemberNotFound { membership_id: MembershipId },

    #[error("the membership does not cover workspace {workspace_id}")]
    WorkspaceNotCovered { workspace_id: WorkspaceId },

    #[error("an organization must keep at least one Admin")]
    LastAdmin,

    #[error("this is the organization's only workspace: create another one first")]
    LastWorkspace,

    #[error("choose at least one workspace to invite to")]
    NoWorkspacesChosen,

    #[error("an invitation link can only grant the Viewer role")]
    LinkRoleMustBeViewer,

    #[error("{email} already has a pending invitation; resend it instead")]
    InvitationAlreadyPending { email: String },

    #[error("invitation {invitation_id} does not exist in this organization")]
    InvitationNotFound { invitation_id: InvitationId },

    #[error("this invitation was already {status}")]
    InvitationClosed { status: &'static str },

    #[error("this invitation has expired; ask for a new one")]
    InvitationExpired,

    #[error("this invitation was sent to another e-mail address")]
    InvitationForAnotherEmail,

    #[error("a workspace cannot be transferred to the organization that owns it")]
    TransferToSelf,

    #[error("this workspace already has a pending transfer")]
    TransferAlreadyPending,

    #[error("transfer {transfer_id} does not exist in this organization")]
    TransferNotFound { transfer_id: TransferId },

    #[error("this transfer was already answered")]
    TransferClosed,

    #[error("'{step}' is not a set-up step")]
    UnknownSetupStep { step: String },
}

impl OrganizationError {
    /// The request body field at fault, for `{"field": ["message"]}` answers; `None` when
    /// the error is about the resource, not one input.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            Self::NameRequired | Self::NameTooLong { .. } | Self::WorkspaceNameTaken { .. } => {
                Some("name")
            }
            Self::InvalidEmail { .. } => Some("email"),
            Self::LocationTooLong { .. } => Some("location"),
            Self::AddressTooLong { .. } => Some("address"),
            Self::IndustryTooLong { .. } => Some("industry"),
            Self::InvalidCurrency { .. } => Some("base_currency"),
            Self::UnknownTimeZone { .. } => Some("time_zone"),
            Self::OrganizationAlreadyExists { .. }
            | Self::OrganizationNotFound
            | Self::WorkspaceAlreadyExists { .. }
            | Self::WorkspaceNotFound { .. }
            | Self::WorkspaceIsDeleted { .. }
            | Self::TooManyWorkspaces { .. }
            | Self::AlreadyMember { .. }
            | Self::MemberNotFound { .. }
            | Self::LastAdmin
            | Self::LastWorkspace
            | Self::InvitationAlreadyPending { .. }
            | Self::InvitationNotFound { .. }
            | Self::InvitationClosed { .. }
            | Self::InvitationExpired
            | Self::InvitationForAnotherEmail
            | Self::TransferAlreadyPending
            | Self::TransferNotFound { .. }
            | Self::TransferClosed => None,
            Self::TransferToSelf => Some("target_organization"),
            Self::UnknownSetupStep { .. } => Some("skipped_steps"),
            Self::NoWorkspacesChosen => Some("workspaces"),
            Self::LinkRoleMustBeViewer => Some("role"),
            Self::WorkspaceNotCovered { .. } => Some("workspace_id"),
        }
    }
}
