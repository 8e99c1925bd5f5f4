//! Who is running a command, and what it carries from the request: the signed-in user,
//! the request id, and the request's idempotency key (scoped to the user by
//! `api_core::idempotency`). Every command route takes a [`Caller`].

use api_core::auth::AuthUser;
use api_core::idempotency::CommandKey;
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use event_schemas::UserId;
use store::EventMetadata;

use crate::ids::parse_id;

#[derive(Debug, Clone)]
pub struct Caller {
    pub user: AuthUser,
    pub user_id: UserId,
    pub request_id: Option<String>,
    /// The request's idempotency key, scoped to the user, method and path.
    pub command_key: Option<String>,
}

impl<S: Send + Sync> FromRequestParts<S> for Caller
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        let CurrentRequestId(request_id) = CurrentRequestId::from_request_parts(parts, state)
            .await
            .unwrap_or(CurrentRequestId(None));
        let command_key = parts
            .extensions
            .get::<CommandKey>()
            .map(|CommandKey(key)| key.clone());
        Ok(Self {
            user_id: parse_id(&user.user_id)?,
            user,
            request_id,
            command_key,
        })
    }
}

impl Caller {
    /// The metadata of the events the command appends in `workspace_id` (which puts them
    /// on that workspace's hash chain) of `organization_id`.
    pub fn metadata(
        &self,
        organization_id: Option<String>,
        workspace_id: Option<String>,
    ) -> EventMetadata {
        EventMetadata {
            actor_id: Some(self.user.user_id.clone()),
            organization_id,
            workspace_id,
            request_id: self.request_id.clone(),
            ..Default::default()
        }
    }

    /// The id of what the command creates under `purpose` (see `commands::ids::mint`): the
    /// same on every retry of a keyed request.
    pub fn mint<T: From<uuid::Uuid>>(&self, purpose: &str) -> T {
        T::from(commands::ids::mint(self.command_key.as_deref(), purpose))
    }
}
