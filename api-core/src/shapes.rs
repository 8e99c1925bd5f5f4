//! Answer shapes that both read and write routes give, declared once so the OpenAPI
//! document has one component for each.

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// A live workspace, as the workspace routes (read and write) answer it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Workspace {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// ISO 4217.
    pub base_currency: String,
    pub created_datetime: String,
}

/// A workspace's lock date (`YYYY-MM-DD`); `null` when nothing is locked.
#[derive(Debug, Serialize, ToSchema)]
pub struct LockDate {
    pub lock_date: Option<NaiveDate>,
}

/// A workspace's accounting settings: the lock date and the month fiscal years start in.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountingSettings {
    /// `YYYY-MM-DD`, the last locked day; `null` when nothing is locked.
    pub lock_date: Option<NaiveDate>,
    /// 1 (January, the default) to 12. Fiscal year `Y` starts on the first of this month
    /// in `Y`.
    pub fiscal_year_start_month: u32,
}
