//! The JournalEntry's life, given / when / then: given the events so far, when a command
//! arrives, then these events — or this error. One rule per test. The entry rules
//! themselves are tested in `rules_tests`.

use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;
use event_schemas::{JournalEntryId, UserId};
use uuid::Uuid;

use super::rules_tests::{books, books_with, chart, credit, d, date, debit, diesel, locked_until};
use super::*;
use crate::account_tree::AccountTree;

type Given = TestFramework<JournalEntry>;

fn given() -> Given {
    TestFramework::with(())
}

const ENTRY: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0003_0000_0001));
const REVERSAL: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0003_0000_0002));
const OTHER_REVERSAL: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0003_0000_0003));
const USER: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0002));

fn workspace() -> event_schemas::WorkspaceId {
    books().workspace_id().expect("workspace")
}

fn snapshot(tree: &AccountTree) -> BooksSnapshot {
    BooksSnapshot::for_entry(tree, &diesel())
}

fn line(account: &str, debit: &str, credit: &str) -> JournalLine {
    JournalLine {
        account_id: chart(account),
        description: String::new(),
        debit: d(debit),
        credit: d(credit),
    }
}

fn diesel_lines() -> Vec<JournalLine> {
    vec![
        line("6230", "185000.50", "0.00"),
        line("1110", "0.00", "185000.50"),
    ]
}

fn drafted() -> JournalEntryEvent {
    JournalEntryEvent::JournalEntryDrafted(JournalEntryDrafted {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        date: date("2026-03-14"),
        memo: "Generator diesel".into(),
        reference: "PV-0042".into(),
        lines: diesel_lines(),
        created_by: USER,
    })
}

fn posted_event(sequence: u64) -> JournalEntryEvent {
    JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        entry_sequence: sequence,
        entry_number: entry_number(sequence),
        date: date("2026-03-14"),
        memo: "Generator diesel".into(),
        reference: "PV-0042".into(),
        lines: diesel_lines(),
        total: d("185000.50"),
        reverses: None,
        posted_by: USER,
    })
}

fn reversed() -> JournalEntryEvent {
    JournalEntryEvent::JournalEntryReversed(JournalEntryReversed {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        reversed_by: REVERSAL,
        reversal_date: date("2026-03-31"),
        reversed_by_user: USER,
    })
}

fn create_draft() -> CreateDraft {
    CreateDraft {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        entry: diesel(),
        created_by: USER,
    }
}

/// A posting as decided: the store numbers it as it commits.
fn decided_posting() -> JournalEntryEvent {
    let JournalEntryEvent::JournalEntryPosted(posted) = posted_event(0) else {
        unreachable!()
    };
    JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
        entry_number: String::new(),
        ..posted
    })
}

fn post_draft() -> PostDraft {
    PostDraft {
        books: snapshot(&books()),
        posted_by: USER,
    }
}

fn post_new() -> PostNewEntry {
    PostNewEntry {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        entry: diesel(),
        books: snapshot(&books()),
        posted_by: USER,
    }
}

fn reverse() -> ReverseEntry {
    ReverseEntry {
        reversed_by: REVERSAL,
        reversal_date: date("2026-03-31"),
        books: snapshot(&books()),
        reversed_by_user: USER,
    }
}

fn state(events: &[JournalEntryEvent]) -> JournalEntry {
    let mut entry = JournalEntry::default();
    for event in events {
        entry.apply(event.clone());
    }
    entry
}

fn post_reversal(original: &[JournalEntryEvent]) -> PostReversal {
    PostReversal {
        journal_entry_id: REVERSAL,
        original: state(original).posted().expect("posted").clone(),
        date: date("2026-03-31"),
        books: snapshot(&books()),
        posted_by: USER,
    }
}

// --- drafts -------------------------------------------------------------------------

#[test]
fn creating_a_draft_records_its_trimmed_content_at_two_decimals() {
    given()
        .given_no_previous_events()
        .when(create_draft().into())
        .then_expect_events(vec![drafted()]);
}

#[test]
fn a_draft_that_exists_cannot_be_created_again() {
    given()
        .given(vec![drafted()])
        .when(create_draft().into())
        .then_expect_error(JournalEntryError::EntryAlreadyExists {
            journal_entry_id: ENTRY,
        });
}

#[test]
fn a_malformed_draft_is_refused_with_every_field_named() {
    let mut entry = diesel();
    entry.lines[1].credit = Some(d("-1"));

    let error = JournalEntry::default()
        .decide(
            CreateDraft {
                entry,
                ..create_draft()
            }
            .into(),
        )
        .expect_err("refused");

    assert_eq!(
        error.fields(),
        vec![(
            Some("lines[1].credit".to_owned()),
            "an amount cannot be negative; got -1".to_owned()
        )]
    );
}

#[test]
fn updating_a_draft_records_its_whole_new_content() {
    let mut entry = diesel();
    entry.memo = "Generator diesel, 2 drums".into();

    given()
        .given(vec![drafted()])
        .when(UpdateDraft { entry }.into())
        .then_expect_events(vec![JournalEntryEvent::JournalEntryDraftUpdated(
            JournalEntryDraftUpdated {
                journal_entry_id: ENTRY,
                workspace_id: workspace(),
                date: date("2026-03-14"),
                memo: "Generator diesel, 2 drums".into(),
                reference: "PV-0042".into(),
                lines: diesel_lines(),
            },
        )]);
}

#[test]
fn an_update_that_changes_nothing_decides_no_events() {
    given()
        .given(vec![drafted()])
        .when(UpdateDraft { entry: diesel() }.into())
        .then_expect_events(vec![]);
}

#[test]
fn deleting_a_draft_records_it_deleted_and_it_accepts_no_more_edits() {
    let deleted = JournalEntryEvent::JournalEntryDraftDeleted(JournalEntryDraftDeleted {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
    });

    given()
        .given(vec![drafted()])
        .when(DeleteDraft.into())
        .then_expect_events(vec![deleted.clone()]);
    given()
        .given(vec![drafted(), deleted])
        .when(UpdateDraft { entry: diesel() }.into())
        .then_expect_error(JournalEntryError::EntryDeleted);
}

#[test]
fn an_entry_that_does_not_exist_cannot_be_updated() {
    given()
        .given_no_previous_events()
        .when(UpdateDraft { entry: diesel() }.into())
        .then_expect_error(JournalEntryError::EntryNotFound);
}

// --- posting ------------------------------------------------------------------------

#[test]
fn posting_a_draft_records_its_content_and_total_for_the_store_to_number() {
    given()
        .given(vec![drafted()])
        .when(post_draft().into())
        .then_expect_events(vec![decided_posting()]);
}

#[test]
fn creating_and_posting_at_once_records_only_the_posting() {
    given()
        .given_no_previous_events()
        .when(post_new().into())
        .then_expect_events(vec![decided_posting()]);
}

#[test]
fn the_store_writes_the_workspace_number_into_a_posting() {
    let mut payload = serde_json::to_value(decided_posting()).expect("payload");

    event_schemas::journal_entry::number_posting(&mut payload, 1);

    assert_eq!(payload["entry_sequence"], 1);
    assert_eq!(payload["entry_number"], "JE-000001");
}

#[test]
fn a_posted_entry_keeps_the_number_the_store_gave_it() {
    let entry = state(&[posted_event(42)]);

    let posted = entry.posted().expect("posted");

    assert_eq!(
        (posted.entry_sequence, posted.entry_number.as_str()),
        (42, "JE-000042")
    );
}

#[test]
fn an_unbalanced_draft_cannot_be_posted() {
    let unbalanced = JournalEntryEvent::JournalEntryDraftUpdated(JournalEntryDraftUpdated {
        journal_entry_id: ENTRY,
        workspace_id: workspace(),
        date: date("2026-03-14"),
        memo: String::new(),
        reference: String::new(),
        lines: vec![
            line("6230", "100.00", "0.00"),
            line("1110", "0.00", "99.99"),
        ],
    });

    given()
        .given(vec![drafted(), unbalanced])
        .when(post_draft().into())
        .then_expect_error(JournalEntryError::Invalid {
            problems: vec![EntryProblem::Unbalanced {
                debits: d("100.00"),
                credits: d("99.99"),
            }],
        });
}

#[test]
fn a_draft_dated_in_a_locked_period_cannot_be_posted() {
    let tree = books_with(vec![locked_until("2026-03-31")]);

    given()
        .given(vec![drafted()])
        .when(
            PostDraft {
                books: snapshot(&tree),
                ..post_draft()
            }
            .into(),
        )
        .then_expect_error(JournalEntryError::Invalid {
            problems: vec![EntryProblem::PeriodLocked {
                date: date("2026-03-14"),
                lock_date: date("2026-03-31"),
            }],
        });
}

#[test]
fn books_of_another_workspace_are_refused() {
    given()
        .given(vec![drafted()])
        .when(
            PostDraft {
                books: BooksSnapshot::default(),
                ..post_draft()
            }
            .into(),
        )
        .then_expect_error(JournalEntryError::BooksOfAnotherWorkspace {
            entry: workspace(),
            books: None,
        });
}

#[test]
fn a_posted_entry_cannot_be_edited() {
    given()
        .given(vec![drafted(), posted_event(42)])
        .when(UpdateDraft { entry: diesel() }.into())
        .then_expect_error(JournalEntryError::EntryIsPosted {
            entry_number: "JE-000042".into(),
        });
}

#[test]
fn a_posted_entry_cannot_be_deleted() {
    given()
        .given(vec![posted_event(42)])
        .when(DeleteDraft.into())
        .then_expect_error(JournalEntryError::EntryIsPosted {
            entry_number: "JE-000042".into(),
        });
}

#[test]
fn a_posted_entry_cannot_be_posted_again() {
    given()
        .given(vec![posted_event(42)])
        .when(post_draft().into())
        .then_expect_error(JournalEntryError::EntryIsPosted {
            entry_number: "JE-000042".into(),
        });
}

// --- reversal -----------------------------------------------------------------------

#[test]
fn reversing_a_posted_entry_records_the_reversing_entry_on_the_original() {
    given()
        .given(vec![posted_event(42)])
        .when(reverse().into())
        .then_expect_events(vec![reversed()]);
}

#[test]
fn the_reversing_entry_posts_the_original_lines_swapped_and_links_back() {
    given()
        .given_no_previous_events()
        .when(post_reversal(&[posted_event(42)]).into())
        .then_expect_events(vec![JournalEntryEvent::JournalEntryPosted(
            JournalEntryPosted {
                journal_entry_id: REVERSAL,
                workspace_id: workspace(),
                entry_sequence: 0,
                entry_number: String::new(),
                date: date("2026-03-31"),
                memo: "Reversal of JE-000042: Generator diesel".into(),
                reference: "PV-0042".into(),
                lines: vec![
                    line("6230", "0.00", "185000.50"),
                    line("1110", "185000.50", "0.00"),
                ],
                total: d("185000.50"),
                reverses: Some(ENTRY),
                posted_by: USER,
            },
        )]);
}

#[test]
fn an_entry_is_reversed_only_once() {
    given()
        .given(vec![posted_event(42), reversed()])
        .when(
            ReverseEntry {
                reversed_by: OTHER_REVERSAL,
                ..reverse()
            }
            .into(),
        )
        .then_expect_error(JournalEntryError::AlreadyReversed {
            reversed_by: REVERSAL,
        });
}

#[test]
fn a_retried_reversal_with_the_same_reversing_entry_decides_no_events() {
    given()
        .given(vec![posted_event(42), reversed()])
        .when(reverse().into())
        .then_expect_events(vec![]);
}

#[test]
fn the_reversing_entry_is_posted_after_the_original_records_it() {
    let original = [posted_event(42), reversed()];

    let events = JournalEntry::default()
        .decide(post_reversal(&original).into())
        .expect("posted");

    assert!(matches!(
        &events[..],
        [JournalEntryEvent::JournalEntryPosted(JournalEntryPosted {
            reverses: Some(ENTRY),
            ..
        })]
    ));
}

#[test]
fn a_second_reversing_entry_of_an_original_reversed_by_another_is_refused() {
    let original = [posted_event(42), reversed()];

    let error = JournalEntry::default()
        .decide(
            PostReversal {
                journal_entry_id: OTHER_REVERSAL,
                ..post_reversal(&original)
            }
            .into(),
        )
        .expect_err("refused");

    assert_eq!(
        error,
        JournalEntryError::AlreadyReversed {
            reversed_by: REVERSAL
        }
    );
}

#[test]
fn a_draft_cannot_be_reversed() {
    given()
        .given(vec![drafted()])
        .when(reverse().into())
        .then_expect_error(JournalEntryError::EntryNotPosted);
}

#[test]
fn a_reversing_entry_is_not_reversed_again() {
    let reversal = JournalEntry::default()
        .decide(post_reversal(&[posted_event(42)]).into())
        .expect("posted");

    given()
        .given(reversal)
        .when(reverse().into())
        .then_expect_error(JournalEntryError::ReversalCannotBeReversed { reverses: ENTRY });
}

#[test]
fn a_reversal_dated_in_a_locked_period_is_refused() {
    let tree = books_with(vec![locked_until("2026-03-31")]);

    given()
        .given(vec![posted_event(42)])
        .when(
            ReverseEntry {
                books: snapshot(&tree),
                ..reverse()
            }
            .into(),
        )
        .then_expect_error(JournalEntryError::ReversalPeriodLocked {
            date: date("2026-03-31"),
            lock_date: date("2026-03-31"),
        });
}

#[test]
fn the_reversing_entry_meets_the_posting_rules_too() {
    let tree = books_with(vec![locked_until("2026-03-31")]);

    let error = JournalEntry::default()
        .decide(
            PostReversal {
                books: snapshot(&tree),
                ..post_reversal(&[posted_event(42)])
            }
            .into(),
        )
        .expect_err("refused");

    assert_eq!(
        error.fields(),
        vec![(
            Some("date".to_owned()),
            "the books are locked up to 2026-03-31; the entry is dated 2026-03-31".to_owned()
        )]
    );
}

#[test]
fn the_original_and_its_reversal_sum_to_zero_on_every_account() {
    let reversal = JournalEntry::default()
        .decide(post_reversal(&[posted_event(42)]).into())
        .expect("posted");
    let original = state(&[posted_event(42)]);
    let reversal = state(&reversal);

    for account in ["6230", "1110"] {
        let net = |entry: &JournalEntry| -> rust_decimal::Decimal {
            entry
                .posted()
                .map(|p| {
                    p.content
                        .lines
                        .iter()
                        .filter(|l| l.account_id == chart(account))
                        .map(|l| l.debit - l.credit)
                        .sum()
                })
                .unwrap_or_default()
        };
        assert_eq!(net(&original) + net(&reversal), d("0"), "{account}");
    }
    assert_eq!(reversal.posted().and_then(|p| p.reverses), Some(ENTRY));
}

#[test]
fn the_entry_survives_a_snapshot_round_trip() {
    let entry = state(&[posted_event(42), reversed()]);

    let json = serde_json::to_value(&entry).expect("serialize");
    let back: JournalEntry = serde_json::from_value(json).expect("deserialize");

    assert_eq!(back, entry);
    assert_eq!(back.posted().and_then(|p| p.reversed_by), Some(REVERSAL));
}

#[test]
fn every_posted_line_has_exactly_one_of_debit_and_credit_above_zero() {
    let entry = EntryInput {
        lines: vec![debit("6230", "1"), debit("6220", "2"), credit("1110", "3")],
        ..diesel()
    };
    let events = JournalEntry::default()
        .decide(
            PostNewEntry {
                books: BooksSnapshot::for_entry(&books(), &entry),
                entry,
                ..post_new()
            }
            .into(),
        )
        .expect("posted");

    let JournalEntryEvent::JournalEntryPosted(posted) = &events[0] else {
        panic!("{events:?}");
    };
    for line in &posted.lines {
        assert!(line.debit.is_zero() != line.credit.is_zero(), "{line:?}");
    }
}
