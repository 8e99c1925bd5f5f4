//! Time travel over the immutable log: the trial balance "as of" an effective date and
//! "as known at" a recorded time (the books exactly as they stood at that moment — what a
//! signed-off audit saw), and every change recorded between two knowledge times (what
//! moved after close). Both replay the workspace's hash chain on purpose: read models hold
//! only the present.

use std::collections::BTreeMap;

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::error::data;
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::Aggregate;
use domain::account_tree::AccountTree;
use domain::permissions::Action;
use event_schemas::account_tree::{AccountTreeEvent, AccountType};
use event_schemas::journal_entry::JournalEntryEvent;
use rust_decimal::Decimal;
use serde::Deserialize;
use serde_json::{json, Value};
use store::RecordedEvent;

use super::report::chain_until;

fn moment(field: &str, raw: Option<&str>) -> Result<Option<DateTime<Utc>>, ApiError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(text) => DateTime::parse_from_rfc3339(text)
            .map(|t| Some(t.with_timezone(&Utc)))
            .map_err(|_| {
                ApiError::field(
                    field,
                    "Enter a time as RFC 3339, e.g. 2026-12-31T18:00:00Z.",
                )
            }),
    }
}

fn day(field: &str, raw: Option<&str>) -> Result<Option<NaiveDate>, ApiError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ApiError::field(field, "Enter a date as YYYY-MM-DD.")),
    }
}

fn normal_is_debit(kind: AccountType) -> bool {
    matches!(kind, AccountType::Asset | AccountType::Expense)
}

#[derive(Default, Clone, Copy)]
struct Tally {
    debit: Decimal,
    credit: Decimal,
}

/// The books as a replay up to a knowledge time left them.
struct Replayed<'a> {
    tree: AccountTree,
    tallies: BTreeMap<String, Tally>,
    entries: usize,
    /// The last event the knowledge time includes.
    last: Option<&'a RecordedEvent>,
}

/// Replays `events` (chain order) recorded at or before `known_at`: the account tree as it
/// stood then, and per account the postings dated on or before `as_of`.
fn replay(
    events: &[RecordedEvent],
    known_at: i64,
    as_of: NaiveDate,
) -> Result<Replayed<'_>, ApiError> {
    let mut tree = AccountTree::default();
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut entries = 0;
    let mut last = None;
    let tree_upcasters = event_schemas::account_tree::upcasters();
    let entry_upcasters = event_schemas::journal_entry::upcasters();
    for event in events.iter().filter(|e| e.recorded_at <= known_at) {
        last = Some(event);
        match event.aggregate_type.as_str() {
            event_schemas::account_tree::AGGREGATE_TYPE => {
                let decoded: AccountTreeEvent = projections::decode::decode(event, &tree_upcasters)
                    .map_err(ApiError::internal)?;
                tree.apply(decoded);
            }
            event_schemas::journal_entry::AGGREGATE_TYPE
                if event.event_type == "JournalEntryPosted" =>
            {
                let decoded: JournalEntryEvent =
                    projections::decode::decode(event, &entry_upcasters)
                        .map_err(ApiError::internal)?;
                if let JournalEntryEvent::JournalEntryPosted(p) = decoded {
                    if p.date <= as_of {
                        entries += 1;
                        for line in &p.lines {
                            let tally = tallies.entry(line.account_id.to_string()).or_default();
                            tally.debit += line.debit;
                            tally.credit += line.credit;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(Replayed {
        tree,
        tallies,
        entries,
        last,
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct KnownAtParams {
    /// Effective date, `YYYY-MM-DD` (today when absent).
    pub as_of: Option<String>,
    /// Recorded time, RFC 3339 (now when absent): only what the log held then counts.
    pub known_at: Option<String>,
}

/// The trial balance as of an effective date, as known at a recorded time: accounts with
/// postings, their debits, credits and balance, the totals, and the chain position and
/// hash of the last event that time includes (the proof of what was read).
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/trial-balance/", tag = "audit",
    params(("workspace_id" = String, Path), KnownAtParams),
    responses((status = 200), (status = 400), (status = 403)))]
pub async fn trial_balance_known_at(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<KnownAtParams>,
) -> Result<Json<Value>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let as_of = day("as_of", params.as_of.as_deref())?.unwrap_or_else(|| Utc::now().date_naive());
    let known_at = moment("known_at", params.known_at.as_deref())?.unwrap_or_else(Utc::now);
    let events = chain_until(&state.store, &workspace_id, i64::MAX).await?;
    let Replayed {
        tree,
        tallies,
        entries,
        last,
    } = replay(&events, known_at.timestamp_micros(), as_of)?;
    let mut rows = Vec::new();
    let (mut debits, mut credits) = (Decimal::ZERO, Decimal::ZERO);
    let mut accounts: Vec<_> = tree.accounts().collect();
    accounts.sort_by(|a, b| a.account_code.cmp(&b.account_code));
    for account in accounts {
        let Some(tally) = tallies.get(&account.account_id.to_string()) else {
            continue;
        };
        debits += tally.debit;
        credits += tally.credit;
        let balance = if normal_is_debit(account.account_type) {
            tally.debit - tally.credit
        } else {
            tally.credit - tally.debit
        };
        rows.push(json!({
            "account_id": account.account_id,
            "account_code": account.account_code,
            "name": account.name,
            "account_type": account.account_type,
            "debit": format!("{:.2}", tally.debit),
            "credit": format!("{:.2}", tally.credit),
            "balance": format!("{:.2}", balance),
        }));
    }
    Ok(data(json!({
        "as_of": as_of,
        "known_at": known_at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        "entries": entries,
        "rows": rows,
        "totals": {"debit": format!("{:.2}", debits), "credit": format!("{:.2}", credits)},
        "balanced": debits == credits,
        "chain_seq": last.map_or(0, |e| e.chain_seq),
        "head_hash": last.map_or_else(|| store::hash::GENESIS_HASH.to_owned(), |e| e.hash.clone()),
    })))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ChangesParams {
    /// Recorded after this time (RFC 3339), e.g. the close or a sign-off.
    pub from: Option<String>,
    /// Recorded at or before this time (RFC 3339); now when absent.
    pub to: Option<String>,
}

/// Everything recorded between two knowledge times — entries posted (including
/// back-dated ones), reversals, chart changes, lock-date moves — with who and when, and
/// the net effect of the postings per account: the changes-after-close report.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/changes/", tag = "audit",
    params(("workspace_id" = String, Path), ChangesParams),
    responses((status = 200), (status = 400), (status = 403)))]
pub async fn changes_between(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<ChangesParams>,
) -> Result<Json<Value>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let from = moment("from", params.from.as_deref())?
        .ok_or_else(|| ApiError::field("from", "Name the time to compare from."))?;
    let to = moment("to", params.to.as_deref())?.unwrap_or_else(Utc::now);
    if to < from {
        return Err(ApiError::field("to", "Must be on or after from."));
    }
    let (from_us, to_us) = (from.timestamp_micros(), to.timestamp_micros());
    let events = chain_until(&state.store, &workspace_id, i64::MAX).await?;
    let mut changes = Vec::new();
    let mut net: BTreeMap<String, Tally> = BTreeMap::new();
    let entry_upcasters = event_schemas::journal_entry::upcasters();
    for event in events
        .iter()
        .filter(|e| e.recorded_at > from_us && e.recorded_at <= to_us)
    {
        if event.event_type == "JournalEntryPosted" {
            let decoded: JournalEntryEvent =
                projections::decode::decode(event, &entry_upcasters).map_err(ApiError::internal)?;
            if let JournalEntryEvent::JournalEntryPosted(p) = decoded {
                for line in &p.lines {
                    let tally = net.entry(line.account_id.to_string()).or_default();
                    tally.debit += line.debit;
                    tally.credit += line.credit;
                }
            }
        }
        changes.push(json!({
            "position": event.global_position,
            "chain_seq": event.chain_seq,
            "recorded_at": DateTime::from_timestamp_micros(event.recorded_at)
                .unwrap_or_default()
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            "event_type": event.event_type,
            "aggregate_id": event.aggregate_id,
            "actor_id": event.metadata_str(store::metadata_keys::ACTOR_ID),
            "effective_date": event.payload.get("date"),
            "summary": projections::activity_log::summary(&event.event_type, &event.payload),
        }));
    }
    let net: Vec<Value> = net
        .into_iter()
        .map(|(account_id, t)| {
            json!({"account_id": account_id, "debit": format!("{:.2}", t.debit), "credit": format!("{:.2}", t.credit)})
        })
        .collect();
    Ok(data(json!({
        "from": from.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        "to": to.to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
        "changes": changes,
        "net_by_account": net,
    })))
}
