//! The accounting read side on SQLite and Postgres: a realistic quarter of books (default
//! chart, sales, rent, a reversal, an archived account, a draft, budgets) is written
//! through the real aggregates, projected by `ProjectionRuntime`, and read back through
//! `query_api::accounting`. Every figure below is computed by hand.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::account_tree::{
    default_account_id, AccountType, ArchiveAccount, BudgetPeriod, Classification, CreateAccount,
    SetBudgetAmount, SetFiscalYearStart, SetLockDate, DEFAULT_CHART,
};
use domain::journal_entry::{DeleteDraft, UpdateDraft};
use event_schemas::{AccountId, JournalEntryId, WorkspaceId};
use projections::ProjectionRuntime;
use query_api::accounting::{self, Granularity, JournalEntryFilters, TrialBalance};
use sqlx::Row;
use store::testing::TestDatabase;
use store::{backend_tests, Backend, Db, EventStore};

mod common;

use common::*;

/// A projected workspace `a` with a quarter of books, and a neighbour `b` with one entry.
struct Books {
    t: TestDatabase,
    runtime: ProjectionRuntime,
    a: WorkspaceId,
    b: WorkspaceId,
    /// `je[n]` is A's entry JE-00000n (index 0 unused).
    je: Vec<JournalEntryId>,
    draft: JournalEntryId,
    b_entry: JournalEntryId,
}

impl Books {
    fn db(&self) -> &Db {
        &self.t.db
    }

    fn ws(&self) -> String {
        self.a.to_string()
    }

    fn account(&self, code: &str) -> String {
        default_account_id(self.a, code).to_string()
    }
}

async fn books(backend: Backend) -> Books {
    let t = TestDatabase::new(backend).await;
    let store = EventStore::open(t.db.clone()).await.expect("open");
    let clerk = Clerk {
        store: store.clone(),
    };
    let a = clerk.set_up().await;
    let b = clerk.set_up().await;
    for (month, amount) in [("2026-01", "1000000.00"), ("2026-02", "1000000.00")] {
        clerk
            .on_tree(
                a,
                SetBudgetAmount {
                    workspace_id: a,
                    account_id: default_account_id(a, "4100"),
                    amount: d(amount),
                    period: BudgetPeriod::Month(month.into()),
                }
                .into(),
            )
            .await;
    }
    let mut je = vec![JournalEntryId::new_v7()];
    je.push(
        clerk
            .post(
                a,
                1,
                "2026-01-05",
                "Share capital paid in",
                &[("1120", "5000000.00", ""), ("3100", "", "5000000.00")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                2,
                "2026-01-20",
                "Cash sales",
                &[("1110", "1200000.00", ""), ("4100", "", "1200000.00")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                3,
                "2026-01-20",
                "Cash sales, evening",
                &[("1110", "50000.00", ""), ("4100", "", "50000.00")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                4,
                "2026-02-03",
                "February rent",
                &[("6210", "450000.00", ""), ("1120", "", "450000.00")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                5,
                "2026-02-14",
                "Generator diesel",
                &[("6230", "185000.50", ""), ("1110", "", "185000.50")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                6,
                "2026-03-01",
                "Fund domiciliary account",
                &[("1130", "300000.00", ""), ("1120", "", "300000.00")],
            )
            .await,
    );
    je.push(
        clerk
            .post(
                a,
                7,
                "2026-03-10",
                "Consulting invoice",
                &[("1210", "800000.25", ""), ("4200", "", "800000.25")],
            )
            .await,
    );
    je.push(clerk.reverse(a, je[5], 8, "2026-03-15").await);
    je.push(
        clerk
            .post(
                a,
                9,
                "2026-03-20",
                "Close domiciliary account",
                &[("1120", "300000.00", ""), ("1130", "", "300000.00")],
            )
            .await,
    );
    clerk
        .on_tree(
            a,
            ArchiveAccount {
                workspace_id: a,
                account_id: default_account_id(a, "1130"),
            }
            .into(),
        )
        .await;
    clerk
        .on_tree(
            a,
            SetLockDate {
                workspace_id: a,
                lock_date: Some(date("2026-01-31")),
            }
            .into(),
        )
        .await;
    let draft = clerk
        .draft(
            a,
            "2026-03-28",
            "Stationery, not yet approved",
            &[("6320", "10000.00", ""), ("1110", "", "10000.00")],
        )
        .await;
    let b_entry = clerk
        .post(
            b,
            1,
            "2026-01-10",
            "Electricity",
            &[("6220", "99999.99", ""), ("1110", "", "99999.99")],
        )
        .await;
    let runtime = ProjectionRuntime::new(store, projectors());
    runtime.prepare().await.expect("prepare");
    project(&runtime, 3).await;
    Books {
        t,
        runtime,
        a,
        b,
        je,
        draft,
        b_entry,
    }
}

fn row<'a>(tb: &'a TrialBalance, books: &Books, code: &str) -> &'a accounting::TrialBalanceRow {
    let id = books.account(code);
    tb.rows
        .iter()
        .find(|r| r.account_id == id)
        .unwrap_or_else(|| panic!("no trial balance row for {code}"))
}

fn figures(r: &accounting::TrialBalanceRow) -> (&str, &str, &str) {
    (r.debit.as_str(), r.credit.as_str(), r.balance.as_str())
}

async fn the_trial_balance_balances_and_matches_the_hand_computed_figures(backend: Backend) {
    let books = books(backend).await;

    let tb = accounting::trial_balance(
        books.db(),
        &books.ws(),
        date("2026-03-31"),
        Some(date("2026-01-31")),
    )
    .await
    .expect("trial balance");

    assert!(tb.balanced);
    assert_eq!(
        (tb.totals.debit.as_str(), tb.totals.credit.as_str()),
        ("8470001.25", "8470001.25")
    );
    assert_eq!(
        figures(row(&tb, &books, "1110")),
        ("1435000.50", "185000.50", "1250000.00")
    );
    assert_eq!(
        figures(row(&tb, &books, "1120")),
        ("5300000.00", "750000.00", "4550000.00")
    );
    assert_eq!(
        figures(row(&tb, &books, "1210")),
        ("800000.25", "0.00", "800000.25")
    );
    assert_eq!(
        figures(row(&tb, &books, "3100")),
        ("0.00", "5000000.00", "5000000.00")
    );
    assert_eq!(
        figures(row(&tb, &books, "4100")),
        ("0.00", "1250000.00", "1250000.00")
    );
    assert_eq!(
        figures(row(&tb, &books, "4200")),
        ("0.00", "800000.25", "800000.25")
    );
    assert_eq!(
        figures(row(&tb, &books, "6210")),
        ("450000.00", "0.00", "450000.00")
    );
    assert_eq!(
        figures(row(&tb, &books, "6230")),
        ("185000.50", "185000.50", "0.00")
    );
    // Parents roll up their children.
    assert_eq!(
        figures(row(&tb, &books, "1100")),
        ("7035000.50", "1235000.50", "5800000.00")
    );
    assert_eq!(row(&tb, &books, "1000").balance, "6600000.25");
    assert_eq!(row(&tb, &books, "4000").balance, "2050000.25");
    assert_eq!(row(&tb, &books, "1000").normal_balance, "debit");
    assert_eq!(row(&tb, &books, "4000").normal_balance, "credit");
    // The archived account keeps its (netted-out) history in the trial balance.
    let archived = row(&tb, &books, "1130");
    assert!(archived.is_archived);
    assert_eq!(figures(archived), ("300000.00", "300000.00", "0.00"));
    // The comparison date: only January's three entries.
    let compare = tb.compare_totals.as_ref().expect("compare totals");
    assert_eq!(
        (compare.debit.as_str(), compare.credit.as_str()),
        ("6250000.00", "6250000.00")
    );
    assert_eq!(
        row(&tb, &books, "1110")
            .compare
            .as_ref()
            .map(|c| c.balance.as_str()),
        Some("1250000.00")
    );
    books.t.cleanup().await;
}

async fn a_trial_balance_in_the_middle_of_a_month_counts_the_days_up_to_it(backend: Backend) {
    let books = books(backend).await;

    let before = accounting::trial_balance(books.db(), &books.ws(), date("2026-02-13"), None)
        .await
        .expect("trial balance");
    let on = accounting::trial_balance(books.db(), &books.ws(), date("2026-02-14"), None)
        .await
        .expect("trial balance");
    let empty = accounting::trial_balance(books.db(), &books.ws(), date("2025-12-31"), None)
        .await
        .expect("trial balance");

    assert_eq!(row(&before, &books, "6230").balance, "0.00");
    assert_eq!(row(&before, &books, "6210").balance, "450000.00");
    assert_eq!(row(&on, &books, "6230").balance, "185000.50");
    assert_eq!(on.totals.debit, "6885000.50");
    assert!(on.balanced && before.balanced && empty.balanced);
    assert_eq!(empty.totals.debit, "0.00");
    assert!(
        empty
            .rows
            .iter()
            .all(|r| r.account_id != books.account("1130")),
        "an archived account without postings by then is not shown"
    );
    books.t.cleanup().await;
}

async fn the_general_ledger_pages_postings_with_running_and_opening_balances(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let cash = books.account("1110");

    let all = accounting::general_ledger(books.db(), &ws, Some(&cash), None, None, page(1, 10))
        .await
        .expect("ledger");
    let second = accounting::general_ledger(books.db(), &ws, Some(&cash), None, None, page(2, 1))
        .await
        .expect("ledger");
    let tail = accounting::general_ledger(books.db(), &ws, Some(&cash), None, None, page(2, 2))
        .await
        .expect("ledger");
    let from_feb = accounting::general_ledger(
        books.db(),
        &ws,
        Some(&cash),
        Some(date("2026-02-01")),
        Some(date("2026-03-31")),
        page(1, 10),
    )
    .await
    .expect("ledger");

    let running: Vec<(&str, &str)> = all
        .postings
        .data
        .iter()
        .map(|p| (p.entry_number.as_str(), p.running_balance.as_str()))
        .collect();
    assert_eq!(
        running,
        vec![
            ("JE-000002", "1200000.00"),
            ("JE-000003", "1250000.00"),
            ("JE-000005", "1064999.50"),
            ("JE-000008", "1250000.00"),
        ]
    );
    assert_eq!(
        (all.opening_balance.as_str(), all.closing_balance.as_str()),
        ("0.00", "1250000.00")
    );
    assert_eq!(all.postings.count, 4);
    // A page starting in the middle of a day carries the earlier postings of that day.
    assert_eq!(second.postings.data.len(), 1);
    assert_eq!(second.postings.data[0].entry_number, "JE-000003");
    assert_eq!(second.postings.data[0].running_balance, "1250000.00");
    assert_eq!(second.postings.total_pages, 4);
    let tail_running: Vec<&str> = tail
        .postings
        .data
        .iter()
        .map(|p| p.running_balance.as_str())
        .collect();
    assert_eq!(tail_running, vec!["1064999.50", "1250000.00"]);
    // From a period start: the opening balance is everything before it.
    assert_eq!(from_feb.opening_balance, "1250000.00");
    assert_eq!(from_feb.closing_balance, "1250000.00");
    assert_eq!(
        (
            from_feb.total_debit.as_str(),
            from_feb.total_credit.as_str()
        ),
        ("185000.50", "185000.50")
    );
    let feb: Vec<(&str, &str, &str)> = from_feb
        .postings
        .data
        .iter()
        .map(|p| {
            (
                p.entry_number.as_str(),
                p.credit.as_str(),
                p.running_balance.as_str(),
            )
        })
        .collect();
    assert_eq!(
        feb,
        vec![
            ("JE-000005", "185000.50", "1064999.50"),
            ("JE-000008", "0.00", "1250000.00")
        ]
    );
    assert_eq!(from_feb.postings.data[0].account_code, "1110");
    books.t.cleanup().await;
}

async fn every_trial_balance_row_equals_its_general_ledger_closing_balance(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let as_of = date("2026-03-31");
    let tb = accounting::trial_balance(books.db(), &ws, as_of, None)
        .await
        .expect("tb");

    for r in &tb.rows {
        // Walk every page, so the last running balance comes from the postings themselves.
        let mut last_running = "0.00".to_owned();
        let mut n = 1;
        loop {
            let gl = accounting::general_ledger(
                books.db(),
                &ws,
                Some(&r.account_id),
                None,
                Some(as_of),
                page(n, 3),
            )
            .await
            .expect("ledger");
            assert_eq!(
                gl.closing_balance, r.balance,
                "closing balance of {}",
                r.account_code
            );
            if let Some(p) = gl.postings.data.last() {
                last_running = p.running_balance.clone();
            }
            if i64::from(n) >= gl.postings.total_pages {
                break;
            }
            n += 1;
        }
        assert_eq!(
            last_running, r.balance,
            "running balance of {}",
            r.account_code
        );
    }
    // All accounts together net to zero.
    let everything = accounting::general_ledger(books.db(), &ws, None, None, None, page(1, 100))
        .await
        .expect("ledger");
    assert_eq!(everything.postings.count, 18);
    assert_eq!(everything.closing_balance, "0.00");
    assert_eq!(everything.total_debit, "8470001.25");
    books.t.cleanup().await;
}

async fn the_account_tree_nests_children_and_hides_archived_accounts_unless_asked(
    backend: Backend,
) {
    let books = books(backend).await;

    let active = accounting::account_tree(books.db(), &books.ws(), false)
        .await
        .expect("tree");
    let all = accounting::account_tree(books.db(), &books.ws(), true)
        .await
        .expect("tree");

    fn count(nodes: &[accounting::AccountNode]) -> usize {
        nodes.iter().map(|n| 1 + count(&n.children)).sum()
    }
    fn find<'a>(
        nodes: &'a [accounting::AccountNode],
        code: &str,
    ) -> Option<&'a accounting::AccountNode> {
        nodes.iter().find_map(|n| {
            if n.account_code == code {
                Some(n)
            } else {
                find(&n.children, code)
            }
        })
    }
    assert_eq!(count(&all), DEFAULT_CHART.len());
    assert_eq!(count(&active), DEFAULT_CHART.len() - 1);
    assert!(find(&active, "1130").is_none());
    let archived = find(&all, "1130").expect("archived node");
    assert!(archived.archived_datetime.is_some());
    let roots: Vec<&str> = active.iter().map(|n| n.account_code.as_str()).collect();
    assert_eq!(roots, vec!["1000", "2000", "3000", "4000", "5000", "6000"]);
    let cash_and_bank = find(&active, "1100").expect("1100");
    let kids: Vec<&str> = cash_and_bank
        .children
        .iter()
        .map(|n| n.account_code.as_str())
        .collect();
    assert_eq!(kids, vec!["1110", "1120"]);
    assert!(!cash_and_bank.is_last_level);
    let cash = find(&active, "1110").expect("1110");
    assert!(cash.is_last_level && cash.is_editable);
    assert_eq!(
        (
            cash.account_type.as_str(),
            cash.account_type_display.as_str()
        ),
        ("asset", "Asset")
    );
    assert_eq!(cash.parent_id.as_deref(), Some(cash_and_bank.id.as_str()));
    assert!(!find(&active, "1000").expect("root").is_editable);
    let sales = find(&active, "4100").expect("4100");
    let budgets: Vec<(&str, &str)> = sales
        .budgets
        .iter()
        .map(|b| (b.month.as_str(), b.amount.as_str()))
        .collect();
    assert_eq!(
        budgets,
        vec![("2026-01", "1000000.00"), ("2026-02", "1000000.00")]
    );
    assert_eq!(
        accounting::lock_date(books.db(), &books.ws())
            .await
            .expect("lock date"),
        Some(date("2026-01-31"))
    );
    books.t.cleanup().await;
}

async fn journal_entries_list_with_status_filters_and_detail(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let list = |filters: JournalEntryFilters| {
        let db = books.db().clone();
        let ws = ws.clone();
        async move {
            accounting::journal_entries(&db, &ws, &filters, page(1, 20))
                .await
                .expect("list")
        }
    };

    let everything = list(JournalEntryFilters::default()).await;
    let reversed = list(JournalEntryFilters {
        status: Some("reversed".into()),
        ..Default::default()
    })
    .await;
    let drafts = list(JournalEntryFilters {
        status: Some("draft".into()),
        ..Default::default()
    })
    .await;
    let domiciliary = list(JournalEntryFilters {
        account_id: Some(books.account("1130")),
        ..Default::default()
    })
    .await;
    let big = list(JournalEntryFilters {
        amount_min: Some(d("800000")),
        ..Default::default()
    })
    .await;
    let diesel = list(JournalEntryFilters {
        text: Some("DIESEL".into()),
        ..Default::default()
    })
    .await;
    let fifth = list(JournalEntryFilters {
        number: Some("JE-000005".into()),
        ..Default::default()
    })
    .await;
    let march = list(JournalEntryFilters {
        date_from: Some(date("2026-03-01")),
        date_to: Some(date("2026-03-31")),
        status: Some("posted".into()),
        ..Default::default()
    })
    .await;

    assert_eq!(everything.count, 10);
    assert_eq!(
        everything.data[0].id,
        books.draft.to_string(),
        "newest date first"
    );
    assert_eq!(everything.data[0].status, "draft");
    assert_eq!(everything.data[0].entry_number, None);
    assert_eq!(everything.data[0].amount, "10000.00");
    assert_eq!(everything.data[0].author_id, CLERK.to_string());
    let numbers =
        |p: &api_core::pagination::Paginated<accounting::JournalEntrySummary>| -> Vec<String> {
            p.data
                .iter()
                .map(|e| e.entry_number.clone().unwrap_or_default())
                .collect()
        };
    assert_eq!(numbers(&reversed), vec!["JE-000005"]);
    assert_eq!(drafts.count, 1);
    assert_eq!(numbers(&domiciliary), vec!["JE-000009", "JE-000006"]);
    assert_eq!(numbers(&big), vec!["JE-000007", "JE-000002", "JE-000001"]);
    assert_eq!(numbers(&diesel), vec!["JE-000008", "JE-000005"]);
    assert_eq!(numbers(&fifth), vec!["JE-000005"]);
    assert_eq!(
        numbers(&march),
        vec!["JE-000009", "JE-000008", "JE-000007", "JE-000006"]
    );

    let original = accounting::journal_entry(books.db(), &ws, &books.je[5].to_string())
        .await
        .expect("detail")
        .expect("found");
    let reversal = accounting::journal_entry(books.db(), &ws, &books.je[8].to_string())
        .await
        .expect("detail")
        .expect("found");
    let draft = accounting::journal_entry(books.db(), &ws, &books.draft.to_string())
        .await
        .expect("detail")
        .expect("found");
    assert_eq!(original.entry.status, "reversed");
    assert_eq!(
        original.entry.reversed_by.as_deref(),
        Some(books.je[8].to_string().as_str())
    );
    assert_eq!(original.reversed_by_number.as_deref(), Some("JE-000008"));
    assert_eq!(original.entry.reversal_date, Some(date("2026-03-15")));
    assert_eq!(reversal.entry.status, "posted");
    assert_eq!(reversal.reverses_number.as_deref(), Some("JE-000005"));
    let lines: Vec<(Option<&str>, &str, &str)> = reversal
        .lines
        .iter()
        .map(|l| {
            (
                l.account_code.as_deref(),
                l.debit.as_str(),
                l.credit.as_str(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        vec![
            (Some("6230"), "0.00", "185000.50"),
            (Some("1110"), "185000.50", "0.00")
        ]
    );
    assert_eq!(
        (
            reversal.total_debit.as_str(),
            reversal.total_credit.as_str()
        ),
        ("185000.50", "185000.50")
    );
    assert_eq!(draft.lines.len(), 2);
    assert_eq!(draft.lines[0].account_code.as_deref(), Some("6320"));
    books.t.cleanup().await;
}

async fn bad_filters_are_refused_naming_the_field(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();

    let status = accounting::journal_entries(
        books.db(),
        &ws,
        &JournalEntryFilters {
            status: Some("open".into()),
            ..Default::default()
        },
        page(1, 20),
    )
    .await;
    let amount = accounting::journal_entries(
        books.db(),
        &ws,
        &JournalEntryFilters {
            amount_min: Some(d("1.001")),
            ..Default::default()
        },
        page(1, 20),
    )
    .await;
    let range = accounting::general_ledger(
        books.db(),
        &ws,
        None,
        Some(date("2026-03-01")),
        Some(date("2026-02-01")),
        page(1, 20),
    )
    .await;

    for (result, field) in [(status.err(), "status"), (amount.err(), "amount_min")] {
        assert!(
            matches!(result, Some(api_core::ApiError::Fields(f)) if f.contains_key(field)),
            "{field}"
        );
    }
    assert!(matches!(range, Err(api_core::ApiError::Fields(f)) if f.contains_key("to")));
    books.t.cleanup().await;
}

async fn income_and_expense_summaries_split_by_period_with_budgets(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();

    let income = accounting::income_summary(
        books.db(),
        &ws,
        date("2026-01-15"),
        date("2026-03-31"),
        Granularity::Month,
    )
    .await
    .expect("income");
    let expense = accounting::expense_summary(
        books.db(),
        &ws,
        date("2026-01-01"),
        date("2026-03-31"),
        Granularity::Quarter,
    )
    .await
    .expect("expense");
    let late_january = accounting::income_summary(
        books.db(),
        &ws,
        date("2026-01-21"),
        date("2026-01-31"),
        Granularity::Year,
    )
    .await
    .expect("income");

    let keys: Vec<&str> = income.periods.iter().map(|p| p.key.as_str()).collect();
    assert_eq!(keys, vec!["2026-01", "2026-02", "2026-03"]);
    assert_eq!(income.periods[0].from, date("2026-01-15"));
    let sales = income
        .rows
        .iter()
        .find(|r| r.account_code == "4100")
        .expect("4100");
    assert_eq!(sales.amounts, vec!["1250000.00", "0.00", "0.00"]);
    assert_eq!(sales.budgets, vec!["1000000.00", "1000000.00", "0.00"]);
    assert_eq!(sales.variances, vec!["250000.00", "-1000000.00", "0.00"]);
    let parent = income
        .rows
        .iter()
        .find(|r| r.account_code == "4000")
        .expect("4000");
    assert_eq!(parent.amounts, vec!["1250000.00", "0.00", "800000.25"]);
    assert_eq!(income.totals.total, "2050000.25");
    assert_eq!(income.totals.budget_total, "2000000.00");
    assert_eq!(expense.periods.len(), 1);
    assert_eq!(expense.periods[0].key, "2026-Q1");
    assert_eq!(expense.totals.amounts, vec!["450000.00"]);
    let diesel = expense
        .rows
        .iter()
        .find(|r| r.account_code == "6230")
        .expect("6230");
    assert_eq!(diesel.total, "0.00", "the reversal nets the diesel out");
    assert!(expense
        .rows
        .iter()
        .all(|r| r.account_code.starts_with('5') || r.account_code.starts_with('6')));
    assert_eq!(
        late_january.totals.total, "0.00",
        "January's sales were on the 20th"
    );
    books.t.cleanup().await;
}

async fn the_command_side_helpers_answer_from_the_ledger(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();

    assert!(
        accounting::has_postings(books.db(), &ws, &books.account("1110"))
            .await
            .expect("has")
    );
    assert!(
        accounting::has_postings(books.db(), &ws, &books.account("1130"))
            .await
            .expect("has")
    );
    assert!(
        !accounting::has_postings(books.db(), &ws, &books.account("6320"))
            .await
            .expect("has"),
        "a draft is not a posting"
    );
    books.t.cleanup().await;
}

async fn a_workspace_never_sees_another_workspaces_books(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let b_cash = default_account_id(books.b, "1110").to_string();

    let tb_b =
        accounting::trial_balance(books.db(), &books.b.to_string(), date("2026-12-31"), None)
            .await
            .expect("tb");
    let gl =
        accounting::general_ledger(books.db(), &ws, Some(&b_cash), None, None, page(1, 20)).await;
    let other_entry = accounting::journal_entry(books.db(), &ws, &books.b_entry.to_string())
        .await
        .expect("detail");
    let list = accounting::journal_entries(
        books.db(),
        &ws,
        &JournalEntryFilters::default(),
        page(1, 100),
    )
    .await
    .expect("list");
    let tree_ids: Vec<String> = accounting::account_tree(books.db(), &ws, true)
        .await
        .expect("tree")
        .iter()
        .map(|n| n.id.clone())
        .collect();

    assert_eq!(tb_b.totals.debit, "99999.99");
    assert!(tb_b
        .rows
        .iter()
        .all(|r| !r.account_id.is_empty() && r.account_id != books.account("1110")));
    assert!(matches!(gl, Err(api_core::ApiError::Fields(f)) if f.contains_key("account_id")));
    assert!(other_entry.is_none());
    assert!(list.data.iter().all(|e| e.id != books.b_entry.to_string()));
    assert!(!tree_ids.contains(&default_account_id(books.b, "1000").to_string()));
    assert!(!accounting::has_postings(books.db(), &ws, &b_cash)
        .await
        .expect("has"));
    books.t.cleanup().await;
}

async fn a_draft_leaves_the_journal_list_as_a_posted_entry_when_posted(backend: Backend) {
    let books = books(backend).await;
    let clerk = Clerk {
        store: books.runtime.store().clone(),
    };
    let b = books.b;
    let ws = b.to_string();
    let kept = clerk
        .draft(
            b,
            "2026-02-01",
            "Internet, draft",
            &[("6310", "20000.00", ""), ("1110", "", "20000.00")],
        )
        .await;
    clerk
        .on_entry(
            b,
            kept,
            UpdateDraft {
                entry: Clerk::entry(
                    b,
                    "2026-02-02",
                    "Internet, February",
                    &[
                        ("6310", "25000.00", ""),
                        ("6340", "50.00", ""),
                        ("1110", "", "25050.00"),
                    ],
                ),
            }
            .into(),
        )
        .await;
    let dropped = clerk
        .draft(
            b,
            "2026-02-03",
            "Mistake",
            &[("6320", "1.00", ""), ("1110", "", "1.00")],
        )
        .await;
    clerk.on_entry(b, dropped, DeleteDraft.into()).await;
    project(&books.runtime, 2).await;
    let as_draft = accounting::journal_entry(books.db(), &ws, &kept.to_string())
        .await
        .expect("detail")
        .expect("found");
    let tb_before = accounting::trial_balance(books.db(), &ws, date("2026-12-31"), None)
        .await
        .expect("tb");

    clerk.post_draft(b, kept, 2).await;
    project(&books.runtime, 1).await;

    let posted = accounting::journal_entry(books.db(), &ws, &kept.to_string())
        .await
        .expect("detail")
        .expect("found");
    let tb_after = accounting::trial_balance(books.db(), &ws, date("2026-12-31"), None)
        .await
        .expect("tb");
    let list = accounting::journal_entries(
        books.db(),
        &ws,
        &JournalEntryFilters::default(),
        page(1, 20),
    )
    .await
    .expect("list");
    assert_eq!(as_draft.entry.status, "draft");
    assert_eq!(as_draft.entry.amount, "25050.00");
    assert_eq!(as_draft.lines.len(), 3);
    assert_eq!(
        tb_before.totals.debit, "99999.99",
        "drafts never reach the books"
    );
    assert_eq!(posted.entry.status, "posted");
    assert_eq!(posted.entry.entry_number.as_deref(), Some("JE-000002"));
    assert_eq!(posted.entry.date, date("2026-02-02"));
    assert_eq!(
        posted.entry.created_datetime, as_draft.entry.created_datetime,
        "the draft's creation is kept"
    );
    assert_eq!(posted.lines.len(), 3);
    assert_eq!(tb_after.totals.debit, "125049.99");
    assert_eq!(list.count, 2, "the deleted draft is gone");
    let leftover: i64 =
        sqlx::query("SELECT COUNT(*) FROM read_journal_draft_lines WHERE workspace_id = $1")
            .bind(&ws)
            .fetch_one(&books.db().pool)
            .await
            .expect("count")
            .try_get(0)
            .expect("count");
    assert_eq!(leftover, 0, "a posted draft's draft lines are removed");
    books.t.cleanup().await;
}

/// hledger's per-account balances (debits positive) up to `as_of`, or `None` when hledger
/// is not installed.
fn hledger_balances(journal: &str, as_of: NaiveDate) -> Option<HashMap<String, String>> {
    let dir = std::env::temp_dir().join(format!("ll_hledger_{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("books.journal");
    std::fs::write(&file, journal).expect("write journal");
    let end = as_of.succ_opt().expect("date").to_string();
    let output = std::process::Command::new("hledger")
        .args([
            "-f",
            file.to_str().expect("path"),
            "balance",
            "--flat",
            "--no-total",
            "-O",
            "csv",
            "-e",
            &end,
        ])
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let output = match output {
        Ok(o) => o,
        Err(e) => {
            eprintln!("!!!!!!!! SKIPPED: hledger is not installed ({e}); install it with `apt-get install hledger` !!!!!!!!");
            return None;
        }
    };
    assert!(
        output.status.success(),
        "hledger failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).expect("utf-8");
    let mut out = HashMap::new();
    for line in text.lines().skip(1) {
        let fields: Vec<String> = line
            .split("\",\"")
            .map(|f| f.trim_matches('"').to_owned())
            .collect();
        if let [account, amount] = fields.as_slice() {
            out.insert(account.clone(), amount.replace(',', ""));
        }
    }
    Some(out)
}

async fn hledger_agrees_with_our_trial_balance_to_the_cent(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let journal = accounting::Export::start(books.db(), &ws, accounting::ExportFormat::Hledger)
        .await
        .expect("export")
        .collect()
        .await
        .expect("export");

    for as_of in ["2026-01-31", "2026-02-14", "2026-03-31"] {
        let as_of = date(as_of);
        let Some(theirs) = hledger_balances(&journal, as_of) else {
            break;
        };
        let tb = accounting::trial_balance(books.db(), &ws, as_of, None)
            .await
            .expect("tb");
        let ours: HashMap<String, String> = tb
            .rows
            .iter()
            .filter(|r| r.is_last_level && r.debit != r.credit)
            .map(|r| {
                let debit = d(&r.debit) - d(&r.credit);
                let path = theirs
                    .keys()
                    .find(|k| k.ends_with(&format!("{} {}", r.account_code, r.name)))
                    .cloned()
                    .unwrap_or_else(|| format!("missing in hledger: {}", r.account_code));
                (path, debit.to_string())
            })
            .collect();
        assert_eq!(ours, theirs, "as of {as_of}");
    }
    assert!(journal.contains("(JE-000008) Reversal of JE-000005"));
    assert!(journal.contains("1000 Assets:1100 Cash and bank:1110 Cash on hand  1200000.00"));
    books.t.cleanup().await;
}

async fn the_csv_export_has_one_row_per_posted_line(backend: Backend) {
    let books = books(backend).await;

    let csv = accounting::Export::start(books.db(), &books.ws(), accounting::ExportFormat::Csv)
        .await
        .expect("export")
        .collect()
        .await
        .expect("export");

    let lines: Vec<&str> = csv.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[0], accounting::export::CSV_HEADER.trim_end());
    assert_eq!(lines.len(), 1 + 18, "18 posted lines, no draft");
    assert!(lines[1].starts_with("JE-000001,2026-01-05,"));
    assert!(lines[1]
        .ends_with(",1120,Bank - current account,Share capital paid in (1120),5000000.00,0.00"));
    assert!(csv.contains(",Reversal of JE-000005: Generator diesel,"));
    assert!(
        csv.contains(",\"Cash sales, evening\","),
        "a comma is quoted"
    );
    books.t.cleanup().await;
}

async fn rebuilding_the_accounting_projectors_gives_the_same_tables_as_live(backend: Backend) {
    let books = books(backend).await;
    let mut live = Vec::new();
    for (table, order) in TABLES {
        live.push(dump(books.db(), table, order).await);
    }
    let tb_live = accounting::trial_balance(books.db(), &books.ws(), date("2026-03-31"), None)
        .await
        .expect("tb");

    for name in ["accounts", "ledger"] {
        books.runtime.rebuild(name, &|_| {}).await.expect("rebuild");
    }

    for ((table, order), before) in TABLES.iter().zip(&live) {
        let after = dump(books.db(), table, order).await;
        assert!(!after.is_empty(), "{table} is empty");
        assert_eq!(&after, before, "{table} differs after rebuild");
    }
    let tb_rebuilt = accounting::trial_balance(books.db(), &books.ws(), date("2026-03-31"), None)
        .await
        .expect("tb");
    assert_eq!(tb_rebuilt, tb_live);
    books.t.cleanup().await;
}

async fn the_ledger_check_names_an_aggregate_that_drifted_from_its_postings(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let before = accounting::ledger_check(books.db(), &ws)
        .await
        .expect("check");

    sqlx::query(
        "UPDATE read_ledger_totals SET debit_cents = debit_cents + 1 \
         WHERE workspace_id = $1 AND grain = 'm' AND period = '2026-02' AND account_id = $2",
    )
    .bind(&ws)
    .bind(books.account("6210"))
    .execute(&books.db().pool)
    .await
    .expect("tamper");
    let after = accounting::ledger_check(books.db(), &ws)
        .await
        .expect("check");

    assert!(before.consistent, "{before:?}");
    assert_eq!(
        (before.postings, before.total_debit.as_str()),
        (18, "8470001.25")
    );
    assert!(!after.consistent);
    assert_eq!(after.mismatches.len(), 1);
    assert_eq!(after.mismatches[0].account_id, books.account("6210"));
    assert_eq!(after.mismatches[0].source, "m");
    assert_eq!(after.mismatches[0].debit, "450000.01");
    books.t.cleanup().await;
}

async fn balances_kept_in_memory_answer_as_the_period_totals_do_after_later_entries(
    backend: Backend,
) {
    let books = books(backend).await;
    let ws = books.ws();
    accounting::day_balances::keep_day_balances(books.db(), &ws)
        .await
        .expect("kept");
    // Posted after the balances were kept: the day after the lock date, before entries
    // already kept; inside a month that has entries; after all of them.
    let clerk = Clerk {
        store: books.runtime.store().clone(),
    };
    type Lines<'a> = [(&'a str, &'a str, &'a str); 2];
    let later: [(u64, &str, Lines); 3] = [
        (
            10,
            "2026-02-01",
            [("1110", "1000.00", ""), ("3100", "", "1000.00")],
        ),
        (
            11,
            "2026-02-14",
            [("1110", "2500.50", ""), ("4100", "", "2500.50")],
        ),
        (
            12,
            "2026-05-02",
            [("6210", "450000.00", ""), ("1120", "", "450000.00")],
        ),
    ];
    for (number, on, lines) in later {
        clerk
            .post(books.a, number, on, "Posted later", &lines)
            .await;
    }
    project(&books.runtime, 3).await;
    let days: Vec<NaiveDate> = date("2025-12-30")
        .iter_days()
        .take_while(|d| *d <= date("2026-06-01"))
        .collect();
    let by_sql = books.t.connect_again().await;
    accounting::day_balances::read_balances_by_sql_only(&by_sql);
    let mut expected = Vec::new();
    for as_of in &days {
        expected.push(
            accounting::trial_balance(&by_sql, &ws, *as_of, Some(date("2026-01-31")))
                .await
                .expect("trial balance by SQL"),
        );
    }
    // Without its period totals, only the balances kept in memory can still answer right.
    sqlx::query("DELETE FROM read_ledger_totals WHERE workspace_id = $1")
        .bind(&ws)
        .execute(&books.db().pool)
        .await
        .expect("delete totals");

    for (as_of, expected) in days.iter().zip(&expected) {
        let kept = accounting::trial_balance(books.db(), &ws, *as_of, Some(date("2026-01-31")))
            .await
            .expect("trial balance kept");
        assert_eq!(&kept, expected, "as of {as_of}");
    }
    let on = |day: &str| {
        let at = days
            .iter()
            .position(|d| *d == date(day))
            .expect("a day of the run");
        row(&expected[at], &books, "1110").balance.clone()
    };
    assert_eq!(
        (on("2026-01-31"), on("2026-02-01")),
        ("1250000.00".to_owned(), "1251000.00".to_owned()),
        "the float posted later counts from its day"
    );
    by_sql.close().await;
    books.t.cleanup().await;
}

/// Two API nodes on one database: the chart one keeps in memory follows a change written
/// and projected through the other.
async fn a_chart_kept_by_one_node_follows_changes_made_through_another(backend: Backend) {
    let books = books(backend).await;
    let ws = books.ws();
    let as_of = date("2026-03-31");
    let node = books.t.connect_again().await;
    let before = accounting::trial_balance(&node, &ws, as_of, None)
        .await
        .expect("trial balance");
    assert_eq!(before.fiscal_year_start, date("2026-01-01"));

    let clerk = Clerk {
        store: books.runtime.store().clone(),
    };
    clerk
        .on_tree(
            books.a,
            CreateAccount {
                workspace_id: books.a,
                account_id: AccountId::new_v7(),
                name: "Security".into(),
                account_code: "6290".into(),
                account_type: AccountType::Expense,
                parent_id: Some(default_account_id(books.a, "6200")),
                parent_has_postings: false,
                depreciation_type: None,
                depreciation_value: None,
                classification: Classification::default(),
            }
            .into(),
        )
        .await;
    clerk
        .on_tree(
            books.a,
            SetFiscalYearStart {
                workspace_id: books.a,
                start_month: 4,
            }
            .into(),
        )
        .await;
    project(&books.runtime, 2).await;

    let after = accounting::trial_balance(&node, &ws, as_of, None)
        .await
        .expect("trial balance");
    assert!(
        after.rows.iter().any(|r| r.account_code == "6290"),
        "the account created through the other node shows"
    );
    assert_eq!(after.fiscal_year_start, date("2025-04-01"));
    let fresh = books.t.connect_again().await;
    assert_eq!(
        after,
        accounting::trial_balance(&fresh, &ws, as_of, None)
            .await
            .expect("trial balance"),
        "the same as a node that never kept the chart"
    );
    node.close().await;
    fresh.close().await;
    books.t.cleanup().await;
}

backend_tests!(
    the_ledger_check_names_an_aggregate_that_drifted_from_its_postings,
    the_trial_balance_balances_and_matches_the_hand_computed_figures,
    a_trial_balance_in_the_middle_of_a_month_counts_the_days_up_to_it,
    the_general_ledger_pages_postings_with_running_and_opening_balances,
    every_trial_balance_row_equals_its_general_ledger_closing_balance,
    the_account_tree_nests_children_and_hides_archived_accounts_unless_asked,
    journal_entries_list_with_status_filters_and_detail,
    bad_filters_are_refused_naming_the_field,
    income_and_expense_summaries_split_by_period_with_budgets,
    the_command_side_helpers_answer_from_the_ledger,
    a_workspace_never_sees_another_workspaces_books,
    a_draft_leaves_the_journal_list_as_a_posted_entry_when_posted,
    hledger_agrees_with_our_trial_balance_to_the_cent,
    the_csv_export_has_one_row_per_posted_line,
    rebuilding_the_accounting_projectors_gives_the_same_tables_as_live,
    balances_kept_in_memory_answer_as_the_period_totals_do_after_later_entries,
    a_chart_kept_by_one_node_follows_changes_made_through_another,
);
