//! Audit session rules: the states a session goes through and who may move it on.
//!
//! Open → (performer signs off) in review → (a different reviewer signs off) signed off →
//! archived. Sharing is allowed once the performer has signed: a draft result is not
//! published. Notes and conclusions on findings are work on the session: they are taken
//! while it is open or in review, never once it is signed off or archived. The state is
//! folded from the session's stream; commands decide events.

use chrono::NaiveDate;
use event_schemas::audit_session::{
    AuditFindingConcluded, AuditFindingNoted, AuditSessionArchived, AuditSessionEvent,
    AuditSessionShared, AuditSessionSignedOff, AuditShareRevoked, FindingConclusion, FindingTarget,
    SignOffRole,
};
use event_schemas::{UserId, WorkspaceId};
use uuid::Uuid;

/// Where a session stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub share_id: Uuid,
    pub secret_sha256: String,
    pub expires_at: i64,
}

/// What the rules need to know of a session.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionState {
    pub session_id: Option<Uuid>,
    pub workspace_id: Option<WorkspaceId>,
    pub status: SessionStatus,
    /// Who opened the session: its owner, who may publish it without being an Admin.
    pub opened_by: Option<UserId>,
    pub performer: Option<UserId>,
    pub shares: Vec<Share>,
    /// Events in the stream: the next event's sequence is this + 1.
    pub version: i64,
}

impl SessionState {
    pub fn apply(&mut self, event: &AuditSessionEvent) {
        self.version += 1;
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
                secret_sha256: e.secret_sha256.clone(),
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

/// Why a session command was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    #[error("Audit session not found.")]
    NotFound,
    #[error("The performer signs off first.")]
    PerformerFirst,
    #[error("The session is already signed off by its {0}.")]
    AlreadySigned(&'static str),
    #[error("The reviewer must be someone other than the performer.")]
    ReviewerIsPerformer,
    #[error("An archived session cannot change.")]
    Archived,
    #[error("A session is shared once its performer has signed it off.")]
    NotReadyToShare,
    #[error("No such share on this session.")]
    NoSuchShare,
    /// Findings are noted and concluded before the session is signed off, never after:
    /// the signed workpaper does not change under its signatures.
    #[error("The session is {0}: its findings can no longer be noted or concluded.")]
    FindingsClosed(&'static str),
}

fn existing(state: &SessionState) -> Result<Uuid, SessionError> {
    match (state.session_id, state.status) {
        (None, _) | (_, SessionStatus::New) => Err(SessionError::NotFound),
        (Some(_), SessionStatus::Archived) => Err(SessionError::Archived),
        (Some(id), _) => Ok(id),
    }
}

/// The session, while its findings may still be worked on (open or in review).
fn working(state: &SessionState) -> Result<Uuid, SessionError> {
    match state.status {
        SessionStatus::SignedOff => Err(SessionError::FindingsClosed("signed off")),
        SessionStatus::Archived => Err(SessionError::FindingsClosed("archived")),
        _ => existing(state),
    }
}

pub fn note(
    state: &SessionState,
    note_id: Uuid,
    target: FindingTarget,
    text: String,
    by: UserId,
) -> Result<AuditSessionEvent, SessionError> {
    let session_id = working(state)?;
    Ok(AuditSessionEvent::AuditFindingNoted(AuditFindingNoted {
        session_id,
        note_id,
        target,
        text,
        noted_by: by,
    }))
}

pub fn conclude(
    state: &SessionState,
    target: FindingTarget,
    conclusion: FindingConclusion,
    rationale: String,
    by: UserId,
) -> Result<AuditSessionEvent, SessionError> {
    let session_id = working(state)?;
    Ok(AuditSessionEvent::AuditFindingConcluded(
        AuditFindingConcluded {
            session_id,
            target,
            conclusion,
            rationale,
            concluded_by: by,
        },
    ))
}

pub fn sign_off(
    state: &SessionState,
    role: SignOffRole,
    by: UserId,
    on: NaiveDate,
    conclusion: String,
) -> Result<AuditSessionEvent, SessionError> {
    let session_id = existing(state)?;
    match (role, state.status) {
        (SignOffRole::Performer, SessionStatus::Open) => {}
        (SignOffRole::Performer, _) => return Err(SessionError::AlreadySigned("performer")),
        (SignOffRole::Reviewer, SessionStatus::Open) => return Err(SessionError::PerformerFirst),
        (SignOffRole::Reviewer, SessionStatus::InReview) => {
            if state.performer == Some(by) {
                return Err(SessionError::ReviewerIsPerformer);
            }
        }
        (SignOffRole::Reviewer, _) => return Err(SessionError::AlreadySigned("reviewer")),
    }
    Ok(AuditSessionEvent::AuditSessionSignedOff(
        AuditSessionSignedOff {
            session_id,
            role,
            signed_by: by,
            signed_on: on,
            conclusion,
        },
    ))
}

pub fn archive(state: &SessionState, by: UserId) -> Result<AuditSessionEvent, SessionError> {
    let session_id = existing(state)?;
    Ok(AuditSessionEvent::AuditSessionArchived(
        AuditSessionArchived {
            session_id,
            archived_by: by,
        },
    ))
}

pub fn share(
    state: &SessionState,
    share_id: Uuid,
    secret_sha256: String,
    expires_at: i64,
    by: UserId,
) -> Result<AuditSessionEvent, SessionError> {
    let session_id = existing(state)?;
    if state.status == SessionStatus::Open {
        return Err(SessionError::NotReadyToShare);
    }
    Ok(AuditSessionEvent::AuditSessionShared(AuditSessionShared {
        session_id,
        share_id,
        secret_sha256,
        expires_at,
        shared_by: by,
    }))
}

pub fn revoke(
    state: &SessionState,
    share_id: Uuid,
    by: UserId,
) -> Result<AuditSessionEvent, SessionError> {
    let session_id = state.session_id.ok_or(SessionError::NotFound)?;
    if !state.shares.iter().any(|s| s.share_id == share_id) {
        return Err(SessionError::NoSuchShare);
    }
    Ok(AuditSessionEvent::AuditShareRevoked(AuditShareRevoked {
        session_id,
        share_id,
        revoked_by: by,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opened() -> SessionState {
        SessionState {
            session_id: Some(Uuid::now_v7()),
            workspace_id: Some(WorkspaceId::new_v7()),
            status: SessionStatus::Open,
            ..SessionState::default()
        }
    }

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2027, 2, 1).expect("date")
    }

    #[test]
    fn the_reviewer_signs_after_the_performer_and_is_someone_else() {
        let ada = UserId::new_v7();
        let bola = UserId::new_v7();
        let mut state = opened();
        assert_eq!(
            sign_off(&state, SignOffRole::Reviewer, bola, day(), String::new()),
            Err(SessionError::PerformerFirst)
        );
        let signed =
            sign_off(&state, SignOffRole::Performer, ada, day(), "ok".into()).expect("performer");
        state.apply(&signed);
        assert_eq!(state.status, SessionStatus::InReview);
        assert_eq!(
            sign_off(&state, SignOffRole::Reviewer, ada, day(), String::new()),
            Err(SessionError::ReviewerIsPerformer)
        );
        let reviewed =
            sign_off(&state, SignOffRole::Reviewer, bola, day(), String::new()).expect("reviewer");
        state.apply(&reviewed);
        assert_eq!(state.status, SessionStatus::SignedOff);
    }

    #[test]
    fn an_open_session_is_not_shared_and_an_archived_one_does_not_change() {
        let ada = UserId::new_v7();
        let mut state = opened();
        assert_eq!(
            share(&state, Uuid::now_v7(), "h".into(), 1, ada),
            Err(SessionError::NotReadyToShare)
        );
        let archived = archive(&state, ada).expect("archive");
        state.apply(&archived);
        assert_eq!(
            sign_off(&state, SignOffRole::Performer, ada, day(), String::new()),
            Err(SessionError::Archived)
        );
    }

    #[test]
    fn findings_are_worked_on_until_the_reviewer_signs_off() {
        let (ada, bola) = (UserId::new_v7(), UserId::new_v7());
        let target = FindingTarget::Test {
            test: "weekend_posting".into(),
        };
        let mut state = opened();
        let noted = note(&state, Uuid::now_v7(), target.clone(), "Seen".into(), ada);
        assert!(noted.is_ok());
        state.apply(
            &sign_off(&state, SignOffRole::Performer, ada, day(), String::new()).expect("p"),
        );
        let concluded = conclude(
            &state,
            target.clone(),
            FindingConclusion::NoException,
            "Supported".into(),
            bola,
        );
        assert!(concluded.is_ok(), "the reviewer still concludes in review");
        state.apply(
            &sign_off(&state, SignOffRole::Reviewer, bola, day(), String::new()).expect("r"),
        );
        assert_eq!(
            note(&state, Uuid::now_v7(), target.clone(), "Late".into(), ada),
            Err(SessionError::FindingsClosed("signed off"))
        );
        state.apply(&archive(&state, ada).expect("archive"));
        assert_eq!(
            conclude(
                &state,
                target,
                FindingConclusion::NeedsFollowUp,
                "x".into(),
                ada
            ),
            Err(SessionError::FindingsClosed("archived"))
        );
    }

    #[test]
    fn a_revoked_share_is_gone() {
        let ada = UserId::new_v7();
        let mut state = opened();
        state.status = SessionStatus::InReview;
        let id = Uuid::now_v7();
        let shared = share(&state, id, "h".into(), 1, ada).expect("share");
        state.apply(&shared);
        assert_eq!(state.shares.len(), 1);
        let revoked = revoke(&state, id, ada).expect("revoke");
        state.apply(&revoked);
        assert!(state.shares.is_empty());
        assert_eq!(revoke(&state, id, ada), Err(SessionError::NoSuchShare));
    }
}
