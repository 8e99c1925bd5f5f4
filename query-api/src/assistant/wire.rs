//! The assistant's answers and conversations on the wire (the HTTP contract), from the
//! event contract's types. Each source also carries the read route that gives its
//! figures (`path`), so the UI links to the report or entry it came from.

use chrono::NaiveDate;
use event_schemas::assistant::{Answer, ClarifyChoice, DraftEntry, DraftLine, Figure, Source};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct FigureView {
    pub label: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    /// `null` for a count or a score.
    pub currency: Option<String>,
    pub as_of: Option<NaiveDate>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SourceView {
    /// `trial_balance`, `income_summary`, `expense_summary`, `general_ledger`,
    /// `journal_entries`, `journal_entry`, `journal_entry_history`, `audit_session`,
    /// `audit_finding`, `payroll_summary`, `accounts`.
    pub kind: String,
    /// The record it names (an account, an entry, a session), or `""`.
    #[serde(rename = "ref")]
    pub reference: String,
    pub params: std::collections::BTreeMap<String, String>,
    /// How far the read models had read the log when the answer was read.
    pub log_position: i64,
    /// The read route giving the same figures, to open.
    pub path: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClarifyView {
    pub label: String,
    /// Send it as the next question to choose this.
    pub question: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DraftLineView {
    pub account_id: String,
    pub account_code: String,
    pub account_name: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
}

/// A journal entry suggested for a person to review and post.
#[derive(Debug, Serialize, ToSchema)]
pub struct DraftEntryView {
    pub date: NaiveDate,
    pub memo: String,
    pub lines: Vec<DraftLineView>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnswerView {
    pub text: String,
    pub figures: Vec<FigureView>,
    pub sources: Vec<SourceView>,
    pub clarify: Vec<ClarifyView>,
    pub draft_entry: Option<DraftEntryView>,
    /// `built_in` or `model`.
    pub engine: String,
}

impl FigureView {
    fn of(f: &Figure) -> Self {
        Self {
            label: f.label.clone(),
            amount: f.amount.to_string(),
            currency: f.currency.clone(),
            as_of: f.as_of,
            from: f.from,
            to: f.to,
        }
    }
}

/// The read route behind a source.
fn path_of(workspace_id: &str, s: &Source) -> String {
    let accounting = format!("/api/v1/accounting/workspaces/{workspace_id}");
    let query = |keys: &[&str]| {
        let pairs: Vec<String> = keys
            .iter()
            .filter_map(|k| s.params.get(*k).map(|v| format!("{k}={v}")))
            .collect();
        if pairs.is_empty() {
            String::new()
        } else {
            format!("?{}", pairs.join("&"))
        }
    };
    match s.kind.as_str() {
        "trial_balance" => format!("{accounting}/trial-balance/{}", query(&["as_of"])),
        "income_summary" => format!(
            "{accounting}/reports/income-summary/{}",
            query(&["from", "to"])
        ),
        "expense_summary" => {
            format!(
                "{accounting}/reports/expense-summary/{}",
                query(&["from", "to"])
            )
        }
        "general_ledger" => format!("{accounting}/general-ledger/{}", query(&["from", "to"])),
        "journal_entries" => format!(
            "{accounting}/journal-entries/{}",
            query(&["status", "account_id", "date_from", "date_to"])
        ),
        "journal_entry" => format!("{accounting}/journal-entries/{}/", s.reference),
        "journal_entry_history" => {
            format!("{accounting}/journal-entries/{}/history/", s.reference)
        }
        "audit_session" | "audit_finding" => format!(
            "/api/v1/audit/workspaces/{workspace_id}/sessions/{}/results/",
            s.reference
        ),
        "payroll_summary" => format!("{accounting}/payroll/summary/{}", query(&["year"])),
        _ => format!("{accounting}/accounts/"),
    }
}

impl AnswerView {
    pub fn of(workspace_id: &str, a: &Answer) -> Self {
        let draft = a.draft_entry.as_ref().map(|d: &DraftEntry| DraftEntryView {
            date: d.date,
            memo: d.memo.clone(),
            lines: d
                .lines
                .iter()
                .map(|l: &DraftLine| DraftLineView {
                    account_id: l.account_id.to_string(),
                    account_code: l.account_code.clone(),
                    account_name: l.account_name.clone(),
                    debit: l.debit.to_string(),
                    credit: l.credit.to_string(),
                })
                .collect(),
        });
        Self {
            text: a.text.clone(),
            figures: a.figures.iter().map(FigureView::of).collect(),
            sources: a
                .sources
                .iter()
                .map(|s| SourceView {
                    kind: s.kind.clone(),
                    reference: s.reference.clone(),
                    params: s.params.clone(),
                    log_position: s.log_position,
                    path: path_of(workspace_id, s),
                })
                .collect(),
            clarify: a
                .clarify
                .iter()
                .map(|c: &ClarifyChoice| ClarifyView {
                    label: c.label.clone(),
                    question: c.question.clone(),
                })
                .collect(),
            draft_entry: draft,
            engine: a.engine.clone(),
        }
    }
}

/// A conversation as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationView {
    pub id: String,
    pub workspace_id: String,
    /// The first question, shortened ("New conversation" before one is asked).
    pub title: String,
    pub messages: i64,
    /// RFC 3339.
    pub created_at: String,
    pub updated_at: String,
}

impl ConversationView {
    pub fn of(row: &projections::assistant::ConversationRow) -> Self {
        Self {
            id: row.id.clone(),
            workspace_id: row.workspace_id.clone(),
            title: row.title.clone(),
            messages: row.messages,
            created_at: api_core::time::iso_datetime(row.created_at),
            updated_at: api_core::time::iso_datetime(row.updated_at),
        }
    }
}

/// One question and the answer given to it.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageView {
    pub question: String,
    pub answer: AnswerView,
    /// RFC 3339.
    pub asked_at: String,
    /// The event that keeps it, in the log.
    pub log_position: i64,
}

/// A conversation with its questions and answers, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationDetail {
    #[serde(flatten)]
    pub conversation: ConversationView,
    pub thread: Vec<MessageView>,
}
