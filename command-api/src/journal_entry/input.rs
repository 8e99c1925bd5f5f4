//! Journal entry requests as the domain's raw input: every unreadable value is named by
//! its field (`lines[2].debit`) at once.

use api_core::{ApiError, FieldErrors};
use domain::journal_entry::{EntryInput, LineInput};
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LineBody {
    pub account_id: String,
    #[serde(default)]
    pub description: Option<String>,
    /// Decimal string; empty or absent on a credit line.
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub debit: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub credit: Option<Value>,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EntryBody {
    /// Effective date, `YYYY-MM-DD`.
    pub date: String,
    #[serde(default)]
    pub memo: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
    pub lines: Vec<LineBody>,
    /// Create and post at once.
    #[serde(default)]
    pub post: bool,
}

fn amount(problems: &mut FieldErrors, field: String, value: Option<&Value>) -> Option<Decimal> {
    let parsed = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(s)) if s.trim().is_empty() => return None,
        Some(value) => api_core::money::money_of(value),
    };
    parsed
        .map_err(|message| problems.entry(field).or_default().push(message.into()))
        .ok()
}

/// The body as the domain's raw input; every unreadable value is named at once.
pub(crate) fn entry_input(body: &EntryBody) -> Result<EntryInput, ApiError> {
    let mut problems = FieldErrors::new();
    let date = domain::calendar::parse_date(&body.date)
        .map_err(|err| {
            problems
                .entry("date".into())
                .or_default()
                .push(err.to_string())
        })
        .ok();
    let mut lines = Vec::with_capacity(body.lines.len());
    for (i, line) in body.lines.iter().enumerate() {
        let account_id = line.account_id.trim().parse().ok();
        if account_id.is_none() {
            problems
                .entry(format!("lines[{i}].account_id"))
                .or_default()
                .push("Choose an account.".into());
        }
        let debit = amount(
            &mut problems,
            format!("lines[{i}].debit"),
            line.debit.as_ref(),
        );
        let credit = amount(
            &mut problems,
            format!("lines[{i}].credit"),
            line.credit.as_ref(),
        );
        if let Some(account_id) = account_id {
            lines.push(LineInput {
                account_id,
                description: line.description.clone().unwrap_or_default(),
                debit,
                credit,
            });
        }
    }
    match date {
        Some(date) if problems.is_empty() => Ok(EntryInput {
            date,
            memo: body.memo.clone().unwrap_or_default(),
            reference: body.reference.clone().unwrap_or_default(),
            lines,
        }),
        _ => Err(ApiError::Fields(problems)),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ReverseBody {
    /// The reversal's effective date, `YYYY-MM-DD`; after the lock date.
    pub date: String,
}
