//! The classic fixed-asset schedule of a period, per category and in total: cost brought
//! forward, additions, disposals, cost carried forward; accumulated depreciation brought
//! forward, the period's charge, removed on disposals, carried forward; net book values.
//!
//! It is built from what the register posted, each figure as the books held it on a day:
//! an asset's cost counts from its available-for-use date until its disposal; a charge
//! counts from its entry's date until the date of the entry that reversed it; a disposal
//! removes the depreciation accumulated through it. So each figure can be set beside the
//! general ledger of the asset and accumulated depreciation accounts on the same day.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rust_decimal::Decimal;
use serde::Serialize;

/// An asset as the schedule counts it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldAsset {
    pub category: String,
    pub cost: Decimal,
    pub available_for_use: NaiveDate,
    /// The disposal date and the accumulated depreciation it removed.
    pub disposed: Option<(NaiveDate, Decimal)>,
}

/// A charge posted to an asset (by a run or a disposal's catch-up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeldCharge {
    pub category: String,
    pub amount: Decimal,
    /// The posting entry's date.
    pub date: NaiveDate,
    /// The reversing entry's date, once reversed.
    pub reversed_on: Option<NaiveDate>,
}

/// One line of the schedule (a category, or the total).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ScheduleLine {
    pub cost_brought_forward: Decimal,
    pub additions: Decimal,
    pub disposals: Decimal,
    pub cost_carried_forward: Decimal,
    pub depreciation_brought_forward: Decimal,
    pub charge: Decimal,
    pub depreciation_on_disposals: Decimal,
    pub depreciation_carried_forward: Decimal,
    pub nbv_brought_forward: Decimal,
    pub nbv_carried_forward: Decimal,
}

impl ScheduleLine {
    fn add(&mut self, other: &ScheduleLine) {
        self.cost_brought_forward += other.cost_brought_forward;
        self.additions += other.additions;
        self.disposals += other.disposals;
        self.cost_carried_forward += other.cost_carried_forward;
        self.depreciation_brought_forward += other.depreciation_brought_forward;
        self.charge += other.charge;
        self.depreciation_on_disposals += other.depreciation_on_disposals;
        self.depreciation_carried_forward += other.depreciation_carried_forward;
        self.nbv_brought_forward += other.nbv_brought_forward;
        self.nbv_carried_forward += other.nbv_carried_forward;
    }
}

/// The schedule: a line per category (by name) and the total.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AssetSchedule {
    pub categories: BTreeMap<String, ScheduleLine>,
    pub total: ScheduleLine,
}

fn between(date: NaiveDate, from: NaiveDate, to: NaiveDate) -> bool {
    from <= date && date <= to
}

/// The cost held on `day`.
fn cost_on(asset: &HeldAsset, day: NaiveDate) -> Decimal {
    let held = asset.available_for_use <= day && asset.disposed.is_none_or(|(d, _)| d > day);
    if held {
        asset.cost
    } else {
        Decimal::ZERO
    }
}

/// The charge as the books held it on `day`.
fn charge_on(charge: &HeldCharge, day: NaiveDate) -> Decimal {
    let held = charge.date <= day && charge.reversed_on.is_none_or(|r| r > day);
    if held {
        charge.amount
    } else {
        Decimal::ZERO
    }
}

/// The depreciation a disposal on or before `day` removed.
fn removed_by(asset: &HeldAsset, day: NaiveDate) -> Decimal {
    match asset.disposed {
        Some((date, removed)) if date <= day => removed,
        _ => Decimal::ZERO,
    }
}

/// The schedule from `from` to `to` (both days included).
pub fn asset_schedule(
    assets: &[HeldAsset],
    charges: &[HeldCharge],
    from: NaiveDate,
    to: NaiveDate,
) -> AssetSchedule {
    let before = from.pred_opt().unwrap_or(from);
    let mut categories: BTreeMap<String, ScheduleLine> = BTreeMap::new();
    for asset in assets {
        let line = categories.entry(asset.category.clone()).or_default();
        line.cost_brought_forward += cost_on(asset, before);
        line.cost_carried_forward += cost_on(asset, to);
        if between(asset.available_for_use, from, to) {
            line.additions += asset.cost;
        }
        if let Some((date, removed)) = asset.disposed {
            if between(date, from, to) {
                line.disposals += asset.cost;
                line.depreciation_on_disposals += removed;
            }
        }
        line.depreciation_brought_forward -= removed_by(asset, before);
        line.depreciation_carried_forward -= removed_by(asset, to);
    }
    for charge in charges {
        let line = categories.entry(charge.category.clone()).or_default();
        line.depreciation_brought_forward += charge_on(charge, before);
        line.depreciation_carried_forward += charge_on(charge, to);
    }
    let mut total = ScheduleLine::default();
    for line in categories.values_mut() {
        line.charge = line.depreciation_carried_forward - line.depreciation_brought_forward
            + line.depreciation_on_disposals;
        line.nbv_brought_forward = line.cost_brought_forward - line.depreciation_brought_forward;
        line.nbv_carried_forward = line.cost_carried_forward - line.depreciation_carried_forward;
        assert_eq!(
            line.cost_brought_forward + line.additions - line.disposals,
            line.cost_carried_forward,
            "cost brought forward, additions and disposals make the cost carried forward"
        );
        total.add(line);
    }
    AssetSchedule { categories, total }
}
