//! The current user as `GET/PATCH /api/v1/accounts/me/` answer it (spec §3): profile
//! fields and memberships. Shared by the read and the write route so both answer alike.

use std::collections::BTreeMap;

use domain::permissions::Role;
use identity::users::User;
use serde_json::{json, Value};
use sqlx::Row;

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

pub async fn profile_json(state: &AppState, user: &User) -> Result<Value, ApiError> {
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
    let memberships: Vec<Value> = memberships
        .into_iter()
        .map(|(id, (organization_id, role, workspaces))| {
            json!({
                "id": id, "organization_id": organization_id, "role": role,
                "role_display": role_display(role), "workspaces": workspaces,
            })
        })
        .collect();
    Ok(json!({
        "id": user.id,
        "email": user.email,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "address": user.address,
        "location": user.location,
        "persona": user.persona,
        "phone_number": user.phone_number,
        "image_id": user.image_id,
        "image": user.image_id.as_ref().map(|id| json!({ "absolute_url": image_url(state, id) })),
        "date_joined": crate::time::iso_datetime(user.date_joined),
        "is_email_verified": user.email_verified,
        "memberships": memberships,
    }))
}
