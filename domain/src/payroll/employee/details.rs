//! An employee record's checks, and the pay a run computes from it.

use event_schemas::payroll::employee::{AllowanceRecord, DeductionRecord, EmployeeDetails};

use super::errors::EmployeeError;
use crate::payroll::{Allowance, Deduction, EmployeePay};

/// Longest name (first or last).
pub const NAME_CHARS_MAX: usize = 100;
/// Longest other text field (e-mail, job title, bank name…).
pub const TEXT_CHARS_MAX: usize = 200;

fn text(
    field: &'static str,
    raw: &str,
    required: bool,
    max: usize,
) -> Result<String, EmployeeError> {
    let value = raw.trim();
    if required && value.is_empty() {
        return Err(EmployeeError::Required { field });
    }
    if value.chars().count() > max {
        return Err(EmployeeError::TooLong { field, max });
    }
    Ok(value.to_owned())
}

/// The details trimmed and checked: names present, texts bounded, a plausible e-mail, a
/// start date in the calendar's range, and the pay as a run will compute it.
pub fn checked_details(raw: &EmployeeDetails) -> Result<EmployeeDetails, EmployeeError> {
    let email = text("email", &raw.email, false, TEXT_CHARS_MAX)?;
    if !email.is_empty() && !plausible_email(&email) {
        return Err(EmployeeError::EmailInvalid);
    }
    crate::calendar::in_range(raw.start_date).map_err(|e| EmployeeError::DateOutOfRange {
        field: "start_date",
        problem: e.to_string(),
    })?;
    let pay = pay_of(raw).checked().map_err(EmployeeError::Pay)?;
    Ok(EmployeeDetails {
        first_name: text("first_name", &raw.first_name, true, NAME_CHARS_MAX)?,
        last_name: text("last_name", &raw.last_name, true, NAME_CHARS_MAX)?,
        email,
        phone: text("phone", &raw.phone, false, TEXT_CHARS_MAX)?,
        staff_id: text("staff_id", &raw.staff_id, false, TEXT_CHARS_MAX)?,
        job_title: text("job_title", &raw.job_title, false, TEXT_CHARS_MAX)?,
        department: text("department", &raw.department, false, TEXT_CHARS_MAX)?,
        start_date: raw.start_date,
        bank_name: text("bank_name", &raw.bank_name, false, TEXT_CHARS_MAX)?,
        account_number: text("account_number", &raw.account_number, false, TEXT_CHARS_MAX)?,
        pension_pin: text("pension_pin", &raw.pension_pin, false, TEXT_CHARS_MAX)?,
        tax_id: text("tax_id", &raw.tax_id, false, TEXT_CHARS_MAX)?,
        state_of_residence: text(
            "state_of_residence",
            &raw.state_of_residence,
            false,
            TEXT_CHARS_MAX,
        )?,
        basic: pay.basic,
        housing: pay.housing,
        transport: pay.transport,
        other_allowances: pay
            .other_allowances
            .into_iter()
            .map(|a| AllowanceRecord {
                name: a.name,
                amount: a.amount,
                taxable: a.taxable,
                pensionable: a.pensionable,
            })
            .collect(),
        annual_rent: pay.annual_rent,
        nhf: pay.nhf,
        other_deductions: pay
            .other_deductions
            .into_iter()
            .map(|d| DeductionRecord {
                name: d.name,
                amount: d.amount,
            })
            .collect(),
    })
}

/// `local@domain.tld`: one `@`, something before it, a dot in the domain, no spaces.
fn plausible_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !email.contains(char::is_whitespace)
        && !domain.contains('@')
}

/// The pay a run computes from the record.
pub fn pay_of(details: &EmployeeDetails) -> EmployeePay {
    EmployeePay {
        basic: details.basic,
        housing: details.housing,
        transport: details.transport,
        other_allowances: details
            .other_allowances
            .iter()
            .map(|a| Allowance {
                name: a.name.clone(),
                amount: a.amount,
                taxable: a.taxable,
                pensionable: a.pensionable,
            })
            .collect(),
        annual_rent: details.annual_rent,
        nhf: details.nhf,
        other_deductions: details
            .other_deductions
            .iter()
            .map(|d| Deduction {
                name: d.name.clone(),
                amount: d.amount,
            })
            .collect(),
    }
}
