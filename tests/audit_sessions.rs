//! Audit sessions through the real API, on SQLite and Postgres: a session pinned to the
//! chain head reruns identically after later postings, sign-off order, sharing by a
//! public link that dies on revocation or expiry, validation and isolation.

mod common;

use common::books::{books, open, post, sessions};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

async fn a_session_reruns_identically_after_later_postings(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let first = post(&app, &books, "2026-03-01", "1200.00").await;
    post(&app, &books, "2026-03-02", "999.00").await;
    post(&app, &books, "2026-12-31", "40.00").await;
    let id = open(&app, &books).await;
    let results = format!("{}{id}/results/", sessions(&books));
    let before = app.read(&results, Some(&books.owner.access)).await;
    assert_eq!(before.status, 200, "{}", before.body);
    assert_eq!(before.body["data"]["population"]["entries"], 3);
    assert_eq!(before.body["data"]["population"]["total_debits"], "2239.00");
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    let pinned = session.body["data"]["cutoff"].clone();
    assert!(pinned["head_hash"].as_str().is_some_and(|h| h.len() == 64));

    post(&app, &books, "2026-03-03", "7000.00").await;
    let reversed = app
        .post(
            &format!("{}journal-entries/{first}/reverse/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-03-04"}),
        )
        .await;
    assert_eq!(reversed.status, 201, "{}", reversed.body);

    let after = app.read(&results, Some(&books.owner.access)).await;
    assert_eq!(
        after.body, before.body,
        "a pinned session reruns identically"
    );
    let head = app
        .read(
            &format!("/api/v1/audit/workspaces/{}/chain-head/", books.workspace),
            Some(&books.owner.access),
        )
        .await;
    assert_ne!(
        head.body["data"]["head_hash"], pinned["head_hash"],
        "the books moved on"
    );
    let again = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(again.body["data"]["cutoff"], pinned);
    app.stop().await;
}

async fn the_performer_signs_first_and_another_user_reviews(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let reviewer = app.signed_up("bola@books.ng").await;
    let added = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/memberships/",
                books.owner.organization_id
            ),
            Some(&books.owner.access),
            json!({"email": "bola@books.ng", "role": 1, "workspaces": [books.workspace]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.body);
    let id = open(&app, &books).await;
    let sign = format!("{}{id}/sign-off/", sessions(&books));
    let early = app
        .post(&sign, Some(&reviewer.access), json!({"role": "reviewer"}))
        .await;
    assert_eq!(early.status, 400, "{}", early.body);
    let performed = app
        .post(
            &sign,
            Some(&books.owner.access),
            json!({"role": "performer", "conclusion": "No material misstatement."}),
        )
        .await;
    assert_eq!(performed.status, 200, "{}", performed.body);
    let self_review = app
        .post(
            &sign,
            Some(&books.owner.access),
            json!({"role": "reviewer"}),
        )
        .await;
    assert_eq!(self_review.status, 400);
    let reviewed = app
        .post(&sign, Some(&reviewer.access), json!({"role": "reviewer"}))
        .await;
    assert_eq!(reviewed.status, 200, "{}", reviewed.body);
    let session = app
        .read(
            &format!("{}{id}/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(session.body["data"]["status"], "signed_off");
    assert_eq!(
        session.body["data"]["performer"]["conclusion"],
        "No material misstatement."
    );
    assert_eq!(
        session.body["data"]["reviewer"]["user_id"],
        reviewer.user_id.as_str()
    );
    let bad_role = app
        .post(&sign, Some(&reviewer.access), json!({"role": "partner"}))
        .await;
    assert!(bad_role.body.get("role").is_some());
    app.stop().await;
}

async fn a_shared_link_works_signed_out_until_revoked_or_expired(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    post(&app, &books, "2026-05-05", "300.00").await;
    let id = open(&app, &books).await;
    let shares = format!("{}{id}/shares/", sessions(&books));
    let too_early = app
        .post(&shares, Some(&books.owner.access), json!({}))
        .await;
    assert_eq!(too_early.status, 400, "a draft result is not published");
    app.post(
        &format!("{}{id}/sign-off/", sessions(&books)),
        Some(&books.owner.access),
        json!({"role": "performer"}),
    )
    .await;
    let shared = app
        .post(
            &shares,
            Some(&books.owner.access),
            json!({"expires_in_days": 7}),
        )
        .await;
    assert_eq!(shared.status, 201, "{}", shared.body);
    let token = shared.body["data"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    assert!(shared.body["data"]["url"]
        .as_str()
        .is_some_and(|u| u.ends_with(&format!("/audit-shared/{token}"))));
    let public = format!("/api/v1/audit-shared/{token}/");

    let view = app.read(&public, None).await;
    assert_eq!(view.status, 200, "{}", view.body);
    assert_eq!(view.body["data"]["entity"], "Lagos Office");
    assert_eq!(view.body["data"]["result"]["population"]["entries"], 1);
    assert_eq!(view.body["data"]["session"]["opened_by"], Value::Null);
    assert_eq!(
        app.read("/api/v1/audit-shared/not-a-token/", None)
            .await
            .status,
        404
    );
    assert_eq!(
        app.read(&format!("/api/v1/audit-shared/{id}/"), None)
            .await
            .status,
        404,
        "the session id is not a link"
    );

    let db = app.database().await;
    sqlx::query("UPDATE read_audit_shares SET expires_at = 1")
        .execute(&db.pool)
        .await
        .expect("expire");
    assert_eq!(app.read(&public, None).await.status, 404, "expired");

    let second = app
        .post(&shares, Some(&books.owner.access), json!({}))
        .await;
    let share_id = second.body["data"]["share_id"]
        .as_str()
        .expect("share")
        .to_owned();
    let second_token = second.body["data"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    assert_eq!(
        app.read(&format!("/api/v1/audit-shared/{second_token}/"), None)
            .await
            .status,
        200
    );
    let revoked = app
        .delete(&format!("{shares}{share_id}/"), Some(&books.owner.access))
        .await;
    assert_eq!(revoked.status, 204);
    assert_eq!(
        app.read(&format!("/api/v1/audit-shared/{second_token}/"), None)
            .await
            .status,
        404,
        "revoked"
    );
    app.stop().await;
}

async fn a_session_names_every_bad_field_and_stays_in_its_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bad = app
        .post(
            &sessions(&books),
            Some(&books.owner.access),
            json!({"name": "", "period_start": "2026-12-31", "period_end": "2026-01-01",
                   "materiality": "100.00", "performance_materiality": "200.00",
                   "params": {"benford": {"amount_min": "many"}}}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    for field in ["name", "period_end", "performance_materiality", "params"] {
        assert!(bad.body.get(field).is_some(), "{field}: {}", bad.body);
    }
    let id = open(&app, &books).await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let theirs = app.workspace(&eve, "Eve Books").await;
    assert_eq!(
        app.read(&sessions(&books), Some(&eve.access)).await.status,
        403
    );
    let peek = app
        .read(
            &format!("/api/v1/audit/workspaces/{theirs}/sessions/{id}/"),
            Some(&eve.access),
        )
        .await;
    assert_eq!(peek.status, 404);
    let sign = app
        .post(
            &format!("/api/v1/audit/workspaces/{theirs}/sessions/{id}/sign-off/"),
            Some(&eve.access),
            json!({"role": "performer"}),
        )
        .await;
    assert_eq!(sign.status, 404);
    let listed = app.read(&sessions(&books), Some(&books.owner.access)).await;
    assert_eq!(listed.body["data"].as_array().map(Vec::len), Some(1));
    app.stop().await;
}

async fn the_books_as_known_at_a_moment_ignore_what_was_recorded_later(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let first = post(&app, &books, "2026-06-30", "100.00").await;
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let closed = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    post(&app, &books, "2026-06-15", "50.00").await; // back-dated into the closed period
    let reversed = app
        .post(
            &format!("{}journal-entries/{first}/reverse/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-07-01"}),
        )
        .await;
    assert_eq!(reversed.status, 201, "{}", reversed.body);
    let base = format!("/api/v1/audit/workspaces/{}/time-travel/", books.workspace);
    let then = app
        .read(
            &format!("{base}trial-balance/?as_of=2026-12-31&known_at={closed}"),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(then.status, 200, "{}", then.body);
    assert_eq!(then.body["data"]["entries"], 1);
    assert_eq!(then.body["data"]["totals"]["debit"], "100.00");
    assert_eq!(then.body["data"]["balanced"], true);
    let now = app
        .read(
            &format!("{base}trial-balance/?as_of=2026-12-31"),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(now.body["data"]["entries"], 3);
    assert_eq!(now.body["data"]["totals"]["debit"], "250.00");
    assert_ne!(
        now.body["data"]["head_hash"],
        then.body["data"]["head_hash"]
    );

    let changes = app
        .read(
            &format!("{base}changes/?from={}", closed.replace('+', "%2B")),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(changes.status, 200, "{}", changes.body);
    let types: Vec<_> = changes.body["data"]["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .map(|c| c["event_type"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        types.iter().filter(|t| *t == "JournalEntryPosted").count(),
        2,
        "{types:?}"
    );
    assert!(types.contains(&"JournalEntryReversed".to_owned()));
    let backdated = changes.body["data"]["changes"]
        .as_array()
        .expect("changes")
        .iter()
        .any(|c| c["effective_date"] == "2026-06-15");
    assert!(
        backdated,
        "the back-dated entry shows with its effective date"
    );
    let bad = app
        .read(
            &format!("{base}trial-balance/?known_at=yesterday"),
            Some(&books.owner.access),
        )
        .await;
    assert!(bad.body.get("known_at").is_some(), "{}", bad.body);
    app.stop().await;
}

async fn the_findings_export_as_one_csv_row_each(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    // Round amounts on a Sunday: findings to list.
    post(&app, &books, "2026-03-01", "1000.00").await;
    post(&app, &books, "2026-03-01", "1000.00").await;
    let id = open(&app, &books).await;
    let results = app
        .read(
            &format!("{}{id}/results/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    let findings = results.body["data"]["findings"]
        .as_array()
        .expect("findings")
        .len();
    assert!(findings > 0, "{}", results.body);
    let (status, headers, csv) = app
        .get(
            &format!("{}{id}/findings/export/", sessions(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(status, 200);
    assert!(headers["content-type"]
        .to_str()
        .is_ok_and(|t| t.starts_with("text/csv")));
    let lines: Vec<_> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "control_point,entries,entry_count,highest_score,band,reason"
    );
    assert_eq!(lines.len(), findings + 1, "{csv}");
    assert!(csv.contains("JE-000001"), "{csv}");
    app.stop().await;
}

backend_tests!(
    the_findings_export_as_one_csv_row_each,
    the_books_as_known_at_a_moment_ignore_what_was_recorded_later,
    a_session_reruns_identically_after_later_postings,
    the_performer_signs_first_and_another_user_reviews,
    a_shared_link_works_signed_out_until_revoked_or_expired,
    a_session_names_every_bad_field_and_stays_in_its_workspace,
);
