//! Why a report command was refused.

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    #[error("No such report in this workspace.")]
    NotFound,
    #[error("This report was already requested.")]
    AlreadyRequested,
    #[error("The report is already {0}.")]
    AlreadyFinished(&'static str),
}
