//! Ledgerline's event contracts: the payload types every aggregate writes to the log,
//! their versions and upcasters, their generated JSON Schemas and their golden fixtures.
//! Events are contracts: past-tense names, never reshaped once written; a change is a new
//! version plus an upcaster, and a fixture of every version ever written loads forever.
//!
//! Module map:
//! - [`ids`] — typed ids ([`OrganizationId`], [`WorkspaceId`], [`UserId`], [`AccountId`],
//!   [`JournalEntryId`]) over UUIDs.
//! - [`money`] — amounts on the wire: decimal strings at exactly two places.
//! - [`contract`] — the catalogue the contract tests walk: [`EventVersion`] per version
//!   ever written, [`AggregateContract`] per aggregate, [`UpcastStep`], [`upcast`], and
//!   the folders of the committed schemas and fixtures.
//! - [`schemas`] — generates the JSON Schema of each event version and checks or rewrites
//!   the committed files under `schemas/<aggregate>/<event_type>.v<version>.json`.
//! - [`organization`] — the Organization aggregate's events (organizations and the
//!   workspaces they own), their superseded versions and upcasters.
//!
//! Files beside `src/`:
//! - `schemas/` — generated, committed; `tests/schemas.rs` fails when stale
//!   (`UPDATE_SCHEMAS=1` rewrites them).
//! - `fixtures/<aggregate>/<event_type>.v<version>.json` — one stored payload per event
//!   version ever written; `tests/fixtures.rs` loads each through the upcasters.

pub mod account_tree;
pub mod contract;
pub mod ids;
pub mod journal_entry;
pub mod money;
pub mod organization;
pub mod schemas;

pub use contract::{
    aggregates, upcast, AggregateContract, DecodedEvent, EventPayload, EventVersion, UpcastStep,
};
pub use ids::{
    AccountId, InvitationId, JournalEntryId, MembershipId, OrganizationId, TransferId, UserId,
    WorkspaceId,
};
