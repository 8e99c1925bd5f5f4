//! The posting service: the one way anything is posted to a workspace's books — journal
//! entries, imports, reversals, and every feature that posts (pay runs, depreciation runs,
//! loan repayments), each with its own events in the same append.
//!
//! What it owns:
//! - **The chart of accounts**, kept in memory per workspace as the AccountTree's state
//!   and the stream version it stood at, so a posting parses nothing. It is never trusted
//!   blindly: every posting is appended expecting the tree at that version, and a chart
//!   that moved (an account archived, the lock date moved — here or on another node)
//!   makes the append refuse; the service reloads the chart and decides again.
//! - **The posting rules**: balanced, at least two lines, active last-level accounts of
//!   the workspace, after the lock date (`domain::journal_entry`).
//! - **Gapless entry numbers without a lock held across a command**: each
//!   `JournalEntryPosted` is numbered by the store as the append commits — the `n`-th
//!   posting of the workspace's hash chain, counted while the chain's head is locked —
//!   so numbers are unique and gapless across every process sharing the database, in
//!   commit order, and concurrent postings of one workspace share a group commit.

mod posting;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use domain::account_tree::AccountTree;
use event_schemas::WorkspaceId;
use store::EventMetadata;

pub use posting::{PostedEntry, Posting};

use crate::runner::{Loaded, Runner};
use crate::unit::{Committed, Unit};
use crate::{CommandError, RunError};

/// Workspaces whose charts are kept in memory; past it the cache starts over (a chart
/// reloads from its snapshot in a few milliseconds).
pub const CHARTS_CACHED_MAX: usize = 4_096;
/// Times a posting is decided again after the chart moved under it before the caller is
/// told to retry.
pub const POSTING_ATTEMPTS_MAX: usize = 5;

/// A workspace's chart of accounts as the posting rules read it.
#[derive(Debug)]
pub struct Chart {
    pub tree: Loaded<AccountTree>,
}

/// The posting service of one process.
pub struct Books {
    runner: Runner,
    charts: Mutex<HashMap<String, Arc<Chart>>>,
}

/// A posting that committed (or was found committed by an earlier attempt).
#[derive(Debug)]
pub struct Posted<T> {
    /// What the caller's decision answered.
    pub value: T,
    pub committed: Committed,
    /// The entries it posted with the numbers the store gave them, in posting order
    /// (`None` for a replay: read them from the entries).
    pub entries: Vec<PostedEntry>,
}

impl Books {
    pub fn new(runner: Runner) -> Self {
        Self {
            runner,
            charts: Mutex::new(HashMap::new()),
        }
    }

    pub fn runner(&self) -> &Runner {
        &self.runner
    }

    fn cached(&self, workspace: &str) -> Option<Arc<Chart>> {
        self.charts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(workspace)
            .cloned()
    }

    /// The workspace's chart as this process last knew it (loaded on first use).
    pub async fn chart(&self, workspace: &str) -> Result<Arc<Chart>, RunError> {
        if let Some(chart) = self.cached(workspace) {
            return Ok(chart);
        }
        self.reload(workspace).await
    }

    /// Reads the chart again from the log.
    async fn reload(&self, workspace: &str) -> Result<Arc<Chart>, RunError> {
        let chart = Arc::new(Chart {
            tree: self.runner.load::<AccountTree>(workspace).await?,
        });
        let mut charts = self
            .charts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if charts.len() >= CHARTS_CACHED_MAX {
            charts.clear();
        }
        charts.insert(workspace.to_owned(), Arc::clone(&chart));
        Ok(chart)
    }

    /// Drops the workspace's chart after this process changed it (the next posting reads
    /// it afresh instead of meeting the change as a conflict).
    pub fn forget(&self, workspace: &str) {
        self.charts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .remove(workspace);
    }

    /// Posts what `decide` records on a [`Posting`] of the workspace's books, in one
    /// append with `metadata` and `command_key`. `decide` may run more than once (when the
    /// chart moved under it), each time on a fresh posting, so it must only record.
    pub async fn post<T, E>(
        &self,
        workspace: &str,
        metadata: &EventMetadata,
        command_key: Option<&str>,
        mut decide: impl FnMut(&mut Posting<'_>) -> Result<T, E>,
    ) -> Result<Posted<T>, CommandError<E>> {
        let workspace_id: WorkspaceId = workspace.parse().map_err(|_| {
            CommandError::Run(RunError::Corrupt(format!(
                "{workspace:?} is not a workspace id"
            )))
        })?;
        let mut chart = self.chart(workspace).await?;
        for attempt in 1..=POSTING_ATTEMPTS_MAX {
            let unit = Unit::new(metadata, command_key.map(str::to_owned));
            let mut posting = Posting::new(unit, &chart, workspace_id);
            let value = decide(&mut posting).map_err(CommandError::Rule)?;
            let (mut unit, entries) = posting.finish();
            unit.expect(&chart.tree, workspace);
            match unit.commit(&self.runner).await {
                Ok(committed) => {
                    let entries = posting::numbered(entries, &committed);
                    return Ok(Posted {
                        value,
                        committed,
                        entries,
                    });
                }
                Err(RunError::Moved { aggregate_type, .. })
                    if aggregate_type == event_schemas::account_tree::AGGREGATE_TYPE
                        && attempt < POSTING_ATTEMPTS_MAX =>
                {
                    chart = self.reload(workspace).await?;
                }
                Err(err) => return Err(CommandError::Run(err)),
            }
        }
        Err(CommandError::Run(RunError::Moved {
            aggregate_type: event_schemas::account_tree::AGGREGATE_TYPE.to_owned(),
            aggregate_id: workspace.to_owned(),
        }))
    }
}
