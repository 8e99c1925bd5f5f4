//! Debt notices: a reactor that tells a workspace's Admins and Editors when a debt's
//! instalment falls due within three days (`debt_instalment_due`) and when one is overdue
//! (`debt_instalment_overdue`) — due before today with something unpaid.
//!
//! It scans the `debts` read model by the server's clock: whenever that projector has
//! applied something new (a debt recorded or repaid), when the clock's day changes, and
//! at least once a minute. Each notice is raised once per debt, instalment due date and
//! kind: the notification's id derives from them and the recipient (a second append is
//! refused by the store, whichever node or restart tries it), and the notices sent are
//! recorded in `debt_notices_sent` so a later scan does not try again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use store::ExecuteWrite;

use chrono::NaiveDate;
use domain::debt::{position, terms_of, Repayment};
use event_schemas::debt::{DebtDetails, DebtDirection};
use event_schemas::notification::{NotificationSubject, Severity};
use rust_decimal::Decimal;
use sqlx::Row;
use store::migrate::Migration;
use store::{Cursor, Db, EventStore};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::cents::from_cents;
use crate::notification_rules::{raise, Planned};
use crate::{checkpoint, reactor};

pub const NAME: &str = "debt_notices";

/// How many days ahead an instalment is announced.
pub const DUE_SOON_DAYS: i64 = 3;

/// The longest the reactor goes without a scan.
const SCAN_EVERY: Duration = Duration::from_secs(60);

pub const DUE_SOON: &str = "debt_instalment_due";
pub const OVERDUE: &str = "debt_instalment_overdue";

const SENT: &str = "CREATE TABLE debt_notices_sent (
    debt_id TEXT NOT NULL,
    due_date TEXT NOT NULL,
    kind TEXT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (debt_id, due_date, kind)
)";

pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "debt_notices_sent",
    sqlite: SENT,
    postgres: SENT,
}];

/// Microseconds since the epoch by the server's clock.
pub type Now = Arc<dyn Fn() -> i64 + Send + Sync>;

/// What the last scan saw.
#[derive(Default)]
struct Scanned {
    debts_cursor: Option<Cursor>,
    day: Option<NaiveDate>,
    at: Option<Instant>,
}

pub struct DebtNotices {
    store: EventStore,
    now: Now,
    scanned: Mutex<Scanned>,
}

/// One instalment a notice is due for.
struct Notice {
    debt_id: String,
    workspace_id: String,
    kind: &'static str,
    number: u32,
    due_date: NaiveDate,
    unpaid: Decimal,
    details: DebtDetails,
}

impl DebtNotices {
    pub fn new(store: EventStore, now: Now) -> Self {
        Self {
            store,
            now,
            scanned: Mutex::new(Scanned::default()),
        }
    }

    fn db(&self) -> &Db {
        self.store.db()
    }

    pub async fn prepare(&self) -> Result<(), store::StoreError> {
        store::migrate::run(self.db(), NAME, MIGRATIONS).await
    }

    pub fn spawn(self, stop: watch::Receiver<bool>) -> JoinHandle<()> {
        reactor::spawn(self, stop)
    }

    fn today(&self) -> NaiveDate {
        chrono::DateTime::from_timestamp_micros((self.now)())
            .unwrap_or_default()
            .date_naive()
    }

    /// Scans when the debts moved, the day changed or a minute passed; whether it did.
    pub async fn step_scan(&self) -> Result<bool, String> {
        let cursor = checkpoint::load(self.db(), "debts")
            .await
            .map_err(|e| e.to_string())?
            .map(|cp| cp.cursor);
        let today = self.today();
        let due = {
            let scanned = self
                .scanned
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            scanned.debts_cursor != cursor
                || scanned.day != Some(today)
                || scanned.at.is_none_or(|at| at.elapsed() >= SCAN_EVERY)
        };
        if !due {
            return Ok(false);
        }
        self.scan(today).await.map_err(|e| e.to_string())?;
        let mut scanned = self
            .scanned
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *scanned = Scanned {
            debts_cursor: cursor,
            day: Some(today),
            at: Some(Instant::now()),
        };
        // A scan is not progress through a log: the loop waits for the next commit or
        // poll either way.
        Ok(false)
    }

    /// Raises every notice due on `today` not sent yet.
    pub async fn scan(&self, today: NaiveDate) -> Result<(), String> {
        let notices = self.notices(today).await.map_err(|e| e.to_string())?;
        for notice in notices {
            let sent: Option<i64> = sqlx::query_scalar(
                "SELECT sent_at FROM debt_notices_sent WHERE debt_id = $1 AND due_date = $2 \
                 AND kind = $3",
            )
            .bind(&notice.debt_id)
            .bind(notice.due_date.to_string())
            .bind(notice.kind)
            .fetch_optional(&self.db().pool)
            .await
            .map_err(|e| e.to_string())?;
            if sent.is_some() {
                continue;
            }
            self.announce(&notice, today).await?;
            sqlx::query(
                "INSERT INTO debt_notices_sent (debt_id, due_date, kind, sent_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(&notice.debt_id)
            .bind(notice.due_date.to_string())
            .bind(notice.kind)
            .bind((self.now)())
            .execute_write(self.db())
            .await
            .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// The instalments of debts still owed that are overdue on `today` or due within
    /// [`DUE_SOON_DAYS`] of it, with something unpaid.
    async fn notices(&self, today: NaiveDate) -> Result<Vec<Notice>, sqlx::Error> {
        let pool = &self.db().pool;
        let rows = sqlx::query(
            "SELECT debt_id, workspace_id, details FROM read_debts \
             WHERE principal_repaid_cents < principal_cents ORDER BY debt_id",
        )
        .fetch_all(pool)
        .await?;
        let mut repayments: HashMap<String, Vec<Repayment>> = HashMap::new();
        for row in sqlx::query(
            "SELECT r.debt_id, r.repaid_on, r.amount_cents FROM read_debt_repayments r \
             JOIN read_debts d ON d.debt_id = r.debt_id \
             WHERE d.principal_repaid_cents < d.principal_cents ORDER BY r.debt_id, r.position",
        )
        .fetch_all(pool)
        .await?
        {
            let date: String = row.try_get("repaid_on")?;
            let Ok(date) = date.parse() else { continue };
            repayments
                .entry(row.try_get("debt_id")?)
                .or_default()
                .push(Repayment {
                    date,
                    amount: from_cents(row.try_get("amount_cents")?),
                });
        }
        let mut notices = Vec::new();
        for row in rows {
            let debt_id: String = row.try_get("debt_id")?;
            let details: String = row.try_get("details")?;
            let Ok(details) = serde_json::from_str::<DebtDetails>(&details) else {
                continue;
            };
            let paid = repayments.get(&debt_id).map(Vec::as_slice).unwrap_or(&[]);
            let Ok(standing) = position(&terms_of(&details), paid) else {
                continue;
            };
            for instalment in &standing.instalments {
                let unpaid = instalment.unpaid();
                if unpaid <= Decimal::ZERO {
                    continue;
                }
                let days_to_due = (instalment.row.due_date - today).num_days();
                let kind = match days_to_due {
                    i64::MIN..=-1 => OVERDUE,
                    0..=DUE_SOON_DAYS => DUE_SOON,
                    _ => break,
                };
                notices.push(Notice {
                    debt_id: debt_id.clone(),
                    workspace_id: row.try_get("workspace_id")?,
                    kind,
                    number: instalment.row.number,
                    due_date: instalment.row.due_date,
                    unpaid,
                    details: details.clone(),
                });
            }
        }
        Ok(notices)
    }

    /// Tells the workspace's Admins and Editors of `notice`.
    async fn announce(&self, notice: &Notice, today: NaiveDate) -> Result<(), String> {
        let pool = &self.db().pool;
        let recipients: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT m.user_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             WHERE c.workspace_id = $1 AND m.is_active = 1 AND m.role IN (1, 2) \
             ORDER BY m.user_id",
        )
        .bind(&notice.workspace_id)
        .fetch_all(pool)
        .await
        .map_err(|e| e.to_string())?;
        let organization_id: Option<String> =
            sqlx::query_scalar("SELECT organization_id FROM read_workspaces WHERE id = $1")
                .bind(&notice.workspace_id)
                .fetch_optional(pool)
                .await
                .map_err(|e| e.to_string())?;
        let (title, message, severity) = text(notice, today);
        for recipient in recipients {
            raise(
                &self.store,
                &Planned {
                    kind: notice.kind,
                    cause: format!("{}:{}", notice.debt_id, notice.due_date),
                    recipient,
                    title: title.clone(),
                    message: message.clone(),
                    severity,
                    link: Some(format!(
                        "/accounting/financial-reports/financial-debt?debt={}",
                        notice.debt_id
                    )),
                    organization_id: organization_id.clone(),
                    workspace_id: Some(notice.workspace_id.clone()),
                    cause_position: None,
                    subject: notice
                        .debt_id
                        .parse()
                        .ok()
                        .map(|debt_id| NotificationSubject::Debt { debt_id }),
                },
            )
            .await?;
        }
        Ok(())
    }
}

/// A notice's title, message and severity.
fn text(notice: &Notice, today: NaiveDate) -> (String, String, Severity) {
    let d = &notice.details;
    let what = match (d.direction, d.reference.is_empty()) {
        (DebtDirection::Payable, true) => format!("the loan from {}", d.counterparty),
        (DebtDirection::Payable, false) => {
            format!("the loan from {} ({})", d.counterparty, d.reference)
        }
        (DebtDirection::Receivable, true) => format!("the loan to {}", d.counterparty),
        (DebtDirection::Receivable, false) => {
            format!("the loan to {} ({})", d.counterparty, d.reference)
        }
    };
    let mut amount = notice.unpaid;
    amount.rescale(2);
    let (number, due) = (notice.number, notice.due_date);
    if notice.kind == OVERDUE {
        let days = (today - due).num_days();
        (
            "Debt instalment overdue".into(),
            format!(
                "Instalment {number} of {what}, {amount} due on {due}, is {days} day(s) overdue."
            ),
            Severity::Warning,
        )
    } else {
        (
            "Debt instalment due soon".into(),
            format!("Instalment {number} of {what}, {amount}, falls due on {due}."),
            Severity::Info,
        )
    }
}

#[async_trait::async_trait]
impl reactor::Reactor for DebtNotices {
    fn label(&self) -> &'static str {
        "debt notices"
    }

    fn store(&self) -> &EventStore {
        &self.store
    }

    async fn step(&self) -> Result<bool, String> {
        self.step_scan().await
    }
}
