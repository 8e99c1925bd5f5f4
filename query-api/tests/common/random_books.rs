//! Random books for the property tests: a random tree of sub-accounts under the default
//! chart, random balanced entries over two years (2025–2026) with random reversals and an
//! archived account, projected in random batch sizes — and an in-memory model of the same
//! postings to check the reports against.

use std::collections::HashSet;

use chrono::{Datelike, Days, NaiveDate};
use domain::account_tree::{
    default_account_id, AccountType, ArchiveAccount, CreateAccount, DEFAULT_CHART,
};
use event_schemas::{AccountId, JournalEntryId, WorkspaceId};
use projections::ProjectionRuntime;
use rust_decimal::Decimal;
use store::testing::TestDatabase;
use store::{Backend, EventStore};

use super::*;

/// Entries per case: enough to span many days, months and both years.
pub const ENTRIES: usize = 80;
/// Sub-accounts added to the default chart per case.
pub const NEW_ACCOUNTS: usize = 8;

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone)]
pub struct ModelAccount {
    pub id: AccountId,
    pub code: String,
    pub account_type: AccountType,
    pub parent: Option<AccountId>,
    pub archived: bool,
}

#[derive(Clone, Copy)]
pub struct Posting {
    pub date: NaiveDate,
    pub account: AccountId,
    pub debit: i64,
    pub credit: i64,
}

pub struct Model {
    pub accounts: Vec<ModelAccount>,
    pub postings: Vec<Posting>,
}

impl Model {
    pub fn leaves(&self) -> Vec<&ModelAccount> {
        let parents: HashSet<AccountId> = self.accounts.iter().filter_map(|a| a.parent).collect();
        self.accounts
            .iter()
            .filter(|a| !parents.contains(&a.id))
            .collect()
    }

    pub fn subtree(&self, root: AccountId) -> HashSet<AccountId> {
        let mut set = HashSet::from([root]);
        loop {
            let before = set.len();
            for a in &self.accounts {
                if a.parent.is_some_and(|p| set.contains(&p)) {
                    set.insert(a.id);
                }
            }
            if set.len() == before {
                return set;
            }
        }
    }

    /// (debit, credit) cents of `accounts` from `from` to `to`, both inclusive.
    pub fn sums(
        &self,
        accounts: &HashSet<AccountId>,
        from: NaiveDate,
        to: NaiveDate,
    ) -> (i64, i64) {
        self.postings
            .iter()
            .filter(|p| accounts.contains(&p.account) && p.date >= from && p.date <= to)
            .fold((0, 0), |(d, c), p| (d + p.debit, c + p.credit))
    }
}

impl Model {
    /// [`Model::sums`] up to `as_of` after a virtual close in calendar fiscal years:
    /// income and expense from the year's first day only, and the result of every earlier
    /// year on `retained` (net, as one debit or credit).
    pub fn closed_sums(
        &self,
        accounts: &HashSet<AccountId>,
        retained: AccountId,
        as_of: NaiveDate,
    ) -> (i64, i64) {
        self.closed_sums_in(accounts, retained, as_of, as_of)
    }

    /// The same in the fiscal year `in_year` falls in (a ledger's opening balance: up to
    /// the day before its start, in the start's year).
    pub fn closed_sums_in(
        &self,
        accounts: &HashSet<AccountId>,
        retained: AccountId,
        in_year: NaiveDate,
        as_of: NaiveDate,
    ) -> (i64, i64) {
        let year_start = NaiveDate::from_ymd_opt(in_year.year(), 1, 1).expect("date");
        let day_before = year_start.pred_opt().expect("date");
        let result_accounts: HashSet<AccountId> = self
            .accounts
            .iter()
            .filter(|a| matches!(a.account_type, AccountType::Income | AccountType::Expense))
            .map(|a| a.id)
            .collect();
        let (mut debit, mut credit) = (0, 0);
        for account in accounts {
            let one = HashSet::from([*account]);
            let from = if result_accounts.contains(account) {
                year_start
            } else {
                begin()
            };
            let (d, c) = self.sums(&one, from, as_of);
            debit += d;
            credit += c;
        }
        if accounts.contains(&retained) {
            let (d, c) = self.sums(&result_accounts, begin(), day_before);
            let result = c - d;
            if result >= 0 {
                credit += result;
            } else {
                debit -= result;
            }
        }
        (debit, credit)
    }
}

pub fn cents(amount: &str) -> i64 {
    let value = d(amount) * Decimal::ONE_HUNDRED;
    i64::try_from(value.mantissa() / 10i128.pow(value.scale())).expect("cents")
}

pub fn begin() -> NaiveDate {
    date("0001-01-01")
}

pub async fn random_books(
    backend: Backend,
    seed: u64,
) -> (TestDatabase, ProjectionRuntime, WorkspaceId, Model) {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let runtime = ProjectionRuntime::new(store.clone(), projectors());
    runtime.prepare().await.expect("prepare");
    let clerk = Clerk { store };
    let mut rng = Rng(seed);
    let ws = clerk.set_up().await;
    let mut model = Model {
        accounts: DEFAULT_CHART
            .iter()
            .map(|a| ModelAccount {
                id: default_account_id(ws, a.code),
                code: a.code.to_owned(),
                account_type: a.account_type,
                parent: a.parent_code.map(|p| default_account_id(ws, p)),
                archived: false,
            })
            .collect(),
        postings: Vec::new(),
    };
    // A random tree: sub-accounts under random leaves (none has postings yet).
    for n in 0..NEW_ACCOUNTS {
        let leaves = model.leaves();
        let parent = leaves[rng.below(leaves.len())].clone();
        let code = format!("{}{:02}", parent.code, n);
        if code.len() > 10 {
            continue;
        }
        let id = AccountId::new_v7();
        clerk
            .on_tree(
                ws,
                CreateAccount {
                    workspace_id: ws,
                    account_id: id,
                    name: format!("Sub-account {code}"),
                    account_code: code.clone(),
                    account_type: parent.account_type,
                    parent_id: Some(parent.id),
                    parent_has_postings: false,
                    depreciation_type: None,
                    depreciation_value: None,
                    classification: Default::default(),
                }
                .into(),
            )
            .await;
        model.accounts.push(ModelAccount {
            id,
            code,
            account_type: parent.account_type,
            parent: Some(parent.id),
            archived: false,
        });
    }
    let start = date("2025-01-01");
    // Each posted entry: its id, whether it is reversed (or is a reversal), and where its
    // lines sit in `model.postings`.
    let mut posted: Vec<(JournalEntryId, bool, std::ops::Range<usize>)> = Vec::new();
    let mut sequence = 0;
    for n in 0..ENTRIES {
        let active: Vec<AccountId> = model
            .leaves()
            .iter()
            .filter(|a| !a.archived)
            .map(|a| a.id)
            .collect();
        sequence += 1;
        if n > 5 && rng.below(8) == 0 {
            // Reverse a random entry not yet reversed.
            let open: Vec<usize> = (0..posted.len()).filter(|i| !posted[*i].1).collect();
            if let Some(&i) = open.get(rng.below(open.len().max(1))) {
                let on = start + Days::new(rng.below(730) as u64);
                let original = posted[i].0;
                let reversal = clerk.reverse(ws, original, sequence, &on.to_string()).await;
                posted[i].1 = true;
                let begin_at = model.postings.len();
                let original_lines: Vec<Posting> = model.postings[posted[i].2.clone()].to_vec();
                for p in original_lines {
                    model.postings.push(Posting {
                        date: on,
                        account: p.account,
                        debit: p.credit,
                        credit: p.debit,
                    });
                }
                posted.push((reversal, true, begin_at..model.postings.len()));
                continue;
            }
        }
        let on = start + Days::new(rng.below(730) as u64);
        let pairs = 1 + rng.below(2);
        let mut lines = Vec::new();
        for _ in 0..pairs {
            let amount = 1 + (rng.next() % 100_000_000) as i64;
            let a = active[rng.below(active.len())];
            let mut b = active[rng.below(active.len())];
            if b == a {
                b = active[(active.iter().position(|x| *x == a).unwrap_or(0) + 1) % active.len()];
            }
            lines.push((a, amount, 0));
            lines.push((b, 0, amount));
        }
        let id = clerk
            .post_ids(ws, sequence, on, &format!("Entry {n}"), &lines)
            .await;
        let begin_at = model.postings.len();
        for (account, debit, credit) in &lines {
            model.postings.push(Posting {
                date: on,
                account: *account,
                debit: *debit,
                credit: *credit,
            });
        }
        posted.push((id, false, begin_at..model.postings.len()));
        if n >= ENTRIES / 2 && !model.accounts.iter().any(|a| a.archived) {
            // Archive a leaf that has postings: its history must stay in the books.
            if let Some(a) = model.accounts.iter_mut().find(|a| a.id == lines[0].0) {
                a.archived = true;
                clerk
                    .on_tree(
                        ws,
                        ArchiveAccount {
                            workspace_id: ws,
                            account_id: a.id,
                        }
                        .into(),
                    )
                    .await;
            }
        }
        if rng.below(10) == 0 {
            project(&runtime, 1 + rng.below(40) as i64).await;
        }
    }
    project(&runtime, 1 + rng.below(40) as i64).await;
    (t, runtime, ws, model)
}
