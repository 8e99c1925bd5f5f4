//! Invitations through the real HTTP API, on SQLite and Postgres, reading the mails from
//! the outbox: invite by e-mail → accept as an existing user; invite link → create an
//! account and accept → Viewer; reject; cancel; resend; refusals.

mod common;

use common::{Session, TestApp, PASSWORD};
use serde_json::json;
use store::{backend_tests, Backend};

fn invitations(session: &Session) -> String {
    format!(
        "/api/v1/accounts/organizations/{}/invitations/",
        session.organization_id
    )
}

async fn invite(app: &TestApp, owner: &Session, email: &str, role: u8, workspace: &str) -> String {
    let sent = app
        .post(
            &invitations(owner),
            Some(&owner.access),
            json!({"email": email, "role": role, "workspaces": [workspace]}),
        )
        .await;
    assert_eq!(sent.status, 201, "{}", sent.body);
    sent.body["data"]["id"].as_str().expect("id").into()
}

async fn workspaces_of(app: &TestApp, session: &Session) -> Vec<serde_json::Value> {
    app.read("/api/v1/accounts/me/workspaces/", Some(&session.access))
        .await
        .body["data"]
        .as_array()
        .expect("list")
        .clone()
}

async fn an_existing_user_accepts_an_email_invitation_into_exactly_its_workspaces(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    app.workspace(&owner, "Abuja Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    invite(&app, &owner, "bola@books.ng", 1, &lagos).await;
    let mail = app.mail_to("bola@books.ng").await;
    assert!(mail.subject.starts_with("You are invited to"));
    let token = app.token_mailed_to("bola@books.ng").await;

    let offered = app
        .post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({ "token": token }),
        )
        .await;
    assert_eq!(offered.status, 200, "{}", offered.body);
    assert_eq!(offered.body["data"]["role_display"], "Editor");
    assert_eq!(offered.body["data"]["account_exists"], true);
    assert_eq!(
        offered.body["data"]["workspaces"][0]["name"],
        "Lagos Office"
    );
    let accepted = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);

    let theirs: Vec<_> = workspaces_of(&app, &bola)
        .await
        .into_iter()
        .filter(|w| w["organization_id"] == owner.organization_id.as_str())
        .collect();
    assert_eq!(theirs.len(), 1, "exactly the invited workspace");
    assert_eq!(theirs[0]["id"], lagos.as_str());
    assert_eq!(theirs[0]["role"], 1);
    assert_eq!(theirs[0]["is_invited"], true);
    let again = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(again.status, 400, "a token works once");
    app.stop().await;
}

async fn an_invitation_link_creates_an_account_that_lands_as_viewer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let link = app
        .post(
            &format!("{}link/", invitations(&owner)),
            Some(&owner.access),
            json!({"role": 0, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(link.status, 201, "{}", link.body);
    let url = link.body["data"]["link"].as_str().expect("link").to_owned();
    assert!(
        url.starts_with("http://ledgerline.test/invite-user?token="),
        "{url}"
    );
    let token = url.rsplit('=').next().expect("token");

    let joined = app
        .post(
            "/api/v1/accounts/organizations/invitations/create-account-and-accept-invite/",
            None,
            json!({"token": token, "first_name": "Chi", "last_name": "Eze", "email": "chi@books.ng", "password": PASSWORD}),
        )
        .await;

    assert_eq!(joined.status, 201, "{}", joined.body);
    let chi = Session {
        access: joined.body["data"]["access"]
            .as_str()
            .expect("access")
            .into(),
        refresh: joined.body["data"]["refresh"]
            .as_str()
            .expect("refresh")
            .into(),
        user_id: String::new(),
        organization_id: owner.organization_id.clone(),
    };
    let theirs = workspaces_of(&app, &chi).await;
    assert_eq!(theirs.len(), 1);
    assert_eq!(theirs[0]["id"], lagos.as_str());
    assert_eq!(theirs[0]["role"], 0);
    assert_eq!(theirs[0]["role_display"], "Viewer");
    app.stop().await;
}

async fn an_invitation_link_grants_only_the_viewer_role(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;

    let admin_link = app
        .post(
            &format!("{}link/", invitations(&owner)),
            Some(&owner.access),
            json!({"role": 2, "workspaces": [lagos]}),
        )
        .await;

    assert_eq!(admin_link.status, 400);
    assert!(admin_link.body.get("role").is_some(), "{}", admin_link.body);
    app.stop().await;
}

async fn a_rejected_invitation_is_closed_and_its_link_dies(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    invite(&app, &owner, "bola@books.ng", 2, &lagos).await;
    let token = app.token_mailed_to("bola@books.ng").await;

    let rejected = app
        .post(
            "/api/v1/accounts/organizations/invitations/reject/",
            None,
            json!({ "token": token }),
        )
        .await;
    assert_eq!(rejected.status, 200, "{}", rejected.body);

    let listed = app.read(&invitations(&owner), Some(&owner.access)).await;
    assert_eq!(listed.body["data"]["data"][0]["status"], 3);
    let verify = app
        .post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({ "token": token }),
        )
        .await;
    assert_eq!(verify.status, 400);
    app.stop().await;
}

async fn a_cancelled_invitation_cannot_be_used(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let id = invite(&app, &owner, "bola@books.ng", 2, &lagos).await;
    let token = app.token_mailed_to("bola@books.ng").await;

    let cancelled = app
        .post(
            &format!("{}{id}/cancel/", invitations(&owner)),
            Some(&owner.access),
            json!({}),
        )
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);

    let listed = app.read(&invitations(&owner), Some(&owner.access)).await;
    assert_eq!(listed.body["data"]["data"][0]["status"], 4);
    let bola = app.signed_up("bola@books.ng").await;
    let accept = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(accept.status, 400);
    let twice = app
        .post(
            &format!("{}{id}/cancel/", invitations(&owner)),
            Some(&owner.access),
            json!({}),
        )
        .await;
    assert_eq!(twice.status, 400, "{}", twice.body);
    app.stop().await;
}

async fn a_resent_invitation_works_only_with_its_new_link(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let id = invite(&app, &owner, "bola@books.ng", 1, &lagos).await;
    let first = app.token_mailed_to("bola@books.ng").await;

    let resent = app
        .post(
            &format!("{}{id}/resend/", invitations(&owner)),
            Some(&owner.access),
            json!({}),
        )
        .await;
    assert_eq!(resent.status, 200, "{}", resent.body);
    let mut second = first.clone();
    for _ in 0..100 {
        second = app.token_mailed_to("bola@books.ng").await;
        if second != first {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_ne!(second, first);

    let verify = |token: String| {
        app.post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({ "token": token }),
        )
    };
    assert_eq!(verify(first).await.status, 400);
    assert_eq!(verify(second).await.status, 200);
    app.stop().await;
}

async fn an_address_already_in_the_workspaces_is_a_conflict(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;

    let myself = app
        .post(
            &invitations(&owner),
            Some(&owner.access),
            json!({"email": "ADA@books.ng", "workspaces": [lagos]}),
        )
        .await;

    assert_eq!(myself.status, 409, "{}", myself.body);
    assert_eq!(myself.body["code"], "conflict");
    app.stop().await;
}

async fn a_bad_address_or_no_workspace_is_refused_by_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;

    let bad = app
        .post(
            &invitations(&owner),
            Some(&owner.access),
            json!({"email": "bola@books", "workspaces": [lagos]}),
        )
        .await;
    let none = app
        .post(
            &invitations(&owner),
            Some(&owner.access),
            json!({"email": "bola@books.ng", "workspaces": []}),
        )
        .await;

    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["email"][0], "Email is not valid");
    assert_eq!(none.status, 400);
    assert!(none.body.get("workspaces").is_some(), "{}", none.body);
    app.stop().await;
}

async fn a_viewer_cannot_invite(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    invite(&app, &owner, "bola@books.ng", 0, &lagos).await;
    let token = app.token_mailed_to("bola@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    app.post(
        "/api/v1/accounts/organizations/invitations/accept/",
        Some(&bola.access),
        json!({ "token": token }),
    )
    .await;

    let attempt = app
        .post(
            &invitations(&owner),
            Some(&bola.access),
            json!({"email": "chi@books.ng", "workspaces": [lagos]}),
        )
        .await;

    assert_eq!(attempt.status, 403, "{}", attempt.body);
    assert_eq!(attempt.body["code"], "role_restriction");
    assert_eq!(
        attempt.body["detail"],
        "Insufficient role permissions to access this feature."
    );
    app.stop().await;
}

async fn an_email_invitation_is_for_its_address_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    invite(&app, &owner, "bola@books.ng", 1, &lagos).await;
    let token = app.token_mailed_to("bola@books.ng").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;

    let stolen = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&eve.access),
            json!({ "token": token }),
        )
        .await;

    assert_eq!(stolen.status, 400, "{}", stolen.body);
    assert!(stolen.body["non_field_errors"][0]
        .as_str()
        .is_some_and(|m| m.contains("another e-mail")));
    app.stop().await;
}

async fn an_unknown_invitation_token_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let verify = app
        .post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({"token": "deadbeef"}),
        )
        .await;

    assert_eq!(verify.status, 400);
    assert!(verify.body["token"][0]
        .as_str()
        .is_some_and(|m| m.contains("not valid")));
    app.stop().await;
}

async fn an_invitation_expires_after_seven_days_unless_resent(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    let id = invite(&app, &owner, "bola@books.ng", 1, &lagos).await;
    let token = app.token_mailed_to("bola@books.ng").await;

    app.clock
        .advance(std::time::Duration::from_secs(7 * 86_400 + 60));
    let offered = app
        .post(
            "/api/v1/accounts/organizations/invitations/verify/",
            None,
            json!({ "token": token }),
        )
        .await;
    let refused = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": token }),
        )
        .await;
    let resent = app
        .post(
            &format!("{}{id}/resend/", invitations(&owner)),
            Some(&owner.access),
            json!({}),
        )
        .await;
    let mut renewed = token.clone();
    for _ in 0..100 {
        renewed = app.token_mailed_to("bola@books.ng").await;
        if renewed != token {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let accepted = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&bola.access),
            json!({ "token": renewed }),
        )
        .await;

    assert_eq!(offered.status, 200, "{}", offered.body);
    assert_eq!(
        offered.body["data"]["status"], 5,
        "expired: {}",
        offered.body
    );
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body["non_field_errors"][0]
            .as_str()
            .is_some_and(|m| m.contains("expired")),
        "{}",
        refused.body
    );
    assert_eq!(resent.status, 200, "{}", resent.body);
    assert_eq!(
        accepted.status, 200,
        "a resent invitation runs seven days more: {}",
        accepted.body
    );
    app.stop().await;
}

async fn two_people_join_through_one_link_until_it_is_cancelled(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let link = app
        .post(
            &format!("{}link/", invitations(&owner)),
            Some(&owner.access),
            json!({"role": 0, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(link.status, 201, "{}", link.body);
    let url = link.body["data"]["link"].as_str().expect("link").to_owned();
    let token = url.rsplit('=').next().expect("token").to_owned();

    let chi = app
        .post(
            "/api/v1/accounts/organizations/invitations/create-account-and-accept-invite/",
            None,
            json!({"token": token, "first_name": "Chi", "last_name": "Eze",
                   "email": "chi@books.ng", "password": PASSWORD}),
        )
        .await;
    assert_eq!(chi.status, 201, "{}", chi.body);
    let dayo = app.signed_up("dayo@books.ng").await;
    let joined = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&dayo.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let theirs = workspaces_of(&app, &dayo).await;
    assert!(theirs
        .iter()
        .any(|w| w["id"] == lagos.as_str() && w["role"] == 0));

    let again = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&dayo.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(
        again.status, 409,
        "a member uses a link once: {}",
        again.body
    );

    let listed = app.read(&invitations(&owner), Some(&owner.access)).await;
    let row = listed.body["data"]["data"]
        .as_array()
        .and_then(|rows| rows.iter().find(|r| r["kind"] == "link"))
        .cloned()
        .expect("the link is listed");
    assert_eq!(row["uses"], 2, "{row}");
    assert_eq!(row["status"], 1, "the link stays pending: {row}");

    let cancelled = app
        .post(
            &format!(
                "{}{}/cancel/",
                invitations(&owner),
                row["id"].as_str().expect("id")
            ),
            Some(&owner.access),
            json!({}),
        )
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    let late = app.signed_up("emeka@books.ng").await;
    let refused = app
        .post(
            "/api/v1/accounts/organizations/invitations/accept/",
            Some(&late.access),
            json!({ "token": token }),
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    app.stop().await;
}

backend_tests!(
    two_people_join_through_one_link_until_it_is_cancelled,
    an_invitation_expires_after_seven_days_unless_resent,
    an_existing_user_accepts_an_email_invitation_into_exactly_its_workspaces,
    an_invitation_link_creates_an_account_that_lands_as_viewer,
    an_invitation_link_grants_only_the_viewer_role,
    a_rejected_invitation_is_closed_and_its_link_dies,
    a_cancelled_invitation_cannot_be_used,
    a_resent_invitation_works_only_with_its_new_link,
    an_address_already_in_the_workspaces_is_a_conflict,
    a_bad_address_or_no_workspace_is_refused_by_field,
    a_viewer_cannot_invite,
    an_email_invitation_is_for_its_address_only,
    an_unknown_invitation_token_is_refused,
);
