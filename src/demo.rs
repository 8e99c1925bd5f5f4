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
//! whole demo is recorded within a minute or two of seeding. The timing tests of the
//! demo's audit session read that moment.

use std::collections::BTreeMap;

use anyhow::Context;
use axum::body::Body;
use axum::http::{header, Method, Request};
use axum::Router;
use chrono::{Datelike, Months, NaiveDate};
use domain::account_tree::default_account_id;
use event_schemas::WorkspaceId;
use serde_json::{json, Value};
use store::StorageConfig;
use tower::ServiceExt;

use crate::config::{Role, ServeConfig};
use crate::server::Application;

mod calendar;
mod odd;

pub use odd::{AuditPeriod, APPROVAL_THRESHOLD};

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
                    "utc_offset_seconds": 3600,
                    "params": {"cutoff": {"backdating_grace_days": closing_days}},
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

/// Amounts are whole kobo (1/100 naira).
type Kobo = i64;

fn money(kobo: Kobo) -> String {
    format!("{}.{:02}", kobo / 100, kobo % 100)
}

/// One line of a planned entry, on an account by code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub code: &'static str,
    pub description: String,
    pub debit: Option<Kobo>,
    pub credit: Option<Kobo>,
}

/// A planned journal entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    pub lines: Vec<Line>,
}

impl Entry {
    fn new(date: NaiveDate, memo: impl Into<String>, reference: impl Into<String>) -> Self {
        Self {
            date,
            memo: memo.into(),
            reference: reference.into(),
            lines: Vec::new(),
        }
    }

    fn dr(mut self, code: &'static str, description: &str, amount: Kobo) -> Self {
        self.lines.push(Line {
            code,
            description: description.into(),
            debit: Some(amount),
            credit: None,
        });
        self
    }

    fn cr(mut self, code: &'static str, description: &str, amount: Kobo) -> Self {
        self.lines.push(Line {
            code,
            description: description.into(),
            debit: None,
            credit: Some(amount),
        });
        self
    }

    /// Debits minus credits (zero when balanced).
    pub fn imbalance(&self) -> Kobo {
        self.lines
            .iter()
            .map(|l| l.debit.unwrap_or(0) - l.credit.unwrap_or(0))
            .sum()
    }
}

/// What the seed does with a planned entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Posted by the Admin.
    Post(Entry),
    /// A mistake: posted, then reversed on `reverse_on` (the correction, if any, is a
    /// separate [`Step::Post`]).
    PostAndReverse { entry: Entry, reverse_on: NaiveDate },
    /// Prepared by the Editor, awaiting the Admin's posting.
    Draft(Entry),
    /// An employee put on the payroll by the Admin on `date`.
    Hire {
        date: NaiveDate,
        employee: DemoEmployee,
    },
    /// The month's pay run drafted, approved and posted by the Admin through the payroll
    /// routes (its entry is the payroll's own, never written by hand here).
    PayRun { period: String, pay_date: NaiveDate },
    /// The bank loan recorded as a debt through the debts routes, its drawdown posted with
    /// it (the entry is the debt's own).
    Borrow(DemoLoan),
    /// An instalment of the loan repaid on `date` through the debts routes, which split it
    /// into interest and principal and post it.
    Repay { date: NaiveDate, amount: Kobo },
    /// An asset bought (its purchase is a posted entry) put on the fixed-asset register.
    RegisterAsset(DemoAsset),
    /// The month's depreciation run through the fixed-assets routes, posted on the month's
    /// last day (the entry is the run's own).
    Depreciate {
        period: String,
        month_end: NaiveDate,
    },
}

/// A fixed asset of the demo, as the fixed-assets routes register it: straight line to no
/// residual value, charged to Depreciation (6400) against Accumulated depreciation (1590).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoAsset {
    pub name: &'static str,
    pub tag: &'static str,
    pub category: &'static str,
    /// The asset account its purchase was posted to.
    pub account: &'static str,
    pub available_for_use: NaiveDate,
    pub cost: Kobo,
    pub useful_life_months: u32,
}

/// The demo's bank loan, as the debts routes record it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoLoan {
    pub counterparty: &'static str,
    pub reference: &'static str,
    pub principal: Kobo,
    pub start_date: NaiveDate,
    /// Percent a year.
    pub annual_interest_rate: u32,
    pub term_months: u32,
    pub first_due_date: NaiveDate,
}

impl DemoLoan {
    /// Its instalments (due date, payment) by the debt's own schedule: equal principal
    /// each month plus the month's interest.
    fn instalments(&self) -> Vec<(NaiveDate, Kobo)> {
        use rust_decimal::prelude::ToPrimitive;
        let terms = domain::debt::DebtTerms {
            principal: rust_decimal::Decimal::new(self.principal, 2),
            annual_interest_rate: self.annual_interest_rate.into(),
            term_months: self.term_months,
            repayment_type: domain::debt::RepaymentType::EqualPrincipal,
            start_date: self.start_date,
            first_due_date: self.first_due_date,
        };
        domain::debt::schedule(&terms)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|row| {
                (row.payment * rust_decimal::Decimal::ONE_HUNDRED)
                    .to_i64()
                    .map(|kobo| (row.due_date, kobo))
            })
            .collect()
    }
}

/// A demo employee: annual pay split 50% basic, 30% housing, 20% transport.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoEmployee {
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub staff_id: &'static str,
    pub department: &'static str,
    pub job_title: &'static str,
    /// Annual gross, naira.
    pub gross: i64,
}

/// The demo company's staff: about ₦2.7m of monthly gross between them.
const STAFF: [(&str, &str, &str, &str, &str, i64); 6] = [
    (
        "Ngozi",
        "Adeyemi",
        "LHO-001",
        "Management",
        "General manager",
        9_600_000,
    ),
    (
        "Tunde",
        "Bakare",
        "LHO-002",
        "Finance",
        "Accountant",
        6_000_000,
    ),
    ("Amaka", "Eze", "LHO-003", "Sales", "Sales lead", 5_400_000),
    (
        "Musa",
        "Ibrahim",
        "LHO-004",
        "Operations",
        "Store keeper",
        3_600_000,
    ),
    (
        "Funke",
        "Ojo",
        "LHO-005",
        "Sales",
        "Sales associate",
        3_000_000,
    ),
    (
        "Emeka",
        "Nwosu",
        "LHO-006",
        "Operations",
        "Driver",
        2_400_000,
    ),
];

/// The code of the account the payroll's first run creates for net salaries payable.
const NET_SALARIES: &str = "2190";

/// The demo year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Books {
    pub steps: Vec<Step>,
    pub first_date: NaiveDate,
    pub last_date: NaiveDate,
    /// What the demo's audit session examines.
    pub audit_period: AuditPeriod,
}

/// SplitMix64: a tiny, stable generator, so a seed gives the same books on every build.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole-naira amount in `[low, high]` naira, as kobo.
    fn naira(&mut self, low: i64, high: i64) -> Kobo {
        let span = u64::try_from(high - low + 1).unwrap_or(1);
        (low + i64::try_from(self.next_u64() % span).unwrap_or(0)) * 100
    }

    fn below(&mut self, n: u32) -> u32 {
        u32::try_from(self.next_u64() % u64::from(n.max(1))).unwrap_or(0)
    }
}

/// `rate_percent_tenths` of `amount`, rounded to the kobo (7.5% is 75).
/// What a month's pay run comes to, in kobo: net pay, PAYE, and pension (both shares).
struct PayrollTotals {
    net: Kobo,
    paye: Kobo,
    pension: Kobo,
}

/// The month's pay run as the payroll routes will compute it (the same pure computation),
/// so the bank payments that follow it match its payables to the kobo.
fn payroll_totals(staff: &[DemoEmployee], month: NaiveDate, pay_date: NaiveDate) -> PayrollTotals {
    use domain::payroll::{compute_pay_run, EmployeePay, Employment, RunEmployee};
    use rust_decimal::Decimal;
    let employees: Vec<RunEmployee<usize>> = staff
        .iter()
        .enumerate()
        .map(|(i, e)| RunEmployee {
            employee_id: i,
            pay: EmployeePay {
                basic: Decimal::from(e.gross / 2),
                housing: Decimal::from(e.gross * 3 / 10),
                transport: Decimal::from(e.gross / 5),
                other_allowances: vec![],
                annual_rent: Decimal::ZERO,
                nhf: true,
                other_deductions: vec![],
            },
            employment: Employment {
                start_date: month.with_day(1).unwrap_or(month),
                end_date: None,
            },
        })
        .collect();
    let period = domain::calendar::Month::of(month);
    let kobo = |d: Decimal| -> Kobo {
        (d * Decimal::from(100))
            .trunc()
            .to_string()
            .parse()
            .unwrap_or_default()
    };
    match compute_pay_run(period, pay_date, true, &employees) {
        Ok(run) => PayrollTotals {
            net: kobo(run.totals.net_pay),
            paye: kobo(run.totals.paye),
            pension: kobo(run.totals.pension_employee + run.totals.pension_employer),
        },
        Err(_) => PayrollTotals {
            net: 0,
            paye: 0,
            pension: 0,
        },
    }
}

fn share(amount: Kobo, per_mille: i64) -> Kobo {
    (amount * per_mille + 500) / 1000
}

const CUSTOMERS: &[&str] = &[
    "Adebayo Stores",
    "Chukwu & Sons",
    "Ikeja Mart",
    "Kano Wholesale",
    "Lekki Supermarket",
    "Sapphire Foods",
];
const SUPPLIERS: &[&str] = &[
    "Dangote Distribution",
    "Nestle Nigeria",
    "Unilever Nigeria",
    "PZ Cussons",
];

/// The demo company's twelve months ending with the month of `today` (nothing dated after
/// `today`), a pure function of `seed`.
pub fn plan_books(seed: u64, today: NaiveDate) -> Books {
    let mut rng = Rng(seed);
    let this_month = today.with_day(1).unwrap_or(today);
    let start = this_month - Months::new(11);
    let mut steps = Vec::new();
    // Routine entries fall on business days: the day asked for, or the next open day.
    let on = |month: NaiveDate, day: u32| {
        let last = (month + Months::new(1)).pred_opt().unwrap_or(month).day();
        calendar::on_or_after_in_month(month.with_day(day.min(last)).unwrap_or(month))
    };

    // Opening: capital, a bank loan, a delivery van and computers.
    let loan: Kobo = 18_000_000 * 100;
    let van: Kobo = 14_500_000 * 100;
    let computers: Kobo = 3_200_000 * 100;
    steps.push(Step::Post(
        Entry::new(on(start, 1), "Share capital paid in", "CAP-001")
            .dr("1120", "Capital from shareholders", 40_000_000 * 100)
            .cr("3100", "Ordinary shares", 40_000_000 * 100),
    ));
    // Term loan from First Bank, 24 months at 18%, repaid on the 28th.
    let bank_loan = DemoLoan {
        counterparty: "First Bank",
        reference: "LN-2210",
        principal: loan,
        start_date: on(start, 2),
        annual_interest_rate: 18,
        term_months: 24,
        // The agreement's due day, whatever weekday it falls on.
        first_due_date: start.with_day(28).unwrap_or(start),
    };
    let instalments = bank_loan.instalments();
    steps.push(Step::Borrow(bank_loan));
    // Paid by each due date: on the last business day before it when the bank is shut.
    for &(due, amount) in &instalments {
        steps.push(Step::Repay {
            date: calendar::on_or_before(due),
            amount,
        });
    }
    steps.push(Step::Post(
        Entry::new(on(start, 4), "Delivery van (Toyota Hiace)", "FA-001")
            .dr("1520", "Toyota Hiace van", van)
            .cr("1120", "Paid to Coscharis Motors", van),
    ));
    steps.push(Step::RegisterAsset(DemoAsset {
        name: "Toyota Hiace delivery van",
        tag: "FA-001",
        category: "Motor vehicles",
        account: "1520",
        available_for_use: on(start, 4),
        cost: van,
        useful_life_months: 48,
    }));
    steps.push(Step::Post(
        Entry::new(
            on(start, 5),
            "Laptops and point-of-sale terminals",
            "FA-002",
        )
        .dr("1530", "6 laptops, 2 POS terminals", computers)
        .cr("1120", "Paid to Slot Systems", computers),
    ));
    steps.push(Step::RegisterAsset(DemoAsset {
        name: "Laptops and POS terminals",
        tag: "FA-002",
        category: "Computer equipment",
        account: "1530",
        available_for_use: on(start, 5),
        cost: computers,
        useful_life_months: 36,
    }));

    let staff: Vec<DemoEmployee> = STAFF
        .iter()
        .map(
            |&(first_name, last_name, staff_id, department, job_title, gross)| DemoEmployee {
                first_name,
                last_name,
                staff_id,
                department,
                job_title,
                gross,
            },
        )
        .collect();
    for employee in &staff {
        steps.push(Step::Hire {
            date: start,
            employee: employee.clone(),
        });
    }
    let mut receivables: Vec<(Kobo, &str)> = Vec::new();
    let mut payable_last_month: Kobo = 0;
    let mut vat_last_month: (Kobo, Kobo) = (0, 0);
    let mut payroll_last_month: (Kobo, Kobo) = (0, 0);
    let mut invoice = 1000;
    // Goods for resale on the shelves, kobo at cost.
    let mut on_hand: Kobo = 0;
    for m in 0..12u32 {
        let month = start + Months::new(m);
        let label = month.format("%B %Y").to_string();
        let mut vat_out: Kobo = 0;
        let mut vat_in: Kobo = 0;

        // The month's sales planned first, so the stock bought at its start covers them:
        // (day, net, cost). Margins of 35–40 % on cost of sales.
        let sales = 5 + rng.below(3);
        let planned: Vec<(u32, Kobo, Kobo)> = (0..sales)
            .map(|s| {
                let day = 3 + s * 4 + rng.below(3);
                let net = rng.naira(2_200_000, 3_600_000);
                (day, net, share(net, 600 + i64::from(rng.below(50))))
            })
            .collect();
        let month_cost: Kobo = planned.iter().map(|p| p.2).sum();
        // Stock bought on credit, with input VAT: the month's expected issues plus about a
        // third in reserve, less what is still on the shelves.
        let supplier = SUPPLIERS[rng.below(4) as usize];
        let wanted = month_cost + share(month_cost, 300 + i64::from(rng.below(100))) - on_hand;
        let stock = wanted.max(month_cost / 4) / 100 * 100 + rng.naira(1, 9_999);
        on_hand += stock;
        let input_vat = share(stock, 75);
        vat_in += input_vat;
        let delivered = on(month, 2);
        steps.push(Step::Post(
            Entry::new(
                delivered,
                format!("Stock from {supplier}"),
                format!("PO-{:04}", 300 + m),
            )
            .dr("1310", "Goods for resale", stock)
            .dr("1420", "Input VAT 7.5%", input_vat)
            .cr("2110", supplier, stock + input_vat),
        ));
        // Last month's supplier bill paid.
        if payable_last_month > 0 {
            steps.push(Step::Post(
                Entry::new(
                    on(month, 9),
                    "Supplier payment",
                    format!("TRF-{:04}", 500 + m),
                )
                .dr(
                    "2110",
                    "Settlement of last month's bill",
                    payable_last_month,
                )
                .cr("1120", "Bank transfer", payable_last_month),
            ));
            if m == odd::DUPLICATED_PAYMENT_MONTH {
                // The same transfer keyed again the next business day: the supplier is
                // overpaid until someone notices.
                let again = calendar::on_or_after_in_month(on(month, 10));
                steps.push(Step::Post(
                    Entry::new(again, "Supplier payment", format!("TRF-{:04}", 500 + m))
                        .dr(
                            "2110",
                            "Settlement of last month's bill",
                            payable_last_month,
                        )
                        .cr("1120", "Bank transfer", payable_last_month),
                ));
            }
        }
        payable_last_month = stock + input_vat;

        // Customers pay earlier months' invoices, all but the newest two.
        while receivables.len() > 2 {
            let (amount, customer) = receivables.remove(0);
            steps.push(Step::Post(
                Entry::new(
                    on(month, 20 + rng.below(6)),
                    format!("Receipt from {customer}"),
                    "RCPT",
                )
                .dr("1120", "Transfer received", amount)
                .cr("1210", customer, amount),
            ));
        }

        // Sales: cash and on credit, with output VAT and their cost.
        for &(day, net, cost) in &planned {
            // Never before the month's stock arrived (both may land on the same day).
            let sold = on(month, day).max(delivered);
            let vat = share(net, 75);
            vat_out += vat;
            invoice += 1;
            let customer = CUSTOMERS[rng.below(6) as usize];
            let on_credit = rng.below(5) < 3;
            let (debit, how) = if on_credit {
                ("1210", "Invoice")
            } else if net < 2_500_000 * 100 {
                ("1110", "Cash sale")
            } else {
                ("1120", "Transfer received")
            };
            let mut sale = Entry::new(sold, format!("{how}: {customer}"), format!("INV-{invoice}"))
                .dr(debit, customer, net + vat)
                .cr("4100", "Goods sold", net)
                .cr("2130", "Output VAT 7.5%", vat);
            if rng.below(3) == 0 {
                let delivery = rng.naira(15_000, 45_000);
                sale =
                    sale.dr(debit, "Delivery", delivery)
                        .cr("4400", "Delivery charged", delivery);
            }
            steps.push(Step::Post(sale));
            on_hand -= cost;
            steps.push(Step::Post(
                Entry::new(sold, "Cost of goods sold", format!("INV-{invoice}"))
                    .dr("5100", "Cost of goods sold", cost)
                    .cr("1310", "Stock issued", cost),
            ));
            if on_credit {
                receivables.push((net + vat, customer));
            }
        }
        // Premises and running costs.
        steps.push(Step::Post(
            Entry::new(on(month, 1), format!("Warehouse rent, {label}"), "RENT")
                .dr("6210", "Warehouse rent", 650_000 * 100)
                .cr("1120", "Standing order", 650_000 * 100),
        ));
        steps.push(Step::Post(
            Entry::new(
                on(month, 15),
                format!("Utilities, {label}"),
                format!("UTL-{:02}", m + 1),
            )
            .dr("6220", "Ikeja Electric", rng.naira(120_000, 210_000))
            .dr(
                "6230",
                "Diesel for the generator",
                rng.naira(180_000, 340_000),
            )
            .dr("6310", "Internet and phones", 85_000 * 100)
            .cr("1120", "Paid", 0)
            .balanced_by_last(),
        ));
        steps.push(Step::Post(
            Entry::new(on(month, 16), "Security services", "SEC")
                .dr("6240", "Guards, Halogen Security", 147_850 * 100)
                .cr("1120", "Paid", 147_850 * 100),
        ));
        if m % 3 == 1 {
            let spend = rng.naira(150_000, 400_000);
            steps.push(Step::Post(
                Entry::new(on(month, 12), "Radio and social media campaign", "MKT")
                    .dr("6360", "Advertising", spend)
                    .cr("1120", "Paid", spend),
            ));
        }

        // Payroll: the month's pay run (posted by the payroll routes, which compute it
        // under the pay date's rules), net pay paid from the bank, last month's PAYE and
        // pension remitted.
        let pay_date = on(month, 27);
        let totals = payroll_totals(&staff, month, pay_date);
        steps.push(Step::PayRun {
            period: month.format("%Y-%m").to_string(),
            pay_date,
        });
        steps.push(Step::Post(
            Entry::new(
                pay_date,
                format!("Net salaries, {label}"),
                format!("NET-{:02}", m + 1),
            )
            .dr(NET_SALARIES, "Net pay to staff", totals.net)
            .cr("1120", "Paid", totals.net),
        ));
        if payroll_last_month.0 > 0 {
            let (paye, pension) = payroll_last_month;
            steps.push(Step::Post(
                Entry::new(
                    on(month, 10),
                    "PAYE to LIRS and pension to the PFA",
                    "REMIT",
                )
                .dr("2140", "PAYE remitted", paye)
                .dr("2150", "Pension remitted", pension)
                .cr("1120", "Paid", paye + pension),
            ));
        }
        payroll_last_month = (totals.paye, totals.pension);
        if m % 4 == 3 {
            let welfare = rng.naira(60_000, 160_000);
            steps.push(Step::Post(
                Entry::new(on(month, 28), "Staff lunch and end-of-quarter party", "WLF")
                    .dr("6130", "Staff welfare", welfare)
                    .cr("1110", "Petty cash", welfare),
            ));
        }

        // Last month's VAT remitted to FIRS (output less input).
        if vat_last_month.0 > vat_last_month.1 {
            let (output, input) = vat_last_month;
            steps.push(Step::Post(
                Entry::new(on(month, 21), "VAT return", "FIRS-VAT")
                    .dr("2130", "Output VAT", output)
                    .cr("1420", "Input VAT", input)
                    .cr("1120", "VAT paid", output - input),
            ));
        }
        vat_last_month = (vat_out, vat_in);

        steps.push(Step::Post(
            Entry::new(on(month, 28), "Bank charges", "BANK")
                .dr("6340", "Charges and stamp duty", rng.naira(9_000, 24_000))
                .cr("1120", "Debited", 0)
                .balanced_by_last(),
        ));

        // Straight-line depreciation of the register (van over 4 years, computers over 3),
        // charged from the month after each came into use.
        if m > 0 {
            steps.push(Step::Depreciate {
                period: month.format("%Y-%m").to_string(),
                month_end: (month + Months::new(1)).pred_opt().unwrap_or(month),
            });
        }

        // Mistakes, reversed and corrected.
        match m {
            2 => {
                // The rent standing order keyed again by hand.
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 3), format!("Warehouse rent, {label}"), "RENT")
                        .dr("6210", "Warehouse rent", 650_000 * 100)
                        .cr("1120", "Paid", 650_000 * 100),
                    reverse_on: on(month, 6),
                });
            }
            6 => {
                // A diesel bill booked to electricity, then moved.
                let bill = rng.naira(200_000, 260_000);
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 17), "Diesel top-up", "UTL-X")
                        .dr("6220", "Diesel", bill)
                        .cr("1120", "Paid", bill),
                    reverse_on: on(month, 19),
                });
                steps.push(Step::Post(
                    Entry::new(on(month, 19), "Diesel top-up (corrected)", "UTL-X")
                        .dr("6230", "Diesel", bill)
                        .cr("1120", "Paid", bill),
                ));
            }
            9 => {
                // A receipt posted with two digits swapped.
                let wrong = 3_840_000 * 100;
                let right = 3_480_000 * 100;
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 11), "Receipt from Ikeja Mart", "RCPT-X")
                        .dr("1120", "Transfer received", wrong)
                        .cr("4300", "Unidentified receipt", wrong),
                    reverse_on: on(month, 12),
                });
                steps.push(Step::Post(
                    Entry::new(
                        on(month, 12),
                        "Receipt from Ikeja Mart (corrected)",
                        "RCPT-X",
                    )
                    .dr("1120", "Transfer received", right)
                    .cr("4300", "Sundry receipt", right),
                ));
            }
            _ => {}
        }
    }

    let audit_period = AuditPeriod::of(start, today);
    steps.extend(odd::entries(start, audit_period));

    // Two entries the Editor has prepared for the Admin to post.
    let drafted = calendar::on_or_before(today);
    steps.push(Step::Draft(
        Entry::new(drafted, "Stationery and printer toner", "PCV-118")
            .dr("6320", "Office supplies", 48_500 * 100)
            .cr("1110", "Petty cash", 48_500 * 100),
    ));
    steps.push(Step::Draft(
        Entry::new(drafted, "Van servicing and tyres", "PCV-119")
            .dr("6330", "Transport", 212_000 * 100)
            .cr("1120", "Paid", 212_000 * 100),
    ));

    // Nothing in the future: the current month is as far as today.
    steps.retain(|step| match step {
        Step::Post(e) | Step::Draft(e) => e.date <= today,
        Step::PostAndReverse { reverse_on, .. } => *reverse_on <= today,
        Step::Hire { date, .. } | Step::PayRun { pay_date: date, .. } => *date <= today,
        Step::Borrow(loan) => loan.start_date <= today,
        Step::Repay { date, .. } => *date <= today,
        Step::RegisterAsset(asset) => asset.available_for_use <= today,
        Step::Depreciate { month_end, .. } => *month_end <= today,
    });
    // Posted in date order, as a bookkeeper would (stable: same-day entries keep their order).
    steps.sort_by_key(|step| match step {
        Step::Post(e) | Step::Draft(e) | Step::PostAndReverse { entry: e, .. } => e.date,
        Step::Hire { date, .. } | Step::PayRun { pay_date: date, .. } => *date,
        Step::Borrow(loan) => loan.start_date,
        Step::Repay { date, .. } => *date,
        Step::RegisterAsset(asset) => asset.available_for_use,
        Step::Depreciate { month_end, .. } => *month_end,
    });
    Books {
        steps,
        first_date: start,
        last_date: today,
        audit_period,
    }
}

impl Entry {
    /// Sets the last line (a credit of 0) to what balances the entry.
    fn balanced_by_last(mut self) -> Self {
        let imbalance = self.imbalance();
        if let Some(last) = self.lines.last_mut() {
            last.credit = Some(last.credit.unwrap_or(0) + imbalance);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn entries(books: &Books) -> impl Iterator<Item = &Entry> {
        books.steps.iter().filter_map(|s| match s {
            Step::Post(e) | Step::Draft(e) | Step::PostAndReverse { entry: e, .. } => Some(e),
            Step::Hire { .. }
            | Step::PayRun { .. }
            | Step::Borrow(_)
            | Step::Repay { .. }
            | Step::RegisterAsset(_)
            | Step::Depreciate { .. } => None,
        })
    }

    #[test]
    fn the_van_and_computers_are_registered_and_depreciated_by_monthly_runs() {
        let today = day(2026, 11, 23);
        let books = plan_books(DEFAULT_SEED, today);
        let assets: Vec<&DemoAsset> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::RegisterAsset(a) => Some(a),
                _ => None,
            })
            .collect();
        let periods: Vec<&str> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Depreciate { period, .. } => Some(period.as_str()),
                _ => None,
            })
            .collect();

        assert_eq!(
            assets.iter().map(|a| a.tag).collect::<Vec<_>>(),
            ["FA-001", "FA-002"]
        );
        // From the month after the purchases (December 2025) to the last month ended.
        assert_eq!(periods.first(), Some(&"2026-01"));
        assert_eq!(periods.last(), Some(&"2026-10"));
        assert_eq!(periods.len(), 10);
        assert!(
            entries(&books).all(|e| !e.lines.iter().any(|l| l.code == "1590")),
            "no depreciation is written by hand"
        );
    }

    #[test]
    fn every_planned_entry_balances_with_positive_amounts() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        for entry in entries(&books) {
            assert_eq!(entry.imbalance(), 0, "{entry:?}");
            assert!(
                entry
                    .lines
                    .iter()
                    .all(|l| l.debit.unwrap_or(1) > 0 && l.credit.unwrap_or(1) > 0),
                "{entry:?}"
            );
        }
    }

    #[test]
    fn the_books_cover_twelve_months_ending_today_and_nothing_after() {
        let today = day(2026, 11, 23);
        let books = plan_books(DEFAULT_SEED, today);
        let months: std::collections::BTreeSet<_> = entries(&books)
            .map(|e| (e.date.year(), e.date.month()))
            .collect();
        assert_eq!(months.len(), 12);
        assert_eq!(months.first(), Some(&(2025, 12)));
        assert!(entries(&books).all(|e| e.date <= today));
        assert!(books.steps.len() > 200, "{}", books.steps.len());
        let reversals = books
            .steps
            .iter()
            .filter(|s| matches!(s, Step::PostAndReverse { .. }))
            .count();
        assert_eq!(reversals, 4, "three mistakes and the sale taken back");
    }

    #[test]
    fn the_bank_loan_is_a_debt_repaid_on_the_28th_by_its_schedule() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let repaid: Vec<(NaiveDate, Kobo)> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Repay { date, amount } => Some((*date, *amount)),
                _ => None,
            })
            .collect();
        let borrowed = books
            .steps
            .iter()
            .position(|s| matches!(s, Step::Borrow(_)));
        let first_repaid = books
            .steps
            .iter()
            .position(|s| matches!(s, Step::Repay { .. }));

        assert!(borrowed < first_repaid && borrowed.is_some());
        // 28 December 2025 to 28 October 2026; November's falls after today. December's
        // is paid on Christmas Eve, the last business day before the Sunday it falls on.
        assert_eq!(repaid.len(), 11);
        assert_eq!(repaid[0].0, day(2025, 12, 24));
        assert_eq!(repaid[1], (day(2026, 1, 28), 100_875_000));
        assert_eq!(repaid[1], (day(2026, 1, 28), 100_875_000));
    }

    #[test]
    fn stock_on_hand_never_goes_below_zero() {
        for seed in [DEFAULT_SEED, 11, 7] {
            let books = plan_books(seed, day(2026, 11, 23));
            let mut on_hand: Kobo = 0;
            for entry in entries(&books) {
                for line in entry.lines.iter().filter(|l| l.code == "1310") {
                    on_hand += line.debit.unwrap_or(0) - line.credit.unwrap_or(0);
                }
                assert!(on_hand >= 0, "seed {seed}: {on_hand} after {entry:?}");
            }
        }
    }

    #[test]
    fn hand_entries_fall_on_business_days_but_the_sunday_consultancy_fee() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let closed: Vec<&Entry> = entries(&books)
            .filter(|e| !calendar::is_business_day(e.date))
            .collect();
        assert_eq!(closed.len(), 1, "{closed:?}");
        assert_eq!(closed[0].memo, "Consultancy fee");
        assert_eq!(closed[0].date.weekday(), chrono::Weekday::Sun);
        let days: std::collections::BTreeSet<NaiveDate> = entries(&books).map(|e| e.date).collect();
        assert!(
            days.len() > 12 * 10,
            "spread over the month: {}",
            days.len()
        );
    }

    #[test]
    fn one_hand_entry_lies_just_under_the_approval_threshold() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let total = |e: &Entry| e.lines.iter().filter_map(|l| l.debit).sum::<Kobo>();
        let under: Vec<&Entry> = entries(&books)
            .filter(|e| total(e) < APPROVAL_THRESHOLD && total(e) * 100 >= APPROVAL_THRESHOLD * 95)
            .collect();
        assert_eq!(under.len(), 1, "{under:?}");
        assert!(under[0].date <= books.audit_period.end);
    }

    #[test]
    fn the_sale_taken_back_is_reversed_days_after_the_audit_period() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        assert_eq!(books.audit_period.end, day(2026, 10, 31));
        let Some(Step::PostAndReverse { entry, reverse_on }) = books.steps.iter().find(
            |s| matches!(s, Step::PostAndReverse { entry, .. } if entry.reference == "INV-0999"),
        ) else {
            panic!("no sale taken back");
        };
        assert_eq!(entry.date, day(2026, 10, 30));
        assert_eq!(*reverse_on, day(2026, 11, 3));
        // Early in a month the period ends a month sooner, so the reversal has happened.
        assert_eq!(
            AuditPeriod::of(day(2025, 12, 1), day(2026, 11, 4)).end,
            day(2026, 9, 30)
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_books_and_another_seed_other_amounts() {
        let today = day(2026, 6, 30);
        assert_eq!(plan_books(7, today), plan_books(7, today));
        assert_ne!(plan_books(7, today), plan_books(8, today));
    }

    #[test]
    fn demo_passwords_pass_the_password_rules_and_differ_each_run() {
        let (a, b) = (random_password(), random_password());
        assert!(identity::password::check_new(&a).is_ok(), "{a}");
        assert_ne!(a, b);
    }
}
