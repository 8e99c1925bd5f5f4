//! The journal's business errors as the HTTP contract answers them: content problems as
//! field errors (`lines[2].debit`), a missing entry as 404, everything else as
//! `non_field_errors`.

use api_core::ApiError;
use domain::journal_entry::JournalEntryError;
use domain::journal_import::JournalImportError;

use crate::runner::{sentence, IntoApiError};

impl IntoApiError for JournalEntryError {
    fn into_api_error(self) -> ApiError {
        if matches!(self, JournalEntryError::EntryNotFound) {
            return ApiError::NotFound(sentence(&self));
        }
        let mut fields = api_core::FieldErrors::new();
        for (field, message) in self.fields() {
            fields
                .entry(field.unwrap_or_else(|| "non_field_errors".into()))
                .or_default()
                .push(sentence(message));
        }
        if fields.keys().all(|k| k == "non_field_errors") {
            return ApiError::NonField(fields.into_values().flatten().collect());
        }
        ApiError::Fields(fields)
    }
}

impl IntoApiError for JournalImportError {
    fn into_api_error(self) -> ApiError {
        match self.field() {
            Some(field) => ApiError::field(field, sentence(&self)),
            None => ApiError::Conflict(sentence(&self)),
        }
    }
}
