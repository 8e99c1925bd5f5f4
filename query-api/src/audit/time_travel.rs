//! Time travel over the immutable log: the trial balance and the general ledger "as of"
//! an effective date and "as known at" a recorded time (the books exactly as they stood
//! at that moment — what a signed-off audit saw), the trial balance compared between two
//! knowledge times with the entries that moved each account, every change recorded
//! between two knowledge times, and the changes after a period's close. Each replays the
//! workspace's hash chain ([`super::chain`]) on purpose: read models hold only the present.

use std::collections::{BTreeMap, HashMap, HashSet};

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::pagination::{Page, PageParams, Paginated};
use api_core::{ApiError, AppState};
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::{DateTime, NaiveDate, SecondsFormat, Utc};
use domain::account_tree::{Account, AccountTree};
use domain::permissions::Action;
use event_schemas::account_tree::AccountType;
use event_schemas::journal_entry::JournalEntryPosted;
use event_schemas::{AccountId, JournalEntryId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use store::RecordedEvent;
use utoipa::ToSchema;

use super::chain::{replay, whole_chain};
use crate::accounting::general_ledger::{GeneralLedger, LedgerPosting};
use crate::accounting::{NORMAL_CREDIT, NORMAL_DEBIT};

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
    api_core::time::optional_date(field, raw)
}

fn iso(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Micros, true)
}

fn iso_micros(micros: i64) -> String {
    iso(DateTime::from_timestamp_micros(micros).unwrap_or_default())
}

fn amount(value: Decimal) -> String {
    format!("{value:.2}")
}

#[derive(Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    debit: Decimal,
    credit: Decimal,
}

impl Tally {
    fn add(&mut self, debit: Decimal, credit: Decimal) {
        self.debit += debit;
        self.credit += credit;
    }

    /// The balance on `normal`'s side: debit minus credit for debit-normal accounts.
    fn balance(self, normal: &str) -> Decimal {
        if normal == NORMAL_CREDIT {
            self.credit - self.debit
        } else {
            self.debit - self.credit
        }
    }
}

fn normal_of(account: &Account) -> &'static str {
    if account.account_type.is_debit_normal() {
        NORMAL_DEBIT
    } else {
        NORMAL_CREDIT
    }
}

/// A posted entry and the chain event that recorded it.
type Posted<'a> = (JournalEntryPosted, &'a RecordedEvent);

/// The books as the log held them at a knowledge time.
struct Books<'a> {
    tree: AccountTree,
    /// Every posted entry recorded by then, in chain order.
    posted: Vec<Posted<'a>>,
    /// The last event the knowledge time includes: the proof of what was read.
    last: Option<&'a RecordedEvent>,
}

impl Books<'_> {
    fn chain_seq(&self) -> i64 {
        self.last.map_or(0, |e| e.chain_seq)
    }

    fn head_hash(&self) -> String {
        self.last
            .map_or_else(|| store::hash::GENESIS_HASH.to_owned(), |e| e.hash.clone())
    }

    /// The tree's accounts in code order.
    fn accounts(&self) -> Vec<&Account> {
        let mut accounts: Vec<_> = self.tree.accounts().collect();
        accounts.sort_by(|a, b| a.account_code.cmp(&b.account_code));
        accounts
    }
}

/// Replays the chain's events recorded at or before `known_at` (microseconds).
fn books_known_at(events: &[RecordedEvent], known_at: i64) -> Result<Books<'_>, ApiError> {
    let mut posted = Vec::new();
    let included = || events.iter().filter(|e| e.recorded_at <= known_at);
    let tree = replay(included(), |p, event| posted.push((p, event)))?;
    Ok(Books {
        tree,
        posted,
        last: included().next_back(),
    })
}

/// Per account, the debits and credits of the `posted` entries dated on or before `as_of`.
fn tallies(posted: &[Posted<'_>], as_of: NaiveDate) -> HashMap<AccountId, Tally> {
    let mut out: HashMap<AccountId, Tally> = HashMap::new();
    for (p, _) in posted.iter().filter(|(p, _)| p.date <= as_of) {
        for line in &p.lines {
            out.entry(line.account_id)
                .or_default()
                .add(line.debit, line.credit);
        }
    }
    out
}

/// Parses `as_of` (today when absent) and `known_at` (now when absent).
fn as_of_known_at(
    as_of: Option<&str>,
    known_at: Option<&str>,
) -> Result<(NaiveDate, DateTime<Utc>), ApiError> {
    let as_of = day("as_of", as_of)?.unwrap_or_else(|| Utc::now().date_naive());
    let known_at = moment("known_at", known_at)?.unwrap_or_else(Utc::now);
    Ok((as_of, known_at))
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
    responses((status = 200, body = Data<KnownTrialBalance>), (status = 400), (status = 403)))]
pub async fn trial_balance_known_at(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<KnownAtParams>,
) -> Result<Json<Data<KnownTrialBalance>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let (as_of, known_at) = as_of_known_at(params.as_of.as_deref(), params.known_at.as_deref())?;
    let events = whole_chain(&state.store, &workspace_id).await?;
    let books = books_known_at(&events, known_at.timestamp_micros())?;
    let tallies = tallies(&books.posted, as_of);
    let mut rows = Vec::new();
    let mut totals = Tally::default();
    for account in books.accounts() {
        let Some(tally) = tallies.get(&account.account_id) else {
            continue;
        };
        totals.add(tally.debit, tally.credit);
        rows.push(KnownBalanceRow {
            account_id: account.account_id.to_string(),
            account_code: account.account_code.clone(),
            name: account.name.clone(),
            account_type: account.account_type,
            debit: amount(tally.debit),
            credit: amount(tally.credit),
            balance: amount(tally.balance(normal_of(account))),
        });
    }
    let entries = books.posted.iter().filter(|(p, _)| p.date <= as_of).count();
    Ok(ok(KnownTrialBalance {
        as_of,
        known_at: iso(known_at),
        entries,
        rows,
        totals: DebitCredit::of(totals.debit, totals.credit),
        balanced: totals.debit == totals.credit,
        chain_seq: books.chain_seq(),
        head_hash: books.head_hash(),
    }))
}

/// Debit and credit totals.
#[derive(Debug, Serialize, ToSchema)]
pub struct DebitCredit {
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
}

impl DebitCredit {
    fn of(debit: Decimal, credit: Decimal) -> Self {
        Self {
            debit: amount(debit),
            credit: amount(credit),
        }
    }
}

/// An account with postings, as known at the time.
#[derive(Debug, Serialize, ToSchema)]
pub struct KnownBalanceRow {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    /// `asset`, `liability`, `equity`, `income` or `expense`.
    #[schema(value_type = String)]
    pub account_type: AccountType,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    /// In the account's normal direction.
    #[schema(value_type = api_core::openapi::Money)]
    pub balance: String,
}

/// The trial balance as of an effective date as known at a recorded time, and the chain
/// position and hash of the last event that time includes.
#[derive(Debug, Serialize, ToSchema)]
pub struct KnownTrialBalance {
    pub as_of: NaiveDate,
    pub known_at: String,
    /// Posted entries counted.
    pub entries: usize,
    pub rows: Vec<KnownBalanceRow>,
    pub totals: DebitCredit,
    pub balanced: bool,
    pub chain_seq: i64,
    pub head_hash: String,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct LedgerKnownAtParams {
    /// One account (with its sub-accounts, as the chart stood then); all when absent.
    pub account_id: Option<String>,
    /// Effective dates, `YYYY-MM-DD`, both inclusive.
    pub from: Option<String>,
    pub to: Option<String>,
    /// Recorded time, RFC 3339 (now when absent).
    pub known_at: Option<String>,
    pub page: Option<String>,
    pub page_size: Option<String>,
}

/// The account and every account under it in `tree`.
fn subtree(tree: &AccountTree, root: AccountId) -> Vec<AccountId> {
    let mut out = vec![root];
    let mut next = 0;
    while let Some(id) = out.get(next).copied() {
        out.extend(tree.children(id).map(|child| child.account_id));
        next += 1;
    }
    out
}

/// The general ledger as it stood at `known_at`, in the accounting ledger's shape and
/// paging: postings in date, entry-number, line order with running balances, the
/// opening balance before `from` and the closing balance at `to`.
fn ledger_known_at(
    books: &Books<'_>,
    account_id: Option<&str>,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    page: Page,
) -> Result<GeneralLedger, ApiError> {
    let (set, normal) = match account_id {
        Some(raw) => {
            let account = raw
                .trim()
                .parse::<AccountId>()
                .ok()
                .and_then(|id| books.tree.account(id))
                .ok_or_else(|| {
                    ApiError::field("account_id", "No such account in this workspace then.")
                })?;
            (
                Some(subtree(&books.tree, account.account_id)),
                normal_of(account),
            )
        }
        None => (None, NORMAL_DEBIT),
    };
    let in_set = |id: AccountId| set.as_ref().is_none_or(|s| s.contains(&id));
    let mut lines: Vec<(&JournalEntryPosted, &RecordedEvent, usize)> = books
        .posted
        .iter()
        .flat_map(|(p, e)| {
            p.lines
                .iter()
                .enumerate()
                .filter(|(_, line)| in_set(line.account_id))
                .map(move |(i, _)| (p, *e, i))
        })
        .filter(|(p, _, _)| to.is_none_or(|to| p.date <= to))
        .collect();
    lines.sort_by_key(|(p, _, i)| (p.date, p.entry_sequence, *i));
    let before = |p: &JournalEntryPosted| from.is_some_and(|from| p.date < from);
    let split = lines.partition_point(|(p, _, _)| before(p));
    let mut opening = Tally::default();
    for (p, _, i) in &lines[..split] {
        opening.add(p.lines[*i].debit, p.lines[*i].credit);
    }
    let in_range = &lines[split..];
    let mut closing = opening;
    for (p, _, i) in in_range {
        closing.add(p.lines[*i].debit, p.lines[*i].credit);
    }
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let mut running = opening;
    for (p, _, i) in in_range.iter().take(offset) {
        running.add(p.lines[*i].debit, p.lines[*i].credit);
    }
    let limit = usize::try_from(page.limit()).unwrap_or(0);
    let mut postings = Vec::new();
    for (p, event, i) in in_range.iter().skip(offset).take(limit) {
        let line = &p.lines[*i];
        running.add(line.debit, line.credit);
        let account = books.tree.account(line.account_id);
        postings.push(LedgerPosting {
            entry_id: p.journal_entry_id.to_string(),
            entry_number: p.entry_number.clone(),
            date: p.date,
            line_index: i64::try_from(*i).unwrap_or(i64::MAX),
            account_id: line.account_id.to_string(),
            account_code: account.map(|a| a.account_code.clone()).unwrap_or_default(),
            account_name: account.map(|a| a.name.clone()).unwrap_or_default(),
            description: line.description.clone(),
            memo: p.memo.clone(),
            reference: p.reference.clone(),
            debit: amount(line.debit),
            credit: amount(line.credit),
            running_balance: amount(running.balance(normal)),
            reverses: p.reverses.map(|id| id.to_string()),
            recorded_at: event.recorded_at_utc(),
            // Time travel shows the books as they stood; evidence is listed by the
            // audit views themselves.
            documents: Vec::new(),
        });
    }
    let count = i64::try_from(in_range.len()).unwrap_or(i64::MAX);
    Ok(GeneralLedger {
        account_id: account_id.map(|id| id.trim().to_owned()),
        from,
        to,
        normal_balance: normal.to_owned(),
        opening_balance: amount(opening.balance(normal)),
        closing_balance: amount(closing.balance(normal)),
        total_debit: amount(closing.debit - opening.debit),
        total_credit: amount(closing.credit - opening.credit),
        postings: Paginated::new(postings, count, page),
    })
}

/// The general ledger as known at a recorded time: the accounting general ledger's
/// answer and paging (`data`, `count`, `page`, `page_size`, `total_pages`, balances), read
/// from the log as it stood then, with the knowledge time and the chain head it read.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/general-ledger/", tag = "audit",
    params(("workspace_id" = String, Path), LedgerKnownAtParams),
    responses((status = 200, body = Data<KnownGeneralLedger>), (status = 400), (status = 403)))]
pub async fn general_ledger_known_at(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<LedgerKnownAtParams>,
) -> Result<Json<Data<KnownGeneralLedger>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let page = PageParams {
        page: params.page,
        page_size: params.page_size,
    }
    .validate()?;
    let from = day("from", params.from.as_deref())?;
    let to = day("to", params.to.as_deref())?;
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            return Err(ApiError::field("to", "Must be on or after from."));
        }
    }
    let known_at = moment("known_at", params.known_at.as_deref())?.unwrap_or_else(Utc::now);
    let account = params.account_id.filter(|id| !id.trim().is_empty());
    let events = whole_chain(&state.store, &workspace_id).await?;
    let books = books_known_at(&events, known_at.timestamp_micros())?;
    let ledger = ledger_known_at(&books, account.as_deref(), from, to, page)?;
    Ok(ok(KnownGeneralLedger {
        ledger,
        known_at: iso(known_at),
        chain_seq: books.chain_seq(),
        head_hash: books.head_hash(),
    }))
}

/// The general ledger as it stood at a knowledge time, with the chain head it read.
#[derive(Debug, Serialize, ToSchema)]
pub struct KnownGeneralLedger {
    #[serde(flatten)]
    pub ledger: GeneralLedger,
    pub known_at: String,
    pub chain_seq: i64,
    pub head_hash: String,
}

/// One posted entry as a change lists it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChangedEntry {
    pub entry_id: String,
    pub entry_number: String,
    pub date: NaiveDate,
    pub memo: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total: String,
    /// The entry this one reverses; `null` for an ordinary entry.
    pub reverses: Option<String>,
    pub recorded_at: String,
    pub posted_by: String,
    pub chain_seq: i64,
}

fn changed_entry(p: &JournalEntryPosted, event: &RecordedEvent) -> ChangedEntry {
    ChangedEntry {
        entry_id: p.journal_entry_id.to_string(),
        entry_number: p.entry_number.clone(),
        date: p.date,
        memo: p.memo.clone(),
        total: amount(p.total),
        reverses: p.reverses.map(|id| id.to_string()),
        recorded_at: iso_micros(event.recorded_at),
        posted_by: p.posted_by.to_string(),
        chain_seq: event.chain_seq,
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CompareParams {
    /// Effective date, `YYYY-MM-DD` (today when absent).
    pub as_of: Option<String>,
    /// The earlier knowledge time, RFC 3339, e.g. the sign-off.
    pub from: Option<String>,
    /// The later knowledge time, RFC 3339; now when absent.
    pub to: Option<String>,
}

/// The trial balance as of one effective date compared between two knowledge times: per
/// account its balance as known at `from`, at `to`, the difference, and the entries
/// recorded in between (dated on or before `as_of`) that made it.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/compare/", tag = "audit",
    params(("workspace_id" = String, Path), CompareParams),
    responses((status = 200, body = Data<KnownComparison>), (status = 400), (status = 403)))]
pub async fn compare_known_at(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<CompareParams>,
) -> Result<Json<Data<KnownComparison>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let as_of = day("as_of", params.as_of.as_deref())?.unwrap_or_else(|| Utc::now().date_naive());
    let (from, to) = knowledge_span(params.from.as_deref(), params.to.as_deref())?;
    let from_us = from.timestamp_micros();
    let events = whole_chain(&state.store, &workspace_id).await?;
    let earlier = books_known_at(&events, from_us)?;
    let later = books_known_at(&events, to.timestamp_micros())?;
    let before = tallies(&earlier.posted, as_of);
    let after = tallies(&later.posted, as_of);
    let mut moved: HashMap<AccountId, Vec<MovingEntry>> = HashMap::new();
    for (p, event) in later
        .posted
        .iter()
        .filter(|(p, e)| e.recorded_at > from_us && p.date <= as_of)
    {
        let touched: HashSet<AccountId> = p.lines.iter().map(|l| l.account_id).collect();
        for account in touched {
            let (debit, credit) = p
                .lines
                .iter()
                .filter(|l| l.account_id == account)
                .fold((Decimal::ZERO, Decimal::ZERO), |(d, c), l| {
                    (d + l.debit, c + l.credit)
                });
            moved.entry(account).or_default().push(MovingEntry {
                entry: changed_entry(p, event),
                amounts: DebitCredit::of(debit, credit),
            });
        }
    }
    let mut rows = Vec::new();
    let mut changed = 0;
    for account in later.accounts() {
        let id = account.account_id;
        let (a, b) = (before.get(&id), after.get(&id));
        if a.is_none() && b.is_none() {
            continue;
        }
        let normal = normal_of(account);
        let balance_a = a.copied().unwrap_or_default().balance(normal);
        let balance_b = b.copied().unwrap_or_default().balance(normal);
        let entries = moved.remove(&id).unwrap_or_default();
        if !entries.is_empty() {
            changed += 1;
        }
        rows.push(ComparedAccount {
            account_id: id.to_string(),
            account_code: account.account_code.clone(),
            name: account.name.clone(),
            account_type: account.account_type,
            balance_from: amount(balance_a),
            balance_to: amount(balance_b),
            difference: amount(balance_b - balance_a),
            entries,
        });
    }
    Ok(ok(KnownComparison {
        as_of,
        from: iso(from),
        to: iso(to),
        from_chain_seq: earlier.chain_seq(),
        to_chain_seq: later.chain_seq(),
        from_head_hash: earlier.head_hash(),
        to_head_hash: later.head_hash(),
        accounts_changed: changed,
        rows,
    }))
}

/// An entry recorded between the two knowledge times, with what it moved on one account.
#[derive(Debug, Serialize, ToSchema)]
pub struct MovingEntry {
    #[serde(flatten)]
    pub entry: ChangedEntry,
    /// The entry's debits and credits on this account.
    #[serde(flatten)]
    pub amounts: DebitCredit,
}

/// One account's balance as known at each of the two times.
#[derive(Debug, Serialize, ToSchema)]
pub struct ComparedAccount {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    /// `asset`, `liability`, `equity`, `income` or `expense`.
    #[schema(value_type = String)]
    pub account_type: AccountType,
    /// In the account's normal direction, as known at `from`.
    #[schema(value_type = api_core::openapi::Money)]
    pub balance_from: String,
    /// As known at `to`.
    #[schema(value_type = api_core::openapi::Money)]
    pub balance_to: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub difference: String,
    /// The entries recorded in between that moved it.
    pub entries: Vec<MovingEntry>,
}

/// The trial balance as of one date compared between two knowledge times, with the chain
/// head each time read.
#[derive(Debug, Serialize, ToSchema)]
pub struct KnownComparison {
    pub as_of: NaiveDate,
    pub from: String,
    pub to: String,
    pub from_chain_seq: i64,
    pub to_chain_seq: i64,
    pub from_head_hash: String,
    pub to_head_hash: String,
    /// Accounts some entry recorded in between moved.
    pub accounts_changed: usize,
    pub rows: Vec<ComparedAccount>,
}

/// `from` (required) and `to` (now when absent), `to` on or after `from`.
fn knowledge_span(
    from: Option<&str>,
    to: Option<&str>,
) -> Result<(DateTime<Utc>, DateTime<Utc>), ApiError> {
    let from = moment("from", from)?
        .ok_or_else(|| ApiError::field("from", "Name the time to compare from."))?;
    let to = moment("to", to)?.unwrap_or_else(Utc::now);
    if to < from {
        return Err(ApiError::field("to", "Must be on or after from."));
    }
    Ok((from, to))
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
/// the net effect of the postings per account.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/changes/", tag = "audit",
    params(("workspace_id" = String, Path), ChangesParams),
    responses((status = 200, body = Data<ChangesBetween>), (status = 400), (status = 403)))]
pub async fn changes_between(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<ChangesParams>,
) -> Result<Json<Data<ChangesBetween>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let (from, to) = knowledge_span(params.from.as_deref(), params.to.as_deref())?;
    let (from_us, to_us) = (from.timestamp_micros(), to.timestamp_micros());
    let events = whole_chain(&state.store, &workspace_id).await?;
    let between = || {
        events
            .iter()
            .filter(|e| e.recorded_at > from_us && e.recorded_at <= to_us)
    };
    let mut net: BTreeMap<AccountId, Tally> = BTreeMap::new();
    replay(between(), |p, _| {
        for line in &p.lines {
            net.entry(line.account_id)
                .or_default()
                .add(line.debit, line.credit);
        }
    })?;
    let changes = between()
        .map(|event| RecordedChange {
            position: event.global_position,
            chain_seq: event.chain_seq,
            recorded_at: iso_micros(event.recorded_at),
            event_type: event.event_type.clone(),
            aggregate_id: event.aggregate_id.clone(),
            actor_id: event.metadata_str(store::metadata_keys::ACTOR_ID),
            effective_date: event.payload.str_field("date"),
            summary: projections::activity_log::event_summary(event),
        })
        .collect();
    let net = net
        .into_iter()
        .map(|(account_id, t)| NetChange {
            account_id: account_id.to_string(),
            amounts: DebitCredit::of(t.debit, t.credit),
        })
        .collect();
    Ok(ok(ChangesBetween {
        from: iso(from),
        to: iso(to),
        changes,
        net_by_account: net,
    }))
}

/// One change recorded between the two times.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordedChange {
    pub position: i64,
    pub chain_seq: i64,
    pub recorded_at: String,
    pub event_type: String,
    pub aggregate_id: String,
    pub actor_id: Option<String>,
    /// The entry's effective date, for entries.
    pub effective_date: Option<String>,
    pub summary: String,
}

/// The net effect of the postings between the two times on one account.
#[derive(Debug, Serialize, ToSchema)]
pub struct NetChange {
    pub account_id: String,
    #[serde(flatten)]
    pub amounts: DebitCredit,
}

/// Everything recorded between two knowledge times.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChangesBetween {
    pub from: String,
    pub to: String,
    pub changes: Vec<RecordedChange>,
    pub net_by_account: Vec<NetChange>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AfterCloseParams {
    /// The closed period, `YYYY-MM-DD`; its start is optional (everything before its end).
    pub period_start: Option<String>,
    pub period_end: Option<String>,
    /// When the period was closed (RFC 3339), e.g. the sign-off.
    pub closed_at: Option<String>,
}

/// Why an entry recorded after the close concerns the closed period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AfterClose {
    /// Dated inside the period: it changes the period's balances.
    BackDated,
    /// Reverses an entry of the period, dated inside it: changes the balances too.
    ReversalInPeriod,
    /// Reverses an entry of the period but is dated after it: the period's balances
    /// stand, but what was audited has been undone since.
    ReversalAfterPeriod,
}

/// The changes-after-close report: every entry recorded after the period was closed that
/// affects it — entries dated inside the period (back-dated) and reversals of the
/// period's entries, wherever they are dated — with who posted it, when, how late, and
/// the net change to the period's balances per account.
#[utoipa::path(get, path = "/api/v1/audit/workspaces/{workspace_id}/time-travel/after-close/", tag = "audit",
    params(("workspace_id" = String, Path), AfterCloseParams),
    responses((status = 200, body = Data<ChangesAfterClose>), (status = 400), (status = 403)))]
pub async fn changes_after_close(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
    Query(params): Query<AfterCloseParams>,
) -> Result<Json<Data<ChangesAfterClose>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let start = day("period_start", params.period_start.as_deref())?;
    let end = day("period_end", params.period_end.as_deref())?
        .ok_or_else(|| ApiError::field("period_end", "Name the last day of the closed period."))?;
    if start.is_some_and(|start| start > end) {
        return Err(ApiError::field(
            "period_end",
            "The period must end on or after its start.",
        ));
    }
    let closed_at = moment("closed_at", params.closed_at.as_deref())?
        .ok_or_else(|| ApiError::field("closed_at", "Name when the period was closed."))?;
    let closed_us = closed_at.timestamp_micros();
    let in_period = |date: NaiveDate| start.is_none_or(|s| s <= date) && date <= end;
    let events = whole_chain(&state.store, &workspace_id).await?;
    let books = books_known_at(&events, i64::MAX)?;
    let dates: HashMap<JournalEntryId, NaiveDate> = books
        .posted
        .iter()
        .map(|(p, _)| (p.journal_entry_id, p.date))
        .collect();
    let mut entries = Vec::new();
    let mut net: HashMap<AccountId, Tally> = HashMap::new();
    for (p, event) in books
        .posted
        .iter()
        .filter(|(_, e)| e.recorded_at > closed_us)
    {
        let reverses_period = p
            .reverses
            .and_then(|id| dates.get(&id))
            .is_some_and(|date| in_period(*date));
        let kind = match (in_period(p.date), reverses_period) {
            (true, true) => AfterClose::ReversalInPeriod,
            (true, false) => AfterClose::BackDated,
            (false, true) => AfterClose::ReversalAfterPeriod,
            (false, false) => continue,
        };
        if in_period(p.date) {
            for line in &p.lines {
                net.entry(line.account_id)
                    .or_default()
                    .add(line.debit, line.credit);
            }
        }
        let late_days = (event.recorded_at_utc().date_naive() - end).num_days();
        entries.push(LateEntry {
            entry: changed_entry(p, event),
            kind,
            days_after_period_end: late_days,
        });
    }
    let net = books
        .accounts()
        .into_iter()
        .filter_map(|account| {
            let tally = net.get(&account.account_id)?;
            Some(PeriodChange {
                account_id: account.account_id.to_string(),
                account_code: account.account_code.clone(),
                name: account.name.clone(),
                amounts: DebitCredit::of(tally.debit, tally.credit),
                balance_change: amount(tally.balance(normal_of(account))),
            })
        })
        .collect();
    Ok(ok(ChangesAfterClose {
        period_start: start,
        period_end: end,
        closed_at: iso(closed_at),
        entries,
        net_by_account: net,
    }))
}

/// An entry recorded after the close that concerns the closed period.
#[derive(Debug, Serialize, ToSchema)]
pub struct LateEntry {
    #[serde(flatten)]
    pub entry: ChangedEntry,
    pub kind: AfterClose,
    /// Days from the period's end to the day the entry was recorded.
    pub days_after_period_end: i64,
}

/// What the late entries changed on one account of the closed period.
#[derive(Debug, Serialize, ToSchema)]
pub struct PeriodChange {
    pub account_id: String,
    pub account_code: String,
    pub name: String,
    #[serde(flatten)]
    pub amounts: DebitCredit,
    /// In the account's normal direction.
    #[schema(value_type = api_core::openapi::Money)]
    pub balance_change: String,
}

/// The changes-after-close report.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChangesAfterClose {
    pub period_start: Option<NaiveDate>,
    pub period_end: NaiveDate,
    pub closed_at: String,
    pub entries: Vec<LateEntry>,
    pub net_by_account: Vec<PeriodChange>,
}
