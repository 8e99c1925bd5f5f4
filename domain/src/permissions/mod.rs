//! Who may do what: the permission model of spec §5, §6, §8 and §9 and DESIGN §7,
//! defined once and exported to the UI.
//!
//! A request passes only if a membership covers the workspace, the grants its mode
//! names hold (the role table, the plan table, or both), and the plan's limit allows
//! the increment. Everything here is pure data and pure functions; looking up the
//! membership, the subscription and the usage is the caller's job.
//!
//! - [`permission`] — the 37 permission strings of spec §6.
//! - [`set`] — [`PermissionSet`], a `u64` bitset the tables are built from.
//! - [`role`] — [`Role`] (0 Viewer, 1 Editor, 2 Admin) and the role table.
//! - [`plan`] — [`Plan`], the plan table and the effective default plan.
//! - [`limits`] — [`Limit`], [`Resource`], [`Usage`] and the plan limits of spec §9.
//! - [`check_by`] — [`CheckBy`], the `checkBy` mode and its error.
//! - [`actions`] — [`Action`] and the DESIGN §7 action table ([`Requirement`]).
//! - [`messages`] — the spec's permission messages and modal texts, verbatim.
//! - [`check`](mod@check) — [`check`](fn@check) and [`Denial`].
//! - [`export`](mod@export) — [`export`](fn@export), the JSON the UI consumes.

pub mod actions;
pub mod check;
pub mod check_by;
pub mod export;
pub mod limits;
pub mod messages;
pub mod permission;
pub mod plan;
pub mod role;
pub mod set;

#[cfg(test)]
mod tests;

pub use actions::{Action, Requirement};
pub use check::{check, check_action, CheckContext, Denial};
pub use check_by::{CheckBy, InvalidCheckBy};
pub use export::export;
pub use limits::{Limit, Resource, UnknownResource, Usage};
pub use messages::ModalText;
pub use permission::{Permission, UnknownPermission};
pub use plan::{Plan, UnknownPlan};
pub use role::{Role, UnknownRole};
pub use set::PermissionSet;
