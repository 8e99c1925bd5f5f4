//! The signed-in person's profile and their latest workspace.

use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use domain::validation;
use identity::users::{self, Profile};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{required_text, Problems, NAME_CHARS_MAX, TEXT_CHARS_MAX};
use crate::CommandState;

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct ProfilePatch {
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub address: Option<String>,
    #[serde(default)]
    pub location: Option<String>,
    /// 0, 1 or 2.
    #[serde(default)]
    pub persona: Option<Value>,
    #[serde(default)]
    pub phone_number: Option<String>,
    #[serde(default)]
    pub image_id: Option<String>,
}

/// Updates the caller's profile (spec §3 fields, spec §5 rules; absent fields keep their
/// value). Answers the whole profile, as `GET /me/` does.
#[utoipa::path(patch, path = "/api/v1/accounts/me/", tag = "accounts",
    request_body = ProfilePatch, responses((status = 200, body = Data<api_core::me::Profile>), (status = 400), (status = 401)))]
pub async fn update_me(
    State(state): State<CommandState>,
    user: AuthUser,
    Body(patch): Body<ProfilePatch>,
) -> Result<Json<Data<api_core::me::Profile>>, ApiError> {
    let app = &state.app;
    let current = users::by_id(app.db(), &user.user_id)
        .await?
        .ok_or_else(|| ApiError::TokenNotValid("User not found".into()))?;
    let profile = apply_profile_patch(&current, patch)?;
    if let Some(image_id) = profile.image_id.as_deref() {
        // Only an image this user uploaded: another person's file (a workspace
        // document, someone else's photo) must not become a face shown to colleagues.
        let own_image = |file: &identity::files::FileRecord| {
            file.uploaded_by == user.user_id && file.kind == identity::files::IMAGES
        };
        if current.image_id.as_deref() != Some(image_id)
            && !identity::files::by_id(app.db(), image_id)
                .await?
                .is_some_and(|file| own_image(&file))
        {
            return Err(ApiError::field(
                "image_id",
                "Choose an image you uploaded yourself.",
            ));
        }
    }
    users::update_profile(app.db(), &user.user_id, &profile).await?;
    let updated = users::by_id(app.db(), &user.user_id)
        .await?
        .unwrap_or(current);
    Ok(ok(api_core::me::profile(app, &updated).await?))
}

/// Spec §5's profile rules, with its texts.
fn apply_profile_patch(current: &users::User, patch: ProfilePatch) -> Result<Profile, ApiError> {
    let mut problems = Problems::default();
    let mut profile = Profile {
        first_name: current.first_name.clone(),
        last_name: current.last_name.clone(),
        address: current.address.clone(),
        location: current.location.clone(),
        persona: current.persona,
        phone_number: current.phone_number.clone(),
        image_id: current.image_id.clone(),
    };
    if let Some(raw) = patch.first_name {
        profile.first_name = required_text(
            &mut problems,
            "first_name",
            &raw,
            "First Name is required",
            NAME_CHARS_MAX,
        );
    }
    if let Some(raw) = patch.last_name {
        profile.last_name = required_text(
            &mut problems,
            "last_name",
            &raw,
            "Last Name is required",
            NAME_CHARS_MAX,
        );
    }
    if let Some(raw) = patch.address {
        profile.address = Some(required_text(
            &mut problems,
            "address",
            &raw,
            "Address is required",
            TEXT_CHARS_MAX,
        ));
    }
    if let Some(raw) = patch.location {
        profile.location = Some(required_text(
            &mut problems,
            "location",
            &raw,
            "Location is required",
            TEXT_CHARS_MAX,
        ));
    }
    match patch.persona {
        None => {}
        Some(Value::Null) => problems.add("persona", "Persona is required"),
        Some(value) => match persona_of(&value) {
            Some(p) => profile.persona = Some(p),
            None => problems.add("persona", "Invalid persona value"),
        },
    }
    if let Some(raw) = patch.phone_number {
        if raw.trim().is_empty() {
            problems.add("phone_number", "Phone number is required");
        } else {
            match validation::phone_number(&raw) {
                Some(phone) => profile.phone_number = Some(phone),
                None => problems.add("phone_number", validation::PHONE_NOT_VALID),
            }
        }
    }
    if let Some(raw) = patch.image_id {
        let raw = raw.trim();
        profile.image_id = if raw.is_empty() {
            None
        } else if uuid::Uuid::parse_str(raw).is_ok() {
            Some(raw.to_owned())
        } else {
            problems.add("image_id", "Not a valid image id.");
            None
        };
    }
    problems.into_result()?;
    Ok(profile)
}

/// Persona 0, 1 or 2, sent as a number or a numeric string (form selects send strings).
fn persona_of(value: &Value) -> Option<i64> {
    let n = match value {
        Value::Number(n) => n.as_i64()?,
        Value::String(s) => s.trim().parse().ok()?,
        _ => return None,
    };
    (0..=2).contains(&n).then_some(n)
}

/// Records the workspace the caller switched to: it comes back flagged `latest` in
/// `GET /me/workspaces/`, so the next visit opens it.
#[utoipa::path(post, path = "/api/v1/accounts/me/workspaces/{workspace_id}/switch/", tag = "accounts",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<LatestWorkspace>), (status = 401), (status = 403)))]
pub async fn switch_workspace(
    State(state): State<CommandState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<LatestWorkspace>>, ApiError> {
    let app = &state.app;
    if app
        .access
        .access(&user.user_id, &workspace_id)
        .await?
        .is_none()
    {
        return Err(ApiError::Forbidden(
            domain::permissions::Denial::NoWorkspaceAccess,
        ));
    }
    users::set_latest_workspace(app.db(), &user.user_id, &workspace_id).await?;
    Ok(ok(LatestWorkspace {
        latest: workspace_id,
    }))
}

/// The workspace now flagged `latest`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LatestWorkspace {
    pub latest: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use api_core::FieldErrors;

    fn user() -> users::User {
        users::User {
            id: "u".into(),
            email: "ada@books.ng".into(),
            first_name: "Ada".into(),
            last_name: "Obi".into(),
            address: None,
            location: None,
            persona: None,
            phone_number: None,
            image_id: None,
            email_verified: true,
            latest_workspace_id: None,
            welcome_seen: false,
            date_joined: 0,
        }
    }

    fn problems_of(patch: ProfilePatch) -> FieldErrors {
        match apply_profile_patch(&user(), patch) {
            Err(ApiError::Fields(f)) => f,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn blank_required_profile_fields_get_the_spec_messages() {
        let f = problems_of(ProfilePatch {
            first_name: Some(" ".into()),
            last_name: Some("".into()),
            address: Some("".into()),
            location: Some("".into()),
            persona: Some(Value::Null),
            phone_number: Some("".into()),
            image_id: None,
        });
        assert_eq!(f["first_name"], ["First Name is required"]);
        assert_eq!(f["last_name"], ["Last Name is required"]);
        assert_eq!(f["address"], ["Address is required"]);
        assert_eq!(f["location"], ["Location is required"]);
        assert_eq!(f["persona"], ["Persona is required"]);
        assert_eq!(f["phone_number"], ["Phone number is required"]);
    }

    #[test]
    fn a_persona_outside_0_to_2_is_invalid() {
        let f = problems_of(ProfilePatch {
            persona: Some(serde_json::json!(3)),
            ..Default::default()
        });
        assert_eq!(f["persona"], ["Invalid persona value"]);
    }

    #[test]
    fn a_phone_number_without_country_code_gets_the_spec_message() {
        let f = problems_of(ProfilePatch {
            phone_number: Some("08012345678".into()),
            ..Default::default()
        });
        assert_eq!(
            f["phone_number"],
            ["Phone number must start with a country code and be 8 to 18 digits long"]
        );
    }

    #[test]
    fn a_valid_patch_keeps_absent_fields() {
        let profile = apply_profile_patch(
            &user(),
            ProfilePatch {
                persona: Some(serde_json::json!("1")),
                phone_number: Some("+2348012345678".into()),
                ..Default::default()
            },
        )
        .expect("valid");
        assert_eq!(profile.first_name, "Ada");
        assert_eq!(profile.persona, Some(1));
        assert_eq!(profile.phone_number.as_deref(), Some("+2348012345678"));
    }
}
