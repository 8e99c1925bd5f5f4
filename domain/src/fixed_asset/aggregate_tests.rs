//! The FixedAsset and DepreciationRun rules, given/when/then, and their entries.

use std::str::FromStr;

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use event_schemas::account_tree::AccountType;
use event_schemas::fixed_asset::asset::{FixedAssetDepreciated, FixedAssetRegistered};
use event_schemas::{
    AccountId, DepreciationRunId, FixedAssetId, JournalEntryId, UserId, WorkspaceId,
};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;
use crate::calendar::Month;
use crate::payroll::settings::{AccountFact, ChartFacts};

const ASSET: FixedAssetId = FixedAssetId::from_uuid(Uuid::from_u128(0xf01));
const WORKSPACE: WorkspaceId = WorkspaceId::from_uuid(Uuid::from_u128(0xc33));
const ADMIN: UserId = UserId::from_uuid(Uuid::from_u128(0xc24));
const RUN: DepreciationRunId = DepreciationRunId::from_uuid(Uuid::from_u128(0xd01));
const ENTRY: JournalEntryId = JournalEntryId::from_uuid(Uuid::from_u128(0xe11));
const VEHICLES: AccountId = AccountId::from_uuid(Uuid::from_u128(0x1520));
const ACCUMULATED: AccountId = AccountId::from_uuid(Uuid::from_u128(0x1590));
const EXPENSE: AccountId = AccountId::from_uuid(Uuid::from_u128(0x6400));
const BANK: AccountId = AccountId::from_uuid(Uuid::from_u128(0x1120));
const OTHER_INCOME: AccountId = AccountId::from_uuid(Uuid::from_u128(0x4300));

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn ymd(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("date")
}

fn month(raw: &str) -> Month {
    Month::parse(raw).expect("month")
}

fn chart() -> ChartFacts {
    let fact = |account_type| AccountFact {
        account_type,
        postable: true,
    };
    [
        (VEHICLES, fact(AccountType::Asset)),
        (ACCUMULATED, fact(AccountType::Asset)),
        (EXPENSE, fact(AccountType::Expense)),
        (BANK, fact(AccountType::Asset)),
        (OTHER_INCOME, fact(AccountType::Income)),
    ]
    .into_iter()
    .collect()
}

/// A van costing 1,200,000 with no residual over 60 months, available 15 January 2026.
fn van() -> AssetDetails {
    AssetDetails {
        name: "Delivery van".into(),
        tag: "VAN-01".into(),
        category: "Motor vehicles".into(),
        asset_account: VEHICLES,
        accumulated_depreciation_account: ACCUMULATED,
        depreciation_expense_account: EXPENSE,
        available_for_use: ymd(2026, 1, 15),
        cost: d("1200000.00"),
        residual_value: d("0.00"),
        useful_life_months: 60,
        method: DepreciationBasis::StraightLine,
        annual_rate: None,
    }
}

fn registered() -> FixedAssetEvent {
    FixedAssetEvent::FixedAssetRegistered(FixedAssetRegistered {
        fixed_asset_id: ASSET,
        workspace_id: WORKSPACE,
        details: van(),
        registered_by: ADMIN,
    })
}

fn charged(period: &str) -> FixedAssetEvent {
    FixedAssetEvent::FixedAssetDepreciated(FixedAssetDepreciated {
        fixed_asset_id: ASSET,
        workspace_id: WORKSPACE,
        period: period.into(),
        date: month(period).last_day(),
        charge: d("20000.00"),
        depreciation_run_id: RUN,
        journal_entry_id: ENTRY,
    })
}

fn depreciate(period: &str) -> FixedAssetCommand {
    Depreciate {
        period: month(period),
        depreciation_run_id: RUN,
        journal_entry_id: ENTRY,
    }
    .into()
}

fn dispose(date: NaiveDate, proceeds: &str) -> FixedAssetCommand {
    DisposeAsset {
        date,
        proceeds: d(proceeds),
        proceeds_account: BANK,
        gain_loss_account: OTHER_INCOME,
        chart: chart(),
        journal_entry_id: ENTRY,
        disposed_by: ADMIN,
    }
    .into()
}

fn update(details: AssetDetails) -> FixedAssetCommand {
    UpdateAsset {
        details,
        chart: chart(),
        updated_by: ADMIN,
    }
    .into()
}

type Asset = TestFramework<FixedAsset>;

#[test]
fn a_valid_asset_is_registered() {
    Asset::with(())
        .given_no_previous_events()
        .when(
            RegisterAsset {
                fixed_asset_id: ASSET,
                workspace_id: WORKSPACE,
                details: van(),
                chart: chart(),
                registered_by: ADMIN,
            }
            .into(),
        )
        .then_expect_events(vec![registered()]);
}

#[test]
fn an_expense_account_cannot_hold_the_cost() {
    let error = FixedAsset::default()
        .decide(
            RegisterAsset {
                fixed_asset_id: ASSET,
                workspace_id: WORKSPACE,
                details: AssetDetails {
                    asset_account: EXPENSE,
                    ..van()
                },
                chart: chart(),
                registered_by: ADMIN,
            }
            .into(),
        )
        .expect_err("refused");

    assert_eq!(error.field(), Some("asset_account"));
}

#[test]
fn a_declining_balance_without_a_rate_is_refused_on_annual_rate() {
    let details = AssetDetails {
        method: DepreciationBasis::DecliningBalance,
        ..van()
    };

    Asset::with(())
        .given(vec![registered()])
        .when(update(details))
        .then_expect_error(AssetError::AnnualRateRequired);
}

#[test]
fn a_run_charges_the_month_its_schedule_says() {
    Asset::with(())
        .given(vec![registered()])
        .when(depreciate("2026-02"))
        .then_expect_events(vec![charged("2026-02")]);
}

#[test]
fn a_month_before_depreciation_starts_charges_nothing() {
    Asset::with(())
        .given(vec![registered()])
        .when(depreciate("2026-01"))
        .then_expect_events(vec![]);
}

#[test]
fn a_month_is_charged_once() {
    Asset::with(())
        .given(vec![registered(), charged("2026-02")])
        .when(depreciate("2026-02"))
        .then_expect_error(AssetError::AlreadyCharged {
            period: month("2026-02"),
        });
}

#[test]
fn cost_fields_change_only_before_the_first_charge() {
    let dearer = AssetDetails {
        cost: d("1500000.00"),
        ..van()
    };

    Asset::with(())
        .given(vec![registered(), charged("2026-02")])
        .when(update(dearer))
        .then_expect_error(AssetError::CostFieldsLocked);
}

#[test]
fn the_name_changes_after_charges_too() {
    let renamed = AssetDetails {
        name: "Van".into(),
        ..van()
    };

    let mut asset = FixedAsset::default();
    for e in [registered(), charged("2026-02")] {
        cqrs_es::Aggregate::apply(&mut asset, e);
    }
    let decided = asset.decide(update(renamed)).expect("updated");

    assert_eq!(decided.len(), 1);
}

#[test]
fn a_disposal_catches_up_the_months_no_run_charged_and_books_the_loss() {
    let mut asset = FixedAsset::default();
    for e in [registered(), charged("2026-02")] {
        cqrs_es::Aggregate::apply(&mut asset, e);
    }

    let events = asset
        .decide(dispose(ymd(2026, 4, 10), "1000000"))
        .expect("disposed");

    let FixedAssetEvent::FixedAssetDisposed(disposed) = &events[0] else {
        panic!("a disposal");
    };
    assert_eq!(disposed.accumulated_depreciation, d("60000.00"));
    assert_eq!(disposed.catch_up_charge, d("40000.00"));
    assert_eq!(disposed.net_book_value, d("1140000.00"));
    assert_eq!(disposed.loss, d("140000.00"));
    assert_eq!(disposed.gain, Decimal::ZERO);
    let entry = disposal_entry(&van(), disposed);
    let debits: Decimal = entry.lines.iter().filter_map(|l| l.debit).sum();
    let credits: Decimal = entry.lines.iter().filter_map(|l| l.credit).sum();
    assert_eq!(debits, credits);
    assert_eq!(debits, d("1200000.00"));
}

#[test]
fn proceeds_above_net_book_value_book_a_gain_credited() {
    let mut asset = FixedAsset::default();
    cqrs_es::Aggregate::apply(&mut asset, registered());

    let events = asset
        .decide(dispose(ymd(2026, 2, 10), "1250000"))
        .expect("disposed");

    let FixedAssetEvent::FixedAssetDisposed(disposed) = &events[0] else {
        panic!("a disposal");
    };
    assert_eq!(disposed.gain, d("70000.00"));
    let entry = disposal_entry(&van(), disposed);
    let gain_line = entry
        .lines
        .iter()
        .find(|l| l.account_id == OTHER_INCOME)
        .expect("a gain line");
    assert_eq!(gain_line.credit, Some(d("70000.00")));
}

#[test]
fn a_disposed_asset_is_charged_no_more() {
    let mut asset = FixedAsset::default();
    cqrs_es::Aggregate::apply(&mut asset, registered());
    let disposed = asset
        .decide(dispose(ymd(2026, 2, 10), "0"))
        .expect("disposed");

    Asset::with(())
        .given([vec![registered()], disposed].concat())
        .when(depreciate("2026-03"))
        .then_expect_error(AssetError::Disposed {
            date: ymd(2026, 2, 10),
        });
}

#[test]
fn a_disposal_before_a_posted_charge_is_refused_on_date() {
    Asset::with(())
        .given(vec![registered(), charged("2026-05")])
        .when(dispose(ymd(2026, 3, 1), "0"))
        .then_expect_error(AssetError::DisposalBeforeLastCharge {
            period: month("2026-05"),
        });
}

fn run_charge() -> RunCharge {
    RunCharge {
        fixed_asset_id: ASSET,
        name: "Delivery van".into(),
        category: "Motor vehicles".into(),
        charge: d("20000.00"),
        depreciation_expense_account: EXPENSE,
        accumulated_depreciation_account: ACCUMULATED,
    }
}

fn post_run(charges: Vec<RunCharge>) -> DepreciationRunCommand {
    PostRun {
        depreciation_run_id: RUN,
        workspace_id: WORKSPACE,
        period: month("2026-02"),
        journal_entry_id: ENTRY,
        charges,
        posted_by: ADMIN,
    }
    .into()
}

#[test]
fn a_run_posts_its_charges_dated_the_months_last_day() {
    let events = DepreciationRun::default()
        .decide(post_run(vec![run_charge()]))
        .expect("posted");

    let DepreciationRunEvent::DepreciationRunPosted(posted) = &events[0] else {
        panic!("posted");
    };
    assert_eq!(posted.date, ymd(2026, 2, 28));
    assert_eq!(posted.total, d("20000.00"));
    let entry = run_entry(posted);
    assert_eq!(entry.lines.len(), 2);
    assert_eq!(entry.lines[0].account_id, EXPENSE);
    assert_eq!(entry.lines[0].debit, Some(d("20000.00")));
    assert_eq!(entry.lines[1].account_id, ACCUMULATED);
    assert_eq!(entry.lines[1].credit, Some(d("20000.00")));
}

#[test]
fn a_run_with_nothing_to_charge_is_refused_on_period() {
    let error = DepreciationRun::default()
        .decide(post_run(vec![]))
        .expect_err("refused");

    assert_eq!(error.field(), Some("period"));
}

#[test]
fn a_posted_month_is_posted_once_until_reversed() {
    let mut run = DepreciationRun::default();
    for event in run.decide(post_run(vec![run_charge()])).expect("posted") {
        cqrs_es::Aggregate::apply(&mut run, event);
    }
    let again = run.decide(post_run(vec![run_charge()]));
    let reversal = ReverseRun {
        reversal_entry_id: JournalEntryId::from_uuid(Uuid::from_u128(0xe12)),
        date: ymd(2026, 3, 2),
        reversed_by: ADMIN,
    };
    for event in run.decide(reversal.into()).expect("reversed") {
        cqrs_es::Aggregate::apply(&mut run, event);
    }

    assert!(matches!(
        again,
        Err(DepreciationRunError::AlreadyPosted { .. })
    ));
    assert!(run.posted().is_none());
    assert!(run.decide(post_run(vec![run_charge()])).is_ok());
}

#[test]
fn a_months_run_has_the_same_id_every_time() {
    assert_eq!(
        run_id(WORKSPACE, month("2026-03")),
        run_id(WORKSPACE, month("2026-03"))
    );
    assert_ne!(
        run_id(WORKSPACE, month("2026-03")),
        run_id(WORKSPACE, month("2026-04"))
    );
}
