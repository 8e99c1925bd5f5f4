//! Continuous audit (issue 8, item 2): a reactor that runs the journal-entry tests on
//! new entries of the workspaces that turned monitoring on, keeps the entries scored at
//! or above the workspace's notify band ("flagged since last close") and tells the
//! workspace's Admins about each, before the books close.
//!
//! The same exactly-once pattern as [`crate::notification_rules`]: each notification's id
//! is derived from its rule, its cause and its recipient, so a batch re-run after a crash
//! (or a reactor started over from position 0) appends to streams that already exist and
//! the store refuses the duplicates. The flags, the settings and the checkpoint move in
//! one transaction after the appends.
//!
//! - [`books`]: a workspace's entries and lock date at a log position (its chain,
//!   replayed, and kept between batches).
//! - [`tables`]: the settings in force and the flagged entries.
//!
//! Cost: the tests are population-wide (a duplicate needs its twin, rarity needs the
//! whole history), so an entry is scored against the workspace's whole history. Each
//! batch runs them once per monitored workspace, over the history up to that
//! workspace's last entry in the batch — never once per entry: an import of 10,000 lines
//! is one run, not 10,000. The flag records the position it was scored through
//! (`scored_through`): nothing recorded after it is read, so re-running a batch over the
//! same log gives the same scores. A rebuild reads the log in larger batches than live
//! processing did, so an entry may then be scored together with entries that followed it
//! in the same batch; its notification is still raised once (the id is the entry and its
//! band, not the batch).
//!
//! One notification per escalated entry, not a digest per batch: an Admin acts on an
//! entry (opens it, asks about it), and the notification links to that entry. And an
//! entry's id with its band is the only cause that stays the same however the log is cut
//! into batches (live, one commit at a time, or all at once when starting over), so only
//! per-entry notifications stay exactly-once across re-runs.

pub mod books;
pub mod tables;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::Duration;

use crate::reactor;
use audit::continuous::{escalations, Flag, MonitoringContext};
use audit::{AuditParams, EntryScore, Population, RiskBand};
use domain::continuous_audit::Settings;
use domain::notification::rule_notification_id;
use event_schemas::continuous_audit::{ContinuousAuditEvent, NotifyBand};
use event_schemas::notification::{NotificationCreated, NotificationSubject, Severity};
use event_schemas::{JournalEntryId, NotificationId, UserId};
use store::{Db, EventStore, RecordedEvent};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::checkpoint;
use books::BooksCache;
use tables::{FlagRow, SettingsRow};

/// The checkpoint row's name (listed by `projections status` beside the projectors).
pub const NAME: &str = "continuous_audit";
const VERSION: i64 = 1;
/// Events read per batch.
const BATCH: i64 = 500;
const READ_MODEL_WAIT: Duration = Duration::from_secs(5);
/// A finding naming at most this many entries ties them together (duplicates, a
/// reversal and its original): a new entry in it can raise the others' risk, so they are
/// scored again. Wider findings (digit spikes, clusters) describe the population, not a
/// pair, and would re-announce the whole history the first time monitoring runs.
const TIED_ENTRIES_MAX: usize = 10;
/// The notification kind (the rule); with the entry and band it makes the id.
pub const KIND: &str = "continuous_audit_flag";

/// The reactor.
pub struct ContinuousAudit {
    store: EventStore,
    books: BooksCache,
}

/// New entries of one monitored workspace in a batch, and the settings they are scored
/// with (those in force at the batch's last entry of the workspace).
struct Pending {
    settings: Settings,
    organization_id: Option<String>,
    entries: Vec<JournalEntryId>,
    through: i64,
    recorded_at: i64,
}

impl ContinuousAudit {
    pub fn new(store: EventStore) -> Self {
        Self {
            store,
            books: BooksCache::default(),
        }
    }

    fn db(&self) -> &Db {
        self.store.db()
    }

    /// Creates the tables and, the first time, a checkpoint at the start of the log: the
    /// reactor reads every settings event there is (entries of workspaces not monitored
    /// pass by unscored, so starting over costs one read of the log).
    pub async fn prepare(&self) -> Result<(), store::StoreError> {
        store::migrate::run(self.db(), NAME, tables::MIGRATIONS).await?;
        if checkpoint::load(self.db(), NAME).await?.is_none() {
            let mut tx = self.db().begin_write().await?;
            checkpoint::reset(tx.transaction(), NAME, VERSION).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Empties the tables and sets the checkpoint back to the start: the next steps
    /// replay the log and arrive at the same flags, re-raising no notification.
    pub async fn start_over(&self) -> Result<(), store::StoreError> {
        self.books.clear().await;
        let mut tx = self.db().begin_write().await?;
        for table in tables::TABLES {
            sqlx::query(&format!("DELETE FROM {table}"))
                .execute(&mut *tx)
                .await?;
        }
        checkpoint::reset(tx.transaction(), NAME, VERSION).await?;
        tx.commit().await?;
        Ok(())
    }

    /// [`Self::start_over`], then steps until the log's end: what `projections rebuild`
    /// runs. Answers the batches it took.
    pub async fn rebuild(&self) -> Result<u64, String> {
        self.prepare().await.map_err(|e| e.to_string())?;
        self.start_over().await.map_err(|e| e.to_string())?;
        let mut batches = 0;
        while self.step_batch().await? {
            batches += 1;
        }
        Ok(batches)
    }

    /// Runs until `stop` says so (the shared reactor loop).
    pub fn spawn(self, stop: watch::Receiver<bool>) -> JoinHandle<()> {
        reactor::spawn(self, stop)
    }

    /// One batch; whether there was anything to do.
    pub async fn step_batch(&self) -> Result<bool, String> {
        let cp = checkpoint::load(self.db(), NAME)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("no checkpoint: prepare() was not run")?;
        let events = self
            .store
            .read_log(cp.cursor, BATCH)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = events.last() else {
            return Ok(false);
        };
        let (configured, pending) = self.gather(&events).await?;
        if !pending.is_empty() {
            // The Admins come from the membership read models.
            checkpoint::wait_until(self.db(), "organizations", last.cursor(), READ_MODEL_WAIT)
                .await;
        }
        let mut flags = Vec::new();
        for (workspace, batch) in &pending {
            flags.extend(self.score(workspace, batch).await?);
        }
        let mut tx = self.db().begin_write().await.map_err(|e| e.to_string())?;
        if !checkpoint::advance(
            tx.transaction(),
            NAME,
            cp.cursor,
            last.cursor(),
            events.len() as i64,
        )
        .await
        .map_err(|e| e.to_string())?
        {
            // Another node's reactor moved on meanwhile; its appends had the same ids.
            return Ok(true);
        }
        for row in configured.values() {
            tables::put_settings(tx.transaction(), row)
                .await
                .map_err(|e| e.to_string())?;
        }
        for flag in &flags {
            tables::put_flag(tx.transaction(), &flag.row())
                .await
                .map_err(|e| e.to_string())?;
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// The batch's settings events (the rows to keep) and, per monitored workspace, its
    /// new entries with the settings in force when they were posted.
    async fn gather(
        &self,
        events: &[RecordedEvent],
    ) -> Result<(BTreeMap<String, SettingsRow>, BTreeMap<String, Pending>), String> {
        let mut settings: HashMap<String, Settings> = HashMap::new();
        let mut configured: BTreeMap<String, SettingsRow> = BTreeMap::new();
        let mut pending: BTreeMap<String, Pending> = BTreeMap::new();
        for event in events {
            if event.aggregate_type == event_schemas::continuous_audit::AGGREGATE_TYPE {
                let (workspace, current, row) = settings_event(event)?;
                settings.insert(workspace.clone(), current);
                configured.insert(workspace, row);
                continue;
            }
            if event.aggregate_type != event_schemas::journal_entry::AGGREGATE_TYPE
                || event.event_type != "JournalEntryPosted"
            {
                continue;
            }
            let Some(workspace) = event.workspace_id() else {
                continue;
            };
            if !settings.contains_key(workspace) {
                let stored = self.stored_settings(workspace).await?;
                settings.insert(workspace.to_owned(), stored);
            }
            let current = &settings[workspace];
            if !current.enabled {
                continue;
            }
            let Some(entry_id) = event
                .payload
                .str_field("journal_entry_id")
                .and_then(|v| v.parse().ok())
            else {
                return Err(format!(
                    "posting at {} names no entry",
                    event.global_position
                ));
            };
            let batch = pending
                .entry(workspace.to_owned())
                .or_insert_with(|| Pending {
                    settings: current.clone(),
                    organization_id: None,
                    entries: Vec::new(),
                    through: 0,
                    recorded_at: 0,
                });
            batch.settings = current.clone();
            batch.organization_id = event.metadata_str(store::metadata_keys::ORGANIZATION_ID);
            batch.entries.push(entry_id);
            batch.through = event.global_position;
            batch.recorded_at = event.recorded_at;
        }
        Ok((configured, pending))
    }

    /// The settings in force before this batch (the defaults, off, when never set).
    async fn stored_settings(&self, workspace: &str) -> Result<Settings, String> {
        let stored = tables::settings_definition(&self.db().pool, workspace)
            .await
            .map_err(|e| e.to_string())?;
        match stored {
            None => Ok(Settings::default()),
            Some(raw) => match serde_json::from_str::<ContinuousAuditEvent>(&raw) {
                Ok(ContinuousAuditEvent::ContinuousAuditConfigured(e)) => Ok(Settings::of(&e)),
                Err(err) => Err(format!("settings of {workspace}: {err}")),
            },
        }
    }

    /// Scores a workspace's new entries of the batch: one run of the tests over its
    /// history up to the last of them; raises a notification per escalated entry and
    /// answers the flags to keep.
    async fn score(&self, workspace: &str, batch: &Pending) -> Result<Vec<NewFlag>, String> {
        let books = self
            .books
            .books_through(&self.store, workspace, batch.through)
            .await?;
        let params: AuditParams = serde_json::from_value(batch.settings.params.clone())
            .map_err(|e| format!("parameters of {workspace}: {e}"))?;
        let monitoring = MonitoringContext {
            materiality: batch.settings.materiality,
            performance_materiality: batch.settings.performance_materiality,
            approval_thresholds: batch.settings.approval_thresholds.clone(),
            utc_offset_seconds: batch.settings.utc_offset_seconds,
            // Checked when configured; a name this build no longer knows reads on the offset.
            time_zone: batch
                .settings
                .time_zone
                .as_deref()
                .and_then(|name| domain::time_zone::parse_time_zone(name).ok()),
        };
        let dates: HashMap<JournalEntryId, chrono::NaiveDate> = books
            .entries
            .iter()
            .map(|e| (e.id, e.effective_date))
            .collect();
        let population = Population::new(books.entries).map_err(|e| e.to_string())?;
        let Some(report) = monitoring
            .run(&population, &params)
            .map_err(|e| format!("tests of {workspace}: {e}"))?
        else {
            return Ok(Vec::new());
        };
        let previous: Vec<EntryScore> = tables::flagged_bands(&self.db().pool, workspace)
            .await
            .map_err(|e| e.to_string())?
            .into_iter()
            .filter_map(|(entry, band)| {
                Some(EntryScore {
                    entry_id: entry.parse().ok()?,
                    number: String::new(),
                    score: 0.0,
                    band: band_of(&band)?,
                    breakdown: Vec::new(),
                })
            })
            .collect();
        // The batch's entries, those flagged before and those a new entry shares a small
        // finding with (its duplicate twin); only what is dated after the last close is
        // still open to review.
        let tied: HashSet<JournalEntryId> = report
            .findings
            .iter()
            .filter(|f| f.entries.len() <= TIED_ENTRIES_MAX)
            .filter(|f| f.entries.iter().any(|e| batch.entries.contains(e)))
            .flat_map(|f| f.entries.iter().copied())
            .collect();
        let open_after = books.lock_date;
        let candidates: Vec<EntryScore> = report
            .scores
            .iter()
            .filter(|s| {
                batch.entries.contains(&s.entry_id)
                    || tied.contains(&s.entry_id)
                    || previous.iter().any(|p| p.entry_id == s.entry_id)
            })
            .filter(|s| {
                let date = dates.get(&s.entry_id);
                open_after.is_none_or(|lock| date.is_some_and(|d| *d > lock))
            })
            .cloned()
            .collect();
        let notify_from = match batch.settings.notify_from {
            NotifyBand::Medium => RiskBand::Medium,
            NotifyBand::High => RiskBand::High,
        };
        let admins = self.admins(workspace).await.map_err(|e| e.to_string())?;
        let mut flags = Vec::new();
        for escalation in escalations(&previous, &candidates, notify_from) {
            let Some(score) = report
                .scores
                .iter()
                .find(|s| s.entry_id == escalation.entry_id)
            else {
                continue;
            };
            let flag = Flag::of(&report, score);
            let date = dates
                .get(&flag.entry_id)
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_default();
            for admin in &admins {
                self.raise(workspace, batch, &flag, &date, admin).await?;
            }
            flags.push(NewFlag {
                workspace_id: workspace.to_owned(),
                entry_position: books.positions.get(&flag.entry_id).copied().unwrap_or(0),
                effective_date: date,
                scored_through: batch.through,
                flagged_at: batch.recorded_at,
                flag,
            });
        }
        Ok(flags)
    }

    /// Raises the notification of `flag` to `recipient`; one raised before is skipped.
    async fn raise(
        &self,
        workspace: &str,
        batch: &Pending,
        flag: &Flag,
        date: &str,
        recipient: &str,
    ) -> Result<(), String> {
        let recipient: UserId = recipient.parse().map_err(|e| format!("{e}"))?;
        let band = band_name(flag.band);
        let id: NotificationId =
            rule_notification_id(KIND, &format!("{}:{band}", flag.entry_id), recipient);
        let (title, message) = flag_text(flag, date);
        crate::notification_rules::raise_once(
            &self.store,
            NotificationCreated {
                notification_id: id,
                recipient_id: recipient,
                title,
                message,
                severity: if flag.band == RiskBand::High {
                    Severity::Error
                } else {
                    Severity::Warning
                },
                kind: KIND.to_owned(),
                link: Some(format!("/audit?continuous_entry={}", flag.entry_id)),
                organization_id: batch
                    .organization_id
                    .as_deref()
                    .and_then(|o| o.parse().ok()),
                workspace_id: workspace.parse().ok(),
                cause_position: Some(batch.through),
                created_by: None,
                subject: Some(NotificationSubject::JournalEntry {
                    entry_id: flag.entry_id,
                }),
            },
        )
        .await
    }

    /// The workspace's active Admins.
    async fn admins(&self, workspace_id: &str) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT DISTINCT m.user_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             WHERE c.workspace_id = $1 AND m.is_active = 1 AND m.role = 2 ORDER BY m.user_id",
        )
        .bind(workspace_id)
        .fetch_all(&self.db().pool)
        .await
    }
}

/// A flag about to be kept.
struct NewFlag {
    workspace_id: String,
    flag: Flag,
    effective_date: String,
    entry_position: i64,
    scored_through: i64,
    flagged_at: i64,
}

impl NewFlag {
    fn row(&self) -> FlagRow<'_> {
        FlagRow {
            workspace_id: &self.workspace_id,
            entry_id: self.flag.entry_id.to_string(),
            number: self.flag.number.clone(),
            effective_date: self.effective_date.clone(),
            // Scores carry one decimal: tenths are exact.
            score_tenths: (self.flag.score * 10.0).round() as i64,
            band: band_name(self.flag.band),
            reasons: serde_json::to_string(&self.flag.reasons).unwrap_or_else(|_| "[]".into()),
            entry_position: self.entry_position,
            scored_through: self.scored_through,
            flagged_at: self.flagged_at,
        }
    }
}

/// A settings event: its workspace, the settings it puts in force and the row to keep.
fn settings_event(event: &RecordedEvent) -> Result<(String, Settings, SettingsRow), String> {
    let decoded: ContinuousAuditEvent =
        crate::decode::decode(event, &event_schemas::continuous_audit::upcasters())
            .map_err(|e| e.to_string())?;
    let ContinuousAuditEvent::ContinuousAuditConfigured(configured) = &decoded;
    let workspace = configured.workspace_id.to_string();
    let row = SettingsRow {
        workspace_id: workspace.clone(),
        enabled: configured.enabled,
        notify_from: configured.notify_from.as_str(),
        definition: serde_json::to_string(&decoded).map_err(|e| e.to_string())?,
        configured_by: configured.configured_by.to_string(),
        configured_at: event.recorded_at,
        position: event.global_position,
    };
    Ok((workspace, Settings::of(configured), row))
}

pub fn band_name(band: RiskBand) -> &'static str {
    match band {
        RiskBand::Low => "low",
        RiskBand::Medium => "medium",
        RiskBand::High => "high",
    }
}

pub fn band_of(raw: &str) -> Option<RiskBand> {
    match raw {
        "low" => Some(RiskBand::Low),
        "medium" => Some(RiskBand::Medium),
        "high" => Some(RiskBand::High),
        _ => None,
    }
}

/// The notification's title and message: which entry, its score and band, and why.
pub fn flag_text(flag: &Flag, date: &str) -> (String, String) {
    let why: Vec<String> = flag
        .reasons
        .iter()
        .map(|reason| {
            serde_json::to_value(reason.test)
                .ok()
                .and_then(|v| v.as_str().map(|s| s.replace('_', " ")))
                .unwrap_or_default()
        })
        .collect();
    (
        format!(
            "{} risk entry {}",
            capitalized(band_name(flag.band)),
            flag.number
        ),
        format!(
            "{} dated {date} scored {:.1} ({} risk): {}. Review it before the books close.",
            flag.number,
            flag.score,
            band_name(flag.band),
            why.join(", ")
        ),
    )
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[async_trait::async_trait]
impl reactor::Reactor for ContinuousAudit {
    fn label(&self) -> &'static str {
        "continuous audit"
    }

    fn store(&self) -> &EventStore {
        &self.store
    }

    async fn step(&self) -> Result<bool, String> {
        self.step_batch().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use audit::continuous::FlagReason;
    use audit::TestKind;

    #[test]
    fn the_notification_names_the_entry_its_score_and_why() {
        let flag = Flag {
            entry_id: JournalEntryId::new_v7(),
            number: "JE-000032".into(),
            score: 70.0,
            band: RiskBand::High,
            reasons: vec![
                FlagReason {
                    test: TestKind::Backdated,
                    weight: 0.5,
                    reasons: vec![],
                },
                FlagReason {
                    test: TestKind::Duplicate,
                    weight: 0.4,
                    reasons: vec![],
                },
            ],
        };

        let (title, message) = flag_text(&flag, "2026-02-25");

        assert_eq!(title, "High risk entry JE-000032");
        assert_eq!(
            message,
            "JE-000032 dated 2026-02-25 scored 70.0 (high risk): backdated, duplicate. Review it before the books close."
        );
    }

    #[test]
    fn bands_read_back_as_written() {
        for band in [RiskBand::Low, RiskBand::Medium, RiskBand::High] {
            assert_eq!(band_of(band_name(band)), Some(band));
        }
    }
}
