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
