//! The user-facing texts of spec §5 and §8, verbatim, each written once.
//!
//! The server sends them as `detail` and the UI reads them from the export; nobody
//! retypes them. Tests compare them with the spec's quotes character for character.

use super::Resource;

/// Spec §8: a plan-only failure.
pub const PLAN_RESTRICTION: &str = "Insufficient plan permissions to access this feature.";
/// Spec §8: a role-only failure.
pub const ROLE_RESTRICTION: &str = "Insufficient role permissions to access this feature.";
/// Spec §8: plan and role both fail.
pub const PERMISSION_DENIED: &str = "Insufficient plan or role permissions to access this feature.";
/// Spec §6/§8: no membership covers the workspace (the spec writes no final period).
pub const NO_WORKSPACE_ACCESS: &str = "You don't have access to this workspace";
/// Spec §5: a `checkBy` other than the three modes.
pub const INVALID_CHECK_BY: &str = "Invalid checkBy value. Must be 'plan', 'role', or 'both'.";
/// Spec §8: a limit would be exceeded; [`RESOURCE_PLACEHOLDER`] takes the resource's
/// display name.
pub const LIMIT_EXCEEDED_TEMPLATE: &str = "You have reached the limit for {resource}.";
/// The placeholder in [`LIMIT_EXCEEDED_TEMPLATE`], so the UI fills it the same way.
pub const RESOURCE_PLACEHOLDER: &str = "{resource}";

/// [`LIMIT_EXCEEDED_TEMPLATE`] filled in for `resource`.
pub fn limit_exceeded(resource: Resource) -> String {
    LIMIT_EXCEEDED_TEMPLATE.replace(RESOURCE_PLACEHOLDER, resource.display_name())
}

/// The title and text of a permission modal (spec §8). Buttons are the UI's concern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ModalText {
    /// The modal's heading.
    pub title: &'static str,
    /// The modal's body; the limit modal's holds [`RESOURCE_PLACEHOLDER`].
    pub text: &'static str,
}

/// Spec §8: shown when the plan fails (buttons Upgrade Plan and View Plans).
pub const PLAN_RESTRICTION_MODAL: ModalText = ModalText {
    title: "Plan Restriction",
    text: "Your current plan does not allow you to perform this action.",
};
/// Spec §8: shown when the role fails (a disabled Contact Admin button).
pub const ROLE_RESTRICTION_MODAL: ModalText = ModalText {
    title: "Role Restriction",
    text: "Your role does not allow you to perform this action.",
};
/// Spec §8: shown for any other failure.
pub const PERMISSION_DENIED_MODAL: ModalText = ModalText {
    title: "Permission Denied",
    text: "You do not have the necessary permissions to perform this action.",
};
/// Spec §8: shown when a limit would be exceeded (an Upgrade Plan button).
pub const LIMIT_EXCEEDED_MODAL: ModalText = ModalText {
    title: "Resource Limit Exceeded",
    text: LIMIT_EXCEEDED_TEMPLATE,
};
