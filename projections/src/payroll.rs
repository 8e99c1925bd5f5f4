//! `payroll`: a workspace's employees (the record as it stands, searchable by name,
//! staff id and e-mail), its payroll settings, its pay runs with their payslips, and one
//! row per posted run for the yearly summary (removed again when the run is reversed, so
//! the summary counts what the books hold).

use async_trait::async_trait;
use event_schemas::payroll::employee::{self, EmployeeEvent};
use event_schemas::payroll::pay_run::{self, PayRunEvent};
use event_schemas::payroll::settings::{self, PayrollEvent};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::{ProjectionError, Projector};

const EMPLOYEES_SQL: &str = "CREATE TABLE read_employees (
    employee_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    staff_id TEXT NOT NULL,
    department TEXT NOT NULL,
    job_title TEXT NOT NULL,
    start_date TEXT NOT NULL,
    end_date TEXT,
    details TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const EMPLOYEES_INDEX_SQL: &str =
    "CREATE INDEX read_employees_workspace ON read_employees (workspace_id, last_name, first_name)";

const SETTINGS_SQL: &str = "CREATE TABLE read_payroll_settings (
    workspace_id TEXT PRIMARY KEY,
    accounts TEXT NOT NULL,
    itf_applies BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const PAY_RUNS_SQL: &str = "CREATE TABLE read_pay_runs (
    pay_run_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    period TEXT NOT NULL,
    pay_date TEXT NOT NULL,
    rule_set TEXT NOT NULL,
    status TEXT NOT NULL,
    employees BIGINT NOT NULL,
    totals TEXT NOT NULL,
    payslips TEXT NOT NULL,
    journal_entry_id TEXT,
    reversal_entry_id TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const PAY_RUNS_INDEX_SQL: &str =
    "CREATE INDEX read_pay_runs_workspace ON read_pay_runs (workspace_id, period)";

const MONTHS_SQL: &str = "CREATE TABLE read_payroll_months (
    pay_run_id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL,
    year BIGINT NOT NULL,
    period TEXT NOT NULL,
    totals TEXT NOT NULL
)";

const MONTHS_INDEX_SQL: &str =
    "CREATE INDEX read_payroll_months_year ON read_payroll_months (workspace_id, year, period)";

const fn both(version: i64, name: &'static str, sql: &'static str) -> Migration {
    Migration {
        version,
        name,
        sqlite: sql,
        postgres: sql,
    }
}

const MIGRATIONS: &[Migration] = &[
    both(1, "read_employees", EMPLOYEES_SQL),
    both(2, "read_employees_workspace", EMPLOYEES_INDEX_SQL),
    both(3, "read_payroll_settings", SETTINGS_SQL),
    both(4, "read_pay_runs", PAY_RUNS_SQL),
    both(5, "read_pay_runs_workspace", PAY_RUNS_INDEX_SQL),
    both(6, "read_payroll_months", MONTHS_SQL),
    both(7, "read_payroll_months_year", MONTHS_INDEX_SQL),
];

pub struct Payroll;

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

#[async_trait]
impl Projector for Payroll {
    fn name(&self) -> &'static str {
        "payroll"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        MIGRATIONS
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_employees",
            "read_payroll_settings",
            "read_pay_runs",
            "read_payroll_months",
        ]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            let applied = match event.aggregate_type.as_str() {
                employee::AGGREGATE_TYPE => {
                    apply_employee(
                        tx,
                        event,
                        crate::decode::decode(event, &employee::upcasters())?,
                    )
                    .await
                }
                settings::AGGREGATE_TYPE => {
                    apply_settings(
                        tx,
                        event,
                        crate::decode::decode(event, &settings::upcasters())?,
                    )
                    .await
                }
                pay_run::AGGREGATE_TYPE => {
                    apply_pay_run(
                        tx,
                        event,
                        crate::decode::decode(event, &pay_run::upcasters())?,
                    )
                    .await
                }
                _ => Ok(()),
            };
            applied.map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply_employee(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: EmployeeEvent,
) -> Result<(), sqlx::Error> {
    match decoded {
        EmployeeEvent::EmployeeHired(e) => {
            let d = &e.details;
            sqlx::query(
                "INSERT INTO read_employees (employee_id, workspace_id, first_name, last_name, \
                 email, staff_id, department, job_title, start_date, end_date, details, \
                 created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $11, $11)",
            )
            .bind(e.employee_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(&d.first_name)
            .bind(&d.last_name)
            .bind(&d.email)
            .bind(&d.staff_id)
            .bind(&d.department)
            .bind(&d.job_title)
            .bind(d.start_date.to_string())
            .bind(json(d))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        EmployeeEvent::EmployeeUpdated(e) => {
            let d = &e.details;
            sqlx::query(
                "UPDATE read_employees SET first_name = $2, last_name = $3, email = $4, \
                 staff_id = $5, department = $6, job_title = $7, start_date = $8, details = $9, \
                 updated_at = $10 WHERE employee_id = $1",
            )
            .bind(e.employee_id.to_string())
            .bind(&d.first_name)
            .bind(&d.last_name)
            .bind(&d.email)
            .bind(&d.staff_id)
            .bind(&d.department)
            .bind(&d.job_title)
            .bind(d.start_date.to_string())
            .bind(json(d))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        EmployeeEvent::EmployeeTerminated(e) => {
            sqlx::query(
                "UPDATE read_employees SET end_date = $2, updated_at = $3 WHERE employee_id = $1",
            )
            .bind(e.employee_id.to_string())
            .bind(e.end_date.to_string())
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

async fn apply_settings(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: PayrollEvent,
) -> Result<(), sqlx::Error> {
    // Periods held are the write side's concern; the pay runs table shows them.
    let PayrollEvent::PayrollSettingsChanged(e) = decoded else {
        return Ok(());
    };
    sqlx::query("DELETE FROM read_payroll_settings WHERE workspace_id = $1")
        .bind(e.workspace_id.to_string())
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO read_payroll_settings (workspace_id, accounts, itf_applies, updated_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(e.workspace_id.to_string())
    .bind(json(&e.accounts))
    .bind(i64::from(e.itf_applies))
    .bind(event.recorded_at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn set_status(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    pay_run_id: String,
    status: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE read_pay_runs SET status = $2, updated_at = $3 WHERE pay_run_id = $1")
        .bind(pay_run_id)
        .bind(status)
        .bind(event.recorded_at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn apply_pay_run(
    tx: &mut Transaction<'static, Any>,
    event: &RecordedEvent,
    decoded: PayRunEvent,
) -> Result<(), sqlx::Error> {
    match decoded {
        PayRunEvent::PayRunDrafted(e) => {
            sqlx::query(
                "INSERT INTO read_pay_runs (pay_run_id, workspace_id, period, pay_date, rule_set, \
                 status, employees, totals, payslips, journal_entry_id, reversal_entry_id, \
                 created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, 'draft', $6, $7, $8, NULL, NULL, $9, $9)",
            )
            .bind(e.pay_run_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(&e.period)
            .bind(e.pay_date.to_string())
            .bind(e.rule_set.code())
            .bind(e.payslips.len() as i64)
            .bind(json(&e.totals))
            .bind(json(&e.payslips))
            .bind(event.recorded_at)
            .execute(&mut **tx)
            .await?;
        }
        PayRunEvent::PayRunApproved(e) => {
            set_status(tx, event, e.pay_run_id.to_string(), "approved").await?;
        }
        PayRunEvent::PayRunPosted(e) => {
            let id = e.pay_run_id.to_string();
            set_status(tx, event, id.clone(), "posted").await?;
            sqlx::query("UPDATE read_pay_runs SET journal_entry_id = $2 WHERE pay_run_id = $1")
                .bind(&id)
                .bind(e.journal_entry_id.to_string())
                .execute(&mut **tx)
                .await?;
            let row: Option<(String, String, String)> = sqlx::query_as(
                "SELECT workspace_id, period, totals FROM read_pay_runs WHERE pay_run_id = $1",
            )
            .bind(&id)
            .fetch_optional(&mut **tx)
            .await?;
            if let Some((workspace_id, period, totals)) = row {
                let year: i64 = period.get(..4).and_then(|y| y.parse().ok()).unwrap_or(0);
                sqlx::query(
                    "INSERT INTO read_payroll_months (pay_run_id, workspace_id, year, period, totals) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&id)
                .bind(workspace_id)
                .bind(year)
                .bind(period)
                .bind(totals)
                .execute(&mut **tx)
                .await?;
            }
        }
        PayRunEvent::PayRunReversed(e) => {
            let id = e.pay_run_id.to_string();
            set_status(tx, event, id.clone(), "reversed").await?;
            sqlx::query("UPDATE read_pay_runs SET reversal_entry_id = $2 WHERE pay_run_id = $1")
                .bind(&id)
                .bind(e.reversal_entry_id.map(|r| r.to_string()))
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM read_payroll_months WHERE pay_run_id = $1")
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
