//! Property test of the accounting read side: random account trees, random balanced
//! journals over two years, random reversals, projected in random batch sizes, checked
//! against an in-memory model of the same postings:
//! - trial-balance totals are equal, and every row (leaves and rolled-up parents) equals
//!   the model's sums after a virtual close at random dates;
//! - every account's trial-balance balance equals its general-ledger closing balance and
//!   the last running balance of its postings, paged at random sizes;
//! - income and expense summaries equal the sums of their postings per month;
//! - rebuilding both projectors gives identical tables.
//!
//! Deterministic: each case is a fixed seed, so a failure names its seed and replays.

use std::collections::HashSet;

use chrono::{Datelike, Days, NaiveDate};
use domain::account_tree::{AccountType, DEFAULT_CHART};
use query_api::accounting::{self, Granularity};
use store::{backend_tests, Backend};

mod common;

use common::random_books::*;
use common::*;

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
            // Income and expense of earlier fiscal years sit in retained earnings (the
            // virtual close), so the totals are the leaves' sums after it.
            let retained = domain::account_tree::default_account_id(ws, "3200");
            let everything: HashSet<_> = model.accounts.iter().map(|a| a.id).collect();
            let (debits, credits) = model.closed_sums(&everything, retained, *as_of);
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
                let (d, c) = model.closed_sums(&model.subtree(account.id), retained, *as_of);
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
        let retained = domain::account_tree::default_account_id(ws, "3200");
        let tb = accounting::trial_balance(&t.db, &wss, as_of, None)
            .await
            .expect("tb");
        for r in tb.rows.iter().filter(|r| r.is_last_level) {
            let size = 1 + rng.below(7) as u32;
            let mut n = 1;
            let mut last = None;
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
                    last = Some((p.running_balance.clone(), p.date));
                }
                if i64::from(n) >= gl.postings.total_pages {
                    assert_eq!(seen as i64, gl.postings.count);
                    break;
                }
                n += 1;
            }
            // The last running balance is the balance on the last posting's day, in that
            // day's fiscal year (an income or expense account restarts every year).
            if let Some((running, day)) = last {
                let account = model
                    .accounts
                    .iter()
                    .find(|a| a.id.to_string() == r.account_id)
                    .expect("known account");
                let (d, c) = model.closed_sums(&model.subtree(account.id), retained, day);
                let balance = if account.account_type.is_debit_normal() {
                    d - c
                } else {
                    c - d
                };
                assert_eq!(
                    cents(&running),
                    balance,
                    "seed {seed:#x} running balance of {} (page size {size})",
                    r.account_code
                );
            }
        }
        // A general ledger from a random period start opens at the balance before it, in
        // the start's fiscal year.
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
            let (d, c) = model.closed_sums_in(
                &model.subtree(account.id),
                retained,
                from,
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
