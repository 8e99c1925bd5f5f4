//! Why settings were refused; each names the field a form highlights.

use rust_decimal::Decimal;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContinuousAuditError {
    #[error("Performance materiality cannot exceed materiality.")]
    PerformanceAboveMateriality {
        materiality: Decimal,
        performance_materiality: Decimal,
    },
    #[error("Set materiality too when setting performance materiality.")]
    PerformanceWithoutMateriality,
}

impl ContinuousAuditError {
    /// The request field the problem is about.
    pub fn field(&self) -> &'static str {
        match self {
            Self::PerformanceAboveMateriality { .. } | Self::PerformanceWithoutMateriality => {
                "performance_materiality"
            }
        }
    }
}
