//! The permission model as JSON for the UI (`ui/src/generated/permissions.json`).
//!
//! DESIGN §7: tables are defined once, here, and exported — never typed twice. A test
//! keeps the committed file equal to [`export`].

use serde_json::{json, Map, Value};

use super::{messages, Action, Permission, Plan, Resource, Role};

/// The whole model: permissions in spec order, roles, plans with limits (`null` =
/// unlimited), the effective default plan, the action table, resource names, and the
/// spec's messages and modal texts.
pub fn export() -> Value {
    let roles: Vec<Value> = Role::ALL
        .into_iter()
        .map(|role| {
            json!({
                "number": role.number(),
                "name": role.name(),
                "permissions": role.permissions().iter().collect::<Vec<_>>(),
            })
        })
        .collect();

    let plans: Vec<Value> = Plan::ALL
        .into_iter()
        .map(|plan| {
            let limits: Map<String, Value> = Resource::ALL
                .into_iter()
                .map(|resource| (resource.id().to_owned(), json!(plan.limit(resource))))
                .collect();
            json!({
                "id": plan.id(),
                "name": plan.name(),
                "permissions": plan.permissions().iter().collect::<Vec<_>>(),
                "limits": limits,
            })
        })
        .collect();

    let actions: Map<String, Value> = Action::ALL
        .into_iter()
        .map(|action| (action.id().to_owned(), json!(action.requirement())))
        .collect();

    let resources: Map<String, Value> = Resource::ALL
        .into_iter()
        .map(|resource| (resource.id().to_owned(), json!(resource.display_name())))
        .collect();

    json!({
        "permissions": Permission::ALL.as_slice(),
        "roles": roles,
        "plans": plans,
        "default_plan": Plan::DEFAULT_EFFECTIVE,
        "actions": actions,
        "resources": resources,
        "messages": {
            "plan_restriction": messages::PLAN_RESTRICTION,
            "role_restriction": messages::ROLE_RESTRICTION,
            "permission_denied": messages::PERMISSION_DENIED,
            "no_workspace_access": messages::NO_WORKSPACE_ACCESS,
            "invalid_check_by": messages::INVALID_CHECK_BY,
            "limit_exceeded": messages::LIMIT_EXCEEDED_TEMPLATE,
        },
        "modals": {
            "plan_restriction": messages::PLAN_RESTRICTION_MODAL,
            "role_restriction": messages::ROLE_RESTRICTION_MODAL,
            "permission_denied": messages::PERMISSION_DENIED_MODAL,
            "limit_exceeded": messages::LIMIT_EXCEEDED_MODAL,
        },
    })
}
