//! Ledgerline's domain: the business rules, pure and synchronous — no IO, no async
//! runtime, no SQL. Anything external is a trait the caller provides.
//!
//! Module map:
//! - [`permissions`] — the permission, role, plan and limit tables of spec §6/§9, the
//!   DESIGN §7 action table, the one `check` the server enforces and the UI mirrors,
//!   and the JSON export the UI consumes (`ui/src/generated/permissions.json`).

pub mod permissions;
