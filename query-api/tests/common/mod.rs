//! What the accounting tests share: a clerk that drives the real aggregates on the real
//! log, the projectors under test, and table dumps for rebuild-equals-live.
#![allow(dead_code)]

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use api_core::pagination::Page;
use chrono::NaiveDate;
use commands::books::{Books, Posting};
use commands::{Loaded, Runner, Unit};
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{CqrsFramework, EventStore as _};
use domain::account_tree::{self, default_account_id, AccountTree, SetUpDefaultChart};
use domain::journal_entry::{
    self, CreateDraft, EntryInput, JournalEntry, JournalEntryError, LineInput,
};
use event_schemas::{AccountId, JournalEntryId, UserId, WorkspaceId};
use projections::accounts::Accounts;
use projections::ledger::Ledger;
use projections::{ProjectionRuntime, Projector};
use rust_decimal::Decimal;
use sqlx::Row;
use store::repository::LogRepository;
use store::{Db, EventMetadata, EventStore};

pub mod random_books;

pub const SNAPSHOT_SIZE: usize = 20;

pub const CLERK: UserId = UserId::from_uuid(uuid::Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_bbbb_0000_0001,
));

pub type TreeStore = PersistedEventStore<LogRepository, AccountTree>;

pub fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

pub fn date(s: &str) -> NaiveDate {
    NaiveDate::from_str(s).expect("date")
}

pub fn page(page: u32, page_size: u32) -> Page {
    Page { page, page_size }
}

/// Drives the real aggregates on the real log, as command-api will.
pub struct Clerk {
    pub store: EventStore,
}

impl Clerk {
    pub fn trees(&self) -> TreeStore {
        PersistedEventStore::new_snapshot_store(
            LogRepository::new(self.store.clone(), SNAPSHOT_SIZE),
            SNAPSHOT_SIZE,
        )
        .with_upcasters(account_tree::upcasters())
    }

    pub fn metadata(workspace: WorkspaceId) -> HashMap<String, String> {
        EventMetadata {
            actor_id: Some(CLERK.to_string()),
            workspace_id: Some(workspace.to_string()),
            ..Default::default()
        }
        .to_map()
    }

    pub async fn tree(&self, workspace: WorkspaceId) -> AccountTree {
        self.trees()
            .load_aggregate(&workspace.to_string())
            .await
            .expect("load tree")
            .aggregate
    }

    pub async fn on_tree(&self, workspace: WorkspaceId, command: account_tree::AccountTreeCommand) {
        CqrsFramework::new(self.trees(), vec![], ())
            .execute_with_metadata(&workspace.to_string(), command, Self::metadata(workspace))
            .await
            .expect("account tree command");
    }

    /// The posting service on this log.
    pub fn books(&self) -> Books {
        Books::new(Runner::new(self.store.clone()))
    }

    fn entry_metadata(workspace: WorkspaceId) -> EventMetadata {
        EventMetadata {
            actor_id: Some(CLERK.to_string()),
            workspace_id: Some(workspace.to_string()),
            ..Default::default()
        }
    }

    /// Posts what `decide` records, asserting the store numbered the entry `sequence`.
    async fn posted(
        &self,
        workspace: WorkspaceId,
        sequence: u64,
        decide: impl FnMut(&mut Posting<'_>) -> Result<(), JournalEntryError>,
    ) {
        let posted = self
            .books()
            .post(
                &workspace.to_string(),
                &Self::entry_metadata(workspace),
                None,
                decide,
            )
            .await
            .expect("posting");
        assert_eq!(
            posted.entries.last().and_then(|e| e.entry_number.clone()),
            Some(journal_entry::entry_number(sequence)),
            "the store numbers postings in order"
        );
    }

    /// A draft command (update, delete) on entry `id`.
    pub async fn on_entry(
        &self,
        workspace: WorkspaceId,
        id: JournalEntryId,
        command: journal_entry::JournalEntryCommand,
    ) {
        let entry = self.load_entry(id).await;
        let mut unit = Unit::new(&Self::entry_metadata(workspace), None);
        unit.decide(&entry, command).expect("journal entry command");
        unit.commit(&Runner::new(self.store.clone()))
            .await
            .expect("commit");
    }

    async fn load_entry(&self, id: JournalEntryId) -> Loaded<JournalEntry> {
        Runner::new(self.store.clone())
            .load(&id.to_string())
            .await
            .expect("load entry")
    }

    pub async fn set_up(&self) -> WorkspaceId {
        let workspace = WorkspaceId::new_v7();
        self.on_tree(
            workspace,
            SetUpDefaultChart {
                workspace_id: workspace,
            }
            .into(),
        )
        .await;
        workspace
    }

    pub fn entry(
        workspace: WorkspaceId,
        on: &str,
        memo: &str,
        lines: &[(&str, &str, &str)],
    ) -> EntryInput {
        EntryInput {
            date: date(on),
            memo: memo.into(),
            reference: format!("REF-{on}"),
            lines: lines
                .iter()
                .map(|(code, debit, credit)| LineInput {
                    account_id: default_account_id(workspace, code),
                    description: format!("{memo} ({code})"),
                    debit: (!debit.is_empty()).then(|| d(debit)),
                    credit: (!credit.is_empty()).then(|| d(credit)),
                })
                .collect(),
        }
    }

    pub async fn post(
        &self,
        workspace: WorkspaceId,
        sequence: u64,
        on: &str,
        memo: &str,
        lines: &[(&str, &str, &str)],
    ) -> JournalEntryId {
        let id = JournalEntryId::new_v7();
        let entry = Self::entry(workspace, on, memo, lines);
        self.posted(workspace, sequence, |p| {
            p.post_new(id, entry.clone(), CLERK)
        })
        .await;
        id
    }

    pub async fn draft(
        &self,
        workspace: WorkspaceId,
        on: &str,
        memo: &str,
        lines: &[(&str, &str, &str)],
    ) -> JournalEntryId {
        let id = JournalEntryId::new_v7();
        let mut unit = Unit::new(&Self::entry_metadata(workspace), None);
        unit.decide(
            &Loaded::<JournalEntry>::fresh(id.to_string()),
            CreateDraft {
                journal_entry_id: id,
                workspace_id: workspace,
                entry: Self::entry(workspace, on, memo, lines),
                created_by: CLERK,
            }
            .into(),
        )
        .expect("draft");
        unit.commit(&Runner::new(self.store.clone()))
            .await
            .expect("commit");
        id
    }

    pub async fn post_draft(&self, workspace: WorkspaceId, id: JournalEntryId, sequence: u64) {
        let draft = self.load_entry(id).await;
        self.posted(workspace, sequence, |p| p.post_draft(&draft, CLERK))
            .await;
    }

    /// Posts `(account, debit cents, credit cents)` lines as entry `sequence`.
    pub async fn post_ids(
        &self,
        workspace: WorkspaceId,
        sequence: u64,
        on: NaiveDate,
        memo: &str,
        lines: &[(AccountId, i64, i64)],
    ) -> JournalEntryId {
        let id = JournalEntryId::new_v7();
        let amount = |cents: i64| (cents > 0).then(|| Decimal::new(cents, 2));
        let entry = EntryInput {
            date: on,
            memo: memo.into(),
            reference: String::new(),
            lines: lines
                .iter()
                .map(|(account, debit, credit)| LineInput {
                    account_id: *account,
                    description: String::new(),
                    debit: amount(*debit),
                    credit: amount(*credit),
                })
                .collect(),
        };
        self.posted(workspace, sequence, |p| {
            p.post_new(id, entry.clone(), CLERK)
        })
        .await;
        id
    }

    /// Reverses `original` by an entry dated `on`, numbered `sequence` (one append).
    pub async fn reverse(
        &self,
        workspace: WorkspaceId,
        original: JournalEntryId,
        sequence: u64,
        on: &str,
    ) -> JournalEntryId {
        let reversal = JournalEntryId::new_v7();
        let o = self.load_entry(original).await;
        self.posted(workspace, sequence, |p| {
            p.reverse(&o, reversal, date(on), CLERK)
        })
        .await;
        reversal
    }
}

pub fn projectors() -> Vec<Arc<dyn Projector>> {
    vec![Arc::new(Accounts), Arc::new(Ledger)]
}

/// Applies the whole log in batches of `batch` events (small batches cut entries'
/// lifecycles across transactions, as live processing does).
pub async fn project(runtime: &ProjectionRuntime, batch: i64) {
    // Wait until every committed event is readable (Postgres watermark).
    store::testing::read_all_committed(runtime.store()).await;
    for name in ["accounts", "ledger"] {
        runtime
            .catch_up(name, batch, &|_| {})
            .await
            .expect("project");
    }
}

/// Every row of a read-model table, as text, in a stable order.
pub async fn dump(db: &Db, table: &str, order: &str) -> Vec<Vec<String>> {
    let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY {order}"))
        .fetch_all(&db.pool)
        .await
        .expect("dump");
    rows.iter()
        .map(|row| {
            (0..row.len())
                .map(|i| {
                    row.try_get::<Option<String>, _>(i)
                        .map(|v| v.unwrap_or_else(|| "NULL".into()))
                        .or_else(|_| {
                            row.try_get::<Option<i64>, _>(i)
                                .map(|v| v.map_or("NULL".into(), |v| v.to_string()))
                        })
                        .unwrap_or_else(|e| format!("?{e}"))
                })
                .collect()
        })
        .collect()
}

pub const TABLES: &[(&str, &str)] = &[
    ("read_accounts", "workspace_id, account_id"),
    ("read_account_budgets", "workspace_id, account_id, month"),
    ("read_books", "workspace_id"),
    ("read_postings", "entry_id, line_index"),
    (
        "read_ledger_totals",
        "workspace_id, grain, period, account_id",
    ),
    ("read_journal_entries", "entry_id"),
    ("read_journal_draft_lines", "entry_id, line_index"),
];
