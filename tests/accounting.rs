//! The accounting service through the real HTTP API, on SQLite and Postgres.

mod common;

use common::TestApp;
use serde_json::json;
use store::{backend_tests, Backend};

async fn the_default_chart_is_set_up_once_per_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/");

    let first = app.post(&path, Some(&owner.access), json!(null)).await;
    let second = app.post(&path, Some(&owner.access), json!(null)).await;

    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.body["data"]["set_up"], true);
    assert_eq!(second.status, 200, "{}", second.body);
    assert_eq!(second.body["data"]["set_up"], false);
    let progress = format!(
        "/api/v1/accounts/organizations/{}/setup-progress/",
        owner.organization_id
    );
    let mut done = false;
    for _ in 0..100 {
        let body = app.read(&progress, Some(&owner.access)).await.body;
        done = body["data"]["steps"]
            .as_array()
            .expect("steps")
            .iter()
            .any(|s| s["key"] == "set_up_chart_of_accounts" && s["completed"] == true);
        if done {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(done, "the checklist sees the chart");
    app.stop().await;
}

async fn a_stranger_cannot_set_up_another_workspaces_chart(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;

    let reply = app
        .post(
            &format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/"),
            Some(&eve.access),
            json!(null),
        )
        .await;

    assert_eq!(reply.status, 403);
    assert_eq!(
        reply.body["detail"],
        "You don't have access to this workspace"
    );
    app.stop().await;
}

async fn the_chart_and_empty_books_read_back_through_every_report(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;

    let tree = app.read(&format!("{base}accounts/"), token).await;
    assert_eq!(tree.status, 200, "{}", tree.body);
    let roots = tree.body["data"].as_array().expect("roots");
    assert!(
        roots.len() >= 5,
        "assets, liabilities, equity, income, expenses"
    );
    assert!(roots
        .iter()
        .all(|r| r["children"].is_array() && r["account_code"].is_string()));
    assert_eq!(roots[0]["is_editable"], false);

    let tb = app
        .read(&format!("{base}trial-balance/?as_of=2026-12-31"), token)
        .await;
    assert_eq!(tb.status, 200, "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);
    assert_eq!(tb.body["data"]["totals"]["debit"], "0.00");
    let gl = app
        .read(
            &format!("{base}general-ledger/?from=2026-01-01&to=2026-12-31"),
            token,
        )
        .await;
    assert_eq!(gl.status, 200, "{}", gl.body);
    assert_eq!(gl.body["data"]["opening_balance"], "0.00");
    let entries = app.read(&format!("{base}journal-entries/"), token).await;
    assert_eq!(entries.body["data"]["count"], 0, "{}", entries.body);
    let lock = app.read(&format!("{base}lock-date/"), token).await;
    assert_eq!(lock.body["data"]["lock_date"], serde_json::Value::Null);
    let income = app
        .read(
            &format!(
                "{base}reports/income-summary/?from=2026-01-01&to=2026-12-31&granularity=quarter"
            ),
            token,
        )
        .await;
    assert_eq!(income.status, 200, "{}", income.body);
    let csv = app
        .read(&format!("{base}journal-entries/export/?format=csv"), token)
        .await;
    assert_eq!(csv.status, 200);
    app.stop().await;
}

async fn report_parameters_are_checked_by_name(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");

    let bad_date = app
        .read(&format!("{base}trial-balance/?as_of=31-12-2026"), token)
        .await;
    let bad_granularity = app
        .read(
            &format!("{base}reports/expense-summary/?granularity=week"),
            token,
        )
        .await;
    let bad_format = app
        .read(&format!("{base}journal-entries/export/?format=xlsx"), token)
        .await;

    assert_eq!(bad_date.status, 400);
    assert_eq!(bad_date.body["as_of"][0], "Enter a date as YYYY-MM-DD.");
    assert_eq!(bad_granularity.status, 400);
    assert!(bad_granularity.body.get("granularity").is_some());
    assert_eq!(bad_format.status, 400);
    assert!(bad_format.body.get("format").is_some());
    app.stop().await;
}

async fn nobody_reads_another_workspaces_books(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let eve = app.signed_up("eve@elsewhere.ng").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");

    for path in [
        "accounts/",
        "trial-balance/",
        "general-ledger/",
        "journal-entries/",
        "lock-date/",
        "reports/income-summary/",
        "reports/expense-summary/",
        "journal-entries/export/",
    ] {
        let reply = app.read(&format!("{base}{path}"), Some(&eve.access)).await;
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
        assert_eq!(reply.body["code"], "no_workspace_access");
    }
    app.stop().await;
}

fn find<'a>(nodes: &'a [serde_json::Value], code: &str) -> Option<&'a serde_json::Value> {
    nodes.iter().find_map(|n| {
        if n["account_code"] == code {
            Some(n)
        } else {
            find(
                n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]),
                code,
            )
        }
    })
}

async fn an_asset_account_depreciates_as_set_and_stops_when_cleared(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;
    let tree = app.read(&format!("{base}accounts/"), token).await.body;
    let roots = tree["data"].as_array().expect("roots").clone();
    let of_type = |t: &str| {
        roots
            .iter()
            .find(|r| r["account_type"] == t)
            .and_then(|r| r["children"][0]["id"].as_str())
            .expect("a sub-account")
            .to_owned()
    };

    let create = |code: &str, account_type: &str, method: &str, rate: &str| {
        json!({"name": format!("Account {code}"), "account_code": code,
            "account_type": account_type, "parent_id": of_type(account_type),
            "depreciation_type": method, "depreciation_value": rate})
    };
    let accounts = format!("{base}accounts/");
    let vans_now = || async {
        let tree = app.read(&accounts, token).await.body;
        find(tree["data"].as_array().expect("roots"), "1597")
            .expect("vans")
            .clone()
    };

    let vans = app
        .post(
            &accounts,
            token,
            create("1597", "asset", "straight_line", "25"),
        )
        .await;
    let rate_too_high = app
        .post(
            &accounts,
            token,
            create("1598", "asset", "declining_balance", "120"),
        )
        .await;
    let on_an_expense = app
        .post(
            &accounts,
            token,
            create("6397", "expense", "straight_line", "10"),
        )
        .await;
    assert_eq!(vans.status, 201, "{}", vans.body);
    let id = vans.body["data"]["id"].as_str().expect("id").to_owned();
    let set = vans_now().await;
    let cleared = app
        .call(
            reqwest::Method::PUT,
            &format!("{accounts}?account_id={id}"),
            token,
            Some(json!({"depreciation_type": null, "depreciation_value": null})),
        )
        .await;
    let after = vans_now().await;

    assert_eq!(set["depreciation_type"], "straight_line");
    assert_eq!(set["depreciation_value"], "25.00");
    assert_eq!(rate_too_high.status, 400);
    assert!(
        rate_too_high.body["depreciation_value"].is_array(),
        "{}",
        rate_too_high.body
    );
    assert_eq!(on_an_expense.status, 400);
    assert!(
        on_an_expense.body["depreciation_type"].is_array(),
        "{}",
        on_an_expense.body
    );
    assert_eq!(cleared.status, 200, "{}", cleared.body);
    assert!(after["depreciation_type"].is_null(), "{after}");
    assert!(after["depreciation_value"].is_null());
    app.stop().await;
}

async fn the_chart_is_edited_through_the_spec_routes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;
    let tree = app.read(&format!("{base}accounts/"), token).await.body;
    let roots = tree["data"].as_array().expect("roots").clone();
    let assets = roots
        .iter()
        .find(|r| r["account_type"] == "asset")
        .expect("assets");
    let parent = assets["children"][0]["id"]
        .as_str()
        .expect("a sub-account")
        .to_owned();

    let created = app
        .post(&format!("{base}accounts/"), token, json!({"name": "Petty cash, Ikeja", "account_code": "1199", "account_type": "asset", "parent_id": parent}))
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["data"]["id"].as_str().expect("id").to_owned();
    let renamed = app
        .call(
            reqwest::Method::PUT,
            &format!("{base}accounts/?account_id={id}"),
            token,
            Some(json!({"name": "Petty cash"})),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let budget = app
        .post(
            &format!("{base}accounts/{id}/action/budget-amount/"),
            token,
            json!({"amount": "150000.00"}),
        )
        .await;
    assert_eq!(budget.status, 200, "{}", budget.body);

    let tree = app.read(&format!("{base}accounts/"), token).await.body;
    let node = find(tree["data"].as_array().expect("roots"), "1199")
        .expect("the new account")
        .clone();
    assert_eq!(node["name"], "Petty cash");
    assert_eq!(node["is_last_level"], true);
    assert_eq!(node["budget_amount"], "150000.00");

    let taken = app
        .post(&format!("{base}accounts/"), token, json!({"name": "Again", "account_code": "1199", "account_type": "asset", "parent_id": parent}))
        .await;
    assert_eq!(taken.status, 400);
    assert!(taken.body.get("account_code").is_some(), "{}", taken.body);
    let bad_type = app
        .post(
            &format!("{base}accounts/"),
            token,
            json!({"name": "X", "account_code": "1198", "account_type": "assets"}),
        )
        .await;
    assert_eq!(bad_type.status, 400);
    assert!(bad_type.body.get("account_type").is_some());

    let removed = app
        .call(
            reqwest::Method::DELETE,
            &format!("{base}accounts/?account_id={id}"),
            token,
            None,
        )
        .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(
        removed.body["data"]["archived"], false,
        "never posted to: deleted"
    );
    let tree = app
        .read(&format!("{base}accounts/?include_archived=true"), token)
        .await
        .body;
    assert!(find(tree["data"].as_array().expect("roots"), "1199").is_none());
    app.stop().await;
}

async fn the_lock_date_is_set_and_cleared(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/lock-date/");
    app.post(
        &format!("/api/v1/accounting/workspaces/{lagos}/accounts/default/setup/"),
        token,
        json!(null),
    )
    .await;

    let set = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": "2026-06-30"})),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(
        app.read(&path, token).await.body["data"]["lock_date"],
        "2026-06-30"
    );
    let bad = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": "30/06/2026"})),
        )
        .await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.get("lock_date").is_some());
    let cleared = app
        .call(
            reqwest::Method::PUT,
            &path,
            token,
            Some(json!({"lock_date": null})),
        )
        .await;
    assert_eq!(cleared.status, 200, "{}", cleared.body);
    assert_eq!(
        app.read(&path, token).await.body["data"]["lock_date"],
        serde_json::Value::Null
    );
    app.stop().await;
}

/// The leaf accounts of the default chart by code.
async fn leaves(
    app: &TestApp,
    token: &str,
    base: &str,
) -> std::collections::HashMap<String, String> {
    fn walk(nodes: &[serde_json::Value], out: &mut std::collections::HashMap<String, String>) {
        for n in nodes {
            let children = n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]);
            if children.is_empty() {
                out.insert(
                    n["account_code"].as_str().unwrap_or_default().into(),
                    n["id"].as_str().unwrap_or_default().into(),
                );
            }
            walk(children, out);
        }
    }
    let tree = app
        .read(&format!("{base}accounts/"), Some(token))
        .await
        .body;
    let mut out = std::collections::HashMap::new();
    walk(tree["data"].as_array().expect("roots"), &mut out);
    out
}

fn sale(cash: &str, income: &str, amount: &str, post: bool) -> serde_json::Value {
    json!({"date": "2026-03-15", "memo": "Sale", "reference": "INV-1", "post": post, "lines": [
        {"account_id": cash, "description": "cash in", "debit": amount},
        {"account_id": income, "description": "revenue", "credit": amount}
    ]})
}

async fn entries_are_drafted_posted_with_gapless_numbers_and_reversed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&token),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &token, &base).await;
    let (cash, income) = (
        accounts
            .iter()
            .find(|(c, _)| c.starts_with('1'))
            .map(|(_, id)| id.clone())
            .expect("an asset leaf"),
        accounts
            .iter()
            .find(|(c, _)| c.starts_with('4'))
            .map(|(_, id)| id.clone())
            .expect("an income leaf"),
    );

    let draft = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&token),
            sale(&cash, &income, "1000.00", false),
        )
        .await;
    assert_eq!(draft.status, 201, "{}", draft.body);
    assert_eq!(draft.body["data"]["status"], "draft");
    let draft_id = draft.body["data"]["id"].as_str().expect("id").to_owned();
    let posted = app
        .post(
            &format!("{base}journal-entries/{draft_id}/post/"),
            Some(&token),
            json!(null),
        )
        .await;
    assert_eq!(posted.status, 200, "{}", posted.body);
    assert_eq!(posted.body["data"]["entry_number"], "JE-000001");
    let direct = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&token),
            sale(&cash, &income, "250.50", true),
        )
        .await;
    assert_eq!(direct.status, 201, "{}", direct.body);
    assert_eq!(direct.body["data"]["entry_number"], "JE-000002");

    let tb = app
        .read(
            &format!("{base}trial-balance/?as_of=2026-12-31"),
            Some(&token),
        )
        .await;
    assert_eq!(tb.body["data"]["totals"]["debit"], "1250.50", "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);

    let reversed = app
        .post(
            &format!("{base}journal-entries/{draft_id}/reverse/"),
            Some(&token),
            json!({"date": "2026-04-01"}),
        )
        .await;
    assert_eq!(reversed.status, 201, "{}", reversed.body);
    assert_eq!(reversed.body["data"]["entry_number"], "JE-000003");
    let again = app
        .post(
            &format!("{base}journal-entries/{draft_id}/reverse/"),
            Some(&token),
            json!({"date": "2026-04-02"}),
        )
        .await;
    assert_eq!(again.status, 400, "reversed once: {}", again.body);
    let tb = app
        .read(
            &format!("{base}trial-balance/?as_of=2026-12-31"),
            Some(&token),
        )
        .await;
    assert_eq!(tb.body["data"]["totals"]["debit"], "2250.50");
    let original = app
        .read(&format!("{base}journal-entries/{draft_id}/"), Some(&token))
        .await;
    assert_eq!(
        original.body["data"]["status"], "reversed",
        "{}",
        original.body
    );
    let edit = app
        .patch(
            &format!("{base}journal-entries/{draft_id}/"),
            Some(&token),
            sale(&cash, &income, "1.00", false),
        )
        .await;
    assert_eq!(
        edit.status, 400,
        "posted entries never change: {}",
        edit.body
    );
    app.stop().await;
}

async fn an_unbalanced_or_malformed_entry_is_refused_line_by_line(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&token),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &token, &base).await;
    let mut ids = accounts.values();
    let (a, b) = (
        ids.next().expect("a").clone(),
        ids.next().expect("b").clone(),
    );

    let unbalanced = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&token),
            json!({"date": "2026-03-15", "post": true, "lines": [
            {"account_id": a, "debit": "100.00"}, {"account_id": b, "credit": "90.00"}]}),
        )
        .await;
    let malformed = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&token),
            json!({"date": "15/03/2026", "lines": [
            {"account_id": a, "debit": "ten"}, {"account_id": "nope", "credit": "10.00"}]}),
        )
        .await;

    assert_eq!(unbalanced.status, 400, "{}", unbalanced.body);
    assert_eq!(
        unbalanced.body["non_field_errors"][0],
        "Debits (100.00) and credits (90.00) must be equal."
    );
    assert_eq!(malformed.status, 400);
    assert!(malformed.body.get("date").is_some());
    assert!(
        malformed.body.get("lines[0].debit").is_some(),
        "{}",
        malformed.body
    );
    assert!(malformed.body.get("lines[1].account_id").is_some());
    let list = app
        .read(&format!("{base}journal-entries/"), Some(&token))
        .await;
    assert_eq!(list.body["data"]["count"], 0, "nothing half-written");
    app.stop().await;
}

async fn an_amount_outside_the_documented_money_form_is_refused_by_name(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&token),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &token, &base).await;
    let mut ids = accounts.values();
    let (cash, income) = (ids.next().expect("a"), ids.next().expect("b"));
    let entries = format!("{base}journal-entries/");

    for debit in [
        json!("1e5"),
        json!("+5"),
        json!(".5"),
        json!("5."),
        json!(1500),
    ] {
        let body = json!({"date": "2026-03-15", "lines": [
            {"account_id": cash, "debit": debit}, {"account_id": income, "credit": "1500.00"}]});
        let refused = app.post(&entries, Some(&token), body).await;
        assert_eq!(refused.status, 400, "{debit}: {}", refused.body);
        assert!(
            refused.body.get("lines[0].debit").is_some(),
            "{debit}: {}",
            refused.body
        );
    }
    let list = app.read(&entries, Some(&token)).await;
    assert_eq!(list.body["data"]["count"], 0, "nothing was drafted");

    let drafted = app
        .post(&entries, Some(&token), sale(cash, income, "1500.00", false))
        .await;
    assert_eq!(drafted.status, 201, "{}", drafted.body);
    app.stop().await;
}

async fn an_editor_drafts_but_only_an_admin_posts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let bola = app.signed_up("bola@books.ng").await;
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
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&owner.access),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &owner.access, &base).await;
    let mut ids = accounts.values();
    let (a, b) = (
        ids.next().expect("a").clone(),
        ids.next().expect("b").clone(),
    );
    let body = |post: bool| {
        json!({"date": "2026-03-15", "post": post, "lines": [
        {"account_id": a, "debit": "5.00"}, {"account_id": b, "credit": "5.00"}]})
    };

    let drafted = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&bola.access),
            body(false),
        )
        .await;
    let posted = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&bola.access),
            body(true),
        )
        .await;

    assert_eq!(drafted.status, 201, "{}", drafted.body);
    assert_eq!(posted.status, 403, "{}", posted.body);
    assert_eq!(posted.body["code"], "role_restriction");
    app.stop().await;
}

async fn an_entrys_history_lists_every_event_with_who_and_when(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&token),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &token, &base).await;
    let (cash, income) = (accounts["1120"].clone(), accounts["4100"].clone());
    let draft = app
        .post(
            &format!("{base}journal-entries/"),
            Some(&token),
            sale(&cash, &income, "40.00", false),
        )
        .await;
    let id = draft.body["data"]["id"].as_str().expect("id").to_owned();
    let updated = app
        .patch(
            &format!("{base}journal-entries/{id}/"),
            Some(&token),
            sale(&cash, &income, "45.00", false),
        )
        .await;
    assert_eq!(updated.status, 200, "{}", updated.body);
    app.post(
        &format!("{base}journal-entries/{id}/post/"),
        Some(&token),
        json!(null),
    )
    .await;
    let reversed = app
        .post(
            &format!("{base}journal-entries/{id}/reverse/"),
            Some(&token),
            json!({"date": "2026-03-31"}),
        )
        .await;
    assert_eq!(reversed.status, 201, "{}", reversed.body);

    let history = app
        .read(
            &format!("{base}journal-entries/{id}/history/"),
            Some(&token),
        )
        .await;
    assert_eq!(history.status, 200, "{}", history.body);
    let events = history.body["data"]["events"].as_array().expect("events");
    let types: Vec<_> = events
        .iter()
        .map(|e| e["event_type"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        types,
        [
            "JournalEntryDrafted",
            "JournalEntryDraftUpdated",
            "JournalEntryPosted",
            "JournalEntryReversed"
        ]
    );
    assert!(events.iter().all(|e| e["actor_name"] == "Ada Obi"));
    assert_eq!(
        events[2]["summary"],
        "Posted JE-000001 dated 2026-03-15 for 45.00"
    );
    assert!(events[0]["hash"].as_str().is_some_and(|h| h.len() == 64));

    let eve = app.signed_up("eve@elsewhere.ng").await;
    let theirs = app.workspace(&eve, "Eve Books").await;
    let peek = app
        .read(
            &format!("/api/v1/accounting/workspaces/{theirs}/journal-entries/{id}/history/"),
            Some(&eve.access),
        )
        .await;
    assert_eq!(peek.status, 404, "another workspace's entry is not found");
    app.stop().await;
}

async fn the_dashboard_adds_up_to_its_reports(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    app.post(
        &format!("{base}accounts/default/setup/"),
        Some(&token),
        json!(null),
    )
    .await;
    let accounts = leaves(&app, &token, &base).await;
    let (bank, sales, rent) = (
        accounts["1120"].clone(),
        accounts["4100"].clone(),
        accounts["6210"].clone(),
    );
    for (date, debit, credit, amount) in [
        ("2026-03-15", &bank, &sales, "1000.00"),
        ("2026-04-10", &rent, &bank, "300.00"),
    ] {
        let posted = app
            .post(
                &format!("{base}journal-entries/"),
                Some(&token),
                json!({"date": date, "post": true, "lines": [
                    {"account_id": debit, "debit": amount},
                    {"account_id": credit, "credit": amount}
                ]}),
            )
            .await;
        assert_eq!(posted.status, 201, "{}", posted.body);
    }
    let board = app
        .read(&format!("{base}dashboard/?as_of=2026-04-30"), Some(&token))
        .await;
    assert_eq!(board.status, 200, "{}", board.body);
    let data = &board.body["data"];
    assert_eq!(data["cash_position"], "700.00");
    assert_eq!(data["income"], "1000.00");
    assert_eq!(data["expenses"], "300.00");
    assert_eq!(data["net_income"], "700.00");
    assert_eq!(data["from"], "2025-05-01");
    let months = data["months"].as_array().expect("months");
    assert_eq!(months.len(), 12);
    assert_eq!(months[11]["month"], "2026-04");
    assert_eq!(months[11]["net_income"], "-300.00");
    assert_eq!(data["top_expenses"][0]["account_code"], "6210");
    assert_eq!(data["recent_entries"].as_array().map(Vec::len), Some(2));
    let bad = app
        .read(&format!("{base}dashboard/?as_of=soon"), Some(&token))
        .await;
    assert!(bad.body.get("as_of").is_some(), "{}", bad.body);
    let backwards = app
        .read(
            &format!("{base}dashboard/?from=2026-05-01&as_of=2026-04-30"),
            Some(&token),
        )
        .await;
    assert!(backwards.body.get("from").is_some(), "{}", backwards.body);
    let eve = app.signed_up("eve@elsewhere.ng").await;
    assert_eq!(
        app.read(&format!("{base}dashboard/"), Some(&eve.access))
            .await
            .status,
        403
    );
    app.stop().await;
}

async fn the_dashboard_covers_the_period_it_is_asked_for(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = common::books::books(&app).await;
    let token = books.owner.access.clone();
    common::books::post(&app, &books, "2026-03-15", "1000.00").await;
    common::books::post(&app, &books, "2026-04-10", "250.00").await;

    // The second quarter: April's sale only, its one month charted.
    let quarter = app
        .read(
            &format!("{}dashboard/?from=2026-04-01&as_of=2026-06-30", books.base),
            Some(&token),
        )
        .await;

    assert_eq!(quarter.status, 200, "{}", quarter.body);
    let data = &quarter.body["data"];
    assert_eq!(data["from"], "2026-04-01");
    assert_eq!(data["income"], "250.00");
    assert_eq!(data["net_income"], "250.00");
    let months: Vec<&str> = data["months"]
        .as_array()
        .expect("months")
        .iter()
        .filter_map(|m| m["month"].as_str())
        .collect();
    assert_eq!(months, ["2026-04", "2026-05", "2026-06"]);
    // Cash stands at the period's end, whatever its start.
    assert_eq!(data["cash_position"], "1250.00");
    app.stop().await;
}

async fn entry_numbers_stay_gapless_when_two_nodes_post_in_turn(backend: Backend) {
    let first = TestApp::spawn(backend).await;
    let second = first.another_node(|_| {}).await;
    let owner = first.signed_up("ada@books.ng").await;
    let token = owner.access.clone();
    let lagos = first.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{lagos}/");
    first
        .post(
            &format!("{base}accounts/default/setup/"),
            Some(&token),
            json!(null),
        )
        .await;
    let accounts = leaves(&first, &token, &base).await;
    let mut ids = accounts.values();
    let (cash, income) = (ids.next().expect("a"), ids.next().expect("b"));

    let mut numbers = Vec::new();
    for turn in 0..6 {
        let node = if turn % 3 == 1 { &second } else { &first };
        // A draft between postings moves the chain without taking a number.
        let draft = node
            .post(
                &format!("{base}journal-entries/"),
                Some(&token),
                sale(cash, income, "10.00", false),
            )
            .await;
        assert_eq!(draft.status, 201, "{}", draft.body);
        let posted = node
            .post(
                &format!("{base}journal-entries/"),
                Some(&token),
                sale(cash, income, "25.00", true),
            )
            .await;
        assert_eq!(posted.status, 201, "{}", posted.body);
        numbers.push(
            posted.body["data"]["entry_number"]
                .as_str()
                .map(str::to_owned),
        );
    }

    let expected: Vec<_> = (1..=6).map(|n| Some(format!("JE-{n:06}"))).collect();
    assert_eq!(numbers, expected);
    second.stop().await;
    first.stop().await;
}

async fn an_empty_or_fieldless_lock_date_request_is_refused_and_leaves_the_books_locked(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let token = Some(owner.access.as_str());
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/lock-date/");
    let put = |body: Option<serde_json::Value>| app.call(reqwest::Method::PUT, &path, token, body);
    assert_eq!(
        put(Some(json!({"lock_date": "2026-06-30"}))).await.status,
        200
    );

    let empty = put(None).await;
    assert_eq!(empty.status, 400, "{}", empty.body);
    assert!(empty.body.get("lock_date").is_some(), "{}", empty.body);
    let fieldless = put(Some(json!({}))).await;
    assert_eq!(fieldless.status, 400, "{}", fieldless.body);
    assert!(
        fieldless.body.get("lock_date").is_some(),
        "{}",
        fieldless.body
    );
    assert_eq!(
        app.read(&path, token).await.body["data"]["lock_date"],
        "2026-06-30"
    );
    app.stop().await;
}

async fn a_body_not_sent_as_json_is_refused_with_415(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let owner = app.signed_up("ada@books.ng").await;
    let lagos = app.workspace(&owner, "Lagos Office").await;
    let path = format!("/api/v1/accounting/workspaces/{lagos}/lock-date/");
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let response = app
            .client
            .put(format!("{}{path}", app.base))
            .bearer_auth(&owner.access)
            .header("content-type", content_type)
            .body(r#"{"lock_date": "2026-06-30"}"#)
            .send()
            .await
            .expect("request");
        assert_eq!(response.status().as_u16(), 415, "{content_type}");
        let body: serde_json::Value = response.json().await.expect("json error body");
        assert_eq!(body["code"], "unsupported_media_type", "{body}");
        assert!(body["detail"].is_string(), "{body}");
    }
    let lock = app.read(&path, Some(&owner.access)).await;
    assert_eq!(lock.body["data"]["lock_date"], serde_json::Value::Null);
    app.stop().await;
}

backend_tests!(
    an_amount_outside_the_documented_money_form_is_refused_by_name,
    an_empty_or_fieldless_lock_date_request_is_refused_and_leaves_the_books_locked,
    a_body_not_sent_as_json_is_refused_with_415,
    an_asset_account_depreciates_as_set_and_stops_when_cleared,
    the_dashboard_adds_up_to_its_reports,
    the_dashboard_covers_the_period_it_is_asked_for,
    an_entrys_history_lists_every_event_with_who_and_when,
    entries_are_drafted_posted_with_gapless_numbers_and_reversed,
    entry_numbers_stay_gapless_when_two_nodes_post_in_turn,
    an_unbalanced_or_malformed_entry_is_refused_line_by_line,
    an_editor_drafts_but_only_an_admin_posts,
    the_chart_is_edited_through_the_spec_routes,
    the_lock_date_is_set_and_cleared,
    the_chart_and_empty_books_read_back_through_every_report,
    report_parameters_are_checked_by_name,
    nobody_reads_another_workspaces_books,
    the_default_chart_is_set_up_once_per_workspace,
    a_stranger_cannot_set_up_another_workspaces_chart,
);
