//! Payroll request bodies as the domain's raw input: every unreadable value is named by
//! its field (`other_allowances[1].amount`) at once.

use api_core::{ApiError, FieldErrors};
use chrono::NaiveDate;
use domain::payroll::employee::{AllowanceRecord, DeductionRecord, EmployeeDetails};
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

/// An allowance beyond basic, housing and transport (annual amount).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AllowanceBody {
    #[serde(default)]
    pub name: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: Value,
    #[serde(default = "yes")]
    pub taxable: bool,
    #[serde(default)]
    pub pensionable: bool,
}

/// A deduction from net pay (monthly amount).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeductionBody {
    #[serde(default)]
    pub name: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: Value,
}

fn yes() -> bool {
    true
}

/// An employee's record. On create, `first_name`, `last_name`, `start_date` and `basic`
/// are required; on PATCH every absent field keeps its value. Earnings and rent are
/// annual, other deductions monthly; amounts are decimal strings.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct EmployeeBody {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub staff_id: Option<String>,
    pub job_title: Option<String>,
    pub department: Option<String>,
    /// `YYYY-MM-DD`.
    pub start_date: Option<String>,
    pub bank_name: Option<String>,
    pub account_number: Option<String>,
    pub pension_pin: Option<String>,
    pub tax_id: Option<String>,
    pub state_of_residence: Option<String>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub basic: Option<Value>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub housing: Option<Value>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub transport: Option<Value>,
    pub other_allowances: Option<Vec<AllowanceBody>>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub annual_rent: Option<Value>,
    /// Contributes to the National Housing Fund (default `true`).
    pub nhf: Option<bool>,
    pub other_deductions: Option<Vec<DeductionBody>>,
}

fn amount(problems: &mut FieldErrors, field: &str, value: &Value) -> Option<Decimal> {
    let parsed = match value {
        Value::Null => return Some(Decimal::ZERO),
        Value::String(s) if s.trim().is_empty() => return Some(Decimal::ZERO),
        value => api_core::money::money_of(value),
    };
    parsed
        .map_err(|message| {
            problems
                .entry(field.to_owned())
                .or_default()
                .push(message.into())
        })
        .ok()
}

/// A new employee's record: an empty one with the body's fields.
pub fn new_details(body: &EmployeeBody) -> Result<EmployeeDetails, ApiError> {
    let mut problems = FieldErrors::new();
    for (field, present) in [
        ("start_date", body.start_date.is_some()),
        ("basic", body.basic.is_some()),
    ] {
        if !present {
            problems
                .entry(field.into())
                .or_default()
                .push("This field is required.".into());
        }
    }
    if !problems.is_empty() {
        return Err(ApiError::Fields(problems));
    }
    let empty = EmployeeDetails {
        first_name: String::new(),
        last_name: String::new(),
        email: String::new(),
        phone: String::new(),
        staff_id: String::new(),
        job_title: String::new(),
        department: String::new(),
        start_date: NaiveDate::default(),
        bank_name: String::new(),
        account_number: String::new(),
        pension_pin: String::new(),
        tax_id: String::new(),
        state_of_residence: String::new(),
        basic: Decimal::ZERO,
        housing: Decimal::ZERO,
        transport: Decimal::ZERO,
        other_allowances: vec![],
        annual_rent: Decimal::ZERO,
        nhf: true,
        other_deductions: vec![],
    };
    merged(empty, body)
}

/// `current` with the body's fields over it.
pub fn merged(current: EmployeeDetails, body: &EmployeeBody) -> Result<EmployeeDetails, ApiError> {
    let mut problems = FieldErrors::new();
    let mut d = current;
    let text = |target: &mut String, value: &Option<String>| {
        if let Some(v) = value {
            target.clone_from(v);
        }
    };
    text(&mut d.first_name, &body.first_name);
    text(&mut d.last_name, &body.last_name);
    text(&mut d.email, &body.email);
    text(&mut d.phone, &body.phone);
    text(&mut d.staff_id, &body.staff_id);
    text(&mut d.job_title, &body.job_title);
    text(&mut d.department, &body.department);
    text(&mut d.bank_name, &body.bank_name);
    text(&mut d.account_number, &body.account_number);
    text(&mut d.pension_pin, &body.pension_pin);
    text(&mut d.tax_id, &body.tax_id);
    text(&mut d.state_of_residence, &body.state_of_residence);
    if let Some(raw) = &body.start_date {
        match domain::calendar::parse_date(raw) {
            Ok(date) => d.start_date = date,
            Err(err) => problems
                .entry("start_date".into())
                .or_default()
                .push(err.to_string()),
        }
    }
    for (field, target, value) in [
        ("basic", &mut d.basic, &body.basic),
        ("housing", &mut d.housing, &body.housing),
        ("transport", &mut d.transport, &body.transport),
        ("annual_rent", &mut d.annual_rent, &body.annual_rent),
    ] {
        if let Some(value) = value {
            if let Some(parsed) = amount(&mut problems, field, value) {
                *target = parsed;
            }
        }
    }
    if let Some(nhf) = body.nhf {
        d.nhf = nhf;
    }
    if let Some(allowances) = &body.other_allowances {
        d.other_allowances = allowances
            .iter()
            .enumerate()
            .map(|(i, a)| AllowanceRecord {
                name: a.name.clone(),
                amount: amount(
                    &mut problems,
                    &format!("other_allowances[{i}].amount"),
                    &a.amount,
                )
                .unwrap_or_default(),
                taxable: a.taxable,
                pensionable: a.pensionable,
            })
            .collect();
    }
    if let Some(deductions) = &body.other_deductions {
        d.other_deductions = deductions
            .iter()
            .enumerate()
            .map(|(i, x)| DeductionRecord {
                name: x.name.clone(),
                amount: amount(
                    &mut problems,
                    &format!("other_deductions[{i}].amount"),
                    &x.amount,
                )
                .unwrap_or_default(),
            })
            .collect();
    }
    if problems.is_empty() {
        Ok(d)
    } else {
        Err(ApiError::Fields(problems))
    }
}
