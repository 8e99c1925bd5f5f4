//! The JSON the UI consumes: its shape, and the committed file kept equal to it.

use domain::permissions::export;
use serde_json::{json, Value};

const GENERATED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../ui/src/generated/permissions.json"
);

#[test]
fn generated_permissions_json_is_up_to_date() {
    let expected = export();
    let pretty = serde_json::to_string_pretty(&expected).expect("a JSON value serializes") + "\n";

    if std::env::var_os("UPDATE_GENERATED").is_some() {
        std::fs::write(GENERATED, pretty).expect("ui/src/generated/permissions.json is writable");
        return;
    }

    let stale = "ui/src/generated/permissions.json is out of date with \
                 domain::permissions::export(); regenerate it with \
                 `UPDATE_GENERATED=1 cargo test -p domain --test permissions_export`";
    let on_disk = std::fs::read_to_string(GENERATED)
        .unwrap_or_else(|e| panic!("cannot read {GENERATED} ({e}); {stale}"));
    // Compared as JSON values, not text: key order depends on whether another crate
    // in the build turns on serde_json's `preserve_order`, the content does not.
    let on_disk: Value = serde_json::from_str(&on_disk)
        .unwrap_or_else(|e| panic!("{GENERATED} is not JSON ({e}); {stale}"));
    assert!(on_disk == expected, "{stale}");
}

#[test]
fn the_export_has_exactly_the_top_level_keys_the_ui_reads() {
    let export = export();
    let mut keys: Vec<&str> = export
        .as_object()
        .expect("the export is an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "actions",
            "default_plan",
            "messages",
            "modals",
            "permissions",
            "plans",
            "resources",
            "roles"
        ]
    );
}

#[test]
fn the_export_lists_permissions_in_spec_order() {
    let export = export();
    let permissions = export["permissions"].as_array().expect("an array");
    assert_eq!(permissions.len(), 37);
    assert_eq!(permissions[0], "read");
    assert_eq!(permissions[36], "import_journal_entries");
}

#[test]
fn the_export_describes_roles_by_number_name_and_permissions() {
    let export = export();
    let roles = export["roles"].as_array().expect("an array");
    let heads: Vec<(Value, Value)> = roles
        .iter()
        .map(|r| (r["number"].clone(), r["name"].clone()))
        .collect();
    assert_eq!(
        heads,
        [
            (json!(0), json!("Viewer")),
            (json!(1), json!("Editor")),
            (json!(2), json!("Admin"))
        ]
    );
    assert_eq!(
        roles[0]["permissions"],
        json!([
            "read",
            "workspace_limited",
            "accounting:read",
            "accounting:basic",
            "ai_chatbot:limited_access",
            "audit_service_access",
            "journal_entries:read",
            "general_ledgers:read",
            "activity_logs"
        ])
    );
}

#[test]
fn the_export_gives_plan_limits_in_bytes_and_null_for_unlimited() {
    let export = export();
    assert_eq!(
        export["plans"][0]["limits"],
        json!({"workspaces": 1, "collaborators": 0, "financial_reports": 5,
               "file_upload": 104_857_600, "document_storage": 52_428_800})
    );
    assert_eq!(
        export["plans"][2]["limits"],
        json!({"workspaces": null, "collaborators": null, "financial_reports": null,
               "file_upload": null, "document_storage": null})
    );
    assert_eq!(export["plans"][1]["id"], "professional");
    assert_eq!(export["default_plan"], "professional");
}

#[test]
fn the_export_gives_every_action_its_permission_mode_and_limit() {
    let export = export();
    let actions = export["actions"].as_object().expect("an object");
    assert_eq!(actions.len(), 24);
    assert_eq!(
        actions["publish_audit_results"],
        json!({"permission": "write", "mode": "role", "limit": null, "owner_unless": 2})
    );
    assert_eq!(
        actions["invite_collaborators"],
        json!({"permission": "actions:invite_collaborators", "mode": "both", "limit": "collaborators", "owner_unless": null})
    );
    assert_eq!(
        actions["delete_workspace"],
        json!({"permission": "workspace:delete", "mode": "role", "limit": null, "owner_unless": null})
    );
    assert_eq!(
        actions["read_general_ledger"],
        json!({"permission": "general_ledgers:read", "mode": "role", "limit": null, "owner_unless": null})
    );
    assert_eq!(
        actions["notify_members"],
        json!({"permission": "user_management:write", "mode": "role", "limit": null, "owner_unless": null})
    );
}

#[test]
fn the_export_carries_the_spec_messages_and_modals() {
    let export = export();
    assert_eq!(
        export["messages"],
        json!({
            "plan_restriction": "Insufficient plan permissions to access this feature.",
            "role_restriction": "Insufficient role permissions to access this feature.",
            "permission_denied": "Insufficient plan or role permissions to access this feature.",
            "no_workspace_access": "You don't have access to this workspace",
            "invalid_check_by": "Invalid checkBy value. Must be 'plan', 'role', or 'both'.",
            "limit_exceeded": "You have reached the limit for {resource}."
        })
    );
    assert_eq!(
        export["modals"],
        json!({
            "plan_restriction": {"title": "Plan Restriction",
                "text": "Your current plan does not allow you to perform this action."},
            "role_restriction": {"title": "Role Restriction",
                "text": "Your role does not allow you to perform this action."},
            "permission_denied": {"title": "Permission Denied",
                "text": "You do not have the necessary permissions to perform this action."},
            "limit_exceeded": {"title": "Resource Limit Exceeded",
                "text": "You have reached the limit for {resource}."}
        })
    );
}

#[test]
fn the_export_names_each_resource_for_the_limit_message() {
    let export = export();
    assert_eq!(
        export["resources"],
        json!({"workspaces": "workspaces", "collaborators": "collaborators",
               "financial_reports": "financial reports", "file_upload": "file uploads",
               "document_storage": "document storage"})
    );
}
