//! The Organization aggregate: its state, the pure decision of each command, and the
//! cqrs-es wiring.

use std::collections::{BTreeMap, BTreeSet};

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::organization::{
    InvitationAccepted, InvitationCancelled, InvitationCreated, InvitationRejected,
    InvitationResent, MemberAdded, MemberRemoved, MemberRoleChanged, MemberWorkspacesChanged,
    OrganizationCreated, OrganizationEvent, OrganizationUpdated, SetupProgressUpdated,
    TransferRequested, TransferResolved, WorkspaceCreated, WorkspaceDeleted, WorkspaceImageChanged,
    WorkspaceRenamed, WorkspaceTimeZoneChanged, WorkspaceTransferredIn, WorkspaceTransferredOut,
    ADDRESS_CHARS_MAX, AGGREGATE_TYPE, INDUSTRY_CHARS_MAX, LOCATION_CHARS_MAX, NAME_CHARS_MAX,
};
use event_schemas::{InvitationId, MembershipId, OrganizationId, TransferId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};

use super::commands::{
    AcceptInvitation, AddMember, CancelInvitation, ChangeMemberRole, CreateOrganization,
    CreateWorkspace, DeleteWorkspace, Invite, OrganizationCommand, ReceiveWorkspace,
    RejectInvitation, RemoveMember, RequestTransfer, ResendInvitation, ResolveTransfer,
    SetMemberWorkspaces, TransferAnswer, UpdateOrganization, UpdateSetupProgress, UpdateWorkspace,
    SETUP_STEPS,
};
use super::errors::OrganizationError;
use crate::permissions::Role;

/// Most workspaces one organization may ever create, deleted ones included. Plans limit
/// live workspaces far lower (spec §9: Professional 50) and are checked before the
/// command; this ceiling bounds the aggregate itself — it is loaded, and snapshotted,
/// whole for every command — even on Enterprise, whose plan limit is "unlimited".
pub const WORKSPACES_MAX: usize = 10_000;

/// A workspace's base currency when the client names none (DESIGN §5).
pub const DEFAULT_BASE_CURRENCY: &str = "NGN";

/// How long an invitation stays usable: 7 days, renewed when it is resent (issue 3).
pub const INVITATION_TTL_US: i64 = 7 * 24 * 3600 * 1_000_000;

/// An organization as its events left it. `Default` is the state before
/// `OrganizationCreated`, which is how cqrs-es starts every stream.
///
/// Serialized as the snapshot payload. If this shape changes, old snapshots fail to
/// deserialize and cqrs-es rebuilds the state from the events, so it is not a contract.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Organization {
    /// `None` until the organization is created.
    profile: Option<OrganizationProfile>,
    /// Every workspace ever created here, deleted ones included: their ids stay taken.
    workspaces: BTreeMap<WorkspaceId, Workspace>,
    /// Current members by membership id. The organization decides membership rules (the
    /// last Admin stays) because they span all its members.
    #[serde(default)]
    members: BTreeMap<MembershipId, Member>,
    /// Every invitation ever made, answered or not.
    #[serde(default)]
    invitations: BTreeMap<InvitationId, Invitation>,
    /// Transfers this organization asked for (as the source), answered or not; and the
    /// transfers it received (as the target), so a repeated receipt changes nothing.
    #[serde(default)]
    transfers: BTreeMap<TransferId, Transfer>,
    #[serde(default)]
    received: BTreeSet<TransferId>,
    /// The set-up checklist's skipped steps and whether it is dismissed.
    #[serde(default)]
    setup: (BTreeSet<String>, bool),
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    pub workspace_id: WorkspaceId,
    pub target_organization_id: OrganizationId,
    /// 1 pending, else the answer's status.
    pub status: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum InvitationStatus {
    Pending,
    Accepted,
    Rejected,
    Cancelled,
}

impl InvitationStatus {
    /// The status numbers of `/choices/description/` (1 pending … 4 cancelled; 5 is a
    /// pending invitation past its expiry, decided when read).
    pub const fn number(self) -> u8 {
        match self {
            Self::Pending => 1,
            Self::Accepted => 2,
            Self::Rejected => 3,
            Self::Cancelled => 4,
        }
    }

    const fn word(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
            Self::Cancelled => "cancelled",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    pub email: Option<String>,
    pub role: Role,
    pub workspaces: Vec<WorkspaceId>,
    pub status: InvitationStatus,
    pub expires_at: i64,
    /// People who joined through it: an invitation link (no e-mail) stays open for
    /// everyone until it expires or is cancelled.
    #[serde(default)]
    pub uses: u32,
}

impl Invitation {
    /// A link anyone holding it may use, rather than an invitation for one address.
    pub fn is_link(&self) -> bool {
        self.email.is_none()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub user_id: UserId,
    pub role: Role,
    pub workspaces: BTreeSet<WorkspaceId>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrganizationProfile {
    pub organization_id: OrganizationId,
    pub name: String,
    /// Fixed at creation; see `OrganizationCreated::slug`.
    pub slug: String,
    pub email: String,
    pub location: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub industry: Option<String>,
    #[serde(default)]
    pub logo_id: Option<uuid::Uuid>,
    pub created_by: UserId,
}

impl OrganizationProfile {
    /// The profile as the update event that would leave it as it is.
    fn as_updated(&self) -> OrganizationUpdated {
        OrganizationUpdated {
            organization_id: self.organization_id,
            name: self.name.clone(),
            email: self.email.clone(),
            location: self.location.clone(),
            address: self.address.clone(),
            industry: self.industry.clone(),
            logo_id: self.logo_id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Workspace {
    pub name: String,
    pub base_currency: String,
    pub created_by: UserId,
    /// A deleted workspace accepts no command and frees its name.
    pub deleted: bool,
    /// Its image in the workspace panel; `None` shows the placeholder.
    #[serde(default)]
    pub image_id: Option<uuid::Uuid>,
    /// The IANA zone an Admin chose; `None`: the organization's country's.
    #[serde(default)]
    pub time_zone: Option<String>,
}

impl Organization {
    /// The profile, once the organization exists.
    pub fn profile(&self) -> Option<&OrganizationProfile> {
        self.profile.as_ref()
    }

    /// A workspace by id, deleted or not.
    pub fn workspace(&self, workspace_id: WorkspaceId) -> Option<&Workspace> {
        self.workspaces.get(&workspace_id)
    }

    /// The workspaces that are not deleted, by id.
    pub fn live_workspaces(&self) -> impl Iterator<Item = (WorkspaceId, &Workspace)> {
        self.workspaces
            .iter()
            .filter(|(_, w)| !w.deleted)
            .map(|(id, w)| (*id, w))
    }

    /// The current members, by membership id.
    pub fn members(&self) -> &BTreeMap<MembershipId, Member> {
        &self.members
    }

    /// The membership of `user_id`, if they are a member.
    pub fn membership_of(&self, user_id: UserId) -> Option<(MembershipId, &Member)> {
        self.members
            .iter()
            .find(|(_, m)| m.user_id == user_id)
            .map(|(id, m)| (*id, m))
    }

    /// An invitation by id.
    pub fn invitation(&self, invitation_id: InvitationId) -> Option<&Invitation> {
        self.invitations.get(&invitation_id)
    }

    /// Decides a command against this state: the events it causes, or the rule it breaks.
    /// Pure and synchronous; a command that would change nothing causes no event.
    pub fn decide(
        &self,
        command: OrganizationCommand,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        match command {
            OrganizationCommand::CreateOrganization(c) => self.create_organization(c),
            OrganizationCommand::UpdateOrganization(c) => self.update_organization(c),
            OrganizationCommand::CreateWorkspace(c) => self.create_workspace(c),
            OrganizationCommand::UpdateWorkspace(c) => self.update_workspace(c),
            OrganizationCommand::DeleteWorkspace(c) => self.delete_workspace(c),
            OrganizationCommand::AddMember(c) => self.add_member(c),
            OrganizationCommand::ChangeMemberRole(c) => self.change_member_role(c),
            OrganizationCommand::SetMemberWorkspaces(c) => self.set_member_workspaces(c),
            OrganizationCommand::RemoveMember(c) => self.remove_member(c),
            OrganizationCommand::Invite(c) => self.invite(c),
            OrganizationCommand::ResendInvitation(c) => self.resend_invitation(c),
            OrganizationCommand::CancelInvitation(c) => self.cancel_invitation(c),
            OrganizationCommand::AcceptInvitation(c) => self.accept_invitation(c),
            OrganizationCommand::RejectInvitation(c) => self.reject_invitation(c),
            OrganizationCommand::RequestTransfer(c) => self.request_transfer(c),
            OrganizationCommand::ResolveTransfer(c) => self.resolve_transfer(c),
            OrganizationCommand::ReceiveWorkspace(c) => self.receive_workspace(c),
            OrganizationCommand::UpdateSetupProgress(c) => self.update_setup_progress(c),
        }
    }

    fn create_organization(
        &self,
        command: CreateOrganization,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        if let Some(profile) = &self.profile {
            return Err(OrganizationError::OrganizationAlreadyExists {
                organization_id: profile.organization_id,
            });
        }
        let name = parse_name(&command.name)?;
        let email = parse_email(&command.email)?;
        let location = parse_location(command.location.as_deref())?;
        Ok(vec![
            OrganizationEvent::OrganizationCreated(OrganizationCreated {
                organization_id: command.organization_id,
                slug: slug_of(&name, command.organization_id),
                name,
                email,
                location,
                created_by: command.created_by,
            }),
            OrganizationEvent::MemberAdded(MemberAdded {
                organization_id: command.organization_id,
                membership_id: command.founder_membership_id,
                user_id: command.created_by,
                role: Role::Admin.number(),
                workspaces: Vec::new(),
            }),
        ])
    }

    fn update_organization(
        &self,
        command: UpdateOrganization,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let name = match command.name {
            Some(raw) => parse_name(&raw)?,
            None => profile.name.clone(),
        };
        let email = match command.email {
            Some(raw) => parse_email(&raw)?,
            None => profile.email.clone(),
        };
        let location = match command.location {
            Some(raw) => parse_location(Some(&raw))?,
            None => profile.location.clone(),
        };
        let address = match command.address {
            Some(raw) => parse_optional_text(&raw, ADDRESS_CHARS_MAX, |length, max| {
                OrganizationError::AddressTooLong { length, max }
            })?,
            None => profile.address.clone(),
        };
        let industry = match command.industry {
            Some(raw) => parse_optional_text(&raw, INDUSTRY_CHARS_MAX, |length, max| {
                OrganizationError::IndustryTooLong { length, max }
            })?,
            None => profile.industry.clone(),
        };
        let logo_id = command.logo.unwrap_or(profile.logo_id);
        let updated = OrganizationUpdated {
            organization_id: profile.organization_id,
            name,
            email,
            location,
            address,
            industry,
            logo_id,
        };
        if updated == profile.as_updated() {
            return Ok(Vec::new());
        }
        Ok(vec![OrganizationEvent::OrganizationUpdated(updated)])
    }

    fn create_workspace(
        &self,
        command: CreateWorkspace,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        if self.workspaces.contains_key(&command.workspace_id) {
            return Err(OrganizationError::WorkspaceAlreadyExists {
                workspace_id: command.workspace_id,
            });
        }
        let name = parse_name(&command.name)?;
        let base_currency = parse_currency(command.base_currency.as_deref())?;
        self.ensure_name_free(&name, None)?;
        if self.workspaces.len() >= WORKSPACES_MAX {
            return Err(OrganizationError::TooManyWorkspaces {
                max: WORKSPACES_MAX,
            });
        }
        let mut events = vec![OrganizationEvent::WorkspaceCreated(WorkspaceCreated {
            organization_id: profile.organization_id,
            workspace_id: command.workspace_id,
            name,
            base_currency,
            created_by: command.created_by,
        })];
        // The creator works in what they create: their membership covers it at once.
        if let Some((membership_id, member)) = self.membership_of(command.created_by) {
            let mut workspaces = member.workspaces.clone();
            workspaces.insert(command.workspace_id);
            events.push(OrganizationEvent::MemberWorkspacesChanged(
                MemberWorkspacesChanged {
                    organization_id: profile.organization_id,
                    membership_id,
                    user_id: member.user_id,
                    workspaces: workspaces.into_iter().collect(),
                },
            ));
        }
        Ok(events)
    }

    fn update_workspace(
        &self,
        command: UpdateWorkspace,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let workspace = self.live_workspace(command.workspace_id)?;
        let mut events = Vec::new();
        if let Some(raw) = command.name {
            let name = parse_name(&raw)?;
            if name != workspace.name {
                self.ensure_name_free(&name, Some(command.workspace_id))?;
                events.push(OrganizationEvent::WorkspaceRenamed(WorkspaceRenamed {
                    organization_id: profile.organization_id,
                    workspace_id: command.workspace_id,
                    name,
                }));
            }
        }
        if let Some(image_id) = command.image.filter(|image| *image != workspace.image_id) {
            events.push(OrganizationEvent::WorkspaceImageChanged(
                WorkspaceImageChanged {
                    organization_id: profile.organization_id,
                    workspace_id: command.workspace_id,
                    image_id,
                },
            ));
        }
        if let Some(raw) = command.time_zone {
            let zone = crate::time_zone::parse_time_zone(&raw).map_err(|_| {
                OrganizationError::UnknownTimeZone {
                    name: raw.trim().chars().take(64).collect(),
                }
            })?;
            let name = zone.name();
            if workspace.time_zone.as_deref() != Some(name) {
                events.push(OrganizationEvent::WorkspaceTimeZoneChanged(
                    WorkspaceTimeZoneChanged {
                        organization_id: profile.organization_id,
                        workspace_id: command.workspace_id,
                        time_zone: name.to_owned(),
                    },
                ));
            }
        }
        Ok(events)
    }

    fn delete_workspace(
        &self,
        command: DeleteWorkspace,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        self.live_workspace(command.workspace_id)?;
        // Members sign in to a workspace: an organization left with none has nowhere to
        // land its members, its invitations or a transfer.
        if self.live_workspaces().count() == 1 {
            return Err(OrganizationError::LastWorkspace);
        }
        Ok(vec![OrganizationEvent::WorkspaceDeleted(
            WorkspaceDeleted {
                organization_id: profile.organization_id,
                workspace_id: command.workspace_id,
            },
        )])
    }

    fn add_member(&self, command: AddMember) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        if self.membership_of(command.user_id).is_some() {
            return Err(OrganizationError::AlreadyMember {
                user_id: command.user_id,
            });
        }
        if self.members.contains_key(&command.membership_id) {
            return Err(OrganizationError::AlreadyMember {
                user_id: command.user_id,
            });
        }
        let mut workspaces = BTreeSet::new();
        for workspace_id in command.workspaces {
            self.live_workspace(workspace_id)?;
            workspaces.insert(workspace_id);
        }
        Ok(vec![OrganizationEvent::MemberAdded(MemberAdded {
            organization_id: profile.organization_id,
            membership_id: command.membership_id,
            user_id: command.user_id,
            role: command.role.number(),
            workspaces: workspaces.into_iter().collect(),
        })])
    }

    fn set_member_workspaces(
        &self,
        command: SetMemberWorkspaces,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let member = self.member(command.membership_id)?;
        let workspaces = self.live_set(&command.workspaces)?;
        if workspaces.iter().copied().collect::<BTreeSet<_>>() == member.workspaces {
            return Ok(Vec::new());
        }
        Ok(vec![OrganizationEvent::MemberWorkspacesChanged(
            MemberWorkspacesChanged {
                organization_id: profile.organization_id,
                membership_id: command.membership_id,
                user_id: member.user_id,
                workspaces,
            },
        )])
    }

    fn change_member_role(
        &self,
        command: ChangeMemberRole,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let member = self.member(command.membership_id)?;
        if member.role == command.role {
            return Ok(Vec::new());
        }
        if member.role == Role::Admin && self.admin_count() == 1 {
            return Err(OrganizationError::LastAdmin);
        }
        Ok(vec![OrganizationEvent::MemberRoleChanged(
            MemberRoleChanged {
                organization_id: profile.organization_id,
                membership_id: command.membership_id,
                user_id: member.user_id,
                role: command.role.number(),
            },
        )])
    }

    fn remove_member(
        &self,
        command: RemoveMember,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let member = self.member(command.membership_id)?;
        if !member.workspaces.contains(&command.workspace_id) {
            return Err(OrganizationError::WorkspaceNotCovered {
                workspace_id: command.workspace_id,
            });
        }
        let remaining: Vec<WorkspaceId> = member
            .workspaces
            .iter()
            .copied()
            .filter(|w| *w != command.workspace_id)
            .collect();
        if !remaining.is_empty() {
            return Ok(vec![OrganizationEvent::MemberWorkspacesChanged(
                MemberWorkspacesChanged {
                    organization_id: profile.organization_id,
                    membership_id: command.membership_id,
                    user_id: member.user_id,
                    workspaces: remaining,
                },
            )]);
        }
        if member.role == Role::Admin && self.admin_count() == 1 {
            return Err(OrganizationError::LastAdmin);
        }
        Ok(vec![OrganizationEvent::MemberRemoved(MemberRemoved {
            organization_id: profile.organization_id,
            membership_id: command.membership_id,
            user_id: member.user_id,
        })])
    }

    fn invite(&self, command: Invite) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        if self.invitations.contains_key(&command.invitation_id) {
            return Err(OrganizationError::InvitationClosed { status: "sent" });
        }
        let email = match &command.email {
            Some(raw) => Some(parse_email(raw)?),
            None if command.role != Role::Viewer => {
                return Err(OrganizationError::LinkRoleMustBeViewer)
            }
            None => None,
        };
        let workspaces = self.live_set(&command.workspaces)?;
        if let Some(email) = &email {
            let wanted = email.to_lowercase();
            let pending = self.invitations.values().any(|i| {
                i.status == InvitationStatus::Pending
                    && i.expires_at > command.now
                    && i.email.as_deref().map(str::to_lowercase) == Some(wanted.clone())
            });
            if pending {
                return Err(OrganizationError::InvitationAlreadyPending {
                    email: email.clone(),
                });
            }
        }
        Ok(vec![OrganizationEvent::InvitationCreated(
            InvitationCreated {
                organization_id: profile.organization_id,
                invitation_id: command.invitation_id,
                email,
                role: command.role.number(),
                workspaces,
                invited_by: command.invited_by,
                expires_at: command.now + INVITATION_TTL_US,
            },
        )])
    }

    /// The distinct live workspaces among `ids`; at least one.
    fn live_set(&self, ids: &[WorkspaceId]) -> Result<Vec<WorkspaceId>, OrganizationError> {
        let mut set = BTreeSet::new();
        for id in ids {
            self.live_workspace(*id)?;
            set.insert(*id);
        }
        if set.is_empty() {
            return Err(OrganizationError::NoWorkspacesChosen);
        }
        Ok(set.into_iter().collect())
    }

    /// A pending invitation; `usable_at` also requires it not to have expired then.
    fn pending_invitation(
        &self,
        invitation_id: InvitationId,
        usable_at: Option<i64>,
    ) -> Result<&Invitation, OrganizationError> {
        let invitation = self
            .invitations
            .get(&invitation_id)
            .ok_or(OrganizationError::InvitationNotFound { invitation_id })?;
        if invitation.status != InvitationStatus::Pending {
            return Err(OrganizationError::InvitationClosed {
                status: invitation.status.word(),
            });
        }
        if usable_at.is_some_and(|now| invitation.expires_at <= now) {
            return Err(OrganizationError::InvitationExpired);
        }
        Ok(invitation)
    }

    fn resend_invitation(
        &self,
        command: ResendInvitation,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        self.pending_invitation(command.invitation_id, None)?;
        Ok(vec![OrganizationEvent::InvitationResent(
            InvitationResent {
                organization_id: profile.organization_id,
                invitation_id: command.invitation_id,
                expires_at: command.now + INVITATION_TTL_US,
            },
        )])
    }

    fn cancel_invitation(
        &self,
        command: CancelInvitation,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        self.pending_invitation(command.invitation_id, None)?;
        Ok(vec![OrganizationEvent::InvitationCancelled(
            InvitationCancelled {
                organization_id: profile.organization_id,
                invitation_id: command.invitation_id,
            },
        )])
    }

    fn accept_invitation(
        &self,
        command: AcceptInvitation,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let invitation = self.pending_invitation(command.invitation_id, Some(command.now))?;
        if let Some(email) = &invitation.email {
            if !email.eq_ignore_ascii_case(command.user_email.trim()) {
                return Err(OrganizationError::InvitationForAnotherEmail);
            }
        }
        if invitation.is_link() {
            let covered = self.membership_of(command.user_id).is_some_and(|(_, m)| {
                invitation
                    .workspaces
                    .iter()
                    .all(|w| m.workspaces.contains(w))
            });
            if covered {
                return Err(OrganizationError::AlreadyMember {
                    user_id: command.user_id,
                });
            }
        }
        // Workspaces deleted since the invitation was sent are simply not granted.
        let granted: Vec<WorkspaceId> = invitation
            .workspaces
            .iter()
            .copied()
            .filter(|w| self.workspace(*w).is_some_and(|w| !w.deleted))
            .collect();
        let mut events = vec![OrganizationEvent::InvitationAccepted(InvitationAccepted {
            organization_id: profile.organization_id,
            invitation_id: command.invitation_id,
            user_id: command.user_id,
        })];
        match self.membership_of(command.user_id) {
            Some((membership_id, member)) => {
                let mut workspaces = member.workspaces.clone();
                workspaces.extend(granted);
                if workspaces != member.workspaces {
                    events.push(OrganizationEvent::MemberWorkspacesChanged(
                        MemberWorkspacesChanged {
                            organization_id: profile.organization_id,
                            membership_id,
                            user_id: command.user_id,
                            workspaces: workspaces.into_iter().collect(),
                        },
                    ));
                }
            }
            None => events.push(OrganizationEvent::MemberAdded(MemberAdded {
                organization_id: profile.organization_id,
                membership_id: command.membership_id,
                user_id: command.user_id,
                role: invitation.role.number(),
                workspaces: granted,
            })),
        }
        Ok(events)
    }

    fn reject_invitation(
        &self,
        command: RejectInvitation,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        self.pending_invitation(command.invitation_id, Some(command.now))?;
        Ok(vec![OrganizationEvent::InvitationRejected(
            InvitationRejected {
                organization_id: profile.organization_id,
                invitation_id: command.invitation_id,
            },
        )])
    }

    fn request_transfer(
        &self,
        command: RequestTransfer,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        self.live_workspace(command.workspace_id)?;
        if command.target_organization_id == profile.organization_id {
            return Err(OrganizationError::TransferToSelf);
        }
        let pending = self
            .transfers
            .values()
            .any(|t| t.workspace_id == command.workspace_id && t.status == 1);
        if pending || self.transfers.contains_key(&command.transfer_id) {
            return Err(OrganizationError::TransferAlreadyPending);
        }
        Ok(vec![OrganizationEvent::TransferRequested(
            TransferRequested {
                organization_id: profile.organization_id,
                transfer_id: command.transfer_id,
                workspace_id: command.workspace_id,
                target_organization_id: command.target_organization_id,
                requested_by: command.requested_by,
            },
        )])
    }

    fn resolve_transfer(
        &self,
        command: ResolveTransfer,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let transfer = self.transfers.get(&command.transfer_id).ok_or(
            OrganizationError::TransferNotFound {
                transfer_id: command.transfer_id,
            },
        )?;
        if transfer.status != 1 {
            return Err(OrganizationError::TransferClosed);
        }
        let mut events = vec![OrganizationEvent::TransferResolved(TransferResolved {
            organization_id: profile.organization_id,
            transfer_id: command.transfer_id,
            status: command.answer.status(),
            resolved_by: command.resolved_by,
        })];
        if command.answer == TransferAnswer::Approved {
            self.live_workspace(transfer.workspace_id)?;
            events.push(OrganizationEvent::WorkspaceTransferredOut(
                WorkspaceTransferredOut {
                    organization_id: profile.organization_id,
                    workspace_id: transfer.workspace_id,
                    transfer_id: command.transfer_id,
                    target_organization_id: transfer.target_organization_id,
                },
            ));
            // Members here no longer cover a workspace that is not here.
            for (membership_id, member) in &self.members {
                if member.workspaces.contains(&transfer.workspace_id) {
                    events.push(OrganizationEvent::MemberWorkspacesChanged(
                        MemberWorkspacesChanged {
                            organization_id: profile.organization_id,
                            membership_id: *membership_id,
                            user_id: member.user_id,
                            workspaces: member
                                .workspaces
                                .iter()
                                .copied()
                                .filter(|w| *w != transfer.workspace_id)
                                .collect(),
                        },
                    ));
                }
            }
        }
        Ok(events)
    }

    fn receive_workspace(
        &self,
        command: ReceiveWorkspace,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        if self.received.contains(&command.transfer_id) {
            return Ok(Vec::new());
        }
        if self.workspaces.contains_key(&command.workspace_id) {
            return Err(OrganizationError::WorkspaceAlreadyExists {
                workspace_id: command.workspace_id,
            });
        }
        let name = self.free_name(&command.name);
        let mut events = vec![OrganizationEvent::WorkspaceTransferredIn(
            WorkspaceTransferredIn {
                organization_id: profile.organization_id,
                workspace_id: command.workspace_id,
                transfer_id: command.transfer_id,
                source_organization_id: command.source_organization_id,
                name,
                base_currency: command.base_currency,
                created_by: command.created_by,
            },
        )];
        if let Some((membership_id, member)) = self.membership_of(command.receiver) {
            let mut workspaces = member.workspaces.clone();
            workspaces.insert(command.workspace_id);
            events.push(OrganizationEvent::MemberWorkspacesChanged(
                MemberWorkspacesChanged {
                    organization_id: profile.organization_id,
                    membership_id,
                    user_id: member.user_id,
                    workspaces: workspaces.into_iter().collect(),
                },
            ));
        }
        Ok(events)
    }

    /// `name`, or — when a live workspace here already has it — the first free of
    /// "name (transferred)", "name (transferred 2)", …: a transfer that was approved must
    /// not fail on a name.
    fn free_name(&self, name: &str) -> String {
        let taken = |candidate: &str| {
            let wanted = candidate.to_lowercase();
            self.live_workspaces()
                .any(|(_, w)| w.name.to_lowercase() == wanted)
        };
        if !taken(name) {
            return name.to_owned();
        }
        let base: String = name.chars().take(NAME_CHARS_MAX - 20).collect();
        (1..)
            .map(|n| {
                if n == 1 {
                    format!("{base} (transferred)")
                } else {
                    format!("{base} (transferred {n})")
                }
            })
            .find(|candidate| !taken(candidate))
            .unwrap_or(base)
    }

    fn update_setup_progress(
        &self,
        command: UpdateSetupProgress,
    ) -> Result<Vec<OrganizationEvent>, OrganizationError> {
        let profile = self.existing()?;
        let skipped = match command.skipped_steps {
            None => self.setup.0.clone(),
            Some(steps) => {
                let mut set = BTreeSet::new();
                for step in steps {
                    let step = step.trim().to_owned();
                    if !SETUP_STEPS.contains(&step.as_str()) {
                        return Err(OrganizationError::UnknownSetupStep { step });
                    }
                    set.insert(step);
                }
                set
            }
        };
        let dismissed = command.dismissed.unwrap_or(self.setup.1);
        if (&skipped, dismissed) == (&self.setup.0, self.setup.1) {
            return Ok(Vec::new());
        }
        Ok(vec![OrganizationEvent::SetupProgressUpdated(
            SetupProgressUpdated {
                organization_id: profile.organization_id,
                skipped_steps: skipped.into_iter().collect(),
                dismissed,
            },
        )])
    }

    fn member(&self, membership_id: MembershipId) -> Result<&Member, OrganizationError> {
        self.members
            .get(&membership_id)
            .ok_or(OrganizationError::MemberNotFound { membership_id })
    }

    fn admin_count(&self) -> usize {
        self.members
            .values()
            .filter(|m| m.role == Role::Admin)
            .count()
    }

    fn existing(&self) -> Result<&OrganizationProfile, OrganizationError> {
        self.profile
            .as_ref()
            .ok_or(OrganizationError::OrganizationNotFound)
    }

    fn live_workspace(&self, workspace_id: WorkspaceId) -> Result<&Workspace, OrganizationError> {
        match self.workspaces.get(&workspace_id) {
            None => Err(OrganizationError::WorkspaceNotFound { workspace_id }),
            Some(w) if w.deleted => Err(OrganizationError::WorkspaceIsDeleted { workspace_id }),
            Some(w) => Ok(w),
        }
    }

    /// Workspace names are unique among the organization's live workspaces, ignoring
    /// case: "Lagos Office" and "lagos office" side by side in the workspace rail would be
    /// told apart by nobody. `except` is the workspace being renamed.
    fn ensure_name_free(
        &self,
        name: &str,
        except: Option<WorkspaceId>,
    ) -> Result<(), OrganizationError> {
        let wanted = name.to_lowercase();
        let taken = self
            .live_workspaces()
            .any(|(id, w)| Some(id) != except && w.name.to_lowercase() == wanted);
        if taken {
            return Err(OrganizationError::WorkspaceNameTaken {
                name: name.to_owned(),
            });
        }
        Ok(())
    }
}

impl Organization {
    fn set_invitation_status(&mut self, invitation_id: InvitationId, status: InvitationStatus) {
        if let Some(invitation) = self.invitations.get_mut(&invitation_id) {
            invitation.status = status;
        }
    }
}

impl crate::decider::Decider for Organization {
    const SNAPSHOT_EVERY: usize = 50;

    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Organization::decide(self, command)
    }
}

impl Aggregate for Organization {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = OrganizationCommand;
    type Event = OrganizationEvent;
    type Error = OrganizationError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    /// Applies a committed event. Events are facts, so this never rejects one; each
    /// event carries the full values it sets, which also makes applying it idempotent.
    fn apply(&mut self, event: Self::Event) {
        match event {
            OrganizationEvent::OrganizationCreated(e) => {
                self.profile = Some(OrganizationProfile {
                    organization_id: e.organization_id,
                    name: e.name,
                    slug: e.slug,
                    email: e.email,
                    location: e.location,
                    address: None,
                    industry: None,
                    logo_id: None,
                    created_by: e.created_by,
                });
            }
            OrganizationEvent::OrganizationUpdated(e) => {
                debug_assert!(self.profile.is_some(), "update before creation");
                if let Some(profile) = &mut self.profile {
                    profile.name = e.name;
                    profile.email = e.email;
                    profile.location = e.location;
                    profile.address = e.address;
                    profile.industry = e.industry;
                    profile.logo_id = e.logo_id;
                }
            }
            OrganizationEvent::WorkspaceCreated(e) => {
                self.workspaces.insert(
                    e.workspace_id,
                    Workspace {
                        name: e.name,
                        base_currency: e.base_currency,
                        created_by: e.created_by,
                        deleted: false,
                        image_id: None,
                        time_zone: None,
                    },
                );
            }
            OrganizationEvent::WorkspaceRenamed(e) => {
                debug_assert!(self.workspaces.contains_key(&e.workspace_id));
                if let Some(workspace) = self.workspaces.get_mut(&e.workspace_id) {
                    workspace.name = e.name;
                }
            }
            OrganizationEvent::WorkspaceImageChanged(e) => {
                if let Some(workspace) = self.workspaces.get_mut(&e.workspace_id) {
                    workspace.image_id = e.image_id;
                }
            }
            OrganizationEvent::WorkspaceTimeZoneChanged(e) => {
                if let Some(workspace) = self.workspaces.get_mut(&e.workspace_id) {
                    workspace.time_zone = Some(e.time_zone);
                }
            }
            OrganizationEvent::WorkspaceDeleted(e) => {
                debug_assert!(self.workspaces.contains_key(&e.workspace_id));
                if let Some(workspace) = self.workspaces.get_mut(&e.workspace_id) {
                    workspace.deleted = true;
                }
            }
            OrganizationEvent::MemberAdded(e) => {
                self.members.insert(
                    e.membership_id,
                    Member {
                        user_id: e.user_id,
                        role: role_of(e.role),
                        workspaces: e.workspaces.into_iter().collect(),
                    },
                );
            }
            OrganizationEvent::MemberRoleChanged(e) => {
                if let Some(member) = self.members.get_mut(&e.membership_id) {
                    member.role = role_of(e.role);
                }
            }
            OrganizationEvent::MemberWorkspacesChanged(e) => {
                if let Some(member) = self.members.get_mut(&e.membership_id) {
                    member.workspaces = e.workspaces.into_iter().collect();
                }
            }
            OrganizationEvent::MemberRemoved(e) => {
                self.members.remove(&e.membership_id);
            }
            OrganizationEvent::InvitationCreated(e) => {
                self.invitations.insert(
                    e.invitation_id,
                    Invitation {
                        email: e.email,
                        role: role_of(e.role),
                        workspaces: e.workspaces,
                        status: InvitationStatus::Pending,
                        expires_at: e.expires_at,
                        uses: 0,
                    },
                );
            }
            OrganizationEvent::InvitationResent(e) => {
                if let Some(invitation) = self.invitations.get_mut(&e.invitation_id) {
                    invitation.expires_at = e.expires_at;
                }
            }
            OrganizationEvent::InvitationCancelled(e) => {
                self.set_invitation_status(e.invitation_id, InvitationStatus::Cancelled);
            }
            OrganizationEvent::InvitationAccepted(e) => {
                if let Some(invitation) = self.invitations.get_mut(&e.invitation_id) {
                    if invitation.is_link() {
                        invitation.uses += 1;
                    } else {
                        invitation.status = InvitationStatus::Accepted;
                    }
                }
            }
            OrganizationEvent::InvitationRejected(e) => {
                self.set_invitation_status(e.invitation_id, InvitationStatus::Rejected);
            }
            OrganizationEvent::TransferRequested(e) => {
                self.transfers.insert(
                    e.transfer_id,
                    Transfer {
                        workspace_id: e.workspace_id,
                        target_organization_id: e.target_organization_id,
                        status: 1,
                    },
                );
            }
            OrganizationEvent::TransferResolved(e) => {
                if let Some(transfer) = self.transfers.get_mut(&e.transfer_id) {
                    transfer.status = e.status;
                }
            }
            OrganizationEvent::WorkspaceTransferredOut(e) => {
                // Gone from here; its id stays taken, like a deleted workspace's.
                if let Some(workspace) = self.workspaces.get_mut(&e.workspace_id) {
                    workspace.deleted = true;
                }
            }
            OrganizationEvent::SetupProgressUpdated(e) => {
                self.setup = (e.skipped_steps.into_iter().collect(), e.dismissed);
            }
            OrganizationEvent::WorkspaceTransferredIn(e) => {
                self.received.insert(e.transfer_id);
                self.workspaces.insert(
                    e.workspace_id,
                    Workspace {
                        name: e.name,
                        base_currency: e.base_currency,
                        created_by: e.created_by,
                        deleted: false,
                        // The event does not carry it; a PATCH naming the image it
                        // already shows records it again, harmlessly.
                        image_id: None,
                        // Nor its zone: it reads in the receiving organization's until
                        // an Admin there sets one.
                        time_zone: None,
                    },
                );
            }
        }
    }
}

/// The role an event recorded. Only `decide` writes role numbers, from a [`Role`], so an
/// unknown number cannot be in the log; reading one as Viewer grants the least.
fn role_of(number: u8) -> Role {
    Role::from_number(number).unwrap_or(Role::Viewer)
}

/// A display name: trimmed, not blank, at most [`NAME_CHARS_MAX`] characters (Unicode
/// scalar values, as JSON Schema's `maxLength` counts them).
fn parse_name(raw: &str) -> Result<String, OrganizationError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(OrganizationError::NameRequired);
    }
    let length = name.chars().count();
    if length > NAME_CHARS_MAX {
        return Err(OrganizationError::NameTooLong {
            length,
            max: NAME_CHARS_MAX,
        });
    }
    Ok(name.to_owned())
}

/// An e-mail address by the spec's basic pattern (see [`crate::validation::email`]).
fn parse_email(raw: &str) -> Result<String, OrganizationError> {
    crate::validation::email(raw).ok_or_else(|| OrganizationError::InvalidEmail {
        email: raw.trim().to_owned(),
    })
}

/// An optional location: trimmed; blank means none.
/// Free text that may be blank (cleared: `None`), trimmed, at most `max` characters.
fn parse_optional_text(
    raw: &str,
    max: usize,
    too_long: fn(usize, usize) -> OrganizationError,
) -> Result<Option<String>, OrganizationError> {
    let text = raw.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let length = text.chars().count();
    if length > max {
        return Err(too_long(length, max));
    }
    Ok(Some(text.to_owned()))
}

fn parse_location(raw: Option<&str>) -> Result<Option<String>, OrganizationError> {
    let Some(location) = raw.map(str::trim).filter(|l| !l.is_empty()) else {
        return Ok(None);
    };
    let length = location.chars().count();
    if length > LOCATION_CHARS_MAX {
        return Err(OrganizationError::LocationTooLong {
            length,
            max: LOCATION_CHARS_MAX,
        });
    }
    Ok(Some(location.to_owned()))
}

/// A base currency: three ASCII letters, stored upper case; none given means NGN.
fn parse_currency(raw: Option<&str>) -> Result<String, OrganizationError> {
    let Some(code) = raw.map(str::trim) else {
        return Ok(DEFAULT_BASE_CURRENCY.to_owned());
    };
    if code.len() != 3 || !code.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(OrganizationError::InvalidCurrency {
            currency: code.to_owned(),
        });
    }
    Ok(code.to_ascii_uppercase())
}

/// The URL handle of a name: lower-case letters and digits, runs of anything else
/// replaced by one `-` ("Adebayo & Sons Ltd" → `adebayo-sons-ltd`). A name with no
/// letter or digit at all falls back to the organization id, so a slug is never empty.
fn slug_of(name: &str, organization_id: OrganizationId) -> String {
    let mut slug = String::with_capacity(name.len());
    let mut gap = false;
    for c in name.chars() {
        if c.is_alphanumeric() {
            if gap && !slug.is_empty() {
                slug.push('-');
            }
            gap = false;
            slug.extend(c.to_lowercase());
        } else {
            gap = true;
        }
    }
    if slug.is_empty() {
        return format!("org-{}", organization_id.as_uuid().simple());
    }
    slug
}
