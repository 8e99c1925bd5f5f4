//! What can be asked of an audit session. Each command names who asks (`by`).

use chrono::NaiveDate;
use event_schemas::audit_session::{
    AuditSessionOpened, FindingConclusion, FindingTarget, SignOffRole,
};
use event_schemas::UserId;
use uuid::Uuid;

#[derive(Debug, Clone, PartialEq)]
pub enum AuditSessionCommand {
    Open(OpenSession),
    SignOff(SignOffSession),
    Archive(ArchiveSession),
    Share(ShareSession),
    RevokeShare(RevokeShare),
    NoteFinding(NoteFinding),
    ConcludeFinding(ConcludeFinding),
}

/// Opens the session as described (its cut-off pinned by the caller from the workspace
/// chain's head at this moment).
#[derive(Debug, Clone, PartialEq)]
pub struct OpenSession {
    pub opened: AuditSessionOpened,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignOffSession {
    pub role: SignOffRole,
    pub by: UserId,
    pub on: NaiveDate,
    pub conclusion: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveSession {
    pub by: UserId,
}

/// Publishes the result at a link whose secret only the caller saw (its hash is kept).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareSession {
    pub share_id: Uuid,
    pub secret_sha256: String,
    pub expires_at: i64,
    pub by: UserId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevokeShare {
    pub share_id: Uuid,
    pub by: UserId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteFinding {
    pub note_id: Uuid,
    pub target: FindingTarget,
    pub text: String,
    pub by: UserId,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConcludeFinding {
    pub target: FindingTarget,
    pub conclusion: FindingConclusion,
    pub rationale: String,
    pub by: UserId,
}

macro_rules! into_command {
    ($($variant:ident($command:ident)),* $(,)?) => {$(
        impl From<$command> for AuditSessionCommand {
            fn from(command: $command) -> Self {
                Self::$variant(command)
            }
        }
    )*};
}

into_command!(
    Open(OpenSession),
    SignOff(SignOffSession),
    Archive(ArchiveSession),
    Share(ShareSession),
    RevokeShare(RevokeShare),
    NoteFinding(NoteFinding),
    ConcludeFinding(ConcludeFinding),
);
