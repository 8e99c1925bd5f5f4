//! Notifications through the real HTTP API, on SQLite and Postgres: announcements, the
//! list and its filters, ownership, read marks and mark-all-read, the live stream, read
//! marks surviving a rebuild, and every notification rule reaching the right people only.

mod common;

use std::time::Duration;

use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const LIST: &str = "/api/v1/notification/";

async fn announce(app: &TestApp, admin: &Session, body: Value) -> common::Reply {
    app.post(LIST, Some(&admin.access), body).await
}

async fn list(app: &TestApp, session: &Session, query: &str) -> Value {
    let listed = app
        .read(&format!("{LIST}{query}"), Some(&session.access))
        .await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    listed.body["data"].clone()
}

/// The kinds of `session`'s notifications, waiting up to a few seconds for `expected`
/// (rules run a moment after the event that triggers them).
async fn kinds_when(app: &TestApp, session: &Session, expected: &[&str]) -> Vec<String> {
    let mut kinds = Vec::new();
    for _ in 0..100 {
        let page = list(app, session, "?page_size=100").await;
        kinds = page["data"]
            .as_array()
            .expect("list")
            .iter()
            .map(|n| n["kind"].as_str().unwrap_or_default().to_owned())
            .collect();
        if expected.iter().all(|k| kinds.iter().any(|have| have == k)) {
            return kinds;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    kinds
}

/// Gives the rules time to run after the last action (for "nobody else" checks).
async fn settle() {
    tokio::time::sleep(Duration::from_millis(600)).await;
}

async fn only_the_recipient_reads_a_notification(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 0, &lagos).await;
    let sent = announce(
        &app,
        &owner,
        json!({"title": "Year-end close", "message": "Please file receipts by Friday.", "severity": "warning", "workspace_id": lagos, "recipient_ids": [bola.user_id]}),
    )
    .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let id = sent.body["data"][0]["notification"]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let theirs = list(&app, &bola, "").await;
    assert_eq!(theirs["count"], 1);
    let item = &theirs["data"][0];
    assert_eq!(item["title"], "Year-end close");
    assert_eq!(item["severity"], "warning");
    assert_eq!(item["read"], false);
    assert_eq!(item["sent"], true);
    assert!(item["created_datetime"].as_str().is_some());
    let path = format!("{LIST}{id}/");
    assert_eq!(app.read(&path, Some(&bola.access)).await.status, 200);
    assert_eq!(list(&app, &owner, "").await["count"], 0);
    assert_eq!(app.read(&path, Some(&owner.access)).await.status, 404);
    assert_eq!(
        app.patch(&path, Some(&owner.access), json!({"read": true}))
            .await
            .status,
        404
    );
    assert_eq!(app.delete(&path, Some(&owner.access)).await.status, 404);
    assert_eq!(app.read(&path, None).await.status, 401);
    app.stop().await;
}

async fn the_list_filters_by_severity_read_and_sent_and_pages(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    for severity in ["info", "warning", "error"] {
        let sent = announce(
            &app,
            &owner,
            json!({"title": severity, "message": "m", "severity": severity, "workspace_id": lagos}),
        )
        .await;
        assert_eq!(sent.status, 201, "{}", sent.body);
    }
    let all = list(&app, &owner, "").await;
    assert_eq!(all["count"], 3);
    assert_eq!(all["data"][0]["title"], "error", "newest first");
    assert_eq!(list(&app, &owner, "?severity=warning").await["count"], 1);
    let page = list(&app, &owner, "?page=2&page_size=2").await;
    assert_eq!(page["total_pages"], 2);
    assert_eq!(page["data"].as_array().map(Vec::len), Some(1));
    let first = all["data"][0]["id"].as_str().expect("id").to_owned();
    app.patch(
        &format!("{LIST}{first}/"),
        Some(&owner.access),
        json!({"read": true}),
    )
    .await;
    assert_eq!(list(&app, &owner, "?read=false").await["count"], 2);
    assert_eq!(list(&app, &owner, "?read=true").await["count"], 1);
    assert_eq!(list(&app, &owner, "?sent=true").await["count"], 3);
    assert_eq!(list(&app, &owner, "?sent=false").await["count"], 0);
    let bad = app
        .read(&format!("{LIST}?severity=critical"), Some(&owner.access))
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("severity").is_some(), "{}", bad.body);
    let bad = app
        .read(&format!("{LIST}?read=maybe"), Some(&owner.access))
        .await;
    assert!(bad.body.get("read").is_some(), "{}", bad.body);
    app.stop().await;
}

async fn mark_all_read_leaves_no_unread_notification(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    for n in 0..3 {
        announce(
            &app,
            &owner,
            json!({"title": format!("N{n}"), "message": "m", "workspace_id": lagos}),
        )
        .await;
    }
    let marked = app
        .post(
            &format!("{LIST}mark-all-read/"),
            Some(&owner.access),
            json!(null),
        )
        .await;
    assert_eq!(marked.status, 200, "{}", marked.body);
    assert_eq!(marked.body["data"]["updated"], 3);
    assert_eq!(marked.body["data"]["unread_count"], 0);
    assert_eq!(list(&app, &owner, "?read=false").await["count"], 0);
    assert_eq!(list(&app, &owner, "?read=true").await["count"], 3);
    let again = app
        .post(
            &format!("{LIST}mark-all-read/"),
            Some(&owner.access),
            json!(null),
        )
        .await;
    assert_eq!(again.body["data"]["updated"], 0, "nothing left to mark");
    app.stop().await;
}

async fn a_deleted_notification_is_gone(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let sent = announce(
        &app,
        &owner,
        json!({"title": "T", "message": "M", "workspace_id": lagos}),
    )
    .await;
    let id = sent.body["data"][0]["notification"]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let path = format!("{LIST}{id}/");
    assert_eq!(app.delete(&path, Some(&owner.access)).await.status, 204);
    assert_eq!(app.read(&path, Some(&owner.access)).await.status, 404);
    assert_eq!(app.delete(&path, Some(&owner.access)).await.status, 404);
    assert_eq!(list(&app, &owner, "").await["count"], 0);
    app.stop().await;
}

async fn read_marks_survive_a_projection_rebuild(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    for title in ["Kept unread", "Read", "Deleted"] {
        announce(
            &app,
            &owner,
            json!({"title": title, "message": "m", "workspace_id": lagos}),
        )
        .await;
    }
    let before = list(&app, &owner, "").await;
    let id_of = |title: &str| {
        before["data"]
            .as_array()
            .expect("list")
            .iter()
            .find(|n| n["title"] == title)
            .and_then(|n| n["id"].as_str())
            .expect("listed")
            .to_owned()
    };
    app.patch(
        &format!("{LIST}{}/", id_of("Read")),
        Some(&owner.access),
        json!({"read": true}),
    )
    .await;
    app.delete(&format!("{LIST}{}/", id_of("Deleted")), Some(&owner.access))
        .await;
    let marked = list(&app, &owner, "").await;

    let db = app.database().await;
    let store = store::EventStore::open(db).await.expect("store");
    let runtime = projections::ProjectionRuntime::new(store, ledgerline::projectors());
    runtime
        .rebuild("notifications", &|_| {})
        .await
        .expect("rebuild");

    let rebuilt = list(&app, &owner, "").await;
    assert_eq!(rebuilt, marked);
    assert_eq!(rebuilt["count"], 2);
    assert_eq!(
        list(&app, &owner, "?read=true").await["data"][0]["title"],
        "Read"
    );
    app.stop().await;
}

async fn announcements_need_an_admin_and_valid_fields(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 1, &lagos).await;
    let stranger = app.signed_up("eve@elsewhere.ng").await;

    let editor = announce(
        &app,
        &bola,
        json!({"title": "T", "message": "M", "workspace_id": lagos}),
    )
    .await;
    assert_eq!(editor.status, 403, "{}", editor.body);
    let blank = announce(
        &app,
        &owner,
        json!({"title": " ", "message": "", "severity": "loud", "workspace_id": lagos}),
    )
    .await;
    assert_eq!(blank.status, 400);
    for field in ["title", "message", "severity"] {
        assert!(blank.body.get(field).is_some(), "{field}: {}", blank.body);
    }
    let outsider = announce(
        &app,
        &owner,
        json!({"title": "T", "message": "M", "workspace_id": lagos, "recipient_ids": [stranger.user_id]}),
    )
    .await;
    assert_eq!(outsider.status, 400);
    assert!(outsider.body.get("recipient_ids").is_some());
    assert_eq!(
        list(&app, &stranger, "").await["count"],
        0,
        "nothing written"
    );
    app.stop().await;
}

/// Reads server-sent events from `response` until one named `name` arrives.
async fn next_event(response: &mut reqwest::Response, buffer: &mut String, name: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut event = "message";
            let mut data = String::new();
            for line in block.lines() {
                if let Some(value) = line.strip_prefix("event:") {
                    event = if value.trim() == name { name } else { "other" };
                } else if let Some(value) = line.strip_prefix("data:") {
                    data.push_str(value.trim());
                }
            }
            if event == name {
                return serde_json::from_str(&data).expect("event data");
            }
        }
        let chunk = tokio::time::timeout_at(deadline, response.chunk())
            .await
            .unwrap_or_else(|_| panic!("no {name} event within 10 s"))
            .expect("stream")
            .expect("stream open");
        buffer.push_str(&String::from_utf8_lossy(&chunk));
    }
}

pub async fn open_stream(app: &TestApp, session: &Session) -> reqwest::Response {
    let response = app
        .client
        .get(format!("{}/api/v1/notification/stream/", app.base))
        .bearer_auth(&session.access)
        .send()
        .await
        .expect("stream");
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"]
        .to_str()
        .is_ok_and(|t| t.starts_with("text/event-stream")));
    response
}

async fn the_stream_pushes_new_notifications_and_the_unread_count(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 0, &lagos).await;
    let mut stream = open_stream(&app, &bola).await;
    let mut buffer = String::new();
    let first = next_event(&mut stream, &mut buffer, "unread").await;
    assert_eq!(first["unread_count"], 0);

    announce(
        &app,
        &owner,
        json!({"title": "Live", "message": "Now", "workspace_id": lagos, "recipient_ids": [bola.user_id]}),
    )
    .await;
    let pushed = next_event(&mut stream, &mut buffer, "notification").await;
    assert_eq!(pushed["change"], "created");
    assert_eq!(pushed["notification"]["title"], "Live");
    assert_eq!(pushed["unread_count"], 1);

    app.post(
        &format!("{LIST}mark-all-read/"),
        Some(&bola.access),
        json!(null),
    )
    .await;
    let read = next_event(&mut stream, &mut buffer, "notification").await;
    assert_eq!(read["change"], "all_read");
    assert_eq!(read["unread_count"], 0);
    let unauthenticated = app.read("/api/v1/notification/stream/", None).await;
    assert_eq!(unauthenticated.status, 401);
    app.stop().await;
}

async fn an_invitation_notifies_the_invitee_and_its_answer_the_inviter(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    let carol = app.signed_up("carol@books.ng").await;
    let invitations = format!(
        "/api/v1/accounts/organizations/{}/invitations/",
        owner.organization_id
    );
    for email in ["bola@books.ng", "carol@books.ng"] {
        let sent = app
            .post(
                &invitations,
                Some(&owner.access),
                json!({"email": email, "role": 1, "workspaces": [lagos]}),
            )
            .await;
        assert_eq!(sent.status, 201, "{}", sent.body);
    }
    assert!(kinds_when(&app, &bola, &["invitation_received"])
        .await
        .contains(&"invitation_received".to_owned()));
    let received = list(&app, &bola, "").await;
    assert!(received["data"][0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("as Editor")));

    let bola_token = app.token_mailed_to("bola@books.ng").await;
    let accepted = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": bola_token }),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let carol_token = app.token_mailed_to("carol@books.ng").await;
    let rejected = app
        .post(
            "/api/v1/accounts/organizations/invitations/reject/",
            Some(&carol.access),
            json!({ "token": carol_token }),
        )
        .await;
    assert_eq!(rejected.status, 200, "{}", rejected.body);

    let owners = kinds_when(
        &app,
        &owner,
        &[
            "invitation_accepted",
            "invitation_rejected",
            "member_joined",
        ],
    )
    .await;
    for kind in [
        "invitation_accepted",
        "invitation_rejected",
        "member_joined",
    ] {
        assert!(owners.contains(&kind.to_owned()), "{kind} in {owners:?}");
    }
    settle().await;
    let bolas = kinds_when(&app, &bola, &[]).await;
    assert_eq!(bolas, ["invitation_received"], "nothing else reaches bola");
    assert_eq!(kinds_when(&app, &carol, &[]).await, ["invitation_received"]);
    app.stop().await;
}

async fn a_member_added_notifies_the_other_admins_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let carol = app.signed_up("carol@books.ng").await;
    app.add_member(&owner, "carol@books.ng", 2, &lagos).await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 0, &lagos).await;

    let carols = kinds_when(&app, &carol, &["member_joined"]).await;
    assert!(carols.contains(&"member_joined".to_owned()), "{carols:?}");
    let joined = list(&app, &carol, "").await["data"][0].clone();
    assert!(
        joined["message"]
            .as_str()
            .is_some_and(|m| m.contains("Lagos Office")),
        "{joined}"
    );
    // It opens the workspace the member joined.
    assert_eq!(
        joined["target"],
        json!({"type": "workspace", "workspace_id": lagos})
    );
    settle().await;
    assert!(
        kinds_when(&app, &owner, &[]).await.is_empty(),
        "the actor is not told"
    );
    assert!(
        kinds_when(&app, &bola, &[]).await.is_empty(),
        "nor the new member"
    );
    app.stop().await;
}

async fn a_role_change_notifies_the_member_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 0, &lagos).await;
    let memberships = format!(
        "/api/v1/accounts/organizations/{}/memberships/",
        owner.organization_id
    );
    let listed = app
        .read(&format!("{memberships}?role=0"), Some(&owner.access))
        .await;
    let membership = listed.body["data"]["data"][0]["id"]
        .as_str()
        .expect("membership")
        .to_owned();
    let changed = app
        .patch(
            &format!("{memberships}{membership}/"),
            Some(&owner.access),
            json!({"role": 1}),
        )
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);

    assert_eq!(
        kinds_when(&app, &bola, &["role_changed"]).await,
        ["role_changed"]
    );
    assert!(list(&app, &bola, "").await["data"][0]["message"]
        .as_str()
        .is_some_and(|m| m.ends_with("is now Editor.")));
    settle().await;
    assert!(kinds_when(&app, &owner, &[]).await.is_empty());
    app.stop().await;
}

async fn a_transfer_notifies_both_organizations_admins(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let abuja = app.workspace(&ada, "Abuja Office").await;
    let transfers =
        |org: &str| format!("/api/v1/accounts/organizations/{org}/workspaces/transfers/");
    let mut ids = Vec::new();
    for workspace in [&lagos, &abuja] {
        let asked = app
            .post(
                &transfers(&ada.organization_id),
                Some(&ada.access),
                json!({"target_organization": bola.organization_id, "workspace": workspace, "source_organization": ada.organization_id}),
            )
            .await;
        assert_eq!(asked.status, 201, "{}", asked.body);
        ids.push(
            asked.body["data"]["transfer_id"]
                .as_str()
                .expect("id")
                .to_owned(),
        );
    }
    let mut requested = Vec::new();
    for _ in 0..100 {
        requested = kinds_when(&app, &bola, &["transfer_requested"]).await;
        if requested.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(requested, ["transfer_requested", "transfer_requested"]);
    for (id, status) in ids.iter().zip([2, 3]) {
        let answered = app
            .patch(
                &format!("{}{id}/", transfers(&bola.organization_id)),
                Some(&bola.access),
                json!({ "status": status }),
            )
            .await;
        assert_eq!(answered.status, 200, "{}", answered.body);
    }
    let adas = kinds_when(&app, &ada, &["transfer_approved", "transfer_rejected"]).await;
    assert!(adas.contains(&"transfer_approved".to_owned()), "{adas:?}");
    assert!(adas.contains(&"transfer_rejected".to_owned()), "{adas:?}");
    assert!(
        !adas.contains(&"transfer_requested".to_owned()),
        "the requester is not told"
    );
    settle().await;
    assert_eq!(
        kinds_when(&app, &bola, &[]).await.len(),
        2,
        "the approver is not told"
    );
    assert!(kinds_when(&app, &eve, &[]).await.is_empty());
    app.stop().await;
}

async fn lock_date_changes_notify_the_workspaces_admins_and_editors(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let editor = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 1, &lagos).await;
    let viewer = app.signed_up("carol@books.ng").await;
    app.add_member(&owner, "carol@books.ng", 0, &lagos).await;
    let set = app
        .call(
            reqwest::Method::PUT,
            &format!("/api/v1/accounting/workspaces/{lagos}/lock-date/"),
            Some(&owner.access),
            Some(json!({"lock_date": "2026-06-30"})),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);

    assert_eq!(
        kinds_when(&app, &editor, &["lock_date_changed"]).await,
        ["lock_date_changed"]
    );
    let message = list(&app, &editor, "").await["data"][0]["message"].clone();
    assert!(
        message.as_str().is_some_and(|m| m.contains("2026-06-30")),
        "{message}"
    );
    settle().await;
    assert!(kinds_when(&app, &viewer, &[]).await.is_empty());
    assert!(kinds_when(&app, &owner, &[]).await.is_empty());
    app.stop().await;
}

async fn posted_entries_reach_other_admins_as_one_digest(backend: Backend) {
    let app = TestApp::spawn_with(backend, |config| {
        config.digest_window = Duration::from_secs(3);
    })
    .await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let carol = app.signed_up("carol@books.ng").await;
    app.add_member(&owner, "carol@books.ng", 2, &lagos).await;
    let editor = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 1, &lagos).await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&owner.access),
        json!(null),
    )
    .await;
    let tree = app
        .read(&format!("{base}accounts/"), Some(&owner.access))
        .await
        .body;
    let mut leaves = Vec::new();
    collect_leaves(tree["data"].as_array().expect("tree"), &mut leaves);
    let (debit, credit) = (leaves[0].clone(), leaves[1].clone());
    // Membership notifications so far are not what this test is about.
    settle().await;
    let before = kinds_when(&app, &carol, &[]).await.len();
    for n in 0..3 {
        let posted = app
            .post(
                &format!("{base}journal-entries/"),
                Some(&owner.access),
                json!({"date": "2026-03-15", "memo": format!("Sale {n}"), "post": true, "lines": [
                    {"account_id": debit, "debit": "10.00"},
                    {"account_id": credit, "credit": "10.00"}
                ]}),
            )
            .await;
        assert_eq!(posted.status, 201, "{}", posted.body);
    }
    let mut digest = Value::Null;
    for _ in 0..200 {
        let page = list(&app, &carol, "?page_size=100").await;
        if let Some(found) = page["data"]
            .as_array()
            .and_then(|all| all.iter().find(|n| n["kind"] == "entries_posted"))
        {
            digest = found.clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(digest["title"], "3 journal entries posted", "{digest}");
    assert_eq!(digest["message"], "Ada Obi posted to Lagos Office.");
    settle().await;
    assert_eq!(
        kinds_when(&app, &carol, &[]).await.len(),
        before + 1,
        "one digest, not one per entry"
    );
    assert!(!kinds_when(&app, &owner, &[])
        .await
        .contains(&"entries_posted".to_owned()));
    assert!(!kinds_when(&app, &editor, &[])
        .await
        .contains(&"entries_posted".to_owned()));
    app.stop().await;
}

fn collect_leaves(nodes: &[Value], out: &mut Vec<String>) {
    for node in nodes {
        let children = node["children"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if children.is_empty() {
            out.push(node["id"].as_str().unwrap_or_default().to_owned());
        }
        collect_leaves(children, out);
    }
}

async fn an_announcement_retried_with_its_key_after_a_lost_answer_is_sent_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.add_member(&owner, "bola@books.ng", 0, &lagos).await;
    let body = json!({"title": "Quarter close", "message": "Post accruals by Friday.",
        "workspace_id": lagos, "recipient_ids": [bola.user_id]});

    let first = app
        .post_keyed(LIST, &owner.access, "announce-1", body.clone())
        .await;
    app.lose_cached_answers().await;
    let retry = app
        .post_keyed(LIST, &owner.access, "announce-1", body)
        .await;

    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(retry.status, 201, "{}", retry.body);
    assert_eq!(retry.body["data"], first.body["data"]);
    assert_eq!(list(&app, &bola, "").await["count"], 1);
    app.stop().await;
}

async fn a_notification_marked_read_by_mark_all_read_is_marked_unread_again(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    announce(
        &app,
        &owner,
        json!({"title": "Close", "message": "m", "workspace_id": lagos}),
    )
    .await;
    let all = format!("{LIST}mark-all-read/");
    app.post(&all, Some(&owner.access), json!(null)).await;
    let id = list(&app, &owner, "").await["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let unread = app
        .patch(
            &format!("{LIST}{id}/"),
            Some(&owner.access),
            json!({"read": false}),
        )
        .await;

    // The notification's own stream never said "read": the inbox did. Deciding on its
    // stream alone would see nothing to change.
    assert_eq!(unread.status, 200, "{}", unread.body);
    assert_eq!(unread.body["data"]["read"], false);
    assert_eq!(list(&app, &owner, "?read=false").await["count"], 1);
    app.stop().await;
}

backend_tests!(
    a_notification_marked_read_by_mark_all_read_is_marked_unread_again,
    an_announcement_retried_with_its_key_after_a_lost_answer_is_sent_once,
    only_the_recipient_reads_a_notification,
    the_list_filters_by_severity_read_and_sent_and_pages,
    mark_all_read_leaves_no_unread_notification,
    a_deleted_notification_is_gone,
    read_marks_survive_a_projection_rebuild,
    announcements_need_an_admin_and_valid_fields,
    the_stream_pushes_new_notifications_and_the_unread_count,
    an_invitation_notifies_the_invitee_and_its_answer_the_inviter,
    a_member_added_notifies_the_other_admins_only,
    a_role_change_notifies_the_member_only,
    a_transfer_notifies_both_organizations_admins,
    lock_date_changes_notify_the_workspaces_admins_and_editors,
    posted_entries_reach_other_admins_as_one_digest,
);

/// Scale-out: a notification created through one node reaches a stream open on another,
/// both on one Postgres and one NATS.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_notification_made_on_one_node_reaches_a_stream_on_another() {
    let nats = std::env::var("NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into());
    let first = TestApp::spawn_with(Backend::Postgres, |config| {
        config.nats = Some(relay::RelayConfig::new(nats.clone()));
    })
    .await;
    let second = first
        .another_node(|config| {
            config.role = ledgerline::config::Role::Api;
            config.nats = Some(relay::RelayConfig::new(nats.clone()));
        })
        .await;
    let owner = first.signed_up("ada@books.ng").await;
    let lagos = first.workspace(&owner, "Lagos Office").await;
    let mut stream = open_stream(&second, &owner).await;
    let mut buffer = String::new();
    next_event(&mut stream, &mut buffer, "unread").await;

    let sent = announce(
        &first,
        &owner,
        json!({"title": "From node one", "message": "m", "workspace_id": lagos}),
    )
    .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    let pushed = next_event(&mut stream, &mut buffer, "notification").await;
    assert_eq!(pushed["notification"]["title"], "From node one");
    assert_eq!(pushed["unread_count"], 1);
    drop(stream);
    second.stop().await;
    first.stop().await;
}
