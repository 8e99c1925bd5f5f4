//! The built UI as the server sends it: hashed assets kept by browsers for a year and sent
//! gzipped when the build left a `.gz` beside them; a missing asset a 404 that nothing
//! keeps; every other path the app's page, asked for again on each visit. Plain file
//! serving, the same on both backends, so it runs on SQLite only.

mod common;

use common::TestApp;
use reqwest::header::{HeaderMap, ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING};
use store::Backend;

const SCRIPT: &str = "export const answer = 42;\n";
const GZIPPED: &[u8] = b"\x1f\x8b stands in for the build's gzip of the script";

/// A UI directory with one hashed script and the `.gz` the build writes beside it.
async fn app_with_a_built_script() -> TestApp {
    let app = TestApp::spawn(Backend::Sqlite).await;
    let assets = app.ui_dir.join("assets");
    std::fs::create_dir_all(&assets).expect("assets dir");
    std::fs::write(assets.join("app-1a2b3c.js"), SCRIPT).expect("script");
    std::fs::write(assets.join("app-1a2b3c.js.gz"), GZIPPED).expect("gzipped script");
    app
}

async fn fetch(app: &TestApp, path: &str, gzip: bool) -> (u16, HeaderMap, Vec<u8>) {
    let mut request = app.client.get(format!("{}{path}", app.base));
    if gzip {
        request = request.header(ACCEPT_ENCODING, "gzip, deflate, br");
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.bytes().await.expect("body").to_vec(),
    )
}

#[tokio::test]
async fn a_hashed_asset_is_kept_for_a_year_and_sent_gzipped_to_a_browser_that_accepts_it() {
    let app = app_with_a_built_script().await;

    let (status, headers, body) = fetch(&app, "/assets/app-1a2b3c.js", true).await;

    assert_eq!(status, 200);
    assert_eq!(headers[CONTENT_ENCODING], "gzip");
    assert_eq!(body, GZIPPED);
    assert_eq!(
        headers[CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    app.stop().await;
}

#[tokio::test]
async fn a_client_that_does_not_accept_gzip_gets_the_plain_file() {
    let app = app_with_a_built_script().await;

    let (status, headers, body) = fetch(&app, "/assets/app-1a2b3c.js", false).await;

    assert_eq!(status, 200);
    assert!(headers.get(CONTENT_ENCODING).is_none());
    assert_eq!(body, SCRIPT.as_bytes());
    app.stop().await;
}

#[tokio::test]
async fn a_missing_asset_is_a_404_that_no_browser_keeps_not_the_apps_page() {
    let app = app_with_a_built_script().await;

    let (status, headers, _) = fetch(&app, "/assets/app-gone.js", true).await;

    assert_eq!(status, 404);
    assert!(headers.get(CACHE_CONTROL).is_none());
    app.stop().await;
}

#[tokio::test]
async fn any_other_path_is_the_apps_page_asked_for_again_on_every_visit() {
    let app = app_with_a_built_script().await;

    let (status, headers, body) = fetch(&app, "/accounting/trial-balance", true).await;

    assert_eq!(status, 200);
    assert_eq!(headers[CACHE_CONTROL], "no-cache");
    assert!(String::from_utf8_lossy(&body).contains("<div id=root>"));
    app.stop().await;
}
