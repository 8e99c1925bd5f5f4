//! Journal-entry testing for audit sessions: the analytic core of the audit service
//! (issue 8, item 2). Pure and synchronous — no IO, no async, no SQL: the service
//! reads a session's pinned population from the log and hands it here; the same input
//! always gives the same, serializable [`AuditReport`].
//!
//! Module map:
//! - [`population`] — the input entries, validated and put in canonical order.
//! - [`from_log`] — a `JournalEntryPosted` event (with its log time and the chart's
//!   account classes) as an input entry.
//! - [`context`] — the session context: period, materiality, thresholds, calendar.
//! - [`params`] — every test's parameters in one value, each with a documented default.
//! - [`finding`] — control points ([`TestKind`]) and findings linking to entries.
//! - Test families, one module each:
//!   [`benford`] (first, first-two, second and last-two digits: z, χ², MAD),
//!   [`amounts`] (round, just below approval thresholds, performance materiality),
//!   [`duplicates`], [`numbering`] (gaps and reused numbers),
//!   [`timing`] (weekend, holiday, after-hours), [`cutoff`] (backdating, reversals
//!   after period end, period-end clustering), [`rarity`] (rare account pairs, seldom
//!   used accounts), [`users`] (infrequent users, first posting to an account class),
//!   [`outliers`] (z-score, modified z-score, IQR per account), [`memos`].
//! - [`risk_score`] — the composite 0–100 score per entry with its breakdown.
//! - [`report`] — runs the families and assembles the [`AuditReport`].
//! - [`continuous`] — continuous mode: the context of a run between audits, what it
//!   flags and why, and which entries escalated between two runs.
//! - [`stats`] — the statistics behind the tests (quantiles, MAD, χ² p-value).
//!
//! ```
//! # use audit::*;
//! # fn example(entries: Vec<JournalEntry>, context: SessionContext) -> Result<(), AuditError> {
//! let population = Population::new(entries)?;
//! let params = AuditParams::default();
//! let report = Audit::new(&population, &context, &params)?.run();
//! # let _ = report;
//! # Ok(())
//! # }
//! ```

pub mod amounts;
pub mod benford;
pub mod context;
pub mod continuous;
pub mod cutoff;
pub mod duplicates;
pub mod error;
pub mod finding;
pub mod from_log;
pub mod memos;
pub mod numbering;
pub mod outliers;
pub mod params;
pub mod population;
pub mod rarity;
pub mod report;
pub mod risk_score;
pub mod stats;
pub mod timing;
pub mod users;

#[cfg(test)]
mod testing;

pub use context::{BusinessHours, CalendarParams, SessionContext};
pub use error::AuditError;
pub use finding::{Finding, TestKind};
pub use params::AuditParams;
pub use population::{JournalEntry, Population, PostingLine};
pub use report::{Audit, AuditReport, Limitation, TestFamily};
pub use risk_score::{EntryScore, RiskBand};
