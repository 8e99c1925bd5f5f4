//! A session's result, recomputed from the log exactly as it stood at the session's
//! cut-off: the workspace's hash chain from its first event to the pinned `chain_seq`,
//! nothing later. So a session re-run after new entries, reversals or chart changes gives
//! the same report, and the chain head it was pinned to proves which events it read.
//!
//! Population: the entries posted by the cut-off and dated on or after the period start.
//! Entries dated after the period end stay in, so the cut-off tests can see reversals
//! and late postings around the period end.

use std::collections::HashMap;

use api_core::ApiError;
use audit::{Audit, AuditParams, AuditReport, JournalEntry, Population, SessionContext};
use event_schemas::audit_session::AuditSessionOpened;
use event_schemas::journal_entry::JournalEntryPosted;
use event_schemas::AccountId;
use rust_decimal::Decimal;
use store::{EventStore, RecordedEvent};

use super::chain::{chain_until, replay};

/// Debits and credits of a set of posted entries.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    pub entries: usize,
    pub debits: Decimal,
    pub credits: Decimal,
}

impl Totals {
    fn add(&mut self, posted: &JournalEntryPosted) {
        self.entries += 1;
        for line in &posted.lines {
            self.debits += line.debit;
            self.credits += line.credit;
        }
    }
}

/// A session's run: its report, and the ledger it read, to tie the population to the
/// trial balance — the period's movements as known at the cut-off, and the entries dated
/// after the period end the population also holds (for the cut-off tests).
#[derive(Debug, Clone)]
pub struct SessionRun {
    pub report: AuditReport,
    /// Entries posted by the cut-off and dated within the period: the trial balance's
    /// movements for the period.
    pub period: Totals,
    /// Entries posted by the cut-off and dated after the period end.
    pub after_period: Totals,
}

/// The session's report, from its opening event.
pub async fn session_report(
    store: &EventStore,
    opened: &AuditSessionOpened,
) -> Result<AuditReport, ApiError> {
    Ok(session_run(store, opened).await?.report)
}

/// The session's report and the ledger totals it ties to, from its opening event.
pub async fn session_run(
    store: &EventStore,
    opened: &AuditSessionOpened,
) -> Result<SessionRun, ApiError> {
    let workspace = opened.workspace_id.to_string();
    let events = chain_until(store, &workspace, opened.cutoff.chain_seq).await?;
    let mut posted: Vec<(JournalEntryPosted, &RecordedEvent)> = Vec::new();
    let (mut period, mut after_period) = (Totals::default(), Totals::default());
    let tree = replay(&events, |p, event| {
        if p.date > opened.period_end {
            after_period.add(&p);
        } else if p.date >= opened.period_start {
            period.add(&p);
        }
        if p.date >= opened.period_start {
            posted.push((p, event));
        }
    })?;
    let classes: HashMap<AccountId, _> = tree
        .accounts()
        .map(|a| (a.account_id, a.account_type))
        .collect();
    let entries = posted
        .iter()
        .map(|(p, e)| {
            JournalEntry::from_posted(p, e.recorded_at_utc(), |id| classes.get(&id).copied())
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| ApiError::internal(format!("building the population: {e}")))?;
    let population = Population::new(entries)
        .map_err(|e| ApiError::internal(format!("building the population: {e}")))?;
    let params = params_of(opened);
    let context = context_of(opened, &params);
    let audit = Audit::new(&population, &context, &params)
        .map_err(|e| ApiError::Unprocessable(e.to_string()))?;
    Ok(SessionRun {
        report: audit.run(),
        period,
        after_period,
    })
}

/// The tests' parameters the session was opened with; defaults for what it left out.
pub fn params_of(opened: &AuditSessionOpened) -> AuditParams {
    serde_json::from_value(opened.params.clone()).unwrap_or_default()
}

/// The tests' context from the session's definition.
/// Its calendar (holidays, business hours) is the one set in the session's parameters.
pub fn context_of(opened: &AuditSessionOpened, params: &AuditParams) -> SessionContext {
    SessionContext {
        period_start: opened.period_start,
        period_end: opened.period_end,
        materiality: opened.materiality,
        performance_materiality: opened.performance_materiality,
        approval_thresholds: opened.approval_thresholds.clone(),
        holidays: params.calendar.holidays.clone(),
        business_hours: params.calendar.business_hours,
        utc_offset_seconds: opened.utc_offset_seconds,
        time_zone: opened
            .time_zone
            .as_deref()
            .and_then(|name| domain::time_zone::parse_time_zone(name).ok()),
    }
}
