//! The AccountTree's business rules, given / when / then: given the events so far, when a
//! command arrives, then these events — or this error. One rule per test.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;

type Given = TestFramework<AccountTree>;

fn given() -> Given {
    TestFramework::with(())
}

const WS: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0003));
const OTHER_WS: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0004));

fn account_id(n: u128) -> AccountId {
    AccountId::from_uuid(Uuid::from_u128(
        0x0190_f2a4_6b1e_7c3a_9d55_0002_0000_0000 + n,
    ))
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn date(s: &str) -> NaiveDate {
    NaiveDate::from_str(s).expect("date")
}

/// The id of a default-chart account in the test workspace.
fn chart(code: &str) -> AccountId {
    default_account_id(WS, code)
}

/// The events of a default chart set up in the test workspace.
fn chart_set_up() -> Vec<AccountTreeEvent> {
    AccountTree::default()
        .decide(SetUpDefaultChart { workspace_id: WS }.into())
        .expect("setup")
}

/// The tree those events build.
fn tree(events: &[AccountTreeEvent]) -> AccountTree {
    let mut tree = AccountTree::default();
    for event in events {
        tree.apply(event.clone());
    }
    tree
}

fn create(account_id: AccountId, code: &str, parent_code: &str) -> CreateAccount {
    CreateAccount {
        workspace_id: WS,
        account_id,
        name: "Zenith Bank - USD".into(),
        account_code: code.into(),
        account_type: AccountType::Asset,
        parent_id: Some(chart(parent_code)),
        parent_has_postings: false,
        depreciation_type: None,
        depreciation_value: None,
        classification: Default::default(),
    }
}

fn created(account_id: AccountId, code: &str, parent_code: &str) -> AccountTreeEvent {
    AccountTreeEvent::AccountCreated(AccountCreated {
        workspace_id: WS,
        account_id,
        name: "Zenith Bank - USD".into(),
        account_type: AccountType::Asset,
        account_code: code.into(),
        parent_id: Some(chart(parent_code)),
        is_editable: true,
        depreciation_type: None,
        depreciation_value: None,
    })
}

fn with(extra: Vec<AccountTreeEvent>) -> Vec<AccountTreeEvent> {
    let mut events = chart_set_up();
    events.extend(extra);
    events
}

fn update(account_id: AccountId) -> UpdateAccount {
    UpdateAccount {
        workspace_id: WS,
        account_id,
        name: None,
        account_code: None,
        parent_id: None,
        new_parent_has_postings: false,
        depreciation_type: None,
        depreciation_value: None,
        classification: Default::default(),
    }
}

fn archived(account_id: AccountId) -> AccountTreeEvent {
    AccountTreeEvent::AccountArchived(AccountArchived {
        workspace_id: WS,
        account_id,
    })
}

fn decide(
    events: &[AccountTreeEvent],
    command: impl Into<AccountTreeCommand>,
) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
    tree(events).decide(command.into())
}

fn error_of(
    events: &[AccountTreeEvent],
    command: impl Into<AccountTreeCommand>,
) -> AccountTreeError {
    decide(events, command).expect_err("the command must be refused")
}

// --- default chart ------------------------------------------------------------------

#[test]
fn setting_up_the_default_chart_records_the_setup_then_every_account() {
    let events = chart_set_up();

    assert_eq!(
        events[0],
        AccountTreeEvent::DefaultChartSetUp(DefaultChartSetUp {
            workspace_id: WS,
            chart_id: DEFAULT_CHART_ID.into(),
            account_count: u32::try_from(DEFAULT_CHART.len()).expect("small"),
        })
    );
    assert_eq!(events.len(), DEFAULT_CHART.len() + 1);
}

#[test]
fn a_second_default_chart_setup_decides_no_events() {
    given()
        .given(chart_set_up())
        .when(SetUpDefaultChart { workspace_id: WS }.into())
        .then_expect_events(vec![]);
}

#[test]
fn the_default_chart_is_not_set_up_over_accounts_built_by_hand() {
    let by_hand = AccountTreeEvent::AccountCreated(AccountCreated {
        workspace_id: WS,
        account_id: account_id(1),
        name: "Cash".into(),
        account_type: AccountType::Asset,
        account_code: "1110".into(),
        parent_id: None,
        is_editable: true,
        depreciation_type: None,
        depreciation_value: None,
    });

    given()
        .given(vec![by_hand])
        .when(SetUpDefaultChart { workspace_id: WS }.into())
        .then_expect_events(vec![]);
}

#[test]
fn default_chart_account_ids_are_the_same_on_every_setup_and_differ_between_workspaces() {
    assert_eq!(
        default_account_id(WS, "1110"),
        default_account_id(WS, "1110")
    );
    assert_ne!(
        default_account_id(WS, "1110"),
        default_account_id(OTHER_WS, "1110")
    );
    assert_ne!(
        default_account_id(WS, "1110"),
        default_account_id(WS, "1120")
    );
}

#[test]
fn the_default_chart_has_six_system_roots_and_every_other_node_is_editable() {
    let tree = tree(&chart_set_up());

    let roots: Vec<&str> = tree
        .accounts()
        .filter(|a| a.parent_id.is_none())
        .map(|a| a.account_code.as_str())
        .collect();

    assert_eq!(roots.len(), 6);
    for account in tree.accounts() {
        assert_eq!(
            account.is_editable,
            account.parent_id.is_some(),
            "{}",
            account.account_code
        );
    }
}

#[test]
fn the_default_chart_has_between_25_and_40_leaves_including_the_nigerian_payables() {
    let tree = tree(&chart_set_up());
    let leaves: Vec<&str> = tree
        .accounts()
        .filter(|a| tree.is_last_level(a.account_id))
        .map(|a| a.name.as_str())
        .collect();

    assert!((25..=40).contains(&leaves.len()), "{} leaves", leaves.len());
    for name in [
        "VAT payable (output VAT)",
        "PAYE payable",
        "Pension payable",
        "Retained earnings",
    ] {
        assert!(leaves.contains(&name), "{name} missing");
    }
}

#[test]
fn every_default_chart_account_passes_the_rules_a_user_account_must_pass() {
    let tree = tree(&chart_set_up());

    let mut codes = std::collections::BTreeSet::new();
    for account in tree.accounts() {
        assert!(codes.insert(account.account_code.clone()), "duplicate code");
        assert!(
            parse_code_ok(&account.account_code),
            "{}",
            account.account_code
        );
        if let Some(parent) = account.parent_id.and_then(|p| tree.account(p)) {
            assert_eq!(
                parent.account_type, account.account_type,
                "{}",
                account.account_code
            );
            assert!(account.account_code.starts_with(&parent.account_code[..1]));
        } else {
            assert!(
                account.parent_id.is_none(),
                "{} has a missing parent",
                account.account_code
            );
        }
    }
}

fn parse_code_ok(code: &str) -> bool {
    (ACCOUNT_CODE_DIGITS_MIN..=ACCOUNT_CODE_DIGITS_MAX).contains(&code.len())
        && code.bytes().all(|b| b.is_ascii_digit())
}

// --- creating an account ------------------------------------------------------------

#[test]
fn creating_an_account_under_a_parent_of_the_same_type_records_it_trimmed() {
    given()
        .given(chart_set_up())
        .when(
            CreateAccount {
                name: "  Zenith Bank - USD ".into(),
                account_code: " 1125 ".into(),
                ..create(account_id(1), "1125", "1100")
            }
            .into(),
        )
        .then_expect_events(vec![created(account_id(1), "1125", "1100")]);
}

#[test]
fn an_account_that_exists_cannot_be_created_again() {
    let events = with(vec![created(account_id(1), "1125", "1100")]);

    assert_eq!(
        error_of(&events, create(account_id(1), "1126", "1100")),
        AccountTreeError::AccountAlreadyExists {
            account_id: account_id(1)
        }
    );
}

#[test]
fn a_blank_account_name_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            name: "   ".into(),
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert_eq!(error, AccountTreeError::NameRequired);
    assert_eq!(error.field(), Some("name"));
}

#[test]
fn an_account_name_longer_than_120_characters_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            name: "é".repeat(ACCOUNT_NAME_CHARS_MAX + 1),
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::NameTooLong {
            length: 121,
            max: 120
        }
    );
}

#[test]
fn an_account_name_of_exactly_120_characters_is_accepted() {
    let result = decide(
        &chart_set_up(),
        CreateAccount {
            name: "é".repeat(ACCOUNT_NAME_CHARS_MAX),
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn an_account_code_with_anything_but_digits_is_rejected() {
    for code in ["11A0", "11-0", "", "1 10", "١١٢٥"] {
        let error = error_of(&chart_set_up(), create(account_id(1), code, "1100"));

        assert!(
            matches!(error, AccountTreeError::InvalidAccountCode { .. }),
            "{code:?}: {error:?}"
        );
        assert_eq!(error.field(), Some("account_code"));
    }
}

#[test]
fn an_account_code_longer_than_ten_digits_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        create(account_id(1), "12345678901", "1100"),
    );

    assert_eq!(
        error,
        AccountTreeError::InvalidAccountCode {
            code: "12345678901".into(),
            min: 1,
            max: 10
        }
    );
}

#[test]
fn an_account_code_used_in_the_workspace_is_rejected() {
    let error = error_of(&chart_set_up(), create(account_id(1), "1110", "1100"));

    assert_eq!(
        error,
        AccountTreeError::AccountCodeTaken {
            code: "1110".into()
        }
    );
}

#[test]
fn an_archived_accounts_code_stays_taken() {
    let events = with(vec![archived(chart("1130"))]);

    let error = error_of(&events, create(account_id(1), "1130", "1100"));

    assert_eq!(
        error,
        AccountTreeError::AccountCodeTaken {
            code: "1130".into()
        }
    );
}

#[test]
fn a_deleted_accounts_code_is_free_again() {
    let events = with(vec![AccountTreeEvent::AccountDeleted(AccountDeleted {
        workspace_id: WS,
        account_id: chart("1130"),
    })]);

    assert!(decide(&events, create(account_id(1), "1130", "1100")).is_ok());
}

#[test]
fn a_parent_that_does_not_exist_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            parent_id: Some(account_id(99)),
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentNotFound {
            parent_id: account_id(99)
        }
    );
    assert_eq!(error.field(), Some("parent_id"));
}

#[test]
fn a_parent_of_another_type_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            account_type: AccountType::Expense,
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentTypeMismatch {
            parent_type: AccountType::Asset,
            account_type: AccountType::Expense
        }
    );
}

#[test]
fn an_archived_parent_is_rejected() {
    let events = with(vec![archived(chart("1130"))]);

    let error = error_of(&events, create(account_id(1), "1131", "1130"));

    assert_eq!(
        error,
        AccountTreeError::ParentArchived {
            parent_id: chart("1130")
        }
    );
}

#[test]
fn a_leaf_with_postings_cannot_become_a_parent() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            parent_has_postings: true,
            ..create(account_id(1), "1111", "1110")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentHasPostings {
            parent_id: chart("1110")
        }
    );
}

#[test]
fn a_leaf_without_postings_can_become_a_parent_and_is_then_no_longer_last_level() {
    let events = with(vec![created(account_id(1), "1111", "1110")]);

    let tree = tree(&events);

    assert!(!tree.is_last_level(chart("1110")));
    assert!(tree.is_last_level(account_id(1)));
}

#[test]
fn a_top_level_account_needs_no_parent() {
    let result = decide(
        &chart_set_up(),
        CreateAccount {
            parent_id: None,
            ..create(account_id(1), "7000", "1100")
        },
    );

    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn an_asset_account_records_its_depreciation_at_two_decimals() {
    let events = decide(
        &chart_set_up(),
        CreateAccount {
            depreciation_type: Some(DepreciationType::StraightLine),
            depreciation_value: Some(d("25")),
            ..create(account_id(1), "1525", "1500")
        },
    )
    .expect("created");

    let AccountTreeEvent::AccountCreated(created) = &events[0] else {
        panic!("{events:?}");
    };
    assert_eq!(
        created.depreciation_type,
        Some(DepreciationType::StraightLine)
    );
    assert_eq!(
        created.depreciation_value.map(|v| v.to_string()),
        Some("25.00".into())
    );
}

#[test]
fn only_asset_accounts_depreciate() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            account_type: AccountType::Expense,
            parent_id: Some(chart("6300")),
            depreciation_type: Some(DepreciationType::StraightLine),
            depreciation_value: Some(d("10")),
            ..create(account_id(1), "6390", "6300")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::DepreciationOnlyForAssets {
            account_type: AccountType::Expense
        }
    );
    assert_eq!(error.field(), Some("depreciation_type"));
}

#[test]
fn a_depreciation_type_needs_a_value_and_a_value_needs_a_type() {
    let no_value = error_of(
        &chart_set_up(),
        CreateAccount {
            depreciation_type: Some(DepreciationType::DecliningBalance),
            ..create(account_id(1), "1525", "1500")
        },
    );
    let no_type = error_of(
        &chart_set_up(),
        CreateAccount {
            depreciation_value: Some(d("10")),
            ..create(account_id(1), "1525", "1500")
        },
    );

    assert_eq!(no_value, AccountTreeError::DepreciationValueRequired);
    assert_eq!(no_value.field(), Some("depreciation_value"));
    assert_eq!(no_type, AccountTreeError::DepreciationTypeRequired);
}

#[test]
fn a_depreciation_value_outside_0_to_100_percent_or_past_two_decimals_is_rejected() {
    for value in ["0", "-5", "100.01", "12.345"] {
        let error = error_of(
            &chart_set_up(),
            CreateAccount {
                depreciation_type: Some(DepreciationType::StraightLine),
                depreciation_value: Some(d(value)),
                ..create(account_id(1), "1525", "1500")
            },
        );

        assert_eq!(
            error,
            AccountTreeError::InvalidDepreciationValue { value: d(value) },
            "{value}"
        );
    }
}

#[test]
fn a_command_for_another_workspace_is_refused() {
    let error = error_of(
        &chart_set_up(),
        CreateAccount {
            workspace_id: OTHER_WS,
            ..create(account_id(1), "1125", "1100")
        },
    );

    assert_eq!(
        error,
        AccountTreeError::WrongWorkspace {
            tree: WS,
            command: OTHER_WS
        }
    );
}

// --- updating an account ------------------------------------------------------------

#[test]
fn updating_an_account_records_every_editable_field_after_the_change() {
    given()
        .given(with(vec![created(account_id(1), "1125", "1100")]))
        .when(
            UpdateAccount {
                name: Some(" Zenith Bank - EUR ".into()),
                ..update(account_id(1))
            }
            .into(),
        )
        .then_expect_events(vec![AccountTreeEvent::AccountUpdated(AccountUpdated {
            workspace_id: WS,
            account_id: account_id(1),
            name: "Zenith Bank - EUR".into(),
            account_code: "1125".into(),
            parent_id: Some(chart("1100")),
            depreciation_type: None,
            depreciation_value: None,
        })]);
}

#[test]
fn an_update_that_changes_nothing_decides_no_events() {
    given()
        .given(with(vec![created(account_id(1), "1125", "1100")]))
        .when(
            UpdateAccount {
                name: Some("Zenith Bank - USD".into()),
                account_code: Some("1125".into()),
                ..update(account_id(1))
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn a_system_root_cannot_be_updated() {
    let error = error_of(
        &chart_set_up(),
        UpdateAccount {
            name: Some("Things we own".into()),
            ..update(chart("1000"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::AccountNotEditable {
            account_id: chart("1000")
        }
    );
}

#[test]
fn an_archived_account_cannot_be_updated() {
    let events = with(vec![archived(chart("1130"))]);

    let error = error_of(
        &events,
        UpdateAccount {
            name: Some("Old dom account".into()),
            ..update(chart("1130"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::AccountArchived {
            account_id: chart("1130")
        }
    );
}

#[test]
fn an_account_that_does_not_exist_cannot_be_updated() {
    let error = error_of(&chart_set_up(), update(account_id(42)));

    assert_eq!(
        error,
        AccountTreeError::AccountNotFound {
            account_id: account_id(42)
        }
    );
    assert_eq!(error.field(), None);
}

#[test]
fn an_account_may_keep_its_own_code_but_not_take_another_accounts() {
    let events = with(vec![created(account_id(1), "1125", "1100")]);

    let own = decide(
        &events,
        UpdateAccount {
            account_code: Some("1125".into()),
            ..update(account_id(1))
        },
    );
    let other = error_of(
        &events,
        UpdateAccount {
            account_code: Some("1120".into()),
            ..update(account_id(1))
        },
    );

    assert_eq!(own, Ok(vec![]));
    assert_eq!(
        other,
        AccountTreeError::AccountCodeTaken {
            code: "1120".into()
        }
    );
}

#[test]
fn an_account_cannot_be_moved_under_its_own_sub_account() {
    let events = with(vec![created(account_id(1), "1125", "1100")]);

    let error = error_of(
        &events,
        UpdateAccount {
            parent_id: Some(Some(account_id(1))),
            ..update(chart("1100"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentIsDescendant {
            parent_id: account_id(1)
        }
    );
}

#[test]
fn an_account_cannot_be_moved_under_itself() {
    let error = error_of(
        &chart_set_up(),
        UpdateAccount {
            parent_id: Some(Some(chart("1100"))),
            ..update(chart("1100"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentIsDescendant {
            parent_id: chart("1100")
        }
    );
}

#[test]
fn an_account_cannot_be_moved_under_a_parent_of_another_type() {
    let error = error_of(
        &chart_set_up(),
        UpdateAccount {
            parent_id: Some(Some(chart("2100"))),
            ..update(chart("1110"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentTypeMismatch {
            parent_type: AccountType::Liability,
            account_type: AccountType::Asset
        }
    );
}

#[test]
fn an_account_cannot_be_moved_under_a_leaf_with_postings() {
    let error = error_of(
        &chart_set_up(),
        UpdateAccount {
            parent_id: Some(Some(chart("1120"))),
            new_parent_has_postings: true,
            ..update(chart("1110"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::ParentHasPostings {
            parent_id: chart("1120")
        }
    );
}

#[test]
fn moving_an_only_child_away_makes_its_old_parent_a_leaf_again() {
    let events = with(vec![created(account_id(1), "1111", "1110")]);
    let moved = decide(
        &events,
        UpdateAccount {
            parent_id: Some(Some(chart("1100"))),
            ..update(account_id(1))
        },
    )
    .expect("moved");

    let mut all = events;
    all.extend(moved);
    let tree = tree(&all);

    assert!(tree.is_last_level(chart("1110")));
    assert_eq!(
        tree.account(account_id(1)).and_then(|a| a.parent_id),
        Some(chart("1100"))
    );
}

#[test]
fn depreciation_can_be_set_on_an_asset_account_by_update() {
    let events = decide(
        &chart_set_up(),
        UpdateAccount {
            depreciation_type: Some(Some(DepreciationType::DecliningBalance)),
            depreciation_value: Some(Some(d("20.5"))),
            ..update(chart("1520"))
        },
    )
    .expect("updated");

    let AccountTreeEvent::AccountUpdated(updated) = &events[0] else {
        panic!("{events:?}");
    };
    assert_eq!(
        updated.depreciation_value.map(|v| v.to_string()),
        Some("20.50".into())
    );
}

#[test]
fn depreciation_cannot_be_set_on_an_income_account_by_update() {
    let error = error_of(
        &chart_set_up(),
        UpdateAccount {
            depreciation_type: Some(Some(DepreciationType::StraightLine)),
            depreciation_value: Some(Some(d("10"))),
            ..update(chart("4100"))
        },
    );

    assert_eq!(
        error,
        AccountTreeError::DepreciationOnlyForAssets {
            account_type: AccountType::Income
        }
    );
}

// --- archiving and deleting ---------------------------------------------------------

#[test]
fn archiving_a_leaf_records_it_archived() {
    given()
        .given(chart_set_up())
        .when(
            ArchiveAccount {
                workspace_id: WS,
                account_id: chart("1130"),
            }
            .into(),
        )
        .then_expect_events(vec![archived(chart("1130"))]);
}

#[test]
fn archiving_an_archived_account_decides_no_events() {
    given()
        .given(with(vec![archived(chart("1130"))]))
        .when(
            ArchiveAccount {
                workspace_id: WS,
                account_id: chart("1130"),
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn a_parent_with_active_children_cannot_be_archived() {
    let error = error_of(
        &chart_set_up(),
        ArchiveAccount {
            workspace_id: WS,
            account_id: chart("1100"),
        },
    );

    assert_eq!(
        error,
        AccountTreeError::HasActiveChildren {
            account_id: chart("1100"),
            children: 3
        }
    );
}

#[test]
fn a_parent_whose_children_are_all_archived_can_be_archived() {
    let events = with(vec![archived(chart("1310"))]);

    let result = decide(
        &events,
        ArchiveAccount {
            workspace_id: WS,
            account_id: chart("1300"),
        },
    );

    assert_eq!(result, Ok(vec![archived(chart("1300"))]));
}

#[test]
fn a_system_root_cannot_be_archived() {
    let error = error_of(
        &with(vec![]),
        ArchiveAccount {
            workspace_id: WS,
            account_id: chart("3000"),
        },
    );

    assert_eq!(
        error,
        AccountTreeError::AccountNotEditable {
            account_id: chart("3000")
        }
    );
}

#[test]
fn an_account_never_posted_to_is_deleted() {
    given()
        .given(chart_set_up())
        .when(
            DeleteAccount {
                workspace_id: WS,
                account_id: chart("1130"),
                has_postings: false,
            }
            .into(),
        )
        .then_expect_events(vec![AccountTreeEvent::AccountDeleted(AccountDeleted {
            workspace_id: WS,
            account_id: chart("1130"),
        })]);
}

#[test]
fn an_account_with_postings_cannot_be_deleted() {
    let error = error_of(
        &chart_set_up(),
        DeleteAccount {
            workspace_id: WS,
            account_id: chart("1130"),
            has_postings: true,
        },
    );

    assert_eq!(
        error,
        AccountTreeError::AccountHasPostings {
            account_id: chart("1130")
        }
    );
}

#[test]
fn an_account_with_sub_accounts_cannot_be_deleted() {
    let error = error_of(
        &chart_set_up(),
        DeleteAccount {
            workspace_id: WS,
            account_id: chart("1300"),
            has_postings: false,
        },
    );

    assert_eq!(
        error,
        AccountTreeError::HasChildren {
            account_id: chart("1300")
        }
    );
}

#[test]
fn a_system_root_cannot_be_deleted() {
    let error = error_of(
        &chart_set_up(),
        DeleteAccount {
            workspace_id: WS,
            account_id: chart("4000"),
            has_postings: false,
        },
    );

    assert_eq!(
        error,
        AccountTreeError::AccountNotEditable {
            account_id: chart("4000")
        }
    );
}

#[test]
fn a_deleted_account_is_gone_from_the_tree() {
    let events = with(vec![AccountTreeEvent::AccountDeleted(AccountDeleted {
        workspace_id: WS,
        account_id: chart("1130"),
    })]);

    assert!(tree(&events).account(chart("1130")).is_none());
}

#[test]
fn removing_an_account_with_postings_archives_it_and_without_postings_deletes_it() {
    let with_postings = decide(
        &chart_set_up(),
        AccountTreeCommand::remove(WS, chart("1130"), true),
    );
    let without = decide(
        &chart_set_up(),
        AccountTreeCommand::remove(WS, chart("1130"), false),
    );

    assert_eq!(with_postings, Ok(vec![archived(chart("1130"))]));
    assert_eq!(
        without,
        Ok(vec![AccountTreeEvent::AccountDeleted(AccountDeleted {
            workspace_id: WS,
            account_id: chart("1130"),
        })])
    );
}

// --- budgets ------------------------------------------------------------------------

fn budget(account: AccountId, amount: &str, period: BudgetPeriod) -> SetBudgetAmount {
    SetBudgetAmount {
        workspace_id: WS,
        account_id: account,
        amount: d(amount),
        period,
    }
}

fn budget_set(account: AccountId, month: Option<&str>, amount: &str) -> AccountTreeEvent {
    AccountTreeEvent::BudgetAmountSet(BudgetAmountSet {
        workspace_id: WS,
        account_id: account,
        month: month.map(str::to_owned),
        amount: d(amount),
    })
}

#[test]
fn a_monthly_budget_is_recorded_at_two_decimals() {
    let events = decide(
        &chart_set_up(),
        budget(
            chart("6230"),
            "250000",
            BudgetPeriod::Month("2026-03".into()),
        ),
    )
    .expect("set");

    assert_eq!(
        events,
        vec![budget_set(chart("6230"), Some("2026-03"), "250000.00")]
    );
    let AccountTreeEvent::BudgetAmountSet(set) = &events[0] else {
        panic!()
    };
    assert_eq!(set.amount.to_string(), "250000.00");
}

#[test]
fn a_standing_budget_amount_has_no_month() {
    given()
        .given(chart_set_up())
        .when(budget(chart("6230"), "1000.5", BudgetPeriod::Standing).into())
        .then_expect_events(vec![budget_set(chart("6230"), None, "1000.50")]);
}

#[test]
fn a_yearly_budget_is_twelve_monthly_amounts_that_sum_exactly_to_it() {
    let events = decide(
        &chart_set_up(),
        budget(chart("6230"), "1000.00", BudgetPeriod::Year(2026)),
    )
    .expect("set");

    assert_eq!(events.len(), 12);
    assert_eq!(
        events[0],
        budget_set(chart("6230"), Some("2026-01"), "83.33")
    );
    assert_eq!(
        events[11],
        budget_set(chart("6230"), Some("2026-12"), "83.37")
    );
    let total: Decimal = events
        .iter()
        .map(|e| match e {
            AccountTreeEvent::BudgetAmountSet(s) => s.amount,
            _ => Decimal::ZERO,
        })
        .sum();
    assert_eq!(total, d("1000.00"));
}

#[test]
fn spreading_a_yearly_budget_never_loses_or_invents_a_kobo() {
    for yearly in ["0.00", "0.11", "12.00", "1234567.89", "999999999999999.99"] {
        let months = spread_yearly(d(yearly));

        assert_eq!(months.iter().sum::<Decimal>(), d(yearly), "{yearly}");
        assert!(
            months
                .iter()
                .all(|m| m.scale() == 2 && !m.is_sign_negative()),
            "{yearly}"
        );
    }
}

#[test]
fn setting_the_same_budget_again_decides_no_events() {
    given()
        .given(with(vec![budget_set(
            chart("6230"),
            Some("2026-03"),
            "500.00",
        )]))
        .when(budget(chart("6230"), "500", BudgetPeriod::Month("2026-03".into())).into())
        .then_expect_events(vec![]);
}

#[test]
fn a_negative_budget_amount_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        budget(chart("6230"), "-1", BudgetPeriod::Standing),
    );

    assert_eq!(
        error,
        AccountTreeError::NegativeBudgetAmount { amount: d("-1") }
    );
    assert_eq!(error.field(), Some("amount"));
}

#[test]
fn a_budget_amount_with_more_than_two_decimals_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        budget(chart("6230"), "1.005", BudgetPeriod::Standing),
    );

    assert_eq!(
        error,
        AccountTreeError::BudgetAmountTooPrecise {
            amount: d("1.005"),
            max_decimals: 2
        }
    );
}

#[test]
fn a_budget_month_not_in_yyyy_mm_form_is_rejected() {
    for month in ["2026-13", "2026-3", "03-2026", "2026-03-01", "1999-12", ""] {
        let error = error_of(
            &chart_set_up(),
            budget(chart("6230"), "1", BudgetPeriod::Month(month.into())),
        );

        assert_eq!(
            error,
            AccountTreeError::InvalidBudgetMonth {
                month: month.into()
            },
            "{month:?}"
        );
        assert_eq!(error.field(), Some("month"));
    }
}

#[test]
fn a_budget_year_outside_the_bounds_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        budget(chart("6230"), "1", BudgetPeriod::Year(20026)),
    );

    assert_eq!(
        error,
        AccountTreeError::InvalidBudgetYear {
            year: 20026,
            min: BUDGET_YEAR_MIN,
            max: BUDGET_YEAR_MAX
        }
    );
}

#[test]
fn a_budget_on_a_parent_account_is_rejected() {
    let error = error_of(
        &chart_set_up(),
        budget(chart("6200"), "1", BudgetPeriod::Standing),
    );

    assert_eq!(
        error,
        AccountTreeError::BudgetOnParentAccount {
            account_id: chart("6200")
        }
    );
}

#[test]
fn a_budget_on_an_archived_account_is_rejected() {
    let events = with(vec![archived(chart("6230"))]);

    let error = error_of(&events, budget(chart("6230"), "1", BudgetPeriod::Standing));

    assert_eq!(
        error,
        AccountTreeError::AccountArchived {
            account_id: chart("6230")
        }
    );
}

#[test]
fn budgets_are_kept_per_account_and_month() {
    let events = with(vec![
        budget_set(chart("6230"), Some("2026-03"), "500.00"),
        budget_set(chart("6230"), Some("2026-03"), "750.00"),
        budget_set(chart("6230"), None, "9000.00"),
    ]);

    let tree = tree(&events);
    let account = tree.account(chart("6230")).expect("account");

    assert_eq!(account.monthly_budgets.get("2026-03"), Some(&d("750.00")));
    assert_eq!(account.budget_amount, Some(d("9000.00")));
}

// --- lock date ----------------------------------------------------------------------

#[test]
fn setting_the_lock_date_records_it() {
    given()
        .given(chart_set_up())
        .when(
            SetLockDate {
                workspace_id: WS,
                lock_date: Some(date("2025-12-31")),
            }
            .into(),
        )
        .then_expect_events(vec![AccountTreeEvent::LockDateSet(LockDateSet {
            workspace_id: WS,
            lock_date: Some(date("2025-12-31")),
        })]);
}

#[test]
fn setting_the_same_lock_date_again_decides_no_events() {
    let locked = AccountTreeEvent::LockDateSet(LockDateSet {
        workspace_id: WS,
        lock_date: Some(date("2025-12-31")),
    });

    given()
        .given(vec![locked])
        .when(
            SetLockDate {
                workspace_id: WS,
                lock_date: Some(date("2025-12-31")),
            }
            .into(),
        )
        .then_expect_events(vec![]);
}

#[test]
fn clearing_the_lock_date_opens_the_books() {
    let locked = AccountTreeEvent::LockDateSet(LockDateSet {
        workspace_id: WS,
        lock_date: Some(date("2025-12-31")),
    });
    let cleared = decide(
        std::slice::from_ref(&locked),
        SetLockDate {
            workspace_id: WS,
            lock_date: None,
        },
    )
    .expect("cleared");

    let tree = tree(&[locked, cleared[0].clone()]);

    assert_eq!(tree.lock_date(), None);
}

// --- cqrs-es wiring -----------------------------------------------------------------

#[test]
fn the_tree_survives_a_snapshot_round_trip() {
    let mut events = chart_set_up();
    events.push(budget_set(chart("6230"), Some("2026-03"), "500.00"));
    events.push(archived(chart("1130")));
    let tree = tree(&events);

    let json = serde_json::to_value(&tree).expect("serialize");
    let back: AccountTree = serde_json::from_value(json).expect("deserialize");

    assert_eq!(back, tree);
}

// --- classification -----------------------------------------------------------------

fn classified(
    account_id: AccountId,
    section: Option<StatementSection>,
    category: Option<CashFlowCategory>,
) -> AccountTreeEvent {
    AccountTreeEvent::AccountClassified(AccountClassified {
        workspace_id: WS,
        account_id,
        statement_section: section,
        cash_flow_category: category,
    })
}

#[test]
fn an_account_created_with_a_classification_records_it_after_the_account() {
    let classification = Classification {
        statement_section: Some(StatementSection::NonCurrentAssets),
        cash_flow_category: Some(CashFlowCategory::Investing),
    };

    given()
        .given(chart_set_up())
        .when(
            CreateAccount {
                classification,
                ..create(account_id(1), "1125", "1100")
            }
            .into(),
        )
        .then_expect_events(vec![
            created(account_id(1), "1125", "1100"),
            classified(
                account_id(1),
                Some(StatementSection::NonCurrentAssets),
                Some(CashFlowCategory::Investing),
            ),
        ]);
}

#[test]
fn changing_only_the_classification_records_only_the_classification() {
    let command = UpdateAccount {
        classification: ClassificationPatch {
            statement_section: None,
            cash_flow_category: Some(Some(CashFlowCategory::Financing)),
        },
        ..update(chart("6500"))
    };

    given()
        .given(chart_set_up())
        .when(command.into())
        .then_expect_events(vec![classified(
            chart("6500"),
            None,
            Some(CashFlowCategory::Financing),
        )]);
}

#[test]
fn a_classification_set_again_to_the_same_value_records_nothing() {
    let events = with(vec![classified(
        chart("6500"),
        Some(StatementSection::OtherExpenses),
        None,
    )]);
    let command = UpdateAccount {
        classification: ClassificationPatch {
            statement_section: Some(Some(StatementSection::OtherExpenses)),
            cash_flow_category: None,
        },
        ..update(chart("6500"))
    };

    assert_eq!(decide(&events, command), Ok(vec![]));
}

#[test]
fn an_asset_cannot_be_placed_in_revenue() {
    let command = UpdateAccount {
        classification: ClassificationPatch {
            statement_section: Some(Some(StatementSection::Revenue)),
            cash_flow_category: None,
        },
        ..update(chart("1120"))
    };

    let error = error_of(&chart_set_up(), command);

    assert_eq!(
        error,
        AccountTreeError::SectionNotForType {
            section: StatementSection::Revenue,
            account_type: AccountType::Asset,
        }
    );
    assert_eq!(error.field(), Some("statement_section"));
}

#[test]
fn only_an_asset_can_be_cash() {
    let command = UpdateAccount {
        classification: ClassificationPatch {
            statement_section: None,
            cash_flow_category: Some(Some(CashFlowCategory::Cash)),
        },
        ..update(chart("2110"))
    };

    let error = error_of(&chart_set_up(), command);

    assert_eq!(error.field(), Some("cash_flow_category"));
}
