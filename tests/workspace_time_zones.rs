//! A workspace's time zone through the real API, on SQLite and Postgres: its organization's
//! country's until an Admin sets another, an IANA name only, and the zone audit sessions
//! read posting times in (the session and its workpaper name it).

mod common;

use common::books::{books, open_with, sessions};
use common::{Session, TestApp};
use serde_json::json;
use store::{backend_tests, Backend};

fn workspace_path(owner: &Session, workspace: &str) -> String {
    format!(
        "/api/v1/accounts/organizations/{}/workspaces/{workspace}/",
        owner.organization_id
    )
}

async fn a_workspace_is_in_its_organizations_country_zone_until_an_admin_sets_one(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let token = Some(ada.access.as_str());
    let organization = format!("/api/v1/accounts/organizations/{}/", ada.organization_id);
    let located = app
        .patch(&organization, token, json!({"location": "Nairobi, Kenya"}))
        .await;
    assert_eq!(located.status, 200, "{}", located.body);
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let path = workspace_path(&ada, &lagos);

    let fresh = app.read(&path, token).await;
    assert_eq!(fresh.body["data"]["time_zone"], "Africa/Nairobi");
    assert_eq!(fresh.body["data"]["default_time_zone"], "Africa/Nairobi");

    let set = app
        .patch(&path, token, json!({"time_zone": "Africa/Lagos"}))
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(set.body["data"]["time_zone"], "Africa/Lagos");
    let listed = app
        .read(
            &format!(
                "/api/v1/accounts/organizations/{}/workspaces/",
                ada.organization_id
            ),
            token,
        )
        .await;
    assert_eq!(listed.body["data"]["data"][0]["time_zone"], "Africa/Lagos");
    app.stop().await;
}

async fn a_workspace_with_no_country_named_is_in_lagos_time(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;

    let read = app
        .read(&workspace_path(&ada, &lagos), Some(&ada.access))
        .await;

    assert_eq!(read.body["data"]["time_zone"], "Africa/Lagos");
    app.stop().await;
}

async fn a_time_zone_is_an_iana_name_set_by_an_admin_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let path = workspace_path(&ada, &lagos);
    let eze = app.signed_up("eze@books.ng").await;
    app.add_member(&ada, "eze@books.ng", 1, &lagos).await;

    let offset = app
        .patch(&path, Some(&ada.access), json!({"time_zone": "+01:00"}))
        .await;
    assert_eq!(offset.status, 400, "{}", offset.body);
    assert!(offset.body["time_zone"][0]
        .as_str()
        .is_some_and(|m| m.contains("not a time zone")));
    let editor = app
        .patch(
            &path,
            Some(&eze.access),
            json!({"time_zone": "Europe/London"}),
        )
        .await;
    assert_eq!(editor.status, 403, "{}", editor.body);
    let read = app.read(&path, Some(&ada.access)).await;
    assert_eq!(read.body["data"]["time_zone"], "Africa/Lagos");
    app.stop().await;
}

async fn an_audit_session_reads_times_in_the_workspaces_zone_and_names_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let path = workspace_path(&books.owner, &books.workspace);
    let set = app
        .patch(
            &path,
            Some(&books.owner.access),
            json!({"time_zone": "Europe/London"}),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);

    // No offset and no zone in the request: the workspace's zone.
    let opened = open_with(&app, &books, json!({"utc_offset_seconds": null})).await;
    assert_eq!(opened.status, 201, "{}", opened.body);
    let id = opened.body["data"]["id"].as_str().expect("id");
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(session.status, 200, "{}", session.body);
    assert_eq!(
        session.body["data"]["calendar"]["time_zone"],
        "Europe/London"
    );

    let pdf = app
        .client
        .get(format!(
            "{}{}{id}/workpaper.pdf",
            app.base,
            sessions(&books)
        ))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("request")
        .bytes()
        .await
        .expect("bytes")
        .to_vec();
    let text = common::pdf_text(&pdf);
    assert!(text.contains("Europe/London"), "{text}");
    assert!(!text.contains("seconds"), "{text}");
    app.stop().await;
}

async fn a_session_may_name_its_own_zone_but_not_an_unknown_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;

    let unknown = open_with(&app, &books, json!({"time_zone": "Africa/Atlantis"})).await;
    assert_eq!(unknown.status, 400, "{}", unknown.body);
    assert!(unknown.body["time_zone"][0].is_string(), "{}", unknown.body);
    let chosen = open_with(&app, &books, json!({"time_zone": "Asia/Tokyo"})).await;
    assert_eq!(chosen.status, 201, "{}", chosen.body);
    let id = chosen.body["data"]["id"].as_str().expect("id");
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(session.body["data"]["calendar"]["time_zone"], "Asia/Tokyo");
    // A client that sends only an offset gets it, named as an offset.
    let offset = open_with(&app, &books, json!({})).await;
    let id = offset.body["data"]["id"].as_str().expect("id");
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(session.body["data"]["calendar"]["time_zone"], "UTC+01:00");
    app.stop().await;
}

backend_tests!(
    a_workspace_is_in_its_organizations_country_zone_until_an_admin_sets_one,
    a_workspace_with_no_country_named_is_in_lagos_time,
    a_time_zone_is_an_iana_name_set_by_an_admin_only,
    an_audit_session_reads_times_in_the_workspaces_zone_and_names_it,
    a_session_may_name_its_own_zone_but_not_an_unknown_one,
);
