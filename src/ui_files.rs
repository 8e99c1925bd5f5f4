//! The built UI as the server sends it.
//!
//! - `/assets/…`: files named by their content's hash, so a name never changes meaning —
//!   a browser keeps them for a year without asking again. A missing one is a 404, never
//!   the app's page: a page left open across a deploy that asks for a chunk the new build
//!   no longer has gets a clear failure, not HTML where script was expected, and a
//!   failure is never kept.
//! - Any other path: its file if the build has one, else `index.html`, where the app's
//!   router decides. These are asked for again on every visit (`no-cache`, answered 304
//!   while unchanged), so a new deploy is seen at once.
//!
//! Both send the `.gz` the build wrote beside a file to browsers that accept gzip.

use std::path::Path;

use axum::http::header::CACHE_CONTROL;
use axum::http::{HeaderValue, Response};
use axum::Router;
use tower::ServiceBuilder;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

/// Where the build puts its hashed files, under the UI directory.
pub const ASSETS_PATH: &str = "/assets";

const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
const REVALIDATE: HeaderValue = HeaderValue::from_static("no-cache");

/// The UI's routes: hashed assets under [`ASSETS_PATH`], and every other path as the app.
pub fn router(ui_dir: &Path) -> Router {
    let assets = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            |response: &Response<_>| response.status().is_success().then_some(IMMUTABLE),
        ))
        .service(ServeDir::new(ui_dir.join("assets")).precompressed_gzip());
    let app = ServiceBuilder::new()
        .layer(SetResponseHeaderLayer::overriding(
            CACHE_CONTROL,
            REVALIDATE,
        ))
        .service(
            ServeDir::new(ui_dir)
                .precompressed_gzip()
                .fallback(ServeFile::new(ui_dir.join("index.html")).precompressed_gzip()),
        );
    Router::new()
        .nest_service(ASSETS_PATH, assets)
        .fallback_service(app)
}
