//! Fixed assets' business errors as the HTTP contract answers them: input problems as
//! field errors, a missing asset as 404, an asset or run in the wrong state as 409.

use api_core::ApiError;
use domain::fixed_asset::{AssetError, DepreciationRunError};

use crate::runner::{sentence, IntoApiError};

impl IntoApiError for AssetError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            AssetError::NotFound => ApiError::NotFound(sentence(&self)),
            other => ApiError::Conflict(sentence(&other)),
        }
    }
}

impl IntoApiError for DepreciationRunError {
    fn into_api_error(self) -> ApiError {
        match self.field() {
            Some(field) => ApiError::field(field, sentence(&self)),
            None => ApiError::Conflict(sentence(&self)),
        }
    }
}
