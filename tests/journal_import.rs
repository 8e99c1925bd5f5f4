//! Importing journal entries from CSV through the real API, on SQLite and Postgres: the
//! template imports cleanly with consecutive numbers, a preview names every bad row and
//! writes nothing, a file with an error row is refused whole, drafts, and permissions.

mod common;

use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const HEADER: &str = "entry,date,memo,reference,account_code,description,debit,credit";

async fn books(app: &TestApp) -> (Session, String) {
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let setup = app
        .post(
            &format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/"),
            Some(&owner.access),
            json!(null),
        )
        .await;
    assert!(setup.status < 300, "{}", setup.body);
    (owner, lagos)
}

async fn upload(
    app: &TestApp,
    session: &Session,
    workspace: &str,
    csv: &str,
    fields: &[(&str, &str)],
) -> common::Reply {
    upload_keyed(app, session, workspace, csv, fields, None).await
}

async fn upload_keyed(
    app: &TestApp,
    session: &Session,
    workspace: &str,
    csv: &str,
    fields: &[(&str, &str)],
    key: Option<&str>,
) -> common::Reply {
    let mut form = reqwest::multipart::Form::new().part(
        "file",
        reqwest::multipart::Part::text(csv.to_owned())
            .file_name("entries.csv")
            .mime_str("text/csv")
            .expect("mime"),
    );
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    let mut request = app
        .client
        .post(format!(
            "{}/api/v1/accounting/workspaces/{workspace}/journal-entries/import/",
            app.base
        ))
        .bearer_auth(&session.access)
        .multipart(form);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("upload");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    common::Reply {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
    }
}

async fn entry_count(app: &TestApp, session: &Session, workspace: &str) -> i64 {
    let listed = app
        .read(
            &format!("/api/v1/accounting/workspaces/{workspace}/journal-entries/"),
            Some(&session.access),
        )
        .await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    listed.body["data"]["count"].as_i64().expect("count")
}

async fn the_template_imports_as_posted_entries_with_consecutive_numbers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let template = app
        .get(
            &format!("/api/v1/accounting/workspaces/{lagos}/journal-entries/import/template/"),
            Some(&owner.access),
        )
        .await;
    assert_eq!(template.0, 200);
    assert!(template.2.starts_with(HEADER), "{}", template.2);
    let two = format!(
        "{}\r\n2,2026-02-01,Sale,INV-7,1120,Cash in,250.00,\r\n2,2026-02-01,Sale,INV-7,4100,Revenue,,250.00\r\n",
        template.2.trim_end()
    );

    let imported = upload(&app, &owner, &lagos, &two, &[]).await;
    assert_eq!(imported.status, 201, "{}", imported.body);
    assert_eq!(imported.body["data"]["imported"], 2);
    let numbers: Vec<_> = imported.body["data"]["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["entry_number"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(numbers, ["JE-000001", "JE-000002"]);
    let tb = app
        .read(
            &format!("/api/v1/accounting/workspaces/{lagos}/trial-balance/"),
            Some(&owner.access),
        )
        .await;
    assert_eq!(tb.body["data"]["totals"]["debit"], "1750.00", "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);
    app.stop().await;
}

async fn a_preview_names_every_bad_row_and_writes_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let csv = format!(
        "{HEADER}\n1,2026-03-01,Rent,,6210,,900.00,\n1,2026-03-01,Rent,,1120,,,800.00\n2,2026-13-01,Bad,,9999,,ten,\n"
    );
    let preview = upload(&app, &owner, &lagos, &csv, &[("dry_run", "true")]).await;
    assert_eq!(preview.status, 200, "{}", preview.body);
    let data = &preview.body["data"];
    assert_eq!(data["valid"], false);
    let errors = data["errors"].as_object().expect("errors");
    assert!(
        errors.contains_key("rows[2]"),
        "unbalanced entry 1 on its first row: {errors:?}"
    );
    assert!(errors["rows[2]"][0]
        .as_str()
        .is_some_and(|m| m.starts_with("Entry 1: Debits (900.00) and credits (800.00)")));
    for cell in ["rows[4].date", "rows[4].account_code", "rows[4].debit"] {
        assert!(errors.contains_key(cell), "{cell} in {errors:?}");
    }
    assert_eq!(
        entry_count(&app, &owner, &lagos).await,
        0,
        "a preview writes nothing"
    );

    let clean =
        format!("{HEADER}\n1,2026-03-01,Rent,,6210,,900.00,\n1,2026-03-01,Rent,,1120,,,900.00\n");
    let ok = upload(&app, &owner, &lagos, &clean, &[("dry_run", "true")]).await;
    assert_eq!(ok.body["data"]["valid"], true, "{}", ok.body);
    assert_eq!(ok.body["data"]["entries"], 1);
    assert_eq!(ok.body["data"]["total"], "900.00");
    assert_eq!(entry_count(&app, &owner, &lagos).await, 0);
    app.stop().await;
}

async fn a_file_with_an_error_row_is_refused_whole(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let csv = format!(
        "{HEADER}\n1,2026-03-01,Good,,6210,,100.00,\n1,2026-03-01,Good,,1120,,,100.00\n2,2026-03-02,Bad,,6210,,50.00,\n2,2026-03-02,Bad,,0000,,,50.00\n"
    );
    let refused = upload(&app, &owner, &lagos, &csv, &[]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.get("rows[5].account_code").is_some(),
        "{}",
        refused.body
    );
    assert_eq!(
        entry_count(&app, &owner, &lagos).await,
        0,
        "the good entry was not written either"
    );
    let header_only = upload(&app, &owner, &lagos, "date,amount\n", &[]).await;
    assert_eq!(header_only.status, 400);
    assert!(
        header_only.body.get("file").is_some(),
        "{}",
        header_only.body
    );
    app.stop().await;
}

async fn drafts_are_imported_without_numbers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    // A draft may be unbalanced: it is work in progress.
    let csv = format!(
        "{HEADER}\nA,2026-04-01,Accrual,,6210,,10.00,\nA,2026-04-01,Accrual,,1120,,,9.00\n"
    );
    let imported = upload(&app, &owner, &lagos, &csv, &[("post", "false")]).await;
    assert_eq!(imported.status, 201, "{}", imported.body);
    assert_eq!(imported.body["data"]["status"], "draft");
    assert_eq!(
        imported.body["data"]["entries"][0]["entry_number"],
        Value::Null
    );
    assert_eq!(entry_count(&app, &owner, &lagos).await, 1);
    app.stop().await;
}

async fn only_those_who_may_import_and_post_can(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let editor = app.signed_up("bola@books.ng").await;
    let added = app
        .post(
            &format!(
                "/api/v1/accounts/organizations/{}/memberships/",
                owner.organization_id
            ),
            Some(&owner.access),
            json!({"email": "bola@books.ng", "role": 1, "workspaces": [lagos]}),
        )
        .await;
    assert_eq!(added.status, 201, "{}", added.body);
    let csv = format!("{HEADER}\n1,2026-03-01,Rent,,6210,,1.00,\n1,2026-03-01,Rent,,1120,,,1.00\n");
    let refused = upload(&app, &editor, &lagos, &csv, &[]).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let stranger = app.signed_up("eve@elsewhere.ng").await;
    assert_eq!(upload(&app, &stranger, &lagos, &csv, &[]).await.status, 403);
    assert_eq!(entry_count(&app, &owner, &lagos).await, 0);
    app.stop().await;
}

const SALE: &str = "entry,date,memo,reference,account_code,description,debit,credit\r\n\
    1,2026-02-01,Sale,INV-7,1120,Cash in,250.00,\r\n\
    1,2026-02-01,Sale,INV-7,4100,Revenue,,250.00\r\n";

async fn the_same_file_again_within_a_day_is_refused_unless_confirmed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let first = upload(&app, &owner, &lagos, SALE, &[]).await;
    assert_eq!(first.status, 201, "{}", first.body);

    let again = upload(&app, &owner, &lagos, SALE, &[]).await;
    let preview = upload(&app, &owner, &lagos, SALE, &[("dry_run", "true")]).await;

    assert_eq!(again.status, 400, "{}", again.body);
    assert!(again.body["confirm_duplicate"].is_array(), "{}", again.body);
    assert_eq!(entry_count(&app, &owner, &lagos).await, 1);
    assert_eq!(
        preview.body["data"]["imported_before"]["import_id"],
        first.body["data"]["import_id"]
    );
    let confirmed = upload(&app, &owner, &lagos, SALE, &[("confirm_duplicate", "true")]).await;
    assert_eq!(confirmed.status, 201, "{}", confirmed.body);
    assert_eq!(entry_count(&app, &owner, &lagos).await, 2);
    app.stop().await;
}

async fn an_import_retried_with_its_key_after_a_lost_answer_adds_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (owner, lagos) = books(&app).await;
    let first = upload_keyed(&app, &owner, &lagos, SALE, &[], Some("import-1")).await;
    assert_eq!(first.status, 201, "{}", first.body);
    app.lose_cached_answers().await;

    let retry = upload_keyed(&app, &owner, &lagos, SALE, &[], Some("import-1")).await;

    assert_eq!(retry.status, 201, "{}", retry.body);
    assert_eq!(retry.body["data"]["entries"], first.body["data"]["entries"]);
    assert_eq!(
        retry.body["data"]["import_id"],
        first.body["data"]["import_id"]
    );
    assert_eq!(entry_count(&app, &owner, &lagos).await, 1);
    app.stop().await;
}

backend_tests!(
    the_same_file_again_within_a_day_is_refused_unless_confirmed,
    an_import_retried_with_its_key_after_a_lost_answer_adds_nothing,
    the_template_imports_as_posted_entries_with_consecutive_numbers,
    a_preview_names_every_bad_row_and_writes_nothing,
    a_file_with_an_error_row_is_refused_whole,
    drafts_are_imported_without_numbers,
    only_those_who_may_import_and_post_can,
);
