//! Property test of the accounting read side: random account trees, random balanced
//! journals over two years, random reversals, projected in random batch sizes, checked
//! against an in-memory model of the same postings:
//! - trial-balance totals are equal, and every row (leaves and rolled-up parents) equals
//!   the model's sums at random dates;
//! - every account's trial-balance balance equals its general-ledger closing balance and
//!   the last running balance of its postings, paged at random sizes;
//! - income and expense summaries equal the sums of their postings per month;
//! - rebuilding both projectors gives identical tables.
//!
//! Deterministic: each case is a fixed seed, so a failure names its seed and replays.

use std::collections::HashSet;

use chrono::{Datelike, Days, NaiveDate};
use domain::account_tree::{
    default_account_id, AccountType, ArchiveAccount, CreateAccount, DEFAULT_CHART,
};
use event_schemas::{AccountId, JournalEntryId, WorkspaceId};
use projections::ProjectionRuntime;
use query_api::accounting::{self, Granularity};
use rust_decimal::Decimal;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, EventStore};

mod common;

use common::*;

/// Entries per case: enough to span many days, months and both years.
const ENTRIES: usize = 80;
/// Sub-accounts added to the default chart per case.
const NEW_ACCOUNTS: usize = 8;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[derive(Clone)]
struct ModelAccount {
    id: AccountId,
    code: String,
    account_type: AccountType,
    parent: Option<AccountId>,
    archived: bool,
}

#[derive(Clone, Copy)]
struct Posting {
    date: NaiveDate,
    account: AccountId,
    debit: i64,
    credit: i64,
}

struct Model {
    accounts: Vec<ModelAccount>,
    postings: Vec<Posting>,
}

impl Model {
    fn leaves(&self) -> Vec<&ModelAccount> {
        let parents: HashSet<AccountId> = self.accounts.iter().filter_map(|a| a.parent).collect();
        self.accounts
            .iter()
            .filter(|a| !parents.contains(&a.id))
            .collect()
    }

    fn subtree(&self, root: AccountId) -> HashSet<AccountId> {
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
    fn sums(&self, accounts: &HashSet<AccountId>, from: NaiveDate, to: NaiveDate) -> (i64, i64) {
        self.postings
            .iter()
            .filter(|p| accounts.contains(&p.account) && p.date >= from && p.date <= to)
            .fold((0, 0), |(d, c), p| (d + p.debit, c + p.credit))
    }
}

fn cents(amount: &str) -> i64 {
    let value = d(amount) * Decimal::ONE_HUNDRED;
    i64::try_from(value.mantissa() / 10i128.pow(value.scale())).expect("cents")
}

fn begin() -> NaiveDate {
    date("0001-01-01")
}

async fn random_books(
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

async fn random_journals_agree_with_the_model_in_every_report(backend: Backend) {
    for seed in [0x5EED_0001_u64, 0x5EED_0002] {
        let (t, runtime, ws, model) = random_books(backend, seed).await;
        let wss = ws.to_string();
        let mut rng = Rng(seed ^ 0xABCD);
        // The case exercises what it claims to.
        let reversals = accounting::journal_entries(
            &t.db,
            &wss,
            &accounting::JournalEntryFilters {
                status: Some("reversed".into()),
                ..Default::default()
            },
            page(1, 100),
        )
        .await
        .expect("list")
        .count;
        assert!(reversals >= 3, "seed {seed:#x}: only {reversals} reversals");
        assert!(model.postings.len() > 2 * ENTRIES, "seed {seed:#x}");
        assert!(
            model.accounts.iter().any(|a| a.archived),
            "seed {seed:#x}: nothing archived"
        );
        assert!(
            model.accounts.len() > DEFAULT_CHART.len(),
            "seed {seed:#x}: no new accounts"
        );
        let mut dates: Vec<NaiveDate> = (0..4)
            .map(|_| date("2024-12-01") + Days::new(rng.below(800) as u64))
            .collect();
        dates.push(date("2026-12-31"));

        for as_of in &dates {
            let tb = accounting::trial_balance(&t.db, &wss, *as_of, None)
                .await
                .expect("tb");
            let (debits, credits) = model
                .postings
                .iter()
                .filter(|p| p.date <= *as_of)
                .fold((0, 0), |(d, c), p| (d + p.debit, c + p.credit));
            assert!(tb.balanced, "seed {seed:#x} as of {as_of}");
            assert_eq!(
                (cents(&tb.totals.debit), cents(&tb.totals.credit)),
                (debits, credits),
                "seed {seed:#x} totals as of {as_of}"
            );
            for r in &tb.rows {
                let account = model
                    .accounts
                    .iter()
                    .find(|a| a.id.to_string() == r.account_id)
                    .expect("known account");
                let (d, c) = model.sums(&model.subtree(account.id), begin(), *as_of);
                assert_eq!(
                    (cents(&r.debit), cents(&r.credit)),
                    (d, c),
                    "seed {seed:#x} account {} as of {as_of}",
                    account.code
                );
                let balance = if account.account_type.is_debit_normal() {
                    d - c
                } else {
                    c - d
                };
                assert_eq!(
                    cents(&r.balance),
                    balance,
                    "seed {seed:#x} balance of {}",
                    account.code
                );
            }
        }

        let as_of = date("2026-12-31");
        let tb = accounting::trial_balance(&t.db, &wss, as_of, None)
            .await
            .expect("tb");
        for r in tb.rows.iter().filter(|r| r.is_last_level) {
            let size = 1 + rng.below(7) as u32;
            let mut n = 1;
            let mut last = "0.00".to_owned();
            let mut seen = 0;
            loop {
                let gl = accounting::general_ledger(
                    &t.db,
                    &wss,
                    Some(&r.account_id),
                    None,
                    Some(as_of),
                    page(n, size),
                )
                .await
                .expect("gl");
                assert_eq!(
                    gl.closing_balance, r.balance,
                    "seed {seed:#x} closing of {}",
                    r.account_code
                );
                seen += gl.postings.data.len();
                if let Some(p) = gl.postings.data.last() {
                    last = p.running_balance.clone();
                }
                if i64::from(n) >= gl.postings.total_pages {
                    assert_eq!(seen as i64, gl.postings.count);
                    break;
                }
                n += 1;
            }
            assert_eq!(
                last, r.balance,
                "seed {seed:#x} running balance of {} (page size {size})",
                r.account_code
            );
        }
        // A general ledger from a random period start opens at the balance before it.
        for r in tb.rows.iter().take(12) {
            let from = date("2025-01-01") + Days::new(rng.below(700) as u64);
            let account = model
                .accounts
                .iter()
                .find(|a| a.id.to_string() == r.account_id)
                .expect("known");
            let gl = accounting::general_ledger(
                &t.db,
                &wss,
                Some(&r.account_id),
                Some(from),
                None,
                page(1, 5),
            )
            .await
            .expect("gl");
            let (d, c) = model.sums(
                &model.subtree(account.id),
                begin(),
                from.pred_opt().expect("date"),
            );
            let opening = if account.account_type.is_debit_normal() {
                d - c
            } else {
                c - d
            };
            assert_eq!(
                cents(&gl.opening_balance),
                opening,
                "seed {seed:#x} opening of {} at {from}",
                account.code
            );
        }

        for (kind, granularity) in [
            (AccountType::Income, Granularity::Month),
            (AccountType::Expense, Granularity::Month),
        ] {
            let from = date("2025-01-01") + Days::new(rng.below(300) as u64);
            let to = from + Days::new(rng.below(400) as u64);
            let summary = match kind {
                AccountType::Income => {
                    accounting::income_summary(&t.db, &wss, from, to, granularity).await
                }
                _ => accounting::expense_summary(&t.db, &wss, from, to, granularity).await,
            }
            .expect("summary");
            let mut total = 0;
            for r in &summary.rows {
                let account = model
                    .accounts
                    .iter()
                    .find(|a| a.id.to_string() == r.account_id)
                    .expect("known");
                let set = model.subtree(account.id);
                for (i, period) in summary.periods.iter().enumerate() {
                    let (d, c) = model.sums(&set, period.from, period.to);
                    let expected = if kind.is_debit_normal() { d - c } else { c - d };
                    assert_eq!(
                        cents(&r.amounts[i]),
                        expected,
                        "seed {seed:#x} {} in {}",
                        account.code,
                        period.key
                    );
                }
                if account.parent.is_none() {
                    total += cents(&r.total);
                }
            }
            assert_eq!(
                cents(&summary.totals.total),
                total,
                "seed {seed:#x} summary total"
            );
            let months: HashSet<(i32, u32)> = summary
                .periods
                .iter()
                .map(|p| (p.from.year(), p.from.month()))
                .collect();
            assert_eq!(months.len(), summary.periods.len());
        }

        let check = accounting::ledger_check(&t.db, &wss).await.expect("check");
        assert!(check.consistent, "seed {seed:#x}: {check:?}");
        assert_eq!(check.postings, model.postings.len() as i64);

        let mut live = Vec::new();
        for (table, order) in TABLES {
            live.push(dump(&t.db, table, order).await);
        }
        for name in ["accounts", "ledger"] {
            runtime.rebuild(name, &|_| {}).await.expect("rebuild");
        }
        for ((table, order), before) in TABLES.iter().zip(&live) {
            assert_eq!(
                &dump(&t.db, table, order).await,
                before,
                "seed {seed:#x}: {table} differs after rebuild"
            );
        }
        t.cleanup().await;
    }
}

backend_tests!(random_journals_agree_with_the_model_in_every_report);
