//! Debt request bodies as the domain's record: unreadable values are named by their field
//! at once; on PATCH absent fields keep the record's values.

use api_core::{ApiError, FieldErrors};
use chrono::NaiveDate;
use event_schemas::debt::{DebtDetails, DebtDirection, DebtRepaymentType};
use event_schemas::AccountId;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

/// A debt's record. On create every field is required but `reference` (empty when
/// absent); on PATCH every absent field keeps its value (the terms, direction and the
/// principal and interest accounts change only while nothing is posted).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct DebtBody {
    /// `payable` (borrowed) or `receivable` (lent).
    pub direction: Option<String>,
    /// The lender or borrower.
    pub counterparty: Option<String>,
    /// The loan's number or contract reference.
    pub reference: Option<String>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub principal: Option<Value>,
    /// `YYYY-MM-DD`, the drawdown date: interest runs from it.
    pub start_date: Option<String>,
    /// Percent a year, as a string (`"12"` is 12 %); `"0"` for an interest-free debt.
    #[schema(value_type = Option<String>)]
    pub annual_interest_rate: Option<Value>,
    /// Monthly instalments, 1 to 600.
    #[schema(value_type = Option<u32>)]
    pub term_months: Option<Value>,
    /// `annuity`, `equal_principal` or `interest_only`.
    pub repayment_type: Option<String>,
    /// `YYYY-MM-DD`, after the start and at most a year after it.
    pub first_due_date: Option<String>,
    /// Holds the principal: a liability (payable) or an asset (receivable).
    pub principal_account: Option<String>,
    /// Interest expense (payable) or interest income (receivable).
    pub interest_account: Option<String>,
    /// The bank the drawdown goes through (an asset).
    pub cash_account: Option<String>,
    /// On create: post the drawdown (or disbursement) of the principal on the start date
    /// with the debt. Ignored on PATCH.
    pub post_drawdown: Option<bool>,
}

pub(crate) fn problem(problems: &mut FieldErrors, field: &str, message: &str) {
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

fn date(problems: &mut FieldErrors, field: &str, raw: &Option<String>) -> Option<NaiveDate> {
    let raw = raw.as_deref()?;
    api_core::time::date(field, raw)
        .map_err(|_| problem(problems, field, "Enter a date as YYYY-MM-DD."))
        .ok()
}

/// A percentage as a decimal string (a JSON number would round on the way).
fn rate(problems: &mut FieldErrors, value: &Option<Value>) -> Option<Decimal> {
    let value = value.as_ref()?;
    let parsed = match value {
        Value::String(raw) => domain::money::parse_decimal(raw),
        _ => None,
    };
    if parsed.is_none() {
        problem(
            problems,
            "annual_interest_rate",
            "Enter a percentage such as \"12.5\".",
        );
    }
    parsed
}

fn term(problems: &mut FieldErrors, value: &Option<Value>) -> Option<u32> {
    let value = value.as_ref()?;
    let parsed = value.as_u64().and_then(|n| u32::try_from(n).ok());
    if parsed.is_none() {
        problem(
            problems,
            "term_months",
            "Enter a whole number of months, such as 12.",
        );
    }
    parsed
}

fn direction(problems: &mut FieldErrors, raw: &Option<String>) -> Option<DebtDirection> {
    match raw.as_deref()?.trim() {
        "payable" => Some(DebtDirection::Payable),
        "receivable" => Some(DebtDirection::Receivable),
        _ => {
            problem(problems, "direction", "Must be payable or receivable.");
            None
        }
    }
}

fn repayment_type(problems: &mut FieldErrors, raw: &Option<String>) -> Option<DebtRepaymentType> {
    match raw.as_deref()?.trim() {
        "annuity" => Some(DebtRepaymentType::Annuity),
        "equal_principal" => Some(DebtRepaymentType::EqualPrincipal),
        "interest_only" => Some(DebtRepaymentType::InterestOnly),
        _ => {
            problem(
                problems,
                "repayment_type",
                "Must be annuity, equal_principal or interest_only.",
            );
            None
        }
    }
}

/// `body` over `current` (a new debt: `None`).
pub fn details(body: &DebtBody, current: Option<&DebtDetails>) -> Result<DebtDetails, ApiError> {
    let mut problems = FieldErrors::new();
    let direction = direction(&mut problems, &body.direction).or(current.map(|c| c.direction));
    let counterparty = body
        .counterparty
        .clone()
        .or(current.map(|c| c.counterparty.clone()));
    let reference = body
        .reference
        .clone()
        .or(current.map(|c| c.reference.clone()))
        .unwrap_or_default();
    let principal =
        money(&mut problems, "principal", &body.principal).or(current.map(|c| c.principal));
    let start_date =
        date(&mut problems, "start_date", &body.start_date).or(current.map(|c| c.start_date));
    let annual_interest_rate =
        rate(&mut problems, &body.annual_interest_rate).or(current.map(|c| c.annual_interest_rate));
    let term_months = term(&mut problems, &body.term_months).or(current.map(|c| c.term_months));
    let repayment_type =
        repayment_type(&mut problems, &body.repayment_type).or(current.map(|c| c.repayment_type));
    let first_due_date = date(&mut problems, "first_due_date", &body.first_due_date)
        .or(current.map(|c| c.first_due_date));
    let principal_account = account(&mut problems, "principal_account", &body.principal_account)
        .or(current.map(|c| c.principal_account));
    let interest_account = account(&mut problems, "interest_account", &body.interest_account)
        .or(current.map(|c| c.interest_account));
    let cash_account = account(&mut problems, "cash_account", &body.cash_account)
        .or(current.map(|c| c.cash_account));
    let required = [
        ("direction", direction.is_some()),
        ("counterparty", counterparty.is_some()),
        ("principal", principal.is_some()),
        ("start_date", start_date.is_some()),
        ("annual_interest_rate", annual_interest_rate.is_some()),
        ("term_months", term_months.is_some()),
        ("repayment_type", repayment_type.is_some()),
        ("first_due_date", first_due_date.is_some()),
        ("principal_account", principal_account.is_some()),
        ("interest_account", interest_account.is_some()),
        ("cash_account", cash_account.is_some()),
    ];
    for (field, present) in required {
        if !present && !problems.contains_key(field) {
            problem(&mut problems, field, "This field is required.");
        }
    }
    match (
        direction,
        counterparty,
        principal,
        start_date,
        annual_interest_rate,
        term_months,
        repayment_type,
        first_due_date,
        principal_account,
        interest_account,
        cash_account,
    ) {
        (
            Some(direction),
            Some(counterparty),
            Some(principal),
            Some(start_date),
            Some(annual_interest_rate),
            Some(term_months),
            Some(repayment_type),
            Some(first_due_date),
            Some(principal_account),
            Some(interest_account),
            Some(cash_account),
        ) if problems.is_empty() => Ok(DebtDetails {
            direction,
            counterparty,
            reference,
            principal,
            start_date,
            annual_interest_rate,
            term_months,
            repayment_type,
            first_due_date,
            principal_account,
            interest_account,
            cash_account,
        }),
        _ => Err(ApiError::Fields(problems)),
    }
}
