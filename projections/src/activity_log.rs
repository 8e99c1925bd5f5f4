//! `activity_log`: one row per event of the log — changes to the books and the
//! organization, sign-ins and other security facts, client-reported activities — for
//! `GET /activity-log/`. A user's own inbox events (read marks, deletions) are left out:
//! reading one's inbox is not an activity anyone audits, and it would drown the rest.
//!
//! Rows keep the event's payload (`details`) so the detail drawer shows the event behind
//! the row without reading the log. Payloads never hold secrets (credentials are plain
//! state, DESIGN.md §4); a test walks every event type to keep it so.
//!
//! Who did it: the payload's `user_id` for UserActivity facts (a failed sign-in has no
//! signed-in actor, but it is about one account), else the metadata's actor. Names are
//! not stored: the query joins the users table, so a renamed user shows their current
//! name and a rebuild stays a pure function of the log.

use async_trait::async_trait;
use serde_json::Value;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::rows::Insert;
use crate::{ProjectionError, Projector};

const ACTIVITY: &str = "CREATE TABLE read_activity_log (
    position BIGINT PRIMARY KEY,
    recorded_at BIGINT NOT NULL,
    organization_id TEXT,
    workspace_id TEXT,
    user_id TEXT,
    activity_type TEXT NOT NULL,
    summary TEXT NOT NULL,
    aggregate_type TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    details TEXT NOT NULL
)";

const ACTIVITY_WORKSPACE: &str = "CREATE INDEX read_activity_log_workspace \
    ON read_activity_log (workspace_id, recorded_at)";
const ACTIVITY_ORGANIZATION: &str = "CREATE INDEX read_activity_log_organization \
    ON read_activity_log (organization_id, recorded_at)";
const ACTIVITY_USER: &str =
    "CREATE INDEX read_activity_log_user ON read_activity_log (user_id, recorded_at)";

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct ActivityLog;

#[async_trait]
impl Projector for ActivityLog {
    fn name(&self) -> &'static str {
        "activity_log"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_activity_log", ACTIVITY),
            same!(2, "read_activity_log_workspace", ACTIVITY_WORKSPACE),
            same!(3, "read_activity_log_organization", ACTIVITY_ORGANIZATION),
            same!(4, "read_activity_log_user", ACTIVITY_USER),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &["read_activity_log"]
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        let batch: Vec<(&RecordedEvent, ActivityRow)> = events
            .iter()
            .filter(|e| is_activity(e))
            .map(|e| (e, ActivityRow::of(e)))
            .collect();
        rows().run(tx, &batch).await?;
        Ok(())
    }
}

/// A batch's rows in multi-row statements: one statement per event was a thread hand-off
/// and a statement per event on the live path. A failing statement is a database error,
/// not a fault of one event, and stops the projector as the ledger's does.
fn rows<'e>() -> Insert<(&'e RecordedEvent, ActivityRow)> {
    Insert {
        head: "INSERT INTO read_activity_log (position, recorded_at, organization_id, \
               workspace_id, user_id, activity_type, summary, aggregate_type, aggregate_id, \
               event_type, details)",
        columns: 11,
        tail: "",
        bind: |query, (event, row)| {
            query
                .bind(event.global_position)
                .bind(event.recorded_at)
                .bind(row.organization_id.as_deref())
                .bind(row.workspace_id.as_deref())
                .bind(row.user_id.as_deref())
                .bind(row.activity_type.as_str())
                .bind(row.summary.as_str())
                .bind(event.aggregate_type.as_str())
                .bind(event.aggregate_id.as_str())
                .bind(event.event_type.as_str())
                .bind(event.payload.json())
        },
    }
}

/// Whether a person did what the event records. A document's storage counts bytes for
/// the upload or delete the log already shows.
fn is_activity(event: &RecordedEvent) -> bool {
    event.aggregate_type != event_schemas::notification::AGGREGATE_TYPE
        && event.aggregate_type != event_schemas::inbox::AGGREGATE_TYPE
        && event.aggregate_type != event_schemas::document_storage::AGGREGATE_TYPE
}

/// What a row shows of one event.
#[derive(Debug, PartialEq)]
pub struct ActivityRow {
    pub organization_id: Option<String>,
    pub workspace_id: Option<String>,
    pub user_id: Option<String>,
    pub activity_type: String,
    pub summary: String,
}

impl ActivityRow {
    pub fn of(event: &RecordedEvent) -> Self {
        let payload = &event.payload.value().unwrap_or_default();
        let from_payload = |key: &str| payload.get(key).and_then(Value::as_str).map(str::to_owned);
        let metadata = event.metadata_fields();
        let is_fact = event.aggregate_type == event_schemas::user_activity::AGGREGATE_TYPE;
        let user_id = if is_fact {
            from_payload("user_id")
        } else {
            metadata.actor_id
        };
        let activity_type = match event.event_type.as_str() {
            // A client-reported activity is listed under the type the client named.
            "ActivityRecorded" => from_payload("activity_type").unwrap_or_default(),
            other => snake_case(other),
        };
        Self {
            organization_id: metadata
                .organization_id
                .or_else(|| from_payload("organization_id")),
            workspace_id: metadata
                .workspace_id
                .or_else(|| from_payload("workspace_id")),
            user_id,
            activity_type,
            summary: summary(&event.event_type, payload),
        }
    }
}

/// `JournalEntryPosted` → `journal_entry_posted`: the activity type of a server event.
pub fn snake_case(event_type: &str) -> String {
    let mut out = String::with_capacity(event_type.len() + 4);
    for (i, c) in event_type.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// [`summary`] of a recorded event.
pub fn event_summary(event: &RecordedEvent) -> String {
    summary(
        &event.event_type,
        &event.payload.value().unwrap_or_default(),
    )
}

/// One line a person reads in the log. Known events name what changed; any other event
/// reads as its type in words, so a new event type shows up sensibly before it gets a
/// sentence of its own.
pub fn summary(event_type: &str, payload: &Value) -> String {
    let text = |key: &str| payload.get(key).and_then(Value::as_str).unwrap_or("");
    let number = |key: &str| payload.get(key).and_then(Value::as_i64).unwrap_or_default();
    match event_type {
        "OrganizationCreated" => format!("Created the organization {}", text("name")),
        "OrganizationUpdated" => format!("Updated the organization profile ({})", text("name")),
        "WorkspaceCreated" => format!("Created the workspace {}", text("name")),
        "WorkspaceRenamed" => format!("Renamed a workspace to {}", text("name")),
        "WorkspaceImageChanged" => "Changed a workspace's image".to_owned(),
        "WorkspaceTimeZoneChanged" => format!("Set a workspace's time zone to {}", text("time_zone")),
        "WorkspaceDeleted" => "Deleted a workspace".into(),
        "MemberAdded" => format!("Added a member as {}", role_name(payload)),
        "MemberRoleChanged" => format!("Changed a member's role to {}", role_name(payload)),
        "MemberWorkspacesChanged" => "Changed the workspaces a member can reach".into(),
        "MemberRemoved" => "Removed a member".into(),
        "InvitationCreated" => match payload.get("email").and_then(Value::as_str) {
            Some(email) => format!("Invited {email} as {}", role_name(payload)),
            None => format!("Created an invite link ({})", role_name(payload)),
        },
        "InvitationAccepted" => "Accepted an invitation".into(),
        "InvitationRejected" => "Declined an invitation".into(),
        "InvitationCancelled" => "Cancelled an invitation".into(),
        "InvitationResent" => "Resent an invitation".into(),
        "TransferRequested" => "Requested a workspace transfer".into(),
        "TransferResolved" => "Answered a workspace transfer request".into(),
        "AccountCreated" => format!(
            "Created the account {} {}",
            text("account_code"),
            text("name")
        ),
        "AccountUpdated" => format!(
            "Updated the account {} {}",
            text("account_code"),
            text("name")
        ),
        "DefaultChartSetUp" => "Set up the default chart of accounts".into(),
        "BudgetAmountSet" => "Set an account's budget".into(),
        "AccountArchived" => "Archived an account".into(),
        "AccountDeleted" => "Deleted an account".into(),
        "AccountClassified" => "Changed where an account shows on the financial statements".into(),
        "LockDateSet" => match payload.get("lock_date").and_then(Value::as_str) {
            Some(date) => format!("Locked the books up to {date}"),
            None => "Removed the lock date".into(),
        },
        "FiscalYearStartSet" => format!(
            "Set fiscal years to start in month {}",
            number("start_month")
        ),
        "FiscalYearClosed" => format!(
            "Closed fiscal year {} (books locked up to {})",
            number("year"),
            text("last_day")
        ),
        "FiscalYearReopened" => format!("Reopened fiscal year {}", number("year")),
        "JournalEntryDrafted" => format!("Drafted a journal entry dated {}", text("date")),
        "JournalEntryDraftUpdated" => "Edited a draft journal entry".into(),
        "JournalEntryDraftDeleted" => "Deleted a draft journal entry".into(),
        "JournalEntryPosted" => format!(
            "Posted {} dated {} for {}",
            text("entry_number"),
            text("date"),
            text("total")
        ),
        "JournalEntryReversed" => format!("Reversed an entry on {}", text("reversal_date")),
        "JournalImported" => {
            let entries = payload
                .get("entries")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            let what = if payload.get("posted").and_then(Value::as_bool) == Some(true) {
                "posted"
            } else {
                "drafted"
            };
            let file = match text("file_name") {
                "" => "a CSV file".to_owned(),
                name => name.to_owned(),
            };
            format!("Imported {entries} journal entries ({what}) from {file}")
        }
        "ReadModelQuarantined" => format!(
            "The {} read model of this workspace stopped at event {}: {}. Its reports are stale until it is repaired.",
            text("projector"),
            payload.get("failed_position").and_then(Value::as_i64).unwrap_or_default(),
            text("reason")
        ),
        "ReadModelRestored" => format!(
            "The {} read model of this workspace is current again",
            text("projector")
        ),
        "AnnouncementSent" => format!("Sent the announcement \u{201c}{}\u{201d}", text("title")),
        "UserRegistered" => "Registered an account".into(),
        "UserSignedIn" => match text("method") {
            "two_factor" => "Signed in with two-factor authentication".into(),
            "trusted_device" => "Signed in on a trusted device (no code asked)".into(),
            _ => "Signed in".into(),
        },
        "UserSignInFailed" => match text("failure") {
            "second_factor" => "Failed sign-in: wrong authentication code".into(),
            _ => "Failed sign-in: wrong password".into(),
        },
        "SignInLocked" => format!(
            "Sign-in locked for {} after {} failed attempts{}",
            event_schemas::user_activity::wait_text(payload.get("locked_seconds").and_then(Value::as_i64).unwrap_or_default()),
            payload.get("failures").and_then(Value::as_i64).unwrap_or_default(),
            match text("ip_address") {
                "" => String::new(),
                address => format!(" from {address}"),
            }
        ),
        "PasswordResetRequested" => "Asked for a password reset link".into(),
        "PasswordChanged" => "Changed the password".into(),
        "TwoFactorEnabled" => "Turned on two-factor authentication".into(),
        "TwoFactorDisabled" => "Turned off two-factor authentication".into(),
        "ActivityRecorded" => text("description").to_owned(),
        "ReportRequested" => format!(
            "Asked for a {} report ({})",
            text("kind").replace('_', " "),
            text("format").to_uppercase()
        ),
        "ReportGenerated" => format!("Generated the report {}", text("file_name")),
        "ReportFailed" => format!("A report could not be generated: {}", text("reason")),
        "ReportDeleted" => "Deleted a report from the downloads".into(),
        "DocumentUploaded" => format!("Uploaded the document {}", text("name")),
        "DocumentRenamed" => format!("Renamed a document to {}", text("name")),
        "DocumentTagged" => "Changed a document's tags".into(),
        "DocumentDeleted" => "Deleted a document".into(),
        "DocumentAttached" => format!(
            "Attached a document to a {}",
            attachment_kind(payload.get("to"))
        ),
        "DocumentDetached" => format!(
            "Detached a document from a {}",
            attachment_kind(payload.get("from"))
        ),
        "AuditFindingNoted" => "Added a note to an audit finding".into(),
        "AuditFindingConcluded" => format!(
            "Concluded on an audit finding: {}",
            text("conclusion").replace('_', " ")
        ),
        "AuditSharedViewRecorded" => "Opened a shared audit result".into(),
        other => sentence_case(&snake_case(other).replace('_', " ")),
    }
}

/// `journal entry` for an attachment target `{"kind": "journal_entry", …}`.
fn attachment_kind(target: Option<&Value>) -> String {
    target
        .and_then(|t| t.get("kind"))
        .and_then(Value::as_str)
        .unwrap_or("record")
        .replace('_', " ")
}

fn role_name(payload: &Value) -> &'static str {
    match payload.get("role").and_then(Value::as_i64) {
        Some(0) => "Viewer",
        Some(1) => "Editor",
        _ => "Admin",
    }
}

fn sentence_case(words: &str) -> String {
    let mut chars = words.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_types_become_snake_case_activity_types() {
        assert_eq!(snake_case("JournalEntryPosted"), "journal_entry_posted");
        assert_eq!(snake_case("UserSignInFailed"), "user_sign_in_failed");
    }

    #[test]
    fn a_posted_entry_reads_with_its_number_date_and_total() {
        let payload = serde_json::json!({"entry_number": "JE-000007", "date": "2026-03-01", "total": "150.00"});
        assert_eq!(
            summary("JournalEntryPosted", &payload),
            "Posted JE-000007 dated 2026-03-01 for 150.00"
        );
    }

    #[test]
    fn a_report_request_reads_with_its_kind_and_format() {
        let payload = serde_json::json!({"kind": "trial_balance", "format": "pdf"});
        assert_eq!(
            summary("ReportRequested", &payload),
            "Asked for a trial balance report (PDF)"
        );
    }

    #[test]
    fn a_year_end_close_reads_with_its_year_and_lock_date() {
        let payload = serde_json::json!({"year": 2025, "last_day": "2025-12-31"});
        assert_eq!(
            summary("FiscalYearClosed", &payload),
            "Closed fiscal year 2025 (books locked up to 2025-12-31)"
        );
        assert_eq!(
            summary("FiscalYearReopened", &payload),
            "Reopened fiscal year 2025"
        );
    }

    #[test]
    fn an_unknown_event_reads_as_its_type_in_words() {
        assert_eq!(
            summary("PayrollRunApproved", &Value::Null),
            "Payroll run approved"
        );
    }
}
