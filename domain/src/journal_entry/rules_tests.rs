//! The entry rules of DESIGN §5, one per test, against a real AccountTree with the default
//! chart: each test breaks exactly one rule and names the field it expects.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::Aggregate;
use event_schemas::account_tree::LockDateSet;
use event_schemas::journal_entry::{
    DESCRIPTION_CHARS_MAX, LINES_PER_ENTRY_MAX, MEMO_CHARS_MAX, REFERENCE_CHARS_MAX,
};
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::rules::*;
use crate::account_tree::{
    default_account_id, AccountArchived, AccountTree, AccountTreeEvent, SetUpDefaultChart,
};

const WS: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0003));
const OTHER_WS: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0004));

pub(super) fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

pub(super) fn date(s: &str) -> NaiveDate {
    NaiveDate::from_str(s).expect("date")
}

pub(super) fn chart(code: &str) -> AccountId {
    default_account_id(WS, code)
}

/// The default chart, with `extra` events after it.
pub(super) fn books_with(extra: Vec<AccountTreeEvent>) -> AccountTree {
    let mut tree = AccountTree::default();
    let setup = tree
        .decide(SetUpDefaultChart { workspace_id: WS }.into())
        .expect("setup");
    for event in setup.into_iter().chain(extra) {
        tree.apply(event);
    }
    tree
}

pub(super) fn books() -> AccountTree {
    books_with(vec![])
}

pub(super) fn locked_until(day: &str) -> AccountTreeEvent {
    AccountTreeEvent::LockDateSet(LockDateSet {
        workspace_id: WS,
        lock_date: Some(date(day)),
    })
}

pub(super) fn debit(account: &str, amount: &str) -> LineInput {
    LineInput {
        account_id: chart(account),
        description: String::new(),
        debit: Some(d(amount)),
        credit: None,
    }
}

pub(super) fn credit(account: &str, amount: &str) -> LineInput {
    LineInput {
        account_id: chart(account),
        description: String::new(),
        debit: None,
        credit: Some(d(amount)),
    }
}

/// Diesel bought for cash: a balanced entry on two active leaves.
pub(super) fn diesel() -> EntryInput {
    EntryInput {
        date: date("2026-03-14"),
        memo: " Generator diesel ".into(),
        reference: "PV-0042".into(),
        lines: vec![debit("6230", "185000.5"), credit("1110", "185000.50")],
    }
}

fn problems(input: &EntryInput, books: &impl Books) -> Vec<EntryProblem> {
    check_posting(input, books).expect_err("the entry must be refused")
}

fn fields(problems: &[EntryProblem]) -> Vec<Option<String>> {
    problems.iter().map(EntryProblem::field).collect()
}

#[test]
fn a_balanced_entry_on_active_leaves_passes_with_its_total_at_two_decimals() {
    let (content, total) = check_posting(&diesel(), &books()).expect("valid");

    assert_eq!(total.to_string(), "185000.50");
    assert_eq!(content.memo, "Generator diesel");
    assert_eq!(content.lines[0].debit.to_string(), "185000.50");
    assert_eq!(content.lines[0].credit.to_string(), "0.00");
}

#[test]
fn an_entry_dated_outside_the_years_the_books_take_is_refused_naming_the_date() {
    for day in [
        NaiveDate::from_ymd_opt(-1, 1, 1).expect("date"),
        NaiveDate::from_ymd_opt(1899, 12, 31).expect("date"),
        NaiveDate::from_ymd_opt(9999, 12, 31).expect("date"),
    ] {
        let input = EntryInput {
            date: day,
            ..diesel()
        };

        let found = problems(&input, &books());

        assert_eq!(
            found,
            vec![EntryProblem::DateOutOfRange {
                date: day,
                min: 1900,
                max: 2199
            }]
        );
        assert_eq!(fields(&found), vec![Some("date".into())]);
    }
}

#[test]
fn an_entry_needs_at_least_two_lines() {
    let input = EntryInput {
        lines: vec![debit("6230", "0")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert!(
        found.contains(&EntryProblem::TooFewLines { count: 1, min: 2 }),
        "{found:?}"
    );
    assert!(fields(&found).contains(&Some("lines".into())));
}

#[test]
fn an_entry_may_have_at_most_the_line_limit() {
    let input = EntryInput {
        lines: vec![debit("6230", "1"); LINES_PER_ENTRY_MAX + 1],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert_eq!(
        found,
        vec![EntryProblem::TooManyLines {
            count: LINES_PER_ENTRY_MAX + 1,
            max: LINES_PER_ENTRY_MAX
        }]
    );
}

#[test]
fn a_line_with_both_a_debit_and_a_credit_is_refused_naming_the_line() {
    let mut input = diesel();
    input.lines.push(LineInput {
        debit: Some(d("10")),
        credit: Some(d("10")),
        ..debit("6220", "0")
    });

    let found = problems(&input, &books());

    assert_eq!(found, vec![EntryProblem::DebitAndCredit { line: 2 }]);
    assert_eq!(found[0].field(), Some("lines[2]".into()));
}

#[test]
fn a_line_with_neither_a_debit_nor_a_credit_is_refused_naming_the_line() {
    let mut input = diesel();
    input.lines.push(LineInput {
        debit: Some(d("0.00")),
        credit: None,
        ..debit("6220", "0")
    });

    let found = problems(&input, &books());

    assert_eq!(found, vec![EntryProblem::NoAmount { line: 2 }]);
}

#[test]
fn a_negative_amount_is_refused_naming_the_line_and_side() {
    let input = EntryInput {
        lines: vec![debit("6230", "100"), debit("1110", "-100")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert!(found.contains(&EntryProblem::NegativeAmount {
        line: 1,
        side: Side::Debit,
        amount: d("-100")
    }));
    assert!(fields(&found).contains(&Some("lines[1].debit".into())));
}

#[test]
fn an_amount_with_more_than_two_decimals_is_refused_naming_the_line_and_side() {
    let input = EntryInput {
        lines: vec![debit("6230", "100.001"), credit("1110", "100.001")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert_eq!(found[0].field(), Some("lines[0].debit".into()));
    assert_eq!(found[1].field(), Some("lines[1].credit".into()));
    assert!(matches!(
        found[1],
        EntryProblem::AmountTooPrecise {
            max_decimals: 2,
            ..
        }
    ));
}

#[test]
fn an_amount_above_the_maximum_is_refused() {
    let input = EntryInput {
        lines: vec![
            debit("6230", "1000000000000000"),
            credit("1110", "1000000000000000"),
        ],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert!(
        matches!(found[0], EntryProblem::AmountTooLarge { line: 0, .. }),
        "{found:?}"
    );
}

#[test]
fn debits_must_equal_credits_exactly_to_the_kobo() {
    let input = EntryInput {
        lines: vec![debit("6230", "185000.50"), credit("1110", "185000.49")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert_eq!(
        found,
        vec![EntryProblem::Unbalanced {
            debits: d("185000.50"),
            credits: d("185000.49")
        }]
    );
    assert_eq!(found[0].field(), None);
}

#[test]
fn many_lines_of_a_third_balance_exactly_when_the_kobo_add_up() {
    // 0.1 + 0.2 = 0.3 in decimal, unlike in binary floating point.
    let input = EntryInput {
        lines: vec![
            debit("6230", "0.10"),
            debit("6220", "0.20"),
            credit("1110", "0.30"),
        ],
        ..diesel()
    };

    assert!(check_posting(&input, &books()).is_ok());
}

#[test]
fn an_account_not_in_the_workspace_is_refused_naming_the_line() {
    let stranger = default_account_id(OTHER_WS, "6230");
    let mut input = diesel();
    input.lines[0].account_id = stranger;

    let found = problems(&input, &books());

    assert_eq!(
        found,
        vec![EntryProblem::AccountNotFound {
            line: 0,
            account_id: stranger
        }]
    );
    assert_eq!(found[0].field(), Some("lines[0].account_id".into()));
}

#[test]
fn an_archived_account_is_refused_naming_the_line() {
    let tree = books_with(vec![AccountTreeEvent::AccountArchived(AccountArchived {
        workspace_id: WS,
        account_id: chart("1110"),
    })]);

    let found = problems(&diesel(), &tree);

    assert_eq!(
        found,
        vec![EntryProblem::AccountArchived {
            line: 1,
            account_id: chart("1110")
        }]
    );
}

#[test]
fn a_parent_account_is_refused_because_postings_go_to_leaves() {
    let input = EntryInput {
        lines: vec![debit("6200", "10"), credit("1110", "10")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert_eq!(
        found,
        vec![EntryProblem::AccountNotLastLevel {
            line: 0,
            account_id: chart("6200")
        }]
    );
}

#[test]
fn an_entry_dated_on_the_lock_date_is_refused() {
    let tree = books_with(vec![locked_until("2026-03-14")]);

    let found = problems(&diesel(), &tree);

    assert_eq!(
        found,
        vec![EntryProblem::PeriodLocked {
            date: date("2026-03-14"),
            lock_date: date("2026-03-14")
        }]
    );
    assert_eq!(found[0].field(), Some("date".into()));
}

#[test]
fn an_entry_dated_the_day_after_the_lock_date_passes() {
    let tree = books_with(vec![locked_until("2026-03-13")]);

    assert!(check_posting(&diesel(), &tree).is_ok());
}

#[test]
fn every_posting_problem_is_reported_at_once_once_the_draft_rules_pass() {
    let tree = books_with(vec![locked_until("2026-12-31")]);
    let input = EntryInput {
        lines: vec![debit("6200", "10"), credit("1110", "-5")],
        ..diesel()
    };

    let found = fields(&problems(&input, &tree));

    assert_eq!(found, vec![Some("lines[1].credit".into())]);
    // The draft rules fail first; fix them and the posting rules speak.
    let input = EntryInput {
        lines: vec![debit("6200", "10"), credit("1110", "5")],
        ..diesel()
    };
    let found = fields(&problems(&input, &tree));
    assert_eq!(
        found,
        vec![
            Some("lines[0].account_id".into()),
            None,
            Some("date".into())
        ]
    );
}

#[test]
fn texts_longer_than_their_bounds_are_refused_naming_each_field() {
    let mut input = diesel();
    input.memo = "m".repeat(MEMO_CHARS_MAX + 1);
    input.reference = "r".repeat(REFERENCE_CHARS_MAX + 1);
    input.lines[1].description = "d".repeat(DESCRIPTION_CHARS_MAX + 1);

    let found = fields(&problems(&input, &books()));

    assert_eq!(
        found,
        vec![
            Some("memo".into()),
            Some("reference".into()),
            Some("lines[1].description".into())
        ]
    );
}

#[test]
fn a_draft_may_be_unbalanced_and_have_empty_lines() {
    let input = EntryInput {
        lines: vec![
            debit("6230", "100"),
            LineInput {
                debit: None,
                ..credit("1110", "0")
            },
        ],
        ..diesel()
    };

    assert!(check_draft(&input).is_ok());
}

#[test]
fn a_draft_still_refuses_a_malformed_amount() {
    let input = EntryInput {
        lines: vec![debit("6230", "-1")],
        ..diesel()
    };

    let found = check_draft(&input).expect_err("refused");

    assert!(
        matches!(
            found.as_slice(),
            [EntryProblem::NegativeAmount { line: 0, .. }]
        ),
        "{found:?}"
    );
}

#[test]
fn a_snapshot_answers_exactly_as_the_tree_it_was_taken_from() {
    let tree = books_with(vec![locked_until("2026-01-31")]);
    let input = EntryInput {
        lines: vec![debit("6200", "10"), credit("1110", "10")],
        ..diesel()
    };

    let snapshot = BooksSnapshot::for_entry(&tree, &input);

    assert_eq!(
        check_posting(&input, &snapshot),
        check_posting(&input, &tree)
    );
    assert_eq!(snapshot.workspace_id, Some(WS));
    assert_eq!(snapshot.accounts.len(), 2);
}

#[test]
fn swapping_an_entrys_lines_turns_every_debit_into_a_credit() {
    let (content, _) = check_posting(&diesel(), &books()).expect("valid");

    let swapped = content.swapped();

    assert_eq!(swapped[0].credit, content.lines[0].debit);
    assert_eq!(swapped[0].debit, content.lines[0].credit);
    assert_eq!(swapped[1].debit, content.lines[1].credit);
}

#[test]
fn credits_above_debits_are_unbalanced_too() {
    let input = EntryInput {
        lines: vec![debit("6230", "99.99"), credit("1110", "100.00")],
        ..diesel()
    };

    let found = problems(&input, &books());

    assert_eq!(
        found,
        vec![EntryProblem::Unbalanced {
            debits: d("99.99"),
            credits: d("100.00")
        }]
    );
}

#[test]
fn a_batch_passes_whole_when_every_entry_passes() {
    let checked = check_batch(&[diesel(), diesel()], &books()).expect("valid");

    assert_eq!(checked.len(), 2);
}

#[test]
fn a_batch_is_refused_whole_naming_every_failing_entry_and_its_problems() {
    let mut broken = diesel();
    broken.lines[1].credit = Some(d("1.00"));

    let rejection =
        check_batch(&[diesel(), broken.clone(), diesel(), broken], &books()).expect_err("refused");

    let BatchRejection::Entries(failures) = rejection else {
        panic!("{rejection:?}");
    };
    assert_eq!(
        failures.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
        vec![1, 3]
    );
    assert!(matches!(
        failures[0].1.as_slice(),
        [EntryProblem::Unbalanced { .. }]
    ));
}

#[test]
fn a_batch_of_ten_thousand_lines_is_accepted() {
    let entry = EntryInput {
        lines: (0..100)
            .map(|i| {
                if i % 2 == 0 {
                    debit("6230", "10.01")
                } else {
                    credit("1110", "10.01")
                }
            })
            .collect(),
        ..diesel()
    };

    let checked = check_batch(&vec![entry; 100], &books()).expect("valid");

    assert_eq!(
        checked.iter().map(|(c, _)| c.lines.len()).sum::<usize>(),
        10_000
    );
}

#[test]
fn a_batch_over_the_line_limit_is_refused_before_any_check() {
    let entry = EntryInput {
        lines: vec![debit("6230", "1"); 1_000],
        ..diesel()
    };

    let rejection = check_batch(&vec![entry; 21], &books()).expect_err("refused");

    assert_eq!(
        rejection,
        BatchRejection::TooManyLines {
            count: 21_000,
            max: BATCH_LINES_MAX
        }
    );
}

/// A tiny deterministic generator (64-bit LCG), so the test needs no dependency and
/// fails the same way every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

#[test]
fn a_generated_entry_posts_exactly_when_its_debits_equal_its_credits() {
    let leaves = ["1110", "1120", "2110", "4100", "6230", "6310"];
    let mut rng = Lcg(20_260_314);
    let mut balanced_seen = 0;
    for _ in 0..2_000 {
        let count = 2 + (rng.next() % 6) as usize;
        let mut lines = Vec::with_capacity(count);
        for _ in 0..count {
            let account = leaves[(rng.next() % leaves.len() as u64) as usize];
            let amount = Decimal::new(1 + (rng.next() % 10_000_000) as i64, 2);
            let line = if rng.next() & 1 == 0 {
                debit(account, "0")
            } else {
                credit(account, "0")
            };
            lines.push(LineInput {
                debit: line.debit.map(|_| amount),
                credit: line.credit.map(|_| amount),
                ..line
            });
        }
        // Half the time, close the entry with the exact difference, as a person would.
        if rng.next() & 1 == 0 {
            let debits: Decimal = lines.iter().filter_map(|l| l.debit).sum();
            let credits: Decimal = lines.iter().filter_map(|l| l.credit).sum();
            let gap = debits - credits;
            if gap > Decimal::ZERO {
                lines.push(LineInput {
                    credit: Some(gap),
                    ..credit("1120", "0")
                });
            } else if gap < Decimal::ZERO {
                lines.push(LineInput {
                    debit: Some(-gap),
                    ..debit("1120", "0")
                });
            }
        }
        let input = EntryInput { lines, ..diesel() };
        let debits: Decimal = input.lines.iter().filter_map(|l| l.debit).sum();
        let credits: Decimal = input.lines.iter().filter_map(|l| l.credit).sum();

        let result = check_posting(&input, &books());

        match &result {
            Ok((content, total)) => {
                assert_eq!(*total, content.total_credits());
                assert_eq!(content.total_debits(), content.total_credits());
                balanced_seen += 1;
            }
            Err(problems) => assert_eq!(
                problems.as_slice(),
                [EntryProblem::Unbalanced { debits, credits }],
                "{input:?}"
            ),
        }
        assert_eq!(result.is_ok(), debits == credits);
    }
    assert!(balanced_seen > 500, "{balanced_seen}");
}
