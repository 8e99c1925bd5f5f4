//! What the accounting tests share: a clerk that drives the real aggregates on the real
//! log, the projectors under test, and table dumps for rebuild-equals-live.
#![allow(dead_code)]

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;

use api_core::pagination::Page;
use chrono::NaiveDate;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{CqrsFramework, EventStore as _};
use domain::account_tree::{self, default_account_id, AccountTree, SetUpDefaultChart};
use domain::journal_entry::{
    self, BooksSnapshot, CreateDraft, EntryInput, JournalEntry, LineInput, PostDraft, PostNewEntry,
    PostReversal, ReverseEntry,
};
use event_schemas::{AccountId, JournalEntryId, UserId, WorkspaceId};
use projections::accounts::Accounts;
use projections::ledger::Ledger;
use projections::{ProjectionRuntime, Projector};
use rust_decimal::Decimal;
use sqlx::Row;
use store::repository::LogRepository;
use store::{Db, EventMetadata, EventStore};

pub const SNAPSHOT_SIZE: usize = 20;

pub const CLERK: UserId = UserId::from_uuid(uuid::Uuid::from_u128(
    0x0190_f2a4_6b1e_7c3a_9d55_bbbb_0000_0001,
));

pub type TreeStore = PersistedEventStore<LogRepository, AccountTree>;
pub type EntryStore = PersistedEventStore<LogRepository, JournalEntry>;

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

    pub fn entries(&self) -> EntryStore {
        PersistedEventStore::new_snapshot_store(
            LogRepository::new(self.store.clone(), SNAPSHOT_SIZE),
            SNAPSHOT_SIZE,
        )
        .with_upcasters(journal_entry::upcasters())
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

    pub async fn on_entry(
        &self,
        workspace: WorkspaceId,
        id: JournalEntryId,
        command: journal_entry::JournalEntryCommand,
    ) {
        CqrsFramework::new(self.entries(), vec![], ())
            .execute_with_metadata(&id.to_string(), command, Self::metadata(workspace))
            .await
            .expect("journal entry command");
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
        let tree = self.tree(workspace).await;
        self.on_entry(
            workspace,
            id,
            PostNewEntry {
                journal_entry_id: id,
                workspace_id: workspace,
                books: BooksSnapshot::for_entry(&tree, &entry),
                entry,
                entry_sequence: sequence,
                posted_by: CLERK,
            }
            .into(),
        )
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
        self.on_entry(
            workspace,
            id,
            CreateDraft {
                journal_entry_id: id,
                workspace_id: workspace,
                entry: Self::entry(workspace, on, memo, lines),
                created_by: CLERK,
            }
            .into(),
        )
        .await;
        id
    }

    pub async fn post_draft(&self, workspace: WorkspaceId, id: JournalEntryId, sequence: u64) {
        let draft = self
            .entries()
            .load_aggregate(&id.to_string())
            .await
            .expect("load draft")
            .aggregate;
        let accounts: Vec<_> = draft
            .draft()
            .expect("a draft")
            .content
            .lines
            .iter()
            .map(|l| l.account_id)
            .collect();
        let tree = self.tree(workspace).await;
        self.on_entry(
            workspace,
            id,
            PostDraft {
                entry_sequence: sequence,
                books: BooksSnapshot::for_lines(&tree, &accounts),
                posted_by: CLERK,
            }
            .into(),
        )
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
        let tree = self.tree(workspace).await;
        self.on_entry(
            workspace,
            id,
            PostNewEntry {
                journal_entry_id: id,
                workspace_id: workspace,
                books: BooksSnapshot::for_entry(&tree, &entry),
                entry,
                entry_sequence: sequence,
                posted_by: CLERK,
            }
            .into(),
        )
        .await;
        id
    }

    /// The documented order: mark the original, then post the reversal.
    pub async fn reverse(
        &self,
        workspace: WorkspaceId,
        original: JournalEntryId,
        sequence: u64,
        on: &str,
    ) -> JournalEntryId {
        let reversal = JournalEntryId::new_v7();
        let tree = self.tree(workspace).await;
        let load = |id: JournalEntryId| async move {
            self.entries()
                .load_aggregate(&id.to_string())
                .await
                .expect("load entry")
                .aggregate
        };
        let o = load(original).await;
        let accounts: Vec<_> = o
            .posted()
            .expect("posted")
            .content
            .lines
            .iter()
            .map(|l| l.account_id)
            .collect();
        let books = BooksSnapshot::for_lines(&tree, &accounts);
        self.on_entry(
            workspace,
            original,
            ReverseEntry {
                reversed_by: reversal,
                reversal_date: date(on),
                books: books.clone(),
                reversed_by_user: CLERK,
            }
            .into(),
        )
        .await;
        let o = load(original).await;
        self.on_entry(
            workspace,
            reversal,
            PostReversal {
                journal_entry_id: reversal,
                original: o.posted().expect("posted").clone(),
                date: date(on),
                entry_sequence: sequence,
                books,
                posted_by: CLERK,
            }
            .into(),
        )
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
