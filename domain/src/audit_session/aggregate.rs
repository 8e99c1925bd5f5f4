//! A session as its events left it, and what each command decides on it.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::audit_session::{
    AuditFindingConcluded, AuditFindingNoted, AuditSessionArchived, AuditSessionEvent,
    AuditSessionShared, AuditSessionSignedOff, AuditShareRevoked, SignOffRole, AGGREGATE_TYPE,
};
use event_schemas::{UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::{
    ArchiveSession, AuditSessionCommand, ConcludeFinding, NoteFinding, OpenSession, RevokeShare,
    ShareSession, SignOffSession,
};
use super::errors::AuditSessionError;

/// Where a session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SessionStatus {
    #[default]
    New,
    Open,
    InReview,
    SignedOff,
    Archived,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::New => "new",
            Self::Open => "open",
            Self::InReview => "in_review",
            Self::SignedOff => "signed_off",
            Self::Archived => "archived",
        }
    }
}

/// A live share of the session's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    pub share_id: Uuid,
    pub secret_sha256: String,
    pub expires_at: i64,
}

/// What the rules need to know of a session.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditSession {
    session_id: Option<Uuid>,
    workspace_id: Option<WorkspaceId>,
    status: SessionStatus,
    /// Who opened the session: its owner, who may publish it without being an Admin.
    opened_by: Option<UserId>,
    performer: Option<UserId>,
    shares: Vec<Share>,
}

impl AuditSession {
    pub fn status(&self) -> SessionStatus {
        self.status
    }

    /// The workspace audited, once opened.
    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        self.workspace_id
    }

    /// Who opened the session, once opened.
    pub fn opened_by(&self) -> Option<UserId> {
        self.opened_by
    }

    pub fn shares(&self) -> &[Share] {
        &self.shares
    }

    pub fn decide(
        &self,
        command: AuditSessionCommand,
    ) -> Result<Vec<AuditSessionEvent>, AuditSessionError> {
        let event = match command {
            AuditSessionCommand::Open(c) => self.open(c)?,
            AuditSessionCommand::SignOff(c) => self.sign_off(c)?,
            AuditSessionCommand::Archive(c) => self.archive(c)?,
            AuditSessionCommand::Share(c) => self.share(c)?,
            AuditSessionCommand::RevokeShare(c) => self.revoke(c)?,
            AuditSessionCommand::NoteFinding(c) => self.note(c)?,
            AuditSessionCommand::ConcludeFinding(c) => self.conclude(c)?,
        };
        Ok(vec![event])
    }

    fn existing(&self) -> Result<Uuid, AuditSessionError> {
        match (self.session_id, self.status) {
            (None, _) | (_, SessionStatus::New) => Err(AuditSessionError::NotFound),
            (Some(_), SessionStatus::Archived) => Err(AuditSessionError::Archived),
            (Some(id), _) => Ok(id),
        }
    }

    /// The session, while its findings may still be worked on (open or in review).
    fn working(&self) -> Result<Uuid, AuditSessionError> {
        match self.status {
            SessionStatus::SignedOff => Err(AuditSessionError::FindingsClosed("signed off")),
            SessionStatus::Archived => Err(AuditSessionError::FindingsClosed("archived")),
            _ => self.existing(),
        }
    }

    fn open(&self, command: OpenSession) -> Result<AuditSessionEvent, AuditSessionError> {
        if self.status != SessionStatus::New {
            return Err(AuditSessionError::AlreadyOpen);
        }
        Ok(AuditSessionEvent::AuditSessionOpened(command.opened))
    }

    fn note(&self, command: NoteFinding) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.working()?;
        Ok(AuditSessionEvent::AuditFindingNoted(AuditFindingNoted {
            session_id,
            note_id: command.note_id,
            target: command.target,
            text: command.text,
            noted_by: command.by,
        }))
    }

    fn conclude(&self, command: ConcludeFinding) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.working()?;
        Ok(AuditSessionEvent::AuditFindingConcluded(
            AuditFindingConcluded {
                session_id,
                target: command.target,
                conclusion: command.conclusion,
                rationale: command.rationale,
                concluded_by: command.by,
            },
        ))
    }

    fn sign_off(&self, command: SignOffSession) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.existing()?;
        match (command.role, self.status) {
            (SignOffRole::Performer, SessionStatus::Open) => {}
            (SignOffRole::Performer, _) => {
                return Err(AuditSessionError::AlreadySigned("performer"))
            }
            (SignOffRole::Reviewer, SessionStatus::Open) => {
                return Err(AuditSessionError::PerformerFirst)
            }
            (SignOffRole::Reviewer, SessionStatus::InReview) => {
                if self.performer == Some(command.by) {
                    return Err(AuditSessionError::ReviewerIsPerformer);
                }
            }
            (SignOffRole::Reviewer, _) => return Err(AuditSessionError::AlreadySigned("reviewer")),
        }
        Ok(AuditSessionEvent::AuditSessionSignedOff(
            AuditSessionSignedOff {
                session_id,
                role: command.role,
                signed_by: command.by,
                signed_on: command.on,
                conclusion: command.conclusion,
            },
        ))
    }

    fn archive(&self, command: ArchiveSession) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.existing()?;
        Ok(AuditSessionEvent::AuditSessionArchived(
            AuditSessionArchived {
                session_id,
                archived_by: command.by,
            },
        ))
    }

    fn share(&self, command: ShareSession) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.existing()?;
        if self.status == SessionStatus::Open {
            return Err(AuditSessionError::NotReadyToShare);
        }
        Ok(AuditSessionEvent::AuditSessionShared(AuditSessionShared {
            session_id,
            share_id: command.share_id,
            secret_sha256: command.secret_sha256,
            expires_at: command.expires_at,
            shared_by: command.by,
        }))
    }

    fn revoke(&self, command: RevokeShare) -> Result<AuditSessionEvent, AuditSessionError> {
        let session_id = self.session_id.ok_or(AuditSessionError::NotFound)?;
        if !self.shares.iter().any(|s| s.share_id == command.share_id) {
            return Err(AuditSessionError::NoSuchShare);
        }
        Ok(AuditSessionEvent::AuditShareRevoked(AuditShareRevoked {
            session_id,
            share_id: command.share_id,
            revoked_by: command.by,
        }))
    }
}

impl crate::decider::Decider for AuditSession {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        AuditSession::decide(self, command)
    }
}

impl Aggregate for AuditSession {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = AuditSessionCommand;
    type Event = AuditSessionEvent;
    type Error = AuditSessionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            AuditSessionEvent::AuditSessionOpened(e) => {
                self.session_id = Some(e.session_id);
                self.workspace_id = Some(e.workspace_id);
                self.opened_by = Some(e.opened_by);
                self.status = SessionStatus::Open;
            }
            AuditSessionEvent::AuditSessionSignedOff(e) => match e.role {
                SignOffRole::Performer => {
                    self.performer = Some(e.signed_by);
                    self.status = SessionStatus::InReview;
                }
                SignOffRole::Reviewer => self.status = SessionStatus::SignedOff,
            },
            AuditSessionEvent::AuditSessionArchived(_) => self.status = SessionStatus::Archived,
            AuditSessionEvent::AuditSessionShared(e) => self.shares.push(Share {
                share_id: e.share_id,
                secret_sha256: e.secret_sha256,
                expires_at: e.expires_at,
            }),
            AuditSessionEvent::AuditShareRevoked(e) => {
                self.shares.retain(|s| s.share_id != e.share_id);
            }
            AuditSessionEvent::AuditFindingNoted(_)
            | AuditSessionEvent::AuditFindingConcluded(_) => {}
        }
    }
}
