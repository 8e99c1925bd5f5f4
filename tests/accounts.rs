//! The account service of spec §7 through the real HTTP API, on SQLite and on Postgres:
//! sign-up, verification, sign-in, tokens, password reset, profile, organizations,
//! workspaces and memberships — and that nobody reaches another organization's data.

mod common;

use common::{Session, TestApp, PASSWORD};
use serde_json::json;
use store::{backend_tests, Backend};

const REGISTER: &str = "/api/v1/accounts/register/";
const LOGIN: &str = "/api/v1/accounts/login/";
const ME: &str = "/api/v1/accounts/me/";

fn register_body(email: &str) -> serde_json::Value {
    json!({"first_name": "Bola", "last_name": "Ade", "email": email, "password": PASSWORD})
}

async fn sign_up_then_verify_then_sign_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let session = app.signed_up("ada@books.ng").await;

    let me = app.read(ME, Some(&session.access)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.body["data"]["email"], "ada@books.ng");
    assert_eq!(me.body["data"]["is_email_verified"], true);
    let memberships = me.body["data"]["memberships"].as_array().expect("list");
    assert_eq!(memberships.len(), 1);
    assert_eq!(memberships[0]["role"], 2);
    assert_eq!(
        memberships[0]["organization_id"],
        session.organization_id.as_str()
    );
    app.stop().await;
}

async fn the_login_answer_carries_the_two_factor_flags(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;

    let login = app
        .post(
            LOGIN,
            None,
            json!({"email": "ADA@books.ng", "password": PASSWORD}),
        )
        .await;

    assert_eq!(login.status, 200, "{}", login.body);
    assert_eq!(login.body["data"]["is_google_authenticator_set"], false);
    assert_eq!(login.body["data"]["is_two_fa_enabled"], false);
    assert!(login.body["data"]["access"]
        .as_str()
        .is_some_and(|t| !t.is_empty()));
    app.stop().await;
}

async fn an_unverified_account_cannot_sign_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.post(REGISTER, None, register_body("bola@books.ng"))
        .await;

    let login = app
        .post(
            LOGIN,
            None,
            json!({"email": "bola@books.ng", "password": PASSWORD}),
        )
        .await;

    assert_eq!(login.status, 400);
    assert!(login.body["non_field_errors"][0]
        .as_str()
        .is_some_and(|m| m.starts_with("Verify your e-mail address")));
    app.stop().await;
}

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;

    let wrong = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": "wrong-pass-1"}),
        )
        .await;
    let unknown = app
        .post(
            LOGIN,
            None,
            json!({"email": "nobody@books.ng", "password": PASSWORD}),
        )
        .await;

    assert_eq!((wrong.status, unknown.status), (400, 400));
    assert_eq!(wrong.body, unknown.body);
    assert_eq!(
        wrong.body["non_field_errors"][0],
        "No active account found with the given credentials"
    );
    app.stop().await;
}

async fn a_refresh_token_rotates_and_its_reuse_revokes_the_family(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let refresh = "/api/v1/accounts/token/refresh/";

    let first = app
        .post(refresh, None, json!({"refresh": session.refresh}))
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    let successor = first.body["data"]["refresh"]
        .as_str()
        .expect("refresh")
        .to_owned();
    assert_ne!(successor, session.refresh);
    assert_eq!(
        app.read(ME, first.body["data"]["access"].as_str())
            .await
            .status,
        200
    );

    let replay = app
        .post(refresh, None, json!({"refresh": session.refresh}))
        .await;
    assert_eq!(replay.status, 401);
    assert_eq!(replay.body["code"], "token_not_valid");
    let after_theft = app.post(refresh, None, json!({"refresh": successor})).await;
    assert_eq!(
        after_theft.status, 401,
        "the successor dies with its family"
    );
    app.stop().await;
}

async fn a_verification_link_works_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.post(REGISTER, None, register_body("bola@books.ng"))
        .await;
    let token = app.token_mailed_to("bola@books.ng").await;
    let complete = "/api/v1/accounts/email-verification/complete/";

    let first = app.post(complete, None, json!({ "token": token })).await;
    let second = app.post(complete, None, json!({ "token": token })).await;
    let forged = app.post(complete, None, json!({ "token": "00ff" })).await;

    assert_eq!(first.status, 200);
    assert_eq!(second.status, 400);
    assert!(second.body["token"][0]
        .as_str()
        .is_some_and(|m| m.contains("not valid")));
    assert_eq!(forged.status, 400);
    app.stop().await;
}

async fn a_password_reset_by_mailed_link_replaces_the_password_and_ends_sessions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let asked = app
        .post(
            "/api/v1/accounts/password/reset/initialize/",
            None,
            json!({"email": "ada@books.ng"}),
        )
        .await;
    assert_eq!(asked.status, 200);
    let mail = app.mail_to("ada@books.ng").await;
    assert_eq!(mail.subject, "Reset your Ledgerline password");
    let token = app.token_mailed_to("ada@books.ng").await;

    let weak = app
        .post(
            "/api/v1/accounts/password/reset/complete/",
            None,
            json!({"token": token, "password": "short"}),
        )
        .await;
    assert_eq!(weak.status, 400);
    assert_eq!(
        weak.body["password"][0],
        "Password must be at least 8 characters"
    );
    let done = app
        .post(
            "/api/v1/accounts/password/reset/complete/",
            None,
            json!({"token": token, "password": "new-pass-2027"}),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);

    let old = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": PASSWORD}),
        )
        .await;
    let new = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": "new-pass-2027"}),
        )
        .await;
    assert_eq!((old.status, new.status), (400, 200));
    let refreshed = app
        .post(
            "/api/v1/accounts/token/refresh/",
            None,
            json!({"refresh": session.refresh}),
        )
        .await;
    assert_eq!(refreshed.status, 401, "sessions from before the reset end");
    app.stop().await;
}

async fn a_reset_for_an_unknown_address_answers_alike_and_sends_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let asked = app
        .post(
            "/api/v1/accounts/password/reset/initialize/",
            None,
            json!({"email": "ghost@books.ng"}),
        )
        .await;

    assert_eq!(asked.status, 200);
    let db = &app.db.as_ref().expect("database").db;
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM mail_outbox")
        .fetch_one(&db.pool)
        .await
        .expect("count");
    assert_eq!(queued, 0);
    app.stop().await;
}

async fn an_email_registers_once_whatever_its_case(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.post(REGISTER, None, register_body("bola@books.ng"))
        .await;

    let again = app
        .post(REGISTER, None, register_body(" BOLA@Books.ng "))
        .await;

    assert_eq!(again.status, 201, "{}", again.body);
    let check = app
        .post(
            "/api/v1/accounts/email-exists/check/",
            None,
            json!({"email": "Bola@books.ng"}),
        )
        .await;
    assert_eq!(check.body["data"]["exists"], true);
    let other = app
        .post(
            "/api/v1/accounts/email-exists/check/",
            None,
            json!({"email": "new@books.ng"}),
        )
        .await;
    assert_eq!(other.body["data"]["exists"], false);
    app.stop().await;
}

async fn registration_names_every_invalid_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let bad = app
        .post(REGISTER, None, json!({"first_name": " ", "last_name": "", "email": "bola@books", "password": "abcdefgh"}))
        .await;
    let missing = app
        .post(REGISTER, None, json!({"first_name": "Bola"}))
        .await;

    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["first_name"][0], "First Name is required");
    assert_eq!(bad.body["last_name"][0], "Last Name is required");
    assert_eq!(bad.body["email"][0], "Email is not valid");
    assert_eq!(
        bad.body["password"][0],
        "Password must contain a letter and a digit"
    );
    assert_eq!(missing.status, 400);
    assert!(missing.body.get("last_name").is_some(), "{}", missing.body);
    app.stop().await;
}

async fn the_profile_is_validated_by_the_spec_rules_and_saved(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());

    let bad = app
        .patch(
            ME,
            token,
            json!({"first_name": "", "persona": 7, "phone_number": "08012345678", "address": " "}),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["first_name"][0], "First Name is required");
    assert_eq!(bad.body["persona"][0], "Invalid persona value");
    assert_eq!(
        bad.body["phone_number"][0],
        "Phone number must start with a country code and be 8 to 18 digits long"
    );
    assert_eq!(bad.body["address"][0], "Address is required");

    let saved = app
        .patch(ME, token, json!({"address": "14 Broad Street", "location": "Lagos", "persona": 1, "phone_number": "+2348012345678"}))
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    let me = app.read(ME, token).await;
    assert_eq!(me.body["data"]["address"], "14 Broad Street");
    assert_eq!(me.body["data"]["persona"], 1);
    assert_eq!(me.body["data"]["phone_number"], "+2348012345678");
    assert_eq!(
        me.body["data"]["first_name"], "Ada",
        "absent fields keep their value"
    );
    app.stop().await;
}

async fn a_new_workspace_is_listed_and_the_switch_marks_it_latest(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());
    let lagos = app.workspace(&session, "Lagos Office").await;
    let abuja = app.workspace(&session, "Abuja Office").await;

    let switched = app
        .post(
            &format!("/api/v1/accounts/me/workspaces/{abuja}/switch/"),
            token,
            json!({}),
        )
        .await;
    assert_eq!(switched.status, 200, "{}", switched.body);

    let mine = app.read("/api/v1/accounts/me/workspaces/", token).await;
    let list = mine.body["data"].as_array().expect("list");
    let row = |id: &str| list.iter().find(|w| w["id"] == id).expect("listed").clone();
    assert_eq!(list.len(), 2);
    assert_eq!(row(&lagos)["latest"], false);
    assert_eq!(row(&abuja)["latest"], true);
    assert_eq!(row(&lagos)["role"], 2);
    assert_eq!(row(&lagos)["role_display"], "Admin");
    assert_eq!(row(&lagos)["is_invited"], false);
    assert_eq!(
        row(&lagos)["organization_id"],
        session.organization_id.as_str()
    );
    assert_eq!(row(&lagos)["name"], "Lagos Office");
    app.stop().await;
}

async fn a_workspace_is_renamed_and_deleted_through_its_organization(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());
    let lagos = app.workspace(&session, "Lagos Office").await;
    let path = format!(
        "/api/v1/accounts/organizations/{}/workspaces/{lagos}/",
        session.organization_id
    );

    let taken = app.workspace(&session, "Abuja Office").await;
    let clash = app
        .patch(&path, token, json!({"name": " abuja office "}))
        .await;
    assert_eq!(clash.status, 400);
    assert!(clash.body["name"][0]
        .as_str()
        .is_some_and(|m| m.contains("already exists")));
    let renamed = app.patch(&path, token, json!({"name": "Lagos HQ"})).await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(renamed.body["data"]["name"], "Lagos HQ");

    assert_eq!(app.delete(&path, token).await.status, 204);
    assert_eq!(app.read(&path, token).await.status, 404);
    let mine = app.read("/api/v1/accounts/me/workspaces/", token).await;
    let ids: Vec<&str> = mine.body["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|w| w["id"].as_str())
        .collect();
    assert_eq!(ids, vec![taken.as_str()]);
    app.stop().await;
}

async fn the_organizations_only_workspace_is_not_deleted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());
    let lagos = app.workspace(&session, "Lagos Office").await;
    let path = format!(
        "/api/v1/accounts/organizations/{}/workspaces/{lagos}/",
        session.organization_id
    );

    let refused = app.delete(&path, token).await;

    assert_eq!(refused.status, 400, "{}", refused.body);
    assert_eq!(
        refused.body["non_field_errors"][0],
        "This is the organization's only workspace: create another one first."
    );
    assert_eq!(app.read(&path, token).await.status, 200);
    app.stop().await;
}

/// A membership committed a moment ago is not refused by a read model still behind it: this
/// API node runs no projector, and the node that does starts only after the caller asks.
async fn a_member_is_not_refused_while_the_memberships_read_model_catches_up(backend: Backend) {
    let api = TestApp::spawn_with(backend, |config| {
        config.role = ledgerline::config::Role::Api;
    })
    .await;
    let session = api.signed_up("ada@books.ng").await;
    let path = format!(
        "/api/v1/accounts/organizations/{}/workspaces/",
        session.organization_id
    );

    let (created, projector) = tokio::join!(
        api.post(
            &path,
            Some(&session.access),
            json!({"name": "Lagos Office"})
        ),
        async {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            api.another_node(|_| {}).await
        }
    );

    assert_eq!(created.status, 201, "{}", created.body);
    projector.stop().await;
    api.stop().await;
}

async fn organizations_are_listed_filtered_and_updated(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());
    let path = format!(
        "/api/v1/accounts/organizations/{}/",
        session.organization_id
    );

    let updated = app
        .patch(
            &path,
            token,
            json!({"location": "Ikeja, Lagos", "name": "Obi Trading"}),
        )
        .await;
    assert_eq!(updated.status, 200, "{}", updated.body);
    let list = app
        .read("/api/v1/accounts/organizations/?page=1&page_size=10", token)
        .await;
    assert_eq!(list.body["data"]["count"], 1);
    let org = &list.body["data"]["data"][0];
    assert_eq!(org["name"], "Obi Trading");
    assert_eq!(org["location"], "Ikeja, Lagos");
    let slug = org["slug"].as_str().expect("slug").to_owned();
    let by_slug = app
        .read(
            &format!("/api/v1/accounts/organizations/?slug={slug}"),
            token,
        )
        .await;
    assert_eq!(by_slug.body["data"]["count"], 1);
    let none = app
        .read("/api/v1/accounts/organizations/?slug=nope", token)
        .await;
    assert_eq!(none.body["data"]["count"], 0);
    let bad_email = app
        .patch(&path, token, json!({"email": "not-an-email"}))
        .await;
    assert_eq!(bad_email.status, 400);
    assert!(bad_email.body.get("email").is_some());
    app.stop().await;
}

async fn the_last_admin_cannot_be_demoted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let token = Some(session.access.as_str());
    let memberships = format!(
        "/api/v1/accounts/organizations/{}/memberships/",
        session.organization_id
    );
    let list = app
        .read(&format!("{memberships}?role=2&is_active=true"), token)
        .await;
    assert_eq!(list.body["data"]["count"], 1, "{}", list.body);
    assert_eq!(list.body["data"]["data"][0]["email"], "ada@books.ng");
    let membership = list.body["data"]["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();

    let demote = app
        .patch(
            &format!("{memberships}{membership}/"),
            token,
            json!({"role": 0}),
        )
        .await;
    let bad_role = app
        .patch(
            &format!("{memberships}{membership}/"),
            token,
            json!({"role": 5}),
        )
        .await;

    assert_eq!(demote.status, 400, "{}", demote.body);
    assert!(demote.body["non_field_errors"][0]
        .as_str()
        .is_some_and(|m| m.contains("at least one Admin")));
    assert_eq!(bad_role.status, 400);
    assert!(bad_role.body.get("role").is_some());
    app.stop().await;
}

/// Every organization route, asked by a member of another organization.
async fn nobody_reaches_another_organizations_data(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&owner, "Lagos Office").await;
    let stranger: Session = app.signed_up("eve@elsewhere.ng").await;
    let token = Some(stranger.access.as_str());
    let org = &owner.organization_id;

    let reads = [
        format!("/api/v1/accounts/organizations/{org}/"),
        format!("/api/v1/accounts/organizations/{org}/workspaces/"),
        format!("/api/v1/accounts/organizations/{org}/workspaces/{workspace}/"),
        format!("/api/v1/accounts/organizations/{org}/memberships/"),
        format!("/api/v1/audit/workspaces/{workspace}/chain-head/"),
        format!("/api/v1/accounts/organizations/{org}/invitations/"),
        format!("/api/v1/accounts/organizations/{org}/workspaces/transfers/"),
        format!("/api/v1/accounts/organizations/{org}/setup-progress/"),
        format!("/api/v1/accounts/organizations/{org}/user-engagement/"),
    ];
    for path in &reads {
        let reply = app.read(path, token).await;
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
        assert_eq!(reply.body["code"], "no_workspace_access", "{path}");
    }
    let writes = [
        (
            reqwest::Method::PATCH,
            format!("/api/v1/accounts/organizations/{org}/"),
            json!({"name": "Mine"}),
        ),
        (
            reqwest::Method::POST,
            format!("/api/v1/accounts/organizations/{org}/workspaces/"),
            json!({"name": "Mine"}),
        ),
        (
            reqwest::Method::PATCH,
            format!("/api/v1/accounts/organizations/{org}/workspaces/{workspace}/"),
            json!({"name": "Mine"}),
        ),
        (
            reqwest::Method::DELETE,
            format!("/api/v1/accounts/organizations/{org}/workspaces/{workspace}/"),
            json!({}),
        ),
        (
            reqwest::Method::POST,
            format!("/api/v1/accounts/organizations/{org}/memberships/remove"),
            json!({"membership_id": stranger.user_id, "workspace_id": workspace}),
        ),
        (
            reqwest::Method::POST,
            format!("/api/v1/accounts/me/workspaces/{workspace}/switch/"),
            json!({}),
        ),
    ];
    for (method, path, body) in writes {
        let reply = app.call(method.clone(), &path, token, Some(body)).await;
        assert_eq!(reply.status, 403, "{method} {path}: {}", reply.body);
    }
    // The stranger's own workspace cannot be reached through the owner's organization.
    let own = app.workspace(&stranger, "Eve's Books").await;
    let sideways = app
        .patch(
            &format!("/api/v1/accounts/organizations/{org}/workspaces/{own}/"),
            token,
            json!({"name": "x"}),
        )
        .await;
    assert_eq!(sideways.status, 404, "{}", sideways.body);
    let listed = app.read("/api/v1/accounts/organizations/", token).await;
    assert_eq!(
        listed.body["data"]["count"], 1,
        "only their own organization"
    );
    app.stop().await;
}

async fn the_services_and_choices_describe_the_product(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    let services = app
        .read("/api/v1/accounts/services/?page=1&page_size=100", None)
        .await;
    let choices = app
        .read("/api/v1/accounts/choices/description/", None)
        .await;

    assert_eq!(services.body["data"]["count"], 2);
    assert_eq!(services.body["data"]["data"][0]["id"], "accounting");
    assert_eq!(services.body["data"]["data"][1]["id"], "audit");
    let roles: Vec<&str> = choices.body["data"]["roles"]
        .as_array()
        .expect("roles")
        .iter()
        .filter_map(|r| r["label"].as_str())
        .collect();
    assert_eq!(roles, ["Viewer", "Editor", "Admin"]);
    assert_eq!(
        choices.body["data"]["personas"].as_array().map(Vec::len),
        Some(3)
    );
    app.stop().await;
}

async fn the_account_routes_refuse_an_invalid_token(backend: Backend) {
    let app = TestApp::spawn(backend).await;

    for path in [
        ME,
        "/api/v1/accounts/me/workspaces/",
        "/api/v1/accounts/organizations/",
    ] {
        let reply = app.read(path, Some("expired-or-forged")).await;
        assert_eq!(reply.status, 401, "{path}");
        assert_eq!(reply.body["code"], "token_not_valid");
    }
    app.stop().await;
}

async fn an_admin_adds_an_existing_account_and_widens_its_workspaces(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let abuja = app.workspace(&owner, "Abuja Office").await;
    let bola = app.signed_up("bola@books.ng").await;
    let memberships = format!(
        "/api/v1/accounts/organizations/{}/memberships/",
        owner.organization_id
    );

    let added = app
        .post(
            &memberships,
            Some(&owner.access),
            json!({"email": "bola@books.ng", "role": 1, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.body);
    let id = added.body["data"]["id"].as_str().expect("id").to_owned();
    let widened = app
        .post(
            &format!("{memberships}{id}/"),
            Some(&owner.access),
            json!({"workspaces": [lagos, abuja], "role": 0}),
        )
        .await;
    assert_eq!(widened.status, 200, "{}", widened.body);

    let listed = app
        .read(
            &format!("{memberships}?workspace_id={abuja}"),
            Some(&owner.access),
        )
        .await;
    let row = listed.body["data"]["data"]
        .as_array()
        .expect("list")
        .iter()
        .find(|m| m["email"] == "bola@books.ng")
        .cloned()
        .expect("bola listed");
    assert_eq!(row["role"], 0);
    assert_eq!(row["workspaces"].as_array().map(Vec::len), Some(2));
    let unknown = app
        .post(
            &memberships,
            Some(&owner.access),
            json!({"email": "ghost@books.ng", "role": 1, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(unknown.status, 400);
    assert!(unknown.body.get("email").is_some());
    let theirs = app
        .read("/api/v1/accounts/me/workspaces/", Some(&bola.access))
        .await;
    assert_eq!(theirs.body["data"].as_array().map(Vec::len), Some(2));
    app.stop().await;
}

async fn the_setup_checklist_follows_the_books_and_records_skips(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let path = format!(
        "/api/v1/accounts/organizations/{}/setup-progress/",
        owner.organization_id
    );
    let step = |body: &serde_json::Value, key: &str| {
        body["data"]["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .find(|s| s["key"] == key)
            .cloned()
            .expect("step")
    };

    let fresh = app.read(&path, token).await;
    assert_eq!(fresh.status, 200, "{}", fresh.body);
    assert_eq!(fresh.body["data"]["total"], 6);
    assert_eq!(step(&fresh.body, "create_workspace")["completed"], false);

    app.workspace(&owner, "Lagos Office").await;
    let skipped = app
        .patch(&path, token, json!({"skipped_steps": ["choose_plan"]}))
        .await;
    assert_eq!(skipped.status, 200, "{}", skipped.body);
    let after = app.read(&path, token).await;
    assert_eq!(step(&after.body, "create_workspace")["completed"], true);
    assert_eq!(step(&after.body, "choose_plan")["skipped"], true);
    assert_eq!(after.body["data"]["completed"], 2);

    let bad = app
        .patch(&path, token, json!({"skipped_steps": ["fly_to_moon"]}))
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("skipped_steps").is_some(), "{}", bad.body);
    app.stop().await;
}

async fn user_engagement_counts_members_workspaces_and_activity(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    app.workspace(&owner, "Lagos Office").await;
    app.workspace(&owner, "Abuja Office").await;

    // The log statistics are a read model of their own: read until it has caught up.
    let path = format!(
        "/api/v1/accounts/organizations/{}/user-engagement/",
        owner.organization_id
    );
    let mut figures = app.read(&path, Some(&owner.access)).await;
    for _ in 0..100 {
        if figures.body["data"]["events_recorded"]
            .as_i64()
            .is_some_and(|n| n >= 2)
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        figures = app.read(&path, Some(&owner.access)).await;
    }

    assert_eq!(figures.status, 200, "{}", figures.body);
    assert_eq!(figures.body["data"]["members"], 1);
    assert_eq!(figures.body["data"]["workspaces"], 2);
    assert_eq!(figures.body["data"]["entries_posted"], 0);
    assert!(figures.body["data"]["events_recorded"]
        .as_i64()
        .is_some_and(|n| n >= 2));
    assert!(figures.body["data"]["last_activity"].is_string());
    app.stop().await;
}

async fn a_sign_in_body_of_many_kilobytes_is_refused_with_413(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;
    let padding = "x".repeat(64 * 1024);
    // A client of its own: the server closes a connection whose body it did not read,
    // and the shared client's pool must not hand that connection to the next call.
    let response = reqwest::Client::new()
        .post(format!("{}{LOGIN}", app.base))
        .json(&json!({"email": "ada@books.ng", "password": PASSWORD, "padding": padding}))
        .send()
        .await
        .expect("request");
    assert_eq!(response.status().as_u16(), 413);
    let body: serde_json::Value = response.json().await.expect("json error body");
    assert_eq!(body["code"], "payload_too_large", "{body}");
    assert!(body["detail"].is_string(), "{body}");

    let small = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": PASSWORD}),
        )
        .await;
    assert_eq!(small.status, 200, "{}", small.body);
    app.stop().await;
}

async fn registering_a_taken_address_answers_as_for_a_new_one_and_tells_its_owner(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;

    let taken = app
        .post(REGISTER, None, register_body("ada@books.ng"))
        .await;
    let new = app
        .post(REGISTER, None, register_body("bola@books.ng"))
        .await;

    assert_eq!(taken.status, new.status, "{}", taken.body);
    assert_eq!(taken.status, 201);
    let keys = |body: &serde_json::Value| -> Vec<String> {
        body["data"]
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(keys(&taken.body), keys(&new.body));
    assert_eq!(taken.body["data"]["email"], "ada@books.ng");
    assert_eq!(
        app.mail_to("ada@books.ng").await.subject,
        "Someone tried to register with your address"
    );
    let login = app
        .post(
            LOGIN,
            None,
            json!({"email": "ada@books.ng", "password": PASSWORD}),
        )
        .await;
    assert_eq!(
        login.status, 200,
        "the account is unchanged: {}",
        login.body
    );
    app.stop().await;
}

async fn a_reset_request_answers_the_same_for_known_and_unknown_addresses(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.signed_up("ada@books.ng").await;
    let path = "/api/v1/accounts/password/reset/initialize/";

    let known = app.post(path, None, json!({"email": "ada@books.ng"})).await;
    let unknown = app
        .post(path, None, json!({"email": "nobody@books.ng"}))
        .await;

    assert_eq!(known.status, 200);
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    app.stop().await;
}

backend_tests!(
    registering_a_taken_address_answers_as_for_a_new_one_and_tells_its_owner,
    a_reset_request_answers_the_same_for_known_and_unknown_addresses,
    a_sign_in_body_of_many_kilobytes_is_refused_with_413,
    an_admin_adds_an_existing_account_and_widens_its_workspaces,
    the_setup_checklist_follows_the_books_and_records_skips,
    user_engagement_counts_members_workspaces_and_activity,
    sign_up_then_verify_then_sign_in,
    the_login_answer_carries_the_two_factor_flags,
    an_unverified_account_cannot_sign_in,
    a_wrong_password_and_an_unknown_email_get_the_same_answer,
    a_refresh_token_rotates_and_its_reuse_revokes_the_family,
    a_verification_link_works_once,
    a_password_reset_by_mailed_link_replaces_the_password_and_ends_sessions,
    a_reset_for_an_unknown_address_answers_alike_and_sends_nothing,
    an_email_registers_once_whatever_its_case,
    registration_names_every_invalid_field,
    the_profile_is_validated_by_the_spec_rules_and_saved,
    a_new_workspace_is_listed_and_the_switch_marks_it_latest,
    a_workspace_is_renamed_and_deleted_through_its_organization,
    the_organizations_only_workspace_is_not_deleted,
    a_member_is_not_refused_while_the_memberships_read_model_catches_up,
    organizations_are_listed_filtered_and_updated,
    the_last_admin_cannot_be_demoted,
    nobody_reaches_another_organizations_data,
    the_services_and_choices_describe_the_product,
    the_account_routes_refuse_an_invalid_token,
);
