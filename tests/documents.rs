//! Documents (spec "file upload", "document storage") through the real HTTP API, on
//! SQLite and on Postgres: upload, list, search, download the same bytes, types read from
//! the bytes, the plan's storage limit checked before anything is written, and another
//! organization's documents out of reach.

mod common;

use common::documents::{document, download, files, sha256, stored_files, upload, CSV, PDF};
use serde_json::json;
use store::{backend_tests, Backend};

async fn documents_are_uploaded_together_listed_and_downloaded_as_the_same_bytes(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;

    let uploaded = upload(
        &app,
        &ada,
        &workspace,
        &[("C:\\fakepath\\receipt.pdf", PDF), ("bank.csv", CSV)],
    )
    .await;
    let listed = app
        .read(&format!("{}?page=1", files(&workspace)), Some(&ada.access))
        .await;
    let pdf_id = uploaded.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let response = download(&app, &ada, &pdf_id).await;
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("bytes");

    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let first = &uploaded.body["data"][0];
    assert_eq!(first["name"], "receipt.pdf", "the name keeps no folders");
    assert_eq!(first["content_type"], "application/pdf");
    assert_eq!(first["size"], PDF.len());
    assert_eq!(first["sha256"], sha256(PDF));
    assert_eq!(first["uploader"]["id"], ada.user_id.as_str());
    assert_eq!(uploaded.body["data"][1]["content_type"], "text/csv");
    assert_eq!(listed.status, 200, "{}", listed.body);
    assert_eq!(listed.body["data"]["count"], 2);
    let names: Vec<&str> = listed.body["data"]["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|d| d["name"].as_str())
        .collect();
    assert!(
        names.contains(&"receipt.pdf") && names.contains(&"bank.csv"),
        "{names:?}"
    );
    assert_eq!(sha256(&bytes), sha256(PDF));
    let stored = stored_files(&app).await;
    assert!(
        stored.iter().any(|f| f.ends_with(&sha256(PDF))),
        "the bytes are stored under their hash: {stored:?}"
    );
    assert_eq!(bytes.as_ref(), PDF);
    assert_eq!(headers["content-type"], "application/pdf");
    assert!(headers["content-disposition"]
        .to_str()
        .expect("disposition")
        .starts_with("attachment; filename=\"receipt.pdf\""));
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(headers["content-security-policy"]
        .to_str()
        .expect("csp")
        .contains("sandbox"));
    app.stop().await;
}

async fn html_or_svg_named_as_a_document_is_refused_and_nothing_is_kept(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;

    let html = upload(
        &app,
        &ada,
        &workspace,
        &[("invoice.pdf", b"<!doctype html><script>alert(1)</script>")],
    )
    .await;
    let svg = upload(
        &app,
        &ada,
        &workspace,
        &[
            ("fine.pdf", PDF),
            (
                "logo.png",
                b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>",
            ),
        ],
    )
    .await;
    let listed = app.read(&files(&workspace), Some(&ada.access)).await;

    assert_eq!(html.status, 400, "{}", html.body);
    let message = html.body["file"][0].as_str().expect("a message on file");
    assert!(
        message.starts_with("invoice.pdf is not a file type kept here"),
        "{message}"
    );
    assert_eq!(svg.status, 400, "{}", svg.body);
    assert!(svg.body["file"][0]
        .as_str()
        .is_some_and(|m| m.starts_with("logo.png")));
    assert_eq!(
        listed.body["data"]["count"], 0,
        "one bad file refuses the whole upload"
    );
    assert_eq!(stored_files(&app).await, Vec::<String>::new());
    app.stop().await;
}

async fn the_byte_over_the_storage_limit_is_refused_with_nothing_written(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&ada.access),
            json!({ "plan": "basic", "organization_id": ada.organization_id }),
        )
        .await;
    assert!(basic.status < 300, "{}", basic.body);
    // The Basic plan keeps 50 MB (MiB) of documents.
    let almost = vec![b'a'; 50 * 1024 * 1024 - 1];

    let first = upload(&app, &ada, &workspace, &[("ledger.txt", &almost)]).await;
    let kept_before = stored_files(&app).await;
    let over = upload(&app, &ada, &workspace, &[("two.txt", b"ab")]).await;
    let kept_after = stored_files(&app).await;
    let listed = app.read(&files(&workspace), Some(&ada.access)).await;
    let last_byte = upload(&app, &ada, &workspace, &[("one.txt", b"b")]).await;

    assert_eq!(first.status, 201, "{}", first.body);
    assert_eq!(over.status, 403, "{}", over.body);
    assert_eq!(over.body["code"], "limit_exceeded");
    assert_eq!(
        over.body["detail"],
        "You have reached the limit for document storage."
    );
    assert_eq!(kept_after, kept_before, "a refused upload leaves no bytes");
    assert_eq!(listed.body["data"]["count"], 1, "and no record");
    assert_eq!(last_byte.status, 201, "{}", last_byte.body);
    let usage = app
        .read(&format!("{}usage/", files(&workspace)), Some(&ada.access))
        .await;
    assert_eq!(
        usage.body["data"],
        json!({"used": 50 * 1024 * 1024, "limit": 50 * 1024 * 1024, "file_limit": 100 * 1024 * 1024})
    );
    app.stop().await;
}

async fn a_file_over_the_plans_upload_limit_is_stopped_at_its_first_byte_over(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&ada.access),
            json!({ "plan": "basic", "organization_id": ada.organization_id }),
        )
        .await;
    assert!(basic.status < 300, "{}", basic.body);
    // The Basic plan takes files of 100 MB (MiB) at most.
    let over = vec![b'a'; 100 * 1024 * 1024 + 1];

    let refused = upload(&app, &ada, &workspace, &[("huge.txt", &over)]).await;
    let listed = app.read(&files(&workspace), Some(&ada.access)).await;

    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.body["code"], "limit_exceeded");
    assert_eq!(
        refused.body["detail"],
        "You have reached the limit for file uploads."
    );
    assert_eq!(listed.body["data"]["count"], 0);
    assert_eq!(stored_files(&app).await, Vec::<String>::new());
    app.stop().await;
}

async fn a_document_is_renamed_tagged_searched_and_deleted_softly(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let uploaded = upload(
        &app,
        &ada,
        &workspace,
        &[("scan.pdf", PDF), ("bank.csv", CSV)],
    )
    .await;
    let id = uploaded.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let search = |query: &str| {
        let path = format!("{}?{query}", files(&workspace));
        let token = ada.access.clone();
        let app = &app;
        async move { app.read(&path, Some(&token)).await.body["data"]["count"].clone() }
    };

    let changed = app
        .patch(
            &document(&id),
            Some(&ada.access),
            json!({"name": "Rent March.pdf", "tags": ["rent", "Q1"]}),
        )
        .await;
    let bad_name = app
        .patch(&document(&id), Some(&ada.access), json!({"name": " / "}))
        .await;
    let by_name = search("q=rent%20MARCH").await;
    let by_tag = search("tag=q1").await;
    let by_type = search("type=csv").await;
    let today = chrono::Utc::now().date_naive();
    let by_date = search(&format!("from={today}&to={today}")).await;
    let before = search("to=2020-01-01").await;
    let bad_type = app
        .read(
            &format!("{}?type=exe", files(&workspace)),
            Some(&ada.access),
        )
        .await;
    let deleted = app.delete(&document(&id), Some(&ada.access)).await;
    let gone = app.read(&document(&id), Some(&ada.access)).await;
    let remaining = search("").await;
    let activity = app
        .read(
            &format!("/api/v1/activity-log/?workspace_id={workspace}"),
            Some(&ada.access),
        )
        .await;

    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(changed.body["data"]["name"], "Rent March.pdf");
    assert_eq!(changed.body["data"]["tags"], json!(["rent", "Q1"]));
    assert_eq!(bad_name.status, 400, "{}", bad_name.body);
    assert!(bad_name.body.get("name").is_some(), "{}", bad_name.body);
    assert_eq!((by_name, by_tag, by_type), (json!(1), json!(1), json!(1)));
    assert_eq!((by_date, before), (json!(2), json!(0)));
    assert_eq!(bad_type.status, 400, "{}", bad_type.body);
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(gone.status, 404);
    assert_eq!(remaining, json!(1));
    let summaries: Vec<&str> = activity.body["data"]["data"]
        .as_array()
        .expect("activity")
        .iter()
        .filter_map(|a| a["description"].as_str())
        .collect();
    assert!(summaries.contains(&"Deleted a document"), "{summaries:?}");
    assert!(
        !summaries.iter().any(|s| s.to_lowercase().contains("stor")),
        "the storage's count is not a second line for the same upload: {summaries:?}"
    );
    assert!(
        summaries.contains(&"Uploaded the document scan.pdf"),
        "{summaries:?}"
    );
    app.stop().await;
}

async fn another_organizations_document_is_not_found_on_every_route(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let eve = app.signed_up("eve@other.ng").await;
    let uploaded = upload(&app, &ada, &workspace, &[("receipt.pdf", PDF)]).await;
    let id = uploaded.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned();
    let token = Some(eve.access.as_str());

    let read = app.read(&document(&id), token).await;
    let downloaded = download(&app, &eve, &id).await.status().as_u16();
    let renamed = app
        .patch(&document(&id), token, json!({"name": "mine.pdf"}))
        .await;
    let attached = app
        .post(
            &format!("{}attachments/", document(&id)),
            token,
            json!({"kind": "journal_entry", "id": uuid::Uuid::new_v4()}),
        )
        .await;
    let detached = app
        .delete(
            &format!(
                "{}attachments/journal_entry/{}/",
                document(&id),
                uuid::Uuid::new_v4()
            ),
            token,
        )
        .await;
    let deleted = app.delete(&document(&id), token).await;
    let listed = app.read(&files(&workspace), token).await;
    let uploaded_there = upload(&app, &eve, &workspace, &[("x.pdf", PDF)]).await;
    let still = app.read(&document(&id), Some(&ada.access)).await;

    for (route, status) in [
        ("read", read.status),
        ("download", downloaded),
        ("rename", renamed.status),
        ("attach", attached.status),
        ("detach", detached.status),
        ("delete", deleted.status),
    ] {
        assert_eq!(status, 404, "{route}");
    }
    assert_eq!(listed.status, 403);
    assert_eq!(uploaded_there.status, 403, "{}", uploaded_there.body);
    assert_eq!(still.body["data"]["name"], "receipt.pdf");
    app.stop().await;
}

async fn uploads_at_the_same_moment_never_take_the_organization_past_its_storage(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let basic = app
        .post(
            "/api/v1/accounts/organizations/subscription/",
            Some(&ada.access),
            json!({ "plan": "basic", "organization_id": ada.organization_id }),
        )
        .await;
    assert!(basic.status < 300, "{}", basic.body);
    // 49 MiB kept: room is left for exactly two of the eight half-MiB files below.
    let first = upload(
        &app,
        &ada,
        &workspace,
        &[("ledger.txt", &vec![b'a'; 49 << 20])],
    )
    .await;
    assert_eq!(first.status, 201, "{}", first.body);
    let parts: Vec<Vec<u8>> = (0..8u8).map(|n| vec![b'b' + n; 512 << 10]).collect();

    let answers = futures::future::join_all(parts.iter().enumerate().map(|(n, bytes)| {
        let name = format!("part-{n}.txt");
        let (app, ada, workspace) = (&app, &ada, &workspace);
        async move { upload(app, ada, workspace, &[(name.as_str(), bytes)]).await }
    }))
    .await;
    let usage = app
        .read(&format!("{}usage/", files(&workspace)), Some(&ada.access))
        .await;

    let statuses: Vec<u16> = answers.iter().map(|a| a.status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        2,
        "{statuses:?}"
    );
    assert!(
        answers
            .iter()
            .filter(|a| a.status != 201)
            .all(|a| a.status == 403 && a.body["code"] == "limit_exceeded"),
        "{statuses:?}"
    );
    assert_eq!(usage.body["data"]["used"], 50 << 20, "{}", usage.body);
    app.stop().await;
}

/// Whether bytes hashing to `bytes`' SHA-256 are stored.
async fn stored(app: &common::TestApp, bytes: &[u8]) -> bool {
    let hash = sha256(bytes);
    stored_files(app).await.iter().any(|f| f.ends_with(&hash))
}

/// Waits (at most 10 s) until the sweeper has freed `bytes`.
async fn freed(app: &common::TestApp, bytes: &[u8]) -> bool {
    for _ in 0..100 {
        if !stored(app, bytes).await {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    false
}

async fn bytes_no_live_document_names_are_freed_after_the_grace_period(backend: Backend) {
    let app = common::documents::spawn(backend).await;
    let ada = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&ada, "Books").await;
    let uploaded = upload(
        &app,
        &ada,
        &workspace,
        &[("a.pdf", PDF), ("b.pdf", PDF), ("bank.csv", CSV)],
    )
    .await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    let id = |n: usize| {
        uploaded.body["data"][n]["id"]
            .as_str()
            .expect("id")
            .to_owned()
    };
    let (a, b, csv) = (id(0), id(1), id(2));
    for deleted in [&a, &csv] {
        let answer = app.delete(&document(deleted), Some(&ada.access)).await;
        assert_eq!(answer.status, 204, "{}", answer.body);
    }

    // A sweep runs every ten minutes; the bytes stay for an hour after they were kept.
    app.clock.advance(std::time::Duration::from_secs(15 * 60));
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let within_grace = stored(&app, CSV).await;
    app.clock
        .advance(std::time::Duration::from_secs(2 * 60 * 60));
    let csv_freed = freed(&app, CSV).await;
    let shared_kept = stored(&app, PDF).await;
    let still_downloads = download(&app, &ada, &b).await.bytes().await.expect("bytes");
    let last = app.delete(&document(&b), Some(&ada.access)).await;
    app.clock
        .advance(std::time::Duration::from_secs(2 * 60 * 60));
    let pdf_freed = freed(&app, PDF).await;

    assert!(within_grace, "deleted bytes stay through the grace period");
    assert!(csv_freed, "bytes no document names are freed after it");
    assert!(shared_kept, "bytes another live document names stay");
    assert_eq!(still_downloads.as_ref(), PDF);
    assert_eq!(last.status, 204, "{}", last.body);
    assert!(
        pdf_freed,
        "deleting the last document naming them frees them"
    );
    app.stop().await;
}

backend_tests!(
    uploads_at_the_same_moment_never_take_the_organization_past_its_storage,
    bytes_no_live_document_names_are_freed_after_the_grace_period,
    a_file_over_the_plans_upload_limit_is_stopped_at_its_first_byte_over,
    documents_are_uploaded_together_listed_and_downloaded_as_the_same_bytes,
    html_or_svg_named_as_a_document_is_refused_and_nothing_is_kept,
    the_byte_over_the_storage_limit_is_refused_with_nothing_written,
    a_document_is_renamed_tagged_searched_and_deleted_softly,
    another_organizations_document_is_not_found_on_every_route,
);

object_store_tests!(
    bytes_no_live_document_names_are_freed_after_the_grace_period,
    documents_are_uploaded_together_listed_and_downloaded_as_the_same_bytes,
    html_or_svg_named_as_a_document_is_refused_and_nothing_is_kept,
    the_byte_over_the_storage_limit_is_refused_with_nothing_written,
    a_document_is_renamed_tagged_searched_and_deleted_softly,
    another_organizations_document_is_not_found_on_every_route,
);
