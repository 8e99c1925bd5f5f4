//! The command side's wiring: the aggregates still run through cqrs-es frameworks, the one
//! [`IntoApiError`] mapping of business and runner errors to the HTTP contract, and the
//! sentence form of domain messages. (Journal entries run on `commands`' runner and
//! posting service; their error mapping sits beside their routes.)

use std::sync::Arc;

use api_core::ApiError;
use commands::books::PostError;
use commands::RunError;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, AggregateError, CqrsFramework};
use domain::account_tree::{AccountTree, AccountTreeError};
use domain::organization::{Organization, OrganizationError};
use store::repository::LogRepository;
use store::{EventMetadata, EventStore};

/// Every this many events an aggregate's state is snapshotted, so loading it replays at
/// most this many events after the snapshot.
const SNAPSHOT_EVERY: usize = 50;

pub type Framework<A> = CqrsFramework<A, PersistedEventStore<LogRepository, A>>;

/// The command side of every aggregate, built once per process.
#[derive(Clone)]
pub struct Aggregates {
    pub organizations: Arc<Framework<Organization>>,
    pub account_trees: Arc<Framework<AccountTree>>,
    /// Loader of current state, for commands that need facts from another stream.
    pub tree_state: Arc<PersistedEventStore<LogRepository, AccountTree>>,
}

impl Aggregates {
    pub fn new(store: &EventStore) -> Self {
        Self {
            organizations: Arc::new(framework(store, domain::organization::upcasters())),
            account_trees: Arc::new(framework(store, domain::account_tree::upcasters())),
            tree_state: Arc::new(events(store, domain::account_tree::upcasters())),
        }
    }
}

fn events<A: Aggregate>(
    store: &EventStore,
    upcasters: Vec<Box<dyn cqrs_es::persist::EventUpcaster>>,
) -> PersistedEventStore<LogRepository, A> {
    let repository = LogRepository::new(store.clone(), SNAPSHOT_EVERY);
    PersistedEventStore::new_snapshot_store(repository, SNAPSHOT_EVERY).with_upcasters(upcasters)
}

fn framework<A>(
    store: &EventStore,
    upcasters: Vec<Box<dyn cqrs_es::persist::EventUpcaster>>,
) -> Framework<A>
where
    A: Aggregate<Services = ()>,
{
    CqrsFramework::new(events(store, upcasters), vec![], ())
}

/// The current state of aggregate `id` (a new one when the stream is empty).
pub async fn load<A: Aggregate>(
    events: &PersistedEventStore<LogRepository, A>,
    id: &str,
) -> Result<A, ApiError> {
    use cqrs_es::EventStore as _;
    events
        .load_aggregate(id)
        .await
        .map(|context| context.aggregate)
        .map_err(ApiError::internal)
}

/// A business error that knows its HTTP answer.
pub trait IntoApiError {
    fn into_api_error(self) -> ApiError;
}

/// Runs `command` on the aggregate `aggregate_id` with `metadata` on every event.
pub async fn execute<A>(
    framework: &Framework<A>,
    aggregate_id: &str,
    command: A::Command,
    metadata: &EventMetadata,
) -> Result<(), ApiError>
where
    A: Aggregate<Services = ()>,
    A::Error: IntoApiError,
{
    framework
        .execute_with_metadata(aggregate_id, command, metadata.to_map())
        .await
        .map_err(|err| match err {
            AggregateError::UserError(e) => e.into_api_error(),
            AggregateError::AggregateConflict => ApiError::Conflict(
                "The record was changed by another request at the same moment. Try again.".into(),
            ),
            other => ApiError::internal(other),
        })
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

impl<E: IntoApiError> IntoApiError for PostError<E> {
    fn into_api_error(self) -> ApiError {
        match self {
            PostError::Rule(err) => err.into_api_error(),
            PostError::Run(err) => err.into_api_error(),
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
