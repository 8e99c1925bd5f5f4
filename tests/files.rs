//! Image upload (spec §7 Files) through the real HTTP API, on SQLite and on Postgres:
//! upload, serve back, the type read from the bytes, the size limit, workspace access,
//! the workspace's file list and the avatar of `/me/`.

mod common;

use common::{Session, TestApp};
use reqwest::multipart::{Form, Part};
use serde_json::json;
use store::{backend_tests, Backend};

const IMAGES: &str = "/api/v1/files/images/";
const ME: &str = "/api/v1/accounts/me/";
const PUBLIC_URL: &str = "http://ledgerline.test";

/// A real 1×1 PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53,
    0xde, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xdf, 0xc0, 0x00,
    0x00, 0x04, 0x01, 0x01, 0x80, 0xc5, 0x2a, 0x18, 0x5d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e,
    0x44, 0xae, 0x42, 0x60, 0x82,
];

struct Upload {
    status: u16,
    body: serde_json::Value,
}

async fn upload(
    app: &TestApp,
    session: &Session,
    workspace_id: &str,
    name: &str,
    mime: &str,
    bytes: Vec<u8>,
) -> Upload {
    let part = Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str(mime)
        .expect("mime");
    let form = Form::new()
        .text("workspace_id", workspace_id.to_owned())
        .part("content", part);
    let response = app
        .client
        .post(format!("{}{IMAGES}", app.base))
        .bearer_auth(&session.access)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    Upload {
        status,
        body: serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)),
    }
}

/// The path of an absolute URL on this test server.
fn path_of(url: &str) -> &str {
    url.strip_prefix(PUBLIC_URL)
        .expect("a URL under the public URL")
}

async fn an_image_is_uploaded_and_served_back(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&session, "Books").await;

    let uploaded = upload(
        &app,
        &session,
        &workspace,
        "logo.png",
        "image/png",
        PNG.to_vec(),
    )
    .await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let id = uploaded.body["data"]["id"].as_str().expect("id");
    assert_eq!(
        uuid::Uuid::parse_str(id).expect("uuid").get_version_num(),
        4
    );
    let url = uploaded.body["data"]["absolute_url"]
        .as_str()
        .expect("absolute_url");
    assert_eq!(url, format!("{PUBLIC_URL}/api/v1/files/images/{id}/"));

    // Served without a token, as an <img src> would fetch it.
    let response = app
        .client
        .get(format!("{}{}", app.base, path_of(url)))
        .send()
        .await
        .expect("get");
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().expect("type"),
        "image/png"
    );
    assert_eq!(response.bytes().await.expect("bytes").as_ref(), PNG);

    let unknown = app
        .read(&format!("{IMAGES}{}/", uuid::Uuid::new_v4()), None)
        .await;
    assert_eq!(unknown.status, 404);

    let listed = app
        .read(
            &format!("/api/v1/files/workspaces/{workspace}/?page=1"),
            Some(&session.access),
        )
        .await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.body["data"]["count"], 1);
    assert_eq!(listed.body["data"]["page"], 1);
    assert_eq!(listed.body["data"]["data"][0]["id"], id);
    assert_eq!(listed.body["data"]["data"][0]["content_type"], "image/png");
    assert_eq!(listed.body["data"]["data"][0]["size"], PNG.len());
    app.stop().await;
}

async fn a_text_file_named_png_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&session, "Books").await;

    let refused = upload(
        &app,
        &session,
        &workspace,
        "logo.png",
        "image/png",
        b"just some text, not an image".to_vec(),
    )
    .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body["content"][0]
        .as_str()
        .is_some_and(|m| m.contains("not an image")));

    let empty = upload(&app, &session, &workspace, "e.png", "image/png", vec![]).await;
    assert_eq!(empty.status, 400, "{}", empty.body);
    assert!(empty.body["content"][0].is_string());
    app.stop().await;
}

async fn an_image_over_5_mb_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&session, "Books").await;

    let mut big = PNG.to_vec();
    big.resize(5 * 1024 * 1024 + 1, 0);
    let refused = upload(&app, &session, &workspace, "big.png", "image/png", big).await;
    assert_eq!(refused.status, 413, "{}", refused.body);
    assert!(refused.body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("5 MB")));

    let mut at_limit = PNG.to_vec();
    at_limit.resize(5 * 1024 * 1024, 0);
    let accepted = upload(&app, &session, &workspace, "ok.png", "image/png", at_limit).await;
    assert_eq!(accepted.status, 201, "{}", accepted.body);
    app.stop().await;
}

async fn nobody_uploads_into_or_lists_another_organizations_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&owner, "Books").await;
    let stranger = app.signed_up("eve@other.ng").await;

    let refused = upload(
        &app,
        &stranger,
        &workspace,
        "x.png",
        "image/png",
        PNG.to_vec(),
    )
    .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.body["code"], "no_workspace_access");
    let listed = app
        .read(
            &format!("/api/v1/files/workspaces/{workspace}/"),
            Some(&stranger.access),
        )
        .await;
    assert_eq!(listed.status, 403, "{}", listed.body);

    let anonymous = app
        .client
        .post(format!("{}{IMAGES}", app.base))
        .multipart(Form::new().text("workspace_id", workspace.clone()))
        .send()
        .await
        .expect("post");
    assert_eq!(anonymous.status().as_u16(), 401);
    app.stop().await;
}

async fn the_profile_image_is_an_uploaded_image(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let session = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&session, "Books").await;
    let uploaded = upload(
        &app,
        &session,
        &workspace,
        "me.png",
        "image/png",
        PNG.to_vec(),
    )
    .await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let id = uploaded.body["data"]["id"].as_str().expect("id");

    let patched = app
        .patch(ME, Some(&session.access), json!({"image_id": id}))
        .await;
    assert_eq!(patched.status, 200, "{}", patched.body);
    let me = app.read(ME, Some(&session.access)).await;
    assert_eq!(me.body["data"]["image_id"], id);
    let url = me.body["data"]["image"]["absolute_url"]
        .as_str()
        .expect("absolute_url");
    assert_eq!(url, uploaded.body["data"]["absolute_url"]);
    let (status, headers, _) = app.get(path_of(url), None).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "image/png");
    app.stop().await;
}

async fn a_profile_image_uploaded_by_someone_else_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let uploaded = upload(&app, &ada, &workspace, "me.png", "image/png", PNG.to_vec()).await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let id = uploaded.body["data"]["id"].as_str().expect("id");

    let patched = app
        .patch(ME, Some(&bola.access), json!({"image_id": id}))
        .await;
    assert_eq!(patched.status, 400, "{}", patched.body);
    assert!(patched.body.get("image_id").is_some(), "{}", patched.body);
    let me = app.read(ME, Some(&bola.access)).await;
    assert_eq!(me.body["data"]["image_id"], serde_json::Value::Null);
    app.stop().await;
}

async fn a_workspace_shows_the_image_uploaded_into_it_until_it_is_removed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let abuja = app.workspace(&ada, "Abuja Office").await;
    let path = format!(
        "/api/v1/accounts/organizations/{}/workspaces/{lagos}/",
        ada.organization_id
    );
    let logo = upload(&app, &ada, &lagos, "logo.png", "image/png", PNG.to_vec()).await;
    let elsewhere = upload(&app, &ada, &abuja, "logo.png", "image/png", PNG.to_vec()).await;
    let logo_id = logo.body["data"]["id"].as_str().expect("id");

    let other_workspaces = app
        .patch(
            &path,
            Some(&ada.access),
            json!({"image_id": elsewhere.body["data"]["id"]}),
        )
        .await;
    let set = app
        .patch(&path, Some(&ada.access), json!({"image_id": logo_id}))
        .await;
    let renamed = app
        .patch(
            &path,
            Some(&ada.access),
            json!({"name": "Lagos Head Office"}),
        )
        .await;
    let mine = app
        .read("/api/v1/accounts/me/workspaces/", Some(&ada.access))
        .await;
    let removed = app
        .patch(&path, Some(&ada.access), json!({"image_id": null}))
        .await;

    assert_eq!(other_workspaces.status, 400, "{}", other_workspaces.body);
    assert!(other_workspaces.body.get("image_id").is_some());
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(
        set.body["data"]["image"]["absolute_url"],
        logo.body["data"]["absolute_url"]
    );
    assert_eq!(
        renamed.body["data"]["image"]["absolute_url"], logo.body["data"]["absolute_url"],
        "a rename keeps the image"
    );
    let listed = mine.body["data"]
        .as_array()
        .expect("workspaces")
        .iter()
        .find(|w| w["id"] == lagos.as_str())
        .expect("Lagos");
    assert_eq!(
        listed["image"]["absolute_url"],
        logo.body["data"]["absolute_url"]
    );
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(
        removed.body["data"]["image"]["absolute_url"],
        serde_json::Value::Null
    );
    app.stop().await;
}

async fn an_organization_keeps_its_address_industry_and_a_logo_from_its_own_workspaces(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let bola = app.signed_up("bola@books.ng").await;
    let lagos = app.workspace(&ada, "Lagos Office").await;
    let theirs = app.workspace(&bola, "Bola Books").await;
    let path = format!("/api/v1/accounts/organizations/{}/", ada.organization_id);
    let logo = upload(&app, &ada, &lagos, "logo.png", "image/png", PNG.to_vec()).await;
    let foreign = upload(&app, &bola, &theirs, "logo.png", "image/png", PNG.to_vec()).await;

    let refused = app
        .patch(
            &path,
            Some(&ada.access),
            json!({"logo_id": foreign.body["data"]["id"]}),
        )
        .await;
    let too_long = app
        .patch(
            &path,
            Some(&ada.access),
            json!({"address": "x".repeat(501)}),
        )
        .await;
    let updated = app
        .patch(
            &path,
            Some(&ada.access),
            json!({"address": "14 Broad Street, Lagos Island", "industry": "Retail",
                "logo_id": logo.body["data"]["id"]}),
        )
        .await;
    let renamed = app
        .patch(&path, Some(&ada.access), json!({"name": "Ada Trading Ltd"}))
        .await;
    let read = app.read(&path, Some(&ada.access)).await;

    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.get("logo_id").is_some(), "{}", refused.body);
    assert_eq!(too_long.status, 400, "{}", too_long.body);
    assert!(too_long.body.get("address").is_some(), "{}", too_long.body);
    assert_eq!(updated.status, 200, "{}", updated.body);
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let organization = &read.body["data"];
    assert_eq!(organization["name"], "Ada Trading Ltd");
    assert_eq!(organization["address"], "14 Broad Street, Lagos Island");
    assert_eq!(organization["industry"], "Retail");
    assert_eq!(
        organization["logo"]["absolute_url"],
        logo.body["data"]["absolute_url"]
    );
    app.stop().await;
}

backend_tests!(
    an_organization_keeps_its_address_industry_and_a_logo_from_its_own_workspaces,
    a_workspace_shows_the_image_uploaded_into_it_until_it_is_removed,
    a_profile_image_uploaded_by_someone_else_is_refused,
    an_image_is_uploaded_and_served_back,
    a_text_file_named_png_is_refused,
    an_image_over_5_mb_is_refused,
    nobody_uploads_into_or_lists_another_organizations_workspace,
    the_profile_image_is_an_uploaded_image,
);
