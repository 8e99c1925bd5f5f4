//! The notification rules: a reactor that tails the log and raises notifications (as
//! `NotificationCreated` events) for what happened to people — an invitation received,
//! accepted or declined, a member joining, a workspace transfer asked for and answered, a
//! role changed, entries posted by someone else (a digest to the workspace's Admins), the
//! lock date moved, a subscription payment succeeded or failed (the organization's Admins),
//! a report ready or failed (its requester).
//!
//! Exactly once, without distributed transactions: each notification's id is derived from
//! its rule, its cause (the event's log position) and its recipient, so re-running a batch
//! after a crash appends to streams that already exist and the store refuses the
//! duplicates. The checkpoint (and the pending digests) move in one transaction after the
//! appends. The rules read the membership read models, so each batch first waits until
//! the `organizations` projector has applied it.
//!
//! It starts at the log's head the first time it runs: history is not re-announced.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;
use store::ExecuteWrite;

use crate::reactor;
use commands::{Loaded, RunError, Runner, Unit};
use domain::notification::{
    rule_notification_id, Notification, NotificationError, RaiseNotification,
};
use event_schemas::notification::{NotificationCreated, NotificationSubject, Severity};
use event_schemas::organization::upcasters::upcasters as organization_upcasters;
use event_schemas::organization::OrganizationEvent;
use event_schemas::UserId;
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::{Cursor, Db, EventMetadata, EventStore, RecordedEvent};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::checkpoint;
use crate::decode::decode;

/// The checkpoint row's name (beside the projectors' in `projections status`' table).
pub const NAME: &str = "notification_rules";
const VERSION: i64 = 1;
const BATCH: i64 = 500;
const READ_MODEL_WAIT: Duration = Duration::from_secs(5);

/// Entries posted, gathered per (workspace, Admin) until the digest window has passed.
const DIGESTS: &str = "CREATE TABLE notification_digests (
    workspace_id TEXT NOT NULL,
    recipient_id TEXT NOT NULL,
    entries BIGINT NOT NULL,
    first_position BIGINT NOT NULL,
    first_at BIGINT NOT NULL,
    posted_by TEXT NOT NULL,
    PRIMARY KEY (workspace_id, recipient_id)
)";

pub const MIGRATIONS: &[Migration] = &[Migration {
    version: 1,
    name: "notification_digests",
    sqlite: DIGESTS,
    postgres: DIGESTS,
}];

/// One notification a rule decided to raise.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub kind: &'static str,
    pub cause: String,
    pub recipient: String,
    pub title: String,
    pub message: String,
    pub severity: Severity,
    pub link: Option<String>,
    pub organization_id: Option<String>,
    pub workspace_id: Option<String>,
    pub cause_position: Option<i64>,
    /// The one thing it is about, for the reader to open.
    pub subject: Option<NotificationSubject>,
}

/// What a report's outcome tells its requester.
struct ReportOutcome {
    kind: &'static str,
    title: String,
    message: String,
    severity: Severity,
    requester: String,
    workspace_id: String,
}

pub struct NotificationRules {
    store: EventStore,
    digest_window: Duration,
}

impl NotificationRules {
    pub fn new(store: EventStore, digest_window: Duration) -> Self {
        Self {
            store,
            digest_window,
        }
    }

    fn db(&self) -> &Db {
        self.store.db()
    }

    /// Creates the digest table and, the first time, a checkpoint at the log's head.
    pub async fn prepare(&self) -> Result<(), store::StoreError> {
        store::migrate::run(self.db(), NAME, MIGRATIONS).await?;
        if checkpoint::load(self.db(), NAME).await?.is_none() {
            let head = self.store.safe_head().await?;
            let mut tx = self.db().begin_write().await?;
            checkpoint::reset(tx.transaction(), NAME, VERSION).await?;
            checkpoint::advance(tx.transaction(), NAME, Cursor::START, head, 0).await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Runs until `stop` says so (the shared reactor loop).
    pub fn spawn(self, stop: watch::Receiver<bool>) -> JoinHandle<()> {
        reactor::spawn(self, stop)
    }

    /// One batch (and any digest that is due); whether there was anything to do.
    pub async fn step_batch(&self) -> Result<bool, String> {
        let flushed = self.flush_digests().await?;
        let Some(cp) = checkpoint::load(self.db(), NAME)
            .await
            .map_err(|e| e.to_string())?
        else {
            return Err("no checkpoint: prepare() was not run".into());
        };
        let events = self
            .store
            .read_log(cp.cursor, BATCH)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = events.last() else {
            return Ok(flushed);
        };
        checkpoint::wait_until(self.db(), "organizations", last.cursor(), READ_MODEL_WAIT).await;
        let mut planned = Vec::new();
        let mut posted = Vec::new();
        for event in &events {
            planned.extend(self.plan(event).await.map_err(|e| e.to_string())?);
            if event.event_type == "JournalEntryPosted" {
                posted.push(event);
            }
        }
        for notification in &planned {
            self.raise(notification).await?;
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
            // Another node's rules moved on meanwhile; their appends were the same ids.
            return Ok(true);
        }
        let mut admins = HashMap::new();
        for event in posted {
            gather_posting(tx.transaction(), &mut admins, event)
                .await
                .map_err(|e| e.to_string())?;
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// Appends one notification; one that already exists (a batch re-run) is skipped.
    async fn raise(&self, planned: &Planned) -> Result<(), String> {
        raise(&self.store, planned).await
    }

    /// Sends the "entries posted" digests whose window has passed.
    async fn flush_digests(&self) -> Result<bool, String> {
        let window_us = i64::try_from(self.digest_window.as_micros()).unwrap_or(i64::MAX);
        let due_before = now_us().saturating_sub(window_us);
        let rows: Vec<(String, String, i64, i64, String)> = sqlx::query_as(
            "SELECT workspace_id, recipient_id, entries, first_position, posted_by \
             FROM notification_digests WHERE first_at <= $1",
        )
        .bind(due_before)
        .fetch_all(&self.db().pool)
        .await
        .map_err(|e| e.to_string())?;
        for (workspace_id, recipient, entries, first_position, posted_by) in &rows {
            let workspace = self
                .workspace(workspace_id)
                .await
                .map_err(|e| e.to_string())?;
            let authors: Vec<&str> = posted_by.split(',').filter(|a| !a.is_empty()).collect();
            let mut names = Vec::new();
            for author in &authors {
                names.push(self.user_name(author).await.map_err(|e| e.to_string())?);
            }
            let (title, message) = entries_posted_text(*entries, &workspace.1, &names);
            self.raise(&Planned {
                kind: "entries_posted",
                cause: format!("{workspace_id}:{first_position}"),
                recipient: recipient.clone(),
                title,
                message,
                severity: Severity::Info,
                link: Some("/accounting/journal-entry".into()),
                organization_id: Some(workspace.0),
                workspace_id: Some(workspace_id.clone()),
                cause_position: Some(*first_position),
                subject: None,
            })
            .await?;
            sqlx::query(
                "DELETE FROM notification_digests WHERE workspace_id = $1 AND recipient_id = $2 \
                 AND first_position = $3",
            )
            .bind(workspace_id)
            .bind(recipient)
            .bind(first_position)
            .execute_write(self.db())
            .await
            .map_err(|e| e.to_string())?;
        }
        Ok(!rows.is_empty())
    }

    /// The notifications one event raises (postings are gathered separately).
    async fn plan(&self, event: &RecordedEvent) -> Result<Vec<Planned>, sqlx::Error> {
        let metadata = event.metadata_fields();
        let actor = metadata.actor_id.as_deref().unwrap_or_default();
        let position = event.global_position;
        let base =
            |kind: &'static str, recipient: String, title: String, message: String| Planned {
                kind,
                cause: position.to_string(),
                recipient,
                title,
                message,
                severity: Severity::Info,
                link: None,
                organization_id: metadata.organization_id.clone(),
                workspace_id: event.workspace_id().map(str::to_owned),
                cause_position: Some(position),
                subject: None,
            };
        let mut planned = Vec::new();
        if event.aggregate_type == event_schemas::account_tree::AGGREGATE_TYPE
            && event.event_type == "LockDateSet"
        {
            let Some(workspace_id) = event.workspace_id() else {
                return Ok(planned);
            };
            let (organization_id, workspace_name) = self.workspace(workspace_id).await?;
            let message = match event.payload.str_field("lock_date") {
                Some(date) => format!(
                    "{} locked the books of {workspace_name} up to {date}: entries dated on or before it can no longer be posted.",
                    self.user_name(actor).await?
                ),
                None => format!(
                    "{} removed the lock date of {workspace_name}.",
                    self.user_name(actor).await?
                ),
            };
            for recipient in self.workspace_members(workspace_id, &[1, 2]).await? {
                if recipient != actor {
                    let mut p = base(
                        "lock_date_changed",
                        recipient,
                        "Lock date changed".into(),
                        message.clone(),
                    );
                    p.severity = Severity::Warning;
                    p.organization_id = Some(organization_id.clone());
                    p.link = Some("/accounting/journal-entry".into());
                    planned.push(p);
                }
            }
            return Ok(planned);
        }
        if event.aggregate_type == event_schemas::subscription::AGGREGATE_TYPE {
            let Some((kind, title, message, severity)) = self.payment_outcome(event).await? else {
                return Ok(planned);
            };
            // Every Admin, the payer included: the inbox keeps the receipt.
            let organization_id = event.aggregate_id.clone();
            for admin in self
                .organization_admins(std::slice::from_ref(&organization_id))
                .await?
            {
                let mut p = base(kind, admin, title.into(), message.clone());
                p.severity = severity;
                p.organization_id = Some(organization_id.clone());
                p.link = Some("/license".into());
                planned.push(p);
            }
            return Ok(planned);
        }
        if event.aggregate_type == event_schemas::report::AGGREGATE_TYPE {
            if let Some(outcome) = self.report_outcome(event).await? {
                let mut p = base(
                    outcome.kind,
                    outcome.requester,
                    outcome.title,
                    outcome.message,
                );
                p.severity = outcome.severity;
                p.link = Some("/reports-generation/downloads-and-attachments".into());
                p.workspace_id = Some(outcome.workspace_id);
                p.subject = event
                    .aggregate_id
                    .parse()
                    .ok()
                    .map(|report_id| NotificationSubject::Report { report_id });
                planned.push(p);
            }
            return Ok(planned);
        }
        if event.aggregate_type != event_schemas::organization::AGGREGATE_TYPE {
            return Ok(planned);
        }
        let Ok(decoded) = decode::<OrganizationEvent>(event, &organization_upcasters()) else {
            return Ok(planned);
        };
        match decoded {
            OrganizationEvent::InvitationCreated(e) => {
                let Some(email) = e.email else {
                    return Ok(planned);
                };
                let invitee: Option<String> =
                    sqlx::query_scalar("SELECT id FROM users WHERE email_normalized = $1")
                        .bind(email.trim().to_lowercase())
                        .fetch_optional(&self.db().pool)
                        .await?;
                if let Some(invitee) = invitee {
                    let organization = self
                        .organization_name(&e.organization_id.to_string())
                        .await?;
                    let inviter = self.user_name(&e.invited_by.to_string()).await?;
                    let mut p = base(
                        "invitation_received",
                        invitee,
                        format!("Invitation to join {organization}"),
                        format!(
                            "{inviter} invited you to join {organization} as {}. Open this notification or the invitation e-mail to accept or decline.",
                            role_name(e.role)
                        ),
                    );
                    p.organization_id = Some(e.organization_id.to_string());
                    planned.push(p);
                }
            }
            OrganizationEvent::InvitationAccepted(e) => {
                if let Some(inviter) = self.inviter(&e.invitation_id.to_string()).await? {
                    let who = self.user_name(&e.user_id.to_string()).await?;
                    let mut p = base(
                        "invitation_accepted",
                        inviter,
                        "Invitation accepted".into(),
                        format!("{who} accepted your invitation and joined the organization."),
                    );
                    p.severity = Severity::Success;
                    p.link = Some("/settings/organization".into());
                    p.subject = self
                        .invitation_workspace(&e.invitation_id.to_string())
                        .await?
                        .map(|workspace_id| NotificationSubject::Workspace { workspace_id });
                    planned.push(p);
                }
            }
            OrganizationEvent::InvitationRejected(e) => {
                if let Some(inviter) = self.inviter(&e.invitation_id.to_string()).await? {
                    let email: Option<String> =
                        sqlx::query_scalar("SELECT email FROM read_invitations WHERE id = $1")
                            .bind(e.invitation_id.to_string())
                            .fetch_optional(&self.db().pool)
                            .await?
                            .flatten();
                    let who = email.unwrap_or_else(|| "An invitee".into());
                    planned.push(base(
                        "invitation_rejected",
                        inviter,
                        "Invitation declined".into(),
                        format!("{who} declined your invitation."),
                    ));
                }
            }
            OrganizationEvent::MemberAdded(e) => {
                let member = e.user_id.to_string();
                let who = self.user_name(&member).await?;
                let mut told = BTreeSet::new();
                for workspace_id in &e.workspaces {
                    let workspace_id = workspace_id.to_string();
                    let (_, workspace_name) = self.workspace(&workspace_id).await?;
                    for admin in self.workspace_members(&workspace_id, &[2]).await? {
                        if admin == member || admin == actor || !told.insert(admin.clone()) {
                            continue;
                        }
                        let mut p = base(
                            "member_joined",
                            admin,
                            "New member".into(),
                            format!("{who} joined {workspace_name} as {}.", role_name(e.role)),
                        );
                        p.workspace_id = Some(workspace_id.clone());
                        p.link = Some("/settings/organization".into());
                        p.subject = workspace_id
                            .parse()
                            .ok()
                            .map(|workspace_id| NotificationSubject::Workspace { workspace_id });
                        planned.push(p);
                    }
                }
            }
            OrganizationEvent::MemberRoleChanged(e) => {
                let member = e.user_id.to_string();
                if member != actor {
                    let organization = self
                        .organization_name(&e.organization_id.to_string())
                        .await?;
                    planned.push(base(
                        "role_changed",
                        member,
                        "Your role changed".into(),
                        format!("Your role in {organization} is now {}.", role_name(e.role)),
                    ));
                }
            }
            OrganizationEvent::TransferRequested(e) => {
                let (_, workspace_name) = self.workspace(&e.workspace_id.to_string()).await?;
                let source = self
                    .organization_name(&e.organization_id.to_string())
                    .await?;
                let target = self
                    .organization_name(&e.target_organization_id.to_string())
                    .await?;
                let who = self.user_name(&e.requested_by.to_string()).await?;
                let message =
                    format!("{who} asked to move {workspace_name} from {source} to {target}.");
                for admin in self
                    .organization_admins(&[
                        e.organization_id.to_string(),
                        e.target_organization_id.to_string(),
                    ])
                    .await?
                {
                    if admin != actor {
                        let mut p = base(
                            "transfer_requested",
                            admin,
                            "Workspace transfer requested".into(),
                            message.clone(),
                        );
                        p.link = Some("/settings/organization".into());
                        planned.push(p);
                    }
                }
            }
            OrganizationEvent::TransferResolved(e) => {
                let transfer: Option<(String, String)> = sqlx::query_as(
                    "SELECT target_organization_id, workspace_id FROM read_transfers WHERE id = $1",
                )
                .bind(e.transfer_id.to_string())
                .fetch_optional(&self.db().pool)
                .await?;
                let Some((target, workspace_id)) = transfer else {
                    return Ok(planned);
                };
                let (kind, title, verb, severity) = match e.status {
                    2 => (
                        "transfer_approved",
                        "Workspace transfer approved",
                        "approved",
                        Severity::Success,
                    ),
                    3 => (
                        "transfer_rejected",
                        "Workspace transfer rejected",
                        "rejected",
                        Severity::Warning,
                    ),
                    _ => return Ok(planned),
                };
                let (_, workspace_name) = self.workspace(&workspace_id).await?;
                let who = self.user_name(&e.resolved_by.to_string()).await?;
                let message = format!("{who} {verb} the transfer of {workspace_name}.");
                for admin in self
                    .organization_admins(&[e.organization_id.to_string(), target])
                    .await?
                {
                    if admin != actor {
                        let mut p = base(kind, admin, title.into(), message.clone());
                        p.severity = severity;
                        planned.push(p);
                    }
                }
            }
            _ => {}
        }
        Ok(planned)
    }

    /// A settled payment's notification: kind, title, message and severity (none for
    /// the billing stream's other events). The amount and plan come from the payment's
    /// initiation in the same stream.
    /// A report's outcome, told to whoever asked for it (only them: others did not wait).
    async fn report_outcome(
        &self,
        event: &RecordedEvent,
    ) -> Result<Option<ReportOutcome>, sqlx::Error> {
        use event_schemas::report::{upcasters, ReportEvent};
        let upcasters = upcasters();
        let Ok(decoded) = decode::<ReportEvent>(event, &upcasters) else {
            return Ok(None);
        };
        let failure = match &decoded {
            ReportEvent::ReportGenerated(_) => None,
            ReportEvent::ReportFailed(e) => Some(e.reason.clone()),
            _ => return Ok(None),
        };
        let stream = self
            .store
            .read_stream(&event.aggregate_type, &event.aggregate_id, 0)
            .await
            .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let Some(request) =
            stream.iter().find_map(
                |recorded| match decode::<ReportEvent>(recorded, &upcasters) {
                    Ok(ReportEvent::ReportRequested(r)) => Some(r),
                    _ => None,
                },
            )
        else {
            return Ok(None);
        };
        let title = request
            .kind
            .parse::<domain::report::ReportKind>()
            .map(domain::report::ReportKind::title)
            .unwrap_or("Report");
        let (_, workspace_name) = self.workspace(&request.workspace_id.to_string()).await?;
        let format = request.format.to_uppercase();
        Ok(Some(match failure {
            None => ReportOutcome {
                kind: "report_ready",
                title: "Report ready".into(),
                message: format!(
                    "Your {title} ({format}) for {workspace_name} is ready to download."
                ),
                severity: Severity::Success,
                requester: request.requested_by.to_string(),
                workspace_id: request.workspace_id.to_string(),
            },
            Some(reason) => ReportOutcome {
                kind: "report_failed",
                title: "Report failed".into(),
                message: format!(
                    "Your {title} ({format}) for {workspace_name} could not be generated: {reason}"
                ),
                severity: Severity::Error,
                requester: request.requested_by.to_string(),
                workspace_id: request.workspace_id.to_string(),
            },
        }))
    }

    async fn payment_outcome(
        &self,
        event: &RecordedEvent,
    ) -> Result<Option<(&'static str, &'static str, String, Severity)>, sqlx::Error> {
        use event_schemas::subscription::{upcasters, SubscriptionEvent};
        let upcasters = upcasters();
        let Ok(decoded) = decode::<SubscriptionEvent>(event, &upcasters) else {
            return Ok(None);
        };
        let (tx_ref, failure) = match &decoded {
            SubscriptionEvent::PaymentSucceeded(e) => (e.tx_ref.clone(), None),
            SubscriptionEvent::PaymentFailed(e) => (e.tx_ref.clone(), Some(e.reason.clone())),
            _ => return Ok(None),
        };
        let stream = self
            .store
            .read_stream(&event.aggregate_type, &event.aggregate_id, 0)
            .await
            .map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
        let initiated = stream.iter().find_map(|recorded| {
            match decode::<SubscriptionEvent>(recorded, &upcasters) {
                Ok(SubscriptionEvent::PaymentInitiated(p)) if p.tx_ref == tx_ref => Some(p),
                _ => None,
            }
        });
        let Some(initiated) = initiated else {
            return Ok(None);
        };
        let plan = initiated
            .plan
            .parse::<domain::permissions::Plan>()
            .map(domain::permissions::Plan::name)
            .unwrap_or("the chosen");
        let amount = format!("{} {}", initiated.currency, initiated.amount);
        Ok(Some(match failure {
            None => (
                "payment_succeeded",
                "Payment successful",
                format!("Your payment of {amount} for the {plan} plan went through; the plan applies now."),
                Severity::Success,
            ),
            Some(reason) => (
                "payment_failed",
                "Payment failed",
                format!("The payment of {amount} for the {plan} plan did not go through: {reason}"),
                Severity::Error,
            ),
        }))
    }

    async fn workspace_members(
        &self,
        workspace_id: &str,
        roles: &[i64],
    ) -> Result<Vec<String>, sqlx::Error> {
        let roles = roles
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        sqlx::query_scalar(&format!(
            "SELECT DISTINCT m.user_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             WHERE c.workspace_id = $1 AND m.is_active = 1 AND m.role IN ({roles}) \
             ORDER BY m.user_id"
        ))
        .bind(workspace_id)
        .fetch_all(&self.db().pool)
        .await
    }

    async fn organization_admins(
        &self,
        organizations: &[String],
    ) -> Result<Vec<String>, sqlx::Error> {
        let mut admins = BTreeSet::new();
        for organization in organizations {
            let ids: Vec<String> = sqlx::query_scalar(
                "SELECT user_id FROM read_memberships WHERE organization_id = $1 AND role = 2 \
                 AND is_active = 1",
            )
            .bind(organization)
            .fetch_all(&self.db().pool)
            .await?;
            admins.extend(ids);
        }
        Ok(admins.into_iter().collect())
    }

    /// The first workspace an invitation covers: where the person who took it now works.
    async fn invitation_workspace(
        &self,
        invitation_id: &str,
    ) -> Result<Option<event_schemas::WorkspaceId>, sqlx::Error> {
        let workspaces: Option<String> =
            sqlx::query_scalar("SELECT workspaces FROM read_invitations WHERE id = $1")
                .bind(invitation_id)
                .fetch_optional(&self.db().pool)
                .await?;
        Ok(workspaces.and_then(|list| list.split(',').next().and_then(|id| id.parse().ok())))
    }

    async fn inviter(&self, invitation_id: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT invited_by FROM read_invitations WHERE id = $1")
            .bind(invitation_id)
            .fetch_optional(&self.db().pool)
            .await
    }

    async fn user_name(&self, user_id: &str) -> Result<String, sqlx::Error> {
        let name: Option<(String, String)> =
            sqlx::query_as("SELECT first_name, last_name FROM users WHERE id = $1")
                .bind(user_id)
                .fetch_optional(&self.db().pool)
                .await?;
        Ok(name
            .map(|(first, last)| format!("{first} {last}").trim().to_owned())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Someone".into()))
    }

    async fn organization_name(&self, organization_id: &str) -> Result<String, sqlx::Error> {
        let name: Option<String> =
            sqlx::query_scalar("SELECT name FROM read_organizations WHERE id = $1")
                .bind(organization_id)
                .fetch_optional(&self.db().pool)
                .await?;
        Ok(name.unwrap_or_else(|| "an organization".into()))
    }

    /// The workspace's organization and name.
    async fn workspace(&self, workspace_id: &str) -> Result<(String, String), sqlx::Error> {
        let row: Option<(String, String)> =
            sqlx::query_as("SELECT organization_id, name FROM read_workspaces WHERE id = $1")
                .bind(workspace_id)
                .fetch_optional(&self.db().pool)
                .await?;
        Ok(row.unwrap_or_else(|| (String::new(), "a workspace".into())))
    }
}

/// Raises one notification under the id its rule, cause and recipient derive; one that
/// already exists (a re-run) is skipped, so each is raised once.
pub(crate) async fn raise(store: &EventStore, planned: &Planned) -> Result<(), String> {
    let recipient: UserId = planned.recipient.parse().map_err(|e| format!("{e}"))?;
    raise_once(
        store,
        NotificationCreated {
            notification_id: rule_notification_id(planned.kind, &planned.cause, recipient),
            recipient_id: recipient,
            title: planned.title.clone(),
            message: planned.message.clone(),
            severity: planned.severity,
            kind: planned.kind.to_owned(),
            link: planned.link.clone(),
            organization_id: planned
                .organization_id
                .as_deref()
                .and_then(|o| o.parse().ok()),
            workspace_id: planned.workspace_id.as_deref().and_then(|w| w.parse().ok()),
            cause_position: planned.cause_position,
            created_by: None,
            subject: planned.subject.clone(),
        },
    )
    .await
}

/// Raises `created` through the command runner on its own (fresh) stream; a notification
/// raised before — the rule ran again over the same cause — is left as it is.
pub(crate) async fn raise_once(
    store: &EventStore,
    created: NotificationCreated,
) -> Result<(), String> {
    let runner = Runner::new(store.clone());
    let id = created.notification_id.to_string();
    let mut unit = Unit::new(&EventMetadata::default(), None);
    match unit.decide(
        &Loaded::<Notification>::fresh(id),
        RaiseNotification { created }.into(),
    ) {
        Ok(_) => {}
        Err(NotificationError::AlreadyRaised) => return Ok(()),
        Err(err) => return Err(err.to_string()),
    }
    match unit.commit(&runner).await {
        Ok(_) | Err(RunError::Moved { .. }) => Ok(()),
        Err(err) => Err(err.to_string()),
    }
}

/// Adds a posted entry to the digest of each Admin of its workspace who did not post it.
/// `admins` keeps each workspace's Admins for the rest of the batch: a batch of postings
/// is mostly one workspace's, and its Admins were read once per entry.
async fn gather_posting(
    tx: &mut Transaction<'static, Any>,
    admins: &mut HashMap<String, Vec<String>>,
    event: &RecordedEvent,
) -> Result<(), sqlx::Error> {
    let Some(workspace_id) = event.workspace_id() else {
        return Ok(());
    };
    let author = event.payload.str_field("posted_by").unwrap_or_default();
    if !admins.contains_key(workspace_id) {
        let found: Vec<String> = sqlx::query_scalar(
            "SELECT DISTINCT m.user_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             WHERE c.workspace_id = $1 AND m.is_active = 1 AND m.role = 2",
        )
        .bind(workspace_id)
        .fetch_all(&mut **tx)
        .await?;
        admins.insert(workspace_id.to_owned(), found);
    }
    let others = admins[workspace_id].iter().filter(|a| **a != author);
    for admin in others {
        let existing: Option<String> = sqlx::query_scalar(
            "SELECT posted_by FROM notification_digests WHERE workspace_id = $1 AND recipient_id = $2",
        )
        .bind(workspace_id)
        .bind(admin.as_str())
        .fetch_optional(&mut **tx)
        .await?;
        match existing {
            Some(authors) => {
                let mut set: BTreeSet<&str> =
                    authors.split(',').filter(|a| !a.is_empty()).collect();
                set.insert(&author);
                let authors = set.into_iter().collect::<Vec<_>>().join(",");
                sqlx::query(
                    "UPDATE notification_digests SET entries = entries + 1, posted_by = $1 \
                     WHERE workspace_id = $2 AND recipient_id = $3",
                )
                .bind(authors)
                .bind(workspace_id)
                .bind(admin.as_str())
                .execute(&mut **tx)
                .await?;
            }
            None => {
                sqlx::query(
                    "INSERT INTO notification_digests (workspace_id, recipient_id, entries, \
                     first_position, first_at, posted_by) VALUES ($1, $2, 1, $3, $4, $5)",
                )
                .bind(workspace_id)
                .bind(admin.as_str())
                .bind(event.global_position)
                .bind(event.recorded_at)
                .bind(&author)
                .execute(&mut **tx)
                .await?;
            }
        }
    }
    Ok(())
}

/// The digest's title and message: how many entries, where, by whom.
pub fn entries_posted_text(entries: i64, workspace: &str, authors: &[String]) -> (String, String) {
    let title = if entries == 1 {
        "1 journal entry posted".to_owned()
    } else {
        format!("{entries} journal entries posted")
    };
    let by = match authors {
        [] => "others".to_owned(),
        [one] => one.clone(),
        [first, rest @ ..] => format!("{first} and {} other(s)", rest.len()),
    };
    (title, format!("{by} posted to {workspace}."))
}

fn role_name(role: u8) -> &'static str {
    match role {
        0 => "Viewer",
        1 => "Editor",
        _ => "Admin",
    }
}

fn now_us() -> i64 {
    chrono::Utc::now().timestamp_micros()
}

#[async_trait::async_trait]
impl reactor::Reactor for NotificationRules {
    fn label(&self) -> &'static str {
        "notification rules"
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

    #[test]
    fn a_digest_counts_entries_and_names_the_poster() {
        let (title, message) = entries_posted_text(3, "Acme Books", &["Ada Obi".into()]);
        assert_eq!(title, "3 journal entries posted");
        assert_eq!(message, "Ada Obi posted to Acme Books.");
    }

    #[test]
    fn a_digest_of_one_entry_says_one() {
        assert_eq!(entries_posted_text(1, "W", &[]).0, "1 journal entry posted");
    }
}
