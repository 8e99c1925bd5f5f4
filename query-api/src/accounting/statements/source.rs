//! Where a statement reads the books from: the read models (the present), or the log
//! replayed up to a recorded time (`as_known_at`). Either way a statement sees the same
//! thing: the accounts with their place on the statements, and each account's debit and
//! credit totals of every posting dated on or before a day.

use std::collections::{HashMap, HashSet};

use api_core::ApiError;
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use domain::account_tree::classification::{placements, Classifiable};
use domain::account_tree::{AccountType, CashFlowCategory, StatementSection};
use event_schemas::account_tree::AccountTreeEvent;
use event_schemas::{JournalEntryId, WorkspaceId};
use projections::cents::to_cents;
use serde::Serialize;
use store::{Db, EventStore};

use super::super::account_type;
use super::super::balances::{sums_as_of, Tally};
use super::super::chart::chart;
use super::super::fiscal::{closing_movements, FiscalAccount, FiscalSettings};
use super::super::tree::placements_of;
use crate::audit::chain::{replay, whole_chain};

/// One account as the statements see it.
#[derive(Debug, Clone)]
pub struct StatementAccount {
    pub id: String,
    pub code: String,
    pub name: String,
    /// `None` for an account the accounts read model does not hold yet (it lags the
    /// ledger); such an account sits in no section.
    pub account_type: Option<AccountType>,
    pub parent_id: Option<String>,
    pub section: Option<StatementSection>,
    pub category: Option<CashFlowCategory>,
}

/// What a statement read at `as_known_at`: the time, and the chain position and hash of
/// the last event it includes (the proof of what was read).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct KnownAt {
    /// RFC 3339, microseconds.
    pub known_at: String,
    pub chain_seq: i64,
    pub head_hash: String,
}

enum Source<'a> {
    ReadModel {
        db: &'a Db,
        workspace_id: String,
    },
    /// Every posting line recorded by the knowledge time: date, account, debit, credit.
    Replayed {
        lines: Vec<(NaiveDate, String, i64, i64)>,
        /// The same lines' entries: `true` for a closing entry or its reversal.
        closing: Vec<bool>,
    },
}

/// The books a statement reads.
pub struct Books<'a> {
    /// In code order.
    pub accounts: Vec<StatementAccount>,
    /// Set when read as known at a recorded time.
    pub known_at: Option<KnownAt>,
    /// The fiscal year's start month and the retained-earnings account.
    pub fiscal: FiscalSettings,
    source: Source<'a>,
}

impl<'a> Books<'a> {
    /// The present books of a workspace, from the read models.
    pub async fn present(db: &'a Db, workspace_id: &str) -> Result<Self, ApiError> {
        let chart = chart(db, workspace_id).await?;
        let placed = placements_of(workspace_id, &chart.accounts);
        let accounts = chart
            .accounts
            .iter()
            .map(|a| {
                let place = placed.get(&a.id);
                StatementAccount {
                    account_type: account_type(&a.account_type),
                    section: place.map(|p| p.statement_section),
                    category: place.map(|p| p.cash_flow_category),
                    id: a.id.clone(),
                    code: a.account_code.clone(),
                    name: a.name.clone(),
                    parent_id: a.parent_id.clone(),
                }
            })
            .collect();
        Ok(Self {
            accounts,
            known_at: None,
            fiscal: chart.fiscal.clone(),
            source: Source::ReadModel {
                db,
                workspace_id: workspace_id.to_owned(),
            },
        })
    }

    /// The books as the log held them at `known_at`, replayed from the workspace's chain.
    pub async fn known_at(
        store: &EventStore,
        workspace_id: &str,
        known_at: DateTime<Utc>,
    ) -> Result<Books<'static>, ApiError> {
        let workspace: WorkspaceId = workspace_id
            .parse()
            .map_err(|_| ApiError::NotFound("No such workspace.".into()))?;
        let events = whole_chain(store, workspace_id).await?;
        let micros = known_at.timestamp_micros();
        let included = || events.iter().filter(|e| e.recorded_at <= micros);
        let mut lines = Vec::new();
        let mut entries = Vec::new();
        let mut bad_amount = None;
        let tree = replay(included(), |posted, _| {
            for line in &posted.lines {
                match (to_cents(line.debit), to_cents(line.credit)) {
                    (Some(debit), Some(credit)) => {
                        lines.push((posted.date, line.account_id.to_string(), debit, credit));
                        entries.push(posted.journal_entry_id);
                    }
                    _ => bad_amount = Some(posted.entry_number.clone()),
                }
            }
        })?;
        if let Some(entry) = bad_amount {
            return Err(ApiError::internal(format!(
                "posted entry {entry} holds an amount off the money scale"
            )));
        }
        let last = included().next_back();
        let mut tree_accounts: Vec<_> = tree.accounts().collect();
        tree_accounts.sort_by(|a, b| a.account_code.cmp(&b.account_code));
        let classifiable: Vec<Classifiable> = tree_accounts
            .iter()
            .map(|a| Classifiable {
                account_id: a.account_id,
                parent_id: a.parent_id,
                account_type: a.account_type,
                statement_section: a.statement_section,
                cash_flow_category: a.cash_flow_category,
            })
            .collect();
        let placed = placements(workspace, &classifiable);
        let closing_entries = closing_entries_in(included())?;
        let closing = entries
            .iter()
            .map(|id| closing_entries.contains(id))
            .collect();
        let fiscal_accounts: Vec<FiscalAccount> = tree_accounts
            .iter()
            .map(|a| FiscalAccount {
                id: a.account_id.to_string(),
                name: a.name.clone(),
                account_type: Some(a.account_type),
                archived: a.archived,
            })
            .collect();
        let fiscal = FiscalSettings::of(
            workspace_id,
            tree.fiscal_year_start_month(),
            &fiscal_accounts,
        );
        let accounts = tree_accounts
            .iter()
            .map(|a| {
                let place = placed.get(&a.account_id);
                StatementAccount {
                    id: a.account_id.to_string(),
                    code: a.account_code.clone(),
                    name: a.name.clone(),
                    account_type: Some(a.account_type),
                    parent_id: a.parent_id.map(|p| p.to_string()),
                    section: place.map(|p| p.statement_section),
                    category: place.map(|p| p.cash_flow_category),
                }
            })
            .collect();
        Ok(Books {
            accounts,
            fiscal,
            known_at: Some(KnownAt {
                known_at: known_at.to_rfc3339_opts(SecondsFormat::Micros, true),
                chain_seq: last.map_or(0, |e| e.chain_seq),
                head_hash: last
                    .map_or_else(|| store::hash::GENESIS_HASH.to_owned(), |e| e.hash.clone()),
            }),
            source: Source::Replayed { lines, closing },
        })
    }

    /// Per account, the totals of every posting dated on or before `as_of` (`None`:
    /// before any date, so nothing).
    pub(crate) async fn sums(
        &self,
        as_of: Option<NaiveDate>,
    ) -> Result<HashMap<String, Tally>, ApiError> {
        match &self.source {
            Source::ReadModel { db, workspace_id } => {
                sums_as_of(db, workspace_id, as_of, None).await
            }
            Source::Replayed { lines, .. } => {
                let mut out: HashMap<String, Tally> = HashMap::new();
                let Some(as_of) = as_of else {
                    return Ok(out);
                };
                for (date, account, debit, credit) in lines {
                    if *date <= as_of {
                        let tally = out.entry(account.clone()).or_default();
                        tally.debit += debit;
                        tally.credit += credit;
                        tally.postings += 1;
                    }
                }
                Ok(out)
            }
        }
    }

    /// [`Self::sums`] after the virtual close at `as_of`: income and expense of earlier
    /// fiscal years moved to retained earnings (see `accounting::fiscal`).
    pub(crate) async fn closed_sums(
        &self,
        as_of: NaiveDate,
    ) -> Result<HashMap<String, Tally>, ApiError> {
        let mut now = self.sums(Some(as_of)).await?;
        let before = self.sums(self.fiscal.year_start(as_of).pred_opt()).await?;
        self.fiscal.close_into(&mut now, &before);
        Ok(now)
    }

    /// Per account, the totals of the postings dated from `from` to `to`, both included,
    /// less closing entries and their reversals: a period's income and expense are what
    /// the business earned and spent, not the close that moved them to retained earnings.
    pub(crate) async fn movements(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<HashMap<String, Tally>, ApiError> {
        let mut out = self.sums(Some(to)).await?;
        let closing = match &self.source {
            Source::ReadModel { db, workspace_id } => {
                closing_movements(db, workspace_id, from, to).await?
            }
            Source::Replayed { lines, closing } => {
                let mut out: HashMap<String, Tally> = HashMap::new();
                for ((date, account, debit, credit), _) in
                    lines.iter().zip(closing).filter(|(_, closing)| **closing)
                {
                    if (from..=to).contains(date) {
                        let tally = out.entry(account.clone()).or_default();
                        tally.debit += debit;
                        tally.credit += credit;
                        tally.postings += 1;
                    }
                }
                out
            }
        };
        for (account, before) in self.sums(from.pred_opt()).await?.into_iter().chain(closing) {
            let entry = out.entry(account).or_default();
            entry.debit -= before.debit;
            entry.credit -= before.credit;
            entry.postings -= before.postings;
        }
        Ok(out)
    }
}

/// The closing entries, and the entries reversing them, that `events` name.
fn closing_entries_in<'e>(
    events: impl Iterator<Item = &'e store::RecordedEvent>,
) -> Result<HashSet<JournalEntryId>, ApiError> {
    let upcasters = event_schemas::account_tree::upcasters();
    let mut out = HashSet::new();
    for event in events.filter(|e| {
        e.aggregate_type == event_schemas::account_tree::AGGREGATE_TYPE
            && matches!(
                e.event_type.as_str(),
                "FiscalYearClosed" | "FiscalYearReopened"
            )
    }) {
        match projections::decode::decode(event, &upcasters).map_err(ApiError::internal)? {
            AccountTreeEvent::FiscalYearClosed(e) => out.extend(e.closing_entry_id),
            AccountTreeEvent::FiscalYearReopened(e) => out.extend(e.reversal_entry_id),
            _ => {}
        }
    }
    Ok(out)
}

/// A parse of the optional `as_known_at` parameter (RFC 3339).
pub(crate) fn known_at_param(raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ApiError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(text) => DateTime::parse_from_rfc3339(text)
            .map(|t| Some(t.with_timezone(&Utc)))
            .map_err(|_| {
                ApiError::field(
                    "as_known_at",
                    "Enter a time as RFC 3339, e.g. 2026-12-31T18:00:00Z.",
                )
            }),
    }
}
