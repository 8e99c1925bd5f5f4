//! The cross-tenant sweep: every operation of the OpenAPI document, called by an Admin of
//! another organization with the ids of this organization's own objects, is refused — and
//! afterwards this organization's books, members and workspaces are exactly as before and
//! no answer carried a word of them. On SQLite and Postgres.

mod common;

use common::books::{books, post, Books};
use common::{Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];
/// A word that appears only in the victim's data: no answer to the intruder may hold it.
const VICTIM_MARK: &str = "Zanzibar";

/// Operations anyone may call, or that act only on the caller's own account: nothing of
/// another tenant is named in them.
fn is_public_or_own(path: &str) -> bool {
    !path.contains('{')
        || path.starts_with("/api/v1/audit/shared/")
        || path.starts_with("/api/v1/accounts/me/")
}

/// The victim's objects, by what a path parameter names.
struct Victim {
    books: Books,
    entry: String,
    account: String,
    session: String,
    membership: String,
    /// A document attached to `entry`.
    document: String,
}

impl Victim {
    /// The value for `param` of `path`: the victim's object of that kind where the victim
    /// has one, else an id nobody has.
    fn id_for(&self, path: &str, param: &str) -> String {
        let segment_before = path
            .split('/')
            .collect::<Vec<_>>()
            .windows(2)
            .find(|w| w[1] == format!("{{{param}}}"))
            .map(|w| w[0].to_owned())
            .unwrap_or_default();
        match (param, segment_before.as_str()) {
            ("workspace_id", _) => self.books.workspace.clone(),
            ("organization_id", _) => self.books.owner.organization_id.clone(),
            ("entry_id", _) | (_, "journal-entries") => self.entry.clone(),
            ("account_id", _) | (_, "accounts") => self.account.clone(),
            ("session_id", _) | (_, "sessions") => self.session.clone(),
            ("document_id", _) | (_, "documents") => self.document.clone(),
            ("kind", _) => "journal_entry".to_owned(),
            ("target_id", _) => self.entry.clone(),
            (_, "memberships") => self.membership.clone(),
            (_, "workspaces") => self.books.workspace.clone(),
            _ => uuid::Uuid::now_v7().to_string(),
        }
    }

    fn fill(&self, path: &str) -> String {
        let mut filled = path.to_owned();
        while let Some(start) = filled.find('{') {
            let end = filled[start..].find('}').expect("closed parameter") + start;
            let param = filled[start + 1..end].to_owned();
            filled.replace_range(start..=end, &self.id_for(path, &param));
        }
        let separator = if filled.contains('?') { '&' } else { '?' };
        format!(
            "{filled}{separator}workspace_id={}&organization_id={}",
            self.books.workspace, self.books.owner.organization_id
        )
    }
}

async fn victim(app: &TestApp) -> Victim {
    let books = books(app).await;
    let token = Some(books.owner.access.as_str());
    let renamed = app
        .patch(
            &format!(
                "/api/v1/accounts/organizations/{}/workspaces/{}/",
                books.owner.organization_id, books.workspace
            ),
            token,
            json!({"name": format!("{VICTIM_MARK} Books")}),
        )
        .await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    let entry = post(app, &books, "2026-03-02", "1250.00").await;
    let tree = app.read(&format!("{}accounts/", books.base), token).await;
    let parent = tree.body["data"]
        .as_array()
        .and_then(|roots| roots.iter().find(|r| r["account_type"] == "asset"))
        .and_then(|assets| assets["children"][0]["id"].as_str())
        .expect("an asset group")
        .to_owned();
    let account = app
        .post(
            &format!("{}accounts/", books.base),
            token,
            json!({"name": format!("{VICTIM_MARK} bank"), "account_code": "1199",
                   "account_type": "asset", "parent_id": parent}),
        )
        .await;
    assert_eq!(account.status, 201, "{}", account.body);
    let account = account.body["data"]["id"].as_str().expect("id").to_owned();
    let session = app
        .post(
            &format!("/api/v1/audit/workspaces/{}/sessions/", books.workspace),
            token,
            json!({"name": format!("{VICTIM_MARK} year end"), "period_start": "2026-01-01",
                   "period_end": "2026-12-31", "materiality": "5000.00",
                   "performance_materiality": "3750.00"}),
        )
        .await;
    assert_eq!(session.status, 201, "{}", session.body);
    let members = app
        .read(
            &format!(
                "/api/v1/accounts/organizations/{}/memberships/",
                books.owner.organization_id
            ),
            token,
        )
        .await;
    let membership = members.body["data"]["data"][0]["id"]
        .as_str()
        .or_else(|| members.body["data"][0]["id"].as_str())
        .map(str::to_owned)
        .unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
    let uploaded = common::documents::upload(
        app,
        &books.owner,
        &books.workspace,
        &[("receipt.pdf", common::documents::PDF)],
    )
    .await;
    let document = uploaded.body["data"][0]["id"]
        .as_str()
        .expect("document")
        .to_owned();
    let attached = app
        .post(
            &format!("/api/v1/files/documents/{document}/attachments/"),
            token,
            json!({"kind": "journal_entry", "id": entry}),
        )
        .await;
    assert_eq!(attached.status, 201, "{}", attached.body);
    Victim {
        document,
        entry,
        account,
        session: session.body["data"]["id"].as_str().expect("id").to_owned(),
        membership,
        books,
    }
}

/// What the victim sees of itself: the chain head of its workspace, its entries, members
/// and workspaces.
async fn what_the_victim_sees(app: &TestApp, victim: &Victim) -> Vec<Value> {
    let token = Some(victim.books.owner.access.as_str());
    let org = &victim.books.owner.organization_id;
    let ws = &victim.books.workspace;
    let mut seen = Vec::new();
    for path in [
        format!("/api/v1/audit/workspaces/{ws}/chain-head/"),
        format!("/api/v1/accounting/workspaces/{ws}/journal-entries/"),
        format!("/api/v1/accounting/workspaces/{ws}/trial-balance/?as_of=2026-12-31"),
        format!("/api/v1/accounts/organizations/{org}/memberships/"),
        format!("/api/v1/accounts/organizations/{org}/workspaces/"),
        format!("/api/v1/accounts/organizations/{org}/"),
        format!("/api/v1/files/documents/{}/", victim.document),
    ] {
        let reply = app.read(&path, token).await;
        assert_eq!(reply.status, 200, "{path}: {}", reply.body);
        seen.push(reply.body);
    }
    seen
}

async fn no_operation_reaches_another_organizations_workspace(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let victim = victim(&app).await;
    let intruder: Session = app.signed_up("mallory@elsewhere.ng").await;
    app.workspace(&intruder, "Mallory Books").await;
    let before = what_the_victim_sees(&app, &victim).await;

    let document: Value =
        serde_json::from_str(&ledgerline::cli::openapi_json()).expect("the document is JSON");
    let mut reached = Vec::new();
    let mut swept = 0;
    for (path, item) in document["paths"].as_object().expect("paths") {
        if is_public_or_own(path) {
            continue;
        }
        for method in METHODS {
            if item.get(method).is_none() {
                continue;
            }
            let url = victim.fill(path);
            let body = (method != "get" && method != "delete").then(|| {
                json!({"workspace_id": victim.books.workspace,
                       "organization_id": victim.books.owner.organization_id})
            });
            let verb =
                reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).expect("a method");
            let reply = app.call(verb, &url, Some(&intruder.access), body).await;
            swept += 1;
            let leaked = reply.body.to_string().contains(VICTIM_MARK);
            if reply.status < 400 || reply.status >= 500 || leaked {
                reached.push(format!(
                    "{} {path} → {}{}: {}",
                    method.to_uppercase(),
                    reply.status,
                    if leaked {
                        " (answer names the victim)"
                    } else {
                        ""
                    },
                    reply.body.to_string().chars().take(160).collect::<String>()
                ));
            }
        }
    }
    assert!(swept > 100, "only {swept} operations swept");
    assert!(
        reached.is_empty(),
        "operations that reached another organization's data:\n{}",
        reached.join("\n")
    );
    assert_eq!(
        what_the_victim_sees(&app, &victim).await,
        before,
        "the sweep changed the victim's data"
    );
    app.stop().await;
}

backend_tests!(no_operation_reaches_another_organizations_workspace);
