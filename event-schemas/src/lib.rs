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
//! - [`notification`] — a user's notifications: created, read or unread, deleted.
//! - [`audit_session`] — audit sessions: opened on a pinned cut-off, signed off, shared;
//!   notes and conclusions on their findings.
//! - [`audit_shared_view`] — one stream per view of a shared audit result (its access log).
//! - [`continuous_audit`] — per workspace: whether new entries are scored as they are
//!   posted (continuous mode), the band that notifies, the tests' parameters.
//! - [`announcement`] — an administrator's notification to several members at once.
//! - [`inbox`] — what applies to a user's whole inbox (mark all as read).
//! - [`user_activity`] — security facts about accounts (sign-ins, failures, password and
//!   two-factor changes) and client-reported activities, for the activity log.
//! - [`subscription`] — an organization's billing: payments and the plans they buy.
//! - [`wallet`] — an organization's wallet: opened, renamed, frozen, credited through a
//!   verified provider payment, debited (never below zero), cards saved and removed.
//! - [`report`] — generated financial reports: asked for, rendered (or failed), deleted.
//! - [`journal_import`] — a CSV import of journal entries: its file's hash and the
//!   entries it created, recorded in the same append as the entries.
//! - [`payroll`] — payroll: employees (hired, updated, terminated), a workspace's
//!   payroll settings and the periods its runs hold, and pay runs (drafted with their
//!   payslips, approved, posted, reversed).
//! - [`fixed_asset`] — fixed assets (registered, changed, depreciated, disposed) and
//!   each month's depreciation run (posted, reversed), each posted with its entry.
//! - [`debt`] — debts (loans payable and receivable): created, changed, drawn down and
//!   repaid, each posting recorded with its entry.
//! - [`assistant`] — the assistant's conversations: each question with the answer given,
//!   its figures, sources, clarification choices and draft entry; private to one member.
//! - [`document`] — documents kept in a workspace (uploaded, renamed, tagged, deleted)
//!   and their attachments to journal entries; metadata and the bytes' hash, never bytes.
//! - [`document_storage`] — the bytes an organization's live documents take, decided
//!   with every upload and delete against the plan's document-storage limit.
//! - [`read_model`] — the projector runtime's facts about a workspace's read models (set
//!   aside after an event it could not apply; caught up again).
//! - [`organization`] — the Organization aggregate's events (organizations and the
//!   workspaces they own), their superseded versions and upcasters.
//!
//! Files beside `src/`:
//! - `schemas/` — generated, committed; `tests/schemas.rs` fails when stale
//!   (`UPDATE_SCHEMAS=1` rewrites them).
//! - `fixtures/<aggregate>/<event_type>.v<version>.json` — one stored payload per event
//!   version ever written; `tests/fixtures.rs` loads each through the upcasters.

pub mod account_tree;
pub mod announcement;
pub mod assistant;
pub mod audit_session;
pub mod audit_shared_view;
pub mod continuous_audit;
pub mod contract;
pub mod debt;
pub mod document;
pub mod document_storage;
pub mod fixed_asset;
pub mod ids;
pub mod inbox;
pub mod journal_entry;
pub mod journal_import;
pub mod money;
pub mod notification;
pub mod organization;
pub mod payroll;
pub mod read_model;
pub mod report;
pub mod schemas;
pub mod subscription;
pub mod user_activity;
pub mod wallet;

pub use contract::{
    aggregates, upcast, AggregateContract, DecodedEvent, EventPayload, EventVersion, UpcastStep,
};
pub use ids::{
    AccountId, CardId, ConversationId, DebtId, DepreciationRunId, DocumentId, EmployeeId,
    FixedAssetId, InvitationId, JournalEntryId, JournalImportId, MembershipId, NotificationId,
    OrganizationId, PayRunId, TransferId, UserId, WalletId, WalletTransactionId, WorkspaceId,
};
