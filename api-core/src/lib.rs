//! What every HTTP crate shares, so routes stay thin and the contract (DESIGN.md §6) is
//! written once.
//!
//! - [`error`]: [`ApiError`], the one mapping from failures to status codes and bodies.
//! - [`body`]: JSON request bodies whose errors name the field.
//! - [`auth`]: bearer JWTs ([`auth::AuthUser`] extractor, `token_not_valid` on failure).
//! - [`access`]: the workspace access policy every workspace-scoped route asks.
//! - [`consistency`]: read-your-writes after a command.
//! - [`me`]: the current user's profile and memberships, as the account routes answer.
//! - [`client`]: the client's address ([`client::ClientAddress`] extractor).
//! - [`idempotency`]: `Idempotency-Key` for every command route.
//! - [`request_id`]: request ids on every request, response and log line.
//! - [`pagination`]: bounded `page`/`page_size` and the paginated envelope.
//! - [`openapi`]: the envelopes and error bodies every operation of the OpenAPI document shares.
//! - [`shapes`]: answer shapes read and write routes share.
//! - [`time`]: how times look on the wire.
//! - [`state`]: [`AppState`], what handlers get.
//! - [`workspace_owners`]: which organization owns a workspace, kept in memory.

pub mod access;
pub mod auth;
pub mod body;
pub mod client;
pub mod consistency;
pub mod documents;
pub mod error;
pub mod idempotency;
pub mod me;
pub mod money;
pub mod openapi;
pub mod pagination;
pub mod request_id;
pub mod shapes;
pub mod state;
pub mod time;
pub mod workspace_owners;

pub use error::{ApiError, FieldErrors};
pub use state::AppState;
