//! The current user as `GET/PATCH /api/v1/accounts/me/` answer it (spec §3): profile
//! fields and memberships. Shared by the read and the write route so both answer alike.

use std::collections::BTreeMap;

use domain::permissions::Role;
use identity::users::User;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::{ApiError, AppState};

/// Where an uploaded image is served.
pub fn image_url(state: &AppState, image_id: &str) -> String {
    format!(
        "{}/api/v1/files/images/{image_id}/",
        state.public_url.trim_end_matches('/')
    )
}

/// The role's display name for a stored role number.
pub fn role_display(role: i64) -> &'static str {
    u8::try_from(role)
        .ok()
        .and_then(Role::from_number)
        .map_or("Viewer", Role::name)
}

/// An uploaded image, where it is served.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ImageRef {
    pub absolute_url: String,
}

/// One of the user's active memberships and the workspaces it covers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileMembership {
    pub id: String,
    pub organization_id: String,
    /// 0 Viewer, 1 Editor, 2 Admin.
    pub role: i64,
    pub role_display: String,
    pub workspaces: Vec<String>,
}

/// The signed-in user (spec §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct Profile {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub address: Option<String>,
    pub location: Option<String>,
    /// 0 Business owner, 1 Accountant, 2 Auditor.
    pub persona: Option<i64>,
    pub phone_number: Option<String>,
    pub image_id: Option<String>,
    pub image: Option<ImageRef>,
    /// RFC 3339.
    pub date_joined: String,
    pub is_email_verified: bool,
    pub memberships: Vec<ProfileMembership>,
}

pub async fn profile(state: &AppState, user: &User) -> Result<Profile, ApiError> {
    let rows = sqlx::query(
        "SELECT m.id, m.organization_id, m.role, c.workspace_id FROM read_memberships m \
         LEFT JOIN read_membership_workspaces c ON c.membership_id = m.id \
         WHERE m.user_id = $1 AND m.is_active = 1 ORDER BY m.created_at, m.id, c.workspace_id",
    )
    .bind(&user.id)
    .fetch_all(&state.db().pool)
    .await?;
    let mut memberships: BTreeMap<String, (String, i64, Vec<String>)> = BTreeMap::new();
    for row in rows {
        let id: String = row.try_get("id")?;
        let entry = memberships.entry(id).or_insert((
            row.try_get("organization_id")?,
            row.try_get("role")?,
            Vec::new(),
        ));
        if let Some(workspace) = row.try_get::<Option<String>, _>("workspace_id")? {
            entry.2.push(workspace);
        }
    }
    let memberships = memberships
        .into_iter()
        .map(
            |(id, (organization_id, role, workspaces))| ProfileMembership {
                id,
                organization_id,
                role,
                role_display: role_display(role).to_owned(),
                workspaces,
            },
        )
        .collect();
    Ok(Profile {
        id: user.id.clone(),
        email: user.email.clone(),
        first_name: user.first_name.clone(),
        last_name: user.last_name.clone(),
        address: user.address.clone(),
        location: user.location.clone(),
        persona: user.persona,
        phone_number: user.phone_number.clone(),
        image_id: user.image_id.clone(),
        image: user.image_id.as_ref().map(|id| ImageRef {
            absolute_url: image_url(state, id),
        }),
        date_joined: crate::time::iso_datetime(user.date_joined),
        is_email_verified: user.email_verified,
        memberships,
    })
}
