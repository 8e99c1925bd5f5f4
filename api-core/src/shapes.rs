//! Answer shapes that both read and write routes give, declared once so the OpenAPI
//! document has one component for each.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::AppState;

/// An organization, as the organization routes (read and write) answer it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Organization {
    pub id: String,
    pub name: String,
    pub slug: String,
    pub email: String,
    pub location: Option<String>,
    /// Postal address; `null` when not given.
    pub address: Option<String>,
    /// What the organization does; `null` when not given.
    pub industry: Option<String>,
    /// Its logo (`absolute_url` null when it has none).
    pub logo: ShownImage,
    pub created_datetime: String,
}

/// The columns of `read_organizations` [`Organization::from_row`] reads.
pub const ORGANIZATION_COLUMNS: &str =
    "id, name, slug, email, location, address, industry, logo_id, created_at";

impl Organization {
    pub fn from_row(state: &AppState, row: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        let logo_id: Option<String> = row.try_get("logo_id")?;
        Ok(Self {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            slug: row.try_get("slug")?,
            email: row.try_get("email")?,
            location: row.try_get("location")?,
            address: row.try_get("address")?,
            industry: row.try_get("industry")?,
            logo: ShownImage::of(state, logo_id.as_deref()),
            created_datetime: crate::time::iso_datetime(row.try_get("created_at")?),
        })
    }
}

/// A live workspace, as the workspace routes (read and write) answer it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Workspace {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    /// ISO 4217.
    pub base_currency: String,
    pub created_datetime: String,
    pub image: ShownImage,
    /// The IANA zone its times are read in (audit sessions' timing tests, dates on
    /// screen): the one an Admin set, else `default_time_zone`.
    pub time_zone: String,
    /// The organization's country's zone (`Africa/Lagos` when no country is named): the
    /// workspace's until an Admin sets another.
    pub default_time_zone: String,
}

/// The columns of `read_workspaces` [`Workspace::from_row`] reads (its organization's
/// location gives the default time zone).
pub const WORKSPACE_COLUMNS: &str =
    "id, organization_id, name, base_currency, created_at, image_id, time_zone, \
     (SELECT o.location FROM read_organizations o WHERE o.id = read_workspaces.organization_id) \
     AS organization_location";

impl Workspace {
    pub fn from_row(state: &AppState, row: &sqlx::any::AnyRow) -> Result<Self, sqlx::Error> {
        let image_id: Option<String> = row.try_get("image_id")?;
        let chosen: Option<String> = row.try_get("time_zone")?;
        let location: Option<String> = row.try_get("organization_location")?;
        Ok(Self {
            time_zone: domain::time_zone::effective_time_zone(
                chosen.as_deref(),
                location.as_deref(),
            )
            .name()
            .to_owned(),
            default_time_zone: domain::time_zone::default_time_zone(location.as_deref())
                .name()
                .to_owned(),
            id: row.try_get("id")?,
            organization_id: row.try_get("organization_id")?,
            name: row.try_get("name")?,
            base_currency: row.try_get("base_currency")?,
            created_datetime: crate::time::iso_datetime(row.try_get("created_at")?),
            image: ShownImage::of(state, image_id.as_deref()),
        })
    }
}

/// An uploaded image shown for a workspace (spec §3 "image.absolute_url") or as an
/// organization's logo: where it is served, `null` when there is none (the UI shows its
/// placeholder).
#[derive(Debug, Serialize, ToSchema)]
pub struct ShownImage {
    pub absolute_url: Option<String>,
}

impl ShownImage {
    pub fn of(state: &AppState, image_id: Option<&str>) -> Self {
        Self {
            absolute_url: image_id.map(|id| crate::me::image_url(state, id)),
        }
    }
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

/// A workspace named in an answer (an invitation's offer): its id and its name.
#[derive(Debug, Serialize, ToSchema)]
pub struct NamedWorkspace {
    pub id: String,
    pub name: String,
}

impl NamedWorkspace {
    /// The live workspaces of `listed` (ids separated by commas, as invitations keep them),
    /// in that order, read in one query; deleted or unknown ones are left out.
    pub async fn listed(db: &store::Db, listed: &str) -> Result<Vec<Self>, sqlx::Error> {
        let ids: Vec<&str> = listed.split(',').filter(|id| !id.is_empty()).collect();
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "SELECT id, name FROM read_workspaces WHERE deleted = 0 AND id IN ({})",
            store::sql::numbered_params(1, ids.len())
        );
        let mut query = sqlx::query(&sql);
        for id in &ids {
            query = query.bind(*id);
        }
        let mut names = std::collections::HashMap::new();
        for row in query.fetch_all(&db.pool).await? {
            names.insert(
                row.try_get::<String, _>("id")?,
                row.try_get::<String, _>("name")?,
            );
        }
        Ok(ids
            .into_iter()
            .filter_map(|id| {
                names.remove(id).map(|name| Self {
                    id: id.to_owned(),
                    name,
                })
            })
            .collect())
    }
}
