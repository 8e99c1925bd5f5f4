//! `ledgerline demo seed`: a demo organization with a year of realistic books, so a
//! newcomer sees a living product on first run.
//!
//! Everything goes through the product's own HTTP routes, driven in process against the
//! configured store (no socket, no SQL inserts): sign-up, the e-mail verification link
//! read from the mail outbox, sign-in, a workspace, invitations accepted by new accounts,
//! the default chart plus a few accounts, and every journal entry posted (or reversed)
//! the way a client would. So events, hash chains, read models, notifications and the
//! activity log are all real.
//!
//! The books ([`plan_books`]) are a pure function of a seed and the day they end on: a
//! small Lagos trading company's twelve months — opening capital, a bank loan and its
//! repayments (recorded as a debt through the debts routes), a vehicle and computers depreciated monthly, stock bought on credit and
//! paid for, cash and credit sales with output VAT and their cost, customer receipts, rent,
//! utilities, six employees paid by a monthly pay run through the payroll routes (net pay
//! paid, PAYE and pension remitted), VAT remittances, and a few mistaken entries
//! reversed (and re-posted correctly). Stock is bought at the start of each month for the
//! month's sales, so it never runs below zero; margins leave a modest profit; routine
//! entries are dated on business days (`calendar`), and a few odd ones (`odd`) are
//! left for the audit session the seed opens on the year.
//!
//! Entries are dated through the year, but the log records each posting at the moment
//! the seed makes it: the recorded time is the store's clock, never the caller's, so the
//! whole demo is recorded within a minute or two of seeding. That moment says nothing
//! about the books, so the demo's audit session judges timing on each entry's business
//! date (`timing.judge_by = entry_date`: weekends and holidays, no after-hours) rather
//! than faking recorded times.

use std::collections::BTreeMap;

use anyhow::Context;
use axum::body::Body;
use axum::http::{header, Method, Request};
use axum::Router;
use chrono::NaiveDate;
use domain::account_tree::default_account_id;
use event_schemas::WorkspaceId;
use serde_json::{json, Value};
use store::StorageConfig;
use tower::ServiceExt;

use crate::config::{Role, ServeConfig};
use crate::server::Application;

mod books;
mod calendar;
mod odd;
mod plan;

use books::{money, Entry, Kobo, NET_SALARIES};
pub use books::{Books, DemoAsset, DemoEmployee, DemoLoan, Line, Step};
pub use odd::{AuditPeriod, APPROVAL_THRESHOLD};
pub use plan::plan_books;

/// The demo organization's name; a store that has it is not seeded again.
pub const ORGANIZATION: &str = "Demo Trading Ltd";
/// The demo workspace's name.
pub const WORKSPACE: &str = "Lagos Head Office";
/// The seed `ledgerline demo seed` uses unless told otherwise.
pub const DEFAULT_SEED: u64 = 2026;

/// One demo person: who they are and how they sign in.
#[derive(Debug, Clone)]
pub struct DemoUser {
    pub role: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub email: &'static str,
    pub password: String,
}

/// What a seed created.
#[derive(Debug, Clone)]
pub struct SeedReport {
    pub organization_id: String,
    pub workspace_id: String,
    pub users: Vec<DemoUser>,
    pub posted: usize,
    pub reversed: usize,
    pub drafts: usize,
    /// The audit session opened on the year, its tests run once.
    pub audit_session: String,
    pub first_date: NaiveDate,
    pub last_date: NaiveDate,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error(
        "the demo organization \"{ORGANIZATION}\" already exists in this store ({0} is registered); \
         seed a fresh data directory or database instead"
    )]
    AlreadySeeded(&'static str),
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

/// The three demo people (Admin, Editor, Viewer), each with a fresh random password.
fn demo_users() -> Vec<DemoUser> {
    let person = |role, first_name, last_name, email| DemoUser {
        role,
        first_name,
        last_name,
        email,
        password: random_password(),
    };
    vec![
        person("Admin", "Amaka", "Okafor", "admin@demo-trading.example"),
        person("Editor", "Tunde", "Bello", "editor@demo-trading.example"),
        person("Viewer", "Ngozi", "Eze", "viewer@demo-trading.example"),
    ]
}

/// 16 random characters from a v4 UUID (122 random bits), with a letter and a digit as
/// the password rules ask.
fn random_password() -> String {
    let hex = uuid::Uuid::new_v4().simple().to_string();
    format!("Demo-{}-7", &hex[..16])
}

/// Seeds the store of `storage` with the demo organization and books ending on `today`.
/// Refuses, writing nothing, when the demo organization is already there.
pub async fn seed(
    storage: &StorageConfig,
    seed: u64,
    today: NaiveDate,
) -> Result<SeedReport, SeedError> {
    let users = demo_users();
    let config = ServeConfig {
        // Projectors and notification rules run; nothing listens on a socket, and mail
        // stays queued for `serve` to deliver.
        role: Role::Projector,
        bind: "127.0.0.1:0".parse().context("bind address")?,
        ui_dir: storage.data_dir.clone(),
        nats: None,
        smtp_url: None,
        public_url: "http://127.0.0.1:8080".into(),
        digest_window: std::time::Duration::from_secs(600),
        dev_mode: false,
        cors_origins: Vec::new(),
        storage: storage.clone(),
        clock: Default::default(),
        object_store: None,
        assistant: None,
        payments: Default::default(),
    };
    let app = Application::build(config).await?;
    let store = app.store().clone();
    for user in &users {
        if identity::users::by_email(store.db(), user.email)
            .await
            .context("looking up the demo users")?
            .is_some()
        {
            return Err(SeedError::AlreadySeeded(user.email));
        }
    }
    let names: Vec<&'static str> = app.projections().names();
    let driver = Driver {
        router: app.router(),
        store: store.clone(),
    };
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(app.run(async move {
        let _ = stopped.await;
    }));
    let outcome = driver.seed(users, seed, today).await;
    // Let every read model catch up with what was written before stopping.
    let head = *store.subscribe().borrow();
    for name in names {
        projections::checkpoint::wait_until(
            store.db(),
            name,
            head,
            std::time::Duration::from_secs(60),
        )
        .await;
    }
    let _ = stop.send(());
    running
        .await
        .context("the in-process node stopped abnormally")??;
    outcome
}

/// Drives the routes in process.
struct Driver {
    router: Router,
    store: store::EventStore,
}

impl Driver {
    /// Sends a JSON request; the `data` of a success, or an error naming the route and
    /// its answer.
    async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> anyhow::Result<Value> {
        let mut request = Request::builder()
            .method(method.clone())
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let request = request.body(Body::from(serde_json::to_vec(&body)?))?;
        let response = self.router.clone().oneshot(request).await?;
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await?;
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        if !status.is_success() {
            anyhow::bail!(
                "{method} {path} answered {status}: {}",
                String::from_utf8_lossy(&bytes)
            );
        }
        Ok(answer.get("data").cloned().unwrap_or(answer))
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> anyhow::Result<Value> {
        self.send(Method::POST, path, token, body).await
    }

    /// The `token=` of the link in the newest queued mail to `email` (the seed acts as
    /// its own demo users; the mail is delivered later by `serve`).
    async fn mailed_token(&self, email: &str) -> anyhow::Result<String> {
        let body = identity::outbox::queued_body_to(self.store.db(), email)
            .await?
            .with_context(|| format!("no mail was queued to {email}"))?;
        let start = body
            .find("token=")
            .with_context(|| format!("the mail to {email} has no link"))?
            + "token=".len();
        Ok(body[start..]
            .chars()
            .take_while(char::is_ascii_hexdigit)
            .collect())
    }

    async fn login(&self, user: &DemoUser) -> anyhow::Result<String> {
        let session = self
            .post(
                "/api/v1/accounts/login/",
                None,
                json!({"email": user.email, "password": user.password}),
            )
            .await?;
        session["access"]
            .as_str()
            .map(str::to_owned)
            .context("the sign-in answered no access token")
    }

    /// Opens the demo's audit session on `period` as the Admin and runs its tests once.
    async fn open_audit(
        &self,
        workspace_id: &str,
        token: Option<&str>,
        period: AuditPeriod,
    ) -> anyhow::Result<String> {
        // The whole year is keyed in now, at seeding, so every entry was recorded after
        // the period closed: without a closing window reaching today, the backdating test
        // would flag all of them and hide the entries worth a look.
        let lagos_today = (chrono::Utc::now() + chrono::Duration::hours(1)).date_naive();
        let closing_days = (lagos_today - period.end).num_days().max(0);
        let sessions = format!("/api/v1/audit/workspaces/{workspace_id}/sessions/");
        let opened = self
            .post(
                &sessions,
                token,
                json!({
                    "name": format!(
                        "Year audit, {} to {}",
                        period.start.format("%-d %b %Y"),
                        period.end.format("%-d %b %Y")
                    ),
                    "period_start": period.start.format("%Y-%m-%d").to_string(),
                    "period_end": period.end.format("%Y-%m-%d").to_string(),
                    "materiality": "10000000.00",
                    "performance_materiality": "7500000.00",
                    "approval_thresholds": [money(APPROVAL_THRESHOLD)],
                    // The timing tests judge each entry's business date (weekends) in
                    // the workspace's zone: the log's recorded times are all the few
                    // minutes the seed ran, which say nothing about the books.
                    "params": {
                        "cutoff": {"backdating_grace_days": closing_days},
                        "timing": {"judge_by": "entry_date"},
                    },
                }),
            )
            .await?;
        let id = opened["id"]
            .as_str()
            .context("the audit session has no id")?
            .to_owned();
        self.send(
            Method::GET,
            &format!("{sessions}{id}/results/"),
            token,
            Value::Null,
        )
        .await?;
        Ok(id)
    }

    async fn seed(
        &self,
        users: Vec<DemoUser>,
        seed: u64,
        today: NaiveDate,
    ) -> Result<SeedReport, SeedError> {
        let [admin, editor, viewer] = [&users[0], &users[1], &users[2]];
        let registered = self
            .post(
                "/api/v1/accounts/register/",
                None,
                json!({
                    "first_name": admin.first_name, "last_name": admin.last_name,
                    "email": admin.email, "password": admin.password,
                    "organization_name": ORGANIZATION,
                }),
            )
            .await?;
        let organization_id = registered["organization_id"]
            .as_str()
            .context("sign-up answered no organization")?
            .to_owned();
        let token = self.mailed_token(admin.email).await?;
        self.post(
            "/api/v1/accounts/email-verification/complete/",
            None,
            json!({ "token": token }),
        )
        .await?;
        let access = self.login(admin).await?;
        let admin_token = Some(access.as_str());
        let workspace = self
            .post(
                &format!("/api/v1/accounts/organizations/{organization_id}/workspaces/"),
                admin_token,
                json!({ "name": WORKSPACE }),
            )
            .await?;
        let workspace_id = workspace["id"]
            .as_str()
            .context("the workspace has no id")?
            .to_owned();
        for (user, role) in [(editor, 1), (viewer, 0)] {
            self.post(
                &format!("/api/v1/accounts/organizations/{organization_id}/invitations/"),
                admin_token,
                json!({"email": user.email, "role": role, "workspaces": [workspace_id]}),
            )
            .await?;
            let token = self.mailed_token(user.email).await?;
            self.post(
                "/api/v1/accounts/organizations/invitations/create-account-and-accept-invite/",
                None,
                json!({
                    "token": token, "first_name": user.first_name,
                    "last_name": user.last_name, "password": user.password,
                }),
            )
            .await?;
        }

        let base = format!("/api/v1/accounting/workspaces/{workspace_id}/");
        self.post(
            &format!("{base}accounts/default/setup/"),
            admin_token,
            json!(null),
        )
        .await?;
        let ws: WorkspaceId = workspace_id.parse().context("workspace id")?;
        let mut accounts: BTreeMap<&'static str, String> = BTreeMap::new();
        for extra in EXTRA_ACCOUNTS {
            let created = self
                .post(
                    &format!("{base}accounts/"),
                    admin_token,
                    json!({
                        "name": extra.name, "account_code": extra.code,
                        "account_type": extra.account_type,
                        "parent_id": default_account_id(ws, extra.parent_code).to_string(),
                    }),
                )
                .await?;
            accounts.insert(
                extra.code,
                created["id"]
                    .as_str()
                    .context("the account has no id")?
                    .to_owned(),
            );
        }
        let account = |code: &str| {
            if code == NET_SALARIES {
                // Created by the payroll's first run, under the payroll's own id.
                return default_account_id(ws, "payroll/net_salaries_payable").to_string();
            }
            accounts
                .get(code)
                .cloned()
                .unwrap_or_else(|| default_account_id(ws, code).to_string())
        };

        let editor_access = self.login(editor).await?;
        let books = plan_books(seed, today);
        let (mut posted, mut reversed, mut drafts) = (0, 0, 0);
        let mut debt_id: Option<String> = None;
        for step in &books.steps {
            let body = |entry: &Entry, post: bool| {
                json!({
                    "date": entry.date.format("%Y-%m-%d").to_string(),
                    "memo": entry.memo, "reference": entry.reference, "post": post,
                    "lines": entry.lines.iter().map(|l| json!({
                        "account_id": account(l.code), "description": l.description,
                        "debit": l.debit.map(money), "credit": l.credit.map(money),
                    })).collect::<Vec<_>>(),
                })
            };
            match step {
                Step::Hire { date, employee } => {
                    self.post(
                        &format!("{base}payroll/employees/"),
                        admin_token,
                        json!({
                            "first_name": employee.first_name, "last_name": employee.last_name,
                            "staff_id": employee.staff_id, "department": employee.department,
                            "job_title": employee.job_title,
                            "start_date": date.format("%Y-%m-%d").to_string(),
                            "basic": (employee.gross / 2).to_string(),
                            "housing": (employee.gross * 3 / 10).to_string(),
                            "transport": (employee.gross / 5).to_string(),
                        }),
                    )
                    .await?;
                }
                Step::PayRun { period, pay_date } => {
                    let run = self
                        .post(
                            &format!("{base}payroll/pay-runs/"),
                            admin_token,
                            json!({
                                "period": period,
                                "pay_date": pay_date.format("%Y-%m-%d").to_string(),
                            }),
                        )
                        .await?;
                    let id = run["id"].as_str().context("the pay run has no id")?;
                    for action in ["approve", "post"] {
                        self.post(
                            &format!("{base}payroll/pay-runs/{id}/{action}/"),
                            admin_token,
                            json!({}),
                        )
                        .await?;
                    }
                    posted += 1;
                }
                Step::Borrow(loan) => {
                    let created = self
                        .post(
                            &format!("{base}debts/"),
                            admin_token,
                            json!({
                                "direction": "payable", "counterparty": loan.counterparty,
                                "reference": loan.reference, "principal": money(loan.principal),
                                "start_date": loan.start_date.format("%Y-%m-%d").to_string(),
                                "annual_interest_rate": loan.annual_interest_rate.to_string(),
                                "term_months": loan.term_months,
                                "repayment_type": "equal_principal",
                                "first_due_date":
                                    loan.first_due_date.format("%Y-%m-%d").to_string(),
                                "principal_account": account("2210"),
                                "interest_account": account("6500"),
                                "cash_account": account("1120"),
                                "post_drawdown": true,
                            }),
                        )
                        .await?;
                    debt_id = Some(
                        created["id"]
                            .as_str()
                            .context("the debt has no id")?
                            .to_owned(),
                    );
                    posted += 1;
                }
                Step::Repay { date, amount } => {
                    let id = debt_id.as_deref().context("a repayment before the loan")?;
                    self.post(
                        &format!("{base}debts/{id}/repayments/"),
                        admin_token,
                        json!({
                            "date": date.format("%Y-%m-%d").to_string(),
                            "amount": money(*amount),
                        }),
                    )
                    .await?;
                    posted += 1;
                }
                Step::RegisterAsset(asset) => {
                    self.post(
                        &format!("{base}fixed-assets/"),
                        admin_token,
                        json!({
                            "name": asset.name, "tag": asset.tag, "category": asset.category,
                            "asset_account": account(asset.account),
                            "accumulated_depreciation_account": account("1590"),
                            "depreciation_expense_account": account("6400"),
                            "available_for_use":
                                asset.available_for_use.format("%Y-%m-%d").to_string(),
                            "cost": money(asset.cost), "residual_value": "0.00",
                            "useful_life_months": asset.useful_life_months,
                            "method": "straight_line",
                        }),
                    )
                    .await?;
                }
                Step::Depreciate { period, .. } => {
                    self.post(
                        &format!("{base}depreciation-runs/"),
                        admin_token,
                        json!({ "period": period }),
                    )
                    .await?;
                    posted += 1;
                }
                Step::Post(entry) => {
                    self.post(
                        &format!("{base}journal-entries/"),
                        admin_token,
                        body(entry, true),
                    )
                    .await?;
                    posted += 1;
                }
                Step::PostAndReverse { entry, reverse_on } => {
                    let mistaken = self
                        .post(
                            &format!("{base}journal-entries/"),
                            admin_token,
                            body(entry, true),
                        )
                        .await?;
                    let id = mistaken["id"].as_str().context("the entry has no id")?;
                    self.post(
                        &format!("{base}journal-entries/{id}/reverse/"),
                        admin_token,
                        json!({ "date": reverse_on.format("%Y-%m-%d").to_string() }),
                    )
                    .await?;
                    posted += 2;
                    reversed += 1;
                }
                Step::Draft(entry) => {
                    self.post(
                        &format!("{base}journal-entries/"),
                        Some(&editor_access),
                        body(entry, false),
                    )
                    .await?;
                    drafts += 1;
                }
            }
        }
        let audit_session = self
            .open_audit(&workspace_id, admin_token, books.audit_period)
            .await?;
        Ok(SeedReport {
            organization_id,
            workspace_id,
            audit_session,
            users,
            posted,
            reversed,
            drafts,
            first_date: books.first_date,
            last_date: books.last_date,
        })
    }
}

struct ExtraAccount {
    code: &'static str,
    name: &'static str,
    account_type: &'static str,
    parent_code: &'static str,
}

/// Accounts the demo company adds to the default chart.
const EXTRA_ACCOUNTS: &[ExtraAccount] = &[
    ExtraAccount {
        code: "4400",
        name: "Delivery charges recovered",
        account_type: "income",
        parent_code: "4000",
    },
    ExtraAccount {
        code: "6130",
        name: "Staff welfare",
        account_type: "expense",
        parent_code: "6100",
    },
    ExtraAccount {
        code: "6240",
        name: "Security services",
        account_type: "expense",
        parent_code: "6200",
    },
    ExtraAccount {
        code: "6360",
        name: "Marketing and advertising",
        account_type: "expense",
        parent_code: "6300",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_passwords_pass_the_password_rules_and_differ_each_run() {
        let (a, b) = (random_password(), random_password());
        assert!(identity::password::check_new(&a).is_ok(), "{a}");
        assert_ne!(a, b);
    }
}
