//! Why an audit session command was refused.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuditSessionError {
    #[error("Audit session not found.")]
    NotFound,
    #[error("This audit session is already open.")]
    AlreadyOpen,
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
