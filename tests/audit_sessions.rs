//! Audit sessions through the real API, on SQLite and Postgres: a session pinned to the
//! chain head reruns identically after later postings, sign-off order, sharing by a
//! public link that dies on revocation or expiry, validation and isolation.

mod common;

use common::books::{books, open, post, sessions, Books};
use common::{Session, TestApp};
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
    let reviewer = reviewer(&app, &books).await;
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
        "control_point,entries,entry_count,highest_score,band,reason,conclusion,entry_conclusions"
    );
    assert_eq!(lines.len(), findings + 1, "{csv}");
    assert!(csv.contains("JE-000001"), "{csv}");
    app.stop().await;
}

/// A second member of the workspace, to review.
async fn reviewer(app: &TestApp, books: &Books) -> Session {
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
    reviewer
}

async fn sign(app: &TestApp, books: &Books, id: &str, who: &Session, role: &str) {
    let signed = app
        .post(
            &format!("{}{id}/sign-off/", sessions(books)),
            Some(&who.access),
            json!({"role": role, "conclusion": format!("Signed as {role}.")}),
        )
        .await;
    assert_eq!(signed.status, 200, "{}", signed.body);
}

/// Two round amounts on a Sunday, and a session over them: findings to work on.
async fn session_with_findings(app: &TestApp, books: &Books) -> (String, String) {
    let entry = post(app, books, "2026-03-01", "1000.00").await;
    post(app, books, "2026-03-01", "1000.00").await;
    (open(app, books).await, entry)
}

async fn notes_and_conclusions_keep_their_history_until_the_reviewer_signs_off(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bola = reviewer(&app, &books).await;
    let (id, entry) = session_with_findings(&app, &books).await;
    let base = format!("{}{id}/", sessions(&books));
    let on_entry = json!({"kind": "entry", "entry_id": entry});
    let noted = app
        .post(
            &format!("{base}notes/"),
            Some(&books.owner.access),
            json!({"target": on_entry, "text": "Agreed to invoice INV-2291."}),
        )
        .await;
    assert_eq!(noted.status, 201, "{}", noted.body);
    for (conclusion, rationale) in [
        ("needs_follow_up", "Waiting for the delivery note."),
        (
            "no_exception",
            "Delivery note seen: a genuine Sunday delivery.",
        ),
    ] {
        let concluded = app
            .post(
                &format!("{base}conclusions/"),
                Some(&books.owner.access),
                json!({"target": on_entry, "conclusion": conclusion, "rationale": rationale}),
            )
            .await;
        assert_eq!(concluded.status, 201, "{}", concluded.body);
    }
    sign(&app, &books, &id, &books.owner, "performer").await;
    let in_review = app
        .post(
            &format!("{base}conclusions/"),
            Some(&bola.access),
            json!({"target": {"kind": "test", "test": "weekend_posting"},
                   "conclusion": "control_deficiency",
                   "rationale": "Postings on Sundays bypass the approval workflow."}),
        )
        .await;
    assert_eq!(
        in_review.status, 201,
        "the reviewer concludes during review"
    );

    let listed = app.read(&format!("{base}notes/"), Some(&bola.access)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let notes = listed.body["data"].as_array().expect("notes").clone();
    let kinds: Vec<_> = notes.iter().map(|n| n["kind"].clone()).collect();
    assert_eq!(
        kinds,
        [
            json!("note"),
            json!("conclusion"),
            json!("conclusion"),
            json!("conclusion")
        ]
    );
    assert_eq!(
        notes[1]["conclusion"], "needs_follow_up",
        "the earlier one stays"
    );
    assert_eq!(notes[2]["conclusion"], "no_exception");
    assert_eq!(notes[2]["target"], on_entry);
    assert_eq!(notes[0]["author_id"], books.owner.user_id.as_str());
    assert_eq!(notes[3]["author_id"], bola.user_id.as_str());

    sign(&app, &books, &id, &bola, "reviewer").await;
    let late = app
        .post(
            &format!("{base}notes/"),
            Some(&books.owner.access),
            json!({"target": on_entry, "text": "One more thing."}),
        )
        .await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert!(
        late.body["detail"]
            .as_str()
            .is_some_and(|d| d.contains("signed off")),
        "{}",
        late.body
    );
    let listed = app.read(&format!("{base}notes/"), Some(&bola.access)).await;
    assert_eq!(listed.body["data"].as_array().map(Vec::len), Some(4));
    app.stop().await;
}

async fn a_note_or_conclusion_names_its_bad_fields(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (id, _) = session_with_findings(&app, &books).await;
    let base = format!("{}{id}/", sessions(&books));
    let bad = app
        .post(
            &format!("{base}conclusions/"),
            Some(&books.owner.access),
            json!({"target": {"kind": "account"}, "conclusion": "fine", "rationale": "  "}),
        )
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    for field in ["target.kind", "conclusion", "rationale"] {
        assert!(bad.body.get(field).is_some(), "{field}: {}", bad.body);
    }
    let unknown_test = app
        .post(
            &format!("{base}notes/"),
            Some(&books.owner.access),
            json!({"target": {"kind": "test", "test": "astrology"}, "text": ""}),
        )
        .await;
    for field in ["target.test", "text"] {
        assert!(
            unknown_test.body.get(field).is_some(),
            "{field}: {}",
            unknown_test.body
        );
    }
    // An entry of another workspace is not an entry of this session.
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let theirs = app.workspace(&eve, "Eve Books").await;
    let elsewhere = Books {
        base: format!("/api/v1/accounting/workspaces/{theirs}/"),
        workspace: theirs,
        owner: eve,
    };
    let setup = app
        .post(
            &format!("{}accounts/default/setup/", elsewhere.base),
            Some(&elsewhere.owner.access),
            json!(null),
        )
        .await;
    assert!(setup.status < 300, "{}", setup.body);
    let foreign = post(&app, &elsewhere, "2026-03-01", "10.00").await;
    let crossed = app
        .post(
            &format!("{base}notes/"),
            Some(&books.owner.access),
            json!({"target": {"kind": "entry", "entry_id": foreign}, "text": "Peek"}),
        )
        .await;
    assert_eq!(crossed.status, 400, "{}", crossed.body);
    assert!(
        crossed.body.get("target.entry_id").is_some(),
        "{}",
        crossed.body
    );
    app.stop().await;
}

async fn conclusions_reach_the_findings_csv_and_the_shared_view(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (id, entry) = session_with_findings(&app, &books).await;
    let base = format!("{}{id}/", sessions(&books));
    for (target, conclusion) in [
        (
            json!({"kind": "test", "test": "round_amount"}),
            "exception_not_material",
        ),
        (
            json!({"kind": "entry", "entry_id": entry}),
            "exception_adjusted",
        ),
    ] {
        let concluded = app
            .post(
                &format!("{base}conclusions/"),
                Some(&books.owner.access),
                json!({"target": target, "conclusion": conclusion, "rationale": "Reviewed."}),
            )
            .await;
        assert_eq!(concluded.status, 201, "{}", concluded.body);
    }
    let (_, _, csv) = app
        .get(
            &format!("{base}findings/export/"),
            Some(&books.owner.access),
        )
        .await;
    let round = csv
        .lines()
        .find(|l| l.starts_with("round_amount,"))
        .expect("round amount row");
    assert!(
        round.contains(",exception_not_material,JE-000001: exception_adjusted"),
        "{round}"
    );
    sign(&app, &books, &id, &books.owner, "performer").await;
    let shared = app
        .post(
            &format!("{base}shares/"),
            Some(&books.owner.access),
            json!({}),
        )
        .await;
    let token = shared.body["data"]["token"].as_str().expect("token");
    let view = app
        .read(&format!("/api/v1/audit-shared/{token}/"), None)
        .await;
    let notes = view.body["data"]["notes"]
        .as_array()
        .expect("notes")
        .clone();
    assert_eq!(notes.len(), 2, "{}", view.body);
    assert_eq!(notes[0]["conclusion"], "exception_not_material");
    assert_eq!(
        notes[0]["author_id"],
        Value::Null,
        "the public view names no one"
    );
    app.stop().await;
}

/// Opens `token`'s shared view as a browser would.
async fn view_shared(app: &TestApp, token: &str) -> u16 {
    app.client
        .get(format!("{}/api/v1/audit-shared/{token}/", app.base))
        .header("user-agent", "Mozilla/5.0 (Partner review)")
        .send()
        .await
        .expect("request")
        .status()
        .as_u16()
}

async fn shared_for_review(app: &TestApp, books: &Books) -> (String, String) {
    post(app, books, "2026-05-05", "300.00").await;
    let id = open(app, books).await;
    sign(app, books, &id, &books.owner, "performer").await;
    let shares = format!("{}{id}/shares/", sessions(books));
    let shared = app
        .post(
            &shares,
            Some(&books.owner.access),
            json!({"expires_in_days": 7}),
        )
        .await;
    assert_eq!(shared.status, 201, "{}", shared.body);
    (
        id,
        shared.body["data"]["token"]
            .as_str()
            .expect("token")
            .to_owned(),
    )
}

async fn the_share_list_shows_every_link_and_never_its_secret(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (id, token) = shared_for_review(&app, &books).await;
    let shares = format!("{}{id}/shares/", sessions(&books));
    let second = app
        .post(&shares, Some(&books.owner.access), json!({}))
        .await;
    let second_id = second.body["data"]["share_id"]
        .as_str()
        .expect("id")
        .to_owned();
    let revoked = app
        .delete(&format!("{shares}{second_id}/"), Some(&books.owner.access))
        .await;
    assert_eq!(revoked.status, 204);
    assert_eq!(view_shared(&app, &token).await, 200);
    assert_eq!(view_shared(&app, &token).await, 200);

    let listed = app.read(&shares, Some(&books.owner.access)).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let list = listed.body["data"].as_array().expect("shares").clone();
    assert_eq!(list.len(), 2, "a revoked link stays listed");
    assert_eq!(list[0]["id"], second_id.as_str(), "newest first");
    assert!(list[0]["revoked_at"].is_string());
    assert_eq!(list[0]["view_count"], 0);
    assert_eq!(list[1]["revoked_at"], Value::Null);
    assert_eq!(list[1]["view_count"], 2);
    assert!(list[1]["last_viewed_at"].is_string());
    assert_eq!(list[1]["expired"], false);
    assert_eq!(list[1]["created_by"], books.owner.user_id.as_str());
    let text = listed.body.to_string();
    let db = app.database().await;
    let digests: Vec<String> = sqlx::query_scalar("SELECT secret_sha256 FROM read_audit_shares")
        .fetch_all(&db.pool)
        .await
        .expect("digests");
    assert_eq!(digests.len(), 2);
    assert!(!text.contains(&token), "{text}");
    assert!(digests.iter().all(|d| !text.contains(d.as_str())), "{text}");

    let eve = app.signed_up("eve@elsewhere.ng").await;
    assert_eq!(app.read(&shares, Some(&eve.access)).await.status, 403);
    app.stop().await;
}

async fn every_view_of_a_shared_link_is_logged_and_a_dead_link_logs_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (id, token) = shared_for_review(&app, &books).await;
    let views = format!("{}{id}/shares/views/", sessions(&books));
    assert_eq!(view_shared(&app, &token).await, 200);
    let logged = app.read(&views, Some(&books.owner.access)).await;
    assert_eq!(logged.status, 200, "{}", logged.body);
    let log = logged.body["data"].as_array().expect("views").clone();
    assert_eq!(log.len(), 1, "{}", logged.body);
    assert_eq!(log[0]["user_agent"], "Mozilla/5.0 (Partner review)");
    assert_eq!(log[0]["client_address"], "127.0.0.1");
    assert!(log[0]["viewed_at"].is_string());

    // Unknown, expired and revoked links answer alike and record nothing.
    assert_eq!(view_shared(&app, "not-a-token").await, 404);
    let db = app.database().await;
    sqlx::query("UPDATE read_audit_shares SET expires_at = 1")
        .execute(&db.pool)
        .await
        .expect("expire");
    assert_eq!(view_shared(&app, &token).await, 404);
    let shares = format!("{}{id}/shares/", sessions(&books));
    let fresh = app
        .post(&shares, Some(&books.owner.access), json!({}))
        .await;
    let fresh_token = fresh.body["data"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    let fresh_id = fresh.body["data"]["share_id"]
        .as_str()
        .expect("id")
        .to_owned();
    app.delete(&format!("{shares}{fresh_id}/"), Some(&books.owner.access))
        .await;
    assert_eq!(view_shared(&app, &fresh_token).await, 404);
    let logged = app.read(&views, Some(&books.owner.access)).await;
    assert_eq!(logged.body["data"].as_array().map(Vec::len), Some(1));

    // The view is an event of its own stream, and the log never holds the token.
    let payloads: Vec<String> = sqlx::query_scalar(
        "SELECT CAST(payload AS TEXT) FROM events WHERE aggregate_type = 'AuditSharedView'",
    )
    .fetch_all(&db.pool)
    .await
    .expect("events");
    assert_eq!(payloads.len(), 1);
    assert!(payloads[0].contains(&id) && !payloads[0].contains(&token));
    let activity = app
        .read(
            &format!("/api/v1/activity-log/?workspace_id={}", books.workspace),
            Some(&books.owner.access),
        )
        .await;
    assert!(
        activity
            .body
            .to_string()
            .contains("Opened a shared audit result"),
        "{}",
        activity.body
    );
    app.stop().await;
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn count(haystack: &[u8], needle: &[u8]) -> usize {
    haystack
        .windows(needle.len())
        .filter(|w| *w == needle)
        .count()
}

/// Checks the file's skeleton: header, trailer, and every cross-reference entry pointing
/// at its object. Answers the number of pages.
fn pdf_pages(pdf: &[u8]) -> usize {
    assert!(pdf.starts_with(b"%PDF-1."), "header");
    assert!(pdf.trim_ascii_end().ends_with(b"%%EOF"), "trailer");
    let at = pdf
        .windows(9)
        .rposition(|w| w == b"startxref")
        .expect("startxref");
    let start: usize = String::from_utf8_lossy(&pdf[at + 9..])
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .expect("xref offset");
    assert!(
        pdf[start..].starts_with(b"xref"),
        "startxref points at the table"
    );
    let table = String::from_utf8_lossy(&pdf[start..]).into_owned();
    let mut lines = table.lines().skip(1);
    let header = lines.next().expect("subsection");
    let entries: usize = header
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("count");
    assert!(entries > 5, "{header}");
    for (object, entry) in lines.take(entries).enumerate() {
        let fields: Vec<_> = entry.split_whitespace().collect();
        if fields.get(2) == Some(&"n") {
            let offset: usize = fields[0].parse().expect("offset");
            assert!(
                pdf[offset..].starts_with(format!("{object} 0 obj").as_bytes()),
                "object {object} is where the table says"
            );
        }
    }
    assert!(find(pdf, b"/Type /Catalog").is_some());
    count(pdf, b"/Type /Page") - count(pdf, b"/Type /Pages")
}

async fn the_workpaper_is_a_pdf_of_the_whole_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let bola = reviewer(&app, &books).await;
    let (id, entry) = session_with_findings(&app, &books).await;
    let base = format!("{}{id}/", sessions(&books));
    let concluded = app
        .post(
            &format!("{base}conclusions/"),
            Some(&books.owner.access),
            json!({"target": {"kind": "entry", "entry_id": entry},
                   "conclusion": "exception_not_material",
                   "rationale": "Sunday stock count, below performance materiality."}),
        )
        .await;
    assert_eq!(concluded.status, 201, "{}", concluded.body);
    sign(&app, &books, &id, &books.owner, "performer").await;
    sign(&app, &books, &id, &bola, "reviewer").await;
    let session = app.read(&base, Some(&books.owner.access)).await;
    let head_hash = session.body["data"]["cutoff"]["head_hash"]
        .as_str()
        .expect("hash")
        .to_owned();

    let response = app
        .client
        .get(format!("{}{base}workpaper.pdf", app.base))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let pdf = response.bytes().await.expect("bytes").to_vec();
    assert!(
        pdf_pages(&pdf) >= 3,
        "cover, population and tests, findings"
    );
    let text = common::pdf_text(&pdf);
    for expected in [
        "Lagos Office",
        "FY2026 audit",
        "2026-01-01 to 2026-12-31",
        "5,000.00",
        "3,750.00",
        "NGN 5,000.00",
        "Debits (NGN)",
        "The population ties to the trial balance, and the period's movements balance.",
        "Round amount",
        "Weekend posting",
        "JE-000001",
        "Exception \u{2014} not material",
        "Sunday stock count, below performance materiality.",
        "Signed as performer.",
        "Signed as reviewer.",
        "bola@books.ng",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // 64 hex digits are wider than the value column, so the hash wraps onto two lines.
    assert!(text.replace(' ', "").contains(head_hash.as_str()));
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let (status, _, _) = app
        .get(&format!("{base}workpaper.pdf"), Some(&eve.access))
        .await;
    assert_eq!(status, 403);
    app.stop().await;
}

/// Opens a session as `who` and signs it off as its performer, ready to share; its id.
async fn signed_session_of(app: &TestApp, books: &Books, who: &Session) -> String {
    let opened = app
        .post(
            &sessions(books),
            Some(&who.access),
            json!({"name": "Q1 review", "period_start": "2026-01-01",
                "period_end": "2026-03-31", "materiality": "5000.00",
                "performance_materiality": "3750.00"}),
        )
        .await;
    assert_eq!(opened.status, 201, "{}", opened.body);
    let id = opened.body["data"]["id"].as_str().expect("id").to_owned();
    sign(app, books, &id, who, "performer").await;
    id
}

async fn share_as(app: &TestApp, books: &Books, id: &str, who: &Session) -> common::Reply {
    app.post(
        &format!("{}{id}/shares/", sessions(books)),
        Some(&who.access),
        json!({}),
    )
    .await
}

async fn an_admin_publishes_any_session_and_an_editor_only_their_own(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let editor = app.signed_up("eddie@books.ng").await;
    app.add_member(&books.owner, "eddie@books.ng", 1, &books.workspace)
        .await;
    let admins = signed_session_of(&app, &books, &books.owner).await;
    let editors = signed_session_of(&app, &books, &editor).await;

    let by_editor = share_as(&app, &books, &editors, &editor).await;
    assert_eq!(by_editor.status, 201, "{}", by_editor.body);
    let by_admin = share_as(&app, &books, &editors, &books.owner).await;
    assert_eq!(by_admin.status, 201, "{}", by_admin.body);
    let refused = share_as(&app, &books, &admins, &editor).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.body["code"], "role_restriction", "{}", refused.body);

    // Revoking follows the same rule: the Admin's link on the Admin's session is out of
    // the Editor's reach, the Editor's own link is not.
    let admins_link = share_as(&app, &books, &admins, &books.owner).await;
    let admins_share = admins_link.body["data"]["share_id"].as_str().expect("id");
    let revoke = |id: &str, share: &str| format!("{}{id}/shares/{share}/", sessions(&books));
    let denied = app
        .delete(&revoke(&admins, admins_share), Some(&editor.access))
        .await;
    assert_eq!(denied.status, 403, "{}", denied.body);
    let own = by_editor.body["data"]["share_id"].as_str().expect("id");
    let revoked = app
        .delete(&revoke(&editors, own), Some(&editor.access))
        .await;
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    app.stop().await;
}

async fn a_viewer_never_publishes_or_revokes_even_a_session_they_opened(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let viewer = app.signed_up("vera@books.ng").await;
    app.add_member(&books.owner, "vera@books.ng", 0, &books.workspace)
        .await;
    let viewers = signed_session_of(&app, &books, &viewer).await;
    let refused = share_as(&app, &books, &viewers, &viewer).await;
    assert_eq!(refused.status, 403, "{}", refused.body);

    let link = share_as(&app, &books, &viewers, &books.owner).await;
    assert_eq!(link.status, 201, "{}", link.body);
    let share = link.body["data"]["share_id"].as_str().expect("id");
    let denied = app
        .delete(
            &format!("{}{viewers}/shares/{share}/", sessions(&books)),
            Some(&viewer.access),
        )
        .await;
    assert_eq!(denied.status, 403, "{}", denied.body);
    app.stop().await;
}

backend_tests!(
    an_admin_publishes_any_session_and_an_editor_only_their_own,
    a_viewer_never_publishes_or_revokes_even_a_session_they_opened,
    notes_and_conclusions_keep_their_history_until_the_reviewer_signs_off,
    a_note_or_conclusion_names_its_bad_fields,
    conclusions_reach_the_findings_csv_and_the_shared_view,
    the_share_list_shows_every_link_and_never_its_secret,
    every_view_of_a_shared_link_is_logged_and_a_dead_link_logs_nothing,
    the_workpaper_is_a_pdf_of_the_whole_session,
    the_findings_export_as_one_csv_row_each,
    the_books_as_known_at_a_moment_ignore_what_was_recorded_later,
    a_session_reruns_identically_after_later_postings,
    the_performer_signs_first_and_another_user_reviews,
    a_shared_link_works_signed_out_until_revoked_or_expired,
    a_session_names_every_bad_field_and_stays_in_its_workspace,
);
