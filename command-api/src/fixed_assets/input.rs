//! Fixed-asset request bodies as the domain's record: unreadable values are named by
//! their field at once; absent depreciation settings default to the asset account's.

use api_core::{ApiError, FieldErrors};
use domain::account_tree::AccountTree;
use domain::fixed_asset::{AssetDetails, DepreciationBasis};
use event_schemas::account_tree::DepreciationType;
use event_schemas::AccountId;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

/// An asset's record. On create, `name`, `category`, the three accounts,
/// `available_for_use` and `cost` are required; `method`, `useful_life_months` and
/// `annual_rate` default to the asset account's depreciation settings. On PATCH every
/// absent field keeps its value (cost fields change only before the first charge).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct AssetBody {
    pub name: Option<String>,
    pub tag: Option<String>,
    pub category: Option<String>,
    pub asset_account: Option<String>,
    pub accumulated_depreciation_account: Option<String>,
    pub depreciation_expense_account: Option<String>,
    /// `YYYY-MM-DD`: depreciation starts the month after.
    pub available_for_use: Option<String>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub cost: Option<Value>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub residual_value: Option<Value>,
    pub useful_life_months: Option<u32>,
    /// `straight_line` or `declining_balance`.
    pub method: Option<String>,
    /// Percent a year, for `declining_balance`.
    #[schema(value_type = Option<String>)]
    pub annual_rate: Option<Value>,
}

fn problem(problems: &mut FieldErrors, field: &str, message: &str) {
    problems
        .entry(field.to_owned())
        .or_default()
        .push(message.into());
}

fn money(problems: &mut FieldErrors, field: &str, value: &Option<Value>) -> Option<Decimal> {
    let value = value.as_ref()?;
    api_core::money::money_of(value)
        .map_err(|message| problem(problems, field, message))
        .ok()
}

fn account(problems: &mut FieldErrors, field: &str, raw: &Option<String>) -> Option<AccountId> {
    let raw = raw.as_deref()?;
    raw.trim()
        .parse()
        .map_err(|_| problem(problems, field, "Not a valid id."))
        .ok()
}

fn rate(problems: &mut FieldErrors, value: &Option<Value>) -> Option<Decimal> {
    let value = value.as_ref()?;
    let parsed = match value {
        Value::String(raw) => domain::money::parse_decimal(raw),
        _ => None,
    };
    if parsed.is_none() {
        problem(
            problems,
            "annual_rate",
            "Enter a percentage such as \"25.00\".",
        );
    }
    parsed
}

/// `body` over `current` (a new asset: `None`), with defaults from the asset account.
pub fn details(
    body: &AssetBody,
    current: Option<&AssetDetails>,
    chart: &AccountTree,
) -> Result<AssetDetails, ApiError> {
    let mut problems = FieldErrors::new();
    let asset_account = account(&mut problems, "asset_account", &body.asset_account)
        .or(current.map(|c| c.asset_account));
    let accumulated = account(
        &mut problems,
        "accumulated_depreciation_account",
        &body.accumulated_depreciation_account,
    )
    .or(current.map(|c| c.accumulated_depreciation_account));
    let expense = account(
        &mut problems,
        "depreciation_expense_account",
        &body.depreciation_expense_account,
    )
    .or(current.map(|c| c.depreciation_expense_account));
    let available_for_use = match body.available_for_use.as_deref() {
        Some(raw) => api_core::time::date("available_for_use", raw)
            .map_err(|_| {
                problem(
                    &mut problems,
                    "available_for_use",
                    "Enter a date as YYYY-MM-DD.",
                )
            })
            .ok(),
        None => current.map(|c| c.available_for_use),
    };
    let cost = money(&mut problems, "cost", &body.cost).or(current.map(|c| c.cost));
    let residual_value = money(&mut problems, "residual_value", &body.residual_value)
        .or(current.map(|c| c.residual_value))
        .or(Some(Decimal::ZERO));
    let method = match body.method.as_deref().map(str::trim) {
        Some("straight_line") => Some(DepreciationBasis::StraightLine),
        Some("declining_balance") => Some(DepreciationBasis::DecliningBalance),
        Some(_) => {
            problem(
                &mut problems,
                "method",
                "Must be straight_line or declining_balance.",
            );
            None
        }
        None => current.map(|c| c.method),
    };
    let mut annual_rate =
        rate(&mut problems, &body.annual_rate).or(current.and_then(|c| c.annual_rate));
    let mut useful_life_months = body
        .useful_life_months
        .or(current.map(|c| c.useful_life_months));
    // A new asset takes what its account says of depreciation where the body is silent.
    let defaults = asset_account
        .and_then(|id| chart.account(id))
        .and_then(|a| a.depreciation_type.zip(a.depreciation_value));
    let method = method.or(match defaults {
        Some((DepreciationType::StraightLine, _)) => Some(DepreciationBasis::StraightLine),
        Some((DepreciationType::DecliningBalance, _)) => Some(DepreciationBasis::DecliningBalance),
        None => None,
    });
    if let Some((kind, value)) = defaults {
        match kind {
            DepreciationType::StraightLine if !value.is_zero() => {
                useful_life_months =
                    useful_life_months.or_else(|| (Decimal::from(1200) / value).round().to_u32());
            }
            DepreciationType::DecliningBalance => annual_rate = annual_rate.or(Some(value)),
            DepreciationType::StraightLine => {}
        }
    }
    let name = body.name.clone().or(current.map(|c| c.name.clone()));
    let category = body
        .category
        .clone()
        .or(current.map(|c| c.category.clone()));
    let tag = body
        .tag
        .clone()
        .or(current.map(|c| c.tag.clone()))
        .unwrap_or_default();
    let required = [
        ("name", name.is_some()),
        ("category", category.is_some()),
        ("asset_account", asset_account.is_some()),
        ("accumulated_depreciation_account", accumulated.is_some()),
        ("depreciation_expense_account", expense.is_some()),
        ("available_for_use", available_for_use.is_some()),
        ("cost", cost.is_some()),
        ("method", method.is_some()),
        ("useful_life_months", useful_life_months.is_some()),
    ];
    for (field, present) in required {
        if !present && !problems.contains_key(field) {
            problem(&mut problems, field, "This field is required.");
        }
    }
    match (
        name,
        category,
        asset_account,
        accumulated,
        expense,
        available_for_use,
        cost,
        residual_value,
        method,
        useful_life_months,
    ) {
        (
            Some(name),
            Some(category),
            Some(asset_account),
            Some(accumulated_depreciation_account),
            Some(depreciation_expense_account),
            Some(available_for_use),
            Some(cost),
            Some(residual_value),
            Some(method),
            Some(useful_life_months),
        ) if problems.is_empty() => Ok(AssetDetails {
            name,
            tag,
            category,
            asset_account,
            accumulated_depreciation_account,
            depreciation_expense_account,
            available_for_use,
            cost,
            residual_value,
            useful_life_months,
            method,
            annual_rate,
        }),
        _ => Err(ApiError::Fields(problems)),
    }
}
