//! A workspace's books as the log held them at a position: every posted entry (as the
//! audit reads it) and the lock date, replayed from the workspace's hash chain. The
//! chain holds only that workspace's events, so no other workspace is ever read.
//!
//! The replay is kept between batches ([`BooksCache`]) and extended with the chain's new
//! events only: a live posting reads its own events, not the workspace's whole history.
//! What is kept is a prefix of an append-only chain, so it never goes stale; a request
//! for an earlier position (the reactor started over) replays from the start.

use std::collections::HashMap;

use chrono::NaiveDate;
use cqrs_es::Aggregate;
use domain::account_tree::AccountTree;
use event_schemas::account_tree::AccountTreeEvent;
use event_schemas::journal_entry::JournalEntryEvent;
use event_schemas::JournalEntryId;
use store::EventStore;
use tokio::sync::Mutex;

/// Chain events read per page.
const PAGE: i64 = 5_000;

/// Workspaces whose replay is kept: monitoring is a choice made per workspace, so few
/// are monitored on one node; past this the least recently used replay is dropped (and
/// rebuilt from the chain when needed again).
const CACHED_WORKSPACES_MAX: usize = 16;

/// The books at a position.
#[derive(Debug, Clone, Default)]
pub struct Books {
    /// Every entry posted up to the position, in chain order.
    pub entries: Vec<audit::JournalEntry>,
    /// The log position of each entry's posting.
    pub positions: HashMap<JournalEntryId, i64>,
    /// The lock date in force at the position: the last close.
    pub lock_date: Option<NaiveDate>,
}

/// A workspace's chain replayed up to some event.
#[derive(Debug, Clone, Default)]
struct Replay {
    /// The last chain event applied (`chain_seq`) and its log position.
    chain_seq: i64,
    through: i64,
    tree: AccountTree,
    entries: Vec<audit::JournalEntry>,
    positions: HashMap<JournalEntryId, i64>,
    /// When it was last used (a counter), to drop the least recently used.
    used: u64,
}

/// Replays kept between batches, per workspace.
#[derive(Debug, Default)]
pub struct BooksCache {
    replays: Mutex<(u64, HashMap<String, Replay>)>,
}

impl BooksCache {
    /// `workspace`'s books with every event of its chain up to `position` (inclusive).
    pub async fn books_through(
        &self,
        store: &EventStore,
        workspace: &str,
        position: i64,
    ) -> Result<Books, String> {
        let mut guard = self.replays.lock().await;
        let (clock, replays) = &mut *guard;
        *clock += 1;
        let mut replay = replays
            .remove(workspace)
            .filter(|r| r.through <= position)
            .unwrap_or_default();
        extend(store, workspace, position, &mut replay).await?;
        replay.used = *clock;
        let books = Books {
            entries: replay.entries.clone(),
            positions: replay.positions.clone(),
            lock_date: replay.tree.lock_date(),
        };
        if replays.len() >= CACHED_WORKSPACES_MAX {
            let oldest = replays
                .iter()
                .min_by_key(|(_, r)| r.used)
                .map(|(w, _)| w.clone());
            if let Some(oldest) = oldest {
                replays.remove(&oldest);
            }
        }
        replays.insert(workspace.to_owned(), replay);
        Ok(books)
    }

    /// Forgets every replay (the reactor starts over).
    pub async fn clear(&self) {
        self.replays.lock().await.1.clear();
    }
}

/// Applies `workspace`'s chain events after `replay` up to `position`.
async fn extend(
    store: &EventStore,
    workspace: &str,
    position: i64,
    replay: &mut Replay,
) -> Result<(), String> {
    let tree_upcasters = event_schemas::account_tree::upcasters();
    let entry_upcasters = event_schemas::journal_entry::upcasters();
    loop {
        let page = store
            .log()
            .read_chain(workspace, replay.chain_seq, PAGE)
            .await
            .map_err(|e| e.to_string())?;
        if page.is_empty() {
            return Ok(());
        }
        for event in page {
            if event.global_position > position {
                return Ok(());
            }
            match event.aggregate_type.as_str() {
                event_schemas::account_tree::AGGREGATE_TYPE => {
                    let decoded: AccountTreeEvent = crate::decode::decode(&event, &tree_upcasters)
                        .map_err(|e| e.to_string())?;
                    replay.tree.apply(decoded);
                }
                event_schemas::journal_entry::AGGREGATE_TYPE
                    if event.event_type == "JournalEntryPosted" =>
                {
                    if let JournalEntryEvent::JournalEntryPosted(posted) =
                        crate::decode::decode(&event, &entry_upcasters)
                            .map_err(|e| e.to_string())?
                    {
                        // An account's class never changes once created, so the class
                        // read now is the one a later cut-off would read.
                        let tree = &replay.tree;
                        let entry = audit::JournalEntry::from_posted(
                            &posted,
                            event.recorded_at_utc(),
                            |id| tree.account(id).map(|a| a.account_type),
                        )
                        .map_err(|e| format!("entry {}: {e}", posted.journal_entry_id))?;
                        replay
                            .positions
                            .insert(posted.journal_entry_id, event.global_position);
                        replay.entries.push(entry);
                    }
                }
                _ => {}
            }
            replay.chain_seq = event.chain_seq;
            replay.through = event.global_position;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use event_schemas::account_tree::{AccountCreated, AccountType, LockDateSet};
    use event_schemas::journal_entry::{JournalEntryPosted, JournalLine};
    use event_schemas::{AccountId, UserId, WorkspaceId};
    use rust_decimal::Decimal;
    use store::backend::AppendRequest;
    use store::testing::TestDatabase;
    use store::{backend_tests, Backend, EventMetadata, NewEvent};

    struct Fixture {
        store: EventStore,
        workspace: WorkspaceId,
        accounts: (AccountId, AccountId),
        tree_sequence: i64,
    }

    impl Fixture {
        async fn new(db: &TestDatabase) -> Self {
            let store = EventStore::open(db.db.clone()).await.expect("store");
            let mut fixture = Self {
                store,
                workspace: WorkspaceId::new_v7(),
                accounts: (AccountId::new_v7(), AccountId::new_v7()),
                tree_sequence: 0,
            };
            let (expense, asset) = fixture.accounts;
            for (id, class, code) in [
                (expense, AccountType::Expense, "6210"),
                (asset, AccountType::Asset, "1120"),
            ] {
                fixture
                    .tree(AccountTreeEvent::AccountCreated(AccountCreated {
                        workspace_id: fixture.workspace,
                        account_id: id,
                        name: code.into(),
                        account_type: class,
                        account_code: code.into(),
                        parent_id: None,
                        is_editable: true,
                        depreciation_type: None,
                        depreciation_value: None,
                    }))
                    .await;
            }
            fixture
        }

        fn metadata(&self) -> EventMetadata {
            EventMetadata {
                workspace_id: Some(self.workspace.to_string()),
                ..EventMetadata::default()
            }
        }

        async fn tree(&mut self, event: AccountTreeEvent) -> i64 {
            self.tree_sequence += 1;
            let new = NewEvent::of(
                event_schemas::account_tree::AGGREGATE_TYPE,
                &self.workspace.to_string(),
                self.tree_sequence,
                &event,
                &self.metadata(),
            )
            .expect("event");
            self.append(new).await
        }

        async fn post(&self, sequence: u64) -> (JournalEntryId, i64) {
            let id = JournalEntryId::new_v7();
            let amount: Decimal = "250.00".parse().expect("amount");
            let line = |account_id, debit, credit| JournalLine {
                account_id,
                description: String::new(),
                debit,
                credit,
            };
            let event = JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
                journal_entry_id: id,
                workspace_id: self.workspace,
                entry_sequence: sequence,
                entry_number: format!("JE-{sequence:06}"),
                date: NaiveDate::from_ymd_opt(2026, 3, 2).expect("date"),
                memo: "Stationery for the Lagos office".into(),
                reference: String::new(),
                lines: vec![
                    line(self.accounts.0, amount, Decimal::ZERO),
                    line(self.accounts.1, Decimal::ZERO, amount),
                ],
                total: amount,
                reverses: None,
                posted_by: UserId::new_v7(),
            });
            let new = NewEvent::of(
                event_schemas::journal_entry::AGGREGATE_TYPE,
                &id.to_string(),
                1,
                &event,
                &self.metadata(),
            )
            .expect("event");
            (id, self.append(new).await)
        }

        async fn append(&self, new: NewEvent) -> i64 {
            let cursors = self
                .store
                .append(AppendRequest::new(vec![new]))
                .await
                .expect("append");
            cursors[0].position
        }
    }

    async fn a_kept_replay_grows_with_the_chain_and_matches_a_fresh_one(backend: Backend) {
        let db = TestDatabase::new(backend).await;
        let mut fixture = Fixture::new(&db).await;
        let cache = BooksCache::default();
        let (first, first_at) = fixture.post(1).await;

        let before = cache
            .books_through(&fixture.store, &fixture.workspace.to_string(), first_at)
            .await
            .expect("books");
        let lock = NaiveDate::from_ymd_opt(2026, 2, 28).expect("date");
        fixture
            .tree(AccountTreeEvent::LockDateSet(LockDateSet {
                workspace_id: fixture.workspace,
                lock_date: Some(lock),
            }))
            .await;
        let (second, second_at) = fixture.post(2).await;
        let workspace = fixture.workspace.to_string();
        let kept = cache
            .books_through(&fixture.store, &workspace, second_at)
            .await
            .expect("books");
        let fresh = BooksCache::default()
            .books_through(&fixture.store, &workspace, second_at)
            .await
            .expect("books");
        let earlier = cache
            .books_through(&fixture.store, &workspace, first_at)
            .await
            .expect("books");

        assert_eq!(before.entries.len(), 1);
        assert_eq!(before.lock_date, None);
        assert_eq!(kept.entries, fresh.entries);
        assert_eq!(kept.positions, fresh.positions);
        assert_eq!(kept.lock_date, Some(lock));
        assert_eq!(kept.positions[&first], first_at);
        assert_eq!(kept.positions[&second], second_at);
        assert_eq!(kept.entries[1].lines[0].account_class, AccountType::Expense);
        let ids: Vec<_> = earlier.entries.iter().map(|e| e.id).collect();
        assert_eq!(
            ids,
            vec![first],
            "an earlier position replays from the start"
        );
        assert_eq!(earlier.lock_date, None);
        db.cleanup().await;
    }

    backend_tests!(a_kept_replay_grows_with_the_chain_and_matches_a_fresh_one);
}
