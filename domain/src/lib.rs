//! Ledgerline's domain: the business rules, pure and synchronous — no IO, no async
//! runtime, no SQL. Anything external is a trait the caller provides.
//!
//! Module map:
//! - [`permissions`] — the permission, role, plan and limit tables of spec §6/§9, the
//!   DESIGN §7 action table, the one `check` the server enforces and the UI mirrors,
//!   and the JSON export the UI consumes (`ui/src/generated/permissions.json`).
//! - [`organization`] — the Organization aggregate on cqrs-es: organizations and the
//!   workspaces they own, their commands and business rules (events live in
//!   `event-schemas`).
//! - [`money`] — the bounds every amount meets (two decimals, not negative, a maximum)
//!   and the one rounding rule of computed amounts (half-up to two places).
//! - [`account_tree`] — the AccountTree aggregate: a workspace's chart of accounts, its
//!   default chart, budgets and lock date.
//! - [`assistant`] — a member's private conversations with the assistant: each question
//!   kept with the answer it was given.
//! - [`journal_entry`] — the JournalEntry aggregate (drafts, posting with gapless
//!   numbers, reversal) and the pure entry rules (balanced, ≥ 2 lines, debit xor credit,
//!   active last-level accounts, after the lock date).
//! - [`journal_import`] — the JournalImport aggregate: a CSV import recorded with its
//!   file's hash beside the entries it creates (the same file twice in a day is refused
//!   unless confirmed).
//! - [`fact`] — facts recorded without a rule (sign-ins, views of a shared audit, read
//!   models set aside), run as streams of [`fact::Facts`] like every other aggregate.
//! - [`notification`] — the Notification, Announcement and Inbox aggregates: raised once
//!   per cause, read marks and deletion by the recipient only, announcements to several
//!   members in one event, "mark all as read" up to a position.
//! - [`audit_session`] — audit session states and who moves them on (sign-off, share).
//! - [`report`] — financial reports: kinds, their parameters, one report's life.
//! - [`continuous_audit`] — a workspace's continuous monitoring settings (off until
//!   turned on, the band that notifies, the tests' parameters).
//! - [`debt`] — loan schedules (annuity, equal principal, interest only), how a
//!   repayment splits into interest and principal, aging by days past due, and the Debt
//!   aggregate with the entries it posts.
//! - [`fixed_asset`] — depreciation schedules (straight line, declining balance), a
//!   month's charge, depreciation to a month, disposal gain or loss.
//! - [`payroll`] — Nigerian payroll as dated rules (PITA before 2026, the Nigeria Tax Act
//!   2025 from then): an employee's annual figures, the month's payslip (shares,
//!   proration), a pay run's payslips and totals.
//! - [`validation`] — input rules several commands share (e-mail, phone; spec §5).
//! - [`decider`] — [`decider::Decider`]: the pure decision every aggregate makes.
//! - [`time_zone`] — a workspace's IANA time zone and its default from the
//!   organization's country.
//! - [`calendar`] — dates as the books accept them (`YYYY-MM-DD`, sane years) and
//!   months of the books (`YYYY-MM`).

pub mod account_tree;
pub mod assistant;
pub mod audit_session;
pub mod billing;
pub mod calendar;
pub mod continuous_audit;
pub mod debt;
pub mod decider;
pub mod document;
pub mod document_storage;
pub mod fact;
pub mod fixed_asset;
pub mod journal_entry;
pub mod journal_import;
pub mod money;
pub mod notification;
pub mod organization;
pub mod payroll;
pub mod permissions;
pub mod report;
pub mod time_zone;
pub mod validation;
pub mod wallet;
