//! The command side's wiring: [`execute`] runs a command on one aggregate through the
//! command runner (`commands::Runner`), and [`IntoApiError`] is the one mapping of
//! business and runner errors to the HTTP contract, with the sentence form of domain
//! messages. (Commands spanning several streams build a `commands::Unit` themselves.)

use api_core::ApiError;
use commands::{CommandError, RunError, Runner};
use domain::account_tree::AccountTreeError;
use domain::decider::Decider;
use domain::organization::OrganizationError;
use store::EventMetadata;

/// A business error that knows its HTTP answer.
pub trait IntoApiError {
    fn into_api_error(self) -> ApiError;
}

/// Runs `command` on the aggregate `aggregate_id` alone with `metadata` on every event
/// (and, with a key, at most once per key); answers the events it caused.
pub async fn execute<A>(
    runner: &Runner,
    aggregate_id: &str,
    command: A::Command,
    metadata: &EventMetadata,
    command_key: Option<String>,
) -> Result<Vec<A::Event>, ApiError>
where
    A: Decider,
    A::Command: Clone,
    A::Error: IntoApiError,
{
    runner
        .execute::<A>(aggregate_id, command, metadata, command_key)
        .await
        .map_err(IntoApiError::into_api_error)
}

/// A domain error's text as a sentence for people: capitalized, with a full stop.
pub fn sentence(message: impl std::fmt::Display) -> String {
    let text = message.to_string();
    let mut chars = text.chars();
    let mut out: String = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => return text,
    };
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

impl IntoApiError for OrganizationError {
    fn into_api_error(self) -> ApiError {
        use OrganizationError as E;
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            E::OrganizationNotFound
            | E::WorkspaceNotFound { .. }
            | E::MemberNotFound { .. }
            | E::InvitationNotFound { .. }
            | E::TransferNotFound { .. } => ApiError::NotFound(sentence(&self)),
            E::OrganizationAlreadyExists { .. }
            | E::WorkspaceAlreadyExists { .. }
            | E::AlreadyMember { .. }
            | E::InvitationAlreadyPending { .. }
            | E::TransferAlreadyPending
            | E::WorkspaceIsDeleted { .. } => ApiError::Conflict(sentence(&self)),
            other => ApiError::NonField(vec![sentence(&other)]),
        }
    }
}

impl IntoApiError for AccountTreeError {
    fn into_api_error(self) -> ApiError {
        if let Some(field) = self.field() {
            return ApiError::field(field, sentence(&self));
        }
        match self {
            AccountTreeError::AccountNotFound { .. } => ApiError::NotFound(sentence(&self)),
            AccountTreeError::AccountAlreadyExists { .. } => ApiError::Conflict(sentence(&self)),
            other => ApiError::NonField(vec![sentence(&other)]),
        }
    }
}

impl IntoApiError for RunError {
    fn into_api_error(self) -> ApiError {
        match self {
            RunError::Moved { .. } => ApiError::Conflict(
                "The record was changed by another request at the same moment. Try again.".into(),
            ),
            other => ApiError::internal(other),
        }
    }
}

impl<E: IntoApiError> IntoApiError for CommandError<E> {
    fn into_api_error(self) -> ApiError {
        match self {
            CommandError::Rule(err) => err.into_api_error(),
            CommandError::Run(err) => err.into_api_error(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_domain_message_becomes_a_sentence() {
        assert_eq!(sentence("a name is required"), "A name is required.");
        assert_eq!(sentence("Done."), "Done.");
    }

    #[test]
    fn an_input_error_names_its_field_and_a_missing_thing_is_404() {
        let field = OrganizationError::NameRequired.into_api_error();
        assert!(matches!(field, ApiError::Fields(f) if f.contains_key("name")));
        assert!(matches!(
            OrganizationError::OrganizationNotFound.into_api_error(),
            ApiError::NotFound(_)
        ));
        assert!(matches!(
            OrganizationError::LastAdmin.into_api_error(),
            ApiError::NonField(_)
        ));
    }
}
