//! The assistant's conversations: one stream per conversation, private to the member who
//! started it in one workspace. Each question is recorded with the answer it was given —
//! its figures, the read models they came from (with the log position they were read
//! at), any clarification choices and any draft entry — so the conversation can be shown
//! again exactly as it was answered, even after the books move on.
//!
//! A draft entry here is a suggestion for a person to review; it never reaches the books
//! unless someone posts it through the journal-entry routes.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::{decode_as, AggregateContract, EventPayload, EventVersion};
use crate::{AccountId, ConversationId, OrganizationId, UserId, WorkspaceId};

/// The `aggregate_type` of conversations.
pub const AGGREGATE_TYPE: &str = "AssistantConversation";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ConversationEvent {
    ConversationStarted(ConversationStarted),
    QuestionAnswered(QuestionAnswered),
    ConversationDeleted(ConversationDeleted),
}

/// A member opened a conversation with the assistant in a workspace.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ConversationStarted {
    pub conversation_id: ConversationId,
    pub organization_id: OrganizationId,
    pub workspace_id: WorkspaceId,
    /// The member the conversation belongs to; nobody else reads it.
    pub user_id: UserId,
    /// A short title (the first question, shortened, until one is asked: "New conversation").
    pub title: String,
}

impl EventPayload for ConversationStarted {
    const EVENT_TYPE: &'static str = "ConversationStarted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// A question the member asked and the answer the assistant gave.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionAnswered {
    pub conversation_id: ConversationId,
    pub workspace_id: WorkspaceId,
    pub user_id: UserId,
    /// The question as asked (trimmed).
    pub question: String,
    pub answer: Answer,
}

impl EventPayload for QuestionAnswered {
    const EVENT_TYPE: &'static str = "QuestionAnswered";
    const EVENT_VERSION: &'static str = "1.0";
}

/// The member deleted the conversation; it is no longer listed. The log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ConversationDeleted {
    pub conversation_id: ConversationId,
    pub workspace_id: WorkspaceId,
    pub user_id: UserId,
}

impl EventPayload for ConversationDeleted {
    const EVENT_TYPE: &'static str = "ConversationDeleted";
    const EVENT_VERSION: &'static str = "1.0";
}

/// What the assistant answered.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Answer {
    /// Plain sentences; every number in it is one of `figures`.
    pub text: String,
    pub figures: Vec<Figure>,
    /// Where each figure came from.
    pub sources: Vec<Source>,
    /// Choices offered when the question was ambiguous; each is a question to ask next.
    pub clarify: Vec<ClarifyChoice>,
    /// A journal entry suggested for a person to review and post (full access only).
    pub draft_entry: Option<DraftEntry>,
    /// Which engine answered: `built_in`, or `model` for an OpenAI-compatible endpoint.
    pub engine: String,
}

/// One number the answer states.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Figure {
    pub label: String,
    /// A decimal string; money at two places.
    #[schemars(with = "String")]
    pub amount: Decimal,
    /// The currency of money; `null` for a count or a score.
    pub currency: Option<String>,
    /// A balance's date.
    pub as_of: Option<NaiveDate>,
    /// A period's first and last day.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

/// A read the answer rests on: a report with its parameters, or one record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Source {
    /// `trial_balance`, `general_ledger`, `income_summary`, `expense_summary`,
    /// `journal_entry`, `journal_entries`, `audit_session`, `payroll_summary`, `accounts`.
    pub kind: String,
    /// The record it names (an entry's id, an account's id, a session's id), or `""` for
    /// a whole report.
    #[serde(rename = "ref")]
    pub reference: String,
    /// The report's query parameters (`as_of`, `from`, `to`, `account_id` …).
    pub params: BTreeMap<String, String>,
    /// The log's position the read models had reached when the answer was read.
    pub log_position: i64,
}

/// A choice offered to settle an ambiguous question.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClarifyChoice {
    /// What the choice shows ("1110 Cash in hand").
    pub label: String,
    /// The question to send when it is chosen.
    pub question: String,
}

/// A suggested journal entry, never posted by the assistant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DraftEntry {
    pub date: NaiveDate,
    pub memo: String,
    pub lines: Vec<DraftLine>,
}

/// One line of a suggested entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DraftLine {
    pub account_id: AccountId,
    pub account_code: String,
    pub account_name: String,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub debit: Decimal,
    #[schemars(with = "String", pattern(r"^[0-9]+\.[0-9]{2}$"))]
    pub credit: Decimal,
}

impl ConversationEvent {
    fn names(&self) -> (&'static str, &'static str) {
        fn of<T: EventPayload>(_: &T) -> (&'static str, &'static str) {
            (T::EVENT_TYPE, T::EVENT_VERSION)
        }
        match self {
            Self::ConversationStarted(e) => of(e),
            Self::QuestionAnswered(e) => of(e),
            Self::ConversationDeleted(e) => of(e),
        }
    }
}

impl DomainEvent for ConversationEvent {
    fn event_type(&self) -> String {
        self.names().0.to_owned()
    }

    fn event_version(&self) -> String {
        self.names().1.to_owned()
    }
}

/// Every version of every conversation event ever written. Never remove a line.
pub fn event_versions() -> Vec<EventVersion> {
    vec![
        EventVersion::current::<ConversationStarted>(),
        EventVersion::current::<QuestionAnswered>(),
        EventVersion::current::<ConversationDeleted>(),
    ]
}

/// No conversation event was ever reshaped.
pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
    Vec::new()
}

pub fn contract() -> AggregateContract {
    AggregateContract {
        name: "assistant",
        aggregate_type: AGGREGATE_TYPE,
        versions: event_versions,
        upcasters,
        decode: decode_as::<ConversationEvent>,
        enum_schema: || {
            SchemaSettings::draft2020_12()
                .for_serialize()
                .into_generator()
                .into_root_schema_for::<ConversationEvent>()
        },
    }
}
