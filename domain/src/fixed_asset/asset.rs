//! One fixed asset's state: its record, the charges posted for it, and its disposal.

use std::collections::BTreeMap;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::account_tree::AccountType;
use event_schemas::fixed_asset::asset::{
    AssetDetails, FixedAssetDepreciated, FixedAssetDepreciationReversed, FixedAssetDisposed,
    FixedAssetEvent, FixedAssetRegistered, FixedAssetUpdated, AGGREGATE_TYPE,
};
use event_schemas::fixed_asset::DepreciationBasis;
use event_schemas::{AccountId, FixedAssetId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::asset_errors::AssetError;
use super::commands::{
    Depreciate, DisposeAsset, FixedAssetCommand, RegisterAsset, ReverseDepreciation, UpdateAsset,
};
use super::schedule::{charge_for, disposal, DepreciationMethod, DepreciationTerms};
use crate::calendar::Month;
use crate::payroll::settings::ChartFacts;

/// The longest name; tags and categories are shorter.
pub const NAME_CHARS_MAX: usize = 200;
pub const TAG_CHARS_MAX: usize = 64;
pub const CATEGORY_CHARS_MAX: usize = 100;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedAsset {
    id: Option<FixedAssetId>,
    workspace_id: Option<WorkspaceId>,
    details: Option<AssetDetails>,
    /// `2026-03` → the charge posted for it.
    charged: BTreeMap<String, Decimal>,
    disposed: Option<FixedAssetDisposed>,
}

/// The depreciation terms of a record.
pub fn terms_of(details: &AssetDetails) -> DepreciationTerms {
    DepreciationTerms {
        cost: details.cost,
        residual_value: details.residual_value,
        useful_life_months: details.useful_life_months,
        available_for_use: details.available_for_use,
        method: match details.method {
            DepreciationBasis::StraightLine => DepreciationMethod::StraightLine,
            DepreciationBasis::DecliningBalance => DepreciationMethod::DecliningBalance {
                annual_rate: details.annual_rate.unwrap_or_default(),
            },
        },
    }
}

/// `details` with every rule checked and amounts at two places.
pub fn checked_details(
    details: &AssetDetails,
    chart: &ChartFacts,
) -> Result<AssetDetails, AssetError> {
    let name = details.name.trim().to_owned();
    let tag = details.tag.trim().to_owned();
    let category = details.category.trim().to_owned();
    for (field, value, max) in [
        ("name", &name, NAME_CHARS_MAX),
        ("tag", &tag, TAG_CHARS_MAX),
        ("category", &category, CATEGORY_CHARS_MAX),
    ] {
        if value.is_empty() && field != "tag" {
            return Err(AssetError::Required { field });
        }
        if value.chars().count() > max {
            return Err(AssetError::TooLong { field, max });
        }
    }
    if details.method == DepreciationBasis::DecliningBalance && details.annual_rate.is_none() {
        return Err(AssetError::AnnualRateRequired);
    }
    let annual_rate = match details.method {
        DepreciationBasis::StraightLine => None,
        DepreciationBasis::DecliningBalance => details.annual_rate.map(|mut rate| {
            rate.rescale(2);
            rate
        }),
    };
    let terms = terms_of(details).checked()?;
    check_account(
        chart,
        "asset_account",
        details.asset_account,
        Some(AccountType::Asset),
    )?;
    check_account(
        chart,
        "accumulated_depreciation_account",
        details.accumulated_depreciation_account,
        Some(AccountType::Asset),
    )?;
    check_account(
        chart,
        "depreciation_expense_account",
        details.depreciation_expense_account,
        Some(AccountType::Expense),
    )?;
    Ok(AssetDetails {
        name,
        tag,
        category,
        cost: terms.cost,
        residual_value: terms.residual_value,
        annual_rate,
        ..details.clone()
    })
}

/// The account exists in the chart, can be posted to, and is of `expected` type if given.
pub fn check_account(
    chart: &ChartFacts,
    field: &'static str,
    id: AccountId,
    expected: Option<AccountType>,
) -> Result<(), AssetError> {
    let fact = chart
        .get(&id)
        .ok_or(AssetError::AccountNotFound { field })?;
    if let Some(expected) = expected.filter(|t| *t != fact.account_type) {
        return Err(AssetError::WrongAccountType { field, expected });
    }
    if !fact.postable {
        return Err(AssetError::AccountNotPostable { field });
    }
    Ok(())
}

/// Whether two records differ in what depreciation depends on (the accounts included:
/// posted charges sit on them).
fn cost_fields_differ(a: &AssetDetails, b: &AssetDetails) -> bool {
    terms_of(a) != terms_of(b)
        || a.asset_account != b.asset_account
        || a.accumulated_depreciation_account != b.accumulated_depreciation_account
        || a.depreciation_expense_account != b.depreciation_expense_account
}

impl FixedAsset {
    pub fn details(&self) -> Option<&AssetDetails> {
        self.details.as_ref()
    }

    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        self.workspace_id
    }

    /// The disposal, once disposed of.
    pub fn disposed(&self) -> Option<&FixedAssetDisposed> {
        self.disposed.as_ref()
    }

    /// The charges posted, by month.
    pub fn charged(&self) -> &BTreeMap<String, Decimal> {
        &self.charged
    }

    pub fn decide(&self, command: FixedAssetCommand) -> Result<Vec<FixedAssetEvent>, AssetError> {
        match command {
            FixedAssetCommand::Register(c) => self.register(c),
            FixedAssetCommand::Update(c) => self.update(c),
            FixedAssetCommand::Depreciate(c) => self.depreciate(c),
            FixedAssetCommand::ReverseDepreciation(c) => self.reverse(c),
            FixedAssetCommand::Dispose(c) => self.dispose(c),
        }
    }

    fn register(&self, command: RegisterAsset) -> Result<Vec<FixedAssetEvent>, AssetError> {
        if self.details.is_some() {
            return Err(AssetError::AlreadyRegistered);
        }
        let details = checked_details(&command.details, &command.chart)?;
        Ok(vec![FixedAssetEvent::FixedAssetRegistered(
            FixedAssetRegistered {
                fixed_asset_id: command.fixed_asset_id,
                workspace_id: command.workspace_id,
                details,
                registered_by: command.registered_by,
            },
        )])
    }

    /// The record and ids, or `NotFound`.
    fn current(&self) -> Result<(FixedAssetId, WorkspaceId, &AssetDetails), AssetError> {
        match (self.id, self.workspace_id, &self.details) {
            (Some(id), Some(ws), Some(details)) => Ok((id, ws, details)),
            _ => Err(AssetError::NotFound),
        }
    }

    /// The record of an asset still on the register.
    fn in_use(&self) -> Result<(FixedAssetId, WorkspaceId, &AssetDetails), AssetError> {
        let current = self.current()?;
        match &self.disposed {
            Some(d) => Err(AssetError::Disposed { date: d.date }),
            None => Ok(current),
        }
    }

    fn update(&self, command: UpdateAsset) -> Result<Vec<FixedAssetEvent>, AssetError> {
        let (id, workspace_id, current) = self.in_use()?;
        let details = checked_details(&command.details, &command.chart)?;
        if !self.charged.is_empty() && cost_fields_differ(current, &details) {
            return Err(AssetError::CostFieldsLocked);
        }
        if &details == current {
            return Ok(vec![]);
        }
        Ok(vec![FixedAssetEvent::FixedAssetUpdated(
            FixedAssetUpdated {
                fixed_asset_id: id,
                workspace_id,
                details,
                updated_by: command.updated_by,
            },
        )])
    }

    fn depreciate(&self, command: Depreciate) -> Result<Vec<FixedAssetEvent>, AssetError> {
        let (id, workspace_id, details) = self.in_use()?;
        let key = command.period.to_string();
        if self.charged.contains_key(&key) {
            return Err(AssetError::AlreadyCharged {
                period: command.period,
            });
        }
        let charge = charge_for(&terms_of(details), command.period)?;
        if charge.is_zero() {
            return Ok(vec![]);
        }
        Ok(vec![FixedAssetEvent::FixedAssetDepreciated(
            FixedAssetDepreciated {
                fixed_asset_id: id,
                workspace_id,
                period: key,
                date: command.period.last_day(),
                charge,
                depreciation_run_id: command.depreciation_run_id,
                journal_entry_id: command.journal_entry_id,
            },
        )])
    }

    fn reverse(&self, command: ReverseDepreciation) -> Result<Vec<FixedAssetEvent>, AssetError> {
        // A disposed asset's charges were taken off with its accumulated depreciation.
        let (id, workspace_id, _) = self.in_use()?;
        let key = command.period.to_string();
        if !self.charged.contains_key(&key) {
            return Err(AssetError::NotCharged {
                period: command.period,
            });
        }
        Ok(vec![FixedAssetEvent::FixedAssetDepreciationReversed(
            FixedAssetDepreciationReversed {
                fixed_asset_id: id,
                workspace_id,
                period: key,
                depreciation_run_id: command.depreciation_run_id,
                reversal_entry_id: command.reversal_entry_id,
                reversal_date: command.reversal_date,
            },
        )])
    }

    fn dispose(&self, command: DisposeAsset) -> Result<Vec<FixedAssetEvent>, AssetError> {
        let (id, workspace_id, details) = self.in_use()?;
        check_account(
            &command.chart,
            "proceeds_account",
            command.proceeds_account,
            None,
        )?;
        check_account(
            &command.chart,
            "gain_loss_account",
            command.gain_loss_account,
            None,
        )?;
        let figures = disposal(&terms_of(details), command.date, command.proceeds)?;
        if let Some(last) = self.charged.keys().next_back() {
            let last = Month::parse(last).map_err(|_| AssetError::NotFound)?;
            if last > figures.period {
                return Err(AssetError::DisposalBeforeLastCharge { period: last });
            }
        }
        let posted: Decimal = self.charged.values().sum();
        let catch_up_charge = figures.accumulated_depreciation - posted;
        assert!(
            catch_up_charge >= Decimal::ZERO,
            "the posted charges never exceed the schedule through the disposal month"
        );
        Ok(vec![FixedAssetEvent::FixedAssetDisposed(
            FixedAssetDisposed {
                fixed_asset_id: id,
                workspace_id,
                date: command.date,
                proceeds: figures.proceeds,
                proceeds_account: command.proceeds_account,
                gain_loss_account: command.gain_loss_account,
                cost: figures.cost,
                accumulated_depreciation: figures.accumulated_depreciation,
                catch_up_charge,
                net_book_value: figures.net_book_value,
                gain: figures.gain,
                loss: figures.loss,
                journal_entry_id: command.journal_entry_id,
                disposed_by: command.disposed_by,
            },
        )])
    }
}

impl crate::decider::Decider for FixedAsset {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        FixedAsset::decide(self, command)
    }
}

impl Aggregate for FixedAsset {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = FixedAssetCommand;
    type Event = FixedAssetEvent;
    type Error = AssetError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            FixedAssetEvent::FixedAssetRegistered(e) => {
                self.id = Some(e.fixed_asset_id);
                self.workspace_id = Some(e.workspace_id);
                self.details = Some(e.details);
            }
            FixedAssetEvent::FixedAssetUpdated(e) => self.details = Some(e.details),
            FixedAssetEvent::FixedAssetDepreciated(e) => {
                self.charged.insert(e.period, e.charge);
            }
            FixedAssetEvent::FixedAssetDepreciationReversed(e) => {
                self.charged.remove(&e.period);
            }
            FixedAssetEvent::FixedAssetDisposed(e) => self.disposed = Some(e),
        }
    }
}
