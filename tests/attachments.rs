//! Documents attached to journal entries, on SQLite and on Postgres: attaching is the
//! document's event, so a posted entry stays exactly as it was and the workspace's hash
//! chain still verifies; the entry and its general-ledger rows show the file.

mod common;

use common::books::{books, leaf, open, post, sessions, Books};
use common::documents::{document, sha256, upload, PDF};
use common::TestApp;
use serde_json::{json, Value};
use store::{backend_tests, Backend};

fn attachments(document_id: &str) -> String {
    format!("{}attachments/", document(document_id))
}

async fn entry(app: &TestApp, books: &Books, id: &str) -> Value {
    let read = app
        .read(
            &format!("{}journal-entries/{id}/", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(read.status, 200, "{}", read.body);
    read.body["data"].clone()
}

/// The entry as it stands, without what is attached to it.
fn without_documents(mut entry: Value) -> Value {
    entry.as_object_mut().expect("an entry").remove("documents");
    entry
}

async fn uploaded_receipt(app: &TestApp, books: &Books) -> String {
    let uploaded = upload(app, &books.owner, &books.workspace, &[("receipt.pdf", PDF)]).await;
    assert_eq!(uploaded.status, 201, "{}", uploaded.body);
    uploaded.body["data"][0]["id"]
        .as_str()
        .expect("id")
        .to_owned()
}

async fn chain_break(app: &TestApp) -> Option<store::verify::ChainBreak> {
    let store = store::EventStore::open(app.database().await)
        .await
        .expect("store");
    store::verify::verify(store.log())
        .await
        .expect("verify")
        .first_break
}

async fn a_receipt_attached_to_a_posted_entry_leaves_the_entry_and_its_chain_intact(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let entry_id = post(&app, &books, "2026-03-01", "25000.00").await;
    let receipt = uploaded_receipt(&app, &books).await;
    let before = entry(&app, &books, &entry_id).await;

    let attached = app
        .post(
            &attachments(&receipt),
            Some(&books.owner.access),
            json!({"kind": "journal_entry", "id": entry_id}),
        )
        .await;
    let after = entry(&app, &books, &entry_id).await;
    let ledger = app
        .read(
            &format!(
                "{}general-ledger/?from=2026-03-01&to=2026-03-31",
                books.base
            ),
            Some(&books.owner.access),
        )
        .await;
    let again = app
        .post(
            &attachments(&receipt),
            Some(&books.owner.access),
            json!({"kind": "journal_entry", "id": entry_id}),
        )
        .await;

    assert_eq!(attached.status, 201, "{}", attached.body);
    assert_eq!(
        attached.body["data"]["attached_to"],
        json!([{"kind": "journal_entry", "id": entry_id}])
    );
    assert_eq!(before["documents"], json!([]));
    assert_eq!(after["documents"][0]["id"], receipt.as_str());
    assert_eq!(after["documents"][0]["sha256"], sha256(PDF));
    assert_eq!(
        after["documents"][0]["url"],
        format!("/api/v1/files/documents/{receipt}/download/")
    );
    assert_eq!(
        without_documents(after),
        without_documents(before),
        "the posted entry itself is unchanged"
    );
    let rows = ledger.body["data"]["data"].as_array().expect("postings");
    assert_eq!(rows.len(), 2);
    for row in rows {
        assert_eq!(row["documents"][0]["id"], receipt.as_str(), "{row}");
    }
    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(
        chain_break(&app).await,
        None,
        "the hash chain still verifies"
    );
    app.stop().await;
}

async fn a_document_backing_an_entry_is_detached_before_it_is_deleted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let entry_id = post(&app, &books, "2026-03-01", "100.00").await;
    let receipt = uploaded_receipt(&app, &books).await;
    let token = Some(books.owner.access.as_str());
    let attached = app
        .post(
            &attachments(&receipt),
            token,
            json!({"kind": "journal_entry", "id": entry_id}),
        )
        .await;
    assert_eq!(attached.status, 201, "{}", attached.body);

    let refused = app.delete(&document(&receipt), token).await;
    let detached = app
        .delete(
            &format!("{}journal_entry/{entry_id}/", attachments(&receipt)),
            token,
        )
        .await;
    let shown = entry(&app, &books, &entry_id).await;
    let deleted = app.delete(&document(&receipt), token).await;

    assert_eq!(refused.status, 409, "{}", refused.body);
    assert!(refused.body["detail"]
        .as_str()
        .is_some_and(|d| d.contains("detach it")));
    assert_eq!(detached.status, 204, "{}", detached.body);
    assert_eq!(shown["documents"], json!([]));
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    assert_eq!(chain_break(&app).await, None);
    app.stop().await;
}

async fn a_draft_takes_a_document_and_another_workspaces_entry_does_not(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (cash, sales) = (
        leaf(&app, &books, "1120").await,
        leaf(&app, &books, "4100").await,
    );
    let draft = app
        .post(
            &format!("{}journal-entries/", books.base),
            Some(&books.owner.access),
            json!({"date": "2026-03-02", "memo": "Draft sale", "post": false, "lines": [
                {"account_id": cash, "debit": "10.00"},
                {"account_id": sales, "credit": "10.00"}
            ]}),
        )
        .await;
    assert_eq!(draft.status, 201, "{}", draft.body);
    let draft_id = draft.body["data"]["id"].as_str().expect("id").to_owned();
    let elsewhere = app.workspace(&books.owner, "Abuja Office").await;
    let foreign = upload(&app, &books.owner, &elsewhere, &[("other.pdf", PDF)]).await;
    let foreign_id = foreign.body["data"][0]["id"].as_str().expect("id");
    let receipt = uploaded_receipt(&app, &books).await;

    let on_draft = app
        .post(
            &attachments(&receipt),
            Some(&books.owner.access),
            json!({"kind": "journal_entry", "id": draft_id}),
        )
        .await;
    let across = app
        .post(
            &attachments(foreign_id),
            Some(&books.owner.access),
            json!({"kind": "journal_entry", "id": draft_id}),
        )
        .await;
    let bad_kind = app
        .post(
            &attachments(&receipt),
            Some(&books.owner.access),
            json!({"kind": "invoice", "id": draft_id}),
        )
        .await;

    assert_eq!(on_draft.status, 201, "{}", on_draft.body);
    assert_eq!(
        entry(&app, &books, &draft_id).await["documents"][0]["id"],
        receipt.as_str()
    );
    assert_eq!(across.status, 400, "{}", across.body);
    assert!(across.body.get("id").is_some(), "{}", across.body);
    assert_eq!(bad_kind.status, 400, "{}", bad_kind.body);
    assert!(bad_kind.body.get("kind").is_some(), "{}", bad_kind.body);
    app.stop().await;
}

/// A signed session whose flagged entry has `receipt.pdf` attached, shared by link.
struct SharedEvidence {
    books: Books,
    session_id: String,
    risky: String,
    receipt: String,
    link: String,
}

async fn shared_evidence(app: &TestApp) -> SharedEvidence {
    let books = books(app).await;
    // Just below the session's approval threshold, backdated, with a weak memo.
    let risky = post(app, &books, "2026-05-05", "990.00").await;
    let receipt = uploaded_receipt(app, &books).await;
    let token = Some(books.owner.access.as_str());
    let attached = app
        .post(
            &attachments(&receipt),
            token,
            json!({"kind": "journal_entry", "id": risky}),
        )
        .await;
    assert_eq!(attached.status, 201, "{}", attached.body);
    let id = open(app, &books).await;
    app.post(
        &format!("{}{id}/sign-off/", sessions(&books)),
        token,
        json!({"role": "performer"}),
    )
    .await;
    let shared = app
        .post(
            &format!("{}{id}/shares/", sessions(&books)),
            token,
            json!({"expires_in_days": 7}),
        )
        .await;
    let link = shared.body["data"]["token"]
        .as_str()
        .expect("token")
        .to_owned();
    SharedEvidence {
        books,
        session_id: id,
        risky,
        receipt,
        link,
    }
}

async fn a_shared_audit_and_its_workpaper_show_the_evidence_of_a_flagged_entry(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let SharedEvidence {
        books,
        session_id: id,
        risky,
        link,
        ..
    } = shared_evidence(&app).await;

    let view = app
        .read(&format!("/api/v1/audit-shared/{link}/"), None)
        .await;

    assert_eq!(view.status, 200, "{}", view.body);
    let flagged = &view.body["data"]["result"]["flagged"];
    assert_eq!(flagged[0]["entry_id"], risky.as_str(), "{flagged}");
    let evidence = &view.body["data"]["evidence"][risky.as_str()];
    assert_eq!(
        evidence[0]["name"], "receipt.pdf",
        "{}",
        view.body["data"]["evidence"]
    );
    assert_eq!(evidence[0]["sha256"], sha256(PDF));
    let workpaper = app
        .client
        .get(format!(
            "{}/api/v1/audit/workspaces/{}/sessions/{id}/workpaper.pdf",
            app.base, books.workspace
        ))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("workpaper")
        .bytes()
        .await
        .expect("pdf");
    let text = common::pdf_text(&workpaper);
    assert!(text.contains("Evidence on flagged entries"), "{text}");
    assert!(text.contains("receipt.pdf"), "{text}");
    assert!(
        text.contains(&sha256(PDF)[..16]),
        "the hash is printed: {text}"
    );
    app.stop().await;
}

async fn a_signed_out_reviewer_downloads_the_evidence_through_the_link_and_nothing_else(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let shared = shared_evidence(&app).await;
    let unattached = uploaded_receipt(&app, &shared.books).await;
    let view = app
        .read(&format!("/api/v1/audit-shared/{}/", shared.link), None)
        .await;
    let url = view.body["data"]["evidence"][shared.risky.as_str()][0]["url"]
        .as_str()
        .expect("url")
        .to_owned();
    let fetch = |path: String| {
        let app = &app;
        async move {
            app.client
                .get(format!("{}{path}", app.base))
                .send()
                .await
                .expect("download")
        }
    };

    let evidence = fetch(url.clone()).await;
    let headers = evidence.headers().clone();
    let bytes = evidence.bytes().await.expect("bytes");
    let other = fetch(format!(
        "/api/v1/audit-shared/{}/documents/{unattached}/",
        shared.link
    ))
    .await;
    let wrong_link = fetch(format!(
        "/api/v1/audit-shared/not-the-link/documents/{}/",
        shared.receipt
    ))
    .await;

    assert_eq!(
        url,
        format!(
            "/api/v1/audit-shared/{}/documents/{}/",
            shared.link, shared.receipt
        )
    );
    assert_eq!(
        bytes.as_ref(),
        PDF,
        "no sign-in needed: the link is the key"
    );
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert!(headers["content-disposition"]
        .to_str()
        .expect("disposition")
        .starts_with("attachment"));
    assert_eq!(
        other.status(),
        404,
        "a document the session did not flag stays private"
    );
    assert_eq!(wrong_link.status(), 404);
    app.stop().await;
}

async fn a_loan_agreement_is_attached_to_its_debt(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let debt = app
        .post(
            &format!("{}debts/", books.base),
            Some(&books.owner.access),
            json!({
                "direction": "payable", "counterparty": "First Bank", "reference": "LN-001",
                "principal": "1000000.00", "start_date": "2026-01-01",
                "annual_interest_rate": "12", "term_months": 12, "repayment_type": "annuity",
                "first_due_date": "2026-02-01",
                "principal_account": leaf(&app, &books, "2210").await,
                "interest_account": leaf(&app, &books, "6500").await,
                "cash_account": leaf(&app, &books, "1120").await,
                "post_drawdown": false
            }),
        )
        .await;
    assert_eq!(debt.status, 201, "{}", debt.body);
    let debt_id = debt.body["data"]["id"].as_str().expect("id").to_owned();
    let agreement = uploaded_receipt(&app, &books).await;

    let attached = app
        .post(
            &attachments(&agreement),
            Some(&books.owner.access),
            json!({"kind": "debt", "id": debt_id}),
        )
        .await;

    assert_eq!(attached.status, 201, "{}", attached.body);
    assert_eq!(
        attached.body["data"]["attached_to"],
        json!([{"kind": "debt", "id": debt_id}])
    );
    let shown = app
        .read(
            &format!("{}debts/{debt_id}/", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(
        shown.body["data"]["documents"][0]["id"],
        agreement.as_str(),
        "{}",
        shown.body
    );
    assert_eq!(chain_break(&app).await, None);
    app.stop().await;
}

backend_tests!(
    a_loan_agreement_is_attached_to_its_debt,
    a_shared_audit_and_its_workpaper_show_the_evidence_of_a_flagged_entry,
    a_signed_out_reviewer_downloads_the_evidence_through_the_link_and_nothing_else,
    a_receipt_attached_to_a_posted_entry_leaves_the_entry_and_its_chain_intact,
    a_document_backing_an_entry_is_detached_before_it_is_deleted,
    a_draft_takes_a_document_and_another_workspaces_entry_does_not,
);
