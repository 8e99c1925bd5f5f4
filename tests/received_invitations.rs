//! Answering an invitation from inside the app, on SQLite and Postgres: the invitee's
//! "Invitation received" notification opens their received invitations; an invitation
//! sent to their verified address can be accepted or declined there without the mailed
//! link; anyone else's invitation is not found to them.

mod common;

use std::time::Duration;

use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const RECEIVED: &str = "/api/v1/accounts/organizations/invitations/received/";

fn answer(id: &str, verb: &str) -> String {
    format!("{RECEIVED}{id}/{verb}/")
}

async fn invite(app: &TestApp, owner: &Session, email: &str, workspace: &str) {
    let sent = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/invitations/",
                owner.organization_id
            ),
            Some(&owner.access),
            json!({"email": email, "role": 1, "workspaces": [workspace]}),
        )
        .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
}

async fn received(app: &TestApp, session: &Session) -> Vec<Value> {
    let listed = app.read(RECEIVED, Some(&session.access)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    listed.body["data"].as_array().expect("list").clone()
}

/// The session's notification of `kind`, once the rules have raised it.
async fn notification(app: &TestApp, session: &Session, kind: &str) -> Value {
    for _ in 0..100 {
        let page = app
            .read("/api/v1/notification/?page_size=100", Some(&session.access))
            .await;
        if let Some(found) = page.body["data"]["data"]
            .as_array()
            .and_then(|list| list.iter().find(|n| n["kind"] == kind))
        {
            return found.clone();
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no {kind} notification reached {}", session.user_id);
}

async fn the_invitation_received_notification_opens_the_invitations_to_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up_named("ada@books.ng", "Ada", "Obi").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    invite(&app, &owner, "bola@books.ng", &lagos).await;

    let told = notification(&app, &bola, "invitation_received").await;
    assert_eq!(told["target"], json!({"type": "invitations"}), "{told}");

    let listed = received(&app, &bola).await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    assert_eq!(listed[0]["role_display"], "Editor");
    assert_eq!(listed[0]["workspaces"], json!(["Lagos Office"]));
    assert_eq!(listed[0]["invited_by"], "Ada Obi");
    assert_eq!(listed[0]["organization_id"], owner.organization_id.as_str());
    app.stop().await;
}

async fn an_invitation_is_accepted_in_the_app_by_the_person_it_was_sent_to(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    invite(&app, &owner, "bola@books.ng", &lagos).await;
    let id = received(&app, &bola).await[0]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    assert!(received(&app, &eve).await.is_empty(), "not eve's to see");
    let by_eve = app
        .post(&answer(&id, "accept"), Some(&eve.access), json!({}))
        .await;
    assert_eq!(by_eve.status, 404, "{}", by_eve.body);

    let accepted = app
        .post(&answer(&id, "accept"), Some(&bola.access), json!({}))
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(
        accepted.body["data"]["organization_id"],
        owner.organization_id.as_str()
    );
    let books = app
        .read(
            &format!("/api/v1/accounting/workspaces/{lagos}/accounts/"),
            Some(&bola.access),
        )
        .await;
    assert_eq!(books.status, 200, "a member now: {}", books.body);
    assert!(received(&app, &bola).await.is_empty());

    let again = app
        .post(&answer(&id, "accept"), Some(&bola.access), json!({}))
        .await;
    assert!(again.status >= 400 && again.status < 500, "{}", again.body);
    let token = app.token_mailed_to("bola@books.ng").await;
    let link = app
        .post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({ "token": token }),
        )
        .await;
    assert_eq!(link.status, 400, "the mailed link is spent: {}", link.body);
    app.stop().await;
}

async fn an_invitation_is_declined_in_the_app_and_its_mailed_link_stops_working(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let carol = app.signed_up("carol@books.ng").await;
    invite(&app, &owner, "carol@books.ng", &lagos).await;
    let id = received(&app, &carol).await[0]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let declined = app
        .post(&answer(&id, "decline"), Some(&carol.access), json!({}))
        .await;
    assert_eq!(declined.status, 200, "{}", declined.body);
    assert_eq!(declined.body["data"]["status"], 3);
    assert!(received(&app, &carol).await.is_empty());
    let told = notification(&app, &owner, "invitation_rejected").await;
    assert!(told["message"]
        .as_str()
        .is_some_and(|m| m.contains("declined")));
    let token = app.token_mailed_to("carol@books.ng").await;
    let accept_by_link = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&carol.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(accept_by_link.status, 400, "{}", accept_by_link.body);
    app.stop().await;
}

async fn an_unverified_address_answers_only_through_the_mailed_link(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    invite(&app, &owner, "bola@books.ng", &lagos).await;
    let id = received(&app, &bola).await[0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let db = app.database().await;
    sqlx::query("UPDATE users SET email_verified_at = NULL WHERE id = $1")
        .bind(&bola.user_id)
        .execute(&db.pool)
        .await
        .expect("unverify");

    assert!(received(&app, &bola).await.is_empty());
    let refused = app
        .post(&answer(&id, "accept"), Some(&bola.access), json!({}))
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.get("email").is_some(), "{}", refused.body);
    app.stop().await;
}

backend_tests!(
    the_invitation_received_notification_opens_the_invitations_to_answer,
    an_invitation_is_accepted_in_the_app_by_the_person_it_was_sent_to,
    an_invitation_is_declined_in_the_app_and_its_mailed_link_stops_working,
    an_unverified_address_answers_only_through_the_mailed_link,
);
