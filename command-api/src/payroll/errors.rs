//! Payroll's business errors as the HTTP contract answers them: input problems as field
//! errors, a missing employee or run as 404, a run in the wrong state or a period held
//! by another run as 409.

use api_core::ApiError;
use domain::payroll::employee::EmployeeError;
use domain::payroll::pay_run::PayRunError;
use domain::payroll::settings::PayrollSettingsError;

use crate::runner::{sentence, IntoApiError};

impl IntoApiError for EmployeeError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            EmployeeError::NotFound => ApiError::NotFound(sentence(&self)),
            other => ApiError::Conflict(sentence(&other)),
        }
    }
}

impl IntoApiError for PayRunError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            PayRunError::NotFound => ApiError::NotFound(sentence(&self)),
            PayRunError::Employee { .. } | PayRunError::Pay(_) => {
                ApiError::NonField(vec![sentence(&self)])
            }
            other => ApiError::Conflict(sentence(&other)),
        }
    }
}

impl IntoApiError for PayrollSettingsError {
    fn into_api_error(self) -> ApiError {
        match self.field() {
            Some(field) => ApiError::field(field, sentence(&self)),
            None => ApiError::Conflict(sentence(&self)),
        }
    }
}
