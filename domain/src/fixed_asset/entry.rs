//! The entries fixed assets post: a month's depreciation run and a disposal. Zero lines
//! are left out.

use std::collections::BTreeMap;

use event_schemas::fixed_asset::asset::{AssetDetails, FixedAssetDisposed};
use event_schemas::fixed_asset::run::DepreciationRunPosted;
use event_schemas::AccountId;
use rust_decimal::Decimal;

use crate::journal_entry::{EntryInput, LineInput};

fn line(account_id: AccountId, description: String, amount: Decimal, debit: bool) -> LineInput {
    LineInput {
        account_id,
        description,
        debit: debit.then_some(amount),
        credit: (!debit).then_some(amount),
    }
}

/// The run's entry, dated the month's last day: Dr each depreciation expense account and
/// Cr each accumulated depreciation account with the charges of the assets on it.
pub fn run_entry(run: &DepreciationRunPosted) -> EntryInput {
    let mut debits: BTreeMap<AccountId, (Decimal, usize)> = BTreeMap::new();
    let mut credits: BTreeMap<AccountId, (Decimal, usize)> = BTreeMap::new();
    for charge in &run.charges {
        for (side, account) in [
            (&mut debits, charge.depreciation_expense_account),
            (&mut credits, charge.accumulated_depreciation_account),
        ] {
            let slot = side.entry(account).or_default();
            slot.0 += charge.charge;
            slot.1 += 1;
        }
    }
    let describe = |assets: usize| match assets {
        1 => format!("Depreciation for {}, 1 asset", run.period),
        n => format!("Depreciation for {}, {n} assets", run.period),
    };
    let lines = debits
        .into_iter()
        .map(|(account, (amount, n))| line(account, describe(n), amount, true))
        .chain(
            credits
                .into_iter()
                .map(|(account, (amount, n))| line(account, describe(n), amount, false)),
        )
        .filter(|l| !l.debit.or(l.credit).unwrap_or_default().is_zero())
        .collect();
    EntryInput {
        date: run.date,
        memo: format!("Depreciation for {}", run.period),
        reference: format!("DEPR-{}", run.period),
        lines,
    }
}

/// The disposal's entry, dated the disposal: Dr depreciation expense with the months no
/// run charged through the disposal month, Dr accumulated depreciation with what the runs
/// posted, Dr the proceeds, Dr a loss; Cr the asset's cost, Cr a gain. It balances:
/// catch-up + posted + proceeds + loss = cost + gain.
pub fn disposal_entry(details: &AssetDetails, disposed: &FixedAssetDisposed) -> EntryInput {
    let posted = disposed.accumulated_depreciation - disposed.catch_up_charge;
    let name = &details.name;
    let lines = [
        (
            details.depreciation_expense_account,
            format!("Depreciation to disposal: {name}"),
            disposed.catch_up_charge,
            true,
        ),
        (
            details.accumulated_depreciation_account,
            format!("Accumulated depreciation removed: {name}"),
            posted,
            true,
        ),
        (
            disposed.proceeds_account,
            format!("Proceeds of disposal: {name}"),
            disposed.proceeds,
            true,
        ),
        (
            disposed.gain_loss_account,
            format!("Loss on disposal: {name}"),
            disposed.loss,
            true,
        ),
        (
            details.asset_account,
            format!("Cost removed: {name}"),
            disposed.cost,
            false,
        ),
        (
            disposed.gain_loss_account,
            format!("Gain on disposal: {name}"),
            disposed.gain,
            false,
        ),
    ]
    .into_iter()
    .filter(|(_, _, amount, _)| !amount.is_zero())
    .map(|(account, text, amount, debit)| line(account, text, amount, debit))
    .collect();
    EntryInput {
        date: disposed.date,
        memo: format!("Disposal of {name}"),
        reference: if details.tag.is_empty() {
            "DISPOSAL".to_owned()
        } else {
            format!("DISPOSAL-{}", details.tag)
        },
        lines,
    }
}
