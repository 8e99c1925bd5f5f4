//! Workspace transfers through the real HTTP API, on SQLite and Postgres: only the
//! target's Admin approves or rejects; approval moves the workspace and who covers it.

mod common;

use common::{Reply, Session, TestApp};
use serde_json::json;
use store::{backend_tests, Backend};

fn transfers(org: &str) -> String {
    format!("/api/v1/accounts/organizations/{org}/workspaces/transfers/")
}

async fn ask(app: &TestApp, source: &Session, target: &Session, workspace: &str) -> String {
    let asked = app
        .post(
            &transfers(&source.organization_id),
            Some(&source.access),
            json!({"target_organization": target.organization_id, "workspace": workspace, "source_organization": source.organization_id}),
        )
        .await;
    assert_eq!(asked.status, 201, "{}", asked.body);
    assert_eq!(asked.body["data"]["status"], 1);
    asked.body["data"]["transfer_id"]
        .as_str()
        .expect("id")
        .into()
}

/// `who` sets transfer `id`'s status, through their own organization's transfers.
async fn decide(app: &TestApp, who: &Session, id: &str, status: u8) -> Reply {
    app.patch(
        &format!("{}{id}/", transfers(&who.organization_id)),
        Some(&who.access),
        json!({ "status": status }),
    )
    .await
}

async fn workspace_ids(app: &TestApp, session: &Session) -> Vec<String> {
    app.read("/api/v1/accounts/me/workspaces/", Some(&session.access))
        .await
        .body["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|w| w["id"].as_str().map(str::to_owned))
        .collect()
}

async fn an_approved_transfer_moves_the_workspace_to_the_target(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let id = ask(&app, &ada, &bola, &lagos).await;

    let listed = app
        .read(&transfers(&bola.organization_id), Some(&bola.access))
        .await;
    assert_eq!(listed.body["data"]["count"], 1);
    assert_eq!(listed.body["data"]["page_size"], 100);
    let approved = decide(&app, &bola, &id, 2).await;
    assert_eq!(approved.status, 200, "{}", approved.body);

    assert!(
        !workspace_ids(&app, &ada).await.contains(&lagos),
        "the source no longer covers it"
    );
    assert!(
        workspace_ids(&app, &bola).await.contains(&lagos),
        "the approver covers it"
    );
    let moved = app
        .read(
            &format!(
                "/api/v1/accounts/organizations/{}/workspaces/{lagos}/",
                bola.organization_id
            ),
            Some(&bola.access),
        )
        .await;
    assert_eq!(moved.status, 200, "{}", moved.body);
    assert_eq!(moved.body["data"]["name"], "Lagos Office");
    let status = app
        .read(&transfers(&ada.organization_id), Some(&ada.access))
        .await;
    assert_eq!(status.body["data"]["data"][0]["status"], 2);
    let again = decide(&app, &bola, &id, 3).await;
    assert_eq!(
        again.status, 400,
        "a transfer is answered once: {}",
        again.body
    );
    app.stop().await;
}

async fn a_rejected_transfer_leaves_the_workspace_where_it_was(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let id = ask(&app, &ada, &bola, &lagos).await;

    let rejected = decide(&app, &bola, &id, 3).await;

    assert_eq!(rejected.status, 200, "{}", rejected.body);
    assert!(workspace_ids(&app, &ada).await.contains(&lagos));
    assert!(!workspace_ids(&app, &bola).await.contains(&lagos));
    let status = app
        .read(&transfers(&ada.organization_id), Some(&ada.access))
        .await;
    assert_eq!(status.body["data"]["data"][0]["status"], 3);
    app.stop().await;
}

async fn only_the_targets_admin_approves(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let id = ask(&app, &ada, &bola, &lagos).await;

    let by_source = decide(&app, &ada, &id, 2).await;
    let bad_status = decide(&app, &bola, &id, 1).await;

    assert_eq!(by_source.status, 403, "{}", by_source.body);
    assert_eq!(bad_status.status, 400);
    assert!(bad_status.body.get("status").is_some());
    let closed = decide(&app, &ada, &id, 4).await;
    assert_eq!(
        closed.status, 200,
        "either side may close it: {}",
        closed.body
    );
    assert!(workspace_ids(&app, &ada).await.contains(&lagos));
    app.stop().await;
}

async fn a_workspace_cannot_be_sent_to_its_own_organization_or_taken_from_another(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;

    let to_self = app
        .post(
            &transfers(&ada.organization_id),
            Some(&ada.access),
            json!({"target_organization": ada.organization_id, "workspace": lagos, "source_organization": ada.organization_id}),
        )
        .await;
    let stolen = app
        .post(
            &transfers(&eve.organization_id),
            Some(&eve.access),
            json!({"target_organization": eve.organization_id, "workspace": lagos, "source_organization": eve.organization_id}),
        )
        .await;

    assert_eq!(to_self.status, 400, "{}", to_self.body);
    assert!(to_self.body.get("target_organization").is_some());
    assert_eq!(stolen.status, 403, "{}", stolen.body);
    app.stop().await;
}

/// Approval and receipt are one append: refused on the target's side (its plan's
/// workspace limit), the source keeps the workspace and the transfer stays pending.
async fn an_approval_past_the_targets_workspace_limit_is_refused_and_moves_nothing(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let abuja = app.workspace(&bola, "Abuja Office").await;
    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&bola.access),
            json!({ "plan": "basic", "organization_id": bola.organization_id }),
        )
        .await;
    assert!(basic.status < 300, "{}", basic.body);
    let id = ask(&app, &ada, &bola, &lagos).await;

    let approved = decide(&app, &bola, &id, 2).await;

    assert_eq!(approved.status, 403, "{}", approved.body);
    assert_eq!(approved.body["code"], "limit_exceeded");
    assert!(workspace_ids(&app, &ada).await.contains(&lagos));
    assert_eq!(workspace_ids(&app, &bola).await, vec![abuja]);
    let status = app
        .read(&transfers(&ada.organization_id), Some(&ada.access))
        .await;
    assert_eq!(status.body["data"]["data"][0]["status"], 1, "still pending");
    app.stop().await;
}

async fn the_target_is_named_by_its_slug_or_an_admins_email_and_listed_by_name(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app
        .signed_up_named("bola@books.ng", "Bola", "Adeyemi")
        .await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let abuja = app.workspace(&ada, "Abuja Office").await;
    let bolas = app
        .read(
            &format!("/api/v1/accounts/organizations/{}/", bola.organization_id),
            Some(&bola.access),
        )
        .await;
    let slug = bolas.body["data"]["slug"]
        .as_str()
        .expect("slug")
        .to_owned();
    let name = bolas.body["data"]["name"]
        .as_str()
        .expect("name")
        .to_owned();
    let ask_for = |target: &str, workspace: &str| {
        json!({"target_organization": target, "workspace": workspace,
               "source_organization": ada.organization_id})
    };
    let path = transfers(&ada.organization_id);

    let by_slug = app
        .post(
            &path,
            Some(&ada.access),
            ask_for(&slug.to_uppercase(), &lagos),
        )
        .await;
    let by_email = app
        .post(&path, Some(&ada.access), ask_for(" Bola@Books.ng ", &abuja))
        .await;
    let nobody = app
        .post(&path, Some(&ada.access), ask_for("nobody@books.ng", &abuja))
        .await;
    let no_slug = app
        .post(
            &path,
            Some(&ada.access),
            ask_for("no-such-organization", &abuja),
        )
        .await;

    assert_eq!(by_slug.status, 201, "{}", by_slug.body);
    assert_eq!(
        by_slug.body["data"]["target_organization"],
        bola.organization_id
    );
    assert_eq!(by_email.status, 201, "{}", by_email.body);
    assert_eq!(
        by_email.body["data"]["target_organization"],
        bola.organization_id
    );
    for refused in [&nobody, &no_slug] {
        assert_eq!(refused.status, 400, "{}", refused.body);
        assert_eq!(
            refused.body["target_organization"][0],
            "No such organization."
        );
    }
    let listed = app
        .read(&transfers(&bola.organization_id), Some(&bola.access))
        .await;
    let row = &listed.body["data"]["data"][0];
    assert_eq!(row["target_organization_name"], name.as_str());
    assert!(row["source_organization_name"].is_string(), "{row}");
    app.stop().await;
}

/// The organization on the metadata of the event that began `entry_id`'s stream.
async fn organization_of_entry(app: &TestApp, entry_id: &str) -> String {
    let db = &app.db.as_ref().expect("database").db;
    let metadata: String = sqlx::query_scalar(
        "SELECT CAST(metadata AS TEXT) FROM events WHERE aggregate_id = $1 ORDER BY global_position LIMIT 1",
    )
    .bind(entry_id)
    .fetch_one(&db.pool)
    .await
    .expect("the entry's first event");
    let metadata: serde_json::Value = serde_json::from_str(&metadata).expect("metadata");
    metadata["organization_id"]
        .as_str()
        .expect("organization")
        .to_owned()
}

async fn commands_after_an_approved_transfer_belong_to_the_new_organization(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = common::books::books(&app).await;
    let bola = app.signed_up("bola@books.ng").await;
    let before = common::books::post(&app, &books, "2026-03-02", "100.00").await;
    assert_eq!(
        organization_of_entry(&app, &before).await,
        books.owner.organization_id
    );
    let id = ask(&app, &books.owner, &bola, &books.workspace).await;
    let approved = decide(&app, &bola, &id, 2).await;
    assert_eq!(approved.status, 200, "{}", approved.body);

    let bolas_books = common::books::Books {
        owner: bola,
        workspace: books.workspace.clone(),
        base: books.base.clone(),
    };
    let after = common::books::post(&app, &bolas_books, "2026-03-03", "50.00").await;
    assert_eq!(
        organization_of_entry(&app, &after).await,
        bolas_books.owner.organization_id,
        "the owner this process knew before the transfer is not used after it"
    );
    app.stop().await;
}

backend_tests!(
    commands_after_an_approved_transfer_belong_to_the_new_organization,
    the_target_is_named_by_its_slug_or_an_admins_email_and_listed_by_name,
    an_approval_past_the_targets_workspace_limit_is_refused_and_moves_nothing,
    an_approved_transfer_moves_the_workspace_to_the_target,
    a_rejected_transfer_leaves_the_workspace_where_it_was,
    only_the_targets_admin_approves,
    a_workspace_cannot_be_sent_to_its_own_organization_or_taken_from_another,
);
