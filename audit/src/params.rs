//! Every parameter of every test in one serializable value, stored with the session so
//! a re-run uses exactly what the auditor chose. Missing fields take their defaults.

use serde::{Deserialize, Serialize};

use crate::amounts::AmountParams;
use crate::benford::BenfordParams;
use crate::context::CalendarParams;
use crate::cutoff::CutoffParams;
use crate::duplicates::DuplicateParams;
use crate::error::AuditError;
use crate::memos::MemoParams;
use crate::numbering::NumberingParams;
use crate::outliers::OutlierParams;
use crate::rarity::RarityParams;
use crate::risk_score::RiskParams;
use crate::timing::TimingParams;
use crate::users::UserParams;

/// The parameters of a session's tests; `Default` is what a new session starts with.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct AuditParams {
    pub benford: BenfordParams,
    pub amounts: AmountParams,
    pub duplicates: DuplicateParams,
    pub numbering: NumberingParams,
    pub timing: TimingParams,
    pub cutoff: CutoffParams,
    pub rarity: RarityParams,
    pub users: UserParams,
    pub outliers: OutlierParams,
    pub memos: MemoParams,
    pub risk: RiskParams,
    /// The holidays and business hours the timing tests read.
    pub calendar: CalendarParams,
}

impl AuditParams {
    pub fn validate(&self) -> Result<(), AuditError> {
        self.benford.validate()?;
        self.amounts.validate()?;
        self.numbering.validate()?;
        self.cutoff.validate()?;
        self.outliers.validate()?;
        self.risk.validate()?;
        self.calendar.validate()
    }
}
