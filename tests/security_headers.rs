//! Security headers and the CORS policy through real requests, on SQLite and Postgres:
//! the app's pages, API answers and CSV downloads all carry them.

mod common;

use common::books::books;
use common::TestApp;
use reqwest::header::HeaderMap;
use reqwest::Method;
use store::{backend_tests, Backend};

fn assert_protected(headers: &HeaderMap, what: &str) {
    let csp = headers["content-security-policy"].to_str().expect("ascii");
    assert!(csp.contains("script-src 'self';"), "{what}: {csp}");
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(csp.contains("object-src 'none'"), "{what}: {csp}");
    assert_eq!(headers["x-frame-options"], "DENY", "{what}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{what}");
}

async fn pages_api_answers_and_csv_downloads_carry_the_security_headers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (status, headers, _) = app.get("/", None).await;
    assert_eq!(status, 200);
    assert_protected(&headers, "the app");
    let (_, headers, _) = app.get("/audit/sessions/deep-link", None).await;
    assert_protected(&headers, "a deep link into the app");
    let (status, headers, _) = app.get("/api/v1/accounts/me/", None).await;
    assert_eq!(status, 401);
    assert_protected(&headers, "an API error");

    let books = books(&app).await;
    let (status, headers, _) = app
        .get(
            &format!("{}journal-entries/export/?format=csv", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_protected(&headers, "a CSV download");
    app.stop().await;
}

async fn strict_transport_security_is_sent_only_when_a_proxy_says_https(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_, plain, _) = app.get("/", None).await;
    assert!(plain.get("strict-transport-security").is_none());
    let behind_tls = app
        .client
        .get(format!("{}/", app.base))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .expect("request");
    let hsts = behind_tls.headers()["strict-transport-security"]
        .to_str()
        .expect("ascii");
    assert!(hsts.starts_with("max-age="), "{hsts}");
    app.stop().await;
}

async fn preflight(app: &TestApp, origin: &str) -> reqwest::Response {
    app.client
        .request(Method::OPTIONS, format!("{}/api/v1/accounts/me/", app.base))
        .header("origin", origin)
        .header("access-control-request-method", "GET")
        .header("access-control-request-headers", "authorization")
        .send()
        .await
        .expect("request")
}

async fn other_origins_get_no_cors_grant_by_default(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let answer = preflight(&app, "https://evil.example").await;
    assert!(answer
        .headers()
        .get("access-control-allow-origin")
        .is_none());
    let read = app
        .client
        .get(format!("{}/api/v1/accounts/me/", app.base))
        .header("origin", "https://evil.example")
        .send()
        .await
        .expect("request");
    assert!(read.headers().get("access-control-allow-origin").is_none());
    app.stop().await;
}

async fn only_the_configured_origins_may_call_the_api_cross_origin(backend: Backend) {
    let app = TestApp::spawn_with(backend, |config| {
        config.cors_origins = vec!["https://books.example.com".into()];
    })
    .await;
    let allowed = preflight(&app, "https://books.example.com").await;
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://books.example.com"
    );
    let methods = allowed.headers()["access-control-allow-methods"]
        .to_str()
        .expect("ascii")
        .to_owned();
    assert!(methods.contains("POST"), "{methods}");
    assert!(allowed
        .headers()
        .get("access-control-allow-credentials")
        .is_none());
    let refused = preflight(&app, "https://evil.example").await;
    assert!(refused
        .headers()
        .get("access-control-allow-origin")
        .is_none());
    app.stop().await;
}

backend_tests!(
    pages_api_answers_and_csv_downloads_carry_the_security_headers,
    strict_transport_security_is_sent_only_when_a_proxy_says_https,
    other_origins_get_no_cors_grant_by_default,
    only_the_configured_origins_may_call_the_api_cross_origin,
);
